package whatwg

import "github.com/urikit/urikit/percent"

// Byte classes used by the parser's hot loops. Each bit marks the bytes
// that one encode set leaves alone (so they can be copied in a run).
const (
	clPath          uint32 = 1 << iota // not in the path percent-encode set
	clQuery                            // not in the query percent-encode set
	clSpQuery                          // not in the special-query percent-encode set
	clFragment                         // not in the fragment percent-encode set
	clUserinfo                         // not in the userinfo percent-encode set
	clC0                               // not in the C0 control percent-encode set
	clURLCode                          // an ASCII URL code point
	clForbiddenHost                    // a forbidden host code point
	clDomainPlain                      // copied as is into an ASCII domain: not upper case, "%" or forbidden
	clScheme                           // ASCII alphanumeric, "+", "-" or "."
	clTabNewline                       // ASCII tab or newline
	clAuthDelim                        // "@", "/", "?", "#" or "\\": ends a run in the authority state (so do tabs and newlines)
	clHostDelim                        // ":", "/", "?", "#", "\\", "[" or "]": ends a run in the host state (so do tabs and newlines)
	clPathRun                          // clPath but not "/" or "\\"
	clSchemeLower                      // lower-case ASCII letter, digit, "+", "-" or "."
	clOpaqueCanon                      // left as is in an opaque path, and not " ", "?" or "#"
	clPathCanon                        // clPath but not "\\": left as is in a special URL's path, "/" included
	clPathPlain                        // clPathCanon but not "." or "%" (which may start a dot segment)
)

// classes is a read-only table built once from the percent package's sets.
var classes = buildClasses()

func buildClasses() (t [256]uint32) {
	for i := 0; i < 256; i++ {
		c := byte(i)
		var v uint32
		if !percent.WHATWGPath.Contains(c) {
			v |= clPath
		}
		if !percent.WHATWGQuery.Contains(c) {
			v |= clQuery
		}
		if !percent.WHATWGSpecialQuery.Contains(c) {
			v |= clSpQuery
		}
		if !percent.WHATWGFragment.Contains(c) {
			v |= clFragment
		}
		if !percent.WHATWGUserinfo.Contains(c) {
			v |= clUserinfo
		}
		if !percent.C0Control.Contains(c) {
			v |= clC0
		}
		if isASCIIURLCodePoint(c) {
			v |= clURLCode
		}
		switch c {
		case 0, '\t', '\n', '\r', ' ', '#', '/', ':', '<', '>', '?', '@', '[', '\\', ']', '^', '|':
			v |= clForbiddenHost
		}
		if c < 0x80 && c != '%' && !(c >= 'A' && c <= 'Z') && v&clForbiddenHost == 0 && c > 0x1f && c != 0x7f {
			v |= clDomainPlain
		}
		if isAlpha(c) || isDigit(c) || c == '+' || c == '-' || c == '.' {
			v |= clScheme
		}
		if c == '\t' || c == '\n' || c == '\r' {
			v |= clTabNewline
		}
		switch c {
		case '@', '/', '?', '#', '\\', '\t', '\n', '\r':
			v |= clAuthDelim
		}
		switch c {
		case ':', '/', '?', '#', '\\', '[', ']', '\t', '\n', '\r':
			v |= clHostDelim
		}
		if v&clPath != 0 && c != '/' && c != '\\' {
			v |= clPathRun
		}
		if v&clScheme != 0 && !(c >= 'A' && c <= 'Z') {
			v |= clSchemeLower
		}
		if v&clC0 != 0 && c != ' ' && c != '?' && c != '#' {
			v |= clOpaqueCanon
		}
		if v&clPath != 0 && c != '\\' {
			v |= clPathCanon
		}
		if v&clPathCanon != 0 && c != '.' && c != '%' {
			v |= clPathPlain
		}
		t[i] = v
	}
	return t
}

// isASCIIURLCodePoint reports whether c is an ASCII URL code point:
// alphanumeric or one of !$&'()*+,-./:;=?@_~.
func isASCIIURLCodePoint(c byte) bool {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		return true
	}
	switch c {
	case '!', '$', '&', '\'', '(', ')', '*', '+', ',', '-', '.', '/', ':', ';', '=', '?', '@', '_', '~':
		return true
	}
	return false
}

// isForbiddenDomain reports whether c is a forbidden domain code point
// (ASCII part): a forbidden host code point, a C0 control, "%" or DEL.
func isForbiddenDomain(c byte) bool {
	return classes[c]&clForbiddenHost != 0 || c <= 0x1f || c == '%' || c == 0x7f
}

const upperhex = "0123456789ABCDEF"

func appendPct(b []byte, c byte) []byte {
	return append(b, '%', upperhex[c>>4], upperhex[c&15])
}

func isAlpha(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
