package uri

import (
	"math/rand/v2"
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

// TestSkipClass checks skipClass, whose word-at-a-time search has edge
// cases at the end of the input, against a byte loop: every start index
// of random strings of lengths 0 to 100 (with the vector search from 32
// bytes on), for each class.
func TestSkipClass(t *testing.T) {
	const alphabet = "aZ9-._~!$&'()*+,;=:@/?#[]% \"<>\\^`{|}\x00\x7f\x80\xff"
	r := rand.New(rand.NewPCG(5, 6))
	for _, mask := range []byte{cScheme, cUserinfo, cRegName, cPath, cQuery} {
		for n := 0; n <= 100; n++ {
			for rep := 0; rep < 20; rep++ {
				b := make([]byte, n)
				for k := range b {
					// Mostly bytes of the class, so that runs are long.
					if c := alphabet[r.IntN(len(alphabet))]; r.IntN(4) == 0 || classes[c]&mask != 0 {
						b[k] = c
					} else {
						b[k] = 'a'
					}
				}
				s := string(b)
				for i := 0; i <= n; i++ {
					want := i
					for want < n && classes[s[want]]&mask != 0 {
						want++
					}
					if got := skipClass(s, i, mask); got != want {
						t.Fatalf("skipClass(%q, %d, %#x) = %d, want %d", s, i, mask, got, want)
					}
				}
			}
		}
	}
}

// TestOutsideSets checks that each percent set outside returns holds
// exactly the bytes its class excludes.
func TestOutsideSets(t *testing.T) {
	for _, mask := range []byte{cScheme, cUserinfo, cRegName, cPchar, cPath, cQuery} {
		set, ok := outside(mask)
		if !ok {
			continue
		}
		for c := 0; c < 256; c++ {
			if in := classes[c]&mask != 0; set.Contains(byte(c)) == in {
				t.Errorf("class %#x, byte %#x: in class %v, in the set %v", mask, c, in, set.Contains(byte(c)))
			}
		}
	}
}
