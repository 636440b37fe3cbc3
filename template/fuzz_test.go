package template

import (
	"errors"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/window"
)

var fuzzSeeds = []string{
	"{var}", "{+path}/here", "X{.x,y}", "{/var,x}/here", "{;x,y,empty}", "{?x,y}",
	"?fixed=yes{&x}", "{var:3}", "{list*}", "{keys*}", "{+keys:1}", "/users/{id}",
	"/files/{name}.json", "/r/{owner}/{repo}/issues{?state,labels}", "{a}{/b}{?c}{#d}",
	"{x}/{x}", "{/id*", "/id*}", "{!a}", "a b%zz{%41}", "{é}", "{a.b:9999}",
}

// FuzzParse checks that Parse never panics, that a template that parses
// gives its source back and expands without panicking, and that an error
// has an offset inside the template and a bounded message.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, "a b/é%")
	}
	f.Fuzz(func(t *testing.T, src, val string) {
		// ParseLenient fails where Parse fails but on literal text, which
		// it encodes and reports.
		lt, fs, lerr := ParseLenient(src)
		for _, f := range fs {
			if f.Offset < 0 || f.Offset >= len(src) || f.Code != ErrInvalidLiteral && f.Code != ErrInvalidEscape || len(f.Offsets) > 8 {
				t.Fatalf("ParseLenient(%q): finding %v", src, f)
			}
		}
		tm, err := Parse(src)
		if lerr == nil && (err == nil) != (len(fs) == 0) {
			t.Fatalf("Parse(%q): %v, but ParseLenient finds %v", src, err, fs)
		}
		if lerr == nil && err == nil && lt.String() != tm.String() {
			t.Fatalf("ParseLenient(%q) = %q", src, lt)
		}
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(src) || e.Code.Message() == "" {
				t.Fatalf("Parse(%q): %#v", src, err)
			}
			if len(err.Error()) > 4*2*window.Side+200 {
				t.Fatalf("Parse(%q): message of %d bytes", src, len(err.Error()))
			}
			return
		}
		if tm.String() != src {
			t.Fatalf("String() = %q, want %q", tm.String(), src)
		}
		vs := Vars{}
		for i, name := range tm.Names() {
			switch i % 3 {
			case 0:
				vs[name] = String(val)
			case 1:
				vs[name] = List(val, "x")
			case 2:
				vs[name] = Pairs(Pair{val, val})
			}
		}
		out, err := tm.Expand(vs)
		if err == nil && len(out) > tm.MaxLen(vs) {
			t.Fatalf("%q: expansion of %d bytes, MaxLen %d", src, len(out), tm.MaxLen(vs))
		}
	})
}

// FuzzMatch checks that, for a template Match reads back, the variables it
// reads from an expansion expand to the same URI, and that when the value
// has no "%" or "," they are the values expanded. The variable of index i
// is left undefined when bit i of undef is set (a variable used in
// several expressions included), and is the list (val, val) when bit i of
// lists is set.
func FuzzMatch(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, "a b/é", true, uint8(0), uint8(0))
		f.Add(s, "", false, uint8(0), uint8(0))
	}
	for _, s := range []string{"{a}/{/a}", "{q}{?q}", ";{q}&{.q}", "{q}{#q}", "{x}{/x}{?x}"} {
		f.Add(s, "", true, uint8(1), uint8(0))
		f.Add(s, "v", true, uint8(0), uint8(1))
	}
	f.Fuzz(func(t *testing.T, src, val string, all bool, undef, lists uint8) {
		tm, err := Parse(src)
		if err != nil {
			return
		}
		vs := Vars{}
		for i, name := range tm.Names() {
			bit := uint8(1) << (i % 8)
			switch {
			case undef&bit != 0, !all && i%2 == 1:
			case lists&bit != 0:
				vs[name] = List(val, val)
			default:
				vs[name] = String(val)
			}
		}
		u, err := tm.Expand(vs)
		if err != nil {
			return
		}
		got, err := tm.Match(u)
		if errors.Is(err, ErrAmbiguous) || errors.Is(err, ErrUndecided) {
			return
		}
		if err != nil {
			t.Fatalf("%q: Match(%q): %v", src, u, err)
		}
		back, err := tm.Expand(got)
		if err != nil || back != u {
			t.Fatalf("%q: Match(%q) = %v, which expands to %q, %v", src, u, got, back, err)
		}
		if val == "" || strings.ContainsAny(val, "%,") {
			return
		}
		for name, v := range vs {
			if v.Kind() != KindString {
				continue
			}
			if g := got[name]; g.Kind() != KindString || g.Text() != v.Text() {
				t.Fatalf("%q: Match(%q)[%q] = %v, want %q", src, u, name, g, v.Text())
			}
		}
	})
}
