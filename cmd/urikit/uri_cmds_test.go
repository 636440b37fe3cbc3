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
	want := `{"input":"http://u@[::1]:8080/a%2Fb?q#f","scheme":"http","userinfo":"u","host":"[::1]","host_type":"ipv6","port":"8080","path":"/a%2Fb","query":"q","fragment":"f"}
{"input":"a:","scheme":"a","userinfo":null,"host":null,"host_type":null,"port":null,"path":"","query":null,"fragment":null}
{"input":"/a b","error":{"offset":2,"component":"path","code":"invalid-char","message":"character not allowed here"}}
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

// Nothing is written as U+FFFD: text that is not UTF-8 goes in hex.
func TestParseJSONNotUTF8(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"parse", "--json"}, `{"input_hex":"687474703a2f2f612fff","error":{"offset":9,"component":"path","code":"invalid-utf8","message":"raw bytes are not valid UTF-8"}}` + "\n"},
		{[]string{"parse", "--lenient", "--json"}, `{"input_hex":"687474703a2f2f612fff","scheme":"http","userinfo":null,"host":"a","host_type":"reg-name","port":null,"path_hex":"2fff","query":null,"fragment":null,` +
			`"findings":[{"offset":9,"component":"path","code":"invalid-utf8","message":"raw bytes are not valid UTF-8"}]}` + "\n"},
		{[]string{"parse", "--whatwg", "--json"}, `{"input_hex":"687474703a2f2f612fff","href":"http://a/%FF","protocol":"http:","username":"","password":"","host":"a","hostname":"a","port":"","pathname":"/%FF","search":"","hash":"","origin":"http://a",` +
			`"findings":[{"offset":9,"code":"invalid-URL-unit","message":"a character that URLs do not allow, or a \"%\" not followed by two hex digits: percent-encoded or kept"}]}` + "\n"},
	} {
		out, _, _ := cli(t, "http://a/\xff\n", c.args...)
		if out != c.want {
			t.Errorf("%v:\n got %s\nwant %s", c.args, out, c.want)
		}
	}
}

// Plain parse writes one line per record: the input, then name=value per
// component and the findings, tab-separated.
func TestParseOneLine(t *testing.T) {
	out, errOut, code := cli(t, "http://u@[::1]:8080/a%2Fb?q#f\na:\n?\n/a b\n", "parse")
	want := "http://u@[::1]:8080/a%2Fb?q#f\tscheme=http\tuserinfo=u\thost=[::1]\thost_type=ipv6\tport=8080\tpath=/a%2Fb\tquery=q\tfragment=f\n" +
		"a:\tscheme=a\tpath=\n" +
		"?\tpath=\tquery=\n" +
		"\n"
	if out != want || code != 1 || !strings.Contains(errOut, "urikit: record 4: offset 2: character not allowed here") {
		t.Errorf("got %q, %d, %q\nwant %q", out, code, errOut, want)
	}
	out, _, _ = cli(t, "", "parse", "--lenient", "http://h/%zz%zz a\tb", `"q"`)
	want = "\"http://h/%zz%zz a\\tb\"\tscheme=http\thost=h\thost_type=reg-name\tpath=\"/%zz%zz a\\tb\"" +
		"\tfindings: invalid-escape @9 (path): % not followed by two hex digits (2 times); invalid-char @15 (path): character not allowed here (2 times)\n" +
		"\"\\\"q\\\"\"\tpath=\"\\\"q\\\"\"\tfindings: invalid-char @0 (path): character not allowed here (2 times)\n"
	if out != want {
		t.Errorf("lenient:\n got %q\nwant %q", out, want)
	}
	out, _, _ = cli(t, "", "parse", "--whatwg", "HTTP://A:80/b/../c\\d")
	want = "HTTP://A:80/b/../c\\d\thref=http://a/c/d\tprotocol=http:\thost=a\thostname=a\tpathname=/c/d\torigin=http://a" +
		"\tfindings: invalid-reverse-solidus @18: \"\\\" in a special URL, read as \"/\"\n"
	if out != want {
		t.Errorf("whatwg:\n got %q\nwant %q", out, want)
	}
	// Every record is one line, whatever it holds.
	in := "http://a/\xff\n\x01\n" + strings.Repeat("%zz", 100) + "\n"
	for _, args := range [][]string{{"parse", "--lenient"}, {"parse", "--whatwg"}, {"parse"}} {
		out, _, _ := cli(t, in, args...)
		if strings.Count(out, "\n") != 3 {
			t.Errorf("%v: %q", args, out)
		}
	}
}

func TestParseLongAndCaret(t *testing.T) {
	out, errOut, code := cli(t, "", "parse", "http://ex ample.com/")
	if code != 1 || out != "\n" {
		t.Errorf("got %q, %d", out, code)
	}
	if !strings.Contains(errOut, "offset 9") || !strings.Contains(errOut, "\n  http://ex ample.com/\n           ^\n") {
		t.Errorf("stderr = %q", errOut)
	}
	// Repeats are one finding with its count.
	out, _, _ = cli(t, "", "parse", "--long", "--lenient", "http://h/%zz%zz a b")
	want := `http://h/%zz%zz a b
