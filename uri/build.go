package uri

import (
	"strings"

	"github.com/urikit/urikit/internal/bytestr"
	"github.com/urikit/urikit/percent"
)

// raw holds the raw (encoded) text of each component, with presence flags,
// for recomposition (RFC 3986 §5.3).
type raw struct {
	scheme                                           string
	userinfo, host, port, path, query, fragment      string
	hasScheme, hasAuth, hasUser, hasPort, hasQ, hasF bool
}

func (r Reference) raw() raw {
	var x raw
	x.scheme, x.hasScheme = r.Scheme()
	x.hasAuth = r.HasAuthority()
	x.userinfo, x.hasUser = r.Userinfo()
	x.host, _ = r.Host()
	x.port, x.hasPort = r.Port()
	x.path = r.Path()
	x.query, x.hasQ = r.Query()
	x.fragment, x.hasF = r.Fragment()
	return x
}

// appendTo recomposes the components (RFC 3986 §5.3). Two guards keep the
// result's meaning when the path would otherwise be misread: without an
// authority a path starting with "//" gets "/." in front (it would read as
// an authority), and without a scheme and authority a first segment with
// ":" gets "./" in front (it would read as a scheme).
func (x *raw) appendTo(b []byte) []byte {
	if x.hasScheme {
		b = append(b, x.scheme...)
		b = append(b, ':')
	}
	if x.hasAuth {
		b = append(b, '/', '/')
		if x.hasUser {
			b = append(b, x.userinfo...)
			b = append(b, '@')
		}
		b = append(b, x.host...)
		if x.hasPort {
			b = append(b, ':')
			b = append(b, x.port...)
		}
	} else {
		b = appendPathGuard(b, x.path, x.hasScheme)
	}
	b = append(b, x.path...)
	if x.hasQ {
		b = append(b, '?')
		b = append(b, x.query...)
	}
	if x.hasF {
		b = append(b, '#')
		b = append(b, x.fragment...)
	}
	return b
}

// appendPathGuard appends the prefix a path without authority needs so
// that it reads back as the same path.
func appendPathGuard[T string | []byte](b []byte, path T, hasScheme bool) []byte {
	if len(path) >= 2 && path[0] == '/' && path[1] == '/' {
		return append(b, '/', '.')
	}
	if !hasScheme {
		for i := 0; i < len(path) && path[i] != '/'; i++ {
			if path[i] == ':' {
				return append(b, '.', '/')
			}
		}
	}
	return b
}

// len returns the length of the recomposition, guards included.
func (x *raw) len() int {
	n := len(x.scheme) + 1 + len("//") + len(x.userinfo) + 1 + len(x.host) + 1 + len(x.port) +
		len("/.") + len(x.path) + 1 + len(x.query) + 1 + len(x.fragment)
	return n
}

// string returns the recomposition in one allocation of its size.
func (x *raw) string() string {
	var buf [256]byte
	if n := x.len(); n > len(buf) {
		b := x.appendTo(make([]byte, 0, n))
		// b was allocated here for the result and is not written again.
		return bytestr.String(b)
	}
	return string(x.appendTo(buf[:0]))
}

// reference recomposes x and parses the result: strictly, or leniently
// when a component came from ParseLenient.
func (x *raw) reference() Reference {
	s := x.string()
	if r, err := Parse(s); err == nil {
		return r
	}
	r, _ := ParseLenient(s)
	return r
}

