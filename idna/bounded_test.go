package idna

import (
	"strconv"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/boundedtest"
)

// Bounded cost: every exported operation allocates at most a small constant
// times its input (or its result, when that is longer: U+FDFA maps to 18
// code points), whatever the input looks like. Each shape repeats one
// adversarial unit between a prefix and a suffix.

type boundedShape struct {
	name, prefix, unit, suffix string
}

// input returns a domain of about n bytes.
func (s boundedShape) input(n int) string {
	k := max((n-len(s.prefix)-len(s.suffix))/len(s.unit), 1)
	return s.prefix + strings.Repeat(s.unit, k) + s.suffix
}

var boundedShapes = []boundedShape{
	{"idn-labels", "", "а.", "com"}, // Cyrillic а: look-alike IDN labels
	{"xn-repeat", "", "xn--", ""},
	{"xn-labels", "ü.", "xn--ls8h.", "com"},
	{"xn-bad-labels", "ü.", "xn--.", "com"},
	{"xn-upper-labels", "", "XN--LS8H.", "com"},
	{"dots", "ü", ".", ""},
	{"ascii-label", "ü.", "a", ""},
	{"ascii-labels", "ü.", "ab.", ""},
	{"ipv4ish", "ü.", "1.", ""},
	{"combining", "ü.", "a\u0301", ""},
	{"marks", "ü.a", "\u0316\u0301", ""},
	{"expanding", "", "\ufdfa", ""}, // maps to 18 code points
	{"fullwidth-dots", "ü", "a\u3002", ""},
	{"invalid-utf8", "ü.", "\xff", ""},
	{"joiners", "ü.\u0628", "\u064b\u200c", "\u0628"},
	{"rtl-labels", "", "\u05d0.", "com"},
	{"mixed-bidi", "\u05d0.", "a1.", ""},
	{"hyphens", "ü.", "-", ""},
	{"cjk", "", "\u4e00", ""},
}

// An op runs one operation and returns the length of its result, so that
// the rare shapes whose result is longer than the input (a code point that
// maps to 18) are measured against the result.
type boundedOp struct {
	name string
	f    func(s string) int
}

var boundedOps = []boundedOp{
	{"DomainToASCII", func(s string) int { r, _ := DomainToASCII(s, false); return len(r) }},
	{"DomainToASCII/strict", func(s string) int { r, _ := DomainToASCII(s, true); return len(r) }},
	{"AppendDomainToASCII", func(s string) int { r, _ := AppendDomainToASCII(nil, s, false); return len(r) }},
	{"DomainToUnicode", func(s string) int { r, _ := DomainToUnicode(s, false); return len(r) }},
	{"DomainToUnicode/strict", func(s string) int { r, _ := DomainToUnicode(s, true); return len(r) }},
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
	{"Encode", func(s string) int { r, _ := Encode(s); return len(r) }},
	{"AppendEncode", func(s string) int { r, _ := AppendEncode(nil, s); return len(r) }},
	{"Decode", func(s string) int { r, _ := Decode(s); return len(r) }},
	{"AppendDecode", func(s string) int { r, _ := AppendDecode(nil, s); return len(r) }},
	{"Error", func(s string) int {
		if _, err := URLStrict().ToASCII(s); err != nil {
			return len(err.Error())
		}
		return 0
	}},
}

const (
	boundedFactor = 8    // bytes allocated per input byte, at most
	boundedConst  = 4096 // plus this many bytes
	boundedGrowth = 1.5  // ratio at the largest size / ratio at the smallest
)

func TestBoundedAllocation(t *testing.T) {
	if testing.Short() {
		t.Skip("measures inputs of up to 1 MiB")
	}
	for _, op := range boundedOps {
		sizes := []int{1 << 10, 16 << 10, 256 << 10}
		if strings.Contains(op.name, "Encode") || strings.Contains(op.name, "Decode") {
			sizes = append(sizes, 1<<20) // cheap: they refuse long input at once
		}
		for _, s := range boundedShapes {
			t.Run(op.name+"/"+s.name, func(t *testing.T) {
				var ratios []float64
				for _, n := range sizes {
					in := s.input(n)
					size := max(len(in), op.f(in))
					b := boundedtest.LeastBytes(func() { op.f(in) })
					r := float64(b) / float64(size)
					ratios = append(ratios, r)
					if b > uint64(boundedFactor*size+boundedConst) {
						t.Errorf("input %d bytes (result %d): allocated %d bytes (%.2f per byte), want at most %d×+%d", len(in), size, b, r, boundedFactor, boundedConst)
					}
				}
				first, last := ratios[0], ratios[len(ratios)-1]
				if last > boundedGrowth*first+0.25 {
					t.Errorf("allocation per input byte grows with the input: %.3f at %d bytes, %.3f at %d bytes", first, sizes[0], last, sizes[len(sizes)-1])
				}
				t.Logf("bytes allocated per byte: %.3f (at %d) → %.3f (at %d)", first, sizes[0], last, sizes[len(sizes)-1])
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
						_ = op.f(in)
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
