package surt

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/domain"
	"github.com/urikit/urikit/idna"
	"github.com/urikit/urikit/internal/bytestr"
	"github.com/urikit/urikit/internal/hexdigit"
	"github.com/urikit/urikit/uri"
)

// Options change the key. The zero value gives the key of Python
// surt.surt() with its defaults, which is the key of the Internet
// Archive's CDX files.
type Options struct {
	// Scheme keeps the scheme, lowercased, in front of the host:
	// "http://(com,example)/" (Python surt's with_scheme=True).
	Scheme bool
	// KeepWWW keeps a leading "www", "www1", "www2"… label
	// (host_massage=False).
	KeepWWW bool
	// KeepQueryOrder keeps the query arguments in their order instead of
	// sorting them (query_alpha_reorder=False).
	KeepQueryOrder bool
	// Fragment keeps the fragment ("#" and its text, escaped as the path
	// is and not lowercased), which the reference implementations always
	// drop.
	Fragment bool
	// HostOnly stops the key after the ")" that closes the host (and
	// port): "com,example)". A URL without a host keys as usual.
	HostOnly bool
	// TrailingComma writes a "," before the ")" that closes the host
	// ("com,example,)/"), as Python surt's trailing_comma=True and the
	// Heritrix SURT prefixes do.
	TrailingComma bool
}

// Key returns the SURT key of url under o (see the package
// documentation for each step). It fails with an *Error when url has no
// key: a URL of a web scheme without a host, a bad port, an unclosed IP
// literal, or only white space. The empty string keys as "-", as in the
// CDX writers.
func Key(url string, o Options) (string, error) {
	if len(url) > 200 {
		// A long key is built in a buffer of its final size at most
		// (plus the A-labels of a host), which the string then holds.
		b, err := AppendKey(make([]byte, 0, keyCap(url)), url, o)
		if err != nil {
			return "", err
		}
		return bytestr.String(b), nil
	}
	var stack [256]byte
	b, err := AppendKey(stack[:0], url, o)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// keyCap returns a bound of the length of the key of url: decoding never
// lengthens, escaping makes 3 bytes of a byte that needs it, the host's
// A-labels take at most maxIDNA*2, and a few delimiters are added.
func keyCap(url string) int {
	n := len(url) + 32
	for i := 0; i < len(url); i++ {
		if needsEscape(url[i]) {
			n += 2
		}
	}
	return n
}

// AppendKey appends the key of url under o to dst; see Key. On error it
// returns dst unchanged.
func AppendKey(dst []byte, url string, o Options) ([]byte, error) {
	n := len(dst)
	b, err := appendKey(dst, url, o)
	if err != nil {
		return dst[:n], err
	}
	return b, nil
}

// where maps offsets of the cleaned input back to the input, for errors.
type where struct {
	input string
	lo    int  // where the trimmed input starts in input
	clean bool // tabs and line breaks were removed
}

// errAt returns the error of code at offset i of the cleaned input.
func (k where) errAt(code Code, i int) error {
	off := k.lo + i
	if k.clean {
		// Walk the input, skipping what was removed.
		j, n := k.lo, 0
		for j < len(k.input) && n < i {
			if c := k.input[j]; c != '\t' && c != '\r' && c != '\n' {
				n++
			}
			j++
		}
		off = j
	}
	if i < 0 {
		off = -1
	}
	return &Error{Offset: off, Code: code, Input: k.input}
}

// indexAny3 returns the index of the first of a, b or c in s, or len(s).
func indexAny3(s string, a, b, c byte) int {
	n := len(s)
	for _, x := range [...]byte{a, b, c} {
		if i := strings.IndexByte(s[:n], x); i >= 0 {
			n = i
		}
	}
	return n
}

// inputClass marks the bytes scanInput looks for: 1 a tab, CR or LF, 2
// a "%".
var inputClass = [256]uint8{'\t': 1, '\r': 1, '\n': 1, '%': 2}

// scanInput reports whether s holds a tab, a CR or a LF (breaks), and a
// "%" (escapes), in one pass.
// Eight bytes at a time, with the word tests of plain8; the last few
// bytes by the table.
func scanInput(s string) (breaks, escapes bool) {
	var br, es uint64
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := load8(s, i)
		br |= zeroByte(x^ones*'\t') | zeroByte(x^ones*'\r') | zeroByte(x^ones*'\n')
		es |= zeroByte(x ^ ones*'%')
	}
	var acc uint8
	for ; i < len(s); i++ {
		acc |= inputClass[s[i]]
	}
	return br&highs != 0 || acc&1 != 0, es&highs != 0 || acc&2 != 0
}

