package whatwg

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/conformance"
)

type idnaCase struct {
	Input  string
	Output *string
}

// TestWPTToASCII runs wpt/toascii.json as WPT's toascii.window.js does:
// through the URL parser, and through the host and hostname setters.
func TestWPTToASCII(t *testing.T) {
	var corpus []any
	conformance.Load(t, "wpt/toascii.json", &corpus)
	var cases []idnaCase
	for _, raw := range corpus {
		m, ok := raw.(map[string]any)
		if !ok {
			continue
		}
		c := idnaCase{Input: m["input"].(string)}
		if out, ok := m["output"].(string); ok {
			c.Output = &out
		}
		cases = append(cases, c)
	}
	tally := conformance.NewTally(t, "wpt/toascii.json (URL parser and setters)")
	for _, c := range cases {
		u, err := Parse("https://" + c.Input + "/x")
		if c.Output == nil {
			tally.Check(t, err != nil, "Parse(https://%s/x) = %v, want failure", c.Input, u)
		} else {
			want := *c.Output
			ok := err == nil && u.Host() == want && u.Hostname() == want && u.Pathname() == "/x" &&
				u.Href() == "https://"+want+"/x"
			tally.Check(t, ok, "Parse(https://%s/x) = %v, %v; want host %q", c.Input, u, err, want)
		}
		for _, setter := range []string{"host", "hostname"} {
			u := MustParse("https://x/x")
			if setter == "host" {
				u.SetHost(c.Input)
			} else {
				u.SetHostname(c.Input)
			}
			want := "x"
			if c.Output != nil {
				want = *c.Output
			}
			tally.Check(t, u.Hostname() == want, "%s setter with %q: hostname %q, want %q", setter, c.Input, u.Hostname(), want)
		}
	}
}

// TestWPTIdnaTestV2 runs wpt/IdnaTestV2.json as WPT's IdnaTestV2.window.js
// does: skip "", percent-encode the characters that would end the host,
// and parse https://<input>/x.
func TestWPTIdnaTestV2(t *testing.T) {
	var corpus []any
	conformance.Load(t, "wpt/IdnaTestV2.json", &corpus)
	tally := conformance.NewTally(t, "wpt/IdnaTestV2.json (URL parser)")
	escape := strings.NewReplacer(":", "%3A", "/", "%2F", "?", "%3F", "#", "%23", "\\", "%5C")
	for _, raw := range corpus {
		m, ok := raw.(map[string]any)
		if !ok {
			continue
		}
		in := m["input"].(string)
		if in == "" {
			tally.Skip("WPT's harness skips the empty input")
			continue
		}
		u, err := Parse("https://" + escape.Replace(in) + "/x")
		if out, ok := m["output"].(string); ok {
			tally.Check(t, err == nil && u.Host() == out, "IdnaTestV2 %q: got %v, %v; want host %q", in, u, err, out)
		} else {
			tally.Check(t, err != nil, "IdnaTestV2 %q: got %v, want failure", in, u)
		}
	}
}
