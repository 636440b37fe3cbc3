package idna

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/boundedtest"
)

// Bounded cost: every exported operation allocates at most a small constant
// times its input (or its result, when that is longer: U+FDFA maps to 18
// code points), whatever the input looks like. Each shape repeats one
// adversarial unit between a prefix and a suffix.

var boundedShapes = []boundedtest.Shape{
	{Name: "idn-labels", Unit: "а.", Suffix: "com"}, // Cyrillic а: look-alike IDN labels
	{Name: "xn-repeat", Unit: "xn--"},
	{Name: "xn-labels", Prefix: "ü.", Unit: "xn--ls8h.", Suffix: "com"},
	{Name: "xn-bad-labels", Prefix: "ü.", Unit: "xn--.", Suffix: "com"},
	{Name: "xn-upper-labels", Unit: "XN--LS8H.", Suffix: "com"},
	{Name: "dots", Prefix: "ü", Unit: "."},
	{Name: "ascii-label", Prefix: "ü.", Unit: "a"},
	{Name: "ascii-labels", Prefix: "ü.", Unit: "ab."},
	{Name: "ipv4ish", Prefix: "ü.", Unit: "1."},
	{Name: "combining", Prefix: "ü.", Unit: "a\u0301"},
	{Name: "marks", Prefix: "ü.a", Unit: "\u0316\u0301"},
	{Name: "expanding", Unit: "\ufdfa"}, // maps to 18 code points
	{Name: "fullwidth-dots", Prefix: "ü", Unit: "a\u3002"},
	{Name: "invalid-utf8", Prefix: "ü.", Unit: "\xff"},
	{Name: "joiners", Prefix: "ü.\u0628", Unit: "\u064b\u200c", Suffix: "\u0628"},
	{Name: "rtl-labels", Unit: "\u05d0.", Suffix: "com"},
	{Name: "mixed-bidi", Prefix: "\u05d0.", Unit: "a1."},
	{Name: "hyphens", Prefix: "ü.", Unit: "-"},
	{Name: "cjk", Unit: "\u4e00"},
}

// An op runs one operation and returns the length of its result, so that
// the rare shapes whose result is longer than the input (a code point that
// maps to 18) are measured against the result.
type boundedOp struct {
	name string
	f    func(s string) int
}

var boundedOps = []boundedOp{
	{"DomainToASCII", func(s string) int { r, _ := DomainToASCII(s); return len(r) }},
	{"DomainToASCII/strict", func(s string) int { r, _ := DomainToASCIIStrict(s); return len(r) }},
	{"AppendDomainToASCII", func(s string) int { r, _ := AppendDomainToASCII(nil, s); return len(r) }},
	{"DomainToUnicode", func(s string) int { r, _ := DomainToUnicode(s); return len(r) }},
	{"DomainToUnicode/strict", func(s string) int { r, _ := DomainToUnicodeStrict(s); return len(r) }},
	{"ToASCII/zero", func(s string) int { r, _ := Profile{}.ToASCII(s); return len(r) }},
	{"ToASCII/strict", func(s string) int { r, _ := URLStrict().ToASCII(s); return len(r) }},
	{"AppendASCII", func(s string) int { r, _ := URL().AppendASCII(nil, s); return len(r) }},
	{"ToUnicode", func(s string) int { r, _ := URL().ToUnicode(s); return len(r) }},
	{"AppendUnicode", func(s string) int { r, _ := Display().AppendUnicode(nil, s); return len(r) }},
	{"ToASCII/registration", func(s string) int { r, _ := Registration().ToASCII(s); return len(r) }},
	{"Verify", func(s string) int { _ = Lookup().Verify(s); return 0 }},
	{"ToUnicode/transitional", func(s string) int {
		r, _ := Profile{Transitional: true, CheckJoiners: true}.ToUnicode(s)
		return len(r)
	}},
	{"PunycodeEncode", func(s string) int { r, _ := PunycodeEncode(s); return len(r) }},
	{"AppendPunycodeEncode", func(s string) int { r, _ := AppendPunycodeEncode(nil, s); return len(r) }},
	{"PunycodeDecode", func(s string) int { r, _ := PunycodeDecode(s); return len(r) }},
	{"AppendPunycodeDecode", func(s string) int { r, _ := AppendPunycodeDecode(nil, s); return len(r) }},
	{"Error", func(s string) int {
		if _, err := URLStrict().ToASCII(s); err != nil {
			return len(err.Error())
		}
		return 0
	}},
}

// boundedCases measures every op on every shape: against its result when
// that is longer than the input, and at 1 MiB too for PunycodeEncode and PunycodeDecode
// (cheap: they refuse long input at once).
func boundedCases() []boundedtest.Case {
	var cs []boundedtest.Case
	for _, op := range boundedOps {
		for _, sh := range boundedShapes {
			cs = append(cs, boundedtest.Case{
				Op: op.name, Shape: sh.Name, Input: sh.Input,
				Run:   func(s string) { op.f(s) },
				Size:  op.f,
				Cheap: strings.Contains(op.name, "Encode") || strings.Contains(op.name, "Decode"),
			})
		}
	}
	return cs
}

func TestBoundedAllocation(t *testing.T) { boundedtest.CheckAll(t, boundedCases()) }

// BenchmarkBounded reports the time per input byte of the operations on
// the adversarial shapes at 10 KB, 1 MB and 10 MB.
func BenchmarkBounded(b *testing.B) { boundedtest.Bench(b, boundedCases()) }