// isSpace reports the bytes Python's bytes.strip removes.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// schemeLen returns the length of the scheme of s when s starts with
// scheme ":", or 0.
func schemeLen(s string) int {
	if s == "" || !isAlpha(s[0]) {
		return 0
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ':':
			return i
		case isAlpha(c), c >= '0' && c <= '9', c == '+', c == '-', c == '.':
		default:
			return 0
		}
	}
	return 0
}

func isAlpha(c byte) bool { return (c|0x20)-'a' < 26 }

// httpPrefix returns the length of "http://" or "https://" at the start
// of s, or 0 (case-sensitive, as the reference's rule).
func httpPrefix(s string) int {
	switch {
	case strings.HasPrefix(s, "http://"):
		return 7
	case strings.HasPrefix(s, "https://"):
		return 8
	}
	return 0
}

// needsHost reports the schemes whose URLs have no key without a host.
func needsHost(scheme string) bool {
	switch len(scheme) {
	case 2:
		return strings.EqualFold(scheme, "ws")
	case 3:
		return strings.EqualFold(scheme, "ftp") || strings.EqualFold(scheme, "wss")
	case 4:
		return strings.EqualFold(scheme, "http")
	case 5:
		return strings.EqualFold(scheme, "https")
	}
	return false
}

// appendKey appends the key of url, by the fast path when it takes url.
func appendKey(dst []byte, url string, o Options) ([]byte, error) {
	if b, ok := appendKeyFast(dst, url, o); ok {
		return b, nil
	}
	return appendKeyGeneral(dst, url, o)
}

