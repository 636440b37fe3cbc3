package whatwg

import (
	"encoding/json"
	"testing"

	"github.com/urikit/urikit/internal/conformance"
)

type urlCase struct {
	Input        string  `json:"input"`
	Base         *string `json:"base"`
	Failure      bool    `json:"failure"`
	Href         string  `json:"href"`
	Origin       *string `json:"origin"`
	Protocol     string  `json:"protocol"`
	Username     string  `json:"username"`
	Password     string  `json:"password"`
	Host         string  `json:"host"`
	Hostname     string  `json:"hostname"`
	Port         string  `json:"port"`
	Pathname     string  `json:"pathname"`
	Search       string  `json:"search"`
	Hash         string  `json:"hash"`
	SearchParams *string `json:"searchParams"`
}

func loadURLCases(t *testing.T, name string) []urlCase {
	var raw []json.RawMessage
	conformance.Load(t, name, &raw)
	var cases []urlCase
	for _, r := range raw {
		if len(r) > 0 && r[0] == '"' {
			continue
		}
		var c urlCase
		if err := json.Unmarshal(r, &c); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		cases = append(cases, c)
	}
	return cases
}

// checkURL compares every getter with the expectation and returns a
// description of the first mismatch, or "".
func checkURL(u URL, c *urlCase) string {
	type pair struct{ name, got, want string }
	for _, p := range []pair{
		{"href", u.Href(), c.Href},
		{"protocol", u.Protocol(), c.Protocol},
		{"username", u.Username(), c.Username},
		{"password", u.Password(), c.Password},
		{"host", u.Host(), c.Host},
		{"hostname", u.Hostname(), c.Hostname},
		{"port", u.Port(), c.Port},
		{"pathname", u.Pathname(), c.Pathname},
		{"search", u.Search(), c.Search},
		{"hash", u.Hash(), c.Hash},
	} {
		if p.got != p.want {
			return p.name + ": got " + quote(p.got) + ", want " + quote(p.want)
		}
	}
	if c.Origin != nil && u.Origin() != *c.Origin {
		return "origin: got " + quote(u.Origin()) + ", want " + quote(*c.Origin)
	}
	return ""
}

func quote(s string) string { b, _ := json.Marshal(s); return string(b) }

func runURLCorpus(t *testing.T, name string) {
	cases := loadURLCases(t, name)
	tally := conformance.NewTally(t, name)
	for _, c := range cases {
		var base URL
		if c.Base != nil {
			b, err := Parse(*c.Base)
			if err != nil {
				// ada's extra cases may have a base that does not parse:
				// the case must then fail.
				tally.Check(t, c.Failure, "%q base %q: base failed to parse: %v", c.Input, *c.Base, err)
				continue
			}
			base = b
		}
		u, err := base.Parse(c.Input)
		if c.Failure {
			tally.Check(t, err != nil, "%q base %v: want failure, got %q", c.Input, c.Base, href(u))
			continue
		}
		if err != nil {
			tally.Check(t, false, "%q base %v: unexpected failure: %v", c.Input, c.Base, err)
			continue
		}
		msg := checkURL(u, &c)
		// The parse with errors must agree with the plain parse.
		u2, _, err2 := base.ParseWithFindings(c.Input)
		if msg == "" && (err2 != nil || u2.Href() != u.Href()) {
			msg = "ParseWithFindings disagrees"
		}
		tally.Check(t, msg == "", "%q base %v: %s", c.Input, c.Base, msg)
	}
}

func href(u URL) string {
	if u == (URL{}) {
		return "<zero>"
	}
	return u.Href()
}

func TestWPTURLTestData(t *testing.T) { runURLCorpus(t, "wpt/urltestdata.json") }

func TestWPTURLTestDataJSOnly(t *testing.T) { runURLCorpus(t, "wpt/urltestdata-javascript-only.json") }

func TestAdaExtraURLTestData(t *testing.T) { runURLCorpus(t, "ada/ada_extra_urltestdata.json") }