scheme:    "http"
userinfo:  (absent)
host:      "h"
host_type: "reg-name"
port:      (absent)
path:      "/%zz%zz a b"
query:     (absent)
fragment:  (absent)
finding:   offset 9: path: % not followed by two hex digits (invalid-escape) (2 times)
finding:   offset 15: path: character not allowed here (invalid-char) (2 times)
`
	if out != want {
		t.Errorf("--long:\n got %s\nwant %s", out, want)
	}
	out, _, _ = cli(t, "", "parse", "--long", "--whatwg", "https://u@h/")
	if !strings.HasPrefix(out, "https://u@h/\nhref:      \"https://u@h/\"\nprotocol:  \"https:\"\n") ||
		!strings.HasSuffix(out, "\norigin:    \"https://h\"\nfinding:   offset 9: the URL has a user name or a password (invalid-credentials)\n") {
		t.Errorf("--long --whatwg: %q", out)
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
	if ok["href"] != "https://example.com/x?y#z" || ok["origin"] != "https://example.com" {
		t.Errorf("record 1 = %v", ok)
	}
	if e, _ := bad["error"].(map[string]any); e == nil || e["code"] != "IPv6-unclosed" || e["message"] == "" || len(bad) != 2 {
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
	// equal is a record subcommand: each record against --other.
	out, errOut, code := cli(t, "HTTP://A:80/\nhttp://b/\na b\n", "equal", "--other", "http://a/")
	if out != "equal\nnot equal\n\n" || code != 1 || !strings.Contains(errOut, "record 3: offset 1") {
		t.Errorf("equal --other: %q %d %q", out, code, errOut)
	}
	if out, _, code := cli(t, "HTTP://A:80/\n", "equal", "--other", "http://a/", "--json"); code != 0 || out != `{"input":"HTTP://A:80/","normalized":"http://a/","equal":true}`+"\n" {
		t.Errorf("equal --json: %q %d", out, code)
	}
	for _, args := range [][]string{{"equal", "a"}, {"equal", "a", "b", "c"}, {"equal", "--other", "a b", "x"}, {"equal", "a b", "x"}, {"equal", "x", "a b"}} {
		if _, _, code := cli(t, "", args...); code != exitUsage {
			t.Errorf("%v: status %d", args, code)
		}
	}
}

func TestFormCommands(t *testing.T) {
	out, _, _ := cli(t, "", "form", "decode", "a=1&b=x+y&a=%E4%BD%A0&c&d=%26<>")
	if out != `[["a","1"],["b","x y"],["a","你"],["c",""],["d","&<>"]]`+"\n" {
		t.Errorf("form decode: %q", out)
	}
	out, _, code := cli(t, "", "form", "encode", `[["a","1"],["b","x y"],["c","你&=+"]]`, `not json`)
	if out != "a=1&b=x+y&c=%E4%BD%A0%26%3D%2B\n\n" || code != 1 {
		t.Errorf("form encode: %q, %d", out, code)
	}
	// form decode --json writes a record object; what the standard's
	// parser tolerates is in its findings.
	out, _, _ = cli(t, "", "form", "decode", "--json", "a=1&b=%zz&c=%FF")
	if want := `{"input":"a=1&b=%zz&c=%FF","pairs":[["a","1"],["b","%zz"],["c","` + "\ufffd" + `"]],"pairs_hex":[["61","31"],["62","257a7a"],["63","ff"]],"findings":[` +
		`{"offset":6,"code":"invalid-escape","message":"\"%zz\": % not followed by two hex digits: kept as it is"},` +
		`{"offset":12,"code":"invalid-utf8","message":"\"%FF\": decoded bytes are not valid UTF-8: read as U+FFFD, as the URL Standard says"}]}` + "\n"; out != want {
		t.Errorf("form decode --json:\n got %s\nwant %s", out, want)
	}
	// form encode refuses what JSON would read as U+FFFD.
	for _, in := range []string{"[[\"a\",\"\xff\"]]", `[["a","\ud800"]]`} {
		out, _, code := cli(t, in+"\n", "form", "encode", "--json")
		if code != 1 || !strings.Contains(out, `"code":"invalid-json"`) {
			t.Errorf("form encode %q: %d %s", in, code, out)
		}
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
