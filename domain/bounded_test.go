package domain

import (
	"strconv"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/boundedtest"
)

// Bounded cost: PublicSuffix and RegistrableDomain allocate at most a
// small constant times the name, whatever it looks like (boundedtest:
// at most 8 bytes per byte plus 4 KiB, and no growth of the ratio with
// the size). Each shape repeats one adversarial unit between a prefix and
// a suffix.

type boundedShape struct {
	name, prefix, unit, suffix string
}

// input returns a name of about n bytes.
func (s boundedShape) input(n int) string {
	k := max((n-len(s.prefix)-len(s.suffix))/len(s.unit), 1)
	return s.prefix + strings.Repeat(s.unit, k) + s.suffix
}

var boundedShapes = []boundedShape{
	{"ascii-labels", "", "a.", "example.co.uk"},
	{"upper-labels", "", "A.", "EXAMPLE.CO.UK"}, // the result is lowercased
	{"one-label", "", "a", ""},                  // an unlisted TLD, all of it
	{"one-label-upper", "", "A", ".com"},
	{"deep-rule", "", "city.", "kobe.jp"}, // every label looks like a rule
	{"wildcard", "", "a.", "b.c.kobe.jp"},
	{"dots", "a", ".", ""},            // empty labels
	{"ipv4ish", "", "1.", "1"},        // ends in a number
	{"idn-labels", "", "а.", "com"},   // Cyrillic а
	{"idn-one-label", "", "é", ""},    // one long Unicode label
	{"idn-suffix", "", "食.", "公司.cn"}, // Unicode output
	{"fullwidth-dots", "ü", "a\u3002", "cn"},
	{"mixed", "", "xn--85x722f.", "食狮.公司.cn"},
	{"invalid-utf8", "ü.", "\xff", ".com"},
	{"ignored", "", "a\u00ad.", "com"}, // code points mapped away
}

var boundedOps = []struct {
	name string
	f    func(s string)
}{
	{"PublicSuffix", func(s string) { _, _ = PublicSuffix(s) }},
	{"RegistrableDomain", func(s string) { _, _ = RegistrableDomain(s) }},
	{"Error", func(s string) {
		if _, err := RegistrableDomain(s); err != nil {
			_ = err.Error()
		}
	}},
}

func TestBoundedAllocation(t *testing.T) {
	if testing.Short() {
		t.Skip("measures inputs of up to 256 KiB")
	}
	for _, op := range boundedOps {
		for _, s := range boundedShapes {
			t.Run(op.name+"/"+s.name, func(t *testing.T) {
				boundedtest.Check(t, boundedtest.Case{Op: op.name, Shape: s.name, Input: s.input, Run: op.f})
			})
		}
	}
}

// BenchmarkBounded reports the time per input byte of the operations on
// the adversarial shapes at 10 KB, 1 MB and 10 MB.
func BenchmarkBounded(b *testing.B) {
	for _, op := range boundedOps {
		for _, s := range boundedShapes {
			for _, n := range []int{10_000, 1_000_000, 10_000_000} {
				in := s.input(n)
				b.Run(op.name+"/"+s.name+"/"+sizeName(n), func(b *testing.B) {
					b.ReportAllocs()
					b.SetBytes(int64(len(in)))
					for b.Loop() {
						op.f(in)
					}
				})
			}
		}
	}
}

func sizeName(n int) string {
	if n >= 1_000_000 {
		return strconv.Itoa(n/1_000_000) + "MB"
	}
	return strconv.Itoa(n/1_000) + "KB"
}
