package purl

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"
	"strings"

	"github.com/urikit/urikit/internal/ascii"
	"github.com/urikit/urikit/internal/hexdigit"
)

// The fast path: one pass over the input that writes the canonical form as
// it reads, for the purls that need none of the rules only the full parse
// applies. It reads the components from left to right and gives up (ok
// false) on anything whose reading depends on what follows or that the
// full parse refuses or treats specially: a second "@", "?" or "#" where
// the full parse would split at the last one, an "@" or a "/" in a
// version, empty namespace or name segments, escapes of bytes outside
// ASCII, qualifier keys given twice, more than maxFastQualifiers
// qualifiers, a requirement of the type not met, the types with permitted
// characters (chrome-extension), and the names that the rules in prose
// would change or refuse: a pub name other than [a-z0-9_], a cpan name
// with "::". It applies the others as it writes: pypi's "_" to "-", cpan's
// uppercase namespace, git's name of several segments, mlflow's name
// lowercased with a Databricks repository_url, an "@" that begins a
// namespace segment (an npm scope unencoded: the one place where it looks
// ahead, for a "/" before any "?" or "#"), and drops empty, "." and
// ".." subpath segments. Parse then takes the
// full path, which gives the same result (TestFastMatchesFull and the
// fuzz target check it). The output is written to a stack buffer; an
// input that is canonical already and fits it allocates nothing.

const (
	// maxFast is the longest input the fast path reads.
	maxFast = 1024
	// fastBuf is the size of its stack buffer: a longer output is
	// written to the heap.
	fastBuf = 256
	// maxFastQualifiers is the most qualifiers it sorts.
	maxFastQualifiers = 16
)

// component transcodes s from i up to one of the stop bytes (or the
// end), appending to out: each escape decoded, each byte lowercased when
// fold, and written canonically. It returns the extended out, where it
// stopped, and false when the component holds a byte the full parse must
// see (a control, a space, non-ASCII, an escaped non-ASCII byte, or an
// escaped "/" when seg). It copies the leading run of bytes written as
// they are, the whole component mostly, eight bytes at a time (the last
// fewer than eight of the input too, as its last eight shifted), and
// leaves the rest to componentRest: the loop of a small function keeps
// its variables in registers.
func component(out []byte, s string, i int, stop *[256]bool, fold, seg bool) ([]byte, int, bool) {
	run, other := &plain, &notPlain
	if fold {
		run, other = &plainLower, &notPlainLower
	}
	// Eight bytes at a time: they are written past the end of out, and
	// out extended over their leading run of plain bytes, found without
	// a branch on each byte (the first 1 of other among them).
	for len(s)-i >= 8 {
		t := s[i : i+8]
		m := classes(other, t)
		if cap(out)-len(out) < 8 {
			out = slices.Grow(out, 8)
		}
		n := len(out)
		o := out[n : n+8]
		o[0], o[1], o[2], o[3], o[4], o[5], o[6], o[7] = t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7]
		k := bits.TrailingZeros64(m) >> 3
		out = out[:n+k]
		i += k
		if k < 8 {
			goto end
		}
	}
	if len(s) >= 8 {
		// Fewer than eight bytes left: the last eight of s, shifted
		// so that they begin at i, with a 1 of other past the end.
		lo := len(s) - 8
		t := s[lo:]
		sh := uint(i-lo) * 8
		m := classes(other, t)
		m = m>>sh | 1<<(uint(len(s)-i)*8)
		w := word(t)
		if cap(out)-len(out) < 8 {
			out = slices.Grow(out, 8)
		}
		n := len(out)
		binary.LittleEndian.PutUint64(out[n:n+8], w>>sh)
		k := bits.TrailingZeros64(m) >> 3
		out = out[:n+k]
		i += k
	} else {
		for i < len(s) && run[s[i]] {
			out = append(out, s[i])
			i++
		}
	}
end:
	if i == len(s) || stop[s[i]] {
		return out, i, true
	}
	return componentRest(out, s, i, stop, fold, seg)
}

