package main

import (
	"strings"
	"testing"
)

func TestIDNACmd(t *testing.T) {
	out, errOut, code := cli(t, "Bücher.example\nEXAMPLE.com\n例え.テスト\n", "idna", "--to-ascii")
	if code != 0 || out != "xn--bcher-kva.example\nexample.com\nxn--r8jz45g.xn--zckzah\n" {
		t.Errorf("--to-ascii: %d %q %q", code, out, errOut)
	}
	out, errOut, code = cli(t, "", "idna", "--to-unicode", "xn--bcher-kva.example", "XN--R8JZ45G.xn--zckzah")
	if code != 0 || out != "bücher.example\n例え.テスト\n" {
		t.Errorf("--to-unicode: %d %q %q", code, out, errOut)
	}
	// A rule broken: the record fails with the code's message, the rule
	// and a caret under the offset.
	out, errOut, code = cli(t, "", "idna", "--to-ascii", "--profile", "lookup", "ok.b_d.com")
	if code != 1 || out != "\n" || !strings.Contains(errOut, "offset 4") || !strings.Contains(errOut, "[U1]") || !strings.Contains(errOut, `"b_d"`) {
		t.Errorf("std3: %d %q %q", code, out, errOut)
	}
	// ToUnicode converts all the same; --json says what it tolerated.
	out, _, code = cli(t, "", "idna", "--to-unicode", "--profile", "display", "--json", "xn--bcher-kva.b_d")
	if code != 0 || !strings.Contains(out, `"unicode":"bücher.b_d"`) || !strings.Contains(out, `"findings":[{"offset":15,"code":"std3"`) {
		t.Errorf("--to-unicode --json: %d %q", code, out)
	}
	// The profiles differ.
	for _, c := range []struct {
		profile, in, want string
		code              int
	}{
		{"url", "xn--a", "xn--a\n", 0},
		{"lookup", "xn--a", "\n", 1}, // a failed record leaves its line empty
		{"url", "a_b", "a_b\n", 0},
		{"display", "a_b", "\n", 1}, // a failed record leaves its line empty
		{"lookup", "Faß.de", "xn--fa-hia.de\n", 0},
		{"registration", "Faß.de", "\n", 1},                        // a failed record leaves its line empty
		{"registration", strings.Repeat("a", 64) + ".de", "\n", 1}, // a failed record leaves its line empty
		{"lookup", strings.Repeat("a", 64) + ".de", strings.Repeat("a", 64) + ".de\n", 0},
	} {
		out, errOut, code := cli(t, "", "idna", "--to-ascii", "--profile", c.profile, c.in)
		if out != c.want || code != c.code {
			t.Errorf("--profile %s %q: %d %q %q", c.profile, c.in, code, out, errOut)
		}
	}
	// Usage errors.
	for _, args := range [][]string{{"idna", "x"}, {"idna", "--to-ascii", "--to-unicode", "x"}, {"idna", "--to-ascii", "--profile", "nope", "x"}} {
		if _, _, code := cli(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
