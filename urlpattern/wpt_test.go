package urlpattern

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/urikit/urikit/internal/conformance"
	"github.com/urikit/urikit/whatwg"
)

type wptCase struct {
	Pattern       []json.RawMessage `json:"pattern"`
	Inputs        []json.RawMessage `json:"inputs"`
	ExpectedObj   json.RawMessage   `json:"expected_obj"`
	ExpectedMatch json.RawMessage   `json:"expected_match"`
	ExactlyEmpty  []string          `json:"exactly_empty_components"`
}

type wptComponent struct {
	Input  string             `json:"input"`
	Groups map[string]*string `json:"groups"`
}

// jsInput is a URLPatternInput of the test data: a string or an Init.
type jsInput struct {
	str  *string
	init *Init
}

func decodeInput(raw json.RawMessage) (jsInput, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return jsInput{str: &s}, nil
	}
	var in Init
	if err := json.Unmarshal(raw, &in); err != nil {
		return jsInput{}, err
	}
	return jsInput{init: &in}, nil
}

// construct follows the JavaScript constructor's overloads:
// (input, baseURL?, options?) and (input, options?).
func construct(args []json.RawMessage) (*Pattern, error) {
	in := jsInput{init: &Init{}}
	var base *string
	var opts Options
	if len(args) > 0 {
		var err error
		if in, err = decodeInput(args[0]); err != nil {
			return nil, err
		}
	}
	for i, a := range args {
		if i == 0 {
			continue
		}
		var s string
		if json.Unmarshal(a, &s) == nil {
			if i == 2 {
				// (input, baseURL, options): a string is not a dictionary.
				return nil, &Error{Code: ErrInvalidPattern}
			}
			base = &s
			continue
		}
		var o struct {
			IgnoreCase bool `json:"ignoreCase"`
		}
		if err := json.Unmarshal(a, &o); err != nil {
			return nil, err
		}
		opts.IgnoreCase = o.IgnoreCase
	}
	if in.init != nil {
		if base != nil {
			return nil, &Error{Code: ErrBaseURLWithInit}
		}
		return NewInit(in.init, opts)
	}
	if base != nil {
		return NewBase(*in.str, *base, opts)
	}
	return New(*in.str, opts)
}

func TestWPT(t *testing.T) {
	var cases []wptCase
	conformance.Load(t, "wpt/urlpatterntestdata.json", &cases)
	tally := conformance.NewTally(t, "wpt/urlpatterntestdata.json")
	for i, c := range cases {
		pj, _ := json.Marshal(c.Pattern)
		ij, _ := json.Marshal(c.Inputs)
		name := fmt.Sprintf("#%d pattern %s inputs %s", i, pj, ij)
		p, err := construct(c.Pattern)
		if string(c.ExpectedObj) == `"error"` {
			tally.Check(t, err != nil, "%s: constructed %v, want an error", name, p)
			continue
		}
		if err != nil {
			var e *Error
			if errors.As(err, &e) && e.Code == ErrUnsupportedRegexp {
				tally.Skip(fmt.Sprintf("%s: RE2 lacks %s (fails with %s as documented)", name, e.Construct, ErrUnsupportedRegexp))
				continue
			}
			tally.Check(t, false, "%s: %v", name, err)
			continue
		}
		ok := true
		if len(c.ExpectedObj) > 0 && string(c.ExpectedObj) != "null" {
			var want map[string]string
			if err := json.Unmarshal(c.ExpectedObj, &want); err != nil {
				t.Fatal(err)
			}
			for ci, comp := range componentNames {
				cn := string(comp)
				w, has := want[cn]
				if !has {
					w = defaultExpected(t, c, cn)
				}
				if slices.Contains(c.ExactlyEmpty, cn) {
					w = ""
				}
				if got := p.c[ci].pattern; got != w {
					t.Errorf("%s: %s pattern %q, want %q", name, cn, got, w)
					ok = false
				}
			}
		}
		// Match.
		var res *Result
		var matched bool
		matchErr := false
		var in jsInput
		if len(c.Inputs) > 0 {
			in, err = decodeInput(c.Inputs[0])
			if err != nil {
				t.Fatal(err)
			}
		} else {
			in = jsInput{init: &Init{}}
		}
		var base *string
		if len(c.Inputs) > 1 {
			var s string
			_ = json.Unmarshal(c.Inputs[1], &s)
			base = &s
		}
		switch {
		case in.init != nil && base != nil:
			matchErr = true
		case in.init != nil:
			res, matched = p.ExecInit(in.init), p.TestInit(in.init)
		case base != nil:
			res, matched = p.ExecBase(*in.str, *base), p.TestBase(*in.str, *base)
		default:
			res, matched = p.Exec(*in.str), p.Test(*in.str)
		}
		if string(c.ExpectedMatch) == `"error"` {
			tally.Check(t, matchErr, "%s: matching did not fail", name)
			continue
		}
		if matched != (res != nil) {
			ok = false
			t.Errorf("%s: Test %v but Exec %v", name, matched, res != nil)
		}
		if len(c.ExpectedMatch) == 0 || string(c.ExpectedMatch) == "null" {
			tally.Check(t, ok && res == nil, "%s: matched %+v, want no match", name, res)
			continue
		}
		if res == nil {
			tally.Check(t, false, "%s: no match, want %s", name, c.ExpectedMatch)
			continue
		}
		var want map[string]json.RawMessage
		if err := json.Unmarshal(c.ExpectedMatch, &want); err != nil {
			t.Fatal(err)
		}
		if wi, has := want["inputs"]; has && in.init == nil {
			var wantInputs []string
			_ = json.Unmarshal(wi, &wantInputs)
			if !slices.Equal(wantInputs, res.Inputs) {
				ok = false
				t.Errorf("%s: inputs %q, want %s", name, res.Inputs, wi)
			}
		}
		for ci, comp := range componentNames {
			cn := string(comp)
			w := wptComponent{Groups: map[string]*string{}}
			if raw, has := want[cn]; has {
				if err := json.Unmarshal(raw, &w); err != nil {
					t.Fatal(err)
				}
			} else if !slices.Contains(c.ExactlyEmpty, cn) {
				w.Groups["0"] = Str("")
			}
			got := res.at(ci)
			g := map[string]*string{}
			for _, gr := range got.Groups {
				if gr.Matched {
					g[gr.Name] = Str(gr.Value)
				} else {
					g[gr.Name] = nil
				}
			}
			same := got.Input == w.Input && len(g) == len(w.Groups)
			for k, v := range w.Groups {
				gv, has := g[k]
				if !has || (gv == nil) != (v == nil) || gv != nil && *gv != *v {
					same = false
				}
			}
			if !same {
				ok = false
				gj, _ := json.Marshal(g)
				wj, _ := json.Marshal(w)
				t.Errorf("%s: %s = %q %s, want %s", name, cn, got.Input, gj, wj)
			}
		}
		tally.Check(t, ok, "%s: mismatch", name)
	}
}

