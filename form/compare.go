package form

import "unicode/utf8"

// CompareNames compares a and b as sequences of UTF-16 code units, the
// order URLSearchParams sort uses, and returns -1, 0 or +1. It differs from
// strings.Compare only where a character above U+FFFF (a surrogate pair in
// UTF-16, starting with 0xD800-0xDBFF) meets one in U+E000-U+FFFF: UTF-16
// puts the first before the second, UTF-8 the other way round.
//
// A byte that does not belong to valid UTF-8 compares as U+FFFD, the
// character that a conversion to UTF-16 would give it; such strings can
// compare equal though their bytes differ.
func CompareNames(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[i] == b[i] {
		i++
	}
	if i == len(a) && i == len(b) {
		return 0
	}
	if i < n && a[i] < utf8.RuneSelf && b[i] < utf8.RuneSelf {
		// Both are ASCII here, so both start a character.
		return cmpInt(int(a[i]), int(b[i]))
	}
	// Back up to a byte where decoding is in step in both strings: a
	// non-continuation byte always starts a character, and a character
	// spans at most four bytes.
	k := i
	for j := i - 1; j >= 0 && j >= i-(utf8.UTFMax-1); j-- {
		if !isContinuation(a[j]) {
			k = j
			break
		}
	}
	return compareFrom(a[k:], b[k:])
}

func isContinuation(c byte) bool { return c&0xC0 == 0x80 }

// compareFrom compares a and b character by character by UTF-16 code units.
func compareFrom(a, b string) int {
	for len(a) > 0 && len(b) > 0 {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra != rb {
			return cmpInt(int(utf16Rank(ra)), int(utf16Rank(rb)))
		}
		a, b = a[na:], b[nb:]
	}
	return cmpInt(len(a), len(b))
}

// utf16Rank maps distinct characters to numbers in the order of their first
// UTF-16 code unit (and, above U+FFFF, of the whole surrogate pair): the
// characters U+E000-U+FFFF come after every character above U+FFFF, whose
// lead surrogates are 0xD800-0xDBFF.
func utf16Rank(r rune) rune {
	if r >= 0xE000 && r <= 0xFFFF {
		return r + 0x200000
	}
	return r
}

func cmpInt(x, y int) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return +1
	}
	return 0
}
