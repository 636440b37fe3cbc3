package urn

import (
	"testing"

	"github.com/urikit/urikit/internal/boundedtest"
)

// Bounded cost: every operation that takes input text allocates at most
// 8 bytes per input byte plus a constant, on adversarial inputs too, and
// no more per byte on large inputs than on small ones (which would show a
// superlinear path).

var boundedShapes = []boundedtest.Shape{
	{Name: "nss a", Prefix: "urn:example:", Unit: "a"},
	{Name: "nss %2c", Prefix: "URN:EXAMPLE:", Unit: "%2c"},
	{Name: "nss /", Prefix: "urn:example:a", Unit: "/"},
	{Name: "nss :", Prefix: "urn:example:", Unit: ":"},
	{Name: "r ?", Prefix: "urn:example:a?+r", Unit: "?"},
	{Name: "r ?+", Prefix: "urn:example:a?+r", Unit: "?+"},
	{Name: "q ?=", Prefix: "urn:example:a?=q", Unit: "?="},
	{Name: "f ?=", Prefix: "urn:example:a#", Unit: "?="},
	{Name: "nid long", Prefix: "urn:", Unit: "a", Suffix: ":b"},
	{Name: "nss then space", Prefix: "urn:example:", Unit: "a", Suffix: " "},
	{Name: "nss then %", Prefix: "urn:example:", Unit: "%41", Suffix: "%"},
	{Name: "r then #", Prefix: "urn:example:a?+", Unit: "a", Suffix: "##"},
	{Name: "non-ASCII", Prefix: "urn:example:", Unit: "é"},
}

func boundedCases() []boundedtest.Case {
	var cs []boundedtest.Case
	add := func(op string, run func(string)) {
		cs = append(cs, boundedtest.Cases(op, run, boundedShapes)...)
	}
	add("Parse", func(s string) { _, _ = Parse(s) })
	add("Parse.Error", boundedtest.ErrorText(Parse))
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

func TestBounded(t *testing.T) { boundedtest.CheckAll(t, boundedCases()) }

func BenchmarkBounded(b *testing.B) { boundedtest.Bench(b, boundedCases()) }
