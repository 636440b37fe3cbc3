// Package hexdigit reads the hexadecimal digits of percent-encoding
// ("%" HEXDIG HEXDIG, RFC 3986 §2.1) for the packages that decode escapes
// themselves. Its functions are small enough to be inlined.
package hexdigit

// Is reports whether c is a hexadecimal digit: 0-9, a-f or A-F.
func Is(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// Value returns the value (0-15) of the hexadecimal digit c; for a byte
// that is not one (see Is), the result means nothing.
func Value(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}
