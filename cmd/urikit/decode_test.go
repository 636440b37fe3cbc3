package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestDecodeLenientOctets: --lenient decodes every well-formed escape to
// its octet, even when the result is not UTF-8 (raw bytes in text output,
// output_hex in JSON), and keeps only malformed escapes as written.
// Before, "caf%E9" stayed "caf%E9".
func TestDecodeLenientOctets(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"decode", "--lenient", "caf%E9"}, "caf\xe9\n"},
		{[]string{"decode", "--lenient", "%FF%41%zz%4"}, "\xffA%zz%4\n"},
		{[]string{"decode", "--lenient", "%C3%A9%C3"}, "é\xc3\n"},
		{[]string{"decode", "--lenient", "--plus", "a+%E9+%u00E9"}, "a \xe9 %u00E9\n"},
		{[]string{"decode", "--lenient", "--legacy-u", "%u00E9%E9"}, "é\xe9\n"},
		// Several records, parallel: same answers.
		{[]string{"decode", "--lenient", "-j", "2", "%E9", "ok", "%zz"}, "\xe9\nok\n%zz\n"},
	} {
		out, errOut, code := cli(t, "", c.args...)
		if out != c.want || code != 0 || errOut != "" {
			t.Errorf("%q: got %q, %q, %d; want %q", c.args, out, errOut, code, c.want)
		}
	}
}

// TestDecodeLenientFindings: the findings of --lenient --json name the
// malformed escapes kept and the invalid UTF-8 of the result, and the
// output that is not UTF-8 is output_hex.
func TestDecodeLenientFindings(t *testing.T) {
	out, _, code := cli(t, "", "decode", "--lenient", "--json", "caf%E9%zz", "%41%4", "%C3%A9")
	if code != 0 {
		t.Errorf("exit status %d, want 0", code)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	want := []string{
		`{"input":"caf%E9%zz","output_hex":"636166e9257a7a","findings":[{"offset":3,"code":"invalid-utf8","message":"\"%E9\": decoded bytes are not valid UTF-8"},{"offset":6,"code":"invalid-escape","message":"\"%zz\": % not followed by two hex digits"}]}`,
		`{"input":"%41%4","output":"A%4","findings":[{"offset":3,"code":"truncated-escape","message":"\"%4\": escape cut off by the end of the input"}]}`,
		`{"input":"%C3%A9","output":"é"}`,
	}
	if len(lines) != len(want) {
		t.Fatalf("got %q", out)
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Errorf("record %d:\ngot  %s\nwant %s", i+1, lines[i], want[i])
		}
	}
	// Repeats are merged: one finding per code, with its count.
	out, _, _ = cli(t, "", "decode", "--lenient", "--json", strings.Repeat("%E9", 20))
	var rec struct {
		OutputHex string `json:"output_hex"`
		Findings  []struct {
			Code    string
			Count   int
			Offsets []int
		}
	}
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.OutputHex != strings.Repeat("e9", 20) || len(rec.Findings) != 1 || rec.Findings[0].Count != 20 || len(rec.Findings[0].Offsets) != 8 {
		t.Errorf("repeated invalid UTF-8: %s", out)
	}
}

// TestDecodeBytes: --bytes decodes strictly to octets: malformed escapes
// still fail, a result that is not UTF-8 does not.
func TestDecodeBytes(t *testing.T) {
	out, errOut, code := cli(t, "", "decode", "--bytes", "caf%E9", "%FF%00%41", "a%2Fb")
	if want := "caf\xe9\n\xff\x00A\na/b\n"; out != want || code != 0 {
		t.Errorf("got %q, %q, %d; want %q", out, errOut, code, want)
	}
	out, errOut, code = cli(t, "", "decode", "--bytes", "ok%E9", "bad%zz", "%4")
	if out != "ok\xe9\n\n\n" || code != exitFailures ||
		!strings.Contains(errOut, "record 2: offset 3: ") || !strings.Contains(errOut, "record 3: offset 0: ") {
		t.Errorf("malformed escapes: got %q, %q, %d", out, errOut, code)
	}
	out, _, _ = cli(t, "", "decode", "--bytes", "--json", "caf%E9", "caf%C3%A9", "%zz")
	want := `{"input":"caf%E9","output_hex":"636166e9"}
{"input":"caf%C3%A9","output":"café"}
{"input":"%zz","error":{"offset":0,"code":"invalid-escape","message":"\"%zz\": % not followed by two hex digits"}}
`
	if out != want {
		t.Errorf("--bytes --json:\ngot  %s\nwant %s", out, want)
	}
	// --bytes with --lenient: no invalid-utf8 finding, since octets were
	// asked for.
	out, _, _ = cli(t, "", "decode", "--bytes", "--lenient", "--json", "%E9%zz")
	if want := `{"input":"%E9%zz","output_hex":"e9257a7a","findings":[{"offset":3,"code":"invalid-escape","message":"\"%zz\": % not followed by two hex digits"}]}` + "\n"; out != want {
		t.Errorf("--bytes --lenient --json:\ngot  %s\nwant %s", out, want)
	}
	// Without --bytes, strict decoding keeps its UTF-8 rule.
	if _, errOut, code := cli(t, "", "decode", "caf%E9"); code != exitFailures || !strings.Contains(errOut, "not valid UTF-8") {
		t.Errorf("strict text decode of caf%%E9: %q, %d", errOut, code)
	}
}

// TestDecodeHelp: the help describes --bytes and the lenient octets.
func TestDecodeHelp(t *testing.T) {
	out, _, _ := cli(t, "", "decode", "--help")
	for _, want := range []string{"--bytes", "--lenient", "output_hex", "percent.DecodeBytes"} {
		if !strings.Contains(out, want) {
			t.Errorf("decode --help lacks %q", want)
		}
	}
}
