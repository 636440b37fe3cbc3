package percent

import (
	"slices"
	"strings"
)

// isUnreserved reports whether c is an RFC 3986 unreserved character.
func isUnreserved(c byte) bool { return !Unreserved.Contains(c) }

// Normalize returns s with its percent-encoding normalized as RFC 3986
// §6.2.2.1-2 says: the hex digits of every escape uppercased, and escapes of
// unreserved characters ("%7E", "%41") decoded. Every other escape and
// every other byte, including malformed escapes, is left as it is. It
// returns s itself, without allocating, when nothing changes.
func Normalize(s string) string {
	i := firstNormChange(s)
	if i < 0 {
		return s
	}
	return string(appendNormalizeFrom(make([]byte, 0, len(s)), s, i))
}

// AppendNormalize appends the normalization of s to dst.
func AppendNormalize(dst []byte, s string) []byte {
	i := firstNormChange(s)
	if i < 0 {
		return append(dst, s...)
	}
	return appendNormalizeFrom(dst, s, i)
}

// firstNormChange returns the index of the first escape normalization
// changes, or -1.
func firstNormChange(s string) int {
	for i := 0; ; {
		j := strings.IndexByte(s[i:], '%')
		if j < 0 {
			return -1
		}
		i += j
		if i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			if isUnreserved(unhex[s[i+1]]<<4|unhex[s[i+2]]) || isLowerHex(s[i+1]) || isLowerHex(s[i+2]) {
				return i
			}
			i += 3
			continue
		}
		i++
	}
}

// formsEscape reports whether appending the hex digit b to dst would make
// a new escape with a stray "%" already in dst ("%0%41" must not become
// "%0A"). A "%" two bytes from the end of dst is always a stray: escapes
// that Normalize keeps are three bytes long.
func formsEscape(dst []byte, b byte) bool {
	n := len(dst)
	return isHex(b) && ((n >= 1 && dst[n-1] == '%') || (n >= 2 && dst[n-2] == '%' && isHex(dst[n-1])))
}

func isLowerHex(c byte) bool { return c >= 'a' && c <= 'f' }

func appendNormalizeFrom(dst []byte, s string, i int) []byte {
	// The result is no longer than s: grow once rather than by appends.
	dst = slices.Grow(dst, len(s))
	dst = append(dst, s[:i]...)
	for i < len(s) {
		j := strings.IndexByte(s[i:], '%')
		if j < 0 {
			return append(dst, s[i:]...)
		}
		dst = append(dst, s[i:i+j]...)
		i += j
		if i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b := unhex[s[i+1]]<<4 | unhex[s[i+2]]
			if isUnreserved(b) && !formsEscape(dst, b) {
				dst = append(dst, b)
			} else {
				dst = append(dst, '%', upperhex[b>>4], upperhex[b&15])
			}
			i += 3
			continue
		}
		dst = append(dst, '%')
		i++
	}
	return dst
}

// Validate reports whether s is a correctly encoded value for set: every
// byte either outside the set or part of a valid "%XX" escape. A "%" must
// always start a valid escape, since a decoder will read it as one. The
// error is an [*Error] at the first offending byte.
func Validate(s string, set Set) error {
	t := set.table()
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' {
			if i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
				i += 2
				continue
			}
			code := ErrInvalidEscape
			if i+1 == len(s) || (i+2 == len(s) && isHex(s[i+1])) {
				code = ErrTruncatedEscape
			}
			return newError(s, i, 3, code)
		}
		if t[c] != 0 {
			return newError(s, i, 1, ErrUnencoded)
		}
	}
	return nil
}
