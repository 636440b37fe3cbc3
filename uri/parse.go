package uri

import (
	"math"
	"math/bits"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/percent"
)

// Parse parses s strictly as an RFC 3986 URI-reference: a URI (with a
// scheme) or a relative-ref. On the first violation of the grammar it
// returns an [*Error] with the byte offset, the component and a [Code].
// It also rejects ports above 65535. Parse does not allocate when s is
// valid.
func Parse(s string) (Reference, error) {
	p := parser{s: s}
	var r Reference
	if !p.parse(&r, false) {
		return Reference{}, p.err
	}
	return r, nil
}

// ParseURI is Parse for the URI rule: the reference must have a scheme.
// Without one it fails with ErrMissingScheme, or ErrInvalidScheme when
// the text before the first ":" cannot be a scheme.
func ParseURI(s string) (Reference, error) {
	p := parser{s: s}
	var r Reference
	if !p.parse(&r, true) {
		return Reference{}, p.err
	}
	return r, nil
}

// MustParse is Parse that panics with Parse's error, for constants in
// programs and tests.
func MustParse(s string) Reference {
	r, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return r
}

// MustParseURI is ParseURI that panics with ParseURI's error, for
// constant base URIs in programs and tests.
func MustParseURI(s string) Reference {
	r, err := ParseURI(s)
	if err != nil {
		panic(err)
	}
	return r
}

// ParseLenient splits s into components the way Parse does, but accepts
// what real-world URLs contain: spaces and other characters RFC 3986 does
// not allow (`<>{}|\^"` and controls), raw non-ASCII text, invalid UTF-8,
// malformed escapes, ports above 65535, "[" in paths, several "@" in the
// authority (the last one ends the userinfo), a colon in the first segment
// of a relative path, bad IP literals and zones. The port is what follows
// the last ":" of the authority when only digits follow it; otherwise the
// ":" stays in the host and is reported. It never
// fails: every byte lands in some component, String returns s byte for
// byte, and each deviation is reported as a [Finding], in the order of
// their (first) offsets. The repeats of a deviation in a component are
// one Finding with a Count and the first Offsets, so the findings hold at
// most one entry per component and code, however long s is. A string that
// Parse accepts gives the same Reference and no findings.
func ParseLenient(s string) (Reference, []Finding) {
	p := parser{s: s, lenient: true}
	var r Reference
	p.parse(&r, false)
	// Only the colon of a relative path's first segment is reported out
	// of order; repeats are merged in order, so sorting by the first
	// offsets keeps each Finding's Offsets in order.
	cmp := func(a, b Finding) int { return a.Offset - b.Offset }
	if !slices.IsSortedFunc(p.findings, cmp) {
		slices.SortStableFunc(p.findings, cmp)
	}
	return r, p.findings
}

// Reference flags: which optional components are present.
const (
	fScheme uint8 = 1 << iota
	fAuthority
	fUserinfo
	fPort
	fQuery
	fFragment
)

// noStop is passed as a stop byte when a component has no terminator. It
// is "/", which is in the class of every component scanned to the end of
// the input and never occurs inside an authority range, so it never
// reaches the stop test.
const noStop = '/'

type parser struct {
	s        string
	lenient  bool
	findings []Finding
	err      *Error
}

// report records a problem. It returns true when parsing must stop
// (strict mode). In lenient mode a repeat is merged into the Finding of the
// same component and code: the list holds at most one per pair, so the
// scan for it is short.
func (p *parser) report(off int, c Component, code Code) bool {
	if p.lenient {
		for i := range p.findings {
			if f := &p.findings[i]; f.Code == code && f.Component == c {
				f.merge(off)
				return false
			}
		}
		p.findings = append(p.findings, Finding{Offset: off, Component: c, Code: code})
		return false
	}
	p.err = &Error{Offset: off, Code: code, Input: p.s, Component: c}
	return true
}

