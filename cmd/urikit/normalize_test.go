package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/whatwg"
)

// TestNormalizeLenient: --lenient never fails, normalizes what can be,
// keeps what was tolerated and lists it with --json.
func TestNormalizeLenient(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"HTTP://Example.COM:80/a b/./%7e", "http://example.com/a b/~"},
		{`https://"WWW.X.com/p`, `https://"www.x.com/p`},
		{`https://h/hm\%202006/x`, `https://h/hm\%202006/x`},
		{"https://h/p#Swiss Goats", "https://h/p#Swiss Goats"},
		{"http://h/%4%41/%zz%7e", "http://h/%4%41/%zz~"},
		{"http://h/\xff%E9", "http://h/\xff%E9"},
		{"a b", "a b"},
		{"http://h/ok", "http://h/ok"},
	} {
		out, errOut, code := cli(t, "", "normalize", "--lenient", c.in)
		if out != c.want+"\n" || code != 0 || errOut != "" {
			t.Errorf("%q: got %q, %q, %d; want %q", c.in, out, errOut, code, c.want)
		}
	}
	out, _, code := cli(t, "", "normalize", "--lenient", "--json", "HTTP://H/a b c/%zz", "http://h/")
	want := `{"input":"HTTP://H/a b c/%zz","output":"http://h/a b c/%zz","findings":[{"offset":10,"component":"path","code":"invalid-char","message":"character not allowed here","count":2,"offsets":[10,12]},{"offset":15,"component":"path","code":"invalid-escape","message":"% not followed by two hex digits"}]}
{"input":"http://h/","output":"http://h/"}
`
	if out != want || code != 0 {
		t.Errorf("--lenient --json:\ngot  %s\nwant %s", out, want)
	}
	// Strict by default: the same record fails.
	if _, errOut, code := cli(t, "", "normalize", "HTTP://H/a b"); code != exitFailures || !strings.Contains(errOut, "offset 10") {
		t.Errorf("strict: %q, %d", errOut, code)
	}
}

// TestNormalizeWHATWG: --whatwg parses as a browser does, then applies the
// steps; its validation errors are the findings.
func TestNormalizeWHATWG(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"HTTP://Example.COM:80/a b/./%7e"}, "http://example.com/a%20b/~"},
		{[]string{`https://h/hm\%202006/x`}, "https://h/hm/%202006/x"},
		{[]string{"https://h/p#Swiss Goats"}, "https://h/p#Swiss%20Goats"},
		{[]string{"--level", "full", "foo://H.example/%7e?b&a#f"}, "foo://h.example/~?a&b"},
		{[]string{"--level", "syntax", "mailto:a/../B@X"}, "mailto:a/../B@X"},
		{[]string{"ssh://h:22/"}, "ssh://h/"},
	} {
		args := append([]string{"normalize", "--whatwg"}, c.args...)
		out, errOut, code := cli(t, "", args...)
		if out != c.want+"\n" || code != 0 || errOut != "" {
			t.Errorf("%q: got %q, %q, %d; want %q", c.args, out, errOut, code, c.want)
		}
	}
	out, _, code := cli(t, "", "normalize", "--whatwg", "--json", "http://h/a^b^c", "https://", ` http:\\h:x/`, `\\x`)
	want := `{"input":"http://h/a^b^c","output":"http://h/a%5Eb%5Ec","findings":[{"offset":10,"code":"invalid-URL-unit","message":"a character that URLs do not allow, or a \"%\" not followed by two hex digits: percent-encoded or kept","count":2,"offsets":[10,12]}]}
{"input":"https://","error":{"offset":8,"code":"host-missing","message":"not a URL: the special URL has no host"}}
{"input":" http:\\\\h:x/","error":{"offset":10,"code":"port-invalid","message":"not a URL: the port is not a number"},"findings":[{"offset":0,"code":"invalid-URL-unit","message":"a character that URLs do not allow, or a \"%\" not followed by two hex digits: percent-encoded or kept"},{"offset":6,"code":"special-scheme-missing-following-solidus","message":"the scheme of a special URL is not followed by \"//\"","count":3,"offsets":[6,6,7]}]}
{"input":"\\\\x","error":{"offset":0,"code":"missing-scheme-non-relative-URL","message":"not a URL: no scheme, and no base URL it can be resolved against"}}
`
	if out != want || code != exitFailures {
		t.Errorf("--whatwg --json (%d):\ngot  %s\nwant %s", code, out, want)
	}
	if _, errOut, code := cli(t, "", "normalize", "--whatwg", "--lenient", "x"); code != exitUsage || !strings.Contains(errOut, "whatwg") {
		t.Errorf("--whatwg with --lenient: %q, %d; want a usage error", errOut, code)
	}
}

