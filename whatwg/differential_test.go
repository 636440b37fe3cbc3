package whatwg

import (
	"math/rand"
	"strings"
	"testing"
)

// TestParseDifferential builds random inputs from URL-significant pieces and
// checks that Parse (fast paths, tabs removed lazily) and ParseWithFindings
// (general state machine, tabs removed first) agree exactly, and that every
// href parses back to the same URL.
func TestParseDifferential(t *testing.T) {
	pieces := []string{"a", "B", "1", "0", "x", ".", "..", "/", "\\", "?", "#", ":", "@", "[", "]",
		"%", "%2e", "%41", "|", " ", "\t", "\n", "\r", "ñ", "☕", "\xff", "file:", "http:", "https:",
		"foo:", "//", "::", "0x", "C|", "C:", "localhost", ";", "=", "-", "9", "255.", "[::1]", ":80"}
	bases := []URL{{}, MustParse("http://example.org/foo/bar?b#x"), MustParse("file:///C:/a/b"),
		MustParse("foo:/a/b"), MustParse("mailto:x")}
	r := rand.New(rand.NewSource(2))
	n := 200000
	if testing.Short() {
		n = 20000
	}
	var sb strings.Builder
	for i := 0; i < n; i++ {
		sb.Reset()
		for k := r.Intn(14); k >= 0; k-- {
			sb.WriteString(pieces[r.Intn(len(pieces))])
		}
		s := sb.String()
		base := bases[r.Intn(len(bases))]
		u, err := base.Parse(s)
		u2, _, err2 := base.ParseWithFindings(s)
		if (err == nil) != (err2 == nil) {
			t.Fatalf("%q: Parse error %v, ParseWithFindings error %v", s, err, err2)
		}
		if err != nil {
			if err.Error() != err2.Error() {
				t.Fatalf("%q: Parse error %v, ParseWithFindings error %v", s, err, err2)
			}
			continue
		}
		if u != u2 {
			t.Fatalf("%q: Parse %s, ParseWithFindings %s", s, u.debugString(), u2.debugString())
		}
		if v, err := Parse(u.Href()); err != nil || v != u {
			t.Fatalf("%q: href %q does not reparse to itself: %v", s, u.Href(), err)
		}
	}
}
