package purl

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/internal/ascii"
	"github.com/urikit/urikit/internal/bytestr"
	"github.com/urikit/urikit/internal/hexdigit"
)

// A PURL is a package URL in canonical form. It is a comparable value
// holding the canonical text and the offsets of its components: == and
// [Equal] compare canonical forms. The zero PURL has no text and empty
// components.
type PURL struct {
	s string
	// ns is the end of the namespace (the offset of the "/" after the
	// type when there is none); name the end of the name; ver the end of
	// the version (== name when there is none). Where the type and the
	// qualifiers end is found in the text (typeEnd, qualEnd), and the
	// offsets are 32-bit (see maxLen): the compiler keeps a struct of at
	// most four fields and 32 bytes in registers where it is returned and
	// passed, and copies a larger one through memory, which stalls the
	// store forwarding of the CPU on every Parse.
	ns, name, ver uint32
}

// typeEnd returns the offset of the "/" after the type (0 for the zero
// PURL): the first "/", which a type does not hold.
func (p PURL) typeEnd() uint32 {
	if p.s == "" {
		return 0
	}
	return uint32(len(scheme) + strings.IndexByte(p.s[len(scheme):], '/'))
}

// qualEnd returns the end of the qualifiers (== ver when there are
// none): the "#" before the subpath, which canonical text holds nowhere
// else, or the end.
func (p PURL) qualEnd() uint32 {
	if h := strings.IndexByte(p.s, '#'); h >= 0 {
		return uint32(h)
	}
	return uint32(len(p.s))
}

// A Qualifier is one key=value pair of a purl's qualifiers, decoded.
type Qualifier struct {
	Key, Value string
}

const scheme = "pkg:"

// maxLen is the longest input Parse reads: 1 GiB, so that the canonical
// form (at most three times as long) fits the 32-bit offsets of a PURL.
const maxLen = 1 << 30

// Parse parses s as a purl (ECMA-427) and returns it in canonical form;
// a failure is an [*Error] with the byte offset of the problem in s.
//
// Parse follows the specification's parsing steps: the subpath is what
// follows the last "#" and the qualifiers what follows the last "?"
// before it; "pkg:" is matched in any case and any "/" after it is
// skipped ("pkg://" is read as "pkg:"); the type ends at the first "/";
// the version follows the last "@" of what remains, the name is its last
// "/"-separated segment and the namespace the segments before it (empty
// segments are dropped). Every component is percent-decoded, then
// normalized as its type's definition says. s must be ASCII without
// controls or spaces, and every "%" must begin an escape of two hex
// digits that, decoded, give UTF-8.
//
// Parse allocates only the canonical text (and, for inputs longer than
// 256 bytes, the buffer it is written in), and nothing when s is
// canonical already, up to 256 bytes with at most 16 qualifiers.
func Parse(s string) (PURL, error) {
	if c, ok := fast(s); ok {
		return c, nil
	}
	return parseFull(s)
}

// parseFull is the full parse of s with a parser of its own, kept out of
// Parse so that the fast path does not pay for the parser's scratch space.
func parseFull(s string) (PURL, error) {
	var p parser
	return p.full(s)
}

// AppendCanonical appends the canonical form of the purl s to dst, as
// Parse(s) then String give it, and returns the extended buffer; on a
// failure it returns dst unchanged and the error Parse gives. It is
// Parse's form for bulk work (normalizing or deduplicating the purls of
// an SBOM): when dst has room, it allocates nothing for the purls that
// Parse reads without allocating when they are canonical already (up to
// 256 bytes, with at most 16 qualifiers), where Parse allocates the
// canonical text of each purl that is not.
func AppendCanonical(dst []byte, s string) ([]byte, error) {
	var buf [fastBuf]byte
	if out, _, ok := canonical(buf[:0], s); ok {
		return append(dst, out...), nil
	}
	p, err := parseFull(s)
	if err != nil {
		return dst, err
	}
	return append(dst, p.s...), nil
}

// MustParse is like [Parse] but panics when s is not a purl. It is meant
// for purls written in a program.
func MustParse(s string) PURL {
	p, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return p
}

// span is a range of the input.
type span struct{ lo, hi int }

