package surt

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// plain8Bytes is plain8 byte by byte, from escClass.
func plain8Bytes(b [8]byte, lowerCase bool) bool {
	var least uint8 = 2
	if lowerCase {
		least = 1
	}
	for _, c := range b {
		if escClass[c] >= least {
			return false
		}
	}
	return true
}

// TestPlain8: the word test of appendEscaped agrees with escClass, for
// every byte at every position among plain bytes and among others, and
// on random words.
func TestPlain8(t *testing.T) {
	check := func(b [8]byte) {
		t.Helper()
		x := load8(b[:], 0)
		for _, lc := range []bool{false, true} {
			if got, want := plain8(x, lc), plain8Bytes(b, lc); got != want {
				t.Fatalf("plain8(% x, %v) = %v; want %v", b, lc, got, want)
			}
		}
	}
	fills := []byte{'a', 'z', '0', '~', '/', '!', '"', '$', '@', '[', '`', '{', 'A', 'Z', ' ', 0x7f, 0x80, 0xff, 0}
	for _, fill := range fills {
		for pos := range 8 {
			for c := range 256 {
				var b [8]byte
				for i := range b {
					b[i] = fill
				}
				b[pos] = byte(c)
				check(b)
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 1 << 20 {
		var b [8]byte
		for i := range b {
			// Bytes near the class edges, mostly.
			switch r.IntN(3) {
			case 0:
				b[i] = byte(r.IntN(256))
			default:
				b[i] = fills[r.IntN(len(fills))] + byte(r.IntN(3)) - 1
			}
		}
		check(b)
	}
}

// appendEscapedBytes is appendEscaped one byte at a time, the
// reference for the word loop.
func appendEscapedBytes(dst []byte, p string, lowerCase bool) []byte {
	hex := upperHex
	if lowerCase {
		hex = lowerHex
	}
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case escClass[c] == 2:
			dst = append(dst, '%', hex[c>>4], hex[c&15])
		case lowerCase && escClass[c] == 1:
			dst = append(dst, c+'a'-'A')
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// TestAppendEscapedWords: appendEscaped gives what the byte loop gives,
// on texts whose changed bytes fall at every offset of a word.
func TestAppendEscapedWords(t *testing.T) {
	var texts []string
	for n := range 40 {
		for _, c := range []string{"A", "%", " ", "#", "\x7f", "é", "Z", "\x00"} {
			for pos := 0; pos <= n; pos++ {
				texts = append(texts, strings.Repeat("a", pos)+c+strings.Repeat("b/", (n-pos)/2))
			}
		}
	}
	texts = append(texts, "/general/monthly_column/2006/February.html", "/Users/isaacs/dev/tapjs/x.js?tapmock=A1")
	for _, s := range texts {
		for _, lc := range []bool{false, true} {
			got := string(appendEscaped([]byte("x"), s, lc))
			want := string(appendEscapedBytes([]byte("x"), s, lc))
			if got != want {
				t.Fatalf("appendEscaped(%q, %v) = %q; want %q", s, lc, got, want)
			}
			if got2 := string(appendEscaped([]byte("x"), []byte(s), lc)); got2 != want {
				t.Fatalf("appendEscaped([]byte %q, %v) = %q; want %q", s, lc, got2, want)
			}
		}
	}
}

// scanInputBytes is scanInput one byte at a time, by inputClass.
func scanInputBytes(s string) (breaks, escapes bool) {
	var acc uint8
	for i := 0; i < len(s); i++ {
		acc |= inputClass[s[i]]
	}
	return acc&1 != 0, acc&2 != 0
}

// TestScanInputWords: the word loop of scanInput agrees with the table,
// with every byte at every offset of texts of up to 40 bytes.
func TestScanInputWords(t *testing.T) {
	for n := range 40 {
		for c := range 256 {
			for pos := 0; pos < n; pos++ {
				b := []byte(strings.Repeat("a/", n)[:n])
				b[pos] = byte(c)
				s := string(b)
				b1, e1 := scanInput(s)
				b2, e2 := scanInputBytes(s)
				if b1 != b2 || e1 != e2 {
					t.Fatalf("scanInput(%q) = %v, %v; want %v, %v", s, b1, e1, b2, e2)
				}
			}
		}
	}
}
