package form

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/boundedtest"
)

// Bounded cost: every operation that takes input text allocates at most
// 8 bytes per input byte plus a constant, on adversarial inputs too, and
// no more per byte on large inputs than on small ones (which would show a
// superlinear path). The operations whose result holds one element per
// pair are also allowed the size of those elements (a Pair is two string
// headers, 32 bytes); see the allowance of each case.

// Adversarial shapes.
var boundedShapes = []boundedtest.Shape{
	{Name: "&", Unit: "&"},
	{Name: "=", Unit: "="},
	{Name: "&=", Unit: "&="},
	{Name: "a&", Unit: "a&"},
	{Name: "a=&", Unit: "a=&"},
	{Name: "+", Unit: "+"},
	{Name: "+&", Unit: "+&"},
	{Name: "%", Unit: "%"},
	{Name: "%zz", Unit: "%zz"},
	{Name: "%zz&", Unit: "%zz&"},
	{Name: "%C3", Unit: "%C3"},
	{Name: "%u12", Unit: "%u12"},
	{Name: "%41", Unit: "%41"},
	{Name: "é", Unit: "é"},
	{Name: "\\xff", Unit: "\xff"},
	{Name: "\\xff&", Unit: "\xff&"},
	{Name: "space", Unit: " "},
	{Name: "a=b&", Unit: "a=b&"},
	{Name: "plain", Unit: "abcdefgh"},
}

// pairs is the allowance of a list of Pairs: 32 bytes for each non-empty
// sequence between "&".
func pairs(s string) int {
	n := 0
	for seq := range strings.SplitSeq(s, "&") {
		if seq != "" {
			n++
		}
	}
	return 32 * n
}

// segs is the allowance of a RawQuery: a string header (16 bytes) for
// each pair.
func segs(s string) int { return 16 * max(1, pairs(s)/32) }

// segsEdit is the allowance of an edit of a RawQuery: its segments, and
// once more when appending one makes the slice grow.
func segsEdit(s string) int { return 3 * segs(s) }

// valuesSize is the size of the Values that Parse makes of s.
func valuesSize(s string) int { return Parse(s).rawLen() }

// boundedCases lists every operation on text with the shapes it is
// measured on.
func boundedCases() []boundedtest.Case {
	var cs []boundedtest.Case
	add := func(op string, run func(string), allowance func(string) int) {
		for _, sh := range boundedShapes {
			cs = append(cs, boundedtest.Case{Op: op, Shape: sh.Name, Input: sh.Input, Run: run, Allowance: allowance})
		}
	}
	// Operations on parsed values are measured without the parse, which
	// has its own cases.
	onValues := func(op string, f func(Values), allowance func(string) int) {
		for _, sh := range boundedShapes {
			cs = append(cs, boundedtest.Case{Op: op, Shape: sh.Name, Input: sh.Input, Prepare: func(s string) func() {
				v := Parse(s)
				return func() { f(v) }
			}, Allowance: allowance, Size: valuesSize})
		}
	}
	// The RawQuery operations are measured with ParseRaw: they edit the
	// query.
	onRaw := func(op string, f func(RawQuery), allowance func(string) int) {
		for _, sh := range boundedShapes {
			cs = append(cs, boundedtest.Case{Op: op, Shape: sh.Name, Input: sh.Input, Run: func(s string) { f(ParseRaw(s)) }, Allowance: allowance})
		}
	}
	add("Parse", func(s string) { _ = Parse(s) }, pairs)
	add("AppendParse", func(s string) { _ = AppendParse(nil, s) }, pairs)
	add("ParseSearchParams", func(s string) { _ = ParseSearchParams(s) }, pairs)
	add("ParseStrict", func(s string) { _, _ = ParseStrict(s) }, pairs)
	add("ParseStrict.Error", func(s string) {
		if _, err := ParseStrict(s); err != nil {
			_ = err.Error()
		}
	}, pairs)
	for _, sh := range boundedShapes {
		cs = append(cs, boundedtest.Case{Op: "UnmarshalText", Shape: sh.Name, Input: sh.Input, Prepare: func(s string) func() {
			text := []byte(s) // the conversion is not UnmarshalText's cost
			return func() {
				var v Values
				_ = v.UnmarshalText(text)
			}
		}, Allowance: func(s string) int { return pairs(s) + len(s) }}) // and the copy of text
	}
	add("Unescape", func(s string) { _ = Unescape(s) }, nil)
	add("Escape", func(s string) { _ = Escape(s) }, nil)
	add("AppendEscape", func(s string) { _ = AppendEscape(nil, s) }, nil)
	add("Values.String", func(s string) { _ = Values{{Name: s}}.String() }, nil)
	onValues("String(Parse)", func(v Values) { _ = v.String() }, nil)
	onValues("AppendTo(Parse)", func(v Values) { _ = v.AppendTo(nil) }, nil)
	onValues("MarshalText(Parse)", func(v Values) { _, _ = v.MarshalText() }, nil)
	onValues("Sort(Parse)", func(v Values) { v.Clone().Sort() }, pairs)
	onValues("URLValues(Parse)", func(v Values) { _ = v.URLValues() }, nil)
	add("ParseRaw", func(s string) { _ = ParseRaw(s) }, segs)
	onRaw("ParseRaw.String", func(q RawQuery) { _ = q.String() }, segs)
	onRaw("ParseRaw.AppendTo", func(q RawQuery) { _ = q.AppendTo(nil) }, segs)
	onRaw("ParseRaw.Len", func(q RawQuery) { _ = q.Len() }, segs)
	onRaw("ParseRaw.Values", func(q RawQuery) { _ = q.Values() }, func(s string) int { return segs(s) + pairs(s) })
	onRaw("ParseRaw.Sort", func(q RawQuery) { q.Sort() }, func(s string) int { return segs(s) + pairs(s) })
	onRaw("ParseRaw.Get", func(q RawQuery) { _, _ = q.Get("a") }, segs)
	onRaw("ParseRaw.GetAll", func(q RawQuery) { _ = q.GetAll("x") }, segs)
	onRaw("ParseRaw.Has", func(q RawQuery) { _ = q.Has("x") }, segs)
	onRaw("ParseRaw.Set", func(q RawQuery) { q.Set("a", "1") }, segsEdit)
	onRaw("ParseRaw.Append", func(q RawQuery) { q.Append("a", "1") }, segsEdit)
	onRaw("ParseRaw.Delete", func(q RawQuery) { q.Delete("a") }, segs)
	onRaw("ParseRaw.Clone", func(q RawQuery) { _ = q.Clone() }, func(s string) int { return 2 * segs(s) })
	return cs
}

func TestBounded(t *testing.T) { boundedtest.CheckAll(t, boundedCases()) }

func BenchmarkBounded(b *testing.B) { boundedtest.Bench(b, boundedCases()) }
