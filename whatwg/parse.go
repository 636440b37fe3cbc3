package whatwg

import (
	"strconv"
	"sync"
	"unicode/utf8"

	"github.com/urikit/urikit/internal/bytestr"
	"github.com/urikit/urikit/internal/collapse"
	"github.com/urikit/urikit/internal/hexdigit"
)

// state is a state of the basic URL parser.
type state uint8

const (
	stNone state = iota
	stSchemeStart
	stScheme
	stNoScheme
	stSpecialRelativeOrAuthority
	stPathOrAuthority
	stRelative
	stRelativeSlash
	stSpecialAuthoritySlashes
	stSpecialAuthorityIgnoreSlashes
	stAuthority
	stHost
	stHostname
	stPort
	stFile
	stFileSlash
	stFileHost
	stPathStart
	stPath
	stOpaquePath
	stQuery
	stFragment
)

const eof = -1

// parser holds the state of one run of the basic URL parser. The URL being
// built is serialized into buf as the state machine goes, with its offsets
// in u; components are always produced in serialization order.
type parser struct {
	in   string // input after trimming (and tab/newline removal, see lazyTabs)
	base layout // the base URL's offsets; the zero layout when there is none
	buf  []byte // materialized output (see writer.go)
	n    int    // length of the virtual output p.in[:n]
	virt bool   // output is virtual
	u    layout
	// pooled says that the output may go into a scratch buffer from
	// scratchPool (CanParse, see canParseSlow); scratch is that buffer
	// once taken, which the caller gives back.
	pooled  bool
	scratch *[canParseScratch]byte
	port    int32 // the URL's port, or -1
	qPos    int   // index of "?" in buf, or -1
	fPos    int   // index of "#" in buf, or -1

	// State override (setters) and what the setter's URL looks like.
	override   state
	ovCreds    bool // the URL includes credentials
	ovPort     bool // the URL's port is non-null
	ovHostNull bool // the URL's host is null
	hostSet    bool
	portSet    bool

	lazyTabs bool // p.in may hold tabs and newlines: stop at the first
	sawTab   bool // run stopped at a tab or newline

	// Validation errors.
	collect  bool
	errs     []Finding // merged by code (see Finding)
	trim     int       // bytes trimmed from the start of the original input
	failCode Code
	failOff  int
	cause    error // the cause of the failure from package idna, or nil

	// Offsets in the original input of offsets in p.in when tabs and
	// newlines were removed: raw is the trimmed input with them, and byte
	// mapIn of p.in is byte mapRaw of raw (a cursor that offset moves).
	raw           string
	mapIn, mapRaw int
}

// Parse parses s as an absolute URL with the URL Standard's basic URL
// parser (UTF-8); to resolve a relative reference against a base, use
// the base's Parse method. On failure it returns an *Error carrying the
// validation error code and its byte offset.
//
// When s is already in its serialized form, the returned URL's href is s
// itself, so parsing allocates nothing.
func Parse(s string) (URL, error) {
	var u URL
	if parseCanonical(s, &u) {
		return u, nil
	}
	return parseSlow(s, layout{})
}

// Parse parses ref relative to base, the URL Standard's basic URL parser
// with a base URL (JavaScript's new URL(ref, base)). A base that is the
// zero URL, which is not a URL, counts as no base: ref must then be an
// absolute URL. The same holds for the other methods that take the base
// as their receiver (ParseInto, CanParse, ParseWithFindings).
func (base URL) Parse(ref string) (URL, error) {
	var u URL
	if parseCanonical(ref, &u) {
		return u, nil
	}
	return parseSlow(ref, base.baseLayout())
}

// parseSlow is Parse for an input off the fast path: the state machine.
func parseSlow(s string, base layout) (URL, error) {
	p := parser{base: base, virt: true}
	if !p.parse(s) {
		return URL{}, p.error(s)
	}
	var u URL
	u.store(&p.u)
	return u, nil
}

// MustParse is Parse that panics with Parse's error, for tests and fixed
// inputs.
func MustParse(s string) URL {
	u, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}

// error returns the *Error of the failed parse of s.
func (p *parser) error(s string) error {
	e := &Error{Offset: p.failOff, Code: p.failCode, Input: s}
	if p.failCode == ErrDomainToASCII {
		e.Err = p.cause
	}
	return e
}

// ParseInto is Parse that stores the result in *dst; on failure *dst is
// left unchanged. With one URL reused for many inputs, it avoids copying
// the result.
func ParseInto(dst *URL, s string) error {
	return parseInto(dst, s, layout{})
}

// ParseInto is base.Parse that stores the result in *dst; on failure
// *dst is left unchanged.
func (base URL) ParseInto(dst *URL, ref string) error {
	return parseInto(dst, ref, base.baseLayout())
}

func parseInto(dst *URL, s string, base layout) error {
	if parseCanonical(s, dst) {
		return nil
	}
	p := parser{base: base, virt: true}
	if !p.parse(s) {
		return p.error(s)
	}
	dst.store(&p.u)
	return nil
}

