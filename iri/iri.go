// Package iri converts between IRIs (RFC 3987) and URIs (RFC 3986).
//
// [ToURI] maps an IRI to a URI as RFC 3987 §3.1 says: every non-ASCII
// character of the userinfo, path, query and fragment is written as the
// percent-encoding of its UTF-8 bytes, and a non-ASCII registered name is
// converted to its A-label form with IDNA (UTS #46, non-transitional, with
// the checks of a DNS lookup, through package idna).
//
// [ToIRI] goes the other way for display (§3.2): escapes of UTF-8
// sequences are decoded where the character is one an IRI may hold and is
// safe to show, and A-labels are converted back to Unicode (in a host that
// can be a DNS name: at most 253 bytes, labels of at most 63). Escapes of
// ASCII characters, invalid UTF-8, characters outside ucschar (or
// iprivate, in the query), bidirectional formatting characters (§4.1) and
// other invisible or space characters (§3.2) stay encoded, so that
// ToURI(ToIRI(u)) is u again, up to the case of hex digits and host
// letters.
package iri

import (
	"errors"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/urikit/urikit/idna"
	"github.com/urikit/urikit/internal/ascii"
	"github.com/urikit/urikit/internal/diag"
	"github.com/urikit/urikit/internal/hexdigit"
	"github.com/urikit/urikit/internal/window"
	"github.com/urikit/urikit/percent"
	"github.com/urikit/urikit/uri"
)

// A Code is a stable, machine-readable name for a kind of conversion
// problem. Codes are errors themselves, so they serve as sentinels:
// errors.Is(err, iri.ErrNotIRIChar) reports whether err is an [*Error] of
// that kind.
type Code string

// Error returns the code's text.
func (c Code) Error() string { return string(c) }

// The codes of ToURI and ToIRI.
const (
	// ErrSyntax: the text breaks the grammar of RFC 3986 (for ToURI,
	// beyond the non-ASCII characters an IRI may hold). The Error's Err
	// is the *uri.Error, so errors.Is also matches the codes of package
	// uri (uri.ErrInvalidChar, ...).
	ErrSyntax Code = "syntax"
	// ErrNotIRIChar: a non-ASCII character that RFC 3987 does not allow:
	// not ucschar, iprivate outside the query, or a bidi formatting
	// character (§4.1: LRM, RLM, LRE through RLO, and the isolates).
	ErrNotIRIChar Code = "not-iri-char"
	// ErrIDNA: the host could not be converted to an A-label. The
	// Error's Err is the error of package idna (or the *percent.Error of
	// an escape in the host that does not decode to UTF-8).
	ErrIDNA Code = "idna"
)

// Message returns a one-line human description of the code.
func (c Code) Message() string {
	switch c {
	case ErrSyntax:
		return "not RFC 3986 syntax"
	case ErrNotIRIChar:
		return "character not allowed in an IRI"
	case ErrIDNA:
		return "host cannot be converted to an A-label"
	}
	return string(c)
}

// An Error describes why an IRI or URI could not be converted: the first
// problem found.
type Error struct {
	// Offset is the byte offset of the problem in Input; -1 when the
	// error has no position.
	Offset int
	// Code says what is wrong; it is the sentinel for errors.Is.
	Code Code
	// Input is the text that was converted.
	Input string
	// Component is the component holding the problem.
	Component uri.Component
	// Err is the cause, or nil: the *uri.Error of a syntax error, the
	// error of package idna for a host.
	Err error
}

// Error returns a message such as
// `iri: offset 8 (path): "http://a/b c": character not allowed here`. It
// quotes at most 40 bytes of Input on each side of the offset, with "…"
// where the input goes on, so that its length does not depend on the
// input's.
func (e *Error) Error() string {
	msg := e.Code.Message()
	var ue *uri.Error
	switch {
	case errors.As(e.Err, &ue):
		msg = ue.Code.Message()
	case e.Err != nil:
		msg += ": " + window.Clip(e.Err.Error(), maxCause)
	}
	return diag.Error("iri", e.Offset, string(e.Component), e.Input, msg)
}

// maxCause is the most bytes of a cause's message an Error's message
// quotes.
const maxCause = 160

// Unwrap returns the code and, when set, the cause Err, for errors.Is and
// errors.As.
func (e *Error) Unwrap() []error {
	if e.Err != nil {
		return []error{e.Code, e.Err}
	}
	return []error{e.Code}
}

