package idna

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

var fuzzSeeds = []string{
	"", "example.com", "Bücher.de", "faß.de", "xn--bcher-kva.de", "xn--a", "xn--",
	"\u05D0\u05D1.com", "\u0628\u200C\u0628", "a\u200Db", "\u0301a", "a..b.", "ab--c",
	"xn--tešla", "\uFF21\uFF22\u3002\uFF43", "a\xffb", "\U000E0001", "1.2.3.4",
	"\u0915\u094D\u200D\u0937", "\u00AD", "\u1100\u1161\u11A8.com",
	// Adversarial shapes (see bounded_test.go), short enough for a seed.
	strings.Repeat("а.", 200) + "com", strings.Repeat("xn--", 300), "ü." + strings.Repeat("xn--ls8h.", 100),
	"ü." + strings.Repeat("xn--.", 100), strings.Repeat(".", 500), "ü." + strings.Repeat("a", 1200),
	"ü.a" + strings.Repeat("\u0316\u0301", 300), strings.Repeat("\ufdfa", 100), "a" + strings.Repeat("\u3002", 300),
	"\u05d0." + strings.Repeat("a1.", 100), strings.Repeat("\u05d0.", 100) + "1a", strings.Repeat("\u4e00", 1100),
	"ü." + strings.Repeat("a\u0301", 1100), "ü.\u0628" + strings.Repeat("\u064b\u200c", 100) + "\u0628",
}

func FuzzToASCII(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, uint8(0))
		f.Add(s, uint8(0x7F))
		f.Add(s, uint8(0xAF)) // Registration's options
	}
	f.Fuzz(func(t *testing.T, s string, flags uint8) {
		o := Profile{
			CheckHyphens:          flags&1 != 0,
			CheckBidi:             flags&2 != 0,
			CheckJoiners:          flags&4 != 0,
			UseSTD3ASCIIRules:     flags&8 != 0,
			Transitional:          flags&16 != 0,
			VerifyDNSLength:       flags&32 != 0,
			IgnoreInvalidPunycode: flags&64 != 0,
			RejectMapped:          flags&128 != 0,
		}
		out, err := o.ToASCII(s)
		if err != nil {
			if out != "" {
				t.Fatalf("ToASCII(%+q) = %q with error %v", s, out, err)
			}
			e, ok := err.(*Error)
			if !ok {
				t.Fatalf("ToASCII(%+q) error %T, want *Error", s, err)
			}
			if e.Offset < -1 || e.Offset > len(s) || e.Index < -1 || e.Index > strings.Count(s, ".")+len(s) || len(e.Label) > 2*40+6 || e.LabelOffset > len(s) {
				t.Fatalf("ToASCII(%+q) error %#v: offset or label out of range", s, e)
			}
			// The label is a window of the input at the label's offset.
			if e.LabelOffset >= 0 && (e.Offset >= 0 && e.Offset < e.LabelOffset || !strings.Contains(s[e.LabelOffset:], strings.Trim(e.Label, "…"))) {
				t.Fatalf("ToASCII(%+q) error %#v: label %q not at %d", s, e, e.Label, e.LabelOffset)
			}
			return
		}
		for i := 0; i < len(out); i++ {
			if out[i] >= 0x80 {
				t.Fatalf("ToASCII(%+q) = %+q: not ASCII", s, out)
			}
		}
		// Idempotent: ToASCII of the output gives the output. Transitional
		// processing and IgnoreInvalidPunycode are excluded: the first maps
		// deviations only on input, and the second lets invalid "xn--"
		// labels through unvalidated.
		if !o.Transitional && !o.IgnoreInvalidPunycode {
			again, err := o.ToASCII(out)
			if err != nil || again != out {
				t.Fatalf("ToASCII(%+q) = %q, but ToASCII(%q) = %q, %v", s, out, out, again, err)
			}
		}
		// Round trip: ToUnicode of the result succeeds, and ToASCII of that
		// gives the result again (same exclusions).
		if !o.Transitional && !o.IgnoreInvalidPunycode {
			u, err := o.ToUnicode(out)
			if err != nil {
				t.Fatalf("ToUnicode(ToASCII(%+q) = %q) = %+q, %v", s, out, u, err)
			}
			if again, err := o.ToASCII(u); err != nil || again != out {
				t.Fatalf("ToASCII(ToUnicode(ToASCII(%+q))) = ToASCII(%+q) = %q, %v; want %q", s, u, again, err, out)
			}
			ub, err := o.AppendUnicode([]byte("p:"), out)
			if err != nil || string(ub) != "p:"+u {
				t.Fatalf("AppendUnicode(%q) = %+q, %v; ToUnicode = %+q", out, ub, err, u)
			}
		}
		b, err := o.AppendASCII([]byte("p:"), s)
		if err != nil || string(b) != "p:"+out {
			t.Fatalf("AppendASCII(%+q) = %q, %v; ToASCII = %q", s, b, err, out)
		}
		// ToUnicode accepts what ToASCII accepts.
		if u, err := o.ToUnicode(s); err != nil || !utf8.ValidString(u) {
			t.Fatalf("ToUnicode(%+q) = %+q, %v after ToASCII succeeded", s, u, err)
		}
	})
}

func FuzzToUnicode(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, strict bool) {
		u, err := domainToUnicode(s, strict)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("DomainToUnicode(%+q) error %T, want *Error", s, err)
			}
		}
		if utf8.ValidString(s) && !utf8.ValidString(u) {
			t.Fatalf("DomainToUnicode(%+q) = %+q: invalid UTF-8", s, u)
		}
		a, aerr := domainToASCII(s, strict)
		if aerr == nil && err == nil && strict {
			// The strict ASCII form converts back to the same Unicode form.
			u2, err := domainToUnicode(a, strict)
			if err != nil || u2 != u {
				t.Fatalf("DomainToUnicode(%q) = %+q, %v; DomainToUnicode(%+q) = %+q", a, u2, err, s, u)
			}
		}
	})
}

func FuzzPunycode(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Add(strings.Repeat("\U0010FFFF", 50))
	f.Fuzz(func(t *testing.T, s string) {
		// Decoding arbitrary text must not panic.
		if d, err := PunycodeDecode(s); err == nil && !utf8.ValidString(d) {
			t.Fatalf("Decode(%q) = %+q: invalid UTF-8", s, d)
		}
		enc, err := PunycodeEncode(s)
		if err != nil {
			if utf8.ValidString(s) && !errors.Is(err, ErrOverflow) && !errors.Is(err, ErrTooLong) {
				t.Fatalf("Encode(%+q): %v", s, err)
			}
			return
		}
		dec, err := PunycodeDecode(enc)
		if err != nil || dec != s {
			t.Fatalf("Decode(PunycodeEncode(%+q) = %q) = %+q, %v", s, enc, dec, err)
		}
	})
}

// domainToUnicode is DomainToUnicode or, with strict, DomainToUnicodeStrict.
func domainToUnicode(s string, strict bool) (string, error) {
	if strict {
		return DomainToUnicodeStrict(s)
	}
	return DomainToUnicode(s)
}
