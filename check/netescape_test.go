package check

import (
	"net/url"
	"strings"
	"testing"
)

// sameAsNetURL checks the escaped forms of netescape.go against net/url's
// on the URL s, when net/url parses it.
func sameAsNetURL(t *testing.T, s string) {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		return
	}
	if got, want := netEscapedPath(u), u.EscapedPath(); got != want {
		t.Errorf("%q: path %q, net/url %q", s, got, want)
	}
	if got, want := netEscapedFragment(u), u.EscapedFragment(); got != want {
		t.Errorf("%q: fragment %q, net/url %q", s, got, want)
	}
	if got, want := netUserinfoString(u.User), u.User.String(); got != want {
		t.Errorf("%q: userinfo %q, net/url %q", s, got, want)
	}
}

func TestNetURLEscapes(t *testing.T) {
	// Every byte, in each component, as it is and escaped.
	for b := range 256 {
		c := string([]byte{byte(b)})
		for _, s := range []string{
			"http://u" + c + ":p" + c + "@h/a" + c + "b#f" + c + "g",
			"http://h/%" + upperHex[b>>4:b>>4+1] + upperHex[b&15:b&15+1] + "#%" + strings.ToLower(upperHex[b>>4:b>>4+1]+upperHex[b&15:b&15+1]),
		} {
			sameAsNetURL(t, s)
		}
		for _, set := range []*url.URL{{Path: "/a" + c}, {Fragment: c}, {User: url.UserPassword(c, c)}, {User: url.User(c)}} {
			if got, want := netEscapedPath(set), set.EscapedPath(); got != want {
				t.Errorf("byte %#x: path %q, net/url %q", b, got, want)
			}
			if got, want := netEscapedFragment(set), set.EscapedFragment(); got != want {
				t.Errorf("byte %#x: fragment %q, net/url %q", b, got, want)
			}
			if got, want := netUserinfoString(set.User), set.User.String(); got != want {
				t.Errorf("byte %#x: userinfo %q, net/url %q", b, got, want)
			}
		}
	}
	for _, s := range []string{
		"http://h/*", "*", "http://h/a%2fb", "http://h/a%2Fb%zz", "http://h/a b", "http://h/a%20b", "http://h/%7e",
		"http://h/#a%2fb", "http://h/#a b", "http://h/#a%zz", "http://@h/", "http://:@h/", "http://a:@h/", "http://%40:%3a@h/",
		"http://h/[x]", "http://h/a;b=c", "mailto:a@b", "http://h/?q#f!()*",
	} {
		sameAsNetURL(t, s)
	}
}