// syntaxError returns the Error of a syntax problem of s that package uri
// reported at off in component c with code.
func syntaxError(s string, off int, c uri.Component, code uri.Code) *Error {
	return &Error{Offset: off, Code: ErrSyntax, Input: s, Component: c,
		Err: &uri.Error{Offset: off, Code: code, Input: s, Component: c}}
}

// nonASCII is the encode set of the bytes 0x80-0xFF.
var nonASCII = percent.Set{}.AddRange(0x80, 0xFF)

// isUCSChar reports whether r is an RFC 3987 ucschar.
func isUCSChar(r rune) bool {
	switch {
	case r < 0xA0:
		return false
	case r <= 0xD7FF:
		return true
	case r < 0xF900:
		return false
	case r <= 0xFDCF:
		return true
	case r < 0xFDF0:
		return false
	case r <= 0xFFEF:
		return true
	case r < 0x10000 || r > 0xEFFFD:
		return false
	case r >= 0xE0000 && r < 0xE1000:
		return false
	}
	return r&0xFFFF <= 0xFFFD
}

// isBidiFormat reports whether r is a bidirectional formatting character,
// which RFC 3987 §4.1 forbids in IRIs.
func isBidiFormat(r rune) bool {
	return r == 0x200E || r == 0x200F || r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069
}

// isIPrivate reports whether r is an RFC 3987 iprivate character.
func isIPrivate(r rune) bool {
	return r >= 0xE000 && r <= 0xF8FF || r >= 0xF0000 && r <= 0xFFFFD || r >= 0x100000 && r <= 0x10FFFD
}

// ToURI converts an IRI (or IRI reference) to a URI reference. It fails
// with an [*Error] when s is not an IRI: an RFC 3986 syntax error other
// than a non-ASCII character, a non-ASCII character RFC 3987 does not
// allow, or a host that IDNA rejects. A URI is returned unchanged.
func ToURI(s string) (string, error) {
	b, err := AppendURI(nil, s)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// AppendURI appends ToURI(s) to dst.
func AppendURI(dst []byte, s string) ([]byte, error) {
	r, findings := uri.ParseLenient(s)
	// The first finding other than a non-ASCII character fails the
	// conversion, unless a character an IRI may not hold comes first.
	var bad *uri.Finding
	for i := range findings {
		if findings[i].Code != uri.ErrNonASCII {
			bad = &findings[i]
			break
		}
	}
	limit := len(s)
	if bad != nil {
		limit = bad.Offset
	}
	// A non-ASCII finding gives the first such character of its
	// component (the repeats are counted in it): check them all, from
	// there to the end of the component.
	for _, f := range findings {
		if f.Code != uri.ErrNonASCII || f.Offset >= limit {
			continue
		}
		end := min(componentEnd(r, s, f.Component), limit)
		if off, ok := firstNotIRIChar(s, f.Offset, end, f.Component == uri.ComponentQuery); ok {
			return dst, &Error{Offset: off, Code: ErrNotIRIChar, Input: s, Component: f.Component}
		}
	}
	if bad != nil {
		return dst, syntaxError(s, bad.Offset, bad.Component, bad.Code)
	}
	if len(findings) == 0 {
		return append(dst, s...), nil
	}
	// Grow once, for the longest result percent.AppendEncode allows for
	// (a three-byte escape for every byte; A-labels are shorter than
	// that), rather than by appends.
	dst = slices.Grow(dst, 3*len(s))
	if sch, ok := r.Scheme(); ok {
		dst = append(dst, sch...)
		dst = append(dst, ':')
	}
	if r.HasAuthority() {
		dst = append(dst, '/', '/')
		hostOff := 2
		if sch, ok := r.Scheme(); ok {
			hostOff += len(sch) + 1
		}
		if u, ok := r.Userinfo(); ok {
			dst = percent.AppendEncode(dst, u, nonASCII)
			dst = append(dst, '@')
			hostOff += len(u) + 1
		}
		h, _ := r.Host()
		if !ascii.Is(h) {
			a, err := hostToASCII(h)
			if err != nil {
				return dst, &Error{Offset: hostOff, Code: ErrIDNA, Input: s, Component: uri.ComponentHost, Err: err}
			}
			h = a
		}
		dst = append(dst, h...)
		if p, ok := r.Port(); ok {
			dst = append(dst, ':')
			dst = append(dst, p...)
		}
	}
	dst = percent.AppendEncode(dst, r.Path(), nonASCII)
	if q, ok := r.Query(); ok {
		dst = append(dst, '?')
		dst = percent.AppendEncode(dst, q, nonASCII)
	}
	if f, ok := r.Fragment(); ok {
		dst = append(dst, '#')
		dst = percent.AppendEncode(dst, f, nonASCII)
	}
	return dst, nil
}

// firstNotIRIChar returns the offset of the first non-ASCII character of
// s[i:end] that an IRI may not hold there (query tells whether s[i:end] is
// in the query, where iprivate is allowed), and whether there is one. It
// stops at invalid UTF-8, which the parser reports.
func firstNotIRIChar(s string, i, end int, query bool) (int, bool) {
	for i < end {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:end])
		if c == utf8.RuneError && size <= 1 {
			return 0, false
		}
		if isBidiFormat(c) || !isUCSChar(c) && !(query && isIPrivate(c)) {
			return i, true
		}
		i += size
	}
	return 0, false
}

