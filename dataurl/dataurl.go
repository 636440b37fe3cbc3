package dataurl

import (
	"encoding/base64"
	"errors"
	"slices"
	"strings"

	"github.com/urikit/urikit/internal/bytestr"
	"github.com/urikit/urikit/internal/hexdigit"
	"github.com/urikit/urikit/internal/textval"
	"github.com/urikit/urikit/percent"
	"github.com/urikit/urikit/whatwg"
)

// A DataURL is the result of the Fetch Standard's data: URL processor: a
// MIME type and the body's bytes.
//
// The zero DataURL has the zero MIMEType and no body; its text form (see
// String) is "".
type DataURL struct {
	// MIMEType is the MIME type the URL gives, or
	// text/plain;charset=US-ASCII when it gives none or one that does
	// not parse (ParseWithFindings says why).
	MIMEType MIMEType
	// Body is the body: the bytes after the first ",", percent-decoded,
	// then base64-decoded when Base64 is set.
	Body []byte
	// Base64 reports whether the body was base64 (";base64" ended the
	// MIME type).
	Base64 bool
}

// Parse parses s as a URL with the URL Standard's parser (package whatwg,
// no base), then runs the Fetch Standard's data: URL processor on it.
// It fails with an *Error when s is not a URL (ErrInvalidURL), when its
// scheme is not "data" (ErrNotDataURL), when no "," follows the MIME type
// (ErrMissingComma) and when a base64 body does not decode
// (ErrInvalidBase64, ErrBase64Length). The Error's offset is a byte offset
// in s; where the URL parser rewrote s (tabs and newlines removed, bytes
// percent-encoded) it is followed back to s, and where it cannot be
// (dot segments of a "data://host/..." path) it is where the rewriting
// begins.
//
// What the processor goes on from without a word (a MIME type that does
// not parse, escapes that are not well formed) ParseWithFindings reports.
//
// Parse runs in time linear in len(s) and allocates the URL's
// serialization (nothing when s is one already), the body and the MIME
// type's serialization when it differs from what s writes.
func Parse(s string) (DataURL, error) {
	d, _, err := parse(s, false)
	return d, err
}

// ParseWithFindings is Parse, and returns what the processor met and went
// on from, as the standard says, as findings: a MIME type that the URL
// writes but that does not parse (replaced by
// text/plain;charset=US-ASCII; the finding's Code says why, at its offset
// in s), and the escapes of the body that are not well formed ("%" not
// followed by two hex digits, as in "100%" or "%zz"), which the body
// keeps as written (ErrInvalidEscape, ErrTruncatedEscape, collapsed with
// their count and first offsets, so that the list stays short). It fails
// as Parse does.
func ParseWithFindings(s string) (DataURL, []Finding, error) {
	return parse(s, true)
}

// MustParse is Parse for a data: URL known to be valid: it panics with
// the error Parse returns.
func MustParse(s string) DataURL {
	d, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return d
}

// parse is ParseWithFindings; the findings are collected only when
// findings is set.
func parse(s string, findings bool) (DataURL, []Finding, error) {
	u, err := whatwg.Parse(s)
	if err != nil {
		e := &Error{Code: ErrInvalidURL, Input: s, Err: err}
		var we *whatwg.Error
		if errors.As(err, &we) {
			e.Offset = we.Offset
		}
		return DataURL{}, nil, e
	}
	return process(s, u, findings)
}

// FromURL runs the Fetch Standard's data: URL processor on u, a URL
// already parsed. Offsets of errors are byte offsets in u.Href(). The
// zero URL fails with ErrNotDataURL.
func FromURL(u whatwg.URL) (DataURL, error) {
	d, _, err := process(u.Href(), u, false)
	return d, err
}

