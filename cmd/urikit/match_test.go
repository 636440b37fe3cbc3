package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMatchPlain(t *testing.T) {
	out, errOut, code := cli(t, "https://SHOP.example.com:443/books/42\nhttps://shop.example.com/books/x\n",
		"match", `https://*.example.com/books/:id(\d+)`)
	want := "https://*.example.com/books/:id(\\d+)\thostname.0=shop pathname.id=42\n-\n"
	if code != 0 || out != want {
		t.Errorf("got %d %q (stderr %q), want %q", code, out, errOut, want)
	}
}

func TestMatchFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "routes.txt")
	routes := "# routes\nhttps://example.com/docs/:page\n\nhttps://*.example.com/*\nhttp{s}?://example.com/*\n"
	if err := os.WriteFile(file, []byte(routes), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := cli(t, "https://example.com/docs/intro\nhttps://a.example.com/x\nhttp://example.com/y\nftp://example.com/\n",
		"match", "--patterns", file, "--json")
	lines := jsonLines(t, out, 4)
	want := []any{"https://example.com/docs/:page", "https://*.example.com/*", "http{s}?://example.com/*", nil}
	for i, l := range lines {
		if l["pattern"] != want[i] {
			t.Errorf("line %d: pattern %v, want %v", i, l["pattern"], want[i])
		}
	}
	if code != 0 {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

func TestMatchUsage(t *testing.T) {
	empty := filepath.Join(t.TempDir(), "empty.txt")
	if err := os.WriteFile(empty, []byte("# no pattern\n\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"match"},
		{"match", "/relative"},
		{"match", "https://h/(a(?=b))"},
		{"match", "--patterns", "/nonexistent/routes.txt"},
		{"match", "--patterns", empty},
		{"match", "/x", "--base", "not a URL"},
	} {
		_, errOut, code := cli(t, "https://h/\n", args...)
		if code == 0 || !strings.Contains(errOut, "urikit:") {
			t.Errorf("%q: exit %d, stderr %q", args, code, errOut)
		}
	}
	_, errOut, _ := cli(t, "", "match", "https://h/(a(?=b))")
	if !strings.Contains(errOut, `unsupported regexp`) || !strings.Contains(errOut, `lookahead`) {
		t.Errorf("the error does not name the construct: %q", errOut)
	}
}

// TestMatchArgs checks that the first argument is the PATTERN and the
// others URLs, and that with --patterns every argument is a URL.
func TestMatchArgs(t *testing.T) {
	out, errOut, code := cli(t, "", "match", "https://h/:n(\\d+)", "https://h/1", "https://h/x", "https://H:443/22")
	want := "https://h/:n(\\d+)\tpathname.n=1\n-\nhttps://h/:n(\\d+)\tpathname.n=22\n"
	if code != 0 || out != want {
		t.Errorf("arguments: got %d %q (stderr %q), want %q", code, out, errOut, want)
	}
	out, errOut, code = cli(t, "", "match", "/books/:id", "--base", "https://example.com", "--json", "https://example.com/books/7", "/books/8?x")
	want = `{"input":"https://example.com/books/7","matched":true,"pattern":"/books/:id","groups":{"pathname":{"id":"7"}}}` + "\n" +
		`{"input":"/books/8?x","matched":true,"pattern":"/books/:id","groups":{"pathname":{"id":"8"}}}` + "\n"
	if code != 0 || out != want {
		t.Errorf("--base: got %d %q (stderr %q), want %q", code, out, errOut, want)
	}
	file := filepath.Join(t.TempDir(), "routes.txt")
	if err := os.WriteFile(file, []byte("https://a.test/*\nhttps://b.test/:x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// With --patterns the first argument is a URL, not a pattern.
	out, errOut, code = cli(t, "", "match", "--patterns", file, "https://b.test/q", "https://c.test/", "https://A.test/z")
	want = "https://b.test/:x\tpathname.x=q\n-\nhttps://a.test/*\tpathname.0=z\n"
	if code != 0 || out != want {
		t.Errorf("--patterns: got %d %q (stderr %q), want %q", code, out, errOut, want)
	}
	// The records of standard input when only the PATTERN is given.
	out, _, code = cli(t, "https://h/5\n", "match", "https://h/:n")
	if code != 0 || out != "https://h/:n\tpathname.n=5\n" {
		t.Errorf("stdin: got %d %q", code, out)
	}
}
