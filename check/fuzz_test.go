package check

import (
	"reflect"
	"strings"
	"testing"
)

func FuzzURL(f *testing.F) {
	for _, s := range []string{
		"", "https://example.com/", `http://a\b@c/`, "http://a@b@c/", `http:/\evil.com`, "http://evil\t.com/",
		"http://evil.com%2f@good.com", "http://example．com/", "http://0x7f.1/", "http://2130706433/",
		"http://017700000001/", "https://аррӏе.com/", "https://pаypal.com/", "https://a/%2e%2e/%252e/%u002e/%c0%af/%ff",
		"\uFEFFhttps://x/", "http://[::ffff:10.0.0.1]:0080/", "javascript:alert(1)", "//x", "%", "%%", "%2", "%u12",
		"http://a/..%2f", "file:///C:/x", "http://xn--/", "http://xn--a.com/", "a:\x00", "http://a/\xc0\xaf",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r := URL(s)
		if r.Input != s {
			t.Fatalf("input %q", r.Input)
		}
		type key struct {
			c Code
			s Severity
		}
		seen := map[key]bool{}
		for i, fd := range r.Findings {
			if fd.Offset < 0 || fd.Offset > len(s) {
				t.Errorf("%s: offset out of range [0, %d]", fd, len(s))
			}
			if strings.ContainsAny(fd.Message, "\n\r") || fd.Message == "" {
				t.Errorf("%q: message %q", s, fd.Message)
			}
			if seen[key{fd.Code, fd.Severity}] {
				t.Errorf("%q: %s twice", s, fd)
			}
			seen[key{fd.Code, fd.Severity}] = true
			if fd.Severity != fd.Code.Severity() && !(fd.Severity == Info && fd.Code.dataSensitive()) && !(fd.Code == Whitespace && fd.Severity == Warn) {
				t.Errorf("%q: %s has severity %v, code says %v", s, fd, fd.Severity, fd.Code.Severity())
			}
			if i > 0 && r.Findings[i-1].Offset > fd.Offset {
				t.Errorf("%q: findings out of order", s)
			}
		}
		if again := URL(s); !reflect.DeepEqual(again, r) {
			t.Errorf("%q: not deterministic", s)
		}
		checkSpans(t, s)
		if r.Target.OK != r.WHATWG.OK {
			t.Errorf("%q: target %v, WHATWG %v", s, r.Target.OK, r.WHATWG.OK)
		}
	})
}