// process runs the data: URL processor on u, parsed from input (whose
// offsets errors are given in).
func process(input string, u whatwg.URL, findings bool) (DataURL, []Finding, error) {
	href := u.Href()
	at := func(code Code, off int) *Error {
		off = inputOffset(input, href, off)
		return newError(code, input, off)
	}
	if u.Scheme() != "data" {
		return DataURL{}, nil, at(ErrNotDataURL, 0)
	}
	// The serialization without the fragment, without "data:".
	s := href
	if f, ok := u.Fragment(); ok {
		s = s[:len(s)-len(f)-1]
	}
	const prefix = len("data:")
	s = s[prefix:]
	comma := strings.IndexByte(s, ',')
	if comma < 0 {
		return DataURL{}, nil, at(ErrMissingComma, prefix+len(s))
	}
	mime := s[:comma]
	mimeStart := prefix
	for mime != "" && isASCIISpace(mime[0]) {
		mime = mime[1:]
		mimeStart++
	}
	for mime != "" && isASCIISpace(mime[len(mime)-1]) {
		mime = mime[:len(mime)-1]
	}
	enc := s[comma+1:]
	bodyStart := prefix + comma + 1
	size := len(enc)
	for i := strings.IndexByte(enc, '%'); i >= 0 && i+2 < len(enc); {
		if hexdigit.Is(enc[i+1]) && hexdigit.Is(enc[i+2]) {
			size -= 2
			i += 3
		} else {
			i++
		}
		k := strings.IndexByte(enc[i:], '%')
		if k < 0 {
			break
		}
		i += k
	}
	var d DataURL
	var fs []Finding
	var body []byte
	if !findings {
		// Tolerant without findings: no list to allocate. (The error
		// of a lenient Decoder is always nil.)
		body, _ = percent.Decoder{Lenient: true}.AppendDecodeBytes(make([]byte, 0, size), enc)
	} else {
		var kept []percent.Finding
		body, kept = percent.Decoder{}.AppendDecodeBytesLenient(make([]byte, 0, size), enc)
		for _, e := range kept {
			f := Finding{Offset: inputOffset(input, href, bodyStart+e.Offset), Code: Code(e.Code), Count: e.Count}
			if len(e.Offsets) > 0 {
				f.Offsets = make([]int, len(e.Offsets))
				for i, o := range e.Offsets {
					f.Offsets[i] = inputOffset(input, href, bodyStart+o)
				}
			}
			fs = append(fs, f)
		}
	}
	if k := base64Suffix(mime); k >= 0 {
		d.Base64 = true
		var bad int
		var code Code
		body, bad, code = forgivingBase64(body)
		if code != "" {
			return DataURL{}, nil, at(code, bodyStart+encodedIndex(enc, bad))
		}
		mime = mime[:k]
	}
	d.Body = body
	switch {
	case mime == "":
		d.MIMEType = defaultMIMEType()
		return d, fs, nil
	case mime[0] == ';':
		mime = "text/plain" + mime
		mimeStart -= len("text/plain")
	}
	m, err := parseMIMEType(mime)
	if err != nil {
		if findings {
			me := err.(*Error)
			// The MIME type comes first in the URL: its finding too.
			f := Finding{Offset: inputOffset(input, href, mimeStart+me.Offset), Code: me.Code}
			fs = append([]Finding{f}, fs...)
		}
		m = defaultMIMEType()
	}
	d.MIMEType = m
	return d, fs, nil
}

// String returns the data: URL of the body and the MIME type as Encode
// writes it (so the body may come back percent-encoded where the URL had
// base64, or the other way round; Parse gives the same MIME type and body
// back), and "" for the zero DataURL.
func (d DataURL) String() string {
	if d.isZero() {
		return ""
	}
	return Encode(d.Body, d.MIMEType)
}

// AppendTo appends the text of d (see String) to dst and returns the
// extended buffer.
func (d DataURL) AppendTo(dst []byte) []byte {
	if d.isZero() {
		return dst
	}
	return AppendEncode(dst, d.Body, d.MIMEType)
}

// MarshalText implements encoding.TextMarshaler: the text of String; the
// zero DataURL marshals to "".
func (d DataURL) MarshalText() ([]byte, error) { return d.AppendTo(nil), nil }

// UnmarshalText implements encoding.TextUnmarshaler: "" is the zero
// DataURL, any other text is parsed as Parse parses it.
func (d *DataURL) UnmarshalText(text []byte) error {
	return textval.Unmarshal(d, text, Parse)
}

// isZero reports whether d is the zero DataURL.
func (d DataURL) isZero() bool {
	return d.MIMEType.IsZero() && len(d.Body) == 0 && !d.Base64
}

// defaultMIMEType returns text/plain;charset=US-ASCII, the MIME type of
// a data: URL that gives none.
func defaultMIMEType() MIMEType {
	return MIMEType{s: "text/plain;charset=US-ASCII", slash: 4, end: 10, params: []int32{10}}
}

// isASCIISpace reports whether c is ASCII whitespace (TAB, LF, FF, CR,
// SPACE).
func isASCIISpace(c byte) bool {
	return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '
}

