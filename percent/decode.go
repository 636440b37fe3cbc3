package percent

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/internal/bytestr"
)

// A Decoder decodes percent-encoded strings. Its zero value is the strict
// decoder: the methods without "Lenient" fail on the first invalid escape,
// legacy %uXXXX escape or (for text) invalid UTF-8, with an [*Error] that
// gives the byte offset. The Lenient methods ([Decoder.DecodeLenient] and
// its siblings) are the tolerant calls: they keep what they cannot decode
// as written and report it as findings.
type Decoder struct {
	// PlusAsSpace decodes "+" as a space (application/x-www-form-urlencoded).
	PlusAsSpace bool
	// Lenient makes the methods without "Lenient" in their name keep what
	// they cannot decode as written, as the Lenient methods do, and report
	// nothing: their error is then always nil. It is for the forgiving
	// algorithms that have nothing to report, such as the URL Standard's
	// percent-decode (package form), on hot paths: a Lenient method
	// allocates its findings, one allocation for each decode that keeps
	// something. Code that wants to know what was kept calls the Lenient
	// methods, which need no field set.
	Lenient bool
	// LegacyU decodes the "%uXXXX" escapes of JavaScript's escape(),
	// including surrogate pairs written as two escapes; a lone surrogate
	// is an [ErrInvalidLegacyEscape]. Without it "%uXXXX" is an
	// [ErrLegacyEscape].
	LegacyU bool
	// ReplaceInvalidUTF8 replaces, in text mode, each maximal invalid UTF-8
	// subsequence of the decoded bytes with U+FFFD (as the WHATWG UTF-8
	// decoder does) instead of reporting it.
	ReplaceInvalidUTF8 bool

	// keep lists what a lenient decode kept (set by the Lenient methods
	// on their copy of the Decoder, with Lenient).
	keep bool
}

// Decode decodes s strictly; the result must be valid UTF-8.
func Decode(s string) (string, error) { return Decoder{}.Decode(s) }

// AppendDecode appends the strict decoding of s to dst. On error it returns
// dst extended by what was decoded before the error.
func AppendDecode(dst []byte, s string) ([]byte, error) { return Decoder{}.AppendDecode(dst, s) }

// DecodeBytes decodes s strictly to arbitrary octets: escapes must be well
// formed, but the result need not be UTF-8.
func DecodeBytes(s string) ([]byte, error) { return Decoder{}.DecodeBytes(s) }

// Decode decodes s as text. It returns s itself, without allocating, when s
// holds nothing to decode.
func (d Decoder) Decode(s string) (string, error) {
	out, _, err := d.decode(s)
	return out, err
}

// decode is Decode, with the findings of a lenient d.
func (d Decoder) decode(s string) (string, []Finding, error) {
	i := d.index(s)
	if i < 0 && validText(s) {
		return s, nil, nil
	}
	if len(s) <= stackBuf {
		// The result is no longer than s: decode on the stack and copy
		// into an exact-size string.
		var buf [stackBuf]byte
		b, fs, err := d.appendDecodeFrom(buf[:0], s, i, true)
		return string(b), fs, err
	}
	b, fs, err := d.appendDecodeFrom(make([]byte, 0, len(s)), s, i, true)
	// b was allocated here for the result and is not written again.
	return bytestr.String(b), fs, err
}

// AppendDecode appends the decoding of s as text to dst.
func (d Decoder) AppendDecode(dst []byte, s string) ([]byte, error) {
	out, _, err := d.appendDecodeFrom(dst, s, d.start(s), true)
	return out, err
}

// DecodeBytes decodes s to arbitrary octets (no UTF-8 rule).
func (d Decoder) DecodeBytes(s string) ([]byte, error) {
	out, _, err := d.appendDecodeFrom(make([]byte, 0, len(s)), s, d.start(s), false)
	return out, err
}

// AppendDecodeBytes appends the decoding of s as arbitrary octets to dst.
func (d Decoder) AppendDecodeBytes(dst []byte, s string) ([]byte, error) {
	out, _, err := d.appendDecodeFrom(dst, s, d.start(s), false)
	return out, err
}