// componentRest is component from the first byte that is neither written
// as it is nor a stop byte.
func componentRest(out []byte, s string, i int, stop *[256]bool, fold, seg bool) ([]byte, int, bool) {
	run := &plain
	if fold {
		run = &plainLower
	}
	for i < len(s) {
		c := s[i]
		if run[c] {
			out = append(out, c)
			i++
			continue
		}
		if stop[c] {
			return out, i, true
		}
		if c == '%' {
			if i+2 >= len(s) || !hexdigit.Is(s[i+1]) || !hexdigit.Is(s[i+2]) {
				return out, i, false
			}
			c = hexdigit.Value(s[i+1])<<4 | hexdigit.Value(s[i+2])
			if c >= 0x80 || seg && c == '/' {
				return out, i, false
			}
			i += 2
		} else if c <= ' ' || c >= 0x7f {
			return out, i, false
		}
		i++
		if fold && 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if plain[c] {
			out = append(out, c)
		} else {
			out = append(out, '%', hexUpper[c>>4], hexUpper[c&15])
		}
	}
	return out, i, true
}

// moreSegments reports whether s holds a "/" from i before any "?" or
// "#".
func moreSegments(s string, i int) bool {
	for ; i < len(s); i++ {
		switch s[i] {
		case '/':
			return true
		case '?', '#':
			return false
		}
	}
	return false
}

// lowerKey appends to out the bytes of a qualifier key in s from i,
// lowercased (see keyBytes), and returns the extended out and where it
// stopped: eight bytes at a time while they are lowercase already, as
// component does, then byte by byte (a loop of its own: see component).
//
//go:noinline
func lowerKey(out []byte, s string, i int) ([]byte, int) {
	// component's word loop with notKeyLower, written out again: as a
	// function of its own, called from both, it costs about 100 more
	// instructions a purl (callgrind over bench/testdata/purls.txt).
	for len(s)-i >= 8 {
		t := s[i : i+8]
		m := classes(&notKeyLower, t)
		if cap(out)-len(out) < 8 {
			out = slices.Grow(out, 8)
		}
		n := len(out)
		o := out[n : n+8]
		o[0], o[1], o[2], o[3], o[4], o[5], o[6], o[7] = t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7]
		k := bits.TrailingZeros64(m) >> 3
		out = out[:n+k]
		i += k
		if k < 8 {
			break
		}
	}
	for i < len(s) && keyBytes[s[i]] != 0 {
		out = append(out, keyBytes[s[i]])
		i++
	}
	return out, i
}

// typeBytes maps the bytes of a type to their lowercase, and any other
// byte to 0 (a type may not begin with a digit: the caller checks).
var typeBytes = lowerMap(".+-")

// notTypeLower is 0 for the bytes of a type written canonically (those
// that typeBytes maps to themselves), 1 for the others.
var notTypeLower = notFixed(&typeBytes)

// keyBytes maps the bytes of a qualifier key to their lowercase, and any
// other byte to 0 (a key begins with a letter: the caller checks).
var keyBytes = lowerMap(".-_")

// notKeyLower is 0 for the bytes of a key written canonically (those
// that keyBytes maps to themselves), 1 for the others.
var notKeyLower = notFixed(&keyBytes)

// lowerMap returns the table that maps letters, digits and the bytes of
// punct to their lowercase, and any other byte to 0.
func lowerMap(punct string) (t [256]byte) {
	for c := range 256 {
		if isAlpha(byte(c)) || '0' <= c && c <= '9' || strings.IndexByte(punct, byte(c)) >= 0 {
			t[c] = ascii.ToLower(byte(c))
		}
	}
	return t
}

// notFixed returns the table that is 0 for the bytes m maps to
// themselves and 1 for the others (0 among them).
func notFixed(m *[256]byte) (t [256]uint8) {
	for c := range 256 {
		if c == 0 || m[c] != byte(c) {
			t[c] = 1
		}
	}
	return t
}

// notPlain and notPlainLower are 1 for the bytes that plain and
// plainLower do not hold, 0 for the others.
var notPlain, notPlainLower = func() (t, l [256]uint8) {
	for c := range 256 {
		if !plain[c] {
			t[c] = 1
		}
		if !plainLower[c] {
			l[c] = 1
		}
	}
	return t, l
}()

// plainLower is plain without the uppercase letters.
var plainLower = func() [256]bool {
	t := plain
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = false
	}
	return t
}()

// The stop bytes of each component.
var (
	stopSegment = stops("/@?#")
	stopVersion = stops("/@?#")
	stopValue   = stops("&?#")
	stopSubpath = stops("/?#")
)

func hasUpperASCII(b []byte) bool {
	for _, c := range b {
		if 'A' <= c && c <= 'Z' {
			return true
		}
	}
	return false
}

