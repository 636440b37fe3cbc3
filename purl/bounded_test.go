package purl

import (
	"testing"

	"github.com/urikit/urikit/internal/boundedtest"
)

// Bounded cost: every operation that takes input text allocates at most
// 8 bytes per input byte plus a constant, on adversarial inputs too, and
// no more per byte on large inputs than on small ones (which would show a
// superlinear path).

var boundedShapes = []boundedtest.Shape{
	{Name: "name a", Prefix: "pkg:generic/", Unit: "a"},
	{Name: "name +", Prefix: "pkg:generic/", Unit: "+"},
	{Name: "name %2B", Prefix: "pkg:generic/", Unit: "%2b"},
	{Name: "namespace /", Prefix: "pkg:generic/a", Unit: "/", Suffix: "b"},
	{Name: "namespace a/", Prefix: "pkg:generic/", Unit: "a/", Suffix: "b"},
	{Name: "pkg://", Prefix: "pkg:", Unit: "/", Suffix: "npm/a"},
	{Name: "version @", Prefix: "pkg:npm/a", Unit: "@", Suffix: "1"},
	{Name: "qualifiers distinct", Prefix: "pkg:npm/a?", Unit: "k=v&"},
	{Name: "qualifiers duplicate", Prefix: "pkg:npm/a?k=v", Unit: "&k=v"},
	{Name: "qualifiers empty", Prefix: "pkg:npm/a?", Unit: "&"},
	{Name: "qualifier value %2F", Prefix: "pkg:npm/a?k=", Unit: "%2F"},
	{Name: "subpath ../", Prefix: "pkg:npm/a#", Unit: "../"},
	{Name: "subpath a/", Prefix: "pkg:npm/a#", Unit: "a/"},
	{Name: "? and #", Prefix: "pkg:npm/a", Unit: "?#"},
	{Name: "git name", Prefix: "pkg:git/host/", Unit: "a/"},
	{Name: "pypi name _", Prefix: "pkg:PYPI/", Unit: "A_"},
	{Name: "pub name é", Prefix: "pkg:pub/", Unit: "%C3%A9"},
	{Name: "then space", Prefix: "pkg:npm/", Unit: "a", Suffix: " "},
	{Name: "then %", Prefix: "pkg:npm/", Unit: "%41", Suffix: "%"},
	{Name: "then %FF", Prefix: "pkg:npm/", Unit: "a", Suffix: "%FF"},
}

func boundedCases() []boundedtest.Case {
	var cs []boundedtest.Case
	add := func(op string, run func(string)) {
		cs = append(cs, boundedtest.Cases(op, run, boundedShapes)...)
	}
	add("Parse", func(s string) { _, _ = Parse(s) })
	add("Parse.Error", boundedtest.ErrorText(Parse))
	add("AppendCanonical", func(s string) { _, _ = AppendCanonical(nil, s) })
	// The operations on a parsed purl are measured alone, on the shapes
	// that parse, and held to the size of the canonical form (which
	// encoding may make three times the input).
	onPURL := func(op string, f func(p PURL)) {
		for _, sh := range boundedShapes {
			if _, err := Parse(sh.Input(64)); err != nil {
				continue
			}
			cs = append(cs, boundedtest.Case{
				Op: op, Shape: sh.Name, Input: sh.Input,
				Prepare: func(s string) func() {
					p, err := Parse(s)
					if err != nil {
						return nil
					}
					return func() { f(p) }
				},
				Size: func(s string) int { return len(MustParse(s).String()) },
			})
		}
	}
	onPURL("Components", func(p PURL) { _ = p.Components() })
	onPURL("Build", func(p PURL) { _, _ = Build(p.Components()) })
	onPURL("RepositoryURL", func(p PURL) { _, _ = p.RepositoryURL() })
	onPURL("MarshalText", func(p PURL) { _, _ = p.MarshalText() })
	return cs
}

func TestBounded(t *testing.T) { boundedtest.CheckAll(t, boundedCases()) }

func BenchmarkBounded(b *testing.B) { boundedtest.Bench(b, boundedCases()) }