// skipClass returns the index of the first byte of s from i on that is
// not in the class mask, or len(s).
//
// It tests 8 bytes at a time, and finds where the run ends in the last 8
// with a bit count rather than a byte loop, whose exit the CPU would
// mispredict: from 8 bytes of input on, the tail is tested in the word of
// the last 8 bytes.
func skipClass(s string, i int, mask byte) int {
	if i == len(s) || classes[s[i]]&mask == 0 {
		return i
	}
	if len(s)-i >= longRun {
		// The percent set of the bytes the class excludes finds the end
		// of a long run with the vector loops (where the CPU has them).
		if set, ok := outside(mask); ok {
			if j := set.Index(s[i:]); j >= 0 {
				return i + j
			}
			return len(s)
		}
	}
	for i+8 <= len(s) {
		w := s[i : i+8]
		if classes[w[0]]&classes[w[1]]&classes[w[2]]&classes[w[3]]&
			classes[w[4]]&classes[w[5]]&classes[w[6]]&classes[w[7]]&mask == 0 {
			break
		}
		i += 8
	}
	if i == len(s) {
		return i
	}
	// The word to look in: the 8 bytes from i on, or the last 8 bytes
	// of s with those before i shifted out (they are in the class).
	j := i
	if i+8 > len(s) {
		if j = len(s) - 8; j < 0 {
			for i < len(s) && classes[s[i]]&mask != 0 {
				i++
			}
			return i
		}
	}
	w := s[j : j+8]
	x := (uint64(classes[w[0]]) | uint64(classes[w[1]])<<8 | uint64(classes[w[2]])<<16 | uint64(classes[w[3]])<<24 |
		uint64(classes[w[4]])<<32 | uint64(classes[w[5]])<<40 | uint64(classes[w[6]])<<48 | uint64(classes[w[7]])<<56) &
		(uint64(mask) * 0x0101010101010101)
	// The high bit of each zero byte (out of the class), exactly: no
	// carry crosses bytes.
	const low7 = 0x7f7f7f7f7f7f7f7f
	m := ^((x&low7 + low7) | x | low7) >> (8 * (i - j))
	return min(i+bits.TrailingZeros64(m)>>3, len(s))
}

// longRun is the input length from which skipClass searches with a
// percent.Set: below it, the fixed cost of the vector loop exceeds what it
// saves.
const longRun = 32

// outside returns the percent-encode set that holds exactly the bytes not
// in the class mask, for the classes that have one (TestOutsideSets checks
// them).
func outside(mask byte) (percent.Set, bool) {
	switch mask {
	case cUserinfo:
		return percent.Userinfo, true
	case cRegName:
		return percent.Host, true
	case cPath:
		return percent.Path, true
	case cQuery:
		return percent.Query, true
	}
	return percent.Set{}, false
}

// scan checks s[i:end] against the class mask up to the first byte equal to
// stop1 or stop2 that the class does not allow, and returns the index of
// that terminator (or end). ok is false when a strict parse must stop.
func (p *parser) scan(i, end int, mask byte, comp Component, stop1, stop2 byte) (int, bool) {
	s := p.s[:end]
	for i < len(s) {
		// Fast path: eight allowed bytes at a time, one branch.
		for i+8 <= len(s) {
			w := s[i : i+8]
			if classes[w[0]]&classes[w[1]]&classes[w[2]]&classes[w[3]]&
				classes[w[4]]&classes[w[5]]&classes[w[6]]&classes[w[7]]&mask == 0 {
				break
			}
			i += 8
		}
		if i >= len(s) {
			break
		}
		c := s[i]
		if classes[c]&mask != 0 {
			i++
			continue
		}
		if c == stop1 || c == stop2 {
			return i, true
		}
		if c == '%' {
			if i+2 < len(s) && isHexDigit(s[i+1]) && isHexDigit(s[i+2]) {
				i += 3
				continue
			}
			code := ErrInvalidEscape
			if i+1 == len(s) || s[i+1] == stop1 || s[i+1] == stop2 ||
				isHexDigit(s[i+1]) && (i+2 == len(s) || s[i+2] == stop1 || s[i+2] == stop2) {
				code = ErrTruncatedEscape
			}
			if p.report(i, comp, code) {
				return i, false
			}
			i++
			continue
		}
		n, code := 1, ErrInvalidChar
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size <= 1 {
				code = ErrInvalidUTF8
			} else {
				n, code = size, ErrNonASCII
			}
		}
		if p.report(i, comp, code) {
			return i, false
		}
		i += n
	}
	return len(s), true
}