type setterCase struct {
	Href     string            `json:"href"`
	NewValue string            `json:"new_value"`
	Expected map[string]string `json:"expected"`
	Comment  string            `json:"comment"`
}

func applySetter(u *URL, attr, v string) {
	switch attr {
	case "href":
		_ = u.SetHref(v)
	case "protocol":
		u.SetProtocol(v)
	case "username":
		u.SetUsername(v)
	case "password":
		u.SetPassword(v)
	case "host":
		u.SetHost(v)
	case "hostname":
		u.SetHostname(v)
	case "port":
		u.SetPort(v)
	case "pathname":
		u.SetPathname(v)
	case "search":
		u.SetSearch(v)
	case "hash":
		u.SetHash(v)
	}
}

func getter(u URL, attr string) string {
	switch attr {
	case "href":
		return u.Href()
	case "protocol":
		return u.Protocol()
	case "username":
		return u.Username()
	case "password":
		return u.Password()
	case "host":
		return u.Host()
	case "hostname":
		return u.Hostname()
	case "port":
		return u.Port()
	case "pathname":
		return u.Pathname()
	case "search":
		return u.Search()
	case "hash":
		return u.Hash()
	case "origin":
		return u.Origin()
	}
	return "<unknown getter " + attr + ">"
}

func runSettersCorpus(t *testing.T, name string) {
	var raw map[string]json.RawMessage
	conformance.Load(t, name, &raw)
	tally := conformance.NewTally(t, name)
	for attr, msg := range raw {
		if attr == "comment" {
			continue
		}
		var cases []setterCase
		if err := json.Unmarshal(msg, &cases); err != nil {
			t.Fatalf("%s %s: %v", name, attr, err)
		}
		for _, c := range cases {
			u, err := Parse(c.Href)
			if err != nil {
				tally.Check(t, false, "%s: %q does not parse: %v", attr, c.Href, err)
				continue
			}
			applySetter(&u, attr, c.NewValue)
			bad := ""
			for k, want := range c.Expected {
				if got := getter(u, k); got != want {
					bad += " " + k + ": got " + quote(got) + " want " + quote(want) + ";"
				}
			}
			if bad == "" {
				// The new href must parse back to itself.
				if v, err := Parse(u.Href()); err != nil || v.Href() != u.Href() {
					bad = " href does not round-trip"
				}
			}
			tally.Check(t, bad == "", "%s %q = %q:%s", c.Href, attr, c.NewValue, bad)
		}
	}
}

func TestWPTSetters(t *testing.T) { runSettersCorpus(t, "wpt/setters_tests.json") }

func TestAdaExtraSetters(t *testing.T) { runSettersCorpus(t, "ada/ada_extra_setters_tests.json") }

func TestWPTPercentEncoding(t *testing.T) {
	var cases []struct {
		Input  string            `json:"input"`
		Output map[string]string `json:"output"`
	}
	var raw []json.RawMessage
	conformance.Load(t, "wpt/percent-encoding.json", &raw)
	for _, r := range raw {
		if len(r) > 0 && r[0] == '"' {
			continue
		}
		var c struct {
			Input  string            `json:"input"`
			Output map[string]string `json:"output"`
		}
		if err := json.Unmarshal(r, &c); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	tally := conformance.NewTally(t, "wpt/percent-encoding.json")
	for _, c := range cases {
		want, ok := c.Output["utf-8"]
		if !ok {
			tally.Skip("no UTF-8 expectation")
			continue
		}
		// As WPT's percent-encoding.window.js: the fragment and the UTF-8
		// query of "https://doesnotmatter.invalid/?<input>#<input>".
		u, err := Parse("https://doesnotmatter.invalid/?" + c.Input + "#" + c.Input)
		if err != nil {
			tally.Check(t, false, "%q: %v", c.Input, err)
			continue
		}
		q, _ := u.Query()
		f, _ := u.Fragment()
		tally.Check(t, q == want && f == want, "%q: query %q fragment %q, want %q", c.Input, q, f, want)
	}
}