func stops(cs string) (t [256]bool) {
	for i := 0; i < len(cs); i++ {
		t[cs[i]] = true
	}
	return t
}

// A fastKind names the types whose rules the fast path applies by code
// (see the switch after the name in fast), set in typeRule.kind.
type fastKind uint8

const (
	kindOther  fastKind = iota
	kindPypi            // the name's "_" written "-"
	kindPub             // the name checked a pub name
	kindMlflow          // the name lowercased with a Databricks repository_url
	kindCpan            // the namespace uppercase, the name checked
	kindGit             // the name of several segments
)

// nameRules reports whether the fast path applies the rules of the names
// of the types of kind k (the rules in prose that normalizeName and
// checkName apply, and pub's permitted characters).
func (k fastKind) nameRules() bool { return kindPypi <= k && k <= kindCpan }

// A fastRule is what the fast path reads of a typeRule, in its slot of
// typeSlots, next to the key it was found by: no pointer to follow. The
// zero fastRule is that of a type that is not registered.
type fastRule struct {
	kind                                              fastKind
	namespace                                         requirement
	foldNamespace, foldName, foldVersion, foldSubpath bool
	// full is set when the fast path leaves the type to the full parse:
	// permitted characters of the version, or rules of the name it
	// does not apply.
	full bool
	// required is set when the type has required qualifiers.
	required bool
}

// fastRuleOf returns the fastRule of r.
func fastRuleOf(r *typeRule) fastRule {
	return fastRule{
		kind:          r.kind,
		namespace:     r.namespace,
		foldNamespace: r.foldNamespace, foldName: r.foldName, foldVersion: r.foldVersion, foldSubpath: r.foldSubpath,
		full:     r.versionPermitted != "" || r.nameRules && !r.kind.nameRules(),
		required: len(r.requiredQualifiers) > 0,
	}
}

// fastQual is one qualifier written by the fast path: the key is
// out[lo:eq], the value out[eq+1:hi], in the qualifier buffer.
type fastQual struct{ lo, eq, hi uint16 }

// compareKeys compares the keys of the qualifiers x and y in out as
// bytes.Compare does. Its callers compare the first bytes before they
// call it: keys mostly differ there, and a key is never empty.
func compareKeys(out []byte, x, y fastQual) int {
	return bytes.Compare(out[x.lo:x.eq], out[y.lo:y.eq])
}

// fast returns the canonical PURL of s, and false when s needs the full
// parse (see above).
func fast(s string) (PURL, bool) {
	var buf [fastBuf]byte
	out, off, ok := canonical(buf[:0], s)
	if !ok {
		return PURL{}, false
	}
	text := s
	if string(out) != s {
		text = string(out)
	}
	return PURL{s: text, ns: off.ns, name: off.name, ver: off.ver}, true
}

// offsets are the ends of a canonical form's parts that a PURL keeps
// (see PURL).
type offsets struct{ ns, name, ver uint32 }