// ParseWithFindings is Parse that also returns the validation errors met,
// whether or not parsing succeeded: one Finding for each code, in the
// order the parser first met them, with how many times it was met and
// where (see Finding), so that the list is short whatever the input. The
// offsets are byte offsets in s; findings about a host point at the start
// of the host.
func ParseWithFindings(s string) (URL, []Finding, error) {
	return parseWithFindings(s, layout{})
}

// ParseWithFindings is base.Parse that also returns the validation errors
// met, as the function ParseWithFindings does.
func (base URL) ParseWithFindings(ref string) (URL, []Finding, error) {
	return parseWithFindings(ref, base.baseLayout())
}

func parseWithFindings(s string, base layout) (URL, []Finding, error) {
	p := parser{base: base, virt: true, collect: true}
	if !p.parse(s) {
		return URL{}, p.errs, p.error(s)
	}
	var u URL
	u.store(&p.u)
	return u, p.errs, nil
}

// CanParse reports whether s parses as an absolute URL (JavaScript's
// URL.canParse(s)); the base's CanParse method checks a reference against
// a base. It does not allocate for inputs in serialized form, nor for
// most others of up to a few hundred bytes (see canParseScratch); a host
// that needs IDNA or percent-decoding may.
func CanParse(s string) bool {
	var u URL
	if parseCanonical(s, &u) {
		return true
	}
	return canParseSlow(s, layout{})
}

// CanParse reports whether ref parses relative to base (JavaScript's
// URL.canParse(ref, base)), as CanParse does.
func (base URL) CanParse(ref string) bool {
	var u URL
	if parseCanonical(ref, &u) {
		return true
	}
	return canParseSlow(ref, base.baseLayout())
}

// canParseScratch is the size of the scratch buffers that CanParse's
// parser writes its output into: an input of up to about 300 bytes (less
// with tabs or newlines to remove) does not need a buffer of its own.
const canParseScratch = 512

// scratchPool holds CanParse's scratch buffers (see canParseSlow).
var scratchPool = sync.Pool{New: func() any { return new([canParseScratch]byte) }}

// canParseSlow is CanParse for an input that is not in serialized form:
// the state machine, writing its output, when it must write one (see
// writer.go), into a scratch buffer from scratchPool until it outgrows
// it. The buffer is taken only when the output is materialized, and
// given back here: nothing keeps the output past this call, as only a
// bool comes back. Nor does the output reach package idna, which could
// keep it (see appendDomainToASCII).
//
//go:noinline
func canParseSlow(input string, base layout) bool {
	p := parser{base: base, virt: true, pooled: true}
	ok := p.parse(input)
	if p.scratch != nil {
		scratchPool.Put(p.scratch)
	}
	return ok
}

func isC0OrSpace(c byte) bool { return c <= ' ' }

// parse runs the basic URL parser on input and reports whether it
// succeeded; the URL is then in p.u.
func (p *parser) parse(input string) bool {
	s := input
	i, j := 0, len(s)
	for i < j && isC0OrSpace(s[i]) {
		i++
	}
	for j > i && isC0OrSpace(s[j-1]) {
		j--
	}
	if (i > 0 || j < len(s)) && p.collect {
		off := 0
		if i == 0 {
			off = j
		}
		p.record(ErrInvalidURLUnit, off, -1)
	}
	p.trim = i
	s = s[i:j]
	if p.collect {
		s = p.removeTabs(s)
	} else {
		// Tabs and newlines are rare: parse as is, and start again
		// without them if the parser meets one.
		p.lazyTabs = true
	}
	p.in = s
	if !p.run(stSchemeStart) {
		if !p.sawTab {
			return false
		}
		*p = parser{base: p.base, virt: true, trim: p.trim, pooled: p.pooled, scratch: p.scratch}
		p.in = p.removeTabs(s)
		if !p.run(stSchemeStart) {
			return false
		}
	}
	p.finish()
	return true
}

// removeTabs removes ASCII tabs and newlines; offset maps offsets back.
func (p *parser) removeTabs(s string) string {
	k := 0
	for k < len(s) && classes[s[k]]&clTabNewline == 0 {
		k++
	}
	if k == len(s) {
		return s
	}
	if p.collect {
		p.record(ErrInvalidURLUnit, p.trim+k, -1)
	}
	b := make([]byte, k, len(s))
	copy(b, s[:k])
	for i := k + 1; i < len(s); i++ {
		if classes[s[i]]&clTabNewline == 0 {
			b = append(b, s[i])
		}
	}
	p.raw, p.mapIn, p.mapRaw = s, 0, 0
	// b was made here for this string and goes out of scope: it is not
	// written again.
	return bytestr.String(b)
}

// offset maps an offset in p.in to one in the original input. When tabs
// and newlines were removed, it moves a cursor over the input with them:
// offsets are asked for mostly in increasing order, and at most a few
// times for each code (see record), so that the walks add up to a few
// passes over the input.
func (p *parser) offset(i int) int {
	if p.raw == "" {
		return i + p.trim
	}
	raw := p.raw
	for p.mapIn < i {
		p.mapRaw++
		for p.mapRaw < len(raw) && classes[raw[p.mapRaw]]&clTabNewline != 0 {
			p.mapRaw++
		}
		p.mapIn++
	}
	for p.mapIn > i {
		p.mapRaw--
		for p.mapRaw > 0 && classes[raw[p.mapRaw]]&clTabNewline != 0 {
			p.mapRaw--
		}
		p.mapIn--
	}
	return p.mapRaw + p.trim
}