// appendKeyGeneral appends the key of any url, step by step.
func appendKeyGeneral(dst []byte, url string, o Options) ([]byte, error) {
	k := where{input: url}
	if url == "" {
		return append(dst, '-'), nil
	}
	if strings.HasPrefix(url, "filedesc") || strings.HasPrefix(url, "warcinfo") {
		return append(dst, url...), nil
	}
	lo, hi := 0, len(url)
	for lo < hi && isSpace(url[lo]) {
		lo++
	}
	for hi > lo && isSpace(url[hi-1]) {
		hi--
	}
	k.lo = lo
	if lo == hi {
		return dst, &Error{Offset: -1, Code: ErrEmpty, Input: url}
	}
	s := url[lo:hi]
	breaks, escapes := scanInput(s)
	if breaks {
		k.clean = true
		s = dropBreaks(s)
	}
	// Scratch space: a for decoded text, b for a normalized path or a
	// query to sort. They grow (by append) only when a longer text has
	// to go through them; most paths and queries are written straight
	// into dst.
	var sa, sb [128]byte
	a, b := sa[:0], sb[:0]

	// The scheme, "http" when there is none.
	base := 0 // offset in s of what rest holds
	var scheme, rest string
	implicit := false
	if n := schemeLen(s); n > 0 {
		// "http://https://host" keeps the last of the repeated prefixes.
		for {
			m := httpPrefix(s[base:])
			if m == 0 || httpPrefix(s[base+m:]) == 0 {
				break
			}
			base += m
		}
		n = schemeLen(s[base:])
		scheme, rest = s[base:base+n], s[base+n+1:]
		base += n + 1
	} else {
		scheme, rest, implicit = "http", s, true
	}

	// Split as the RFC 3986 Appendix B expression does.
	hasAuth := implicit
	var netloc string
	netOff := base
	if !implicit && strings.HasPrefix(rest, "//") {
		hasAuth = true
		rest = rest[2:]
		base += 2
		netOff = base
	}
	if hasAuth {
		i := indexAny3(rest, '/', '?', '#')
		netloc, rest = rest[:i], rest[i:]
		base += i
	}
	i := indexAny3(rest, '?', '#', '#')
	path, rest := rest[:i], rest[i:]
	var query, frag string
	if strings.HasPrefix(rest, "?") {
		rest = rest[1:]
		if i := strings.IndexByte(rest, '#'); i >= 0 {
			query, rest = rest[:i], rest[i:]
		} else {
			query, rest = rest, ""
		}
	}
	if strings.HasPrefix(rest, "#") {
		frag = rest[1:]
	}
	pathOff := base

	// The host and the port, as Python's urllib reads them.
	host, port, perr := k.hostPort(netloc, netOff)
	if perr != nil {
		return dst, perr
	}
	if host == "" && strings.HasPrefix(scheme, "http") && path != "" {
		// "http:////www.example.com/x": the host is the first segment.
		p := strings.TrimLeft(path, "/")
		netOff = pathOff + len(path) - len(p)
		hp := p
		path = "/"
		if i := strings.IndexByte(p, '/'); i >= 0 {
			hp, path = p[:i], p[i:]
		}
		host, port, perr = k.hostPort(hp, netOff)
		if perr != nil {
			return dst, perr
		}
	}
	if host == "" && needsHost(scheme) {
		return dst, k.errAt(ErrMissingHost, netOff)
	}
	if port == defaultPort(scheme) {
		port = 0
	}

	if host != "" {
		if o.Scheme {
			dst = appendSchemeOpen(dst, scheme)
		}
		dst, a = appendHost(dst, a, host, o.KeepWWW || strings.EqualFold(scheme, "dns"))
		dst = appendHostEnd(dst, port, o)
		if o.HostOnly {
			return dst, nil
		}
	} else {
		dst = append(dst, scheme...)
		dst = append(dst, ':')
	}

	// The path; a URL with a host has at least "/".
	start := len(dst)
	if host != "" && path == "" {
		path = "/"
	}
	if path != "" {
		if (!escapes || strings.IndexByte(path, '%') < 0) && (host == "" || plainPath(path)) {
			// Nothing to decode, no segment to resolve or drop.
			dst = slices.Grow(dst, escapedLen(path))
			dst = appendEscaped(dst, path, true)
		} else {
			a = appendUnescaped(a[:0], path)
			p := a
			if host != "" {
				b = normalizePath(b[:0], p)
				p = b
			}
			dst = slices.Grow(dst, escapedLen(p))
			dst = appendEscaped(dst, p, true)
		}
		dst = stripPathSessionID(dst, start)
		if n := len(dst); n-start > 1 && dst[n-1] == '/' {
			dst = dst[:n-1]
		}
	}
	pathEnd := len(dst)

	// The query, escaped into dst, then sorted from a copy.
	if query != "" {
		qs := len(dst) + 1
		if !escapes || strings.IndexByte(query, '%') < 0 {
			dst = slices.Grow(dst, escapedLen(query)+2)
			dst = append(dst, '?')
			dst = appendEscaped(dst, query, true)
		} else {
			a = appendUnescaped(a[:0], query)
			dst = slices.Grow(dst, escapedLen(a)+2)
			dst = append(dst, '?')
			dst = appendEscaped(dst, a, true)
		}
		q := stripQuerySessionID(dst[qs:])
		dst = dst[:qs+len(q)]
		switch {
		case len(q) == 0:
			dst = dst[:qs-1]
		case !o.KeepQueryOrder && len(q) > 1 && !querySorted(q):
			// The arguments are sorted from a copy in b, free by now.
			b = append(b[:0], q...)
			dst = appendSortedQuery(dst[:qs], b)
		}
	}
	if o.Fragment && frag != "" {
		a = appendUnescaped(a[:0], frag)
		dst = slices.Grow(dst, escapedLen(a)+2)
		dst = append(dst, '#')
		dst = appendEscaped(dst, a, false)
	}
	if pathEnd == start && len(dst) > pathEnd {
		// A query or fragment needs a path.
		dst = slices.Insert(dst, pathEnd, '/')
	}
	return dst, nil
}

