package urlbeam

import (
	"encoding/hex"
	"encoding/json"
	"testing"
	"unicode/utf8"

	"github.com/urikit/urikit/check"
	"github.com/urikit/urikit/uri"
)

// FuzzRecord checks what each transform does to one record, without
// Beam: a record is either parsed or a dead letter, never both and never
// neither; strict RFC 3986 agrees with uri.Parse; lenient RFC 3986 never
// fails and keeps the text; normalization is idempotent; the JSON of a
// dead letter or a check report keeps every byte of the input.
func FuzzRecord(f *testing.F) {
	for _, s := range []string{
		"", "http://a/", "HTTP://Example.COM:80/%7euser/./a/../b?z#f", "http://exa mple.com/",
		"https://example.com/%zz", "http://\xff/", "http://a\\b@c/", "http://0x7f.1/",
		"mailto:a@b", "/rel", "http://[::1/", "javascript:alert(1)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		_, perr := uri.Parse(line)
		u, iss, ok := ParseLine(line, ParseOptions{})
		if ok != (perr == nil) {
			t.Fatalf("strict ParseLine ok=%v, uri.Parse error %v", ok, perr)
		}
		if !ok {
			if iss.Code == "" || iss.Offset < 0 || iss.Offset > len(line) {
				t.Fatalf("dead letter issue %+v", iss)
			}
			checkDeadJSON(t, DeadLetter{Input: line, Stage: StageParse, Err: iss})
		}
		lu, _, lok := ParseLine(line, ParseOptions{Lenient: true})
		if !lok || lu.Text != line {
			t.Fatalf("lenient ParseLine: %+v, %v", lu, lok)
		}
		if ok {
			if u.Text != line || len(u.Deviations) != 0 {
				t.Fatalf("strict record %+v", u)
			}
			for _, l := range []uri.Level{uri.Syntax, uri.SchemeBased, uri.Full} {
				n := NormalizeURL(u, l)
				if again := NormalizeURL(n, l); again.Text != n.Text || again.Host != n.Host {
					t.Fatalf("NormalizeURL not idempotent at %v: %q then %q", l, n.Text, again.Text)
				}
				if _, err := uri.Parse(n.Text); err != nil {
					t.Fatalf("normalized %q does not parse: %v", n.Text, err)
				}
			}
		}
		if w, wiss, wok := ParseLine(line, ParseOptions{Parser: WHATWG, Lenient: true}); wok {
			if !utf8.ValidString(w.Text) {
				t.Fatalf("WHATWG href %q is not UTF-8", w.Text)
			}
		} else if wiss.Code == "" {
			t.Fatalf("WHATWG dead letter without a code")
		}
		c, keep := CheckRecord(line, check.None)
		if !keep {
			t.Fatal("CheckRecord with check.None dropped a record")
		}
		b, err := c.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var back struct {
			Input    *string `json:"input"`
			InputHex *string `json:"input_hex"`
		}
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if got := jsonInput(t, back.Input, back.InputHex); got != line {
			t.Fatalf("checked JSON input %q, want %q", got, line)
		}
	})
}

// checkDeadJSON checks that the JSON of d is valid and keeps its input.
func checkDeadJSON(t *testing.T, d DeadLetter) {
	t.Helper()
	b, err := d.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		Input    *string `json:"input"`
		InputHex *string `json:"input_hex"`
		Stage    string  `json:"stage"`
		Error    struct {
			Code string `json:"code"`
		} `json:"error"`
	}
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	if got := jsonInput(t, back.Input, back.InputHex); got != d.Input || back.Stage != d.Stage || back.Error.Code != d.Err.Code {
		t.Fatalf("dead letter JSON %s does not round-trip %+v", b, d)
	}
}

func jsonInput(t *testing.T, text, hexText *string) string {
	t.Helper()
	switch {
	case text != nil && hexText == nil:
		return *text
	case hexText != nil && text == nil:
		b, err := hex.DecodeString(*hexText)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	t.Fatalf("want exactly one of input and input_hex")
	return ""
}
