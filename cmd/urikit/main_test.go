package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// cli runs the CLI in-process and returns stdout, stderr and the status.
func cli(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), code
}

// jsonLines decodes out as n lines of JSON objects.
func jsonLines(t *testing.T, out string, n int) []map[string]any {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != n {
		t.Fatalf("got %d lines, want %d: %q", len(lines), n, out)
	}
	recs := make([]map[string]any, n)
	for i, l := range lines {
		if err := json.Unmarshal([]byte(l), &recs[i]); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
	}
	return recs
}

func TestEncodeCommand(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"encode", "a b/你"}, "a%20b%2F%E4%BD%A0\n"},
		{[]string{"encode", "--set", "path-segment", "file?.txt", "a/b"}, "file%3F.txt\na%2Fb\n"},
		{[]string{"encode", "--set", "path", "a b/c"}, "a%20b/c\n"},
		{[]string{"encode", "--set", "query-value", "Tom&Jerry"}, "Tom%26Jerry\n"},
		{[]string{"encode", "--set", "form", "a b+c"}, "a+b%2Bc\n"},
		{[]string{"encode", "--plus", "a b"}, "a+b\n"},
		{[]string{"encode", "100%"}, "100%25\n"},
		{[]string{"encode", "--keep-escapes", "100%25 x"}, "100%25%20x\n"},
		{[]string{"encode", "--set", "js-uri", "a b?c=d#e"}, "a%20b?c=d#e\n"},
		{[]string{"encode", "--set", "whatwg-path", "a b^%"}, "a%20b%5E%\n"},
	} {
		out, errOut, code := cli(t, "", c.args...)
		if out != c.want || code != 0 || errOut != "" {
			t.Errorf("%v: got %q, %q, %d; want %q", c.args, out, errOut, code, c.want)
		}
	}
}

func TestRecordsFromStdin(t *testing.T) {
	// Lines end at \n, a \r before it goes, bytes need not be UTF-8, and a
	// last line without \n still counts.
	out, _, code := cli(t, "a b\r\n\xff\nlast", "encode")
	if want := "a%20b\n%FF\nlast\n"; out != want || code != 0 {
		t.Errorf("got %q (%d), want %q", out, code, want)
	}
	out, _, _ = cli(t, "\n\n", "encode")
	if out != "\n\n" {
		t.Errorf("empty lines: got %q", out)
	}
}

func TestDecodeCommandErrors(t *testing.T) {
	out, errOut, code := cli(t, "abc%4\ncaf%C3%A9\n%C3\n", "decode")
	if out != "\ncafé\n\n" || code != 1 {
		t.Errorf("got %q, %d", out, code)
	}
	for _, want := range []string{"urikit: record 1: offset 3: ", "urikit: record 3: offset 0: "} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr %q lacks %q", errOut, want)
		}
	}
	if strings.Contains(out, "\uFFFD") {
		t.Error("decode substituted U+FFFD")
	}
}

func TestDecodeJSON(t *testing.T) {
	out, _, code := cli(t, "", "decode", "--json", "a%2Fb", "%zz", "%FF")
	if code != 1 {
		t.Errorf("exit status %d, want 1", code)
	}
	recs := jsonLines(t, out, 3)
	if recs[0]["output"] != "a/b" || recs[0]["input"] != "a%2Fb" {
		t.Errorf("record 1 = %v", recs[0])
	}
	e, _ := recs[1]["error"].(map[string]any)
	if e["offset"] != 0.0 || e["code"] != "invalid-escape" || e["message"] == "" {
		t.Errorf("record 2 = %v", recs[1])
	}
	if e, _ := recs[2]["error"].(map[string]any); e["code"] != "invalid-utf8" {
		t.Errorf("record 3 = %v", recs[2])
	}
	// Lenient: well-formed escapes are decoded, whatever octet they give;
	// raw bytes come back as output_hex, findings are listed.
	out, _, code = cli(t, "", "decode", "--lenient", "--json", "%FF%41")
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil || code != 0 {
		t.Fatalf("%q: %v (%d)", out, err, code)
	}
	if m["output_hex"] != "ff41" || m["findings"] == nil {
		t.Errorf("lenient record = %v", m)
	}
	out, _, _ = cli(t, "", "decode", "--json", "--lenient", "\xff")
	if !strings.Contains(out, `"input_hex":"ff"`) || !strings.Contains(out, `"output_hex":"ff"`) {
		t.Errorf("non-UTF-8 record = %s", out)
	}
}

func TestDecodeOptions(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"decode", "--plus", "a+b%2B"}, "a b+\n"},
		{[]string{"decode", "a+b"}, "a+b\n"},
		{[]string{"decode", "--legacy-u", "%u4F60%uD83D%uDE00"}, "你😀\n"},
		{[]string{"decode", "--lenient", "%zz%41"}, "%zzA\n"},
		{[]string{"decode", "/path%2Fto%2Ffile"}, "/path/to/file\n"},
	} {
		out, errOut, code := cli(t, "", c.args...)
		if out != c.want || code != 0 {
			t.Errorf("%v: got %q, %q, %d; want %q", c.args, out, errOut, code, c.want)
		}
	}
	if _, errOut, code := cli(t, "", "decode", "%u4F60"); code != 1 || !strings.Contains(errOut, "%uXXXX") {
		t.Errorf("legacy escape without --legacy-u: %q, %d", errOut, code)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{{"encode", "--set", "nope", "x"}, {"encode", "--bogus"}, {"nosuchcommand"}} {
		if _, errOut, code := cli(t, "", args...); code != 2 || errOut == "" {
			t.Errorf("%v: status %d, stderr %q; want 2 and a message", args, code, errOut)
		}
	}
	if out, _, code := cli(t, "", "--help"); code != 0 || !strings.Contains(out, "encode") {
		t.Errorf("--help: %d %q", code, out)
	}
	if out, _, code := cli(t, "", "completion", "bash"); code != 0 || !strings.Contains(out, "bash completion") {
		t.Errorf("completion bash: %d", code)
	}
}
