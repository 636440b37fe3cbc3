package template

import (
	"strconv"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/boundedtest"
)

// Bounded cost: Parse, Expand, AppendExpand, Match and the messages of
// their errors allocate at most 8 bytes per input byte plus a constant, on
// adversarial inputs too, and no more per byte on large inputs than on
// small ones (which would show a superlinear path). The input of an
// expansion is the template and the values together: an expansion can be
// much longer than both when a template refers to a long value many times,
// so the size an expansion is held to is the template plus the value
// bytes each reference stands for (what MaxLen bounds).

// A boundedCase is one operation on one input shape: prep builds the
// input of about n bytes (the text measured against) and the call.
type boundedCase struct {
	op, shape string
	prep      func(n int) (input string, size int, run func())
}

func repeatTo(unit string, n int) string { return strings.Repeat(unit, max(1, n/len(unit))) }

// distinct returns about n bytes of "{v0}{v1}…"-like text: k expressions
// written by f with distinct names, and k.
func distinct(n int, f func(i int) string) (string, int) {
	var b strings.Builder
	k := 0
	for b.Len() < n {
		b.WriteString(f(k))
		k++
	}
	return b.String(), k
}

func boundedCases() []boundedCase {
	var cs []boundedCase
	parseShapes := []struct{ name, unit, prefix, suffix string }{
		{"{a}", "{a}", "", ""},
		{"{a,a,…}", "a,", "{", "b}"},
		{"literal é", "é", "", ""},
		{"literal %zz", "%zz", "", ""},
		{"{?a:99,b*}", "{?a:99,b*}", "", ""},
		{"unclosed", "a", "{", ""},
		{"bad varname late", "a", "{", " }"},
		{"unopened late", "é", "", "}"},
		{"dots", "a.", "{", "b}"},
		{"literal space", " ", "{a}", ""},
		{"literal control", "\x01é", "", ""},
	}
	for _, sh := range parseShapes {
		cs = append(cs, boundedCase{"ParseLenient", sh.name, func(n int) (string, int, func()) {
			s := sh.prefix + repeatTo(sh.unit, n) + sh.suffix
			return s, len(s), func() {
				_, fs, err := ParseLenient(s)
				if err != nil {
					_ = err.Error()
				}
				for _, f := range fs {
					_ = f.String()
				}
			}
		}})
		cs = append(cs, boundedCase{"Parse+Error", sh.name, func(n int) (string, int, func()) {
			s := sh.prefix + repeatTo(sh.unit, n) + sh.suffix
			return s, len(s), func() {
				if _, err := Parse(s); err != nil {
					_ = err.Error()
				}
			}
		}})
	}
	for _, sh := range []struct {
		name string
		f    func(i int) string
	}{
		{"distinct names", func(i int) string { return "{v" + strconv.Itoa(i) + "}" }},
		{"one name", func(i int) string { return "{a}" }},
		{"distinct in one", func(i int) string { return "{v" + strconv.Itoa(i) + ",b}" }},
	} {
		cs = append(cs, boundedCase{"Vars", sh.name, func(n int) (string, int, func()) {
			s, _ := distinct(n, sh.f)
			tm := MustParse(s)
			return s, len(s), func() { _ = tm.Names() }
		}})
	}

	// Expansion: the value is the input.
	valueShapes := []struct{ name, tmpl, unit string }{
		{"value é", "{x}", "é"},
		{"value +", "{+x}", "a/?é"},
		{"value #%41", "{#x}", "%41"},
		{"value prefix", "{x:9999}", "é"},
		{"value named", "{?x}", " "},
	}
	for _, sh := range valueShapes {
		for _, op := range []string{"Expand", "AppendExpand"} {
			cs = append(cs, boundedCase{op, sh.name, func(n int) (string, int, func()) {
				s := repeatTo(sh.unit, n)
				tm := MustParse(sh.tmpl)
				vs := Vars{"x": String(s)}
				if op == "Expand" {
					return s, len(s), func() { _, _ = tm.Expand(vs) }
				}
				return s, len(s), func() { _, _ = tm.AppendExpand(nil, vs) }
			}})
		}
	}
	cs = append(cs, boundedCase{"Expand", "list items", func(n int) (string, int, func()) {
		items := strings.Split(repeatTo("a,", n), ",")
		vs := Vars{"x": List(items...)}
		tm := MustParse("{?x*}")
		return strings.Join(items, ","), n + 8*len(items), func() { _, _ = tm.Expand(vs) }
	}})
	cs = append(cs, boundedCase{"Expand", "pairs", func(n int) (string, int, func()) {
		items := strings.Split(repeatTo("a,", n), ",")
		pairs := make([]Pair, len(items))
		for i, it := range items {
			pairs[i] = Pair{it, it}
		}
		vs := Vars{"x": Pairs(pairs...)}
		tm := MustParse("{;x*}")
		return strings.Join(items, ","), n + 8*len(items), func() { _, _ = tm.Expand(vs) }
	}})
	// Expansion: the template is the input.
	cs = append(cs, boundedCase{"Expand", "many refs", func(n int) (string, int, func()) {
		s := repeatTo("{/x}", n)
		tm := MustParse(s)
		vs := Vars{"x": String("ab")}
		return s, len(s) + 2*strings.Count(s, "{"), func() { _, _ = tm.Expand(vs) }
	}})
	cs = append(cs, boundedCase{"Expand", "literal é", func(n int) (string, int, func()) {
		s := repeatTo("é{x}", n)
		tm := MustParse(s)
		vs := Vars{"x": String("é")}
		return s, len(s), func() { _, _ = tm.Expand(vs) }
	}})
	cs = append(cs, boundedCase{"Expand+Error", "prefix on list", func(n int) (string, int, func()) {
		s := repeatTo("a", n) + "{x:1}"
		tm := MustParse(s)
		vs := Vars{"x": List("a")}
		return s, len(s), func() {
			if _, err := tm.Expand(vs); err != nil {
				_ = err.Error()
			}
		}
	}})

	// Match: the URI is the input.
	cs = append(cs, boundedCase{"Match", "distinct segments", func(n int) (string, int, func()) {
		src, k := distinct(n, func(i int) string { return "/{v" + strconv.Itoa(i) + "}" })
		tm := MustParse(src)
		u := repeatTo("/%C3%A9", 7*k)
		// One map entry per variable (a Value is 72 bytes): 192 bytes
		// each are allowed.
		return u, len(u) + len(src) + 24*k, func() { _, _ = tm.Match(u) }
	}})
	cs = append(cs, boundedCase{"Match", "query names", func(n int) (string, int, func()) {
		src, k := distinct(n/2, func(i int) string { return ",q" + strconv.Itoa(i) })
		tm := MustParse("/s{?" + src[1:] + "}")
		var b strings.Builder
		b.WriteString("/s?")
		for i := range k {
			if i > 0 {
				b.WriteByte('&')
			}
			b.WriteString("q" + strconv.Itoa(i) + "=%41")
		}
		u := b.String()
		// The result holds one map entry per variable (a Value is 72
		// bytes): 192 bytes each are allowed on top of the bound.
		return u, len(u) + len(src) + 24*k, func() { _, _ = tm.Match(u) }
	}})
	cs = append(cs, boundedCase{"Match", "list value", func(n int) (string, int, func()) {
		tm := MustParse("/a/{x}")
		u := "/a/" + repeatTo("b,", n)
		return u, len(u) + 8*strings.Count(u, ","), func() { _, _ = tm.Match(u) }
	}})
	cs = append(cs, boundedCase{"Match", "reserved %", func(n int) (string, int, func()) {
		tm := MustParse("{+x}/end")
		u := repeatTo("%C3%A9%41", n) + "/end"
		return u, len(u), func() { _, _ = tm.Match(u) }
	}})
	cs = append(cs, boundedCase{"Match+Error", "no match late", func(n int) (string, int, func()) {
		tm := MustParse("/a/{x}")
		u := "/a/" + repeatTo("b", n) + " "
		return u, len(u), func() {
			if _, err := tm.Match(u); err != nil {
				_ = err.Error()
			}
		}
	}})
	cs = append(cs, boundedCase{"Match+Error", "ambiguous late", func(n int) (string, int, func()) {
		src := repeatTo("/{x}", n) + "{y}{z}"
		tm := MustParse(src)
		return src, len(src), func() {
			if _, err := tm.Match("/"); err != nil {
				_ = err.Error()
			}
		}
	}})
	return cs
}

// boundedtestCases returns the cases as boundedtest measures them: the
// input, the call and the size of each are made together by prep, and
// kept for the input last made (boundedtest calls Prepare and Size on the
// input Input just returned).
func boundedtestCases() []boundedtest.Case {
	var cs []boundedtest.Case
	for _, c := range boundedCases() {
		var run func()
		var size int
		cs = append(cs, boundedtest.Case{
			Op: c.op, Shape: c.shape,
			Input: func(n int) string {
				var s string
				s, size, run = c.prep(n)
				return s
			},
			Prepare: func(string) func() { return run },
			Size:    func(string) int { return size },
		})
	}
	return cs
}

func TestBounded(t *testing.T) { boundedtest.CheckAll(t, boundedtestCases()) }

func BenchmarkBounded(b *testing.B) { boundedtest.Bench(b, boundedtestCases()) }