// canonical writes the canonical form of s to out, which is empty (a
// buffer on the caller's stack), and returns it with its offsets, or
// false when s needs the full parse.
func canonical(out []byte, s string) ([]byte, offsets, bool) {
	if len(s) > maxFast || len(s) < len(scheme) {
		return nil, offsets{}, false
	}
	i := 0
	if s[:len(scheme)] != scheme {
		for k := range len(scheme) {
			if ascii.ToLower(s[k]) != scheme[k] {
				return nil, offsets{}, false
			}
		}
	}
	out = append(out, scheme...)
	i = len(scheme)
	for i < len(s) && s[i] == '/' {
		i++
	}
	// The type: a letter (or ".", "+", "-"), then those and digits.
	lo := i
	if i == len(s) || '0' <= s[i] && s[i] <= '9' {
		return nil, offsets{}, false
	}
	// k0 and k1 pack the first 16 bytes of the type for lookupType.
	var k0, k1 uint64
	done := false
	if len(s)-i >= 8 {
		// A type of at most seven bytes written canonically, the
		// common case, found eight bytes at a time as component does.
		t := s[i : i+8]
		m := classes(&notTypeLower, t)
		if k := bits.TrailingZeros64(m) >> 3; k < 8 && t[k] == '/' {
			w := word(t)
			k0 = w & (1<<(8*k) - 1)
			if cap(out) < len(scheme)+8 {
				out = slices.Grow(out, 8)
			}
			o := out[len(scheme) : len(scheme)+8]
			o[0], o[1], o[2], o[3], o[4], o[5], o[6], o[7] = t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7]
			out = out[:len(scheme)+k]
			i += k
			done = true
		}
	}
	for ; !done && i < len(s); i++ {
		c := typeBytes[s[i]]
		if c == 0 {
			break
		}
		out = append(out, c)
		if n := uint(i - lo); n < 8 {
			k0 |= uint64(c) << (8 * n)
		} else if n < 16 {
			k1 |= uint64(c) << (8 * (n - 8))
		}
	}
	if i == lo || i == len(s) || s[i] != '/' {
		return nil, offsets{}, false
	}
	// The offsets of the result, kept apart from its text until the end.
	typ, ns, name, ver, qual := len(out), 0, 0, 0, 0
	var f fastRule // of a type not registered: the zero fastRule
	var r *typeRule
	if i-lo <= 16 {
		if slot := lookupType(k0, k1); slot != nil {
			f, r = slot.f, slot.r
		}
	} else if i-lo <= longestType {
		return nil, offsets{}, false // perhaps a registered type, not in typeSlots
	}
	if f.full {
		return nil, offsets{}, false
	}
	out = append(out, '/')
	i++
	// Namespace segments and the name.
	mlflowUpper := false
	segs := 0
	nameOut := 0
	if f.kind == kindGit {
		// git: the namespace is the first segment, the name the rest.
		inLo := i
		var ok bool
		if out, i, ok = component(out, s, i, &stopSegment, f.foldNamespace, true); !ok || i == inLo || i == len(s) || s[i] != '/' {
			return nil, offsets{}, false
		}
		out = append(out, '/')
		i++
		segs, nameOut = 1, len(out)
		for {
			inLo := i
			if out, i, ok = component(out, s, i, &stopSegment, f.foldName, true); !ok || i == inLo {
				return nil, offsets{}, false
			}
			if i == len(s) || s[i] != '/' {
				break
			}
			out = append(out, '/')
			i++
		}
	}
	for nameOut == 0 {
		outLo, inLo := len(out), i
		if i < len(s) && s[i] == '@' && moreSegments(s, i+1) {
			// An "@" that begins a segment before the last (an npm
			// scope unencoded: pkg:npm/@babel/core) is the segment's.
			out = append(out, "%40"...)
			i++
		}
		segOut, segIn := len(out), i
		var ok bool
		sameFold := f.foldNamespace == f.foldName
		if out, i, ok = component(out, s, i, &stopSegment, sameFold && f.foldName, true); !ok || i == inLo {
			return nil, offsets{}, false
		}
		isNS := i < len(s) && s[i] == '/'
		if !sameFold && (isNS && f.foldNamespace || !isNS && f.foldName) && hasUpperASCII(out[segOut:]) {
			out, i = out[:segOut], segIn
			out, i, _ = component(out, s, i, &stopSegment, true, true)
		}
		if isNS && f.kind == kindCpan {
			// Canonical text but for case: letters, and escapes of
			// other bytes with uppercase hex digits.
			for k := outLo; k < len(out); k++ {
				if 'a' <= out[k] && out[k] <= 'z' {
					out[k] -= 'a' - 'A'
				}
			}
		}
		if !isNS {
			nameOut = outLo
			break
		}
		segs++
		out = append(out, '/')
		i++
	}
	switch {
	case segs > 0 && f.namespace == prohibited, segs == 0 && f.namespace == required:
		return nil, offsets{}, false
	}
	if segs > 0 {
		ns = nameOut - 1
	} else {
		ns = typ
	}
	switch f.kind {
	case kindPypi:
		for k := nameOut; k < len(out); k++ {
			if out[k] == '_' {
				out[k] = '-'
			}
		}
	case kindPub:
		// The name already a pub name: what normalizeName would
		// replace, and namePermitted refuse, is the full parse's.
		if !isPubName(out[nameOut:]) {
			return nil, offsets{}, false
		}
	case kindMlflow:
		// Lowercased only with a Databricks repository_url, which the
		// qualifiers tell: see after them.
		mlflowUpper = hasUpperASCII(out[nameOut:])
	case kindCpan:
		if !checkName("cpan", out[nameOut:]) {
			return nil, offsets{}, false
		}
	}
	name = len(out)
	// The version.
	if i < len(s) && s[i] == '@' {
		i++
		out = append(out, '@')
		inLo := i
		var ok bool
		if out, i, ok = component(out, s, i, &stopVersion, f.foldVersion, false); !ok || i == inLo || i < len(s) && (s[i] == '/' || s[i] == '@') {
			return nil, offsets{}, false
		}
	}
	ver = len(out)
	// The qualifiers, written as they come, then sorted if they are not.
	if i < len(s) && s[i] == '?' {
		var qs [maxFastQualifiers]fastQual
		n, sorted := 0, true
		qstart := len(out)
		i++
		for {
			if i < len(s) && s[i] == '&' {
				i++ // an empty pair
				continue
			}
			if i == len(s) || s[i] == '#' {
				break
			}
			pairLo := len(out)
			if pairLo == qstart {
				out = append(out, '?')
			} else {
				out = append(out, '&')
			}
			// The key, lowered: a letter, then letters, digits, ".",
			// "-" and "_" (anything else, an escape too, is the full
			// parse's to refuse).
			kLo := len(out)
			if i == len(s) || !isAlpha(s[i]) {
				return nil, offsets{}, false
			}
			out, i = lowerKey(out, s, i)
			if i == len(s) || s[i] != '=' {
				return nil, offsets{}, false
			}
			var ok bool
			eq := len(out)
			out = append(out, '=')
			i++
			vLo := i
			if out, i, ok = component(out, s, i, &stopValue, false, false); !ok || i < len(s) && s[i] == '?' {
				return nil, offsets{}, false
			}
			if i == vLo {
				out = out[:pairLo] // an empty value: no qualifier
			} else {
				if n == len(qs) {
					return nil, offsets{}, false
				}
				qs[n] = fastQual{uint16(kLo), uint16(eq), uint16(len(out))}
				if n > 0 {
					c := int(out[kLo]) - int(out[qs[n-1].lo])
					if c == 0 {
						c = compareKeys(out, qs[n], qs[n-1])
					}
					switch {
					case c == 0:
						return nil, offsets{}, false // a repeated key: the full parse's error
					case c < 0:
						sorted = false
					}
				}
				n++
			}
			if i < len(s) && s[i] == '&' {
				i++
			}
		}
		if !sorted {
			// Insertion sort by key, which compares each key with
			// an equal one if there is one, then the pairs written
			// again in order after the end (each with the "?" or "&"
			// before it, made "&") and moved back in place.
			for a := 1; a < n; a++ {
				for b := a; b > 0; b-- {
					c := int(out[qs[b].lo]) - int(out[qs[b-1].lo])
					if c == 0 {
						c = compareKeys(out, qs[b], qs[b-1])
					}
					if c == 0 {
						return nil, offsets{}, false // a repeated key: the full parse's error
					}
					if c > 0 {
						break
					}
					qs[b], qs[b-1] = qs[b-1], qs[b]
				}
			}
			end := len(out)
			for a := range n {
				k := len(out)
				out = append(out, out[qs[a].lo-1:qs[a].hi]...)
				out[k] = '&'
			}
			out[end] = '?'
			out = out[:qstart+copy(out[qstart:], out[end:])]
		}
	}
	qual = len(out)
	if f.required {
		for _, k := range r.requiredQualifiers {
			if _, ok := qualifierValue(out[ver:qual], k); !ok {
				return nil, offsets{}, false
			}
		}
	}
	if mlflowUpper {
		// normalizeName's rule: the name lowercased when the decoded
		// repository_url holds "databricks" in any case. Both are ASCII
		// here, and the escapes of the name are of bytes other than
		// letters, whose hex digits stay uppercase.
		if v, ok := qualifierValue(out[ver:qual], "repository_url"); ok {
			var tmp [maxFast]byte
			d := tmp[:0]
			for k := 0; k < len(v); k++ {
				c := v[k]
				if c == '%' {
					c = hexdigit.Value(v[k+1])<<4 | hexdigit.Value(v[k+2])
					k += 2
				}
				d = append(d, ascii.ToLower(c))
			}
			if bytes.Contains(d, []byte("databricks")) {
				for k := nameOut; k < name; k++ {
					if out[k] == '%' {
						k += 2
					} else {
						out[k] = ascii.ToLower(out[k])
					}
				}
			}
		}
	}
	// The subpath: empty, "." and ".." segments dropped.
	if i < len(s) {
		if s[i] != '#' {
			return nil, offsets{}, false
		}
		hash := len(out)
		out = append(out, '#')
		for i < len(s) {
			i++ // "#" or "/"
			sep := len(out)
			if sep > hash+1 {
				out = append(out, '/')
			}
			outLo := len(out)
			var ok bool
			if out, i, ok = component(out, s, i, &stopSubpath, f.foldSubpath, true); !ok || i < len(s) && s[i] != '/' {
				return nil, offsets{}, false
			}
			if n := len(out) - outLo; n == 0 || n <= 2 && out[outLo] == '.' && out[len(out)-1] == '.' {
				out = out[:sep]
			}
		}
		if len(out) == hash+1 {
			out = out[:hash] // no segment: no subpath
		}
	}
	return out, offsets{uint32(ns), uint32(name), uint32(ver)}, true
}

