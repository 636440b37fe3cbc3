package apitest

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// listed returns, sorted, the first submatch of re over the lines of the
// committed API listing (api/urikit.txt, checked against the code by
// internal/apilist's TestAPIListing).
func listed(t *testing.T, re string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "api", "urikit.txt"))
	if err != nil {
		t.Fatal(err)
	}
	rx := regexp.MustCompile(`^pkg github\.com/urikit/urikit/` + re + `$`)
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if m := rx.FindStringSubmatch(l); m != nil {
			out = append(out, strings.Join(m[1:], "."))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// packagesWithErrors lists the packages that declare an Error type.
func packagesWithErrors(t *testing.T) []string {
	return listed(t, `([a-z]+), type Error struct`)
}

func bytesReader(b []byte) *strings.Reader { return strings.NewReader(string(b)) }
