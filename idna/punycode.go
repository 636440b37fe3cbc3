package idna

import (
	"math"
	"slices"
	"unicode/utf8"
)

// RFC 3492 parameters for IDNA.
const (
	pcBase        = 36
	pcTMin        = 1
	pcTMax        = 26
	pcSkew        = 38
	pcDamp        = 700
	pcInitialBias = 72
	pcInitialN    = 128
	pcDelimiter   = '-'
)

func pcAdapt(delta int64, numPoints int, first bool) int {
	if first {
		delta /= pcDamp
	} else {
		delta /= 2
	}
	delta += delta / int64(numPoints)
	k := 0
	for delta > ((pcBase-pcTMin)*pcTMax)/2 {
		delta /= pcBase - pcTMin
		k += pcBase
	}
	return k + int((pcBase-pcTMin+1)*delta/(delta+pcSkew))
}

func pcEncodeDigit(d int) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}

func pcDecodeDigit(c byte) (int, bool) {
	switch {
	case 'a' <= c && c <= 'z':
		return int(c - 'a'), true
	case 'A' <= c && c <= 'Z':
		return int(c - 'A'), true
	case '0' <= c && c <= '9':
		return int(c-'0') + 26, true
	}
	return 0, false
}

// maxPunycode is the largest number of code points encoded, or of bytes
// decoded, in one call (see ErrTooLong).
const maxPunycode = 1000

// pcMax bounds every intermediate value, as RFC 3492 section 6.4 asks: it is
// the largest value a 32-bit unsigned integer holds. The values are int64,
// so that they hold it on 32-bit platforms too.
const pcMax int64 = math.MaxUint32

// PunycodeEncode returns the RFC 3492 Punycode encoding of s, without an
// "xn--" prefix. Basic (ASCII) code points are copied as they are, followed by
// a delimiter when there are any, and then the deltas for the others.
//
// It fails with ErrInvalidUTF8 when s is not valid UTF-8, with ErrOverflow
// when the deltas do not fit in 32 bits, and with ErrTooLong when s has more
// than 1000 code points or its encoding more than 1000 bytes (the most
// PunycodeDecode reads), so that every encoding it returns decodes back.
func PunycodeEncode(s string) (string, error) {
	b, err := AppendPunycodeEncode(nil, s)
	return string(b), err
}

// AppendPunycodeEncode appends the Punycode encoding of s to dst, as
// PunycodeEncode does. On error it returns dst unchanged.
func AppendPunycodeEncode(dst []byte, s string) ([]byte, error) {
	b, err := appendPunycodeEncode(dst, s)
	return b, withInput(err, s)
}

// appendPunycodeEncode is AppendPunycodeEncode; its errors have no Input.
func appendPunycodeEncode(dst []byte, s string) ([]byte, error) {
	// Check before collecting the code points, so that work and memory
	// stay bounded whatever the length of s.
	n := 0
	for i := 0; i < len(s); {
		if s[i] < 0x80 {
			i++
			n++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return dst, pcErr(ErrInvalidUTF8, i)
		}
		i += size
		n++
	}
	if n > maxPunycode {
		return dst, pcErr(ErrTooLong, -1)
	}
	var stack [64]rune
	runes := stack[:0]
	if n > len(stack) {
		runes = make([]rune, 0, n)
	}
	for _, r := range s {
		runes = append(runes, r)
	}
	start := len(dst)
	dst, err := appendEncodeRunes(dst, runes)
	if err != nil {
		return dst, err
	}
	if len(dst)-start > maxPunycode {
		// PunycodeDecode reads at most maxPunycode bytes: refuse an
		// encoding it would not decode back.
		return dst[:start], pcErr(ErrTooLong, -1)
	}
	return dst, nil
}

