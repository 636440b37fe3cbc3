package domain

import (
	"testing"

	"github.com/urikit/urikit/internal/boundedtest"
)

// Bounded cost: PublicSuffix and RegistrableDomain allocate at most a
// small constant times the name, whatever it looks like (boundedtest:
// at most 8 bytes per byte plus 4 KiB, and no growth of the ratio with
// the size). Each shape repeats one adversarial unit between a prefix and
// a suffix.

var boundedShapes = []boundedtest.Shape{
	{Name: "ascii-labels", Unit: "a.", Suffix: "example.co.uk"},
	{Name: "upper-labels", Unit: "A.", Suffix: "EXAMPLE.CO.UK"}, // the result is lowercased
	{Name: "one-label", Unit: "a"},                              // an unlisted TLD, all of it
	{Name: "one-label-upper", Unit: "A", Suffix: ".com"},
	{Name: "deep-rule", Unit: "city.", Suffix: "kobe.jp"}, // every label looks like a rule
	{Name: "wildcard", Unit: "a.", Suffix: "b.c.kobe.jp"},
	{Name: "dots", Prefix: "a", Unit: "."},            // empty labels
	{Name: "ipv4ish", Unit: "1.", Suffix: "1"},        // ends in a number
	{Name: "idn-labels", Unit: "а.", Suffix: "com"},   // Cyrillic а
	{Name: "idn-one-label", Unit: "é"},                // one long Unicode label
	{Name: "idn-suffix", Unit: "食.", Suffix: "公司.cn"}, // Unicode output
	{Name: "fullwidth-dots", Prefix: "ü", Unit: "a\u3002", Suffix: "cn"},
	{Name: "mixed", Unit: "xn--85x722f.", Suffix: "食狮.公司.cn"},
	{Name: "invalid-utf8", Prefix: "ü.", Unit: "\xff", Suffix: ".com"},
	{Name: "ignored", Unit: "a\u00ad.", Suffix: "com"}, // code points mapped away
}

func boundedCases() []boundedtest.Case {
	var cs []boundedtest.Case
	cs = append(cs, boundedtest.Cases("PublicSuffix", func(s string) { _, _ = PublicSuffix(s) }, boundedShapes)...)
	cs = append(cs, boundedtest.Cases("RegistrableDomain", func(s string) { _, _ = RegistrableDomain(s) }, boundedShapes)...)
	cs = append(cs, boundedtest.Cases("Error", boundedtest.ErrorText(RegistrableDomain), boundedShapes)...)
	return cs
}

func TestBoundedAllocation(t *testing.T) { boundedtest.CheckAll(t, boundedCases()) }

// BenchmarkBounded reports the time per input byte of the operations on
// the adversarial shapes at 10 KB, 1 MB and 10 MB.
func BenchmarkBounded(b *testing.B) { boundedtest.Bench(b, boundedCases()) }
