package iri

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/boundedtest"
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

// checkBounded measures c with boundedtest.Check.
func checkBounded(t *testing.T, c boundedCase) {
	t.Helper()
	boundedtest.Check(t, boundedtest.Case{Op: c.op, Shape: c.shape.name, Input: c.shape.make, Run: c.run, Allowance: c.allowance})
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
