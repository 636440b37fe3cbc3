package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestParseJSON(t *testing.T) {
	out, _, code := cli(t, "", "parse", "--json", "http://u@[::1]:8080/a%2Fb?q#f", "a:", "/a b")
	if code != 1 {
		t.Errorf("status %d, want 1 (one invalid record)", code)
	}
	recs := jsonLines(t, out, 3)
	want := map[string]any{"scheme": "http", "userinfo": "u", "host": "[::1]", "host_type": "ipv6",
		"port": "8080", "path": "/a%2Fb", "query": "q", "fragment": "f", "valid": true}
	for k, v := range want {
		if recs[0][k] != v {
			t.Errorf("record 1 %s = %v, want %v", k, recs[0][k], v)
		}
	}
	// Absent components are null, empty ones "".
	if recs[1]["scheme"] != "a" || recs[1]["path"] != "" || recs[1]["host"] != nil || recs[1]["query"] != nil {
		t.Errorf("record 2 = %v", recs[1])
	}
	errs, _ := recs[2]["errors"].([]any)
	if recs[2]["valid"] != false || len(errs) != 1 {
		t.Fatalf("record 3 = %v", recs[2])
	}
	if e := errs[0].(map[string]any); e["offset"] != 2.0 || e["component"] != "path" {
		t.Errorf("record 3 error = %v", e)
	}
}

func TestParseHumanAndCaret(t *testing.T) {
	out, errOut, code := cli(t, "", "parse", "http://ex ample.com/")
	if code != 1 || out != "\n" {
		t.Errorf("got %q, %d", out, code)
	}
	if !strings.Contains(errOut, "offset 9") || !strings.Contains(errOut, "\n  http://ex ample.com/\n           ^\n") {
		t.Errorf("stderr = %q", errOut)
	}
	out, _, _ = cli(t, "", "parse", "--lenient", "http://ex ample.com/")
	if !strings.Contains(out, "finding:") {
		t.Errorf("lenient parse shows no finding: %q", out)
	}
	// Repeats are one finding with its count.
	out, _, _ = cli(t, "", "parse", "--lenient", "http://h/%zz%zz a b")
	if !strings.Contains(out, "finding:  offset 9: path: % not followed by two hex digits (invalid-escape) (2 times)\n") {
		t.Errorf("merged finding without its count: %q", out)
	}
	out, _, _ = cli(t, "", "parse", "--get", "{scheme}://{host}{path}", "https://h.example/p?q")
	if out != "https://h.example/p\n" {
		t.Errorf("--get template: %q", out)
	}
	if _, _, code := cli(t, "", "parse", "--get", "nosuchfield", "x"); code != 2 {
		t.Errorf("unknown --get field: status %d", code)
	}
}

func TestParseWHATWG(t *testing.T) {
	out, _, code := cli(t, "", "parse", "--whatwg", "--json", "--base", "https://example.com/dir/", "../x?y#z", "http://[::1")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 1 || len(lines) != 2 {
		t.Fatalf("got %q, %d", out, code)
	}
	var ok, bad map[string]any
	if json.Unmarshal([]byte(lines[0]), &ok) != nil || json.Unmarshal([]byte(lines[1]), &bad) != nil {
		t.Fatal("bad JSON")
	}
	if ok["href"] != "https://example.com/x?y#z" || ok["origin"] != "https://example.com" || ok["base"] != "https://example.com/dir/" {
		t.Errorf("record 1 = %v", ok)
	}
	if bad["failure"] != true || bad["errors"] == nil {
		t.Errorf("record 2 = %v", bad)
	}
	out, _, _ = cli(t, "http://例え.jp/引き出し\nHTTPS://A.b:443/./c\n", "parse", "--whatwg", "--get", "href")
	if out != "http://xn--r8jz45g.jp/%E5%BC%95%E3%81%8D%E5%87%BA%E3%81%97\nhttps://a.b/c\n" {
		t.Errorf("--get href: %q", out)
	}
}

func TestResolveRelativizeNormalizeEqual(t *testing.T) {
	out, _, code := cli(t, "", "resolve", "--base", "http://a/b/c/d;p?q", "../g", "?y", "#s", "g:h", "../../../g")
	if want := "http://a/b/g\nhttp://a/b/c/d;p?y\nhttp://a/b/c/d;p?q#s\ng:h\nhttp://a/g\n"; out != want || code != 0 {
		t.Errorf("resolve: %q, %d", out, code)
	}
	if _, _, code := cli(t, "", "resolve", "x"); code != 2 {
		t.Errorf("resolve without --base: status %d", code)
	}
	out, _, _ = cli(t, "", "relativize", "--base", "http://a/b/c/d", "http://a/b/e/f")
	if out != "../e/f\n" {
		t.Errorf("relativize: %q", out)
	}
	out, _, _ = cli(t, "", "normalize", "HTTP://Example.COM:80/%7euser/./a/../b", "http://a/path%3fkey")
	if out != "http://example.com/~user/b\nhttp://a/path%3Fkey\n" {
		t.Errorf("normalize: %q", out)
	}
	out, _, _ = cli(t, "", "normalize", "--level", "full", "http://a/?b=2&a=1#f")
	if out != "http://a/?a=1&b=2\n" {
		t.Errorf("normalize full: %q", out)
	}
	if out, _, code := cli(t, "", "equal", "http://example.com/%7Euser", "HTTP://EXAMPLE.com:80/~user"); code != 0 || out != "equal\n" {
		t.Errorf("equal: %q %d", out, code)
	}
	if out, _, code := cli(t, "", "equal", "http://a/path?key", "http://a/path%3Fkey"); code != 1 || out != "not equal\n" {
		t.Errorf("path?key vs path%%3Fkey: %q %d", out, code)
	}
	if _, _, code := cli(t, "", "equal", "--level", "syntax", "http://a:80/", "http://a/"); code != 1 {
		t.Errorf("default port differs at syntax level: %d", code)
	}
}

func TestFormCommands(t *testing.T) {
	out, _, _ := cli(t, "", "form", "decode", "a=1&b=x+y&a=%E4%BD%A0&c")
	if out != `[["a","1"],["b","x y"],["a","你"],["c",""]]`+"\n" {
		t.Errorf("form decode: %q", out)
	}
	out, _, code := cli(t, "", "form", "encode", `[["a","1"],["b","x y"],["c","你&=+"]]`, `not json`)
	if out != "a=1&b=x+y&c=%E4%BD%A0%26%3D%2B\n\n" || code != 1 {
		t.Errorf("form encode: %q, %d", out, code)
	}
}

func TestIRICommand(t *testing.T) {
	out, _, code := cli(t, "", "iri", "--to-uri", "http://例え.jp/引き出し")
	const u = "http://xn--r8jz45g.jp/%E5%BC%95%E3%81%8D%E5%87%BA%E3%81%97"
	if out != u+"\n" || code != 0 {
		t.Errorf("--to-uri: %q, %d", out, code)
	}
	out, _, _ = cli(t, "", "iri", "--to-iri", u, "http://a/%2F%E2%80%AE")
	if out != "http://例え.jp/引き出し\nhttp://a/%2F%E2%80%AE\n" {
		t.Errorf("--to-iri: %q", out)
	}
	if _, _, code := cli(t, "", "iri", "x"); code != 2 {
		t.Errorf("iri without a direction: status %d", code)
	}
}
