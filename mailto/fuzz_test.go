package mailto

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urikit/urikit/internal/collapse"
)

var fuzzSeeds = []string{
	"", "mailto:", "mailto:a@b", "MAILTO:a@b,c@d?cc=e@f&bcc=g@h&subject=s&body=b&x=y",
	"mailto:%22not%40me%22@example.org", "mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org",
	"mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO",
	"mailto:joe@example.com?cc=bob@example.com?body=hello", "mailto:a@b?subject=x&subject=y",
	"mailto:%22a,b%22@x,c@d", "mailto:a@%5B1.2.3.4%5D", "mailto:?=v&=", "mailto:a@b#f",
	"mailto:?body=%C3", "mailto:a..b@c", "mailto:" + strings.Repeat("a@b,", 10),
	"mailto:?" + strings.Repeat("to=a@b&", 10), "mailto:%22" + strings.Repeat("%5C", 9) + "%22@x",
	// What the lenient parser tolerates.
	"mailto:a@b?subject=Hello World&body=a b", "mailto:?cc=Bob <bob@x>,c@d", "mailto:a@b,,c@d,",
	"mailto:a@b?body=100%&body=%zz%E9", "mailto:a@b?subject&&x=1?", "mailto:a@b#frag?x", "mailto:é@x\xff",
	"mailto:?" + strings.Repeat("subject=x&", 10), "mailto:" + strings.Repeat("%", 12), "mailto:?" + strings.Repeat("&", 12),
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
		checkLenient(t, s, m, err)
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

// checkLenient checks ParseLenient(s) against Parse's result m, err: the
// same message and no findings when Parse succeeds; else a finding of
// the strict error's code and component (or the same error, for a text
// without the scheme); findings collapsed; and a message that Build
// writes as a URL whose only problems are the lenient message's own
// (addresses that are not addr-specs, text that is not UTF-8, a second
// subject or body kept among the headers).
func checkLenient(t *testing.T, s string, m Message, err error) {
	t.Helper()
	lm, fs, lerr := ParseLenient(s)
	var e *Error
	errors.As(err, &e)
	switch {
	case err == nil:
		if lerr != nil || len(fs) > 0 || !reflect.DeepEqual(lm, m) {
			t.Fatalf("ParseLenient(%q) = %#v, %v, %v; Parse gives %#v", s, lm, fs, lerr, m)
		}
		return
	case e.Code == ErrScheme:
		if lerr == nil {
			t.Fatalf("ParseLenient(%q) accepts what has no scheme", s)
		}
		return
	case lerr != nil:
		t.Fatalf("ParseLenient(%q): %v", s, lerr)
	}
	found := false
	for i, f := range fs {
		found = found || f.Code == e.Code && f.Component == e.Component
		for _, g := range fs[:i] {
			if g.Code == f.Code && g.Component == f.Component {
				t.Fatalf("ParseLenient(%q): %s@%s twice in %v", s, f.Code, f.Component, fs)
			}
		}
		if f.Offset < 0 || f.Offset > len(s) || f.Count == 1 ||
			f.Count > 1 && (len(f.Offsets) != min(f.Count, collapse.MaxOffsets) || f.Offsets[0] != f.Offset) ||
			f.Count == 0 && f.Offsets != nil {
			t.Fatalf("ParseLenient(%q): bad finding %#v", s, f)
		}
	}
	if !found {
		t.Fatalf("ParseLenient(%q): no %s@%s among %v", s, e.Code, e.Component, fs)
	}
	if _, err := Parse(Build(lm)); err != nil && !errors.Is(err, ErrInvalidAddress) && !errors.Is(err, ErrInvalidUTF8) && !errors.Is(err, ErrDuplicate) {
		t.Fatalf("Build(ParseLenient(%q)) = %q: %v", s, Build(lm), err)
	}
}