func (p *parser) parse(r *Reference, requireScheme bool) bool {
	s := p.s
	if len(s) > math.MaxInt32 {
		p.report(0, ComponentPath, ErrTooLong)
		return false
	}
	i := 0
	if len(s) > 0 && isAlpha(s[0]) {
		j := 1
		for j < len(s) && classes[s[j]]&cScheme != 0 {
			j++
		}
		if j < len(s) && s[j] == ':' {
			r.flags |= fScheme
			r.schemeEnd = int32(j)
			i = j + 1
		}
	}
	if requireScheme && r.flags&fScheme == 0 {
		p.schemeError()
		return false
	}
	if i+1 < len(s) && s[i] == '/' && s[i+1] == '/' {
		r.flags |= fAuthority
		var ok bool
		if i, ok = p.authority(r, i+2); !ok {
			return false
		}
	}
	r.pathStart = int32(i)
	colon := -1
	if r.flags&(fScheme|fAuthority) == 0 {
		// path-noscheme: no ":" in the first segment.
		for k := i; k < len(s); k++ {
			c := s[k]
			if c == '/' || c == '?' || c == '#' {
				break
			}
			if c == ':' {
				colon = k
				if p.lenient {
					p.report(k, ComponentPath, ErrColonInFirstSegment)
				}
				break
			}
		}
	}
	i = skipClass(s, i, cPath)
	ok := true
	if i < len(s) && s[i] != '?' && s[i] != '#' {
		i, ok = p.scan(i, len(s), cPath, ComponentPath, '?', '#')
	}
	if colon >= 0 && !p.lenient && (ok || p.err.Offset > colon) {
		p.report(colon, ComponentPath, ErrColonInFirstSegment)
		return false
	}
	if !ok {
		return false
	}
	r.pathEnd = int32(i)
	if i < len(s) && s[i] == '?' {
		r.flags |= fQuery
		i = skipClass(s, i+1, cQuery)
		if i < len(s) && s[i] != '#' {
			if i, ok = p.scan(i, len(s), cQuery, ComponentQuery, '#', '#'); !ok {
				return false
			}
		}
	}
	r.queryEnd = int32(i)
	if i < len(s) {
		r.flags |= fFragment
		if _, ok = p.scan(i+1, len(s), cQuery, ComponentFragment, noStop, noStop); !ok {
			return false
		}
	}
	r.s = s
	return true
}

// schemeError reports why s has no scheme, for ParseURI.
func (p *parser) schemeError() {
	s := p.s
	k := strings.IndexAny(s, ":/?#")
	if k < 0 || s[k] != ':' {
		p.report(0, ComponentScheme, ErrMissingScheme)
		return
	}
	off := 0
	if k > 0 && isAlpha(s[0]) {
		for off = 1; off < k && classes[s[off]]&cScheme != 0; off++ {
		}
	}
	p.report(off, ComponentScheme, ErrInvalidScheme)
}