// earlier lists the components whose presence in an Init keeps a
// component from being taken from the base URL (as WPT's harness does).
var earlier = map[string][]string{
	"protocol": {},
	"hostname": {"protocol"},
	"port":     {"protocol", "hostname"},
	"username": {},
	"password": {},
	"pathname": {"protocol", "hostname", "port"},
	"search":   {"protocol", "hostname", "port", "pathname"},
	"hash":     {"protocol", "hostname", "port", "pathname", "search"},
}

// defaultExpected computes the pattern string a component has when the
// case does not list it, the way WPT's urlpattern harness does.
func defaultExpected(t *testing.T, c wptCase, cn string) string {
	var obj map[string]string
	var base string
	if len(c.Pattern) > 0 {
		if json.Unmarshal(c.Pattern[0], &obj) == nil {
			base = obj["baseURL"]
		}
	}
	if base == "" && len(c.Pattern) > 1 {
		_ = json.Unmarshal(c.Pattern[1], &base)
	}
	if obj != nil && obj[cn] != "" {
		return obj[cn]
	}
	if obj != nil {
		for _, e := range earlier[cn] {
			if _, has := obj[e]; has {
				return "*"
			}
		}
	}
	if base != "" && cn != "username" && cn != "password" {
		u, err := whatwg.Parse(base)
		if err != nil {
			t.Fatalf("base %q: %v", base, err)
		}
		switch cn {
		case "protocol":
			return u.Scheme()
		case "hostname":
			return u.Hostname()
		case "port":
			return u.Port()
		case "pathname":
			return u.Pathname()
		case "search":
			q, _ := u.Query()
			return q
		case "hash":
			f, _ := u.Fragment()
			return f
		}
	}
	return "*"
}

func TestWPTCompare(t *testing.T) {
	var cases []struct {
		Component Component       `json:"component"`
		Left      json.RawMessage `json:"left"`
		Right     json.RawMessage `json:"right"`
		Expected  int             `json:"expected"`
	}
	conformance.Load(t, "wpt/urlpattern-compare-test-data.json", &cases)
	tally := conformance.NewTally(t, "wpt/urlpattern-compare-test-data.json")
	for _, c := range cases {
		l, err := construct([]json.RawMessage{c.Left})
		if err != nil {
			t.Fatalf("%s: %v", c.Left, err)
		}
		r, err := construct([]json.RawMessage{c.Right})
		if err != nil {
			t.Fatalf("%s: %v", c.Right, err)
		}
		got, ok := CompareComponent(c.Component, l, r)
		back, _ := CompareComponent(c.Component, r, l)
		self, _ := CompareComponent(c.Component, l, l)
		tally.Check(t, ok && got == c.Expected && back == -c.Expected && self == 0,
			"%s %s vs %s: %d (reverse %d, self %d), want %d", c.Component, c.Left, c.Right, got, back, self, c.Expected)
	}
}

func TestWPTGenerate(t *testing.T) {
	var cases []struct {
		Pattern   json.RawMessage   `json:"pattern"`
		Component Component         `json:"component"`
		Groups    map[string]string `json:"groups"`
		Expected  *string           `json:"expected"`
	}
	conformance.Load(t, "wpt/urlpattern-generate-test-data.json", &cases)
	tally := conformance.NewTally(t, "wpt/urlpattern-generate-test-data.json")
	for _, c := range cases {
		p, err := construct([]json.RawMessage{c.Pattern})
		if err != nil {
			t.Fatalf("%s: %v", c.Pattern, err)
		}
		got, err := p.Generate(c.Component, c.Groups)
		if c.Expected == nil {
			tally.Check(t, err != nil, "%s %s %v: %q, want an error", c.Pattern, c.Component, c.Groups, got)
			continue
		}
		tally.Check(t, err == nil && got == *c.Expected, "%s %s %v: %q %v, want %q", c.Pattern, c.Component, c.Groups, got, err, *c.Expected)
	}
}