// DecodeLenient decodes s as text, keeping as written what Decode would
// fail on: "%zz" stays "%zz", a "%uXXXX" escape without LegacyU stays as
// it is, and an escape whose byte does not belong to a valid UTF-8
// sequence stays encoded ("%C3" alone stays "%C3"; with
// ReplaceInvalidUTF8 it becomes U+FFFD instead, which is no finding). It
// cannot fail: the result is always complete, and what was kept is
// returned as findings, one [Finding] per code with the count and first
// offsets of its repeats (nil when nothing was kept), so that the list
// stays short whatever the input.
func (d Decoder) DecodeLenient(s string) (string, []Finding) {
	d.Lenient, d.keep = true, true
	out, fs, _ := d.decode(s)
	return out, fs
}

// AppendDecodeLenient is DecodeLenient appending to dst.
func (d Decoder) AppendDecodeLenient(dst []byte, s string) ([]byte, []Finding) {
	d.Lenient, d.keep = true, true
	out, fs, _ := d.appendDecodeFrom(dst, s, d.start(s), true)
	return out, fs
}

// DecodeBytesLenient decodes s to arbitrary octets, keeping the malformed
// escapes as written, and returns what it kept as findings (see
// [Decoder.DecodeLenient]).
func (d Decoder) DecodeBytesLenient(s string) ([]byte, []Finding) {
	d.Lenient, d.keep = true, true
	out, fs, _ := d.appendDecodeFrom(make([]byte, 0, len(s)), s, d.start(s), false)
	return out, fs
}

// AppendDecodeBytesLenient is DecodeBytesLenient appending to dst.
func (d Decoder) AppendDecodeBytesLenient(dst []byte, s string) ([]byte, []Finding) {
	d.Lenient, d.keep = true, true
	out, fs, _ := d.appendDecodeFrom(dst, s, d.start(s), false)
	return out, fs
}

// shortInput is the length up to which the append API decodes with no
// first scan for "%": the decoding loop finds it about as fast, and a URL
// rarely goes long without one.
const shortInput = 128

// start returns where the append API starts decoding: d.index(s) for long
// input, so that a long run with nothing to decode is found with one fast
// scan and copied at once, and 0 for short input.
func (d Decoder) start(s string) int {
	if len(s) <= shortInput || vecEnabled() {
		// (The vector loop copies a long run with nothing to decode as
		// fast as plain does, in one pass instead of three.)
		return 0
	}
	return unknown
}

// index returns the index of the first byte of s that decodes to something
// else ("%", or "+" with PlusAsSpace), or -1.
func (d Decoder) index(s string) int {
	if d.PlusAsSpace {
		return indexPercentOrPlus(s)
	}
	return strings.IndexByte(s, '%')
}

// appendDecodeFrom decodes s after dst, i being d.index(s), an index
// before it, or unknown.
func (d Decoder) appendDecodeFrom(dst []byte, s string, i int, text bool) ([]byte, []Finding, error) {
	start := len(dst)
	var out []byte
	ok := false
	if i == unknown {
		out, ok = d.plain(dst, s, text)
	} else {
		out, ok = d.fast(dst, s, i, text)
	}
	if ok {
		return out, nil, nil
	}
	// The fast paths may have grown the buffer already (out[:start] is
	// dst[:start]): the general decoder reuses it.
	return d.slow(out[:start], s, text)
}

// unknown is the start index that makes appendDecodeFrom look for the
// first byte to decode with plain.
const unknown = -2

// plainBlock is the size of the blocks in which plain works.
const plainBlock = 4096

// plain is fast for long input: it first copies the prefix with nothing
// to decode block by block, each block being searched, checked (for text)
// and copied while it is in the cache. A block that is not ASCII ends it
// early, leaving the rest to fast.
func (d Decoder) plain(dst []byte, s string, text bool) ([]byte, bool) {
	start := len(dst)
	dst = slices.Grow(dst, len(s))
	i := 0
	for i < len(s) {
		blk := s[i:min(len(s), i+plainBlock)]
		j := d.index(blk)
		if j >= 0 {
			blk = blk[:j]
		}
		if text && !isASCII(blk) {
			break
		}
		dst = append(dst, blk...)
		i += len(blk)
		if j >= 0 {
			break
		}
	}
	if i == len(s) {
		return dst, true
	}
	return d.fastFrom(dst, s, i, start, text)
}