// A typeSlot is one slot of typeSlots: a registered type, its name packed
// into two words (see lookupType), and its rule.
type typeSlot struct {
	k0, k1 uint64
	f      fastRule
	r      *typeRule
}

// typeSlots is an open-addressed table of the registered types of at most
// 16 bytes, for the fast path's lookup: two words compared instead of the
// map's hash and the strings' bytes. The fast path leaves a longer type
// to the full parse when a registered type is as long (longestType).
var typeSlots [256]typeSlot

// newTypeSlots returns typeSlots, filled once the rules are complete (see
// the init function of types.go).
func newTypeSlots() (t [256]typeSlot) {
	for name, r := range registered {
		if len(name) > 16 {
			continue
		}
		var b [16]byte
		copy(b[:], name)
		k0, k1 := binary.LittleEndian.Uint64(b[:8]), binary.LittleEndian.Uint64(b[8:])
		h := typeHash(k0, k1)
		for t[h].r != nil {
			h++
		}
		t[h] = typeSlot{k0, k1, fastRuleOf(r), r}
	}
	return t
}

// longestType is the length of the longest registered type.
var longestType = func() (n int) {
	for name := range registered {
		n = max(n, len(name))
	}
	return n
}()

// typeHash is the slot where typeSlots begins to look for the type whose
// key is k0, k1.
func typeHash(k0, k1 uint64) uint8 {
	return uint8((k0 ^ k1*0x9E3779B97F4A7C15) * 0xBF58476D1CE4E5B9 >> 56)
}