func (sp span) empty() bool { return sp.lo >= sp.hi }

// qual is one qualifier of the input: the key is s[lo:eq] as written,
// the raw value s[eq+1:hi]. The offsets are 32-bit (Parse refuses longer
// inputs) to keep a run of short qualifiers within the bounded cost.
type qual struct{ lo, eq, hi uint32 }

func (q qual) key(s string) string { return s[q.lo:q.eq] }
func (q qual) value() span         { return span{int(q.eq) + 1, int(q.hi)} }

// parser holds the scratch space of one Parse.
type parser struct {
	s   string
	buf [256]byte
	dec [128]byte
	qs  [8]qual
	// big is the decoding scratch space when a component is longer than
	// dec: one buffer as long as the input.
	big []byte
}

func (p *parser) fail(off int, comp Component, code Code) (PURL, error) {
	return PURL{}, &Error{Input: p.s, Offset: off, Component: comp, Code: code}
}

// full parses s by the specification's steps, whatever its form.
func (p *parser) full(s string) (PURL, error) {
	p.s = s
	if len(s) > maxLen {
		return p.fail(maxLen, componentAt(s, maxLen), ErrTooLong)
	}
	// Every byte: printable ASCII, and escapes well formed; and the
	// structure: the subpath after the last '#', the qualifiers after
	// the last '?' before it.
	hash, q, qAtHash := -1, -1, -1
	for i := 0; i < len(s); i++ {
		c := s[i]
		if plain[c] {
			continue
		}
		switch {
		case c <= ' ' || c >= 0x7f:
			return p.fail(i, componentAt(s, i), ErrInvalidChar)
		case c == '%':
			if i+2 >= len(s) || !hexdigit.Is(s[i+1]) || !hexdigit.Is(s[i+2]) {
				return p.fail(i, componentAt(s, i), ErrInvalidEscape)
			}
			i += 2
		case c == '#':
			hash, qAtHash = i, q
		case c == '?':
			q = i
		}
	}
	end := len(s)
	sub := span{-1, -1}
	if hash >= 0 {
		sub = span{hash + 1, len(s)}
		end = hash
		q = qAtHash
	}
	qs := span{-1, -1}
	if q >= 0 {
		qs = span{q + 1, end}
		end = q
	}
	// The scheme.
	for i := range len(scheme) {
		if i >= end || ascii.ToLower(s[i]) != scheme[i] {
			return p.fail(min(i, end), ComponentScheme, ErrScheme)
		}
	}
	i := len(scheme)
	for i < end && s[i] == '/' {
		i++
	}
	for end > i && s[end-1] == '/' {
		end--
	}
	// The type.
	typ := span{i, i}
	for typ.hi < end && s[typ.hi] != '/' {
		c := s[typ.hi]
		if !(isAlpha(c) || '0' <= c && c <= '9' && typ.hi > i || c == '.' || c == '+' || c == '-') {
			return p.fail(typ.hi, ComponentType, ErrInvalidType)
		}
		typ.hi++
	}
	if typ.empty() {
		return p.fail(i, ComponentType, ErrMissingType)
	}
	rest := span{typ.hi, end}
	for rest.lo < rest.hi && s[rest.lo] == '/' {
		rest.lo++
	}
	// The version, after the last '@' of the last segment: a version
	// holds no "/" unencoded, so that the "@" of an unencoded npm scope
	// (pkg:npm/@babel/core) does not begin one.
	ver := span{-1, -1}
	last := rest.lo
	if k := strings.LastIndexByte(s[rest.lo:rest.hi], '/'); k >= 0 {
		last = rest.lo + k + 1
	}
	if at := strings.LastIndexByte(s[last:rest.hi], '@'); at >= 0 {
		ver = span{last + at + 1, rest.hi}
		rest.hi = last + at
		if ver.empty() {
			return p.fail(ver.lo, ComponentVersion, ErrEmptyVersion)
		}
	}
	// Name and namespace.
	r := &unregistered
	if typ.hi-typ.lo <= len(p.dec) {
		t := p.dec[:0]
		for k := typ.lo; k < typ.hi; k++ {
			t = append(t, ascii.ToLower(s[k]))
		}
		if reg := rule(t); reg != nil {
			r = reg
		}
	}
	typName := r.name // the type-specific rules are all of registered types
	name := span{rest.lo, rest.hi}
	ns := span{rest.lo, rest.lo}
	if nameHasSlashes(typName) {
		k := strings.IndexByte(s[rest.lo:rest.hi], '/')
		if k >= 0 {
			ns.hi = rest.lo + k
			name.lo = ns.hi + 1
			for name.lo < name.hi && s[name.lo] == '/' {
				name.lo++
			}
		}
	} else if k := strings.LastIndexByte(s[rest.lo:rest.hi], '/'); k >= 0 {
		ns.hi = rest.lo + k
		name.lo = ns.hi + 1
	}
	if name.empty() {
		return p.fail(name.lo, ComponentName, ErrMissingName)
	}
	// The qualifiers, checked before anything is written: the name of
	// some types depends on them.
	quals, repo, err := p.qualifiers(qs, typName == "mlflow")
	if err != nil {
		return PURL{}, err
	}
	l := layout{typ: typ, ns: ns, name: name, ver: ver, sub: sub, qs: qs, quals: quals, repo: repo, r: r}
	if len(s) <= len(p.buf) {
		b, out, err := p.write(p.buf[:0], &l)
		switch {
		case err != nil:
			return PURL{}, err
		case string(b) == s:
			out.s = s
		default:
			out.s = string(b)
		}
		return out, nil
	}
	// Room for the canonical form: each byte written encoded takes
	// three, separators one.
	n := len(s) + grows(s, name, !nameHasSlashes(typName)) + grows(s, ns, false) +
		grows(s, ver, true) + grows(s, sub, false) + grows(s, qs, false)
	b, out, err := p.write(make([]byte, 0, n), &l)
	switch {
	case err != nil:
		return PURL{}, err
	case string(b) == s:
		out.s = s
	default:
		// b was allocated for this result and is not written again.
		out.s = bytestr.String(b)
	}
	return out, nil
}

