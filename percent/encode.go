package percent

import (
	"encoding/binary"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/internal/bytestr"
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
	// Encode allocates the result once, at its size (and returns its
	// input, here a copy of b, when nothing needs encoding).
	return Encoder{Set: set}.Encode(string(b))
}

// Encode returns the encoding of s, or s itself when nothing needs encoding.
func (e Encoder) Encode(s string) string {
	if t, ok := e.lookup(); ok {
		return encode(e, t, s)
	}
	t := e.table()
	return encode(e, t[:], s)
}

// AppendEncode appends the encoding of s to dst and returns the extended
// buffer.
func (e Encoder) AppendEncode(dst []byte, s string) []byte {
	if t, ok := e.lookup(); ok {
		return appendEncode(e, t, dst, s)
	}
	t := e.table()
	return appendEncode(e, t[:], dst, s)
}

// EncodedLen returns the length of the encoding of s.
func (e Encoder) EncodedLen(s string) int {
	if t, ok := e.lookup(); ok {
		return len(s) + 2*escapesFrom(e, t, s, 0)
	}
	t := e.table()
	return len(s) + 2*escapesFrom(e, t[:], s, 0)
}

// lookup returns the encoder's table as the Set's own 256-byte string when
// the options need no change to it: the common case, which costs nothing.
func (e Encoder) lookup() (string, bool) {
	t, ok := e.Set.lookup()
	if ok && e.SpaceAsPlus && t['+']&1 == 0 {
		return "", false
	}
	return t, ok
}

// table returns the encoder's table built from the Set: "+" is encoded
// when spaces become "+".
func (e Encoder) table() [setSize]byte {
	t := e.Set.table()
	if e.SpaceAsPlus {
		t['+'] = 1
	}
	return t
}

// A table is an encoder's byte table: 256 bytes, the lowest bit of t[c]
// set when c is encoded. It is the Set's string itself or, for the empty
// Set or an Encoder that changes it, a copy on the stack.
type table interface{ ~string | ~[]byte }

// stackBuf is the size of the stack buffers of the string APIs: input
// whose result surely fits is worked on there and then copied into one
// exact-size string.
const stackBuf = 512

// encode is Encoder.Encode with the table t: one scan to find the first
// change, then either (short input) encoding on the stack and one copy
// into an exact-size string, or one scan to count the escapes, one
// exact-size allocation and the encoding into it.
func encode[T table](e Encoder, t T, s string) string {
	i := firstChange(e, t, s)
	if i == len(s) {
		return s
	}
	if e.vec() && 3*len(s) <= stackBuf {
		// The vector loop encodes short input at once, from the start:
		// the clean prefix costs it nothing, where appendFrom below would
		// copy it first (10% more on isaacs_files lines).
		var buf [stackBuf]byte
		return string(buf[:vecEncode(t, buf[:], 0, s, 0, e.SpaceAsPlus)])
	}
	if bound := len(s) + 2*(len(s)-i); bound <= stackBuf {
		var buf [stackBuf]byte
		return string(appendFrom(e, t, buf[:0], s, i, bound))
	}
	n := len(s) + 2*escapesFrom(e, t, s, i)
	// The buffer is allocated here for the result, at its size, and not
	// written again once appendFrom returns.
	return bytestr.String(appendFrom(e, t, make([]byte, 0, n), s, i, n))
}

// appendEncode is Encoder.AppendEncode with the table t.
func appendEncode[T table](e Encoder, t T, dst []byte, s string) []byte {
	if e.vec() && cap(dst)-len(dst) >= 3*len(s) {
		// dst has room for the longest encoding: the vector loop
		// encodes into it at once.
		b := dst[:cap(dst)]
		return b[:vecEncode(t, b, len(dst), s, 0, e.SpaceAsPlus)]
	}
	i := firstChange(e, t, s)
	if i == len(s) {
		return append(dst, s...)
	}
	size := len(s) + 2*(len(s)-i)
	if cap(dst)-len(dst) < size {
		// dst has no room for the longest encoding: count the escapes,
		// so that it grows to the encoding's size (or not at all),
		// rather than to three times the input.
		size = len(s) + 2*escapesFrom(e, t, s, i)
	}
	return appendFrom(e, t, dst, s, i, size)
}

