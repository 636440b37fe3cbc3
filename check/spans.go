package check

import "github.com/urikit/urikit/uri"

// spans are the byte ranges of the components of the lenient RFC 3986
// reading of the input. Every byte of the input is in exactly one of them
// (or is a delimiter); a start of -1 means the component is absent.
type spans struct {
	schemeEnd            int // offset of the ":" ending the scheme, or -1
	authStart, authEnd   int // the authority without "//", or -1
	userStart, userEnd   int // the userinfo without "@", or -1
	hostStart, hostEnd   int // always set; empty without authority
	portStart, portEnd   int // the port without ":", or -1
	pathStart, pathEnd   int
	queryStart, queryEnd int // the query without "?", or -1
	fragStart, fragEnd   int // the fragment without "#", or -1
}

// The components an offset can fall in, for severities that depend on it.
const (
	inScheme = iota
	inUserinfo
	inHost
	inPort
	inPath
	inQuery
	inFragment
)

// spansOf computes the spans of r from the lengths of its raw components,
// which the lossless layout of uri.Reference makes exact.
func spansOf(r uri.Reference) spans {
	sp := spans{schemeEnd: -1, authStart: -1, authEnd: -1, userStart: -1, userEnd: -1,
		portStart: -1, portEnd: -1, queryStart: -1, queryEnd: -1, fragStart: -1, fragEnd: -1}
	pos := 0
	if s, ok := r.Scheme(); ok {
		sp.schemeEnd = len(s)
		pos = len(s) + 1
	}
	sp.hostStart, sp.hostEnd = pos, pos
	if a, ok := r.Authority(); ok {
		pos += 2
		sp.authStart, sp.authEnd = pos, pos+len(a)
		if u, ok := r.Userinfo(); ok {
			sp.userStart, sp.userEnd = pos, pos+len(u)
			pos += len(u) + 1
		}
		h, _ := r.Host()
		sp.hostStart, sp.hostEnd = pos, pos+len(h)
		pos += len(h)
		if p, ok := r.Port(); ok {
			sp.portStart, sp.portEnd = pos+1, pos+1+len(p)
			pos += 1 + len(p)
		}
	}
	sp.pathStart, sp.pathEnd = pos, pos+len(r.Path())
	pos = sp.pathEnd
	if q, ok := r.Query(); ok {
		sp.queryStart, sp.queryEnd = pos+1, pos+1+len(q)
		pos = sp.queryEnd
	}
	if f, ok := r.Fragment(); ok {
		sp.fragStart, sp.fragEnd = pos+1, pos+1+len(f)
	}
	return sp
}

// shift returns sp with d added to every offset, for the spans of a text
// that starts d bytes into the input.
func (sp spans) shift(d int) spans {
	for _, p := range []*int{&sp.schemeEnd, &sp.authStart, &sp.authEnd, &sp.userStart, &sp.userEnd, &sp.hostStart, &sp.hostEnd,
		&sp.portStart, &sp.portEnd, &sp.pathStart, &sp.pathEnd, &sp.queryStart, &sp.queryEnd, &sp.fragStart, &sp.fragEnd} {
		if *p >= 0 {
			*p += d
		}
	}
	return sp
}

// component returns the component that holds the byte at off.
func (sp spans) component(off int) int {
	switch {
	case sp.fragStart >= 0 && off >= sp.fragStart-1:
		return inFragment
	case sp.queryStart >= 0 && off >= sp.queryStart-1:
		return inQuery
	case off >= sp.pathStart:
		return inPath
	case sp.portStart >= 0 && off >= sp.portStart-1:
		return inPort
	case off >= sp.hostStart && sp.authStart >= 0:
		return inHost
	case sp.userStart >= 0 && off >= sp.userStart:
		return inUserinfo
	}
	return inScheme
}

// componentName names a component for messages.
func componentName(c int) string {
	switch c {
	case inUserinfo:
		return "userinfo"
	case inHost:
		return "host"
	case inPort:
		return "port"
	case inPath:
		return "path"
	case inQuery:
		return "query"
	case inFragment:
		return "fragment"
	}
	return "scheme"
}
