package edit

import (
	"testing"

	"github.com/urikit/urikit/uri"
	"github.com/urikit/urikit/whatwg"
)

// FuzzEditor runs editors made of fuzzed operations on a fuzzed record
// and checks that every result parses, in the editor's mode, back to the
// URL it was serialized from.
func FuzzEditor(f *testing.F) {
	f.Add("http://a.com/p?utm_a=1&k=v", "https", "x/y", "utm_*", false)
	f.Add("a/b?c", "q", "..", "*", true)
	f.Add("", "mailto", "a@b", "x", false)
	f.Fuzz(func(t *testing.T, in, v1, v2, glob string, rfc bool) {
		opts := []Options{
			{Set: []string{"scheme=" + v1, "path=" + v2}},
			{Set: []string{"host?=" + v1, "query:=" + v2}, Delete: []string{"query=" + glob}},
			{Append: []string{"path=" + v2, "query=" + v1 + "=" + v2}, Keep: []string{"query=" + glob}, SortQuery: true},
			{Resolve: v2, ClearPort: true, DeleteTracking: true},
			{GuessScheme: true, Set: []string{"fragment=" + v1, "user=" + v2}, Replace: []string{"query=a=" + v1}},
			{Iterate: []string{"port=1 " + v1}, Delete: []string{"fragment"}},
			{Append: []string{"query=" + v1}, Replace: []string{"query=" + v2}, Delete: []string{"query=" + glob}, Keep: []string{"query=" + v1}},
		}
		for _, o := range opts {
			o.RFC3986 = rfc
			ed, err := New(o)
			if err != nil {
				continue
			}
			res, _, e := ed.Edit(in)
			if e != nil {
				continue
			}
			for _, r := range res {
				if rfc {
					back, err := uri.Parse(r.Text)
					if err != nil || back != r.Ref {
						t.Fatalf("%+v on %q: %q does not parse back: %v", o, in, r.Text, err)
					}
					continue
				}
				back, err := whatwg.Parse(r.Text)
				if err != nil || back != r.URL {
					t.Fatalf("%+v on %q: %q does not parse back: %v", o, in, r.Text, err)
				}
			}
		}
	})
}