// record records the validation error code at offset off of the original
// input or, when off < 0, at offset i of p.in, merging it into the finding
// already recorded with that code (see Finding and internal/collapse).
// The offset is only worked out when it is kept.
func (p *parser) record(code Code, off, i int) {
	for k := range p.errs {
		e := &p.errs[k]
		if e.Code != code {
			continue
		}
		if off < 0 && len(e.Offsets) < collapse.MaxOffsets {
			off = p.offset(i)
		}
		collapse.Add(e.Offset, &e.Count, &e.Offsets, off)
		return
	}
	if off < 0 {
		off = p.offset(i)
	}
	p.errs = append(p.errs, Finding{Code: code, Offset: off})
}

func (p *parser) err(code Code, i int) {
	if p.collect {
		p.record(code, -1, i)
	}
}

// fail records a failure and returns false.
func (p *parser) fail(code Code, i int) bool {
	p.failCode = code
	p.failOff = p.offset(i)
	if p.collect {
		p.record(code, p.failOff, -1)
	}
	return false
}

// failQuiet records a failure whose validation error was already recorded.
func (p *parser) failQuiet(code Code, i int) bool {
	p.failCode = code
	p.failOff = p.offset(i)
	return false
}

// finish fixes the final offsets of p.u, adds "/." where the serializer
// needs it and sets its href.
func (p *parser) finish() {
	u := &p.u
	end := p.size()
	f, q := end, end
	if p.fPos >= 0 {
		f = p.fPos
		q = f
	}
	if p.qPos >= 0 {
		q = p.qPos
	}
	if u.host == hostNone && !u.opaque && q-int(u.pathStart) >= 2 && p.byteAt(int(u.pathStart)) == '/' && p.byteAt(int(u.pathStart)+1) == '/' {
		p.materialize()
		ps := int(u.pathStart)
		p.buf = append(p.buf, 0, 0)
		copy(p.buf[ps+2:], p.buf[ps:end])
		p.buf[ps], p.buf[ps+1] = '/', '.'
		u.pathStart += 2
		q += 2
		f += 2
	}
	u.queryStart = uint32(q)
	u.fragStart = uint32(f)
	if p.virt {
		u.href = p.in[:p.n]
	} else {
		// The parser is done: p.buf is not written again (a setter's
		// parser is dropped after finish, and CanParse's, whose buffer
		// may be pooled, reads no href).
		u.href = bytestr.String(p.buf)
	}
}

// noHost sets the authority offsets for a URL whose host is null.
func (p *parser) noHost() {
	n := uint32(p.size())
	p.u.userEnd, p.u.hostStart, p.u.hostEnd, p.u.pathStart = n, n, n, n
	p.u.host = hostNone
	p.port = -1
}

// emptyHost writes "//" and an empty host.
func (p *parser) emptyHost() {
	p.put("//")
	n := uint32(p.size())
	p.u.userEnd, p.u.hostStart, p.u.hostEnd, p.u.pathStart = n, n, n, n
	p.u.host = hostEmpty
	p.port = -1
}

// copyBaseAuth copies the base's scheme-relative authority (credentials,
// host and port) after the scheme already in buf.
func (p *parser) copyBaseAuth() {
	b := &p.base
	p.put(b.href[b.schemeEnd+1 : b.authEnd()])
	p.u.userEnd, p.u.hostStart, p.u.hostEnd = b.userEnd, b.hostStart, b.hostEnd
	p.u.host = b.host
	p.port = b.portNum()
	p.u.pathStart = uint32(p.size())
}

func (p *parser) copyBaseQuery() {
	b := &p.base
	if b.queryStart < b.fragStart {
		p.qPos = p.size()
		p.put(b.href[b.queryStart:b.fragStart])
	}
}

func (p *parser) startQuery() {
	p.qPos = p.size()
	p.putc('?')
}

func (p *parser) startFragment() {
	p.fPos = p.size()
	p.putc('#')
}

// shorten removes the last path segment, except a lone normalized Windows
// drive letter of a file URL.
func (p *parser) shorten() {
	ps := int(p.u.pathStart)
	if p.u.scheme == schemeFile && p.size()-ps == 3 && p.byteAt(ps) == '/' && isAlpha(p.byteAt(ps+1)) && p.byteAt(ps+2) == ':' {
		return
	}
	if i := p.lastSlash(ps); i >= 0 {
		p.truncate(i)
	}
}

func startsWithWindowsDriveLetter(s string) bool {
	if len(s) < 2 || !isAlpha(s[0]) || (s[1] != ':' && s[1] != '|') {
		return false
	}
	if len(s) == 2 {
		return true
	}
	switch s[2] {
	case '/', '\\', '?', '#':
		return true
	}
	return false
}

