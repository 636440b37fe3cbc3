package check

import (
	"strings"
	"testing"
)

// TestFindingTexts checks the wording of the findings about
// internationalized hosts and RFC 3986 errors: each says something once,
// the host's forms are given by the idn finding only, a look-alike names
// its characters with their code points, and no detail repeats the
// message or its code.
func TestFindingTexts(t *testing.T) {
	for _, c := range []struct {
		in   string
		code Code
		msg  string
	}{
		{"https://gοοgle.com/", IDN, `internationalized host "gοοgle.com", sent as "xn--ggle-0nda.com"`},
		{"https://gοοgle.com/", IDNMixedScript, `host label "gοοgle" mixes Greek and Latin letters`},
		{"https://gοοgle.com/", IDNConfusable, `host label "gοοgle" imitates "google": "ο" U+03BF is not ASCII`},
		{"https://аррӏе.com/", IDNConfusable, `host label "аррӏе" imitates "apple": "а" U+0430, "р" U+0440, "ӏ" U+04CF, "е" U+0435 are not ASCII`},
		{"https://xn--pypal-4ve.com/", IDNMixedScript, `host label "pаypal" mixes Cyrillic and Latin letters`},
		{"https://bücher.de/", RFC3986Invalid, `not a valid RFC 3986 URI (non-ascii), so the lenient reading is used`},
	} {
		r := URL(c.in)
		f, ok := find(r, c.code)
		if !ok {
			t.Errorf("%s: no %s in\n%s", c.in, c.code, show(r))
			continue
		}
		if f.Message() != c.msg {
			t.Errorf("%s %s:\n got %s\nwant %s", c.in, c.code, f.Message(), c.msg)
		}
		if f.Detail != "" && strings.Contains(f.Message(), f.Detail) {
			t.Errorf("%s %s: the detail %q repeats the message", c.in, c.code, f.Detail)
		}
		if c.code != IDN && strings.Contains(f.Message()+f.Detail, "xn--") {
			t.Errorf("%s %s: the host's forms belong to the idn finding: %s / %s", c.in, c.code, f.Message(), f.Detail)
		}
	}
	f, _ := find(URL("http://bücher.dé/ä"), RFC3986Invalid)
	if want := "host: non-ASCII character must be percent-encoded (2 times)"; f.Detail != want {
		t.Errorf("rfc3986-invalid detail %q, want %q", f.Detail, want)
	}
	// More than maxImitations distinct characters: the first are named.
	f, ok := find(URL("https://аеорсху.com/"), IDNConfusable)
	if !ok || !strings.HasSuffix(f.Message(), `"о" U+043E, "р" U+0440 and more are not ASCII`) {
		t.Errorf("long look-alike: %s", f.Message())
	}
}

// find returns the first finding of r with the code c.
func find(r Report, c Code) (Finding, bool) {
	for _, f := range r.Findings {
		if f.Code == c {
			return f, true
		}
	}
	return Finding{}, false
}