// componentEnd returns the offset in s, the text of r, where component c
// ends (one of those that may hold non-ASCII text: userinfo, host, path,
// query and fragment).
func componentEnd(r uri.Reference, s string, c uri.Component) int {
	end := len(s)
	if f, ok := r.Fragment(); ok {
		if c == uri.ComponentFragment {
			return end
		}
		end -= len(f) + 1
	}
	if q, ok := r.Query(); ok {
		if c == uri.ComponentQuery {
			return end
		}
		end -= len(q) + 1
	}
	if c == uri.ComponentPath {
		return end
	}
	end -= len(r.Path())
	p, hasPort := r.Port()
	if hasPort {
		end -= len(p) + 1
	}
	if c == uri.ComponentHost {
		return end
	}
	h, _ := r.Host()
	return end - len(h) - 1 // the userinfo's "@"
}

// lookup returns the UTS #46 profile for host names that will be looked
// up: idna.Lookup (Nontransitional Processing with CheckHyphens, CheckBidi,
// CheckJoiners and UseSTD3ASCIIRules, the flags of golang.org/x/net/idna's
// Lookup profile), on the Unicode version of package idna's tables, which
// the whatwg package shares.
func lookup() idna.Profile { return idna.Lookup() }

// hostToASCII converts a non-ASCII reg-name to A-labels. Escapes in it
// are decoded first (they must be UTF-8).
func hostToASCII(h string) (string, error) {
	d, err := percent.Decode(h)
	if err != nil {
		return "", err
	}
	return lookup().ToASCII(d)
}

