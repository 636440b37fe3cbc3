// Package hexdigit reads the hexadecimal digits of percent-encoding
// ("%" HEXDIG HEXDIG, RFC 3986 §2.1) for the packages that decode escapes
// themselves. Its functions are small enough to be inlined, and look the
// byte up in a table: no branch on which kind of digit it is, which
// escapes mix ("%2F", "%3a").
package hexdigit

// Is reports whether c is a hexadecimal digit: 0-9, a-f or A-F.
func Is(c byte) bool { return values[c] < 16 }

// Value returns the value (0-15) of the hexadecimal digit c; for a byte
// that is not one (see Is), the result means nothing.
func Value(c byte) byte { return values[c] & 15 }

// values holds the value of each hexadecimal digit, and 0xFF for the
// other bytes.
var values = func() (t [256]byte) {
	for c := range t {
		t[c] = 0xFF
	}
	for c := byte(0); c < 10; c++ {
		t['0'+c] = c
	}
	for c := byte(0); c < 6; c++ {
		t['a'+c], t['A'+c] = 10+c, 10+c
	}
	return t
}()
