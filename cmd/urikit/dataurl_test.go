package main

import (
	"strings"
	"testing"
)

func TestDataCommand(t *testing.T) {
	// Text output: each body as bytes, then the terminator.
	out, errOut, code := cli(t, "data:,Hello%2C%20World%21\ndata:;base64,/w==\ndata:,a%0Ab\n", "data")
	if out != "Hello, World!\n\xff\na\nb\n" || code != 0 {
		t.Errorf("data: %q, %q, %d", out, errOut, code)
	}
	out, _, _ = cli(t, "", "data", "-0", "data:,a%0Ab", "data:,c")
	if out != "a\nb\x00c\x00" {
		t.Errorf("data -0: %q", out)
	}
	// A failing record: the message, the caret, an empty output record.
	out, errOut, code = cli(t, "", "data", "data:;base64,ab*", "data:,x")
	if out != "\nx\n" || code != 1 || !strings.Contains(errOut, "record 1: offset 15: not a base64 symbol") {
		t.Errorf("failing record: %q, %q, %d", out, errOut, code)
	}
	// --json.
	out, _, code = cli(t, "", "data", "--json", "data:image/png;Q=1,%89P")
	want := `{"input":"data:image/png;Q=1,%89P","mime_type":"image/png;q=1","type":"image","subtype":"png","parameters":[["q","1"]],"base64":false,"size":2,"body_hex":"8950"}` + "\n"
	if out != want || code != 0 {
		t.Errorf("data --json: %q, %d\nwant %q", out, code, want)
	}
	out, _, _ = cli(t, "", "data", "--json", "--body-base64", "data:,%89P")
	if !strings.HasSuffix(out, `"size":2,"body_base64":"iVA="}`+"\n") {
		t.Errorf("data --json --body-base64: %q", out)
	}
	// --raw: exactly the body.
	out, _, code = cli(t, "", "data", "--raw", "data:;base64,iVBORw0KGgo=")
	if out != "\x89PNG\r\n\x1a\n" || code != 0 {
		t.Errorf("data --raw: %q, %d", out, code)
	}
	out, errOut, code = cli(t, "", "data", "--raw", "data:;base64,i*")
	if out != "" || code != 1 || !strings.Contains(errOut, "offset 14") {
		t.Errorf("data --raw of a failing URL: %q, %q, %d", out, errOut, code)
	}
	for _, args := range [][]string{
		{"data", "--body-base64", "data:,a"},
		{"data", "--raw"},
		{"data", "--raw", "data:,a", "data:,b"},
		{"data", "--raw", "--json", "data:,a"},
		{"data", "--raw", "-f", "-"},
	} {
		if _, _, code := cli(t, "", args...); code != 2 {
			t.Errorf("%q: status %d, want 2 (usage)", args, code)
		}
	}
}
