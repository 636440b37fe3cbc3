package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPatternMatchPlain(t *testing.T) {
	out, errOut, code := cli(t, "https://SHOP.example.com:443/books/42\nhttps://shop.example.com/books/x\n",
		"pattern", "match", "-p", `https://*.example.com/books/:id(\d+)`)
	want := "https://*.example.com/books/:id(\\d+)\thostname.0=shop pathname.id=42\n-\n"
	if code != 0 || out != want {
		t.Errorf("got %d %q (stderr %q), want %q", code, out, errOut, want)
	}
}

func TestPatternMatchFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "routes.txt")
	routes := "# routes\nhttps://example.com/docs/:page\n\nhttps://*.example.com/*\nhttp{s}?://example.com/*\n"
	if err := os.WriteFile(file, []byte(routes), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := cli(t, "https://example.com/docs/intro\nhttps://a.example.com/x\nhttp://example.com/y\nftp://example.com/\n",
		"pattern", "match", "--patterns", file, "--json")
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

func TestPatternMatchUsage(t *testing.T) {
	for _, args := range [][]string{
		{"pattern", "match", "https://h/"},
		{"pattern", "match", "-p", "/relative"},
		{"pattern", "match", "-p", "https://h/(a(?=b))"},
		{"pattern", "match", "--patterns", "/nonexistent/routes.txt"},
		{"pattern", "match", "-p", "/x", "--base", "not a URL"},
	} {
		_, errOut, code := cli(t, "https://h/\n", args...)
		if code == 0 || !strings.Contains(errOut, "urikit:") {
			t.Errorf("%q: exit %d, stderr %q", args, code, errOut)
		}
	}
	_, errOut, _ := cli(t, "", "pattern", "match", "-p", "https://h/(a(?=b))")
	if !strings.Contains(errOut, `unsupported-regexp`) || !strings.Contains(errOut, `lookahead`) {
		t.Errorf("the error does not name the construct: %q", errOut)
	}
}