// Parts holds the decoded components of a reference for Build. Absent and
// empty differ: set the Has field to have an empty component.
type Parts struct {
	// Scheme, or "" for a relative reference. It is checked, not encoded.
	Scheme string
	// HasAuthority asks for an authority even when Userinfo, Host and Port
	// are empty ("file:///x"). A non-empty Host, HasUserinfo or HasPort
	// implies it.
	HasAuthority bool
	// Userinfo is the decoded userinfo; it is encoded with
	// percent.Userinfo. HasUserinfo asks for it when empty.
	Userinfo    string
	HasUserinfo bool
	// Host is a decoded reg-name (encoded with percent.Host), an IPv4
	// address, an IPv6 address without brackets (with an optional zone
	// after "%", written back as "%25"), or an IP literal in brackets.
	Host string
	// Port is the port digits. HasPort asks for "host:" when empty.
	Port    string
	HasPort bool
	// Segments are the decoded path segments, each encoded with
	// percent.PathSegment, so a "/" or "?" inside one becomes "%2F" or
	// "%3F". AbsolutePath puts a "/" in front; with an authority the path
	// always gets one.
	Segments     []string
	AbsolutePath bool
	// Query holds decoded pairs, encoded with percent.QueryValue (so "&",
	// "=", "+" and "#" inside a key or value are escaped) and joined with
	// "&". HasQuery asks for a "?" when Query is empty.
	Query    []QueryPair
	HasQuery bool
	// Fragment is the decoded fragment, encoded with percent.Fragment.
	// HasFragment asks for a "#" when it is empty.
	Fragment    string
	HasFragment bool
}

// Build returns the reference made of the decoded parts, each encoded with
// its component's percent-encode set. It fails with an [*Error] when the
// scheme, port or an IP literal is invalid, or when the path would start
// with "//" without an authority or a rootless path with an empty segment
// (ErrAmbiguousPath). A colon in the first
// segment of a relative path is encoded as "%3A".
func Build(p Parts) (Reference, error) {
	b := make([]byte, 0, p.maxLen())
	if p.Scheme != "" {
		for i := 0; i < len(p.Scheme); i++ {
			if c := p.Scheme[i]; classes[c]&cScheme == 0 || i == 0 && !isAlpha(c) {
				return Reference{}, &Error{Offset: i, Component: ComponentScheme, Code: ErrInvalidScheme, Input: p.Scheme}
			}
		}
		b = append(b, p.Scheme...)
		b = append(b, ':')
	}
	auth := p.HasAuthority || p.Host != "" || p.HasUserinfo || p.Userinfo != "" || p.HasPort || p.Port != ""
	if auth {
		b = append(b, '/', '/')
		if p.HasUserinfo || p.Userinfo != "" {
			b = percent.AppendEncode(b, p.Userinfo, percent.Userinfo)
			b = append(b, '@')
		}
		b = appendHost(b, p.Host)
		if p.HasPort || p.Port != "" {
			b = append(b, ':')
			b = append(b, p.Port...)
		}
	}
	pathStart := len(b)
	if p.AbsolutePath || (auth && len(p.Segments) > 0) {
		b = append(b, '/')
	}
	for i, seg := range p.Segments {
		if i > 0 {
			b = append(b, '/')
		}
		set := percent.PathSegment
		if i == 0 && p.Scheme == "" && !auth && !p.AbsolutePath {
			set = set.Add(":")
		}
		b = percent.AppendEncode(b, seg, set)
	}
	if !auth && !p.AbsolutePath && len(p.Segments) > 1 && p.Segments[0] == "" {
		// A rootless path cannot start with an empty segment.
		return Reference{}, &Error{Offset: pathStart, Component: ComponentPath, Code: ErrAmbiguousPath, Input: string(b)}
	}
	if !auth && len(b)-pathStart >= 2 && b[pathStart] == '/' && b[pathStart+1] == '/' {
		return Reference{}, &Error{Offset: pathStart, Component: ComponentPath, Code: ErrAmbiguousPath, Input: string(b)}
	}
	if p.HasQuery || len(p.Query) > 0 {
		b = append(b, '?')
		for i, q := range p.Query {
			if i > 0 {
				b = append(b, '&')
			}
			b = percent.AppendEncode(b, q.Key, percent.QueryValue)
			if q.HasValue || q.Value != "" {
				b = append(b, '=')
				b = percent.AppendEncode(b, q.Value, percent.QueryValue)
			}
		}
	}
	if p.HasFragment || p.Fragment != "" {
		b = append(b, '#')
		b = percent.AppendEncode(b, p.Fragment, percent.Fragment)
	}
	return Parse(string(b))
}

// maxLen bounds the length of the reference Build makes of p: every byte
// it encodes takes at most three, and the delimiters a few more, so that
// Build allocates its buffer once.
func (p *Parts) maxLen() int {
	n := len(p.Scheme) + len("://@[%25]:") + 3*(len(p.Userinfo)+len(p.Host)) + len(p.Port) + len("/?#") + 3*len(p.Fragment)
	for _, seg := range p.Segments {
		n += 1 + 3*len(seg)
	}
	for _, q := range p.Query {
		n += 2 + 3*(len(q.Key)+len(q.Value))
	}
	return n
}

