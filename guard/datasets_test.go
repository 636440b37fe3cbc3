package guard

import (
	"errors"
	"sort"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/conformance"
)

// TestDatasetsAllowed runs the real http(s) URLs of ../shared/datasets
// through the default policy's CheckURL: nearly all must be allowed, and
// the refusals are counted by rule so that the strict default's cost in
// false refusals can be quoted.
func TestDatasetsAllowed(t *testing.T) {
	var p Policy
	for _, d := range conformance.Datasets(t) {
		n, refused := 0, 0
		rules := map[string]int{}
		examples := map[string]string{}
		for _, line := range d.Lines {
			if !strings.HasPrefix(line, "http://") && !strings.HasPrefix(line, "https://") {
				continue
			}
			n++
			err := p.CheckURL(line)
			if err == nil {
				continue
			}
			refused++
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%q: %v", line, err)
			}
			key := string(e.Code)
			if e.Code == ErrFinding {
				key += " " + strings.SplitN(e.Detail, ":", 2)[0]
			}
			rules[key]++
			if _, ok := examples[key]; !ok {
				examples[key] = line
			}
		}
		if n == 0 {
			continue
		}
		keys := make([]string, 0, len(rules))
		for k := range rules {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			t.Logf("%s: refused by %s: %d (%q)", d.Name, k, rules[k], examples[k])
		}
		t.Logf("%s: %d http(s) URLs, %d refused (%.2f%%)", d.Name, n, refused, 100*float64(refused)/float64(n))
		if refused > n/50 {
			t.Errorf("%s: %d of %d URLs refused", d.Name, refused, n)
		}
	}
}