// fastAuthority handles the common authority of a special URL: "//"
// followed by a host with no credentials and an optional port, starting at
// p.in[start]. It returns the index of the character after the authority,
// -1 when parsing fails, or -2 when the authority needs the general state
// machine (nothing has been written then).
func (p *parser) fastAuthority(start int) int {
	in := p.in
	n := len(in)
	j := start
	plain := clDomainPlain
	for j < n {
		c := classes[in[j]]
		if c&(clAuthDelim|clHostDelim) != 0 {
			break
		}
		plain &= c
		j++
	}
	if j == start {
		return -2
	}
	hostEnd := j
	portStart := -1
	if j < n && in[j] == ':' {
		portStart = j + 1
		j++
		for j < n && isDigit(in[j]) {
			j++
		}
	}
	if j < n {
		switch in[j] {
		case '/', '?', '#', '\\':
		default:
			return -2
		}
	}
	p.put("//")
	pos := uint32(p.size())
	p.u.userEnd, p.u.hostStart = pos, pos
	if plain != 0 {
		// Already a lowercase ASCII domain (or IPv4 address).
		p.putIn(start, hostEnd)
		if !p.finishDomain(int(pos), true, start) {
			return -1
		}
	} else if !p.parseHost(in[start:hostEnd], false, start) {
		return -1
	}
	p.u.hostEnd = uint32(p.size())
	if portStart >= 0 && j > portStart {
		v := 0
		for i := portStart; i < j; i++ {
			v = v*10 + int(in[i]-'0')
			if v > 65535 {
				p.fail(ErrPortOutOfRange, portStart)
				return -1
			}
		}
		if int32(v) != p.u.scheme.defaultPort() {
			p.port = int32(v)
			var tmp [8]byte
			b := append(tmp[:0], ':')
			p.putBytes(strconv.AppendInt(b, int64(v), 10))
		}
	}
	return j
}

// scan returns the index of the first byte of s[j:] outside class cl, or
// len(s).
func scan(s string, j int, cl uint32) int {
	t := s[j:]
	for len(t) >= 4 && classes[t[0]]&classes[t[1]]&classes[t[2]]&classes[t[3]]&cl != 0 {
		t = t[4:]
	}
	for len(t) > 0 && classes[t[0]]&cl != 0 {
		t = t[1:]
	}
	return len(s) - len(t)
}

// scanAll returns the index of the first byte of s[j:] that lacks one of
// the class bits in mask, or len(s).
func scanAll(s string, j int, mask uint32) int {
	t := s[j:]
	for len(t) >= 4 && classes[t[0]]&classes[t[1]]&classes[t[2]]&classes[t[3]]&mask == mask {
		t = t[4:]
	}
	for len(t) > 0 && classes[t[0]]&mask == mask {
		t = t[1:]
	}
	return len(s) - len(t)
}

// runMask returns the class bits a byte needs to be copied in a run: cl,
// plus being a URL code point when validation errors are collected (other
// bytes, "%" included, are checked one at a time).
func (p *parser) runMask(cl uint32) uint32 {
	if p.collect {
		return cl | clURLCode
	}
	return cl
}

// mayBeSpecial reports whether the segment starting with the "/" at output
// index segStart may be a dot segment (it starts with "." or "%" and has
// at most 6 bytes) or the first segment of a file URL's path (a possible
// drive letter).
func (p *parser) mayBeSpecial(segStart int) bool {
	k := p.size() - segStart - 1
	if k == 0 || k > 6 {
		return false
	}
	c := p.byteAt(segStart + 1)
	return c == '.' || c == '%' || (k == 2 && p.u.scheme == schemeFile && segStart == int(p.u.pathStart))
}

// endSegment finishes the path segment that starts with the "/" at
// output index segStart; slash says whether a "/" (or "\\" in a special
// URL) ended it.
func (p *parser) endSegment(segStart int, slash bool) {
	if !p.mayBeSpecial(segStart) {
		return
	}
	switch p.segKind(segStart + 1) {
	case segDoubleDot:
		p.truncate(segStart)
		p.shorten()
		if !slash {
			p.putc('/')
		}
	case segSingleDot:
		p.truncate(segStart)
		if !slash {
			p.putc('/')
		}
	case segDriveLetter:
		if p.u.scheme == schemeFile && segStart == int(p.u.pathStart) {
			p.setByte(segStart+2, ':')
		}
	}
}

// pathRun is the path state for the common case (no state override, no
// validation errors): it processes the path from p.in[ptr:] on, inside
// the segment starting at output index segStart, and returns the index of
// the "?" or "#" that ends the path, or len(p.in), or -1 when it meets a
// tab or newline that must be removed first.
func (p *parser) pathRun(ptr, segStart int, special bool) int {
	in := p.in
	n := len(in)
	for {
		j := ptr
		j = scan(in, j, clPathRun)
		if j > ptr {
			p.putIn(ptr, j)
		}
		short := p.mayBeSpecial(segStart)
		if j == n {
			if short {
				p.endSegment(segStart, false)
			}
			return j
		}
		switch c := in[j]; {
		case c == '/' || (special && c == '\\'):
			if short {
				p.endSegment(segStart, true)
			}
			segStart = p.size()
			if p.virt && p.n == j && c == '/' {
				p.n++ // the output is still the input
			} else {
				p.putc('/')
			}
		case c == '?' || c == '#':
			if short {
				p.endSegment(segStart, false)
			}
			return j
		case classes[c]&clPath != 0:
			p.putc(c)
		case classes[c]&clTabNewline != 0 && p.lazyTabs:
			return -1
		default:
			p.putPct(c)
		}
		ptr = j + 1
	}
}