// appendHost writes a Parts host: IP literals as they are (bracketed when
// given bare), other hosts encoded as a reg-name.
func appendHost(b []byte, h string) []byte {
	if strings.HasPrefix(h, "[") {
		return append(b, h...)
	}
	addr, zone, hasZone := strings.Cut(h, "%")
	if IsIPv6(addr) {
		b = append(b, '[')
		b = append(b, addr...)
		if hasZone {
			b = append(b, "%25"...)
			b = percent.AppendEncode(b, zone, percent.Unreserved)
		}
		return append(b, ']')
	}
	return percent.AppendEncode(b, h, percent.Host)
}

// With returns a copy of r with component c replaced by the raw (already
// encoded) text value, which must be valid for that component; the result
// is checked by a strict parse. ComponentAuthority replaces userinfo, host
// and port at once. Setting a userinfo, host or port on a reference
// without authority adds one.
func (r Reference) With(c Component, value string) (Reference, error) {
	x := r.raw()
	switch c {
	case ComponentScheme:
		x.scheme, x.hasScheme = value, true
	case ComponentAuthority:
		x.hasAuth, x.hasUser, x.hasPort = true, false, false
		x.userinfo, x.port = "", ""
		x.host = value
	case ComponentUserinfo:
		x.hasAuth, x.userinfo, x.hasUser = true, value, true
	case ComponentHost:
		x.hasAuth, x.host = true, value
	case ComponentPort:
		x.hasAuth, x.port, x.hasPort = true, value, true
	case ComponentPath:
		x.path = value
		if x.hasAuth && value != "" && value[0] != '/' {
			return Reference{}, &Error{Offset: 0, Component: ComponentPath, Code: ErrInvalidChar, Input: value}
		}
	case ComponentQuery:
		x.query, x.hasQ = value, true
	case ComponentFragment:
		x.fragment, x.hasF = value, true
	default:
		return Reference{}, &Error{Offset: -1, Code: ErrUnknownComponent, Input: string(c)}
	}
	if c == ComponentPath && !x.hasAuth && strings.HasPrefix(value, "//") {
		return Reference{}, &Error{Offset: 0, Component: ComponentPath, Code: ErrAmbiguousPath, Input: value}
	}
	return Parse(x.string())
}

// WithDecoded is With for a decoded value, which it encodes with the
// component's set first: percent.Userinfo, percent.Host (or an IP literal
// as in Parts.Host), percent.Path (a "/" stays a separator), percent.Query
// and percent.Fragment. Scheme and port are not encoded.
func (r Reference) WithDecoded(c Component, value string) (Reference, error) {
	switch c {
	case ComponentUserinfo:
		value = percent.Encode(value, percent.Userinfo)
	case ComponentHost:
		value = string(appendHost(nil, value))
	case ComponentPath:
		value = percent.Encode(value, percent.Path)
	case ComponentQuery:
		value = percent.Encode(value, percent.Query)
	case ComponentFragment:
		value = percent.Encode(value, percent.Fragment)
	}
	return r.With(c, value)
}

// Without returns a copy of r with component c removed: the scheme, the
// whole authority (ComponentAuthority or ComponentHost), the userinfo, the
// port, the query or the fragment. ComponentPath empties the path.
func (r Reference) Without(c Component) Reference {
	x := r.raw()
	switch c {
	case ComponentScheme:
		x.hasScheme, x.scheme = false, ""
	case ComponentAuthority, ComponentHost:
		x.hasAuth, x.hasUser, x.hasPort = false, false, false
		x.userinfo, x.host, x.port = "", "", ""
	case ComponentUserinfo:
		x.hasUser, x.userinfo = false, ""
	case ComponentPort:
		x.hasPort, x.port = false, ""
	case ComponentPath:
		x.path = ""
	case ComponentQuery:
		x.hasQ, x.query = false, ""
	case ComponentFragment:
		x.hasF, x.fragment = false, ""
	}
	return x.reference()
}
