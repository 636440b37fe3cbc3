package check

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urikit/urikit/idna"
	"github.com/urikit/urikit/whatwg"
)

func TestQuote(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", `""`},
		{"abc", `"abc"`},
		{strings.Repeat("a", 56), `"` + strings.Repeat("a", 56) + `"`},
		{strings.Repeat("a", 57), `"` + strings.Repeat("a", 32) + "…" + strings.Repeat("a", 16) + `" (57 bytes)`},
		// Cuts fall between runes: 16 three-byte runes hold 48 bytes.
		{strings.Repeat("日", 100), `"` + strings.Repeat("日", 10) + "…" + strings.Repeat("日", 6) + `" (300 bytes)`},
		{strings.Repeat("\xff", 100), `"` + strings.Repeat(`\xff`, 32) + "…" + strings.Repeat(`\xff`, 16) + `" (100 bytes)`},
	} {
		if got := quote(c.in); got != c.want {
			t.Errorf("quote(%.20q…) = %s, want %s", c.in, got, c.want)
		}
	}
	for n := range 200 {
		s := strings.Repeat("é\x01a\u200b", n)
		if q := quote(s); len(q) > 4*(quoteHead+quoteTail)+40 || !utf8.ValidString(q) {
			t.Errorf("quote of %d bytes: %d bytes: %s", len(s), len(q), q)
		}
	}
}

func TestClip(t *testing.T) {
	if s := strings.Repeat("a", maxText); clip(s) != s {
		t.Error("clip cut a short text")
	}
	for _, unit := range []string{"a", "é", "日", "😀"} {
		s := strings.Repeat(unit, 2*maxText)
		c := clip(s)
		if len(c) > maxText || !utf8.ValidString(c) || !strings.HasSuffix(c, "…") || !strings.HasPrefix(s, strings.TrimSuffix(c, "…")) {
			t.Errorf("clip(%q×%d) = %d bytes %q", unit, 2*maxText, len(c), c)
		}
	}
}

