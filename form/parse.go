package form

import (
	"encoding/binary"
	"errors"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/percent"
)

// decoder returns the application/x-www-form-urlencoded decoder of the URL
// Standard: "+" is a space, valid escapes are decoded, a "%" that starts no
// valid escape is kept, and the bytes are decoded as UTF-8 with each maximal
// invalid subsequence replaced by U+FFFD.
func decoder() percent.Decoder {
	return percent.Decoder{PlusAsSpace: true, Lenient: true, ReplaceInvalidUTF8: true}
}

// plain reports whether f decodes to itself: it holds no "+" and no "%",
// and it is valid UTF-8.
func plain(f string) bool {
	for i := 0; i < len(f); i++ {
		switch c := f[i]; {
		case c == '%' || c == '+':
			return false
		case c >= utf8.RuneSelf:
			return strings.IndexByte(f[i:], '%') < 0 && strings.IndexByte(f[i:], '+') < 0 && utf8.ValidString(f[i:])
		}
	}
	return true
}

// Parse parses s as application/x-www-form-urlencoded, exactly as the URL
// Standard's urlencoded parser does. It never fails: a "%" that does not
// start a valid escape is kept as it is and invalid UTF-8 is replaced by
// U+FFFD. s must not include the leading "?" of a URL query (see
// [ParseSearchParams]). The names and values share memory with s where they
// need no decoding.
func Parse(s string) Values {
	v, _ := appendParse(nil, s, false)
	return v
}

// AppendParse appends the pairs of s, parsed as [Parse] does, to dst and
// returns the extended list.
func AppendParse(dst Values, s string) Values {
	v, _ := appendParse(dst, s, false)
	return v
}

// ParseSearchParams parses s as the URLSearchParams constructor does: one
// leading "?" is removed, then s is parsed as [Parse] does.
func ParseSearchParams(s string) Values {
	return Parse(strings.TrimPrefix(s, "?"))
}

// ParseStrict parses s as [Parse] does, but fails on the first "%" that does
// not start a valid escape and on decoded bytes that are not valid UTF-8,
// where Parse would keep the "%" or write U+FFFD. The error is an [*Error]
// whose Offset is a byte offset in s and whose cause is the
// [*percent.Error] of the name or value; errors.Is matches it against this
// package's codes ([ErrInvalidEscape]) and package percent's
// ([percent.ErrInvalidEscape]). On error the pairs before the faulty one
// are returned.
func ParseStrict(s string) (Values, error) {
	return appendParse(nil, s, true)
}

func appendParse(dst Values, s string, strict bool) (Values, error) {
	if s == "" {
		return dst, nil
	}
	// Grow once for the pairs: one per "&", and one more, unless some
	// sequences are empty ("&&&…" has no pair), which takes counting them.
	n := strings.Count(s, "&") + 1
	if n > 1 && hasEmptySequence(s) {
		n = pairCount(s)
	}
	if dst == nil {
		dst = make(Values, 0, n)
	} else if cap(dst)-len(dst) < n {
		dst = slices.Grow(dst, n)
	}
	// Fast path, one pass over s: ASCII pairs with no "%" and no "+" are
	// substrings of s. Anything else goes to appendParseDecoding from the
	// start of its sequence.
	start, eq := 0, -1
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '&':
			if i > start {
				dst = append(dst, cutPair(s[start:i], eq-start))
			}
			start, eq = i+1, -1
		case c == '=':
			if eq < 0 {
				eq = i
			}
		case c == '%' || c == '+' || c >= utf8.RuneSelf:
			return appendParseDecoding(dst, s, start, strict)
		}
	}
	if start < len(s) {
		dst = append(dst, cutPair(s[start:], eq-start))
	}
	return dst, nil
}

// hasEmptySequence reports whether some sequence of the non-empty s
// between "&" is empty.
func hasEmptySequence(s string) bool {
	return s[0] == '&' || s[len(s)-1] == '&' || strings.Contains(s, "&&")
}

// pairCount returns the number of pairs of s: its non-empty sequences
// between "&".
func pairCount(s string) int {
	n := 0
	prev := byte('&')
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '&' && prev == '&' {
			n++
		}
		prev = c
	}
	return n
}

// cutPair splits seq at eq, the offset of its first "=" or a negative
// number when it has none.
func cutPair(seq string, eq int) Pair {
	if eq < 0 {
		return Pair{Name: seq}
	}
	return Pair{Name: seq[:eq], Value: seq[eq+1:]}
}