// TestNormalizeHelpListsLevels: the help of normalize and equal names
// every step --level accepts, and each is accepted.
func TestNormalizeHelpListsLevels(t *testing.T) {
	steps := report.StepNames()
	if len(steps) < 11 {
		t.Fatalf("only %d steps: %q", len(steps), steps)
	}
	for _, sub := range []string{"normalize", "equal"} {
		out, _, _ := cli(t, "", sub, "--help")
		help := strings.Join(strings.Fields(out), " ")
		for _, name := range report.LevelNames() {
			if !strings.Contains(help, name) {
				t.Errorf("%s --help does not name %q", sub, name)
			}
		}
	}
	for _, name := range report.LevelNames() {
		if _, errOut, code := cli(t, "", "normalize", "--level", name, "http://a/"); code != 0 {
			t.Errorf("--level %s: %q, %d", name, errOut, code)
		}
	}
	if _, errOut, code := cli(t, "", "normalize", "--level", "loud", "http://a/"); code != exitUsage || !strings.Contains(errOut, "drop-empty-query") {
		t.Errorf("--level loud: %q, %d; want a usage error naming the steps", errOut, code)
	}
}

// datasetFile returns the path of a file of ../shared/datasets, or skips.
func datasetFile(t *testing.T, name string) string {
	t.Helper()
	dir := filepath.Join("..", "..", "..", "shared", "datasets")
	if d := os.Getenv("URIKIT_DATASETS"); d != "" {
		dir = d
	}
	p := filepath.Join(dir, name)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("no %s: %v", name, err)
	}
	return p
}

// normRecord is a normalize --json line.
type normRecord struct {
	Input    string
	Output   string
	Error    *report.Error
	Findings []report.Error
}

// Failed reports whether the record has an error.
func (r normRecord) Failed() bool { return r.Error != nil }

// normalizeJSON runs normalize with args over the file p and returns the
// records.
func normalizeJSON(t *testing.T, p string, args ...string) []normRecord {
	t.Helper()
	var out, errOut bytes.Buffer
	run(append([]string{"normalize", "--json", "--no-progress", "-f", p}, args...), strings.NewReader(""), &out, &errOut)
	var recs []normRecord
	sc := bufio.NewScanner(&out)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r normRecord
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%s: %v", sc.Bytes(), err)
		}
		recs = append(recs, r)
	}
	return recs
}

// TestNormalizeKasztp: the strict normalize fails on 341 lines of
// kasztp.txt (plus the BOM line, before the BOM was skipped): --lenient
// handles every line, --whatwg every line but "https://" (which a browser
// rejects too, and strict accepts); --lenient agrees with strict where
// strict succeeds; and --whatwg's results are URLs in serialized form
// that normalize to themselves.
func TestNormalizeKasztp(t *testing.T) {
	if testing.Short() {
		t.Skip("48,010 records three times through the CLI: run without -short")
	}
	p := datasetFile(t, "kasztp.txt")
	strict := normalizeJSON(t, p)
	lenient := normalizeJSON(t, p, "--lenient")
	browser := normalizeJSON(t, p, "--whatwg")
	if len(strict) != 48010 || len(lenient) != len(strict) || len(browser) != len(strict) {
		t.Fatalf("%d, %d, %d records; want 48010", len(strict), len(lenient), len(browser))
	}
	var failed [3]int
	for i := range strict {
		s, l, w := strict[i], lenient[i], browser[i]
		for k, r := range []normRecord{s, l, w} {
			if r.Failed() {
				failed[k]++
			}
		}
		if l.Failed() {
			t.Errorf("record %d: --lenient failed: %+v", i+1, *l.Error)
		}
		if s.Failed() && w.Failed() {
			t.Errorf("record %d: strict and --whatwg failed: %+v", i+1, *w.Error)
		}
		if w.Failed() && w.Input != "https://" {
			t.Errorf("record %d: --whatwg failed: %+v", i+1, *w.Error)
		}
		if !s.Failed() && s.Output != l.Output {
			t.Errorf("record %d: strict gives %q, --lenient %q", i+1, s.Output, l.Output)
		}
		if s.Failed() && len(l.Findings) == 0 {
			t.Errorf("record %d: --lenient lists no finding for %q", i+1, l.Input)
		}
		if !w.Failed() {
			u, err := whatwg.Parse(w.Output)
			if err != nil || u.Href() != w.Output {
				t.Errorf("record %d: --whatwg gives %q, which parses as %v, %v", i+1, w.Output, u, err)
			}
		}
	}
	t.Logf("failures: strict %d, --lenient %d, --whatwg %d of %d", failed[0], failed[1], failed[2], len(strict))
	if failed[0] != 341 || failed[1] != 0 || failed[2] != 1 {
		t.Errorf("failures: strict %d (want 341), --lenient %d (want 0), --whatwg %d (want 1)", failed[0], failed[1], failed[2])
	}
}