// A layout is where the components of the input are, found and checked
// before the canonical form is written.
type layout struct {
	typ, ns, name, ver, sub, qs span
	quals                       []qual
	repo                        string
	r                           *typeRule
}

// write appends the canonical form of the input laid out as l to b, and
// returns it with the offsets of the PURL (its text is left to the
// caller).
func (p *parser) write(b []byte, l *layout) ([]byte, PURL, error) {
	s := p.s
	typ, ns, name, ver, sub, qs, quals, repo, r := l.typ, l.ns, l.name, l.ver, l.sub, l.qs, l.quals, l.repo, l.r
	typName := r.name
	fail := func(off int, comp Component, code Code) ([]byte, PURL, error) {
		return nil, PURL{}, &Error{Input: s, Offset: off, Component: comp, Code: code}
	}
	b = append(b, scheme...)
	for k := typ.lo; k < typ.hi; k++ {
		b = append(b, ascii.ToLower(s[k]))
	}
	typEnd := len(b)
	var out PURL
	b = append(b, '/')
	// Namespace segments.
	var code Code
	var off int
	hasNS := false
	for k := ns.lo; k < ns.hi; {
		e := k
		for e < ns.hi && s[e] != '/' {
			e++
		}
		if e > k {
			if hasNS {
				b = append(b, '/')
			}
			hasNS = true
			b, off, code = p.segment(b, span{k, e}, r.foldNamespace, upperNamespace(typName))
			if code != "" {
				return fail(off, ComponentNamespace, code)
			}
		}
		k = e + 1
	}
	switch {
	case hasNS && r.namespace == prohibited:
		return fail(ns.lo, ComponentNamespace, ErrNamespaceProhibited)
	case !hasNS && r.namespace == required:
		return fail(name.lo, ComponentNamespace, ErrNamespaceRequired)
	}
	if hasNS {
		out.ns = uint32(len(b))
		b = append(b, '/')
	} else {
		out.ns = uint32(typEnd)
	}
	// Name.
	nameStart := len(b)
	if nameHasSlashes(typName) {
		first := true
		for k := name.lo; k < name.hi; {
			e := k
			for e < name.hi && s[e] != '/' {
				e++
			}
			if e > k {
				if !first {
					b = append(b, '/')
				}
				first = false
				if b, off, code = p.segment(b, span{k, e}, r.foldName, false); code != "" {
					return fail(off, ComponentName, code)
				}
			}
			k = e + 1
		}
	} else if nb, ok := p.transcode(b, name, r.foldName, false); ok && !r.nameRules {
		b = nb
	} else {
		b = b[:nameStart]
		d, code := p.decode(name)
		if code != "" {
			return fail(name.lo, ComponentName, code)
		}
		if r.foldName {
			d = fold(d)
		}
		d = normalizeName(typName, d, repo)
		if !permitted(r.nameRe, d) || !checkName(typName, d) {
			return fail(name.lo, ComponentName, ErrNotPermitted)
		}
		b = appendEscaped(b, d, false)
	}
	if len(b) == nameStart {
		return fail(name.lo, ComponentName, ErrMissingName)
	}
	out.name = uint32(len(b))
	// Version.
	if !ver.empty() && r.versionPermitted == "" {
		b = append(b, '@')
		if nb, ok := p.transcode(b, ver, r.foldVersion, false); ok {
			b = nb
		} else if d, code := p.decode(ver); code != "" {
			return fail(ver.lo, ComponentVersion, code)
		} else {
			if r.foldVersion {
				d = fold(d)
			}
			b = appendEscaped(b, d, false)
		}
	} else if !ver.empty() {
		d, code := p.decode(ver)
		if code != "" {
			return fail(ver.lo, ComponentVersion, code)
		}
		if r.foldVersion {
			d = fold(d)
		}
		if !permitted(r.versionRe, d) {
			return fail(ver.lo, ComponentVersion, ErrNotPermitted)
		}
		b = append(b, '@')
		b = appendEscaped(b, d, false)
	}
	out.ver = uint32(len(b))
	// Qualifiers, sorted by key.
	for _, k := range r.requiredQualifiers {
		if !hasKey(s, quals, k) {
			e := &Error{Input: s, Offset: len(s), Component: ComponentQualifiers, Code: ErrQualifierRequired, Key: k}
			if qs.lo >= 0 {
				e.Offset = qs.lo
			}
			return nil, PURL{}, e
		}
	}
	first := true
	for _, q := range quals {
		if q.eq+1 == q.hi {
			continue // a key with an empty value is no key at all
		}
		if first {
			b = append(b, '?')
			first = false
		} else {
			b = append(b, '&')
		}
		for k := q.lo; k < q.eq; k++ {
			b = append(b, ascii.ToLower(s[k]))
		}
		b = append(b, '=')
		if nb, ok := p.transcode(b, q.value(), false, false); ok {
			b = nb
		} else if d, code := p.decode(q.value()); code != "" {
			return fail(int(q.eq)+1, ComponentQualifiers, code)
		} else {
			b = appendEscaped(b, d, false)
		}
	}
	// Subpath: segments, without empty, "." and ".." ones.
	if sub.lo >= 0 {
		b = append(b, '#')
		first := true
		for k := sub.lo; k < sub.hi; {
			e := k
			for e < sub.hi && s[e] != '/' {
				e++
			}
			if e > k {
				d, code := p.decode(span{k, e})
				switch {
				case code != "":
					return fail(k, ComponentSubpath, code)
				case string(d) == "." || string(d) == "..":
				case slices.Contains(d, '/'):
					return fail(k, ComponentSubpath, ErrSlashInSegment)
				default:
					if r.foldSubpath {
						d = fold(d)
					}
					if !first {
						b = append(b, '/')
					}
					first = false
					b = appendEscaped(b, d, false)
				}
			}
			k = e + 1
		}
		if first {
			b = b[:len(b)-1] // no segment: no subpath
		}
	}
	return b, out, nil
}