// appendParseDecoding parses s from offset off on, where a pair needs
// decoding. Every decoded name and value goes into one buffer, converted to
// one string at the end, so that decoding costs one allocation (beyond the
// first 256 bytes, the buffer's growth) whatever the number of pairs. Each
// decoded piece is noted as two varints, which pair it belongs to (from
// the one before) and its length and field, so that a form of many short
// pairs costs a few bytes per piece beyond its pairs.
func appendParseDecoding(dst Values, s string, off int, strict bool) (Values, error) {
	var stack [256]byte
	buf := stack[:0]
	var noteStack [64]byte
	notes := noteStack[:0]
	first := len(dst)
	last := first
	note := func(start int, value bool) {
		n := uint64(len(buf)-start) << 1
		if value {
			n |= 1
		}
		notes = roomForNote(notes)
		notes = binary.AppendUvarint(notes, uint64(len(dst)-last))
		notes = binary.AppendUvarint(notes, n)
		last = len(dst)
	}
	var err error
	for off <= len(s) {
		seq := s[off:]
		if i := strings.IndexByte(seq, '&'); i >= 0 {
			seq = seq[:i]
		}
		seqOff := off
		off += len(seq) + 1
		if seq == "" {
			continue
		}
		name, value, _ := strings.Cut(seq, "=")
		if !plain(name) {
			start := len(buf)
			buf, err = decodeInto(roomFor(buf, name, len(s)-seqOff), name, seqOff, strict, s, ComponentName)
			if err != nil {
				break
			}
			note(start, false)
		}
		if !plain(value) {
			start := len(buf)
			buf, err = decodeInto(roomFor(buf, value, len(s)-seqOff), value, seqOff+len(name)+1, strict, s, ComponentValue)
			if err != nil {
				break
			}
			note(start, true)
		}
		dst = append(dst, Pair{Name: name, Value: value})
	}
	all := string(buf)
	for i := first; len(notes) > 0; {
		d, k := binary.Uvarint(notes)
		n, k2 := binary.Uvarint(notes[k:])
		notes = notes[k+k2:]
		i += int(d)
		if i >= len(dst) {
			break // the pair whose decoding failed
		}
		piece := all[:n>>1]
		all = all[n>>1:]
		if n&1 != 0 {
			dst[i].Value = piece
		} else {
			dst[i].Name = piece
		}
	}
	return dst, err
}

// roomFor returns buf with room for the decoding of f (at most three
// bytes for one: a byte of invalid UTF-8 becomes U+FFFD). When it has to
// grow, it grows to at least twice its size and to the rest bytes of
// input left, which most decodings fit in, so that the buffer's growth
// costs at most about twice its final size.
func roomFor(buf []byte, f string, rest int) []byte {
	if need := 3 * len(f); cap(buf)-len(buf) < need {
		buf = slices.Grow(buf, max(need, cap(buf), rest))
	}
	return buf
}

// roomForNote returns notes with room for two more varints, grown as
// roomFor grows.
func roomForNote(notes []byte) []byte {
	if cap(notes)-len(notes) < 2*binary.MaxVarintLen64 {
		notes = slices.Grow(notes, max(2*binary.MaxVarintLen64, cap(notes)))
	}
	return notes
}

// decodeInto appends the decoding of f, the name or value (comp) at
// offset off of the input in, to buf. In strict mode a decoding problem
// is returned as an *Error located at off+its offset in f.
func decodeInto(buf []byte, f string, off int, strict bool, in string, comp Component) ([]byte, error) {
	if !strict {
		// The lenient decoder always returns the complete decoding; its
		// error only lists what it kept or replaced.
		buf, _ = decoder().AppendDecode(buf, f)
		return buf, nil
	}
	buf, err := percent.Decoder{PlusAsSpace: true}.AppendDecode(buf, f)
	if err != nil {
		var pe *percent.Error
		if errors.As(err, &pe) {
			return buf, &Error{Offset: off + pe.Offset, Code: codeOf(pe.Code), Input: in, Component: comp, Err: pe}
		}
		return buf, &Error{Offset: off, Code: ErrInvalidEscape, Input: in, Component: comp, Err: err}
	}
	return buf, nil
}

// Unescape decodes one application/x-www-form-urlencoded name or value as
// [Parse] does: "+" is a space, valid escapes are decoded, other "%" are
// kept and invalid UTF-8 becomes U+FFFD. It returns s itself, without
// allocating, when s needs no decoding.
func Unescape(s string) string {
	if plain(s) {
		return s
	}
	// Short text is decoded on the stack (a byte of invalid UTF-8 takes
	// three as U+FFFD), so that the result string is the one allocation.
	var stack [96]byte
	buf := stack[:0]
	if 3*len(s) > len(stack) {
		buf = make([]byte, 0, len(s))
	}
	b, _ := decoder().AppendDecode(buf, s)
	return string(b)
}
