// Package ascii lowers ASCII letters, the one way every package does it
// (scheme names, host names, percent-escape hex digits, MIME types): bytes
// outside A-Z, UTF-8 included, are left as they are, and nothing is
// allocated when there is nothing to lower. It also tells whether a text
// is all ASCII (Is).
package ascii

// Is reports whether every byte of s is below 0x80, eight bytes at a time.
func Is(s string) bool {
	for len(s) >= 8 {
		first := uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
		second := uint32(s[4]) | uint32(s[5])<<8 | uint32(s[6])<<16 | uint32(s[7])<<24
		if (first|second)&0x80808080 != 0 {
			return false
		}
		s = s[8:]
	}
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// ToLower returns c lowered when it is an ASCII capital letter.
func ToLower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + ('a' - 'A')
	}
	return c
}

// HasUpper reports whether s holds an ASCII capital letter.
func HasUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return true
		}
	}
	return false
}

// Lower returns s with its ASCII capital letters lowered; s itself, with no
// allocation, when it has none.
func Lower(s string) string {
	if !HasUpper(s) {
		return s
	}
	return string(AppendLower(make([]byte, 0, len(s)), s))
}

// AppendLower appends s with its ASCII capital letters lowered.
func AppendLower(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		b = append(b, ToLower(s[i]))
	}
	return b
}
