package uri

import (
	"strings"
	"testing"
)

// TestClassTable recomputes the character class table from the RFC 3986
// ABNF.
func TestClassTable(t *testing.T) {
	const (
		alpha     = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
		digit     = "0123456789"
		subDelims = "!$&'()*+,;="
	)
	unreserved := alpha + digit + "-._~"
	pchar := unreserved + subDelims + ":@"
	want := []struct {
		bit   byte
		chars string
	}{
		{cScheme, alpha + digit + "+-."},
		{cUserinfo, unreserved + subDelims + ":"},
		{cRegName, unreserved + subDelims},
		{cPchar, pchar},
		{cPath, pchar + "/"},
		{cQuery, pchar + "/?"},
		{cHex, digit + "ABCDEFabcdef"},
	}
	for c := 0; c < 256; c++ {
		for _, w := range want {
			in := c < 128 && strings.IndexByte(w.chars, byte(c)) >= 0
			if got := classes[c]&w.bit != 0; got != in {
				t.Errorf("class %#x of byte %#x = %v, want %v", w.bit, c, got, in)
			}
		}
		if classes[c]&^(1<<7-1) != 0 {
			t.Errorf("byte %#x has unused bits", c)
		}
	}
	for c := 0; c < 256; c++ {
		if isUnreserved(byte(c)) != (c < 128 && strings.IndexByte(unreserved, byte(c)) >= 0) {
			t.Errorf("isUnreserved(%#x) wrong", c)
		}
	}
}