// grows returns how many bytes longer than the input span its canonical
// form may be: two for each byte but escapes and, unless all, the
// separators "/", "&" and "=".
func grows(s string, sp span, all bool) int {
	n := 0
	for k := max(sp.lo, 0); k < sp.hi; k++ {
		c := s[k]
		if !plain[c] && c != '%' && (all || c != '/' && c != '&' && c != '=') {
			n += 2
		}
	}
	return n
}

// qualifiers checks the qualifiers of the input span and returns them
// sorted by key, with the decoded repository_url (which the name of some
// types depends on).
func (p *parser) qualifiers(sp span, wantRepo bool) ([]qual, string, error) {
	if sp.lo < 0 {
		return nil, "", nil
	}
	s := p.s
	// First the syntax, and the count (for many qualifiers: a few fit
	// in the parser's array); then the pairs.
	n := 0
	for k := sp.lo; k <= sp.hi && sp.hi-sp.lo > 4*len(p.qs); {
		e := k
		for e < sp.hi && s[e] != '&' {
			e++
		}
		if e > k {
			eq := strings.IndexByte(s[k:e], '=')
			if eq < 0 {
				return nil, "", &Error{Input: s, Offset: k, Component: ComponentQualifiers, Code: ErrMissingEquals}
			}
			if !validKey(s[k : k+eq]) {
				return nil, "", &Error{Input: s, Offset: k, Component: ComponentQualifiers, Code: ErrInvalidKey}
			}
			n++
		}
		k = e + 1
	}
	qs := p.qs[:0]
	if n > len(p.qs) {
		qs = make([]qual, 0, n)
	}
	repo := ""
	for k := sp.lo; k <= sp.hi; {
		e := k
		for e < sp.hi && s[e] != '&' {
			e++
		}
		if e > k {
			eq := strings.IndexByte(s[k:e], '=')
			if eq < 0 {
				return nil, "", &Error{Input: s, Offset: k, Component: ComponentQualifiers, Code: ErrMissingEquals}
			}
			if !validKey(s[k : k+eq]) {
				return nil, "", &Error{Input: s, Offset: k, Component: ComponentQualifiers, Code: ErrInvalidKey}
			}
			q := qual{uint32(k), uint32(k + eq), uint32(e)}
			qs = append(qs, q)
			if wantRepo && strings.EqualFold(q.key(s), "repository_url") {
				d, _ := p.decode(q.value())
				repo = string(d)
			}
		}
		k = e + 1
	}
	// A key with an empty value is no key at all: it is dropped before
	// keys are checked for repeats.
	qs = slices.DeleteFunc(qs, func(q qual) bool { return q.eq+1 == q.hi })
	if len(qs) > 1 {
		slices.SortFunc(qs, func(a, b qual) int { return compareFold(a.key(s), b.key(s)) })
		for i := 1; i < len(qs); i++ {
			if compareFold(qs[i-1].key(s), qs[i].key(s)) == 0 {
				off := int(max(qs[i-1].lo, qs[i].lo))
				return nil, "", &Error{Input: s, Offset: off, Component: ComponentQualifiers, Code: ErrDuplicateKey, Key: shortKey(qs[i].key(s))}
			}
		}
	}
	return qs, repo, nil
}