// lookupType returns the slot of the type whose name, lowercase and at
// most 16 bytes, is packed little-endian in k0 and k1 with zero bytes
// after it, or nil. A type's bytes are never zero, so that the key tells
// its length.
func lookupType(k0, k1 uint64) *typeSlot {
	for h := typeHash(k0, k1); typeSlots[h].r != nil; h++ {
		if typeSlots[h].k0 == k0 && typeSlots[h].k1 == k1 {
			return &typeSlots[h]
		}
	}
	return nil
}

// qualifierValue returns the value of the key k in the canonical
// qualifiers q ("?k=v&..."), as it is written there, and whether q has
// the key.
func qualifierValue(q []byte, k string) ([]byte, bool) {
	for len(q) > 0 {
		q = q[1:] // "?" or "&"
		end := bytes.IndexByte(q, '&')
		if end < 0 {
			end = len(q)
		}
		if eq := bytes.IndexByte(q[:end], '='); eq >= 0 && string(q[:eq]) == k {
			return q[eq+1 : end], true
		}
		q = q[end:]
	}
	return nil, false
}

// classes returns what tab gives each of the eight bytes of t, one byte
// of the word each, the first in the low bits.
func classes(tab *[256]uint8, t string) uint64 {
	return uint64(tab[t[0]]) | uint64(tab[t[1]])<<8 | uint64(tab[t[2]])<<16 | uint64(tab[t[3]])<<24 |
		uint64(tab[t[4]])<<32 | uint64(tab[t[5]])<<40 | uint64(tab[t[6]])<<48 | uint64(tab[t[7]])<<56
}

// word returns the eight bytes of t as a little-endian word.
func word(t string) uint64 {
	return uint64(t[0]) | uint64(t[1])<<8 | uint64(t[2])<<16 | uint64(t[3])<<24 |
		uint64(t[4])<<32 | uint64(t[5])<<40 | uint64(t[6])<<48 | uint64(t[7])<<56
}
