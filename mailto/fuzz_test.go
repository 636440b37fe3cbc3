package mailto

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

var fuzzSeeds = []string{
	"", "mailto:", "mailto:a@b", "MAILTO:a@b,c@d?cc=e@f&bcc=g@h&subject=s&body=b&x=y",
	"mailto:%22not%40me%22@example.org", "mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org",
	"mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO",
	"mailto:joe@example.com?cc=bob@example.com?body=hello", "mailto:a@b?subject=x&subject=y",
	"mailto:%22a,b%22@x,c@d", "mailto:a@%5B1.2.3.4%5D", "mailto:?=v&=", "mailto:a@b#f",
	"mailto:?body=%C3", "mailto:a..b@c", "mailto:" + strings.Repeat("a@b,", 10),
	"mailto:?" + strings.Repeat("to=a@b&", 10), "mailto:%22" + strings.Repeat("%5C", 9) + "%22@x",
}

// FuzzParse checks that what Parse accepts builds back to a URL that
// parses to the same message and builds to itself; and that failures are
// *Errors with an offset inside the input.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := Parse(s)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(s) || e.Code.Message() == string(e.Code) {
				t.Fatalf("Parse(%q): bad error %#v", s, err)
			}
			return
		}
		for _, list := range [][]string{m.To, m.Cc, m.Bcc, {m.Subject, m.Body}} {
			for _, x := range list {
				if !utf8.ValidString(x) {
					t.Fatalf("Parse(%q) gave invalid UTF-8 %q", s, x)
				}
			}
		}
		u := Build(m)
		back, err := Parse(u)
		if err != nil || !reflect.DeepEqual(back, m) {
			t.Fatalf("Parse(%q) = %#v\nBuild = %q\nparsed back: %#v, %v", s, m, u, back, err)
		}
		if again := Build(back); again != u {
			t.Fatalf("Build is not stable: %q then %q", u, again)
		}
	})
}

// FuzzBuild checks Parse(Build(m)) == m on messages made of arbitrary
// text: when the URL does not parse, the only reason may be an address
// that is not an addr-spec.
func FuzzBuild(f *testing.F) {
	f.Add("a@b", "c@d", "e@f", "subject", "body\r\n", "X-Name", "va=lue&")
	f.Add(`"a,b"@x`, "Mike&family@example.org", `"\\\"it's\ ugly"@x`, "café +", "a%20b", "", "")
	f.Add("user@納豆.example.org", "a@[1.2.3.4]", "", "=?utf-8?Q?caf=C3=A9?=", "#?&=+;", "in-reply-to", "<x@y>")
	f.Fuzz(func(t *testing.T, to, cc, bcc, subject, body, name, value string) {
		for _, x := range []string{to, cc, bcc, subject, body, name, value} {
			if !utf8.ValidString(x) {
				return // Parse decodes to UTF-8 only
			}
		}
		m := Message{Subject: subject, Body: body}
		if to != "" {
			m.To = []string{to, "x@y"}
		}
		if cc != "" {
			m.Cc = []string{cc}
		}
		if bcc != "" {
			m.Bcc = []string{bcc}
		}
		switch strings.ToLower(name) {
		case "to", "cc", "bcc", "subject", "body":
		default:
			m.Headers = []Header{{name, value}, {name, ""}}
		}
		u := Build(m)
		if m.size() != len(u) {
			t.Fatalf("size() = %d, Build gives %d bytes: %q", m.size(), len(u), u)
		}
		got, err := Parse(u)
		if err != nil {
			if !errors.Is(err, ErrInvalidAddress) {
				t.Fatalf("Build(%#v) = %q, which Parse refuses: %v", m, u, err)
			}
			return
		}
		if !reflect.DeepEqual(got, m) {
			t.Fatalf("Build(%#v) = %q, parsed back as %#v", m, u, got)
		}
	})
}
