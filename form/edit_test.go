package form

import (
	"fmt"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/boundedtest"
)

func TestMatchName(t *testing.T) {
	for _, c := range []struct {
		pattern, name string
		want          bool
	}{
		{"", "", true},
		{"", "a", false},
		{"*", "", true},
		{"*", "anything", true},
		{"utm_*", "utm_source", true},
		{"utm_*", "utm_", true},
		{"utm_*", "xutm_source", false},
		{"utm_*", "UTM_source", false},
		{"*_id", "session_id", true},
		{"*_id", "session_idx", false},
		{"a*b*c", "aXbYc", true},
		{"a*b*c", "abcbc", true},
		{"a*b*c", "acb", false},
		{"?", "é", true},
		{"?", "ab", false},
		{"??", "é", false},
		{"a?c", "abc", true},
		{`a\*`, "a*", true},
		{`a\*`, "ab", false},
		{`a\?`, "a?", true},
		{`a\`, `a\`, true},
		{"**", "x", true},
		{"*a", strings.Repeat("b", 100), false},
		{"fbclid", "fbclid", true},
		{"fbclid", "fbclid2", false},
	} {
		if got := MatchName(c.pattern, c.name); got != c.want {
			t.Errorf("MatchName(%q, %q) = %v, want %v", c.pattern, c.name, got, c.want)
		}
	}
}

func TestDeleteKeepMatch(t *testing.T) {
	for _, c := range []struct {
		query, pattern string
		del            string
		ndel           int
		keep           string
		nkeep          int
	}{
		{"utm_source=a&id=%7e&&utm_medium=b&x", "utm_*", "id=%7e&&x", 2, "utm_source=a&&utm_medium=b", 2},
		{"utm%5Fsource=a&id=1", "utm_*", "id=1", 1, "utm%5Fsource=a", 1},
		{"a+b=1&c=2", "a b", "c=2", 1, "a+b=1", 1},
		{"a=1&b=2", "z*", "a=1&b=2", 0, "", 0},
		{"", "*", "", 0, "", 0},
		{"&&a=1&&", "a", "&&&", 1, "&&a=1&&", 1},
	} {
		q := ParseRaw(c.query)
		if n := q.DeleteMatch(c.pattern); n != c.ndel || q.String() != c.del {
			t.Errorf("DeleteMatch(%q) on %q = %d, %q; want %d, %q", c.pattern, c.query, n, q.String(), c.ndel, c.del)
		}
		q = ParseRaw(c.query)
		if n := q.KeepMatch(c.pattern); n != c.nkeep || q.String() != c.keep {
			t.Errorf("KeepMatch(%q) on %q = %d, %q; want %d, %q", c.pattern, c.query, n, q.String(), c.nkeep, c.keep)
		}
	}
}

func TestReplace(t *testing.T) {
	q := ParseRaw("a=1&B=%7e&a=2")
	if !q.Replace("a", "x y") || q.String() != "a=x+y&B=%7e" {
		t.Errorf("Replace: %q", q.String())
	}
	if q.Replace("c", "1") || q.String() != "a=x+y&B=%7e" {
		t.Errorf("Replace of an absent name: %q", q.String())
	}
}

func TestBoundedEdit(t *testing.T) {
	if testing.Short() {
		t.Skip("measures inputs of up to 256 KiB")
	}
	for _, sh := range boundedShapes {
		for _, c := range []boundedtest.Case{
			{Op: "ParseRaw.DeleteMatch", Run: func(s string) { q := ParseRaw(s); q.DeleteMatch("a*") }, Allowance: segs},
			{Op: "ParseRaw.KeepMatch", Run: func(s string) { q := ParseRaw(s); q.KeepMatch("*b?") }, Allowance: segs},
			{Op: "ParseRaw.Replace", Run: func(s string) { q := ParseRaw(s); q.Replace("a", "1") }, Allowance: segsEdit},
			{Op: "MatchName", Run: func(s string) { MatchName("*a*b*", s) }},
		} {
			c.Shape, c.Input = sh.Name, sh.Input
			t.Run(c.Op+"/"+sh.Name, func(t *testing.T) { boundedtest.Check(t, c) })
		}
	}
}

func ExampleRawQuery_DeleteMatch() {
	q := ParseRaw("utm_source=mail&id=%7e42&utm_medium=x&ref=a+b")
	fmt.Println(q.DeleteMatch("utm_*"), q)
	fmt.Println(q.KeepMatch("nothing*"), q)
	// Output:
	// 2 id=%7e42&ref=a+b
	// 0
}