// defaultPort returns the port the reference drops: 80 for http, 443 for
// https, and -1 (none) for every other scheme.
func defaultPort(scheme string) int {
	switch {
	case strings.EqualFold(scheme, "http"):
		return 80
	case strings.EqualFold(scheme, "https"):
		return 443
	}
	return -1
}

// hostPort returns the host and port of netloc (whose offset in the
// cleaned input is off): userinfo dropped, trailing colons dropped, a
// bracketed IPv6 literal unbracketed. Port 0 means none.
func (k where) hostPort(netloc string, off int) (host string, port int, err error) {
	netloc = strings.TrimRight(netloc, ":")
	if i := strings.LastIndexByte(netloc, '@'); i >= 0 {
		netloc, off = netloc[i+1:], off+i+1
	}
	var ps string
	psOff := 0
	if strings.HasPrefix(netloc, "[") {
		j := strings.IndexByte(netloc, ']')
		if j < 0 {
			return "", 0, k.errAt(ErrInvalidHost, off)
		}
		host = netloc[1:j]
		if !uri.IsIPv6(host) {
			return "", 0, k.errAt(ErrInvalidHost, off+1)
		}
		after := netloc[j+1:]
		switch {
		case after == "":
		case after[0] == ':':
			ps, psOff = after[1:], off+j+2
		default:
			return "", 0, k.errAt(ErrInvalidHost, off+j+1)
		}
	} else {
		for i := 0; i < len(netloc); i++ {
			if netloc[i] == '[' || netloc[i] == ']' {
				return "", 0, k.errAt(ErrInvalidHost, off+i)
			}
		}
		host = netloc
		if i := strings.IndexByte(netloc, ':'); i >= 0 {
			host, ps, psOff = netloc[:i], netloc[i+1:], off+i+1
		}
	}
	if ps != "" {
		for i := 0; i < len(ps); i++ {
			c := ps[i]
			if c < '0' || c > '9' {
				return "", 0, k.errAt(ErrInvalidPort, psOff+i)
			}
			port = port*10 + int(c-'0')
			if port > 65535 {
				return "", 0, k.errAt(ErrInvalidPort, psOff)
			}
		}
	}
	return host, port, nil
}

// appendHost appends the SURT form of host: unescaped, converted to
// A-labels, dots squeezed and trimmed, IPv4 forms read, lowercased,
// escaped, "www" dropped (unless keepWWW), labels reversed and joined by
// ",".
func appendHost(dst, a []byte, host string, keepWWW bool) ([]byte, []byte) {
	if plainHost(host) {
		return appendHostLabels(dst, host, host, keepWWW), a
	}
	h := appendUnescaped(a[:0], host)
	a = h
	if !isASCII(h) && len(h) <= maxIDNA && labelsFit(bytestr.String(h), 4*63) {
		// As Python's IDNA codec, a label longer than 63 bytes keeps
		// the bytes.
		if a, err := idna.DomainToASCII(string(h)); err == nil && labelsFit(a, 63) {
			h = append(h[:0], a...)
		}
	}
	// ".." becomes "." (once, left to right), then dots are trimmed.
	if slices.Contains(h, '.') {
		w := 0
		for i := 0; i < len(h); i++ {
			if h[i] == '.' && i+1 < len(h) && h[i+1] == '.' {
				h[w] = '.'
				w++
				i++
				continue
			}
			h[w] = h[i]
			w++
		}
		h = h[:w]
		for len(h) > 0 && h[0] == '.' {
			h = h[1:]
		}
		for len(h) > 0 && h[len(h)-1] == '.' {
			h = h[:len(h)-1]
		}
	}
	return appendHostLabels(dst, h, "", keepWWW), a
}

// plainHost reports whether host needs none of the first steps: ASCII
// without escapes or bytes to escape, and without dots to squeeze or
// trim.
func plainHost(h string) bool {
	if h == "" || h[0] == '.' || h[len(h)-1] == '.' || strings.Contains(h, "..") {
		return false
	}
	for i := 0; i < len(h); i++ {
		if escClass[h[i]] == 2 {
			return false // an escape, a byte to escape, non-ASCII
		}
	}
	return true
}