// appendEncodeRunes appends the Punycode encoding of runes to dst.
//
// RFC 3492's encoder scans all the code points once for each distinct
// value, which takes time quadratic in the label. Here the code points to
// encode are sorted by value (then position), and a Fenwick tree over the
// positions counts, for each one, the code points of smaller value before
// it: the deltas are those of the RFC, in O(k log k) for k code points.
func appendEncodeRunes(dst []byte, runes []rune) ([]byte, *Error) {
	if len(runes) > maxPunycode {
		return dst, pcErr(ErrTooLong, -1)
	}
	start := len(dst)
	basic := 0
	for _, r := range runes {
		if r < 0x80 {
			dst = append(dst, byte(r))
			basic++
		}
	}
	if basic > 0 {
		dst = append(dst, pcDelimiter)
	}
	if basic == len(runes) {
		return dst, nil
	}
	// The code points to encode, as value<<10 | position, in order (a
	// label has at most maxPunycode < 1<<10 code points).
	var occStack [64]uint32
	occ := occStack[:0]
	if len(runes)-basic > len(occStack) {
		occ = make([]uint32, 0, len(runes)-basic)
	}
	for i, r := range runes {
		if r >= 0x80 {
			occ = append(occ, uint32(r)<<10|uint32(i))
		}
	}
	slices.Sort(occ)
	// tree counts the code points already handled (of smaller value than
	// the one being encoded) by position; tree[i] covers positions
	// (i-i&-i, i], 1-based.
	var treeStack [65]int16
	var tree []int16
	if len(runes)+1 <= len(treeStack) {
		tree = treeStack[:len(runes)+1]
	} else {
		tree = make([]int16, len(runes)+1)
	}
	add := func(pos int) {
		for i := pos + 1; i < len(tree); i += i & -i {
			tree[i]++
		}
	}
	before := func(pos int) int64 { // handled code points at positions < pos
		n := 0
		for i := pos; i > 0; i -= i & -i {
			n += int(tree[i])
		}
		return int64(n)
	}
	for i, r := range runes {
		if r < 0x80 {
			add(i)
		}
	}
	n := int64(pcInitialN)
	delta := int64(0)
	bias := pcInitialBias
	h := basic
	for j := 0; j < len(occ); {
		m := int64(occ[j] >> 10)
		if (m - n) > (pcMax-delta)/int64(h+1) {
			return dst[:start], pcErr(ErrOverflow, -1)
		}
		delta += (m - n) * int64(h+1)
		n = m
		handled := int64(h) // code points of smaller value, all positions
		seen := int64(0)    // those before the last occurrence of m
		k := j
		for ; k < len(occ) && int64(occ[k]>>10) == m; k++ {
			// (Overflow is checked where RFC 3492's scan would increment.)
			if c := before(int(occ[k] & 1023)); c > seen {
				delta += c - seen
				seen = c
				if delta > pcMax {
					return dst[:start], pcErr(ErrOverflow, -1)
				}
			}
			q := delta
			for t0 := pcBase; ; t0 += pcBase {
				t := t0 - bias
				if t < pcTMin {
					t = pcTMin
				} else if t > pcTMax {
					t = pcTMax
				}
				if q < int64(t) {
					break
				}
				dst = append(dst, pcEncodeDigit(t+int((q-int64(t))%int64(pcBase-t))))
				q = (q - int64(t)) / int64(pcBase-t)
			}
			dst = append(dst, pcEncodeDigit(int(q)))
			bias = pcAdapt(delta, h+1, h == basic)
			delta = 0
			h++
		}
		// The code points of smaller value after the last occurrence.
		if handled > seen {
			delta += handled - seen
			if delta > pcMax {
				return dst[:start], pcErr(ErrOverflow, -1)
			}
		}
		for ; j < k; j++ {
			add(int(occ[j] & 1023))
		}
		delta++
		n++
	}
	return dst, nil
}

// PunycodeDecode decodes the RFC 3492 Punycode string s (without an "xn--"
// prefix). Errors (*Error with ErrPunycode or ErrOverflow) carry the byte
// offset in s where decoding failed; s longer than 1000 bytes fails with
// ErrTooLong.
func PunycodeDecode(s string) (string, error) {
	var stack [64]rune
	runes, err := decodePunycode(s, stack[:0], len(s))
	if err != nil {
		return "", withInput(err, s)
	}
	return string(runes), nil
}

