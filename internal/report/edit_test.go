package report

import (
	"strconv"
	"testing"

	"github.com/urikit/urikit/uri"
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

func TestEditorZeroAndRecord(t *testing.T) {
	var e Editor // the zero Editor edits nothing
	res, findings, err := e.Edit("HTTP://A/b")
	if err != nil || len(findings) != 0 || len(res) != 1 || res[0].Text != "http://a/b" || res[0].W == nil {
		t.Errorf("zero Editor: %+v %v %v", res, findings, err)
	}
	rec := e.EditRecord("a b")
	if rec.Error == nil || rec.Fields != nil {
		t.Errorf("zero Editor on a non-URL: %+v", rec)
	}
	var ed *Editor
	var cerr error
	// A finding for each operation that matched nothing, once each
	// however often (with --iterate too): the list does not grow with
	// the record; the record joins those of one code.
	ed, cerr = NewEditor(EditOptions{Delete: []string{"query=x", "query=a", "query=z"}, Keep: []string{"query=y*"}, Replace: []string{"query=y=1"}, Iterate: []string{"port=1 2 3"}})
	if cerr != nil {
		t.Fatal(cerr)
	}
	_, findings, err = ed.Edit("http://h/?a&b&c")
	if err != nil || len(findings) != 4 {
		t.Fatalf("findings %+v, %v", findings, err)
	}
	rec = ed.EditRecord("http://h/?a&b&c")
	want := []Error{
		{Component: "query", Code: "replace-no-match", Message: "--replace query=y=1: matched no query pair"},
		{Component: "query", Code: "delete-no-match", Message: "--delete query=x, --delete query=z: matched no query pair"},
		{Component: "query", Code: "keep-no-match", Message: "--keep query=y*: matched no query pair"},
	}
	if len(rec.Findings) != len(want) {
		t.Fatalf("record findings %+v", rec.Findings)
	}
	for i, f := range rec.Findings {
		if f.Code != want[i].Code || f.Component != want[i].Component || f.Message != want[i].Message || f.Count != 0 {
			t.Errorf("finding %d: %+v, want %+v", i, f, want[i])
		}
	}
	if names := EditFieldNames(false); names[0] != "href" || len(names) != len(WHATWGRecordFields()) {
		t.Errorf("EditFieldNames(false) = %v", names)
	}
	if names := EditFieldNames(true); names[0] != "href" || names[1] != "scheme" {
		t.Errorf("EditFieldNames(true) = %v", names)
	}
	if DefaultPort("HTTPS") != "443" || DefaultPort("nope") != "" {
		t.Error("DefaultPort")
	}
	// The port --default-port adds is the one normalization removes.
	for _, scheme := range []string{"http", "ftp", "git", "ldaps", "mqtt", "rtsp", "redis"} {
		if p, ok := uri.DefaultPort(scheme); DefaultPort(scheme) != strconv.Itoa(p) || !ok {
			t.Errorf("DefaultPort(%q) = %q, uri.DefaultPort %d, %v", scheme, DefaultPort(scheme), p, ok)
		}
	}
}