// base64Suffix returns, when mime ends with ";", zero or more spaces and
// "base64" (in any case), the index of that ";"; else -1.
func base64Suffix(mime string) int {
	const word = "base64"
	if len(mime) < len(word)+1 || !strings.EqualFold(mime[len(mime)-len(word):], word) {
		return -1
	}
	i := len(mime) - len(word) - 1
	for i >= 0 && mime[i] == ' ' {
		i--
	}
	if i < 0 || mime[i] != ';' {
		return -1
	}
	return i
}

// base64Value returns the value of the base64 symbol c, or 0xFF.
func base64Value(c byte) byte {
	switch {
	case 'A' <= c && c <= 'Z':
		return c - 'A'
	case 'a' <= c && c <= 'z':
		return c - 'a' + 26
	case '0' <= c && c <= '9':
		return c - '0' + 52
	case c == '+':
		return 62
	case c == '/':
		return 63
	}
	return 0xFF
}

// forgivingBase64 decodes b in place as the Infra Standard's
// forgiving-base64 decode does (ASCII whitespace ignored, "=" padding
// optional, nonzero padding bits allowed). On failure it returns the
// index in b of the offending byte and the error's code.
func forgivingBase64(b []byte) ([]byte, int, Code) {
	// Drop the whitespace, in place.
	w := 0
	for _, c := range b {
		if !isASCIISpace(c) {
			b[w] = c
			w++
		}
	}
	d := b[:w]
	if len(d)%4 == 0 {
		for k := 0; k < 2 && len(d) > 0 && d[len(d)-1] == '='; k++ {
			d = d[:len(d)-1]
		}
	}
	for i, c := range d {
		if base64Value(c) == 0xFF {
			return nil, i, ErrInvalidBase64
		}
	}
	if len(d)%4 == 1 {
		return nil, len(d) - 1, ErrBase64Length
	}
	var buf uint32
	bits, out := 0, 0
	for _, c := range d {
		buf = buf<<6 | uint32(base64Value(c))
		bits += 6
		if bits >= 8 {
			bits -= 8
			d[out] = byte(buf >> bits)
			out++
		}
	}
	return d[:out], 0, ""
}

// encodedIndex returns the index in the percent-encoded body enc of the
// k-th base64 symbol (whitespace and escapes of whitespace not counted)
// of its percent-decoding.
func encodedIndex(enc string, k int) int {
	n := 0
	for i := 0; i < len(enc); {
		c, size := enc[i], 1
		if c == '%' && i+2 < len(enc) && hexdigit.Is(enc[i+1]) && hexdigit.Is(enc[i+2]) {
			c, size = hexdigit.Value(enc[i+1])<<4|hexdigit.Value(enc[i+2]), 3
		}
		if !isASCIISpace(c) {
			if n == k {
				return i
			}
			n++
		}
		i += size
	}
	return len(enc)
}

// inputOffset returns the offset in input of the byte at off in href,
// the URL parser's serialization of input. It follows what the parser
// does to a URL byte by byte: leading and trailing C0 controls and
// spaces dropped, tabs and newlines removed, ASCII letters lowercased
// (the scheme), bytes percent-encoded. It matches the two from the start
// and, where they part otherwise before off (dot segments and ports of
// "data://host/..." URLs, which the parser rewrites), from the end: the
// body and the MIME type come last. When both fail, it returns the
// offset in input where the two part from the start.
func inputOffset(input, href string, off int) int {
	if input == href {
		return off
	}
	i, ok := alignForward(input, href, off)
	if ok {
		return i
	}
	if k, ok := alignBackward(input, href, off); ok {
		return k
	}
	return i
}

func isTabOrNewline(c byte) bool { return c == '\t' || c == '\n' || c == '\r' }

// sameByte reports whether the input byte c became the href byte h (the
// same, or lowercased).
func sameByte(c, h byte) bool { return c == h || 'A' <= c && c <= 'Z' && c+'a'-'A' == h }

// escapeOf reports whether h holds "%XX" at j, XX being the hex of c.
func escapeOf(h string, j int, c byte) bool {
	return j >= 0 && j+2 < len(h) && h[j] == '%' && hexdigit.Is(h[j+1]) && hexdigit.Is(h[j+2]) && hexdigit.Value(h[j+1])<<4|hexdigit.Value(h[j+2]) == c
}

// alignForward matches input and href from the start up to href's off,
// and returns input's offset there and true; or, where they part, the
// offset in input and false.
func alignForward(input, href string, off int) (int, bool) {
	i := 0
	for i < len(input) && input[i] <= ' ' {
		i++
	}
	for j := 0; j < off && j < len(href); {
		for i < len(input) && isTabOrNewline(input[i]) {
			i++
		}
		switch {
		case i >= len(input):
			return len(input), false
		case sameByte(input[i], href[j]):
			i++
			j++
		case escapeOf(href, j, input[i]):
			i++
			j += 3
		default:
			return i, false
		}
	}
	for i < len(input) && isTabOrNewline(input[i]) {
		i++
	}
	return min(i, len(input)), true
}