func TestDecodeLenient(t *testing.T) {
	for in, want := range map[string]string{
		"": "", "abc": "abc", "%41%42": "AB", "%": "%", "%4": "%4", "%zz%41": "%zzA", "a%2fb%2F": "a/b/", "%%41": "%A", "%e2%80%8b": "\u200b",
	} {
		if got := decodeLenient(in); got != want {
			t.Errorf("decodeLenient(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestToUnicode checks toUnicode against idna.DomainToUnicode on the
// hosts the WHATWG parser makes, which is what it is for.
func TestToUnicode(t *testing.T) {
	for _, h := range []string{
		"example.com", "EXAMPLE.com", "аррӏе.com", "bücher.de", "xn--bcher-kva.de", "XN--BCHER-KVA.DE", "пример.рф", "例え.jp", "a.b.c.",
		"xn--a.com", "xn--.com", "xn--abc-.com", "xn--zzzzzzz.com", strings.Repeat("а.", 100) + "com", strings.Repeat("xn--80a.", 50) + "xn--", "xn--ls8h.la",
	} {
		checkToUnicode(t, h)
	}
}

// checkToUnicode compares toUnicode with idna.DomainToUnicode on the
// host the WHATWG parser reads in "http://" + h + "/", if it reads one.
func checkToUnicode(t *testing.T, h string) {
	t.Helper()
	u, err := whatwg.Parse("http://" + h + "/")
	if err != nil || u.Hostname() == "" {
		return
	}
	host := u.Hostname()
	want, err := idna.DomainToUnicode(host)
	got, ok := toUnicode(host)
	// The same text always; valid when idna finds it valid (it also
	// checks what the WHATWG parser did when it made the A-labels).
	if got != want || err == nil && !ok {
		t.Errorf("toUnicode(%q) = %q, %v; idna: %q, %v", host, got, ok, want, err)
	}
}

func FuzzToUnicode(f *testing.F) {
	f.Add("xn--80ak6aa92e.com")
	f.Add("аррӏе.XN--P1AI")
	f.Fuzz(func(t *testing.T, h string) {
		checkToUnicode(t, h)
	})
}

// TestKeyWalker checks that samePath and showPath agree with the keys
// they avoid building.
func TestKeyWalker(t *testing.T) {
	paths := []string{
		"", "/", "/a", "/A", "/%41", "/%7e", "/~", "/%7E", "/a b", "/a%20b", "/%", "/%%", "/%2", "/%zz", "/%2f", "/%2F", "/a\\b",
		"/é", "/%C3%A9", "/%c3%a9", "/\xff", "/%ff", "a", "a:b", "/a?b", "/a#b", "/[x]", "/%5B", "/./a", "/a/../b", "/%2e/a", "/a/%2E%2E",
		"/" + strings.Repeat("a b", 100), "/" + strings.Repeat("%41", 100), "/" + strings.Repeat("\\", 100), "/" + strings.Repeat("%2e%2e/", 30),
	}
	for _, a := range paths {
		for _, b := range paths {
			checkPathKeys(t, a, b)
		}
	}
}

func checkPathKeys(t *testing.T, a, b string) {
	t.Helper()
	var k pathKeys
	if got, want := k.same(a, b), pathKey(a) == pathKey(b); got != want {
		t.Errorf("same(%q, %q) = %v, keys %q %q", a, b, got, pathKey(a), pathKey(b))
	}
	if got, want := k.show(a), showKey(pathKey(a)); got != want {
		t.Errorf("show(%q) = %s, want %s", a, got, want)
	}
}

func FuzzPathKeys(f *testing.F) {
	f.Add("/a%2fb", "/a/b")
	f.Add("/%41%7e", "/A~")
	f.Add("/a b", "/a%20b")
	f.Fuzz(func(t *testing.T, a, b string) {
		checkPathKeys(t, a, b)
	})
}

func TestSegmentsTruncated(t *testing.T) {
	r := URL("http://h/" + strings.Repeat("a/", MaxSegments-1) + "b")
	if len(r.Target.Segments) != MaxSegments || r.Target.SegmentsTruncated || r.Target.Segments[MaxSegments-1] != "b" {
		t.Errorf("%d segments, truncated %v", len(r.Target.Segments), r.Target.SegmentsTruncated)
	}
	r = URL("http://h/" + strings.Repeat("a%2F/", MaxSegments+5))
	if len(r.Target.Segments) != MaxSegments || !r.Target.SegmentsTruncated || r.Target.Segments[0] != "a/" {
		t.Errorf("%d segments, truncated %v", len(r.Target.Segments), r.Target.SegmentsTruncated)
	}
}

// TestLongInputsQuoted checks that messages quote a window of long
// components, with the start, the end and the length.
func TestLongInputsQuoted(t *testing.T) {
	host := strings.Repeat("а.", 5000) + "com"
	r := URL("http://" + host + "/")
	for _, f := range r.Findings {
		if len(f.Message()) > maxText || len(f.Detail) > maxText {
			t.Errorf("%s: %d bytes", f.Code, len(f.Message()))
		}
		if f.Code == IDNConfusable && (f.Count != 5000 || f.Offset != 7 || f.Offsets[1] != 10 || !strings.Contains(f.Message(), `host label "а" imitates "a": "а" U+0430 is not ASCII`)) {
			t.Errorf("%s count %d offsets %v", f, f.Count, f.Offsets)
		}
		if f.Code == IDN && !strings.Contains(f.Message(), "bytes)") {
			t.Errorf("%s", f)
		}
	}
	if !r.Has(IDNConfusable) {
		t.Errorf("no idn-confusable:\n%s", show(r))
	}
	r = URL("http://" + strings.Repeat("u", 1000) + ":" + strings.Repeat("p", 1000) + "@h/")
	for _, f := range r.Findings {
		if f.Code == Credentials && f.Message() != `credentials in the URL: user "`+strings.Repeat("u", 32)+"…"+strings.Repeat("u", 16)+`" (1000 bytes) and a password` {
			t.Errorf("%s", f)
		}
	}
}
