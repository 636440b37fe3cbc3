package whatwg

import "testing"

func TestCanonicalComponents(t *testing.T) {
	type fn func(string) (string, error)
	noErr := func(f func(string) string) fn {
		return func(s string) (string, error) { return f(s), nil }
	}
	port := func(scheme string) fn {
		return func(s string) (string, error) { return CanonicalPort(s, scheme) }
	}
	for _, c := range []struct {
		name    string
		f       fn
		in, out string
		fail    bool
	}{
		{"protocol", CanonicalProtocol, "", "", false},
		{"protocol", CanonicalProtocol, "HTTPS", "https", false},
		{"protocol", CanonicalProtocol, "git+ssh", "git+ssh", false},
		{"protocol", CanonicalProtocol, "1http", "", true},
		{"protocol", CanonicalProtocol, "ht tp", "", true},
		{"username", noErr(CanonicalUsername), "a b@c", "a%20b%40c", false},
		{"password", noErr(CanonicalPassword), "p:w", "p%3Aw", false},
		{"hostname", CanonicalHostname, "", "", false},
		{"hostname", CanonicalHostname, "EXAMPLE.com", "example.com", false},
		{"hostname", CanonicalHostname, "bücher.de", "xn--bcher-kva.de", false},
		{"hostname", CanonicalHostname, "0x7f.1", "127.0.0.1", false},
		{"hostname", CanonicalHostname, "[::1]", "[::1]", false},
		{"hostname", CanonicalHostname, "a.com/path", "a.com", false},
		{"hostname", CanonicalHostname, "a b", "", true},
		{"hostname", CanonicalHostname, "a:80", "", true},
		{"port", port(""), "8080", "8080", false},
		{"port", port(""), "080x", "80", false},
		{"port", port("http"), "80", "", false},
		{"port", port("https"), "80", "80", false},
		{"port", port(""), "x", "", true},
		{"port", port(""), "65536", "", true},
		{"pathname", noErr(CanonicalPathname), "/a b/../c", "/c", false},
		{"pathname", noErr(CanonicalPathname), "foo", "foo", false},
		{"pathname", noErr(CanonicalPathname), "./foo", "./foo", false},
		{"pathname", noErr(CanonicalPathname), "/a\\b", "/a/b", false},
		{"pathname", noErr(CanonicalPathname), "/?#", "/%3F%23", false},
		{"opaque", CanonicalOpaquePathname, "a b\x01", "a b%01", false},
		{"opaque", CanonicalOpaquePathname, "a?b", "a", false},
		{"search", noErr(CanonicalSearch), "a b'#", "a%20b%27%23", false},
		{"hash", noErr(CanonicalHash), "a b`#", "a%20b%60#", false},
	} {
		got, err := c.f(c.in)
		if (err != nil) != c.fail || got != c.out {
			t.Errorf("%s(%q) = %q, %v; want %q, fail %v", c.name, c.in, got, err, c.out, c.fail)
		}
		if err != nil && err.Error() == "" {
			t.Errorf("%s(%q): empty error message", c.name, c.in)
		}
	}
}

func TestSpecialSchemes(t *testing.T) {
	for s, port := range map[string]int{"http": 80, "https": 443, "ws": 80, "wss": 443, "ftp": 21, "file": -1} {
		if p, ok := DefaultPort(s); !IsSpecialScheme(s) || p != port || ok != (port >= 0) {
			t.Errorf("%s: special %v port %d %v", s, IsSpecialScheme(s), p, ok)
		}
	}
	for _, s := range []string{"", "HTTP", "gopher", "javascript"} {
		if p, ok := DefaultPort(s); IsSpecialScheme(s) || p != -1 || ok {
			t.Errorf("%q: special %v port %d %v", s, IsSpecialScheme(s), p, ok)
		}
	}
}

// The zero-value calls of this file's functions join zero_test.go's table
// here, so that the table itself needs no edit.
func init() {
	zeroCalls["IsSpecialScheme"] = func() { _ = IsSpecialScheme("") }
	zeroCalls["CanonicalProtocol"] = func() { _, _ = CanonicalProtocol("") }
	zeroCalls["CanonicalUsername"] = func() { _ = CanonicalUsername("") }
	zeroCalls["CanonicalPassword"] = func() { _ = CanonicalPassword("") }
	zeroCalls["CanonicalHostname"] = func() { _, _ = CanonicalHostname("") }
	zeroCalls["CanonicalPort"] = func() { _, _ = CanonicalPort("", "") }
	zeroCalls["CanonicalPathname"] = func() { _ = CanonicalPathname("") }
	zeroCalls["CanonicalOpaquePathname"] = func() { _, _ = CanonicalOpaquePathname("") }
	zeroCalls["CanonicalSearch"] = func() { _ = CanonicalSearch("") }
	zeroCalls["CanonicalHash"] = func() { _ = CanonicalHash("") }
}