// shortKey bounds a key quoted in an error message.
func shortKey(k string) string {
	if len(k) > 40 {
		return ascii.Lower(k[:40]) + "…"
	}
	return ascii.Lower(k)
}

func hasKey(s string, qs []qual, k string) bool {
	for _, q := range qs {
		if strings.EqualFold(q.key(s), k) && !q.value().empty() {
			return true
		}
	}
	return false
}

// validKey reports whether k is a qualifier key (in any case): ASCII
// letters, digits, ".", "-" and "_", beginning with a letter.
func validKey(k string) bool {
	if k == "" || !isAlpha(k[0]) {
		return false
	}
	for i := 1; i < len(k); i++ {
		c := k[i]
		if !(isAlpha(c) || '0' <= c && c <= '9' || c == '.' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// compareFold compares two keys as their ASCII lowercase.
func compareFold(a, b string) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		x, y := ascii.ToLower(a[i]), ascii.ToLower(b[i])
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return len(a) - len(b)
}

// segment appends the canonical form of one namespace (or git name)
// segment: decoded, checked, case-folded when fold (uppercased when
// upper), encoded. It returns the offset and code of a problem.
func (p *parser) segment(b []byte, sp span, foldIt, upper bool) ([]byte, int, Code) {
	if !upper {
		if nb, ok := p.transcode(b, sp, foldIt, true); ok {
			return nb, 0, ""
		}
	}
	d, code := p.decode(sp)
	if code != "" {
		return b, sp.lo, code
	}
	if slices.Contains(d, '/') {
		return b, sp.lo, ErrSlashInSegment
	}
	switch {
	case upper:
		for i, c := range d {
			if 'a' <= c && c <= 'z' {
				d[i] = c - ('a' - 'A')
			}
		}
	case foldIt:
		d = fold(d)
	}
	return appendEscaped(b, d, false), 0, ""
}

// transcode appends the canonical form of the input span in one pass:
// decoded, lowercased (ASCII) when foldIt, encoded. It returns false,
// having appended nothing, when the span needs the general path: an
// escape of a byte outside ASCII (whose UTF-8 is checked, and case folded
// by Unicode), or, in a segment (seg), an escaped "/".
func (p *parser) transcode(b []byte, sp span, foldIt, seg bool) ([]byte, bool) {
	s := p.s[sp.lo:sp.hi]
	n := len(b)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' {
			c = hexdigit.Value(s[i+1])<<4 | hexdigit.Value(s[i+2])
			i += 2
			if c >= utf8.RuneSelf || seg && c == '/' {
				return b[:n], false
			}
		}
		if foldIt && 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if plain[c] {
			b = append(b, c)
		} else {
			b = append(b, '%', hexUpper[c>>4], hexUpper[c&15])
		}
	}
	return b, true
}

