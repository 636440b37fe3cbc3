package whatwg

import (
	"testing"

	"github.com/urikit/urikit/internal/conformance"
)

// TestWPTURLSearchParamsIntegration runs the url_integration cases of
// wpt/urlsearchparams-cases.json: URLSearchParams connected to a URL. Each
// case's action is a line of JavaScript; the runner knows the ones the
// corpus uses and fails on any other.
func TestWPTURLSearchParamsIntegration(t *testing.T) {
	var corpus struct {
		URLIntegration []struct {
			URL, Action, Expected string
		} `json:"url_integration"`
	}
	conformance.Load(t, "wpt/urlsearchparams-cases.json", &corpus)
	tally := conformance.NewTally(t, "wpt/urlsearchparams-cases.json url_integration")
	for _, c := range corpus.URLIntegration {
		u := MustParse(c.URL)
		var got string
		switch c.Action {
		case "searchParams.toString()":
			got = u.SearchParams().String()
		case `searchParams.append("x","y"); url.toString()`:
			p := u.SearchParams()
			p.Append("x", "y")
			u.SetSearchParams(p)
			got = u.String()
		case "searchParams.sort(); url.href", "searchParams.sort(); url.search":
			p := u.SearchParams()
			p.Sort()
			u.SetSearchParams(p)
			got = u.Href()
			if c.Action == "searchParams.sort(); url.search" {
				got = u.Search()
			}
		default:
			t.Fatalf("unknown action %q", c.Action)
		}
		tally.Check(t, got == c.Expected, "%s on %s = %q, want %q", c.Action, c.URL, got, c.Expected)
	}
}
