package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestCheckText(t *testing.T) {
	out, errOut, code := cli(t, "", "check", "https://example.com/a?b=c", "http://0x7f.1/")
	if code != 0 || errOut != "" {
		t.Errorf("status %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("got %q", out)
	}
	if lines[0] != "https://example.com/a?b=c\tok" {
		t.Errorf("line 1: %q", lines[0])
	}
	in, findings, ok := strings.Cut(lines[1], "\t")
	if !ok || in != "http://0x7f.1/" {
		t.Fatalf("line 2: %q", lines[1])
	}
	parts := strings.Split(findings, "; ")
	if len(parts) != 2 || !strings.HasPrefix(parts[0], "danger ipv4-noncanonical @7: ") || !strings.HasPrefix(parts[1], "warn loopback @7: ") {
		t.Errorf("findings %q", parts)
	}
}

func TestCheckQuotesOddInput(t *testing.T) {
	out, _, _ := cli(t, "http://a/\tb\n\ufeffhttps://x/\nhttp://a/\xff\n", "check")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("got %q", out)
	}
	for i, want := range []string{`"http://a/\tb"`, `"\ufeffhttps://x/"`, `"http://a/\xff"`} {
		if !strings.HasPrefix(lines[i], want+"\t") {
			t.Errorf("line %d: %q, want prefix %q", i+1, lines[i], want)
		}
	}
}

func TestCheckFailOn(t *testing.T) {
	for _, c := range []struct {
		args []string
		want int
	}{
		{[]string{"check", "https://example.com/", "http://0x7f.1/"}, 0},
		{[]string{"check", "--fail-on", "warn", "https://example.com/"}, 0},
		{[]string{"check", "--fail-on", "warn", "https://example.com/", "https://u@example.com/"}, 1},
		{[]string{"check", "--fail-on", "danger", "https://u@example.com/"}, 0},
		{[]string{"check", "--fail-on", "danger", "https://u@example.com/", "http://a@b@c/"}, 1},
		{[]string{"check", "--fail-on", "info", "https://example.com:8443/"}, 1},
		{[]string{"check", "--fail-on", "info", "https://example.com/"}, 0},
		{[]string{"check", "--fail-on", "fatal", "https://example.com/"}, 2},
		{[]string{"check", "--fail-on", "none", "https://example.com/"}, 2},
	} {
		out, _, code := cli(t, "", c.args...)
		if code != c.want {
			t.Errorf("%v: status %d, want %d", c.args, code, c.want)
		}
		// Every record is written even when the level is reached early.
		if c.want != 2 {
			if n := strings.Count(out, "\n"); n != len(c.args)-1-2*btoi(c.args[1] == "--fail-on") {
				t.Errorf("%v: %d lines: %q", c.args, n, out)
			}
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestCheckStdin(t *testing.T) {
	out, _, code := cli(t, "https://a.example/\r\nhttp://evil.com%2f@good.com/\n", "check", "--fail-on", "danger")
	if code != 1 {
		t.Errorf("status %d", code)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2 || lines[0] != "https://a.example/\tok" || !strings.Contains(lines[1], "danger deceptive-userinfo @7") {
		t.Errorf("got %q", out)
	}
}

func TestCheckJSON(t *testing.T) {
	out, _, code := cli(t, "", "check", "--json", "--fail-on", "warn", `http:/\evil.com`, "https://example.com/", "http://a/\xff")
	if code != 1 {
		t.Errorf("status %d", code)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("got %q", out)
	}
	type finding struct {
		Code     string `json:"code"`
		Severity string `json:"severity"`
		Offset   *int   `json:"offset"`
		Message  string `json:"message"`
	}
	type view struct {
		OK   bool   `json:"ok"`
		Host string `json:"host"`
		Path string `json:"path"`
	}
	type record struct {
		Input    *string   `json:"input"`
		InputHex *string   `json:"input_hex"`
		Severity string    `json:"severity"`
		Findings []finding `json:"findings"`
		Views    struct {
			RFC3986 view `json:"rfc3986"`
			WHATWG  view `json:"whatwg"`
			NetURL  view `json:"net_url"`
			Target  struct {
				OK   bool   `json:"ok"`
				Host string `json:"host"`
				Port int    `json:"port"`
				Path string `json:"path"`
			} `json:"target"`
		} `json:"views"`
	}
	var recs []record
	for _, l := range lines {
		var rec record
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		recs = append(recs, rec)
	}
	r := recs[0]
	if r.Input == nil || *r.Input != `http:/\evil.com` || r.Severity != "danger" {
		t.Errorf("record 1: %s", lines[0])
	}
	found := false
	for _, f := range r.Findings {
		if f.Offset == nil || f.Message == "" || f.Severity == "" {
			t.Errorf("finding %+v", f)
		}
		if f.Code == "host-mismatch" && f.Severity == "danger" && *f.Offset == 5 {
			found = true
		}
	}
	if !found {
		t.Errorf("no host-mismatch in %s", lines[0])
	}
	if r.Views.WHATWG.Host != "evil.com" || r.Views.RFC3986.Host != "" || !r.Views.NetURL.OK || r.Views.Target.Host != "evil.com" || r.Views.Target.Port != 80 {
		t.Errorf("views %+v", r.Views)
	}
	// No findings: no "findings" member (the record contract).
	if r := recs[1]; r.Severity != "none" || r.Findings != nil || strings.Contains(lines[1], `"findings"`) {
		t.Errorf("record 2: %s", lines[1])
	}
	if r := recs[2]; r.Input != nil || r.InputHex == nil || *r.InputHex != "687474703a2f2f612fff" {
		t.Errorf("record 3: %s", lines[2])
	}
}