// AppendPunycodeDecode appends the UTF-8 text of the Punycode s (without an
// "xn--" prefix) to dst; it fails as PunycodeDecode does, and then returns dst
// unchanged. Labels of up to 64 code points are decoded without
// allocating when dst has room.
func AppendPunycodeDecode(dst []byte, s string) ([]byte, error) {
	var stack [64]rune
	runes, err := decodePunycode(s, stack[:0], len(s))
	if err != nil {
		return dst, withInput(err, s)
	}
	n := 0
	for _, r := range runes {
		n += utf8.RuneLen(r)
	}
	dst = slices.Grow(dst, n)
	for _, r := range runes {
		dst = utf8.AppendRune(dst, r)
	}
	return dst, nil
}

// AppendPunycodeDecodeRunes appends the code points of the Punycode s (without
// an "xn--" prefix) to dst and returns the extended slice; it fails as
// PunycodeDecode does, and then returns dst unchanged. It allocates
// nothing when dst has room: callers decoding label after label reuse one
// slice.
func AppendPunycodeDecodeRunes[T string | []byte](dst []rune, s T) ([]rune, error) {
	out, err := decodePunycode(s, dst, len(s))
	if err != nil {
		return dst, withInput(err, string(s))
	}
	return out, nil
}

// decodePunycode appends the decoded code points of s to out; n is the
// length of the Punycode, which is s unless that is too long to copy.
func decodePunycode[T string | []byte](s T, out []rune, size int) ([]rune, error) {
	if size > maxPunycode {
		return out, pcErr(ErrTooLong, -1)
	}
	b := 0
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == pcDelimiter {
			b = i
			break
		}
	}
	base := len(out)
	for i := 0; i < b; i++ {
		if s[i] >= 0x80 {
			return out, pcErr(ErrPunycode, i)
		}
		out = append(out, rune(s[i]))
	}
	in := 0
	if b > 0 {
		in = b + 1
	}
	n := int64(pcInitialN)
	i := int64(0)
	bias := pcInitialBias
	for in < len(s) {
		oldi := i
		w := int64(1)
		for k := pcBase; ; k += pcBase {
			if in >= len(s) {
				return out, pcErr(ErrPunycode, in)
			}
			digit, ok := pcDecodeDigit(s[in])
			if !ok {
				return out, pcErr(ErrPunycode, in)
			}
			in++
			if int64(digit) > (pcMax-i)/w {
				return out, pcErr(ErrOverflow, in-1)
			}
			i += int64(digit) * w
			t := k - bias
			if t < pcTMin {
				t = pcTMin
			} else if t > pcTMax {
				t = pcTMax
			}
			if digit < t {
				break
			}
			if w > pcMax/int64(pcBase-t) {
				return out, pcErr(ErrOverflow, in-1)
			}
			w *= int64(pcBase - t)
		}
		count := int64(len(out) - base + 1)
		bias = pcAdapt(i-oldi, int(count), oldi == 0)
		if i/count > pcMax-n {
			return out, pcErr(ErrOverflow, in-1)
		}
		n += i / count
		i %= count
		if n > utf8.MaxRune || (n >= 0xD800 && n <= 0xDFFF) || n < 0x80 {
			return out, pcErr(ErrPunycode, in-1)
		}
		at := base + int(i) // i < count, the runes decoded plus one
		out = append(out, 0)
		copy(out[at+1:], out[at:])
		out[at] = rune(n)
		i++
	}
	return out, nil
}

func pcErr(code Code, offset int) *Error {
	return &Error{Code: code, Index: -1, LabelOffset: -1, Offset: offset, Rune: -1}
}

// withInput sets the Input of err, an *Error of the Punycode functions,
// to their argument s; it returns err (nil when err is nil).
func withInput(err error, s string) error {
	if e, ok := err.(*Error); ok {
		e.Input = s
	}
	return err
}
