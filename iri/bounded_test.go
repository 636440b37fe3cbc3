package iri

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// Bounded cost: every operation that takes input text allocates at most
// 8 bytes per input byte plus a constant, on adversarial inputs too, and
// no more per byte on large inputs than on small ones (which would show a
// superlinear path).

// A boundedShape is an adversarial input: prefix, unit repeated, suffix.
type boundedShape struct{ name, prefix, unit, suffix string }

// make returns the shape's input of about n bytes.
func (sh boundedShape) make(n int) string {
	k := max(1, (n-len(sh.prefix)-len(sh.suffix))/len(sh.unit))
	return sh.prefix + strings.Repeat(sh.unit, k) + sh.suffix
}

// A boundedCase is one operation on one shape.
type boundedCase struct {
	op    string
	shape boundedShape
	run   func(s string)
	// allowance is the bytes the result may hold beyond 8 per input
	// byte: the elements of a list that has one per separator.
	allowance func(s string) int
}

// boundedSizes are the input sizes of TestBounded.
var boundedSizes = []int{1 << 10, 16 << 10, 256 << 10}

// bytesPerCall returns the bytes f allocates per call, after one call to
// warm up.
func bytesPerCall(f func(), runs int) float64 {
	f()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	for range runs {
		f()
	}
	runtime.ReadMemStats(&m1)
	return float64(m1.TotalAlloc-m0.TotalAlloc) / float64(runs)
}

// checkBounded measures c at every size, logs the bytes allocated per
// input byte, and fails when a size allocates more than 8 per byte (plus
// the allowance and 4096), or when the largest size allocates more per
// byte than 1.5 times the 16 KiB one (below that, stack buffers and the
// constant blur the ratio).
func checkBounded(t *testing.T, c boundedCase) {
	t.Helper()
	var ratios []string
	var ref float64
	for i, n := range boundedSizes {
		s := c.shape.make(n)
		got := bytesPerCall(func() { c.run(s) }, max(1, (64<<10)/n))
		limit := 8*len(s) + 4096
		if c.allowance != nil {
			limit += c.allowance(s)
		}
		ratio := got / float64(len(s))
		ratios = append(ratios, fmt.Sprintf("%.2f", ratio))
		if got > float64(limit) {
			t.Errorf("%s on %s (%d bytes): %.0f bytes allocated (%.2f per byte), limit %d", c.op, c.shape.name, len(s), got, ratio, limit)
		}
		if n == 16<<10 {
			ref = ratio
		} else if i == len(boundedSizes)-1 && ratio > 1.5*ref+0.25 {
			t.Errorf("%s on %s: %.2f bytes per byte at %d bytes, %.2f at 16 KiB: superlinear", c.op, c.shape.name, ratio, len(s), ref)
		}
	}
	t.Logf("%-22s %-14s B/B %s", c.op, c.shape.name, strings.Join(ratios, " "))
}

// Adversarial shapes, for both directions: IRIs (non-ASCII text) and
// URIs (escapes and A-labels).
var boundedShapes = []boundedShape{
	{"path é", "http://h/", "é", ""},
	{"path 中", "http://h/", "中", ""},
	{"path 😀", "http://h/", "😀", ""},
	{"path é-slash", "http://h/", "é/", ""},
	{"query é&", "http://h/?", "é&", ""},
	{"query iprivate", "http://h/?", "\ue000", ""},
	{"fragment é", "http://h/#", "é", ""},
	{"userinfo é", "http://", "é", "@h/"},
	{"host é.", "http://", "é.", "com/"},
	{"host éé…", "http://", "é", ".com/"},
	{"host a.", "http://", "a.", "com/"},
	{"host xn--", "http://", "xn--9ca.", "com/"},
	{"host xn--…", "http://xn--", "a", "/"},
	{"bidi", "http://h/", "\u202e", ""},
	{"non-IRI", "http://h/", "\ufffe", ""},
	{"é then space", "http://h/", "é", " "},
	{"%C3%A9", "http://h/", "%C3%A9", ""},
	{"%E4%B8%AD", "http://h/", "%E4%B8%AD", ""},
	{"%E2%80%AE", "http://h/", "%E2%80%AE", ""},
	{"%ED%A0%80", "http://h/", "%ED%A0%80", ""},
	{"%C3", "http://h/", "%C3", ""},
	{"query %EE%80%80", "http://h/?", "%EE%80%80", ""},
	{"%zz", "http://h/", "%zz", ""},
	{"%", "http://h/", "%", ""},
	{"\\xff", "http://h/", "\xff", ""},
	{"space", "http://h/", " ", ""},
	{"@", "http://", "@", "/"},
	{"[", "http://", "[", "/"},
	{"plain", "http://h/", "abcdefgh/", ""},
}

// boundedCases lists every operation on text with the shapes it is
// measured on.
func boundedCases() []boundedCase {
	var cs []boundedCase
	add := func(op string, run func(string)) {
		for _, sh := range boundedShapes {
			c := boundedCase{op: op, shape: sh, run: run}
			if strings.HasPrefix(op, "ToURI") || strings.HasPrefix(op, "AppendURI") {
				if sh.name == "host é." || sh.name == "host éé…" {
					// The result holds the host in A-labels, longer
					// than the input ("é." is 3 bytes, "xn--9ca." 8):
					// the bound is 8 per byte of the larger of the two.
					c.allowance = func(s string) int {
						out, _ := ToURI(s)
						return 8 * max(0, len(out)-len(s))
					}
				}
			}
			cs = append(cs, c)
		}
	}
	add("ToURI", func(s string) { _, _ = ToURI(s) })
	add("AppendURI", func(s string) { _, _ = AppendURI(nil, s) })
	add("ToURI.Error", func(s string) {
		if _, err := ToURI(s); err != nil {
			_ = err.Error()
		}
	})
	add("ToIRI", func(s string) { _, _ = ToIRI(s) })
	add("AppendIRI", func(s string) { _, _ = AppendIRI(nil, s) })
	add("ToIRI.Error", func(s string) {
		if _, err := ToIRI(s); err != nil {
			_ = err.Error()
		}
	})
	return cs
}

func TestBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("measures allocations on inputs up to 256 KiB")
	}
	for _, c := range boundedCases() {
		checkBounded(t, c)
	}
}

func BenchmarkBounded(b *testing.B) {
	for _, c := range boundedCases() {
		for _, size := range []struct {
			name string
			n    int
		}{{"10KB", 10_000}, {"1MB", 1_000_000}, {"10MB", 10_000_000}} {
			b.Run(c.op+"/"+c.shape.name+"/"+size.name, func(b *testing.B) {
				s := c.shape.make(size.n)
				c.run(s)
				b.SetBytes(int64(len(s)))
				b.ReportAllocs()
				for b.Loop() {
					c.run(s)
				}
			})
		}
	}
}
