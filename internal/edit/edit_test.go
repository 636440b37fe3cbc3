package edit

import (
	"errors"
	"slices"
	"strings"
	"testing"

	trk "github.com/urikit/urikit/tracking"
	"github.com/urikit/urikit/whatwg"
)

func TestGuessScheme(t *testing.T) {
	for in, want := range map[string]string{
		"example.com/x":       "http://example.com/x",
		"example.com":         "http://example.com",
		"localhost:8080/a":    "http://localhost:8080/a",
		"ftp.example.org/f":   "ftp://ftp.example.org/f",
		"FTP.example.org":     "ftp://FTP.example.org",
		"imap.example.org":    "imap://imap.example.org",
		"ftpx.example.org":    "http://ftpx.example.org",
		"user@host.example/p": "http://user@host.example/p",
		"https://a/":          "https://a/",
		"mailto:a@b":          "mailto:a@b",
		"urn:isbn:1":          "urn:isbn:1",
		"a:1":                 "http://a:1",
		"a.b:c":               "http://a.b:c",
		"":                    "http://",
	} {
		if got := GuessScheme(in); got != want {
			t.Errorf("GuessScheme(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestEditorZero(t *testing.T) {
	var e Editor // the zero Editor edits nothing
	res, findings, err := e.Edit("HTTP://A/b")
	if err != nil || len(findings) != 0 || len(res) != 1 || res[0].Text != "http://a/b" || res[0].URL.Href() != "http://a/b" {
		t.Errorf("zero Editor: %+v %v %v", res, findings, err)
	}
	if _, _, err := e.Edit("a b"); !errors.Is(err, ErrInvalidURL) {
		t.Errorf("zero Editor on a non-URL: %v", err)
	}
}

func TestFindings(t *testing.T) {
	// A finding for each operation that matched nothing, once each
	// however often (with Iterate too): the list does not grow with the
	// record.
	ed, err := New(Options{Delete: []string{"query=x", "query=a", "query=z"}, Keep: []string{"query=y*"}, Replace: []string{"query=y=1"}, Iterate: []string{"port=1 2 3"}})
	if err != nil {
		t.Fatal(err)
	}
	_, findings, err := ed.Edit("http://h/?a&b&c")
	want := []Finding{
		{Offset: -1, Code: ErrDeleteNoMatch, Option: "Delete", Op: "query=x", Component: "query"},
		{Offset: -1, Code: ErrDeleteNoMatch, Option: "Delete", Op: "query=z", Component: "query"},
		{Offset: -1, Code: ErrKeepNoMatch, Option: "Keep", Op: "query=y*", Component: "query"},
		{Offset: -1, Code: ErrReplaceNoMatch, Option: "Replace", Op: "query=y=1", Component: "query"},
	}
	if err != nil || !slices.Equal(findings, want) {
		t.Fatalf("findings %+v, %v;\nwant %+v", findings, err, want)
	}
	if s := findings[0].String(); s != "Delete query=x: matched no query pair" {
		t.Errorf("String: %q", s)
	}
}

func TestErrors(t *testing.T) {
	for _, c := range []struct {
		o      Options
		code   Code
		offset int
		text   string
	}{
		{Options{HostToASCII: true, HostToUnicode: true}, ErrConflictingOptions, -1, "edit: give one of HostToASCII and HostToUnicode"},
		{Options{AddDefaultPort: true}, ErrNeedsRFC3986, -1, "edit: AddDefaultPort needs RFC3986: a WHATWG URL never shows its scheme's default port"},
		{Options{Set: []string{"bogus=1"}}, ErrUnknownComponent, 0, `edit: offset 0 (Set): "bogus=1": unknown component "bogus" (want one of `},
		{Options{Set: []string{"port:1"}}, ErrMalformedOperation, 5, `edit: offset 5 (Set): "port:1": want COMP=VALUE`},
		{Options{Iterate: []string{"port= "}}, ErrNoValues, 6, `edit: offset 6 (Iterate): "port= ": no values`},
		{Options{Set: []string{"port=1"}, ClearPort: true}, ErrEditedTwice, -1, `edit: Set "port=1" and ClearPort both edit the port: give one`},
		{Options{Resolve: "http://[::1"}, ErrInvalidReference, -1, `edit: Resolve: "http://[::1": the reference to resolve is not a URL reference: `},
	} {
		_, err := New(c.o)
		var e *Error
		if !errors.Is(err, c.code) || !errors.As(err, &e) || e.Offset != c.offset || !strings.HasPrefix(err.Error(), c.text) {
			t.Errorf("New(%+v) = %v, want %s at %d: %q", c.o, err, c.code, c.offset, c.text)
		}
	}
	ed, _ := New(Options{Set: []string{"port=x"}})
	_, _, err := ed.Edit("http://h/")
	var we *whatwg.Error
	var e *Error
	if !errors.Is(err, ErrRefused) || !errors.As(err, &we) || !errors.As(err, &e) || e.Component != "port" || e.Offset != -1 {
		t.Errorf("refused: %v", err)
	}
	if got := e.Text(func(o string) string { return "<" + o + ">" }); !strings.HasPrefix(got, "<Set> port=x: ") {
		t.Errorf("Text: %q", got)
	}
	_, _, err = ed.Edit("x http://h/")
	var pe *whatwg.Error
	if !errors.Is(err, ErrInvalidURL) || !errors.As(err, &pe) || !errors.As(err, &e) || e.Offset != 0 || e.Input != "x http://h/" {
		t.Errorf("not a URL: %v", err)
	}
	// The offset of a guessed input is in the record.
	ed, _ = New(Options{GuessScheme: true})
	if _, _, err = ed.Edit("h:1x/"); !errors.As(err, &e) || e.Offset != 3 {
		t.Errorf("guessed: %v (%+v)", err, e)
	}
}

// TestTrackingRules: DeleteTracking applies the built-in tracking rules
// (site rules included), or the rules of TrackingRules.
func TestTrackingRules(t *testing.T) {
	in := "https://www.youtube.com/watch?v=1&si=abc&UTM_Source=x&keep=1"
	for _, c := range []struct {
		rules string
		rfc   bool
		want  string
	}{
		{"", false, "https://www.youtube.com/watch?v=1&keep=1"},
		{"", true, "https://www.youtube.com/watch?v=1&keep=1"},
		{`{"providers": {"p": {"urlPattern": "youtube", "rules": ["keep"]}}}`, false, "https://www.youtube.com/watch?v=1&si=abc&UTM_Source=x"},
		{`{"providers": {"p": {"urlPattern": "^https://example", "rules": ["keep"]}}}`, true, in},
	} {
		o := Options{DeleteTracking: true, RFC3986: c.rfc}
		if c.rules != "" {
			r := trk.MustNew([]byte(c.rules))
			o.TrackingRules = &r
		}
		e, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		res, _, err := e.Edit(in)
		if err != nil || len(res) != 1 || res[0].Text != c.want {
			t.Errorf("%s rfc=%v: %+v, %v; want %s", c.rules, c.rfc, res, err, c.want)
		}
	}
}