// authority parses the authority starting at a and returns the index of
// its end.
func (p *parser) authority(r *Reference, a int) (int, bool) {
	s := p.s
	if !p.lenient {
		// Fast path: a reg-name or IPv4 host (no userinfo, escape or IP
		// literal), then perhaps ":" and a port of digits, up to the end
		// of the authority. Anything else takes the general path below.
		hostEnd := skipClass(s, a, cRegName)
		k := hostEnd
		if k < len(s) && s[k] == ':' {
			for k++; k < len(s) && isDigit(s[k]); k++ {
			}
		}
		if k == len(s) || s[k] == '/' || s[k] == '?' || s[k] == '#' {
			r.hostStart, r.hostEnd = int32(a), int32(hostEnd)
			r.host = HostRegName
			if hostEnd > a && isDigit(s[a]) && IsIPv4(s[a:hostEnd]) {
				r.host = HostIPv4
			}
			if hostEnd < k {
				return k, p.port(r, hostEnd, k)
			}
			return k, true
		}
	}
	aend := a
	for aend < len(s) {
		c := s[aend]
		if c == '/' || c == '?' || c == '#' {
			break
		}
		aend++
	}
	h := a
	var at int
	if p.lenient {
		at = strings.LastIndexByte(s[a:aend], '@')
	} else {
		at = strings.IndexByte(s[a:aend], '@')
	}
	if at >= 0 {
		at += a
		r.flags |= fUserinfo
		if _, ok := p.scan(a, at, cUserinfo, ComponentUserinfo, noStop, noStop); !ok {
			return 0, false
		}
		h = at + 1
	}
	r.hostStart = int32(h)
	hostEnd, colon := aend, -1
	literal := false
	if p.lenient {
		hostEnd, colon, literal = p.lenientHost(r, h, aend)
	} else if h < aend && s[h] == '[' {
		end := strings.IndexByte(s[h:aend], ']')
		if end < 0 {
			p.report(aend, ComponentHost, ErrUnclosedIPLiteral)
			return 0, false
		}
		end += h
		typ, off, code := ipLiteral(s[h+1:end], h+1)
		if code != "" {
			p.report(off, ComponentHost, code)
			return 0, false
		}
		r.host = typ
		literal = true
		hostEnd = end + 1
		if hostEnd < aend {
			if s[hostEnd] != ':' {
				p.report(hostEnd, ComponentHost, ErrInvalidChar)
				return 0, false
			}
			colon = hostEnd
		}
	} else {
		var ok bool
		if hostEnd, ok = p.scan(h, aend, cRegName, ComponentHost, ':', ':'); !ok {
			return 0, false
		}
		if hostEnd < aend {
			colon = hostEnd
		}
	}
	r.hostEnd = int32(hostEnd)
	if !literal {
		r.host = HostRegName
		if IsIPv4(s[h:hostEnd]) {
			r.host = HostIPv4
		}
	}
	if colon >= 0 && !p.port(r, colon, aend) {
		return 0, false
	}
	return aend, true
}

// port checks the port after the ":" at colon, up to aend.
func (p *parser) port(r *Reference, colon, aend int) bool {
	s := p.s
	r.flags |= fPort
	v := 0
	for k := colon + 1; k < aend; k++ {
		c := s[k]
		if !isDigit(c) {
			if p.report(k, ComponentPort, ErrInvalidPort) {
				return false
			}
			continue
		}
		if v <= 65535 {
			v = v*10 + int(c-'0')
		}
	}
	return !(v > 65535 && p.report(colon+1, ComponentPort, ErrPortRange))
}

// lenientHost finds the host and port of s[h:aend] for ParseLenient: the
// port follows the last ":" when only digits follow it (and it is not
// inside brackets). It reports what is wrong with the host and returns the
// host's end, the index of the port's ":" (or -1), and whether the host is
// an IP literal.
func (p *parser) lenientHost(r *Reference, h, aend int) (int, int, bool) {
	s := p.s
	hostEnd, colon := aend, -1
	if k := strings.LastIndexByte(s[h:aend], ':'); k >= 0 {
		k += h
		digits := true
		for j := k + 1; j < aend; j++ {
			if !isDigit(s[j]) {
				digits = false
				break
			}
		}
		if digits && strings.IndexByte(s[k:aend], ']') < 0 {
			hostEnd, colon = k, k
		}
	}
	if hostEnd-h >= 2 && s[h] == '[' && s[hostEnd-1] == ']' {
		typ, off, code := ipLiteral(s[h+1:hostEnd-1], h+1)
		if code != "" {
			p.report(off, ComponentHost, code)
		}
		r.host = typ
		return hostEnd, colon, true
	}
	if hostEnd > h && s[h] == '[' {
		p.report(h, ComponentHost, ErrUnclosedIPLiteral)
		p.scan(h+1, hostEnd, cRegName, ComponentHost, noStop, noStop)
		return hostEnd, colon, false
	}
	p.scan(h, hostEnd, cRegName, ComponentHost, noStop, noStop)
	return hostEnd, colon, false
}