// clean8 reports whether none of the 8 bytes of w is in the table t.
func clean8[T table](t T, w string) bool {
	t = t[:setSize]
	w = w[:8]
	return (t[w[0]]|t[w[1]]|t[w[2]]|t[w[3]]|t[w[4]]|t[w[5]]|t[w[6]]|t[w[7]])&1 == 0
}

// escapesFrom counts the bytes from s[i] on that become "%XX".
func escapesFrom[T table](e Encoder, t T, s string, i int) int {
	t = t[:setSize]
	s = s[i:]
	n := 0
	// With the table's bytes zero or one, the sum of the lookups of a
	// chunk counts its members; the options' exceptions are taken back
	// below.
	i = 0
	for ; i+8 <= len(s); i += 8 {
		w := s[i : i+8]
		n += int(t[w[0]]&1 + t[w[1]]&1 + t[w[2]]&1 + t[w[3]]&1 + t[w[4]]&1 + t[w[5]]&1 + t[w[6]]&1 + t[w[7]]&1)
	}
	for ; i < len(s); i++ {
		n += int(t[s[i]] & 1)
	}
	if e.SpaceAsPlus && t[' ']&1 != 0 {
		n -= strings.Count(s, " ")
	}
	if e.KeepEscapes && t['%']&1 != 0 {
		// A valid escape is copied as it is: none of its three bytes
		// counts.
		for j := 0; j < len(s); j++ {
			if validEscapeAt(s, j) {
				n -= int(t['%']&1 + t[s[j+1]]&1 + t[s[j+2]]&1)
				j += 2
			}
		}
	}
	return n
}

// firstChange returns the index of the first byte of s the encoder changes,
// or len(s).
func firstChange[T table](e Encoder, t T, s string) int {
	if len(s) >= vecIndexMin && e.vec() {
		return vecIndex(t, s)
	}
	t = t[:setSize]
	i := 0
	for {
		for i+8 <= len(s) && clean8(t, s[i:i+8]) {
			i += 8
		}
		for i < len(s) && t[s[i]]&1 == 0 {
			i++
		}
		if i < len(s) && s[i] == '%' && e.KeepEscapes && validEscapeAt(s, i) {
			i += 3
			continue
		}
		return i
	}
}

// appendFrom appends s to dst, encoding from index i on (s[:i] needs no
// change), after growing dst to hold at least size more bytes (the
// encoding's length, or an upper bound of it). It then writes by index:
// 8 bytes at once while a chunk of the input holds no byte of the set, one
// by one through a chunk that does (escapes in URLs come densely).
func appendFrom[T table](e Encoder, t T, dst []byte, s string, i int, size int) []byte {
	t = t[:setSize]
	dst = slices.Grow(dst, size)
	dst = append(dst, s[:i]...)
	n := len(dst)
	b := dst[:cap(dst)]
	if e.vec() {
		return b[:vecEncode(t, b, n, s, i, e.SpaceAsPlus)]
	}
	plain := !e.KeepEscapes && !e.SpaceAsPlus
	for i < len(s) {
		end := len(s)
		if i+8 <= len(s) {
			if clean8(t, s[i:i+8]) {
				copy(b[n:n+8], s[i:i+8])
				n += 8
				i += 8
				continue
			}
			end = i + 8
			if plain && len(b)-n >= 8*3+1 {
				// Branch-free: each byte stores the 4-byte word
				// escWords gives for it (itself or its escape) and
				// advances the output by the word's last byte. The
				// room checked holds 8 escapes and a spare byte.
				for ; i < end; i++ {
					c := s[i]
					j := (int(t[c]&1)<<8 | int(c)) << 2
					q := escWords[j : j+4]
					w := uint32(q[0]) | uint32(q[1])<<8 | uint32(q[2])<<16 | uint32(q[3])<<24
					binary.LittleEndian.PutUint32(b[n:], w)
					n += int(w >> 24)
				}
				continue
			}
		}
		for ; i < end; i++ {
			c := s[i]
			if t[c]&1 == 0 {
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
	}
	return b[:n]
}

// vecIndexMin is the input length from which firstChange uses the vector
// loop: on shorter input its fixed cost (loading the table) exceeds what
// it saves. (The encoding loop pays for itself on the shortest input that
// has a byte to encode.)
const vecIndexMin = 32

// vec reports whether the vector loops encode: they do when the CPU has
// them and no escape is to be kept.
func (e Encoder) vec() bool {
	return !e.KeepEscapes && vecEnabled()
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
