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
	// base, when set, is the size of the operation's input made from s
	// (the Values Parse gives, whose text may be three times longer:
	// U+FFFD for each byte of invalid UTF-8); the bound is 8 per byte of
	// the larger of the two.
	base func(s string) int
}

// checkBounded measures c with boundedtest.Check.
func checkBounded(t *testing.T, c boundedCase) {
	t.Helper()
	boundedtest.Check(t, boundedtest.Case{Op: c.op, Shape: c.shape.name, Input: c.shape.make, Run: c.run, Allowance: c.allowance, Size: c.base})
}

// Adversarial shapes.
var boundedShapes = []boundedShape{
	{"&", "", "&", ""},
	{"=", "", "=", ""},
	{"&=", "", "&=", ""},
	{"a&", "", "a&", ""},
	{"a=&", "", "a=&", ""},
	{"+", "", "+", ""},
	{"+&", "", "+&", ""},
	{"%", "", "%", ""},
	{"%zz", "", "%zz", ""},
	{"%zz&", "", "%zz&", ""},
	{"%C3", "", "%C3", ""},
	{"%u12", "", "%u12", ""},
	{"%41", "", "%41", ""},
	{"é", "", "é", ""},
	{"\\xff", "", "\xff", ""},
	{"\\xff&", "", "\xff&", ""},
	{"space", "", " ", ""},
	{"a=b&", "", "a=b&", ""},
	{"plain", "", "abcdefgh", ""},
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
func boundedCases() []boundedCase {
	var cs []boundedCase
	add := func(op string, run func(string), allowance func(string) int) {
		for _, sh := range boundedShapes {
			cs = append(cs, boundedCase{op, sh, run, allowance, nil})
		}
	}
	// Operations on parsed values are measured without the parse, which
	// has its own cases.
	onValues := func(op string, f func(Values), allowance func(string) int) {
		for _, sh := range boundedShapes {
			var last string
			var v Values
			cs = append(cs, boundedCase{op, sh, func(s string) {
				if s != last {
					last, v = s, Parse(s)
				}
				f(v)
			}, allowance, valuesSize})
		}
	}
	// The RawQuery operations are measured with ParseRaw: they edit the
	// query.
	onRaw := func(op string, f func(RawQuery), allowance func(string) int) {
		for _, sh := range boundedShapes {
			cs = append(cs, boundedCase{op, sh, func(s string) { f(ParseRaw(s)) }, allowance, nil})
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
		var last string
		var text []byte
		cs = append(cs, boundedCase{"UnmarshalText", sh, func(s string) {
			if s != last {
				last, text = s, []byte(s) // the conversion is not UnmarshalText's cost
			}
			var v Values
			_ = v.UnmarshalText(text)
		}, func(s string) int { return pairs(s) + len(s) }, nil}) // and the copy of text
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