// appendHostLabels appends the SURT form of a host that is decoded,
// squeezed and in A-labels: read as an IPv4 address, or escaped and
// lowercased with its "www" dropped, then its labels reversed.
//
// same, when not empty, is h as a string that differs from what is
// written only in letter case (a host that needs no escape): the public
// suffix lookup of the "www" rule reads it, with no copy.
func appendHostLabels[T string | []byte](dst []byte, h T, same string, keepWWW bool) []byte {
	hs := len(dst)
	if ip, ok := attemptIPv4(h); ok {
		for i, v := range ip {
			if i > 0 {
				dst = append(dst, '.')
			}
			dst = strconv.AppendUint(dst, uint64(v), 10)
		}
	} else {
		dst = slices.Grow(dst, escapedLen(h))
		dst = appendEscaped(dst, h, true)
		if !keepWWW && len(dst)-hs > 4 && dst[hs] == 'w' {
			if m := massageHost(dst[hs:], same); len(m) < len(dst)-hs {
				n := copy(dst[hs:], m)
				dst = dst[:hs+n]
			}
		}
	}
	// Reverse the labels in place: reverse the bytes, then each label.
	hb := dst[hs:]
	slices.Reverse(hb)
	for len(hb) > 0 {
		i := slices.Index(hb, '.')
		if i < 0 {
			i = len(hb)
		}
		slices.Reverse(hb[:i])
		if i < len(hb) {
			hb[i] = ','
			i++
		}
		hb = hb[i:]
	}
	return dst
}

// massageHost drops a first label "www" followed by digits or nothing,
// as the IA canonicalizer does, except when what remains is itself a
// public suffix ("www.com", "www1355544.com", "www.co.uk" stay whole):
// the reference rule would make those "com" or "co.uk".
//
// same, when not empty, is h in another letter case.
func massageHost(h []byte, same string) []byte {
	if len(h) < 4 || h[0] != 'w' || h[1] != 'w' || h[2] != 'w' {
		return h
	}
	i := 3
	for i < len(h) && h[i] >= '0' && h[i] <= '9' {
		i++
	}
	if i >= len(h) || h[i] != '.' {
		return h
	}
	rest := h[i+1:]
	if len(rest) == 0 {
		return h
	}
	// The domain package may keep the name in an error: it gets the
	// input's text, or a copy.
	var rs string
	if len(same) == len(h) {
		rs = same[i+1:]
	} else {
		rs = string(rest)
	}
	// A name of one label that domain refuses ("www.123") stays too.
	if domain.IsPublicSuffix(rs) || !slices.Contains(rest, '.') {
		return h
	}
	return rest
}

// attemptIPv4 reads h as the reference does: all digits is a number
// (taken modulo 2^32); a dotted form that starts with a non-zero digit or
// with "0" and octal digits is read as inet_aton reads it (a part with a
// leading 0 is octal; the last part fills the remaining bytes).
func attemptIPv4[T string | []byte](h T) (ip [4]byte, ok bool) {
	if len(h) == 0 || h[0] < '0' || h[0] > '9' {
		return ip, false
	}
	allDigits := true
	for i := 0; i < len(h); i++ {
		if c := h[i]; c < '0' || c > '9' {
			allDigits = false
			break
		}
	}
	if allDigits {
		var v uint32
		for i := 0; i < len(h); i++ {
			v = v*10 + uint32(h[i]-'0')
		}
		return [4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}, true
	}
	// The shape: 1 to 4 parts of digits, the first starting with 1-9, or
	// with 0 and then octal digits, and the others octal then.
	octal := h[0] == '0'
	if h[0] < '0' || h[0] > '9' {
		return ip, false
	}
	parts := 1
	prevDot := false
	for i := 0; i < len(h); i++ {
		c := h[i]
		switch {
		case c == '.':
			if prevDot || i == 0 || i == len(h)-1 {
				return ip, false
			}
			parts++
			prevDot = true
			continue
		case c < '0' || c > '9':
			return ip, false
		case octal && c > '7':
			return ip, false
		}
		prevDot = false
	}
	if parts > 4 {
		return ip, false
	}
	// inet_aton.
	var vals [4]uint64
	n := 0
	for len(h) > 0 {
		p := h
		if i := indexByte(h, '.'); i >= 0 {
			p, h = h[:i], h[i+1:]
		} else {
			h = h[:0]
		}
		base := uint64(10)
		if len(p) > 1 && p[0] == '0' {
			base, p = 8, p[1:]
		}
		var v uint64
		for i := 0; i < len(p); i++ {
			d := uint64(p[i] - '0')
			if d >= base {
				return ip, false
			}
			v = v*base + d
			if v > 0xffffffff {
				return ip, false
			}
		}
		vals[n] = v
		n++
	}
	for i := 0; i < n-1; i++ {
		if vals[i] > 255 {
			return ip, false
		}
		ip[i] = byte(vals[i])
	}
	last := vals[n-1]
	if bits := uint(8 * (5 - n)); bits < 32 && last>>bits != 0 {
		return ip, false
	}
	for i := 3; i >= n-1; i-- {
		ip[i] = byte(last)
		last >>= 8
	}
	return ip, true
}