// checkUnit records invalid-URL-unit for the code point at in[i] when it
// is not a URL unit (it is the byte c).
func (p *parser) checkUnit(i int) {
	c := p.in[i]
	if c < 0x80 {
		if c == '%' {
			if i+2 >= len(p.in) || !hexdigit.Is(p.in[i+1]) || !hexdigit.Is(p.in[i+2]) {
				p.err(ErrInvalidURLUnit, i)
			}
			return
		}
		if classes[c]&clURLCode == 0 {
			p.err(ErrInvalidURLUnit, i)
		}
		return
	}
	if !utf8.RuneStart(c) {
		// A continuation byte: fine inside a valid sequence (reported,
		// if invalid, at its first byte), an error when stray.
		for k := i - 1; k >= 0 && k >= i-3; k-- {
			if lead := p.in[k]; utf8.RuneStart(lead) {
				n := 0 // sequence length announced by the lead byte
				switch {
				case lead >= 0xF0:
					n = 4
				case lead >= 0xE0:
					n = 3
				case lead >= 0xC0:
					n = 2
				}
				if k+n > i {
					return
				}
				break
			}
		}
		p.err(ErrInvalidURLUnit, i)
		return
	}
	r, _ := utf8.DecodeRuneInString(p.in[i:])
	if r == utf8.RuneError || isNoncharacter(r) {
		p.err(ErrInvalidURLUnit, i)
	}
}

func isNoncharacter(r rune) bool {
	return r >= 0xFDD0 && r <= 0xFDEF || r&0xFFFE == 0xFFFE
}

