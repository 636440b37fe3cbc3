package edit

import (
	"strings"
	"testing"
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
		{"utm_*", "UTM_source", false},
	} {
		if got := matchName(c.pattern, c.name, false); got != c.want {
			t.Errorf("matchName(%q, %q) = %v, want %v", c.pattern, c.name, got, c.want)
		}
	}
}

func TestTracking(t *testing.T) {
	for _, c := range []struct {
		pattern, name string
		want          bool
	}{
		{"utm_*", "UTM_CAMPAIGN", true},
		{"UTM_*", "utm_x", true},
		{"utm_source", "Utm_Source", true},
		{"FBCLID", "fbclid", true},
		{"fbclid", "FbClId", true},
		{"utm_*x", "UTM_x", false}, // not a glob of the list
		{"id", "ID", false},
		{"fbclid", "fbclid2", false},
	} {
		if got := newGlob(c.pattern).match(c.name); got != c.want {
			t.Errorf("newGlob(%q).match(%q) = %v, want %v", c.pattern, c.name, got, c.want)
		}
	}
	if containsFold("a=1&Utm_x=2", "utm_") != true || containsFold("utm", "utm_") || !containsFold("xUTM_", "utm_") {
		t.Error("containsFold")
	}
}

// The query operations keep the bytes of the pairs they do not touch and
// the empty sequences, a removed pair taking one "&".
func TestQueryOps(t *testing.T) {
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
		{"a=1&&b=2", "a", "&b=2", 1, "a=1&", 1},
		{"a=1&b=2", "*", "", 2, "a=1&b=2", 2},
	} {
		if got, n := deleteMatch(c.query, glob{pattern: c.pattern}); n != c.ndel || got != c.del {
			t.Errorf("deleteMatch(%q, %q) = %q, %d; want %q, %d", c.query, c.pattern, got, n, c.del, c.ndel)
		}
		if got, n := keepMatch(c.query, []glob{{pattern: c.pattern}}); n != c.nkeep || got != c.keep {
			t.Errorf("keepMatch(%q, %q) = %q, %d; want %q, %d", c.query, c.pattern, got, n, c.keep, c.nkeep)
		}
	}
	for _, c := range []struct {
		query, name, raw, want string
		ok                     bool
	}{
		{"a=1&B=%7e&a=2", "a", "=x+y", "a=x+y&B=%7e", true},
		{"b&a=1&&a=2&", "a", "=x", "b&a=x&&", true},
		{"a%20b=1&a+b=2", "a b", "=3", "a%20b=3", true},
		{"a=1&a", "a", "", "a", true},
		{"x=1", "a", "=1", "x=1", false},
	} {
		if got, ok := replacePair(c.query, c.name, c.raw); got != c.want || ok != c.ok {
			t.Errorf("replacePair(%q, %q, %q) = %q, %v; want %q", c.query, c.name, c.raw, got, ok, c.want)
		}
	}
	for _, c := range []struct{ query, want string }{
		{"", "k=v+w"}, {"a=1", "a=1&k=v+w"}, {"a=1&", "a=1&k=v+w"}, {"&", "&k=v+w"}, {"a=1&&", "a=1&&k=v+w"},
	} {
		if got := appendPair(c.query, encodePair("k", "v w")); got != c.want {
			t.Errorf("appendPair(%q) = %q, want %q", c.query, got, c.want)
		}
	}
}