// maxIDNA is the longest host converted to A-labels: a DNS name has at
// most 253 bytes, and a Unicode character 4 bytes in UTF-8.
const maxIDNA = 1024

// labelsFit reports whether every label of the name a has at most n
// bytes (63 for an A-label; 4*63 for a UTF-8 label that may become one).
func labelsFit(a string, n int) bool {
	run := 0
	for i := 0; i < len(a); i++ {
		if a[i] == '.' {
			run = 0
			continue
		}
		if run++; run > n {
			return false
		}
	}
	return true
}

// escapedLen returns the length of p escaped by appendEscaped, or len(p)
// when p is short.
func escapedLen[T string | []byte](p T) int {
	n := len(p)
	if n < 256 {
		// Short text: append grows dst if need be, at a small cost.
		return n
	}
	for i := 0; i < len(p); i++ {
		if escClass[p[i]] == 2 {
			n += 2
		}
	}
	return n
}

func needsEscape(c byte) bool { return c <= ' ' || c >= 0x7f || c == '#' || c == '%' }

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func lower(c byte) byte {
	if c-'A' < 26 {
		return c + 'a' - 'A'
	}
	return c
}

// appendUnescaped appends s with its %XX escapes decoded again and again
// until none is left ("%2525" is "%"), as the reference's repeated
// unquoting does, in one pass: a decoded byte can complete an escape with
// the bytes before it (kept in b) or after it (still to come), and the
// result has no escape left either way.
func appendUnescaped[T string | []byte](b []byte, s T) []byte {
	if indexByte(s, '%') < 0 {
		return append(b, s...)
	}
	start := len(b)
	for i := 0; i < len(s); i++ {
		b = append(b, s[i])
		for n := len(b); n-start >= 3 && b[n-3] == '%' && hexdigit.Is(b[n-2]) && hexdigit.Is(b[n-1]); n = len(b) {
			c := hexdigit.Value(b[n-2])<<4 | hexdigit.Value(b[n-1])
			b = b[:n-3]
			b = append(b, c)
		}
	}
	return b
}

const upperHex = "0123456789ABCDEF"
const lowerHex = "0123456789abcdef"

// escClass classes the bytes for appendEscaped: 0 kept, 1 an uppercase
// letter, 2 escaped.
var escClass = func() (t [256]uint8) {
	for c := range 256 {
		switch {
		case needsEscape(byte(c)):
			t[c] = 2
		case c >= 'A' && c <= 'Z':
			t[c] = 1
		}
	}
	return t
}()

// appendEscaped appends p with the bytes the reference escapes (controls,
// space, "#", "%" and every byte from 0x7F) as %XX; with lowerCase, the
// letters and the hex digits are lowercase, as the IA canonicalizer's
// lowercasing leaves them. Runs of bytes kept as they are go in one copy.
func appendEscaped[T string | []byte](dst []byte, p T, lowerCase bool) []byte {
	hex := upperHex
	var least uint8 = 2 // the least class changed
	if lowerCase {
		hex, least = lowerHex, 1
	}
	i0 := 0
	for i := 0; i < len(p); {
		// Eight bytes at a time while none needs a change; the eight
		// that hold one go byte by byte.
		if i+8 <= len(p) && plain8(load8(p, i), lowerCase) {
			i += 8
			continue
		}
		for end := min(i+8, len(p)); i < end; i++ {
			c := p[i]
			cl := escClass[c]
			if cl < least {
				continue
			}
			dst = append(dst, p[i0:i]...)
			if cl == 1 {
				dst = append(dst, c+'a'-'A')
			} else {
				dst = append(dst, '%', hex[c>>4], hex[c&15])
			}
			i0 = i + 1
		}
	}
	return append(dst, p[i0:]...)
}