// run runs the state machine from st over p.in. It reports false on
// failure (or when a state override asks to stop with failure).
func (p *parser) run(st state) bool {
	in := p.in
	n := len(in)
	p.qPos, p.fPos = -1, -1
	if p.override == stNone {
		p.port = -1
	}
	bufStart := -1
	var atSignSeen, insideBrackets, passwordTokenSeen, inSeg bool
	segStart, userStart := 0, 0
	for ptr := 0; ptr <= n; ptr++ {
		c := eof
		if ptr < n {
			c = int(in[ptr])
			if classes[c]&clTabNewline != 0 && p.lazyTabs {
				p.sawTab = true
				return false
			}
		}
		special := p.u.scheme.special()
		switch st {
		case stSchemeStart:
			if c != eof && isAlpha(byte(c)) {
				st = stScheme
				bufStart = ptr
				for ptr+1 < n && classes[in[ptr+1]]&clScheme != 0 {
					ptr++
				}
			} else if p.override == stNone {
				st = stNoScheme
				ptr--
			} else {
				return false
			}

		case stScheme:
			if c != eof && classes[c]&clScheme != 0 {
				continue
			}
			if c == ':' {
				p.putLower(in[bufStart:ptr])
				p.u.schemeEnd = uint32(p.size())
				p.u.scheme = schemeTypeFold(in[bufStart:ptr])
				p.putc(':')
				bufStart = -1
				special = p.u.scheme.special()
				switch {
				case p.u.scheme == schemeFile:
					if ptr+2 >= n || in[ptr+1] != '/' || in[ptr+2] != '/' {
						p.err(ErrSpecialSchemeMissingSolidus, ptr+1)
					}
					st = stFile
					if ptr+3 < n && in[ptr+1] == '/' && in[ptr+2] == '/' && in[ptr+3] == '/' && p.override == stNone {
						// "file:///": the file, file slash and file host
						// states end with an empty host, whatever the base.
						p.emptyHost()
						st = stPathStart
						ptr += 2
					}
				case special && p.base.href != "" && p.base.scheme == p.u.scheme:
					st = stSpecialRelativeOrAuthority
				case special:
					st = stSpecialAuthoritySlashes
					if !p.collect && p.override == stNone && ptr+2 < n && in[ptr+1] == '/' && in[ptr+2] == '/' {
						switch end := p.fastAuthority(ptr + 3); {
						case end == -1:
							return false
						case end >= 0:
							st = stPathStart
							ptr = end - 1
						}
					}
				case ptr+1 < n && in[ptr+1] == '/':
					st = stPathOrAuthority
					ptr++
				default:
					p.noHost()
					p.u.opaque = true
					st = stOpaquePath
				}
			} else if p.override == stNone {
				st = stNoScheme
				bufStart = -1
				ptr = -1
			} else {
				return false
			}

		case stNoScheme:
			b := &p.base
			if b.href == "" || (b.opaque && c != '#') {
				return p.fail(ErrMissingSchemeNonRelativeURL, max(ptr, 0))
			}
			if b.opaque {
				p.truncate(0)
				p.put(b.href[:b.fragStart])
				p.u = *b
				p.u.href = ""
				if b.queryStart < b.fragStart {
					p.qPos = int(b.queryStart)
				}
				p.startFragment()
				st = stFragment
			} else if b.scheme != schemeFile {
				st = stRelative
				ptr--
			} else {
				st = stFile
				ptr--
			}

		case stSpecialRelativeOrAuthority:
			if c == '/' && ptr+1 < n && in[ptr+1] == '/' {
				st = stSpecialAuthorityIgnoreSlashes
				ptr++
			} else {
				p.err(ErrSpecialSchemeMissingSolidus, ptr)
				st = stRelative
				ptr--
			}

		case stPathOrAuthority:
			if c == '/' {
				st = stAuthority
				bufStart = -1
			} else {
				p.noHost()
				st = stPath
				ptr--
			}

		case stRelative:
			b := &p.base
			p.truncate(0)
			p.put(b.href[:b.schemeEnd+1])
			p.u.schemeEnd = b.schemeEnd
			p.u.scheme = b.scheme
			special = b.scheme.special()
			if c == '/' {
				st = stRelativeSlash
			} else if special && c == '\\' {
				p.err(ErrInvalidReverseSolidus, ptr)
				st = stRelativeSlash
			} else {
				p.copyBaseAuth()
				p.put(b.href[b.pathStart:b.queryStart])
				switch c {
				case '?':
					p.startQuery()
					st = stQuery
				case '#':
					p.copyBaseQuery()
					p.startFragment()
					st = stFragment
				case eof:
					p.copyBaseQuery()
				default:
					p.shorten()
					st = stPath
					ptr--
				}
			}

		case stRelativeSlash:
			if special && (c == '/' || c == '\\') {
				if c == '\\' {
					p.err(ErrInvalidReverseSolidus, ptr)
				}
				st = stSpecialAuthorityIgnoreSlashes
			} else if c == '/' {
				st = stAuthority
				bufStart = -1
			} else {
				p.copyBaseAuth()
				st = stPath
				ptr--
			}

		case stSpecialAuthoritySlashes:
			if c == '/' && ptr+1 < n && in[ptr+1] == '/' {
				st = stSpecialAuthorityIgnoreSlashes
				ptr++
			} else {
				p.err(ErrSpecialSchemeMissingSolidus, ptr)
				st = stSpecialAuthorityIgnoreSlashes
				ptr--
			}

		case stSpecialAuthorityIgnoreSlashes:
			if c != '/' && c != '\\' {
				st = stAuthority
				bufStart = -1
				ptr--
			} else {
				p.err(ErrSpecialSchemeMissingSolidus, ptr)
			}

		case stAuthority:
			if bufStart < 0 {
				p.put("//")
				userStart = p.size()
				p.u.userEnd = uint32(userStart)
				bufStart = ptr
				atSignSeen, passwordTokenSeen = false, false
			}
			switch {
			case c == '@':
				p.err(ErrInvalidCredentials, ptr)
				if atSignSeen {
					p.put("%40")
				}
				atSignSeen = true
				for i := bufStart; i < ptr; i++ {
					ch := in[i]
					if ch == ':' && !passwordTokenSeen {
						passwordTokenSeen = true
						p.u.userEnd = uint32(p.size())
						p.putc(':')
						continue
					}
					if classes[ch]&clUserinfo != 0 {
						p.putc(ch)
					} else {
						p.putPct(ch)
					}
				}
				bufStart = ptr + 1
			case c == eof || c == '/' || c == '?' || c == '#' || (special && c == '\\'):
				if atSignSeen && bufStart == ptr {
					return p.fail(ErrHostMissing, ptr)
				}
				if !passwordTokenSeen {
					p.u.userEnd = uint32(p.size())
				} else if p.size() == int(p.u.userEnd)+1 {
					p.truncate(int(p.u.userEnd)) // empty password: drop the ":"
				}
				if p.size() > userStart {
					p.putc('@')
				}
				p.u.hostStart = uint32(p.size())
				ptr = bufStart - 1
				bufStart = -1
				st = stHost
			default:
				// Skip ahead to the next delimiter.
				for ptr+1 < n && classes[in[ptr+1]]&clAuthDelim == 0 {
					ptr++
				}
			}

		case stHost, stHostname:
			if bufStart < 0 {
				bufStart = ptr
				insideBrackets = false
			}
			if p.override != stNone && p.u.scheme == schemeFile {
				ptr--
				st = stFileHost
				bufStart = -1
				continue
			}
			if c == ':' && !insideBrackets {
				if bufStart == ptr {
					return p.fail(ErrHostMissing, ptr)
				}
				if p.override == stHostname {
					return false
				}
				if !p.parseHost(in[bufStart:ptr], !special, bufStart) {
					return false
				}
				p.u.hostEnd = uint32(p.size())
				p.hostSet = true
				bufStart = -1
				st = stPort
			} else if c == eof || c == '/' || c == '?' || c == '#' || (special && c == '\\') {
				end := ptr
				ptr--
				if special && bufStart == end {
					return p.fail(ErrHostMissing, end)
				}
				if p.override != stNone && bufStart == end && (p.ovCreds || p.ovPort) {
					return false
				}
				if !p.parseHost(in[bufStart:end], !special, bufStart) {
					return false
				}
				p.u.hostEnd = uint32(p.size())
				p.hostSet = true
				if p.override != stNone {
					return true
				}
				st = stPathStart
			} else {
				if c == '[' {
					insideBrackets = true
				} else if c == ']' {
					insideBrackets = false
				}
				// Skip ahead to the next character that matters.
				for ptr+1 < n && classes[in[ptr+1]]&clHostDelim == 0 {
					ptr++
				}
			}

		case stPort:
			if bufStart < 0 {
				bufStart = ptr
			}
			if c != eof && isDigit(byte(c)) {
				continue
			}
			if c == eof || c == '/' || c == '?' || c == '#' || (special && c == '\\') || p.override != stNone {
				if ptr > bufStart {
					v := 0
					for i := bufStart; i < ptr; i++ {
						v = v*10 + int(in[i]-'0')
						if v > 65535 {
							return p.fail(ErrPortOutOfRange, bufStart)
						}
					}
					if int32(v) == p.u.scheme.defaultPort() {
						p.port = -1
					} else {
						p.port = int32(v)
						p.putc(':')
						var tmp [8]byte
						p.putBytes(strconv.AppendInt(tmp[:0], int64(v), 10))
					}
					p.portSet = true
					bufStart = -1
					if p.override != stNone {
						return true
					}
				}
				if p.override != stNone {
					return false
				}
				st = stPathStart
				ptr--
			} else {
				return p.fail(ErrPortInvalid, ptr)
			}

		case stFile:
			if p.size() == 0 {
				p.put("file:")
				p.u.schemeEnd = 4
				p.u.scheme = schemeFile
			}
			b := &p.base
			if c == '/' || c == '\\' {
				if c == '\\' {
					p.err(ErrInvalidReverseSolidus, ptr)
				}
				st = stFileSlash
			} else if b.href != "" && b.scheme == schemeFile {
				p.put(b.href[b.schemeEnd+1 : b.pathStart])
				p.u.userEnd, p.u.hostStart, p.u.hostEnd = b.userEnd, b.hostStart, b.hostEnd
				p.u.host = b.host
				p.port = -1
				p.u.pathStart = uint32(p.size())
				p.put(b.href[b.pathStart:b.queryStart])
				switch c {
				case '?':
					p.startQuery()
					st = stQuery
				case '#':
					p.copyBaseQuery()
					p.startFragment()
					st = stFragment
				case eof:
					p.copyBaseQuery()
				default:
					if !startsWithWindowsDriveLetter(in[ptr:]) {
						p.shorten()
					} else {
						p.err(ErrFileInvalidWindowsDriveLetter, ptr)
						p.truncate(int(p.u.pathStart))
					}
					st = stPath
					ptr--
				}
			} else {
				p.emptyHost()
				st = stPath
				ptr--
			}

		case stFileSlash:
			if c == '/' || c == '\\' {
				if c == '\\' {
					p.err(ErrInvalidReverseSolidus, ptr)
				}
				st = stFileHost
				bufStart = -1
			} else {
				b := &p.base
				if b.href != "" && b.scheme == schemeFile {
					p.put(b.href[b.schemeEnd+1 : b.pathStart])
					p.u.userEnd, p.u.hostStart, p.u.hostEnd = b.userEnd, b.hostStart, b.hostEnd
					p.u.host = b.host
					p.port = -1
					p.u.pathStart = uint32(p.size())
					bp := b.href[b.pathStart:b.queryStart]
					if !startsWithWindowsDriveLetter(in[max(ptr, 0):]) && len(bp) >= 3 && bp[0] == '/' &&
						isAlpha(bp[1]) && bp[2] == ':' && (len(bp) == 3 || bp[3] == '/') {
						p.put(bp[:3])
					}
				} else {
					p.emptyHost()
				}
				st = stPath
				ptr--
			}

		case stFileHost:
			if bufStart < 0 {
				bufStart = ptr
			}
			if c != eof && classes[c]&clHostDelim == 0 {
				// Skip ahead to the next character that may end the host.
				for ptr+1 < n && classes[in[ptr+1]]&clHostDelim == 0 {
					ptr++
				}
				continue
			}
			if c == eof || c == '/' || c == '\\' || c == '?' || c == '#' {
				end := ptr
				ptr--
				buffer := in[bufStart:end]
				switch {
				case p.override == stNone && len(buffer) == 2 && isAlpha(buffer[0]) && (buffer[1] == ':' || buffer[1] == '|'):
					p.err(ErrFileInvalidWindowsDriveLetterHost, bufStart)
					p.emptyHost()
					segStart = p.size()
					p.putc('/')
					p.put(buffer)
					inSeg = true
					st = stPath
				case buffer == "":
					if p.override != stNone {
						p.u.host = hostEmpty
						p.hostSet = true
						return true
					}
					p.emptyHost()
					st = stPathStart
				default:
					if p.override == stNone {
						p.put("//")
						p.u.userEnd = uint32(p.size())
						p.port = -1
					}
					p.u.hostStart = uint32(p.size())
					if !p.parseHost(buffer, false, bufStart) {
						return false
					}
					if p.outEqual(int(p.u.hostStart), "localhost") {
						p.truncate(int(p.u.hostStart))
						p.u.host = hostEmpty
					}
					p.u.hostEnd = uint32(p.size())
					p.hostSet = true
					if p.override != stNone {
						return true
					}
					bufStart = -1
					st = stPathStart
				}
			}

		case stPathStart:
			p.u.pathStart = uint32(p.size())
			if special {
				if c == '\\' {
					p.err(ErrInvalidReverseSolidus, ptr)
				}
				st = stPath
				if c != '/' && c != '\\' {
					ptr--
				}
			} else if p.override == stNone && c == '?' {
				p.startQuery()
				st = stQuery
			} else if p.override == stNone && c == '#' {
				p.startFragment()
				st = stFragment
			} else if c != eof {
				st = stPath
				if c != '/' {
					ptr--
				}
			} else if p.override != stNone && p.ovHostNull {
				p.putc('/')
			}

		case stPath:
			if !inSeg {
				segStart = p.size()
				p.putc('/')
				inSeg = true
			}
			if !p.collect && p.override == stNone {
				ptr = p.pathRun(ptr, segStart, special)
				if ptr < 0 {
					p.sawTab = true
					return false
				}
				inSeg = false
				if ptr < n {
					if in[ptr] == '?' {
						p.startQuery()
						st = stQuery
					} else {
						p.startFragment()
						st = stFragment
					}
				}
				continue
			}
			if c == eof || c == '/' || (special && c == '\\') || (p.override == stNone && (c == '?' || c == '#')) {
				slash := c == '/'
				if special && c == '\\' {
					p.err(ErrInvalidReverseSolidus, ptr)
					slash = true
				}
				p.endSegment(segStart, slash)
				inSeg = false
				if c == '?' {
					p.startQuery()
					st = stQuery
				} else if c == '#' {
					p.startFragment()
					st = stFragment
				}
				continue
			}
			if j := scanAll(in, ptr, p.runMask(clPathRun)); j > ptr {
				p.putIn(ptr, j)
				ptr = j - 1
				continue
			}
			if p.collect {
				p.checkUnit(ptr)
			}
			if classes[c]&clPath != 0 {
				p.putc(byte(c))
			} else {
				p.putPct(byte(c))
			}

		case stOpaquePath:
			switch c {
			case '?':
				p.startQuery()
				st = stQuery
			case '#':
				p.startFragment()
				st = stFragment
			case ' ':
				p.err(ErrInvalidURLUnit, ptr)
				if ptr+1 < n && (in[ptr+1] == '?' || in[ptr+1] == '#') {
					p.put("%20")
				} else {
					p.putc(' ')
				}
			case eof:
			default:
				if p.collect {
					p.checkUnit(ptr)
				}
				if classes[c]&clC0 != 0 {
					p.putc(byte(c))
				} else {
					p.putPct(byte(c))
				}
			}

		case stQuery:
			if c == eof {
				break
			}
			if p.override == stNone && c == '#' {
				p.startFragment()
				st = stFragment
				continue
			}
			cl := clQuery
			if special {
				cl = clSpQuery
			}
			if j := scanAll(in, ptr, p.runMask(cl)); j > ptr {
				p.putIn(ptr, j)
				ptr = j - 1
				continue
			}
			if p.collect {
				p.checkUnit(ptr)
			}
			if classes[c]&cl != 0 {
				p.putc(byte(c))
			} else {
				p.putPct(byte(c))
			}

		case stFragment:
			if c == eof {
				break
			}
			if j := scanAll(in, ptr, p.runMask(clFragment)); j > ptr {
				p.putIn(ptr, j)
				ptr = j - 1
				continue
			}
			if p.collect {
				p.checkUnit(ptr)
			}
			if classes[c]&clFragment != 0 {
				p.putc(byte(c))
			} else {
				p.putPct(byte(c))
			}
		}
	}
	return true
}

// schemeTypeFold returns the type of the scheme s, ASCII case-insensitively.
func schemeTypeFold(s string) schemeType {
	switch len(s) {
	case 2:
		if s[0]|0x20 == 'w' && s[1]|0x20 == 's' {
			return schemeWS
		}
	case 3:
		if s[0]|0x20 == 'w' && s[1]|0x20 == 's' && s[2]|0x20 == 's' {
			return schemeWSS
		}
		if s[0]|0x20 == 'f' && s[1]|0x20 == 't' && s[2]|0x20 == 'p' {
			return schemeFTP
		}
	case 4:
		if s[0]|0x20 == 'h' && s[1]|0x20 == 't' && s[2]|0x20 == 't' && s[3]|0x20 == 'p' {
			return schemeHTTP
		}
		if s[0]|0x20 == 'f' && s[1]|0x20 == 'i' && s[2]|0x20 == 'l' && s[3]|0x20 == 'e' {
			return schemeFile
		}
	case 5:
		if s[0]|0x20 == 'h' && s[1]|0x20 == 't' && s[2]|0x20 == 't' && s[3]|0x20 == 'p' && s[4]|0x20 == 's' {
			return schemeHTTPS
		}
	}
	return schemeOther
}
