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

// Adversarial shapes, for both directions: IRIs (non-ASCII text) and
// URIs (escapes and A-labels).
var boundedShapes = []boundedtest.Shape{
	{Name: "path é", Prefix: "http://h/", Unit: "é"},
	{Name: "path 中", Prefix: "http://h/", Unit: "中"},
	{Name: "path 😀", Prefix: "http://h/", Unit: "😀"},
	{Name: "path é-slash", Prefix: "http://h/", Unit: "é/"},
	{Name: "query é&", Prefix: "http://h/?", Unit: "é&"},
	{Name: "query iprivate", Prefix: "http://h/?", Unit: "\ue000"},
	{Name: "fragment é", Prefix: "http://h/#", Unit: "é"},
	{Name: "userinfo é", Prefix: "http://", Unit: "é", Suffix: "@h/"},
	{Name: "host é.", Prefix: "http://", Unit: "é.", Suffix: "com/"},
	{Name: "host éé…", Prefix: "http://", Unit: "é", Suffix: ".com/"},
	{Name: "host a.", Prefix: "http://", Unit: "a.", Suffix: "com/"},
	{Name: "host xn--", Prefix: "http://", Unit: "xn--9ca.", Suffix: "com/"},
	{Name: "host xn--…", Prefix: "http://xn--", Unit: "a", Suffix: "/"},
	{Name: "bidi", Prefix: "http://h/", Unit: "\u202e"},
	{Name: "non-IRI", Prefix: "http://h/", Unit: "\ufffe"},
	{Name: "é then space", Prefix: "http://h/", Unit: "é", Suffix: " "},
	{Name: "%C3%A9", Prefix: "http://h/", Unit: "%C3%A9"},
	{Name: "%E4%B8%AD", Prefix: "http://h/", Unit: "%E4%B8%AD"},
	{Name: "%E2%80%AE", Prefix: "http://h/", Unit: "%E2%80%AE"},
	{Name: "%ED%A0%80", Prefix: "http://h/", Unit: "%ED%A0%80"},
	{Name: "%C3", Prefix: "http://h/", Unit: "%C3"},
	{Name: "query %EE%80%80", Prefix: "http://h/?", Unit: "%EE%80%80"},
	{Name: "%zz", Prefix: "http://h/", Unit: "%zz"},
	{Name: "%", Prefix: "http://h/", Unit: "%"},
	{Name: "\\xff", Prefix: "http://h/", Unit: "\xff"},
	{Name: "space", Prefix: "http://h/", Unit: " "},
	{Name: "@", Prefix: "http://", Unit: "@", Suffix: "/"},
	{Name: "[", Prefix: "http://", Unit: "[", Suffix: "/"},
	{Name: "plain", Prefix: "http://h/", Unit: "abcdefgh/"},
}

// boundedCases lists every operation on text with the shapes it is
// measured on.
func boundedCases() []boundedtest.Case {
	var cs []boundedtest.Case
	add := func(op string, run func(string)) {
		for _, sh := range boundedShapes {
			c := boundedtest.Case{Op: op, Shape: sh.Name, Input: sh.Input, Run: run}
			if strings.HasPrefix(op, "ToURI") || strings.HasPrefix(op, "AppendURI") {
				if sh.Name == "host é." || sh.Name == "host éé…" {
					// The result holds the host in A-labels, longer
					// than the input ("é." is 3 bytes, "xn--9ca." 8):
					// the bound is 8 per byte of the larger of the two.
					c.Allowance = func(s string) int {
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

func TestBounded(t *testing.T) { boundedtest.CheckAll(t, boundedCases()) }

func BenchmarkBounded(b *testing.B) { boundedtest.Bench(b, boundedCases()) }
