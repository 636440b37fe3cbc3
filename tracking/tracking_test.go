package tracking

import (
	"errors"
	"os"
	"strings"
	"testing"
)

func TestDefaultClean(t *testing.T) {
	r := Default()
	for _, tc := range []struct{ in, want string }{
		{"https://example.com/a?utm_source=x&id=1&UTM_Medium=y", "https://example.com/a?id=1"},
		{"https://example.com/a?fbclid=1", "https://example.com/a"},
		{"https://example.com/a?gclid=1&msclkid=2&mc_eid=3&mc_cid=4#x", "https://example.com/a#x"},
		{"https://example.com/a?id=1#utm_source=x&y=2", "https://example.com/a?id=1#y=2"},
		{"https://example.com/a#fbclid=1", "https://example.com/a"},
		{"https://example.com/a?utm%5Fsource=x&b", "https://example.com/a?b"},
		{"https://example.com/a?butm_source=x", "https://example.com/a?butm_source=x"},
		{"https://example.com/a", "https://example.com/a"},
		{"https://www.amazon.de/dp/B01/ref=sr_1_1?qid=1&sr=8&keywords=x&tag=aff-21", "https://www.amazon.de/dp/B01?keywords=x"},
		{"https://www.youtube.com/watch?v=abc&si=xyz&feature=share", "https://www.youtube.com/watch?v=abc"},
		{"https://example.com/watch?v=abc&si=xyz", "https://example.com/watch?v=abc&si=xyz"},
		{"https://x.com/a/status/1?s=20&t=abc", "https://x.com/a/status/1"},
	} {
		if got := r.Clean(tc.in); got != tc.want {
			t.Errorf("Clean(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestDefaultUnwrap(t *testing.T) {
	r := Default()
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"https://www.google.com/url?sa=t&url=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1&usg=x", "https://example.com/a?b=1", true},
		{"https://www.google.com/url?q=https://example.com/a&sa=D", "https://example.com/a", true},
		{"https://www.google.co.uk/url?q=https%3A%2F%2Fexample.com%2F%2525", "https://example.com/%25", true},
		{"https://l.facebook.com/l.php?u=https%3A%2F%2Fexample.org%2F&h=AT0", "https://example.org/", true},
		{"https://www.youtube.com/redirect?event=x&q=https%3A%2F%2Fexample.net%2F", "https://example.net/", true},
		{"https://slack-redir.net/link?url=http%3A%2F%2Fexample.com", "http://example.com", true},
		{"https://www.google.com/url?q=javascript:alert(1)", "https://www.google.com/url?q=javascript:alert(1)", false},
		{"https://www.google.com/search?q=https://x", "https://www.google.com/search?q=https://x", false},
		// Nested wrappers come off one by one.
		{"https://www.google.com/url?q=https%3A%2F%2Fl.facebook.com%2Fl.php%3Fu%3Dhttps%253A%252F%252Fexample.com%252F", "https://example.com/", true},
	} {
		got, ok := r.Unwrap(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("Unwrap(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestApply(t *testing.T) {
	r := MustNew([]byte(`{"providers": {
		"block": {"urlPattern": "^https?://ads\\.example/", "completeProvider": true},
		"wrap": {"urlPattern": "^https?://r\\.example/", "redirections": ["^https?://r\\.example/\\?to=([^&]+)"]},
		"site": {"urlPattern": "^https?://site\\.example/", "rules": ["ref"], "rawRules": ["/ref=[^/?]*"],
			"referralMarketing": ["aff"], "exceptions": ["^https?://site\\.example/keep"]},
		"global": {"urlPattern": ".*", "rules": ["utm_[a-z]+"], "forceRedirection": true}}}`))
	for _, tc := range []struct {
		in   string
		want Result
	}{
		{"https://ads.example/x?utm_a=1", Result{URL: "https://ads.example/x?utm_a=1", Blocked: "block"}},
		{"https://r.example/?to=https%3A%2F%2Fsite.example%2Fp%2Fref%3Dx%3Fref%3D1%26aff%3D2%26q%3D3%26utm_x%3D4",
			Result{URL: "https://site.example/p?q=3", Unwrapped: 1, Removed: 4}},
		{"https://site.example/keep?ref=1&utm_a=2", Result{URL: "https://site.example/keep?ref=1", Removed: 1}},
		{"https://r.example/?to=https%3A%2F%2Fads.example%2F", Result{URL: "https://r.example/?to=https%3A%2F%2Fads.example%2F", Blocked: "block"}},
	} {
		if got := r.Apply(tc.in); got != tc.want {
			t.Errorf("Apply(%q) = %+v, want %+v", tc.in, got, tc.want)
		}
	}
	if got := strings.Join(r.Providers(), ","); got != "block,wrap,site,global" {
		t.Errorf("Providers() = %s", got)
	}
}

func TestNewErrors(t *testing.T) {
	for _, tc := range []struct {
		json     string
		code     Code
		provider string
		field    string
		rule     int
	}{
		{`{"providers": {"p": {"urlPattern": ".*", "rules": ["a", "(?=b)"]}}}`, ErrUnsupportedRule, "p", "rules", 1},
		{`{"providers": {"p": {"urlPattern": ".*", "rawRules": ["(a)\\1"]}}}`, ErrUnsupportedRule, "p", "rawRules", 0},
		{`{"providers": {"p": {"urlPattern": "(?<!x)y"}}}`, ErrUnsupportedRule, "p", "urlPattern", -1},
		{`{"providers": {"p": {"urlPattern": ".*", "redirections": ["no-group"]}}}`, ErrUnsupportedRule, "p", "redirections", 0},
		{`{"providers": {"p": {"urlPattern": ".*", "exceptions": ["["]}}}`, ErrUnsupportedRule, "p", "exceptions", 0},
		{`{"providers": {"p": {"rules": ["a"]}}}`, ErrMissingURLPattern, "p", "", -1},
		{`{"providers": {"p": {"urlPattern": 3}}}`, ErrInvalidJSON, "", "", -1},
		{`{"providers": [`, ErrInvalidJSON, "", "", -1},
		{`{}`, ErrInvalidJSON, "", "", -1},
		{`{"providers": []}`, ErrInvalidJSON, "", "", -1},
	} {
		_, err := New([]byte(tc.json))
		var e *Error
		if !errors.As(err, &e) || e.Code != tc.code || e.Provider != tc.provider || e.Field != tc.field || e.Rule != tc.rule {
			t.Errorf("New(%s) = %#v", tc.json, err)
			continue
		}
		if !errors.Is(err, tc.code) || !strings.HasPrefix(err.Error(), "tracking: ") {
			t.Errorf("New(%s): %v", tc.json, err)
		}
	}
}

func TestZeroRules(t *testing.T) {
	var r Rules
	const u = "https://example.com/?utm_source=x"
	if r.Clean(u) != u || r.Apply(u).URL != u {
		t.Fatal("the zero Rules changed a URL")
	}
	if _, ok := r.Unwrap(u); ok {
		t.Fatal("the zero Rules unwrapped")
	}
}

// TestDefaultFile checks that the built-in file loads and names its
// providers.
func TestDefaultFile(t *testing.T) {
	data, err := os.ReadFile("default.json")
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Providers()) < 5 {
		t.Fatalf("providers: %v", r.Providers())
	}
}

func TestMatcher(t *testing.T) {
	r := Default()
	m := r.Matcher("https://www.youtube.com/watch?v=1&si=2")
	if !m("si") || !m("UTM_Source") || m("v") {
		t.Error("youtube matcher")
	}
	m = r.Matcher("https://example.com/watch?v=1&si=2")
	if m("si") || !m("fbclid") {
		t.Error("example.com matcher")
	}
}