// ToIRI converts a URI reference to an IRI reference for display. It
// fails with an [*Error] when s is not a valid URI reference (strict RFC
// 3986 parse). A host longer than a DNS name (253 bytes) is left as it
// is, and so is a label longer than a DNS label (63 bytes).
func ToIRI(s string) (string, error) {
	b, err := AppendIRI(nil, s)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// AppendIRI appends ToIRI(s) to dst.
func AppendIRI(dst []byte, s string) ([]byte, error) {
	r, err := uri.Parse(s)
	if err != nil {
		e := err.(*uri.Error)
		return dst, &Error{Offset: e.Offset, Code: ErrSyntax, Input: s, Component: e.Component, Err: e}
	}
	// Decoding only shortens the text (Unicode host names may be a
	// little longer than their A-labels): grow once.
	dst = slices.Grow(dst, len(s))
	if sch, ok := r.Scheme(); ok {
		dst = append(dst, sch...)
		dst = append(dst, ':')
	}
	if r.HasAuthority() {
		dst = append(dst, '/', '/')
		if u, ok := r.Userinfo(); ok {
			dst = appendDisplay(dst, u, false)
			dst = append(dst, '@')
		}
		h, _ := r.Host()
		if r.HostType() == uri.HostRegName {
			h = hostToUnicode(h)
		}
		dst = append(dst, h...)
		if p, ok := r.Port(); ok {
			dst = append(dst, ':')
			dst = append(dst, p...)
		}
	}
	dst = appendDisplay(dst, r.Path(), false)
	if q, ok := r.Query(); ok {
		dst = append(dst, '?')
		dst = appendDisplay(dst, q, true)
	}
	if f, ok := r.Fragment(); ok {
		dst = append(dst, '#')
		dst = appendDisplay(dst, f, false)
	}
	return dst, nil
}

// maxDNSName and maxDNSLabel are the longest name and label of the DNS
// (RFC 1035 §2.3.4), in bytes; the name not counting a final dot.
const (
	maxDNSName  = 253
	maxDNSLabel = 63
)

// hostToUnicode converts the A-labels of h to Unicode, label by label,
// when the label converts back to itself (up to case); other labels stay.
// It returns h when the converted name as a whole does not convert back,
// and when h is too long to be a DNS name: such a host is left as it is,
// which also keeps the cost of IDNA processing bounded.
func hostToUnicode(h string) string {
	if len(strings.TrimSuffix(h, ".")) > maxDNSName || !hasXNPrefix(h) {
		return h
	}
	labels := strings.Split(h, ".")
	for i, l := range labels {
		if len(l) < 4 || len(l) > maxDNSLabel || !strings.EqualFold(l[:4], "xn--") {
			continue
		}
		u, err := lookup().ToUnicode(l)
		if err != nil || u == l || !displayable(u) {
			continue
		}
		back, err := lookup().ToASCII(u)
		if err != nil || !strings.EqualFold(back, l) {
			continue
		}
		labels[i] = u
	}
	u := strings.Join(labels, ".")
	if u == h {
		return h
	}
	// The whole name must convert back, or ToURI would fail on it.
	if back, err := hostToASCII(u); err != nil || !strings.EqualFold(back, h) {
		return h
	}
	return u
}

// hasXNPrefix reports whether some label of h might start with "xn--", in
// any case.
func hasXNPrefix(h string) bool {
	for i := 0; i+4 <= len(h); i++ {
		if (h[i]|0x20) == 'x' && (h[i+1]|0x20) == 'n' && h[i+2] == '-' && h[i+3] == '-' {
			return true
		}
	}
	return false
}

// displayable reports whether every rune of s is one ToIRI would show.
func displayable(s string) bool {
	for _, r := range s {
		if r >= utf8.RuneSelf && !showable(r, false) {
			return false
		}
	}
	return true
}

// showable reports whether ToIRI decodes an escaped r: a ucschar (or
// iprivate in the query) that is not a bidi formatting character, another
// format control, or a space or separator (RFC 3987 §3.2, §4.1).
func showable(r rune, query bool) bool {
	if !isUCSChar(r) && !(query && isIPrivate(r)) {
		return false
	}
	return !unicode.In(r, unicode.Cf, unicode.Zs, unicode.Zl, unicode.Zp)
}

// escapedByte returns the byte escaped at s[i:i+3], or false.
func escapedByte(s string, i int) (byte, bool) {
	if i+2 >= len(s) || s[i] != '%' || !hexdigit.Is(s[i+1]) || !hexdigit.Is(s[i+2]) {
		return 0, false
	}
	return hexdigit.Value(s[i+1])<<4 | hexdigit.Value(s[i+2]), true
}

// appendDisplay appends s with the escapes of showable non-ASCII
// characters decoded.
func appendDisplay(dst []byte, s string, query bool) []byte {
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], '%')
		if j < 0 {
			return append(dst, s[i:]...)
		}
		dst = append(dst, s[i:i+j]...)
		i += j
		b, ok := escapedByte(s, i)
		if !ok || b < 0xC2 {
			dst = append(dst, '%')
			i++
			continue
		}
		var buf [utf8.UTFMax]byte
		n := 1
		buf[0] = b
		need := 2
		switch {
		case b >= 0xF0:
			need = 4
		case b >= 0xE0:
			need = 3
		}
		for n < need {
			c, ok := escapedByte(s, i+3*n)
			if !ok || c&0xC0 != 0x80 {
				break
			}
			buf[n] = c
			n++
		}
		r, size := utf8.DecodeRune(buf[:n])
		if n == need && size == n && r != utf8.RuneError && showable(r, query) {
			dst = utf8.AppendRune(dst, r)
			i += 3 * n
			continue
		}
		dst = append(dst, s[i:i+3]...)
		i += 3
	}
	return dst
}
