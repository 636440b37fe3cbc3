package report

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/urikit/urikit/percent"
	"github.com/urikit/urikit/uri"
	"github.com/urikit/urikit/whatwg"
)

// TestLevelNames: every name is accepted by Level, the steps together
// make the full ladder, and an unknown name's error lists them.
func TestLevelNames(t *testing.T) {
	names := LevelNames()
	if strings.Join(names[:4], " ") != "syntax scheme full none" {
		t.Errorf("ladders: %q", names[:4])
	}
	var all uri.Level
	for _, name := range StepNames() {
		l, err := Level(name, false, false, false)
		if err != nil || l == 0 || l&(l-1) != 0 {
			t.Errorf("step %q: level %v, %v; want a single step", name, l, err)
		}
		all |= l
	}
	if all != uri.Full {
		t.Errorf("the steps make %v, not the full ladder", all)
	}
	for _, name := range []string{"sort-query", "drop-fragment", "percent-encoding", "dot-segments"} {
		if !strings.Contains(strings.Join(names, " "), name) {
			t.Errorf("LevelNames lacks %q", name)
		}
	}
	_, err := Level("loud", false, false, false)
	if err == nil || !strings.Contains(err.Error(), `"loud"`) || !strings.Contains(err.Error(), "drop-empty-query") {
		t.Errorf("unknown level: %v", err)
	}
}

// TestNormalizeLenientEscapes: escapes are normalized except where
// decoding would complete a malformed escape.
func TestNormalizeLenientEscapes(t *testing.T) {
	for in, want := range map[string]string{
		"%7e%2f%41":    "~%2FA",
		"%4%41":        "%4%41",
		"%%41":         "%%41",
		"%%7e":         "%~",
		"%%34%31":      "%%341",
		"%4%61%62":     "%4%61b",
		"%zz%41":       "%zzA",
		"%4g%41":       "%4gA",
		"%":            "%",
		"a%4":          "a%4",
		"%%%34%31%32":  "%%%3412",
		"%25%34%31":    "%2541",
		"%%25%34%31%7": "%%2541%7",
	} {
		out, _, err := NormalizeLenient.Normalize("http://h/"+in, uri.PercentEncoding, false)
		if got := strings.TrimPrefix(string(out), "http://h/"); got != want || err != nil {
			t.Errorf("%q: got %q, %v; want %q", in, got, err, want)
		}
	}
}

// TestNormalizeLenientEscapesProperty: on random paths of escapes and hex
// digits, the lenient decoding of the output is that of the input (no
// octet changes), and normalizing again changes nothing.
func TestNormalizeLenientEscapesProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"%", "4", "1", "a", "A", "f", "z", "7", "e", "%41", "%61", "%7e", "%34", "%2F", "%25", "/", "~"}
	lenient := percent.Decoder{Lenient: true}
	for range 20000 {
		var b strings.Builder
		b.WriteString("/")
		for n := rng.IntN(10); n >= 0; n-- {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		in := b.String()
		o, _, _ := NormalizeLenient.Normalize(in, uri.PercentEncoding, false)
		out := string(o)
		want, _ := lenient.DecodeBytes(in)
		got, _ := lenient.DecodeBytes(out)
		if string(got) != string(want) {
			t.Fatalf("%q -> %q: decodes to %q, not %q", in, out, got, want)
		}
		if again, _, _ := NormalizeLenient.Normalize(out, uri.PercentEncoding, false); string(again) != out {
			t.Fatalf("%q -> %q -> %q: not idempotent", in, out, again)
		}
	}
}