// isASCII reports whether every byte of s is below 0x80, testing 32 bytes
// at a time.
func isASCII(s string) bool {
	for ; len(s) >= 32; s = s[32:] {
		w := s[:32]
		if (load8(w, 0)|load8(w, 8)|load8(w, 16)|load8(w, 24))&highBits != 0 {
			return false
		}
	}
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// Word constants of the 8-bytes-at-a-time scans.
const (
	ones     = 0x0101010101010101
	highBits = 0x8080808080808080
	pctWord  = '%' * ones
	plusWord = '+' * ones
)

// load8 returns the 8 bytes of s[i:i+8] as a little-endian word (the
// compiler makes it one load).
func load8(s string, i int) uint64 {
	w := s[i : i+8]
	return uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
		uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
}

// zeros returns the word with the high bit of each byte set where the byte
// of v is zero, and every other bit clear (exactly: no carry crosses bytes).
func zeros(v uint64) uint64 {
	const low7 = 0x7f7f7f7f7f7f7f7f
	return ^((v&low7 + low7) | v | low7)
}

// validText reports whether s is valid UTF-8. It checks ASCII 32 bytes at a
// time and leaves only the rest from the first non-ASCII word to
// utf8.ValidString.
func validText(s string) bool {
	for r := s; ; r = r[32:] {
		if len(r) < 32 {
			for i := 0; i < len(r); i++ {
				if r[i] >= utf8.RuneSelf {
					return utf8.ValidString(r[i:])
				}
			}
			return true
		}
		w := r[:32]
		if (load8(w, 0)|load8(w, 8)|load8(w, 16)|load8(w, 24))&highBits != 0 {
			return utf8.ValidString(r)
		}
	}
}

// fast decodes the common case: every escape well formed and, for text,
// valid UTF-8 output. It reports false on anything else. i is d.index(s),
// or an index before it:
// up to there it copies in one append; from there it writes by index into
// a buffer grown once. Each step loads 8 bytes, stores them, and finds the
// first "%" (or "+") among them: the bytes before it are kept and it is
// decoded, so that a step covers one run and one escape. For text, the
// output is checked as UTF-8 only when some byte of it is not ASCII.
func (d Decoder) fast(dst []byte, s string, i int, text bool) ([]byte, bool) {
	if i < 0 {
		if text && !validText(s) {
			return dst, false
		}
		return append(dst, s...), true
	}
	if i > 0 && text && !validText(s[:i]) {
		return dst, false
	}
	start := len(dst)
	dst = slices.Grow(dst, len(s))
	return d.fastFrom(append(dst, s[:i]...), s, i, start, text)
}

// fastFrom is fast once dst holds the output up to s[i] (which is ASCII,
// or checked), from dst[start] on, and has room for the rest of s.
func (d Decoder) fastFrom(dst []byte, s string, i, start int, text bool) ([]byte, bool) {
	if cap(dst)-len(dst) < len(s)-i {
		dst = slices.Grow(dst, len(s)-i)
	}
	n := len(dst)
	// Output never outruns input: n-start <= i, so the 8-byte stores below
	// stay within b.
	b := dst[:cap(dst)]
	special := uint64(pctWord)
	if d.PlusAsSpace {
		special = plusWord
	}
	// high is the OR of the input bytes from i on (every one is either
	// copied or a hex digit, which is ASCII) and of the decoded bytes.
	var high uint64
	if vecEnabled() && i < len(s) {
		n, nonASCII, ok := vecDecode(b, n, s, i, d.PlusAsSpace)
		if !ok {
			return dst, false
		}
		dst = b[:n]
		if text && nonASCII && !utf8.Valid(dst[start:]) {
			return dst, false
		}
		return dst, true
	}
	for i < len(s) {
		if i+8 <= len(s) {
			x := load8(s, i)
			binary.LittleEndian.PutUint64(b[n:], x)
			high |= x
			m := zeros(x^pctWord) | zeros(x^special)
			if m == 0 {
				n += 8
				i += 8
				continue
			}
			k := bits.TrailingZeros64(m) >> 3
			n += k
			i += k
		} else if r := len(s) - i; len(s) >= 8 && n+8 <= len(b) {
			// The last r < 8 bytes: load the word that ends with them
			// and shift them down; the zero bytes shifted in are no
			// "%" or "+".
			x := load8(s, len(s)-8) >> (64 - 8*r)
			binary.LittleEndian.PutUint64(b[n:], x)
			high |= x
			m := (zeros(x^pctWord) | zeros(x^special)) & (1<<(8*r) - 1)
			if m == 0 {
				n += r
				i += r
				continue
			}
			k := bits.TrailingZeros64(m) >> 3
			n += k
			i += k
		} else if c := s[i]; c != '%' && (c != '+' || !d.PlusAsSpace) {
			b[n] = c
			high |= uint64(c)
			n++
			i++
			continue
		}
		// s[i] is "%" or "+": decode it and those that follow at once,
		// as in "%C3%A9".
		for i < len(s) {
			if c := s[i]; c == '+' && d.PlusAsSpace {
				b[n] = ' '
				i++
			} else if c == '%' {
				if i+2 >= len(s) {
					return dst, false
				}
				h, l := unhex[s[i+1]], unhex[s[i+2]]
				if h|l > 15 {
					return dst, false
				}
				b[n] = h<<4 | l
				high |= uint64(h) << 4
				i += 3
			} else {
				break
			}
			n++
		}
	}
	dst = b[:n]
	if text && high&highBits != 0 && !utf8.Valid(dst[start:]) {
		return dst, false
	}
	return dst, true
}

// indexPercentOrPlus returns the index of the first "%" or "+" in s, or
// -1, testing 8 bytes at a time. (strings.IndexAny builds its byte set on
// every call, which costs more than this loop on URL-sized input.)
func indexPercentOrPlus(s string) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if x := load8(s, i); zeros(x^pctWord)|zeros(x^plusWord) != 0 {
			break
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; c == '%' || c == '+' {
			return i
		}
	}
	return -1
}

