package urn

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
}

var boundedShapes = []boundedShape{
	{"nss a", "urn:example:", "a", ""},
	{"nss %2c", "URN:EXAMPLE:", "%2c", ""},
	{"nss /", "urn:example:a", "/", ""},
	{"nss :", "urn:example:", ":", ""},
	{"r ?", "urn:example:a?+r", "?", ""},
	{"r ?+", "urn:example:a?+r", "?+", ""},
	{"q ?=", "urn:example:a?=q", "?=", ""},
	{"f ?=", "urn:example:a#", "?=", ""},
	{"nid long", "urn:", "a", ":b"},
	{"nss then space", "urn:example:", "a", " "},
	{"nss then %", "urn:example:", "%41", "%"},
	{"r then #", "urn:example:a?+", "a", "##"},
	{"non-ASCII", "urn:example:", "é", ""},
}

func boundedCases() []boundedCase {
	var cs []boundedCase
	add := func(op string, run func(string)) {
		for _, sh := range boundedShapes {
			cs = append(cs, boundedCase{op, sh, run})
		}
	}
	add("Parse", func(s string) { _, _ = Parse(s) })
	add("Parse.Error", func(s string) {
		if _, err := Parse(s); err != nil {
			_ = err.Error()
		}
	})
	add("Key", func(s string) {
		if u, err := Parse(s); err == nil {
			_ = u.Key()
		}
	})
	add("Equal", func(s string) {
		if u, err := Parse(s); err == nil {
			_ = Equal(u, u)
		}
	})
	return cs
}

func TestBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("measures allocations on inputs up to 256 KiB")
	}
	for _, c := range boundedCases() {
		boundedtest.Check(t, boundedtest.Case{Op: c.op, Shape: c.shape.name, Input: c.shape.make, Run: c.run})
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
