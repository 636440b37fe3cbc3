package form

import (
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"testing"

	"github.com/urikit/urikit/internal/conformance"
)

func pairsOf(pp [][2]string) Values {
	v := FromPairs(pp)
	if v == nil {
		v = Values{}
	}
	return v
}

func sameValues(a, b Values) bool {
	return len(a) == len(b) && (len(a) == 0 || slices.Equal(a, b))
}

func TestWPTURLEncodedParser(t *testing.T) {
	var cases []struct {
		Input  string      `json:"input"`
		Output [][2]string `json:"output"`
	}
	conformance.Load(t, "wpt/urlencoded-parser-data.json", &cases)
	tally := conformance.NewTally(t, "wpt/urlencoded-parser-data.json")
	for _, c := range cases {
		want := pairsOf(c.Output)
		got := Parse(c.Input)
		raw := ParseRaw(c.Input)
		ok := sameValues(got, want) && sameValues(raw.Values(), want) && raw.String() == c.Input
		tally.Check(t, ok, "Parse(%q) = %q, raw %q (%q); want %q", c.Input, got, raw.Values(), raw.String(), want)
	}
}

type uspCases struct {
	Parse []struct {
		Input          string            `json:"input"`
		ExpectedPairs  *[][2]string      `json:"expected_pairs"`
		ExpectedGet    map[string]string `json:"expected_get"`
		ExpectedHas    []string          `json:"expected_has"`
		ExpectedHasNot []string          `json:"expected_has_not"`
	} `json:"parse"`
	Serialize []struct {
		Pairs    [][2]string `json:"pairs"`
		Expected string      `json:"expected"`
	} `json:"serialize"`
	Roundtrip []struct {
		Input    string `json:"input"`
		Expected string `json:"expected"`
	} `json:"roundtrip"`
	Sort []struct {
		Input  string      `json:"input"`
		Output [][2]string `json:"output"`
	} `json:"sort"`
}

func TestWPTURLSearchParams(t *testing.T) {
	var cs uspCases
	conformance.Load(t, "wpt/urlsearchparams-cases.json", &cs)
	const file = "wpt/urlsearchparams-cases.json"

	t.Run("parse", func(t *testing.T) {
		tally := conformance.NewTally(t, file+" parse")
		for _, c := range cs.Parse {
			v := ParseSearchParams(c.Input)
			var problems []string
			if c.ExpectedPairs != nil {
				if want := pairsOf(*c.ExpectedPairs); !sameValues(v, want) {
					problems = append(problems, fmt.Sprintf("pairs %q, want %q", v, want))
				}
			}
			for name, want := range c.ExpectedGet {
				if got, ok := v.Get(name); !ok || got != want {
					problems = append(problems, fmt.Sprintf("get(%q) = %q, %v; want %q", name, got, ok, want))
				}
			}
			for _, name := range c.ExpectedHas {
				if !v.Has(name) {
					problems = append(problems, fmt.Sprintf("has(%q) = false", name))
				}
			}
			for _, name := range c.ExpectedHasNot {
				if v.Has(name) {
					problems = append(problems, fmt.Sprintf("has(%q) = true", name))
				}
			}
			tally.Check(t, len(problems) == 0, "new URLSearchParams(%q): %v", c.Input, problems)
		}
	})

	t.Run("serialize", func(t *testing.T) {
		tally := conformance.NewTally(t, file+" serialize")
		for _, c := range cs.Serialize {
			var v Values
			for _, p := range c.Pairs {
				v.Append(p[0], p[1])
			}
			got := v.String()
			tally.Check(t, got == c.Expected && string(v.AppendTo(nil)) == c.Expected,
				"serialize %q = %q, want %q", c.Pairs, got, c.Expected)
		}
	})

	t.Run("roundtrip", func(t *testing.T) {
		tally := conformance.NewTally(t, file+" roundtrip")
		for _, c := range cs.Roundtrip {
			got := ParseSearchParams(c.Input).String()
			tally.Check(t, got == c.Expected, "URLSearchParams(%q).toString() = %q, want %q", c.Input, got, c.Expected)
		}
	})

	t.Run("sort", func(t *testing.T) {
		tally := conformance.NewTally(t, file+" sort")
		for _, c := range cs.Sort {
			v := ParseSearchParams(c.Input)
			v.Sort()
			want := pairsOf(c.Output)
			tally.Check(t, sameValues(v, want), "sort(%q) = %q, want %q", c.Input, v, want)
		}
	})

}