// unit kinds: one input byte, one %XX escape, one decoded %uXXXX code
// point, or a malformed escape.
const (
	unitRaw = iota
	unitPct
	unitRune
	unitBad
)

type unit struct {
	kind int
	b    byte
	r    rune
	n    int // input bytes the unit spans
	code Code
}

func isHex(c byte) bool { return unhex[c] < 16 }

func hex4(s string) (rune, bool) {
	var r rune
	for i := 0; i < 4; i++ {
		v := unhex[s[i]]
		if v > 15 {
			return 0, false
		}
		r = r<<4 | rune(v)
	}
	return r, true
}

// unitAt reads the unit that starts at s[i].
func (d Decoder) unitAt(s string, i int) unit {
	if s[i] != '%' {
		return unit{kind: unitRaw, b: s[i], n: 1}
	}
	if i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
		return unit{kind: unitPct, b: unhex[s[i+1]]<<4 | unhex[s[i+2]], n: 3}
	}
	if i+6 <= len(s) && s[i+1] == 'u' {
		if cu, ok := hex4(s[i+2:]); ok {
			switch {
			case !d.LegacyU:
				return unit{kind: unitBad, n: 6, code: ErrLegacyEscape}
			case cu >= 0xDC00 && cu <= 0xDFFF:
				return unit{kind: unitBad, n: 6, code: ErrInvalidLegacyEscape}
			case cu >= 0xD800 && cu <= 0xDBFF:
				if i+12 <= len(s) && s[i+6] == '%' && s[i+7] == 'u' {
					if lo, ok := hex4(s[i+8:]); ok && lo >= 0xDC00 && lo <= 0xDFFF {
						return unit{kind: unitRune, r: 0x10000 + (cu-0xD800)<<10 + (lo - 0xDC00), n: 12}
					}
				}
				return unit{kind: unitBad, n: 6, code: ErrInvalidLegacyEscape}
			}
			return unit{kind: unitRune, r: cu, n: 6}
		}
	}
	if i+1 == len(s) || (i+2 == len(s) && isHex(s[i+1])) {
		return unit{kind: unitBad, n: len(s) - i, code: ErrTruncatedEscape}
	}
	return unit{kind: unitBad, n: 3, code: ErrInvalidEscape}
}

