package main

import (
	"strings"
	"testing"
)

func TestURNCommand(t *testing.T) {
	out, stderr, code := cli(t, "URN:ISBN:9971-5-0210-0\nurn:example:a%2c?+r#f\nurn:a:b\n", "urn")
	// A failed record is an empty line: one line per record.
	if code != 1 || out != "urn:isbn:9971-5-0210-0\nurn:example:a%2C\n\n" {
		t.Errorf("urn: status %d, output %q", code, out)
	}
	if !strings.Contains(stderr, "record 3: offset 4") || !strings.Contains(stderr, "^") {
		t.Errorf("urn: stderr %q", stderr)
	}
	out, _, code = cli(t, "", "urn", "--json", "urn:example:weather?=op=map")
	want := `{"input":"urn:example:weather?=op=map","nid":"example","nss":"weather","r_component":null,"q_component":"op=map","f_component":null,"normalized":"urn:example:weather"}` + "\n"
	if code != 0 || out != want {
		t.Errorf("urn --json: status %d\n got %s\nwant %s", code, out, want)
	}
}

func TestMailtoCommand(t *testing.T) {
	out, stderr, code := cli(t, "", "mailto", "MAILTO:?to=a@example.org&Subject=caf%c3%a9&body=a+b", "mailto:a@b?cc=c@d?body=e")
	if code != 1 || out != "mailto:a@example.org?subject=caf%C3%A9&body=a%2Bb\n\n" {
		t.Errorf("mailto: status %d, output %q", code, out)
	}
	if !strings.Contains(stderr, "record 2: offset 17") {
		t.Errorf("mailto: stderr %q", stderr)
	}
	out, _, code = cli(t, "", "mailto", "--json", "mailto:%22not%40me%22@example.org?x=1&body=hi%0D%0A")
	want := `{"input":"mailto:%22not%40me%22@example.org?x=1&body=hi%0D%0A","to":["\"not@me\"@example.org"],"cc":[],"bcc":[],"subject":"","body":"hi\r\n","headers":[["x","1"]]}` + "\n"
	if code != 0 || out != want {
		t.Errorf("mailto --json: status %d\n got %s\nwant %s", code, out, want)
	}
}

func TestMailtoLenient(t *testing.T) {
	out, _, code := cli(t, "", "mailto", "--lenient", "mailto:a@example.org?subject=Hello World#x", "mailto:a@b?cc=c@d?body=e")
	if code != 0 || out != "mailto:a@example.org?subject=Hello%20World\nmailto:a@b?cc=c@d%3Fbody%3De\n" {
		t.Errorf("mailto --lenient: status %d, output %q", code, out)
	}
	out, _, code = cli(t, "", "mailto", "--lenient", "--json", "mailto:"+strings.Repeat("a b,", 100))
	recs := jsonLines(t, out, 1)
	fs, _ := recs[0]["findings"].([]any)
	if code != 0 || len(fs) != 2 || fs[0].(map[string]any)["count"] != 100.0 || len(recs[0]["to"].([]any)) != 100 {
		t.Errorf("mailto --lenient --json: status %d, %s", code, out)
	}
}
