package surt

import (
	"slices"
	"strings"
	"testing"

	"github.com/urikit/urikit/domain"
)

// keepsWWWByPublicSuffix is the "www" rule as first written, through
// domain.PublicSuffix: the reference for massageHost's use of
// domain.IsPublicSuffix.
func keepsWWWByPublicSuffix(rest string) bool {
	if ps, err := domain.PublicSuffix(rest); err == nil {
		return strings.EqualFold(ps.Name, rest)
	}
	return !strings.Contains(rest, ".")
}

// TestMassageHostRule: massageHost keeps the label exactly when the rule
// through PublicSuffix does.
func TestMassageHostRule(t *testing.T) {
	rests := []string{
		"com", "co.uk", "example.com", "example.co.uk", "github.io", "foo.github.io", "kobe.jp", "a.kobe.jp",
		"city.kobe.jp", "ck", "www.ck", "local", "localhost", "123", "1.2.3.4", "a.123", "0x1f", "a%20b.com",
		"%41.com", "xn--55qx5d.cn", "xn--85x722f.xn--55qx5d.cn", "ne.jp", "a.ne.jp", "com.", "a..com", "a.b.c.d.e.f.g.h",
		"EXAMPLE.COM", "Co.Uk", "a_b.com", "a-.com", "-", "a:b", "[x]",
	}
	for _, rest := range rests {
		for _, www := range []string{"www.", "www1.", "WWW.", "www123."} {
			h := []byte(strings.ToLower(www + rest))
			want := h
			if !keepsWWWByPublicSuffix(string(h[len(www):])) {
				want = h[len(www):]
			}
			if got := massageHost(slices.Clone(h), ""); string(got) != string(want) {
				t.Errorf("massageHost(%q) = %q; want %q", h, got, want)
			}
			// With the host in its own letter case beside it.
			same := www + rest
			if got := massageHost(slices.Clone(h), same); string(got) != string(want) {
				t.Errorf("massageHost(%q, same %q) = %q; want %q", h, same, got, want)
			}
		}
	}
}