// seqLen is the length of the UTF-8 sequence a lead byte announces (1 for a
// byte that cannot lead one).
func seqLen(c byte) int {
	switch {
	case c >= 0xC0 && c < 0xE0:
		return 2
	case c >= 0xE0 && c < 0xF0:
		return 3
	case c >= 0xF0 && c < 0xF8:
		return 4
	}
	return 1
}

// slow is the general decoder: unit by unit, with UTF-8 checking of the
// decoded bytes, strict or lenient.
func (d Decoder) slow(dst []byte, s string, text bool) ([]byte, []Finding, error) {
	// The output is no longer than s, except for the replacements of
	// ReplaceInvalidUTF8 (see below): grow once rather than by appends.
	if cap(dst)-len(dst) < len(s) {
		dst = slices.Grow(dst, len(s))
	}
	var fs []Finding
	for i := 0; i < len(s); {
		c := s[i]
		if c == '+' && d.PlusAsSpace {
			dst = append(dst, ' ')
			i++
			continue
		}
		if c != '%' && (c < 0x80 || !text) {
			dst = append(dst, c)
			i++
			continue
		}
		u := d.unitAt(s, i)
		switch u.kind {
		case unitBad:
			if !d.Lenient {
				return dst, nil, newError(s, i, u.n, u.code)
			}
			if d.keep {
				fs = addFinding(fs, s, i, u.n, u.code)
			}
			dst = append(dst, '%')
			i++
			continue
		case unitRune:
			dst = utf8.AppendRune(dst, u.r)
			i += u.n
			continue
		}
		if !text || u.b < 0x80 {
			dst = append(dst, u.b)
			i += u.n
			continue
		}
		// A non-ASCII byte: gather the continuation bytes its lead byte
		// announces, whether escaped or literal, and check the sequence.
		var buf [utf8.UTFMax]byte
		var ends [utf8.UTFMax]int
		buf[0], ends[0] = u.b, i+u.n
		k, j := 1, i+u.n
		for need := seqLen(u.b); k < need && j < len(s); k++ {
			v := d.unitAt(s, j)
			if (v.kind != unitRaw && v.kind != unitPct) || v.b&0xC0 != 0x80 || (v.b == '+' && d.PlusAsSpace) {
				break
			}
			buf[k] = v.b
			j += v.n
			ends[k] = j
		}
		if r, size := utf8.DecodeRune(buf[:k]); r != utf8.RuneError || size > 1 {
			dst = append(dst, buf[:size]...)
			i = ends[size-1]
			continue
		}
		if d.ReplaceInvalidUTF8 {
			if cap(dst)-len(dst) < len("\uFFFD") {
				// A replacement takes three bytes for as few as one:
				// grow once for the worst case of the rest of s.
				dst = slices.Grow(dst, 3*(len(s)-i))
			}
			dst = append(dst, "\uFFFD"...)
			i = ends[maximalSubpart(buf[:k])-1]
			continue
		}
		if !d.Lenient {
			return dst, nil, newError(s, i, u.n, ErrInvalidUTF8)
		}
		if d.keep {
			fs = addFinding(fs, s, i, u.n, ErrInvalidUTF8)
		}
		dst = append(dst, s[i:i+u.n]...)
		i += u.n
	}
	return dst, fs, nil
}

// maximalSubpart returns the length of the maximal subpart of an ill-formed
// UTF-8 sequence at the start of b (Unicode §3.9, "U+FFFD substitution of
// maximal subparts"), which is at least 1.
func maximalSubpart(b []byte) int {
	lo, hi := byte(0x80), byte(0xBF)
	var need int
	switch c := b[0]; {
	case c >= 0xC2 && c <= 0xDF:
		need = 1
	case c == 0xE0:
		need, lo = 2, 0xA0
	case c == 0xED:
		need, hi = 2, 0x9F
	case c >= 0xE1 && c <= 0xEF:
		need = 2
	case c == 0xF0:
		need, lo = 3, 0x90
	case c == 0xF4:
		need, hi = 3, 0x8F
	case c >= 0xF1 && c <= 0xF3:
		need = 3
	default:
		return 1
	}
	n := 1
	for n <= need && n < len(b) && b[n] >= lo && b[n] <= hi {
		n++
		lo, hi = 0x80, 0xBF
	}
	return n
}