func TestNormalizeModes(t *testing.T) {
	for _, c := range []struct {
		in   string
		m    NormalizeMode
		want string
	}{
		{"HTTP://A:80/%7e/./b", NormalizeStrict, `{"input":"HTTP://A:80/%7e/./b","output":"http://a/~/b"}`},
		{"http://a/b c", NormalizeStrict, `{"input":"http://a/b c","error":{"offset":10,"component":"path","code":"invalid-char","message":"character not allowed here"}}`},
		{"HTTP://A:80/%7e/./b c%4%41", NormalizeLenient,
			`{"input":"HTTP://A:80/%7e/./b c%4%41","output":"http://a/~/b c%4%41","findings":[{"offset":19,"component":"path","code":"invalid-char","message":"character not allowed here"},{"offset":21,"component":"path","code":"invalid-escape","message":"% not followed by two hex digits"}]}`},
		{"HTTP://A:80/%7e/./b c", NormalizeWHATWG,
			`{"input":"HTTP://A:80/%7e/./b c","output":"http://a/~/b%20c","findings":[{"offset":19,"code":"invalid-URL-unit","message":"a character that URLs do not allow, or a \"%\" not followed by two hex digits: percent-encoded or kept"}]}`},
		{"http://h/a^b\\c", NormalizeWHATWG,
			`{"input":"http://h/a^b\\c","output":"http://h/a%5Eb/c","findings":[{"offset":10,"code":"invalid-URL-unit","message":"a character that URLs do not allow, or a \"%\" not followed by two hex digits: percent-encoded or kept"},{"offset":12,"code":"invalid-reverse-solidus","message":"\"\\\" in a special URL, read as \"/\""}]}`},
		{"a/b", NormalizeWHATWG,
			`{"input":"a/b","error":{"offset":0,"code":"missing-scheme-non-relative-URL","message":"not a URL: no scheme, and no base URL it can be resolved against"}}`},
	} {
		b, err := json.Marshal(NormalizeRecord(c.in, uri.SchemeBased, c.m))
		if err != nil || string(b) != c.want {
			t.Errorf("%q mode %d:\ngot  %s (%v)\nwant %s", c.in, c.m, b, err, c.want)
		}
	}
	// Normalize (the API's) is the strict mode.
	if a, b := Normalize("HTTP://A/", uri.Syntax), NormalizeRecord("HTTP://A/", uri.Syntax, NormalizeStrict); out(a) != out(b) {
		t.Errorf("Normalize %v, NormalizeRecord %v", a, b)
	}
}

// TestNormalizeWHATWGSteps: the steps that make sense on a serialized URL
// are applied, dot segments are not (the parser's own removal stands).
func TestNormalizeWHATWGSteps(t *testing.T) {
	for _, c := range []struct {
		in    string
		level string
		want  string
	}{
		{"foo://EXAMPLE.com/%7e?b=1&a=2#f", "full", "foo://example.com/~?a=2&b=1"},
		{"ssh://h:22/x", "scheme", "ssh://h/x"},
		{"ssh://h:22/x", "syntax", "ssh://h:22/x"},
		{"mailto:Joe@Example.COM", "scheme", "mailto:Joe@example.com"},
		// An opaque path keeps its dot segments, as a browser keeps them.
		{"mailto:a/../b", "full", "mailto:a/../b"},
		{"http://h/a/%2e%2E/b/./c", "syntax", "http://h/b/c"},
		// A malformed escape is not completed by decoding.
		{"http://h/%4%41", "syntax", "http://h/%4%41"},
	} {
		l, err := Level(c.level, false, false, false)
		if err != nil {
			t.Fatal(err)
		}
		out, _, e := NormalizeWHATWG.Normalize(c.in, l, false)
		if e != nil || string(out) != c.want {
			t.Errorf("%q at %s: got %q, %v; want %q", c.in, c.level, out, e, c.want)
			continue
		}
		// The result is a URL in its serialized form.
		if u, err := whatwg.Parse(string(out)); err != nil || u.Href() != string(out) {
			t.Errorf("%q: the result %q reparses as %v, %v", c.in, out, u, err)
		}
	}
}

// TestNormalizeLenientLossless: the lenient percent-encoding step keeps
// every octet the text stands for, and normalizing again changes
// nothing, on random references.
func TestNormalizeLenientLossless(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	// The prefixes keep the guards of recomposition ("./" before a
	// relative path with a colon) out of the way.
	prefixes := []string{"http://h/", "HTTP://A:80/", "//h", "/", "s:"}
	parts := []string{"A", "h", ":", "80", "@", "/", "./", "../", "?", "#", "&", "=", " ", "\"", "é", "\xff",
		"%", "%4", "%41", "%7e", "%2E", "%zz", "[", "]"}
	lenient := percent.Decoder{Lenient: true}
	for range 20000 {
		var b strings.Builder
		b.WriteString(prefixes[rng.IntN(len(prefixes))])
		for n := rng.IntN(12); n >= 0; n-- {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		in := b.String()
		out, _, err := NormalizeLenient.Normalize(in, uri.PercentEncoding, false)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		want, _ := lenient.DecodeBytes(in)
		got, _ := lenient.DecodeBytes(string(out))
		if string(got) != string(want) {
			t.Fatalf("%q -> %q: decodes to %q, not %q", in, out, got, want)
		}
		for _, l := range []uri.Level{uri.Syntax, uri.Full} {
			n1, _, _ := NormalizeLenient.Normalize(in, l, false)
			n2, _, _ := NormalizeLenient.Normalize(string(n1), l, false)
			if string(n2) != string(n1) {
				t.Fatalf("%q -> %q -> %q at %v: not idempotent", in, n1, n2, l)
			}
		}
	}
}

// out returns a record's "output" field.
func out(r Record) string { s, _ := r.Field("output"); return s }
