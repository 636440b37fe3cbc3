package whatwg

import (
	"strconv"

	"github.com/urikit/urikit/percent"
)

// This file gives other packages (urlpattern) the URL parser's
// canonicalization of single components: the basic URL parser run with a
// state override on a dummy "https://dummy.invalid/" URL, as the URL Pattern
// Standard's encoding callbacks do. They share the parser's state machine
// and tables; nothing is duplicated.

// IsSpecialScheme reports whether scheme (already lowercase, without ":")
// is one of the URL Standard's special schemes: ftp, file, http, https, ws
// and wss.
func IsSpecialScheme(scheme string) bool { return getSchemeType(scheme).special() }

// DefaultPort returns the default port of the special scheme (already
// lowercase); ok is false when it has none (file and non-special
// schemes).
func DefaultPort(scheme string) (port int, ok bool) {
	p := getSchemeType(scheme).defaultPort()
	return int(p), p >= 0
}

// componentError is the error of a component canonicalization that failed
// without a code of its own (a state override that stops with failure).
func componentError(value string, code Code, off int) error {
	return &Error{Offset: off, Code: code, Input: value}
}

// CanonicalProtocol returns the scheme of value + "://dummy.invalid/" as
// the basic URL parser finds it (lowercased), or an error when that does
// not parse (value is not a scheme). An empty value is returned as is.
func CanonicalProtocol(value string) (string, error) {
	if value == "" {
		return "", nil
	}
	u, err := Parse(value + "://dummy.invalid/")
	if err != nil {
		e := err.(*Error)
		return "", componentError(value, e.Code, min(e.Offset, len(value)))
	}
	return u.Scheme(), nil
}

// CanonicalUsername returns value percent-encoded with the userinfo
// percent-encode set, as the username setter stores it.
func CanonicalUsername(value string) string {
	if value == "" {
		return ""
	}
	return percent.Encode(value, percent.WHATWGUserinfo)
}

// CanonicalPassword returns value percent-encoded with the userinfo
// percent-encode set, as the password setter stores it.
func CanonicalPassword(value string) string { return CanonicalUsername(value) }

// overrideParser returns a parser for value in state-override mode on a
// URL with the given scheme type, no credentials and no port.
func overrideParser(value string, st state, scheme schemeType) *parser {
	p := &parser{override: st}
	p.in = p.removeTabs(value)
	p.u.scheme = scheme
	p.port = -1
	return p
}

// CanonicalHostname parses value with the hostname state override on a
// special (https) URL and returns the serialized host: domains go through
// IDNA and lowercase, IPv4 and IPv6 addresses are serialized. Parsing
// stops at "/", "?", "#" and "\". It returns an error when the host does
// not parse or value holds ":" outside brackets. An empty value is returned
// as is.
func CanonicalHostname(value string) (string, error) {
	if value == "" {
		return "", nil
	}
	p := overrideParser(value, stHostname, schemeHTTPS)
	if !p.run(stHostname) || !p.hostSet {
		code, off := p.failCode, p.failOff
		if code == "" {
			code, off = ErrHostInvalidCodePoint, len(value)
			for i := 0; i < len(value); i++ {
				if value[i] == ':' {
					off = i
					break
				}
			}
		}
		return "", componentError(value, code, off)
	}
	if p.u.host == hostEmpty {
		return "", nil
	}
	return string(p.buf[p.u.hostStart:p.u.hostEnd]), nil
}

// CanonicalPort parses value with the port state override, for a URL of
// the given scheme ("" when none), and returns the port serialized: the
// leading ASCII digits without leading zeros, or "" when they give the
// scheme's default port. It returns an error when value does not start
// with a digit or the port is over 65535. An empty value is returned as
// is.
func CanonicalPort(value, scheme string) (string, error) {
	if value == "" {
		return "", nil
	}
	p := overrideParser(value, stPort, getSchemeType(scheme))
	if !p.run(stPort) || !p.portSet {
		code, off := p.failCode, p.failOff
		if code == "" {
			code, off = ErrPortInvalid, 0
		}
		return "", componentError(value, code, off)
	}
	if p.port < 0 {
		return "", nil
	}
	return strconv.Itoa(int(p.port)), nil
}

// CanonicalPathname returns value parsed with the path start state
// override on a special URL and serialized as a path: each segment
// percent-encoded with the path percent-encode set, "\" read as "/", and
// dot segments resolved. A value that does not start with "/" is kept
// relative (no "/" is added in front, and a leading dot segment stays).
// An empty value is returned as is.
func CanonicalPathname(value string) string {
	if value == "" {
		return ""
	}
	leadingSlash := value[0] == '/'
	in := value
	if !leadingSlash {
		in = "/-" + value
	}
	p := overrideParser(in, stPathStart, schemeHTTPS)
	p.run(stPathStart)
	out := string(p.buf)
	if !leadingSlash && len(out) >= 2 {
		out = out[2:]
	}
	return out
}

// CanonicalOpaquePathname returns value parsed with the opaque path state
// override: code points outside the C0 control percent-encode set are
// kept, the others percent-encoded; the path ends at a "?" or "#", as in a
// URL. An empty value is returned as is.
func CanonicalOpaquePathname(value string) (string, error) {
	if value == "" {
		return "", nil
	}
	p := overrideParser(value, stOpaquePath, schemeOther)
	p.u.opaque = true
	if !p.run(stOpaquePath) {
		return "", componentError(value, p.failCode, p.failOff)
	}
	out := p.buf
	if p.qPos >= 0 {
		out = out[:p.qPos]
	} else if p.fPos >= 0 {
		out = out[:p.fPos]
	}
	return string(out), nil
}

// CanonicalSearch returns value parsed with the query state override on
// a special URL: percent-encoded with the special-query percent-encode set
// (value is taken without a leading "?"). An empty value is returned as
// is.
func CanonicalSearch(value string) string {
	if value == "" {
		return ""
	}
	p := overrideParser(value, stQuery, schemeHTTPS)
	p.run(stQuery)
	return string(p.buf)
}

// CanonicalHash returns value parsed with the fragment state override:
// percent-encoded with the fragment percent-encode set (value is taken
// without a leading "#"). An empty value is returned as is.
func CanonicalHash(value string) string {
	if value == "" {
		return ""
	}
	p := overrideParser(value, stFragment, schemeHTTPS)
	p.run(stFragment)
	return string(p.buf)
}
