package template

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/urikit/urikit/internal/conformance"
)

// A corpusGroup is one group of a uritemplate test file: variables and
// cases of [template, expected], where expected is a string, a list of the
// acceptable strings (for associative arrays, whose order JSON does not
// keep) or false (the template, or its expansion, must fail).
type corpusGroup struct {
	Level     int                 `json:"level"`
	Variables map[string]any      `json:"variables"`
	Testcases [][]json.RawMessage `json:"testcases"`
}

// loadCorpus decodes one file of ../shared/testdata/uritemplate with the
// numbers kept as written.
func loadCorpus(t *testing.T, name string) map[string]corpusGroup {
	t.Helper()
	path := filepath.Join(conformance.Dir(t), "uritemplate", name)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var groups map[string]corpusGroup
	if err := d.Decode(&groups); err != nil {
		t.Fatalf("decoding %s: %v", path, err)
	}
	return groups
}

// TestConformance runs every case of every uritemplate corpus file.
func TestConformance(t *testing.T) {
	for _, file := range []string{"spec-examples.json", "spec-examples-by-section.json", "extended-tests.json", "negative-tests.json"} {
		t.Run(file, func(t *testing.T) {
			groups := loadCorpus(t, file)
			tally := conformance.NewTally(t, "uritemplate/"+file)
			names := make([]string, 0, len(groups))
			for n := range groups {
				names = append(names, n)
			}
			slices.Sort(names)
			for _, gname := range names {
				g := groups[gname]
				for _, tc := range g.Testcases {
					var src string
					if len(tc) != 2 || json.Unmarshal(tc[0], &src) != nil {
						tally.Check(t, false, "%s: malformed case %s", gname, tc)
						continue
					}
					var accept []string
					var one string
					var fail bool
					switch {
					case json.Unmarshal(tc[1], &one) == nil:
						accept = []string{one}
					case json.Unmarshal(tc[1], &accept) == nil:
					case json.Unmarshal(tc[1], &fail) == nil && !fail:
					default:
						tally.Check(t, false, "%s: %q: malformed expectation %s", gname, src, tc[1])
						continue
					}
					tmpl, err := Parse(src)
					var got string
					if err == nil {
						got, err = tmpl.ExpandMap(g.Variables)
					}
					if accept == nil {
						tally.Check(t, err != nil, "%s: %q: expanded to %q, want an error", gname, src, got)
						continue
					}
					tally.Check(t, err == nil && slices.Contains(accept, got), "%s: %q = %q, %v; want one of %q", gname, src, got, err, accept)
				}
			}
		})
	}
}
