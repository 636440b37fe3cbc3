package form

import (
	"fmt"
	"testing"
)

// interesting holds the byte values where UTF-8 decoding changes
// behaviour: ASCII, "%" and "+", the edges of the continuation range and
// of each lead-byte range, and bytes that never occur in UTF-8.
var interesting = []byte{
	0x00, '%', '+', 'A', 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1,
	0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4,
	0xF5, 0xF8, 0xFF,
}

// forms returns b written three ways: every byte escaped, every byte
// literal, and escaped and literal bytes alternating.
func forms(b []byte) []string {
	var esc, lit, mixed []byte
	for i, c := range b {
		e := fmt.Appendf(nil, "%%%02X", c)
		esc = append(esc, e...)
		lit = append(lit, c)
		if i%2 == 0 {
			mixed = append(mixed, e...)
		} else {
			mixed = append(mixed, c)
		}
	}
	return []string{string(esc), string(lit), string(mixed)}
}

// TestDecodeExhaustive checks the decoding of Parse and Unescape against
// the literal transcription of the standard on every two-byte sequence and
// on every three-byte sequence of interesting bytes and on four-byte
// sequences that start with a four-byte lead, escaped,
// literal and mixed.
func TestDecodeExhaustive(t *testing.T) {
	check := func(b []byte) {
		for _, s := range forms(b) {
			if got, want := Unescape(s), refDecode(s); got != want {
				t.Fatalf("Unescape(%q) = %+q, want %+q", s, got, want)
			}
			if got, want := Parse(s+"="+s), refParse(s+"="+s); !sameValues(got, want) {
				t.Fatalf("Parse(%q) = %+q, want %+q", s+"="+s, got, want)
			}
		}
	}
	for x := 0; x < 256; x++ {
		for y := 0; y < 256; y++ {
			check([]byte{byte(x), byte(y)})
		}
	}
	for _, x := range interesting {
		for _, y := range interesting {
			for _, z := range interesting {
				check([]byte{x, y, z})
			}
		}
	}
	// Four-byte sequences: lead bytes of four-byte forms (and the first
	// invalid one) followed by bytes at the edges of the trail ranges.
	trail := []byte{'%', 'A', 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF0}
	for _, x := range []byte{0xF0, 0xF1, 0xF3, 0xF4, 0xF5} {
		for _, y := range trail {
			for _, z := range trail {
				for _, w := range trail {
					check([]byte{x, y, z, w})
				}
			}
		}
	}
}

// TestCompareNamesExhaustive checks CompareNames against a UTF-16
// conversion on every pair of strings of up to two units from a set of
// characters and invalid bytes around the UTF-16 and UTF-8 order changes.
func TestCompareNamesExhaustive(t *testing.T) {
	units := []string{
		"", "a", "\x00", "\u00e9", "\u07ff", "\u0800", "\ud7ff", "\ue000", "\ufb03",
		"\ufffd", "\uffff", "\U00010000", "\U0001f308", "\U0010ffff",
		"\x80", "\xbf", "\xc3", "\xe2\x82", "\xef\xbf", "\xf0\x90", "\xf0\x9f\x8c", "\xff",
	}
	var strs []string
	for _, a := range units {
		for _, b := range units {
			strs = append(strs, a+b)
		}
	}
	for _, a := range strs {
		for _, b := range strs {
			if got, want := CompareNames(a, b), refCompare(a, b); got != want {
				t.Fatalf("CompareNames(%+q, %+q) = %d, want %d", a, b, got, want)
			}
		}
	}
}