// load8 returns the 8 bytes of p at i as a little-endian word.
func load8[T string | []byte](p T, i int) uint64 {
	w := p[i : i+8]
	return uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
		uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
}

// Bytes of a word, for plain8.
const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// plain8 reports whether appendEscaped keeps all 8 bytes of x as they
// are: none is escaped (escClass 2: up to ' ', from 0x7F, "#", "%") and,
// with lowerCase, none is an uppercase letter. Each test is the exact
// "some byte is" form of the bit tricks (a carry or borrow only ever
// starts at a byte that is): TestPlain8 checks it against escClass.
func plain8(x uint64, lowerCase bool) bool {
	low := x & (ones * 0x7f)
	bad := x                      // a byte from 0x80
	bad |= low + ones*1           // 0x7F (no carry: low < 0x80)
	bad |= (x - ones*0x21) &^ x   // a byte up to ' '
	bad |= zeroByte(x ^ ones*'#') // "#"
	bad |= zeroByte(x ^ ones*'%') // "%"
	if lowerCase {
		// A byte in 'A'..'Z': low+(0x80-'A') reaches 0x80 and
		// low+(0x80-'Z'-1) does not.
		bad |= (low + ones*(0x80-'A')) &^ (low + ones*(0x80-'Z'-1))
	}
	return bad&highs == 0
}

// zeroByte has the high bit of some byte set when a byte of v is 0.
func zeroByte(v uint64) uint64 { return (v - ones) &^ v }

func indexByte[T string | []byte](s T, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// plainPath reports whether normalizePath leaves p as it is: it starts
// with "/" and has no empty, "." or ".." segment but maybe the last.
// One pass: n counts the bytes of the segment so far, dots its dots.
func plainPath(p string) bool {
	if p == "" || p[0] != '/' {
		return false
	}
	n, dots := 0, 0
	for i := 1; i < len(p); i++ {
		c := p[i]
		if c == '/' {
			if n == 0 || n == dots && n <= 2 {
				return false
			}
			n, dots = 0, 0
			continue
		}
		n++
		if c == '.' {
			dots++
		}
	}
	// The last segment may be empty (a final "/"), not "." or "..".
	return n == 0 || n != dots || n > 2
}

// normalizePath appends p with its dot segments resolved and its empty
// segments dropped (but a final "/" kept), as the reference does: a ".."
// with nothing to remove stays. The kept segments are held in out joined
// by "/" (an empty one is an empty string between two) and written at the
// end.
func normalizePath(out, p []byte) []byte {
	// Skip the first segment (empty: the path starts with "/").
	if i := slices.Index(p, '/'); i >= 0 {
		p = p[i+1:]
	} else {
		return append(out, '/')
	}
	start := len(out)
	kept := 0
	for done := false; !done; {
		seg := p
		if i := slices.Index(p, '/'); i >= 0 {
			seg, p = p[:i], p[i+1:]
		} else {
			done = true
		}
		switch {
		case len(seg) == 1 && seg[0] == '.':
			continue
		case len(seg) == 2 && seg[0] == '.' && seg[1] == '.':
			if kept > 0 {
				kept--
				j := start
				if i := lastSlash(out[start:]); i >= 0 {
					j = start + i
				}
				out = out[:j]
				continue
			}
		}
		if kept > 0 {
			out = append(out, '/')
		}
		out = append(out, seg...)
		kept++
	}
	// Write "/" + the non-empty kept segments but the last, each with
	// "/" after it, + the last one. Done in place from the front: the
	// result is at most one byte longer than the joined list.
	if kept == 0 {
		return append(out[:start], '/')
	}
	out = append(out, 0)
	list := out[start : len(out)-1]
	copy(out[start+1:], list)
	out[start] = '/'
	list = out[start+1:]
	w := start + 1
	i := 0
	for {
		j := slices.Index(list[i:], '/')
		if j < 0 {
			w += copy(out[w:], list[i:])
			break
		}
		if j > 0 {
			w += copy(out[w:], list[i:i+j+1])
		}
		i += j + 1
	}
	return out[:w]
}

func lastSlash(b []byte) int {
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] == '/' {
			return i
		}
	}
	return -1
}