// alignBackward is alignForward from the ends of input and href.
func alignBackward(input, href string, off int) (int, bool) {
	i := len(input)
	for i > 0 && input[i-1] <= ' ' {
		i--
	}
	for j := len(href); j > off; {
		for i > 0 && isTabOrNewline(input[i-1]) {
			i--
		}
		switch {
		case i == 0:
			return 0, false
		case sameByte(input[i-1], href[j-1]):
			i--
			j--
		case escapeOf(href, j-3, input[i-1]):
			i--
			j -= 3
		default:
			return i, false
		}
	}
	return i, true
}

// AppendEncode appends Encode(body, m) to dst.
func AppendEncode(dst []byte, body []byte, m MIMEType) []byte {
	b64, escapes := bodyEncoding(body)
	n := len("data:") + len(body) + 2*escapes + 1
	if b64 {
		n = len("data:") + len(";base64,") + base64.StdEncoding.EncodedLen(len(body))
	}
	eachMIMEPart(m, func(part string) { n += len(part) })
	dst = slices.Grow(dst, n)
	dst = append(dst, "data:"...)
	eachMIMEPart(m, func(part string) { dst = append(dst, part...) })
	if b64 {
		dst = append(dst, ";base64,"...)
		return base64.StdEncoding.AppendEncode(dst, body)
	}
	dst = append(dst, ',')
	const hexDigits = "0123456789ABCDEF"
	for _, c := range body {
		if percent.Query.Contains(c) {
			dst = append(dst, '%', hexDigits[c>>4], hexDigits[c&15])
		} else {
			dst = append(dst, c)
		}
	}
	return dst
}

// Encode returns a data: URL of body with the MIME type m, whose body is
// percent-encoded or base64 (";base64", with "=" padding), whichever is
// shorter (percent-encoding on a tie). The percent-encoding leaves alone
// the bytes that a URI query may hold as they are (percent.Query), so
// the URL is also a valid RFC 3986 URI.
//
// The MIME type is written as m.String(), but parameters that a data:
// URL cannot carry are left out: those whose serialization holds a
// control, a non-ASCII character, ",", "#" or "?" (the data: URL
// processor does not percent-decode the MIME type, so no escape can stand
// for them). The zero MIMEType and text/plain;charset=US-ASCII, the
// default, are written as nothing ("data:,..."), and so is a MIME type
// whose type or subtype holds "#" (an HTTP token code point that would
// begin the URL's fragment): its URL has the default type.
//
// Parse(Encode(body, m)) gives body back, with m's MIME type less the
// parameters left out. Encode allocates the URL only.
func Encode(body []byte, m MIMEType) string {
	b := AppendEncode(nil, body, m)
	// b was allocated by AppendEncode for the URL and is not written
	// again: the string takes it over.
	return bytestr.String(b)
}

// eachMIMEPart calls f with each part of m that Encode writes: the
// essence, then each parameter it can carry (";name=value"); nothing for
// the default type and for an essence that holds "#".
func eachMIMEPart(m MIMEType, f func(string)) {
	if m.IsZero() || m.s == "text/plain;charset=US-ASCII" || strings.IndexByte(m.Essence(), '#') >= 0 {
		return
	}
	f(m.s[:m.end])
	for i, at := range m.params {
		end := len(m.s)
		if i+1 < len(m.params) {
			end = int(m.params[i+1])
		}
		if seg := m.s[at:end]; carriable(seg) {
			f(seg)
		}
	}
}

// bodyEncoding returns whether Encode writes body in base64, and the
// number of escapes of its percent-encoding.
func bodyEncoding(body []byte) (b64 bool, escapes int) {
	for _, c := range body {
		if percent.Query.Contains(c) {
			escapes++
		}
	}
	return len(";base64")+base64.StdEncoding.EncodedLen(len(body)) < len(body)+2*escapes, escapes
}

// carriable reports whether the parameter seg (";name=value" as
// serialized) can be written in the MIME type of a data: URL.
func carriable(seg string) bool {
	for i := 0; i < len(seg); i++ {
		if c := seg[i]; c < 0x20 || c > 0x7E || c == ',' || c == '#' || c == '?' {
			return false
		}
	}
	return true
}
