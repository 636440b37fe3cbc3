package apitest

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/urikit/urikit/check"
	"github.com/urikit/urikit/dataurl"
	"github.com/urikit/urikit/mailto"
	"github.com/urikit/urikit/percent"
	"github.com/urikit/urikit/template"
	"github.com/urikit/urikit/uri"
	"github.com/urikit/urikit/whatwg"
)

// recordNames are the names of a finding in the record contract; extra
// are the names a package adds after them (check's severity and detail).
var (
	recordNames = []string{"offset", "code", "message", "component", "count", "offsets"}
	extraNames  = map[string][]string{"check": {"severity", "detail"}}
)

// findingCases returns, per package, the JSON of the findings of one of
// its tolerant calls, on an input where something is tolerated twice
// (so that count and offsets show).
func findingCases(t *testing.T) map[string][]json.Marshaler {
	t.Helper()
	out := map[string][]json.Marshaler{}
	add := func(pkg string, fs ...json.Marshaler) { out[pkg] = fs }
	_, pf := percent.Decoder{}.DecodeLenient("%zz%zz")
	add("percent", each(pf)...)
	_, uf := uri.ParseLenient("http://a/b c d")
	add("uri", each(uf)...)
	_, wf, _ := whatwg.ParseWithFindings("http:\\\\a\\b c")
	add("whatwg", each(wf)...)
	_, df, _ := dataurl.ParseWithFindings("data:,100%zz%")
	add("dataurl", each(df)...)
	_, mf, _ := mailto.ParseLenient("mailto:a b@example.com")
	add("mailto", each(mf)...)
	_, tf, _ := template.ParseLenient("/a b c{x}")
	add("template", each(tf)...)
	add("check", each(check.URL("http://user:pw@127.0.0.1/%2e%2e/").Findings)...)
	return out
}

func each[F json.Marshaler](fs []F) []json.Marshaler {
	out := make([]json.Marshaler, len(fs))
	for i, f := range fs {
		out[i] = f
	}
	return out
}

// TestFindingsJSON checks rule 3 of API.md: every tolerant call's
// findings marshal to the record contract's names, in its order, with
// offset, code and message always there.
func TestFindingsJSON(t *testing.T) {
	cases := findingCases(t)
	for pkg, fs := range cases {
		if len(fs) == 0 {
			t.Errorf("%s: the tolerant call reported nothing", pkg)
			continue
		}
		for _, f := range fs {
			b, err := json.Marshal(f)
			if err != nil {
				t.Errorf("%s: %v", pkg, err)
				continue
			}
			keys := jsonKeys(t, b)
			allowed := append(slices.Clone(recordNames), extraNames[pkg]...)
			last := -1
			for _, k := range keys {
				i := slices.Index(allowed, k)
				if i < 0 {
					t.Errorf("%s: finding %s has the name %q, not one of the record's %v", pkg, b, k, allowed)
				} else if i < last {
					t.Errorf("%s: finding %s: %q out of the record's order", pkg, b, k)
				}
				last = max(last, i)
			}
			for _, k := range []string{"offset", "code", "message"} {
				if !slices.Contains(keys, k) {
					t.Errorf("%s: finding %s has no %q", pkg, b, k)
				}
			}
		}
	}
	// Every package with a Finding type has its case here.
	for _, pkg := range listed(t, `([a-z]+), type Finding struct`) {
		if _, ok := cases[pkg]; !ok {
			t.Errorf("%s has a Finding type but no case in findingCases", pkg)
		}
	}
}

// jsonKeys returns the names of a JSON object in their order.
func jsonKeys(t *testing.T, b []byte) []string {
	t.Helper()
	var raw json.RawMessage = b
	dec := json.NewDecoder(bytesReader(raw))
	var keys []string
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("not a JSON object: %s", b)
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, tok.(string))
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}
