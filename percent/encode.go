package percent

import (
	"slices"
	"unicode/utf8"
	"unsafe"
)

const upperhex = "0123456789ABCDEF"

// An Encoder percent-encodes with a Set and options. The zero Encoder
// encodes nothing; most callers use [Encode] or [AppendEncode], or set Set.
type Encoder struct {
	// Set is the set of bytes to encode.
	Set Set
	// SpaceAsPlus writes a space as "+" (application/x-www-form-urlencoded)
	// and always encodes "+" itself as "%2B", so that the two stay apart.
	SpaceAsPlus bool
	// KeepEscapes copies a "%" that starts a valid escape ("%" and two hex
	// digits) as it is instead of encoding it as "%25", so that encoding
	// an already encoded string does not encode it twice. A "%" that starts
	// no valid escape is still encoded.
	KeepEscapes bool
}

// Encode returns s with every byte of set encoded as "%XX" (uppercase hex).
// It returns s itself, without allocating, when nothing needs encoding.
// Text is encoded as its bytes, so non-ASCII text comes out as UTF-8
// escapes; s may hold arbitrary octets.
func Encode(s string, set Set) string { return Encoder{Set: set}.Encode(s) }

// AppendEncode appends the encoding of s with set to dst and returns the
// extended buffer.
func AppendEncode(dst []byte, s string, set Set) []byte {
	return Encoder{Set: set}.AppendEncode(dst, s)
}

// EncodeBytes encodes arbitrary octets with set.
func EncodeBytes(b []byte, set Set) string {
	return string(Encoder{Set: set}.AppendEncode(nil, string(b)))
}

// Encode returns the encoding of s, or s itself when nothing needs encoding.
func (e Encoder) Encode(s string) string {
	t := e.table()
	i := e.firstChange(&t, s)
	if i == len(s) {
		return s
	}
	n := len(s) + 2*e.escapesFrom(&t, s, i)
	return stringOf(e.appendFrom(make([]byte, 0, n), s, i, &t, n))
}

// AppendEncode appends the encoding of s to dst and returns the extended
// buffer.
func (e Encoder) AppendEncode(dst []byte, s string) []byte {
	t := e.table()
	i := e.firstChange(&t, s)
	if i == len(s) {
		return append(dst, s...)
	}
	return e.appendFrom(dst, s, i, &t, len(s)+2*(len(s)-i))
}

// EncodedLen returns the length of the encoding of s.
func (e Encoder) EncodedLen(s string) int {
	t := e.table()
	return len(s) + 2*e.escapesFrom(&t, s, 0)
}

// escapesFrom counts the bytes from s[i] on that become "%XX".
func (e Encoder) escapesFrom(t *[32]byte, s string, i int) int {
	n := 0
	for ; i < len(s); i++ {
		c := s[i]
		if t[c>>3]&(1<<(c&7)) == 0 || (e.SpaceAsPlus && c == ' ') {
			continue
		}
		if c == '%' && e.KeepEscapes && validEscapeAt(s, i) {
			i += 2
			continue
		}
		n++
	}
	return n
}

// stringOf returns the bytes of b as a string without copying them, as
// strings.Builder does; b must not be modified afterwards.
func stringOf(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}

func (e Encoder) table() [32]byte {
	t := e.Set.table()
	if e.SpaceAsPlus {
		t['+'>>3] |= 1 << ('+' & 7)
	}
	return t
}

// firstChange returns the index of the first byte of s the encoder changes,
// or len(s).
func (e Encoder) firstChange(t *[32]byte, s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if t[c>>3]&(1<<(c&7)) == 0 {
			continue
		}
		if c == '%' && e.KeepEscapes && validEscapeAt(s, i) {
			i += 2
			continue
		}
		return i
	}
	return len(s)
}

// appendFrom appends s to dst, encoding from index i on (s[:i] needs no
// change), after growing dst to hold at least size more bytes (the
// encoding's length, or an upper bound of it). It then writes by index,
// which beats one append per run on URL-like text with frequent escapes.
func (e Encoder) appendFrom(dst []byte, s string, i int, t *[32]byte, size int) []byte {
	dst = slices.Grow(dst, size)
	dst = append(dst, s[:i]...)
	n := len(dst)
	b := dst[:cap(dst)]
	for ; i < len(s); i++ {
		c := s[i]
		if t[c>>3]&(1<<(c&7)) == 0 {
			b[n] = c
			n++
			continue
		}
		switch {
		case c == '%' && e.KeepEscapes && validEscapeAt(s, i):
			b[n], b[n+1], b[n+2] = '%', s[i+1], s[i+2]
			n += 3
			i += 2
		case c == ' ' && e.SpaceAsPlus:
			b[n] = '+'
			n++
		default:
			b[n], b[n+1], b[n+2] = '%', upperhex[c>>4], upperhex[c&15]
			n += 3
		}
	}
	return b[:n]
}

// validEscapeAt reports whether s[i] is a "%" followed by two hex digits.
func validEscapeAt(s string, i int) bool {
	return i+2 < len(s) && s[i] == '%' && unhex[s[i+1]] < 16 && unhex[s[i+2]] < 16
}

// EncodeRune appends the UTF-8 encoding of r, percent-encoded with set, to
// dst. It is the WHATWG "UTF-8 percent-encode a code point" for parsers
// that work code point by code point.
func EncodeRune(dst []byte, r rune, set Set) []byte {
	var buf [utf8.UTFMax]byte
	n := utf8.EncodeRune(buf[:], r)
	for _, c := range buf[:n] {
		if set.Contains(c) {
			dst = append(dst, '%', upperhex[c>>4], upperhex[c&15])
		} else {
			dst = append(dst, c)
		}
	}
	return dst
}