// pyValue converts one Python urlencode key or value from the corpus
// encoding: a string, {"$bytes": hex} or a number.
func pyValue(t *testing.T, x any) string {
	t.Helper()
	switch x := x.(type) {
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case map[string]any:
		if h, ok := x["$bytes"].(string); ok {
			b, err := hex.DecodeString(h)
			if err != nil {
				t.Fatalf("bad $bytes %q: %v", h, err)
			}
			return string(b)
		}
	}
	t.Fatalf("unexpected urlencode argument %#v", x)
	return ""
}

// pythonSkips lists the Python cases whose semantics differ from the URL
// Standard's, keyed by the keyword argument that makes them differ.
var pythonSkips = map[string]string{
	"separator":      "Python's separator option splits on another byte; the URL Standard splits on & only",
	"encoding":       "non-UTF-8 encoding; this package is UTF-8 only, as the URL Standard's URLSearchParams",
	"errors":         "Python's errors= decoding policy; the URL Standard always replaces with U+FFFD",
	"quote_via":      "quote_via=quote writes space as %20; the form serializer writes +",
	"safe":           "safe= leaves extra bytes unencoded; the form serializer has a fixed set",
	"max_num_fields": "Python-only limit",
}

func TestPythonURLLib(t *testing.T) {
	var file struct {
		Cases []struct {
			Function string         `json:"function"`
			Args     []any          `json:"args"`
			Kwargs   map[string]any `json:"kwargs"`
			Expected any            `json:"expected"`
		} `json:"cases"`
	}
	conformance.Load(t, "python-urllib-cases.json", &file)
	parseTally := conformance.NewTally(t, "python-urllib-cases.json parse_qsl")
	encodeTally := conformance.NewTally(t, "python-urllib-cases.json urlencode")
cases:
	for _, c := range file.Cases {
		var tally *conformance.Tally
		switch c.Function {
		case "parse_qsl":
			tally = parseTally
		case "urlencode":
			tally = encodeTally
		default:
			continue
		}
		for k := range c.Kwargs {
			if k == "encoding" && c.Kwargs[k] == "utf-8" {
				continue
			}
			if reason, ok := pythonSkips[k]; ok {
				tally.Skip(reason)
				continue cases
			}
		}
		switch c.Function {
		case "parse_qsl":
			var want Values
			for _, p := range c.Expected.([]any) {
				pp := p.([]any)
				want = append(want, Pair{Name: pp[0].(string), Value: pp[1].(string)})
			}
			got := Parse(c.Args[0].(string))
			// keep_blank_values=False (Python's default) is the same
			// parse with the pairs whose value is empty dropped.
			if keep, _ := c.Kwargs["keep_blank_values"].(bool); !keep {
				got = slicesDeleteBlank(got)
			}
			tally.Check(t, sameValues(got, want), "parse_qsl(%q, %v) = %q, want %q", c.Args[0], c.Kwargs, got, want)
		case "urlencode":
			doseq, _ := c.Kwargs["doseq"].(bool)
			var v Values
			for _, p := range c.Args[0].([]any) {
				pp := p.([]any)
				name := pyValue(t, pp[0])
				if seq, ok := pp[1].([]any); ok && doseq {
					for _, x := range seq {
						v.Append(name, pyValue(t, x))
					}
					continue
				}
				v.Append(name, pyValue(t, pp[1]))
			}
			want := c.Expected.(string)
			got := v.String()
			tally.Check(t, got == want, "urlencode(%q, %v) = %q, want %q", v, c.Kwargs, got, want)
		}
	}
}

func slicesDeleteBlank(v Values) Values {
	return slices.DeleteFunc(v, func(p Pair) bool { return p.Value == "" })
}