// decode percent-decodes the input span into the parser's scratch space
// (escapes were checked already) and checks that the result is UTF-8.
func (p *parser) decode(sp span) ([]byte, Code) {
	s := p.s[sp.lo:sp.hi]
	d := p.dec[:0]
	if len(s) > len(p.dec) {
		if cap(p.big) < len(s) {
			p.big = make([]byte, 0, len(p.s))
		}
		d = p.big[:0]
	}
	ascii := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' {
			c = hexdigit.Value(s[i+1])<<4 | hexdigit.Value(s[i+2])
			i += 2
		}
		if c >= utf8.RuneSelf {
			ascii = false
		}
		d = append(d, c)
	}
	if !ascii && !utf8.Valid(d) {
		return nil, ErrInvalidUTF8
	}
	return d, ""
}

// appendEscaped appends d percent-encoded as the canonical form does:
// ASCII letters, digits, ".", "-", "_", "~" and ":" as they are, "/" too
// when keepSlash, every other byte as %XX with uppercase hex digits.
func appendEscaped[T string | []byte](b []byte, d T, keepSlash bool) []byte {
	for i := 0; i < len(d); i++ {
		c := d[i]
		if plain[c] || c == '/' && keepSlash {
			b = append(b, c)
			continue
		}
		b = append(b, '%', hexUpper[c>>4], hexUpper[c&15])
	}
	return b
}

const hexUpper = "0123456789ABCDEF"

// plain holds the bytes the canonical form writes as they are.
var plain = func() (t [256]bool) {
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = true, true
	}
	for _, c := range ".-_~:" {
		t[c] = true
	}
	return t
}()

func isAlpha(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// componentAt names the component that holds offset i of s, by the
// separators around it (for errors found before the structure is read).
func componentAt(s string, i int) Component {
	if h := strings.LastIndexByte(s, '#'); h >= 0 && i > h {
		return ComponentSubpath
	} else if h >= 0 {
		s = s[:h]
	}
	if q := strings.LastIndexByte(s, '?'); q >= 0 && i > q {
		return ComponentQualifiers
	} else if q >= 0 {
		s = s[:q]
	}
	if i < len(scheme) {
		return ComponentScheme
	}
	j := len(scheme)
	for j < len(s) && s[j] == '/' {
		j++
	}
	t := strings.IndexByte(s[j:], '/')
	if t < 0 || i < j+t {
		return ComponentType
	}
	if at := strings.LastIndexByte(s, '@'); at > j+t && i > at {
		return ComponentVersion
	}
	if sl := strings.LastIndexByte(s, '/'); sl > j+t && i < sl {
		return ComponentNamespace
	}
	return ComponentName
}