// appendSortedQuery appends the arguments of q ("&"-separated) sorted as
// the reference sorts them: by name, then by value, an argument without
// "=" before one with.
func appendSortedQuery(dst, q []byte) []byte {
	if querySorted(q) {
		return append(dst, q...)
	}
	// Empty arguments sort first and are all alike: they are counted,
	// not indexed, so that the index has at most one entry per two bytes.
	empty, n := 0, 0
	prev := -1
	for i := 0; i <= len(q); i++ {
		if i == len(q) || q[i] == '&' {
			if i == prev+1 {
				empty++
			} else {
				n++
			}
			prev = i
		}
	}
	var stack [32]int32
	starts := stack[:0]
	if n > len(stack) {
		starts = make([]int32, 0, n)
	}
	prev = -1
	for i := 0; i <= len(q); i++ {
		if i == len(q) || q[i] == '&' {
			if i > prev+1 {
				starts = append(starts, int32(prev+1))
			}
			prev = i
		}
	}
	arg := func(s int32) []byte {
		a := q[s:]
		if i := slices.Index(a, '&'); i >= 0 {
			a = a[:i]
		}
		return a
	}
	slices.SortStableFunc(starts, func(x, y int32) int { return compareArgs(arg(x), arg(y)) })
	for j := range empty {
		if j > 0 {
			dst = append(dst, '&')
		}
	}
	for j, s := range starts {
		if j > 0 || empty > 0 {
			dst = append(dst, '&')
		}
		dst = append(dst, arg(s)...)
	}
	return dst
}

// compareArgs orders two query arguments as tuples (name, value).
func compareArgs(a, b []byte) int {
	an, av, ah := cutEq(a)
	bn, bv, bh := cutEq(b)
	if c := bytes.Compare(an, bn); c != 0 {
		return c
	}
	switch {
	case ah && bh:
		return bytes.Compare(av, bv)
	case ah:
		return 1
	case bh:
		return -1
	}
	return 0
}

func cutEq(a []byte) (name, value []byte, ok bool) {
	if i := slices.Index(a, '='); i >= 0 {
		return a[:i], a[i+1:], true
	}
	return a, nil, false
}

// querySorted reports whether the arguments of q are already in order.
func querySorted(q []byte) bool {
	var prev []byte
	first := true
	for len(q) >= 0 {
		a := q
		i := slices.Index(q, '&')
		if i >= 0 {
			a = q[:i]
		}
		if !first && compareArgs(prev, a) > 0 {
			return false
		}
		prev, first = a, false
		if i < 0 {
			return true
		}
		q = q[i+1:]
	}
	return true
}

// dropBreaks returns s without its tabs and line breaks, byte by byte:
// every other byte, UTF-8 or not, stays as it is.
func dropBreaks(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != '\t' && c != '\r' && c != '\n' {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// appendSchemeOpen appends the lowered scheme and "://(", which open a
// key with the Scheme option.
func appendSchemeOpen(dst []byte, scheme string) []byte {
	for i := 0; i < len(scheme); i++ {
		dst = append(dst, lower(scheme[i]))
	}
	return append(dst, "://("...)
}

// appendHostEnd appends what follows the host's labels: ":port" when
// port is above 0 (the caller has dropped a default port), the comma of
// the TrailingComma option, and ")".
func appendHostEnd(dst []byte, port int, o Options) []byte {
	if port > 0 {
		dst = append(dst, ':')
		dst = strconv.AppendInt(dst, int64(port), 10)
	}
	if o.TrailingComma {
		dst = append(dst, ',')
	}
	return append(dst, ')')
}
