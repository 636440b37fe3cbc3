package uri

import "testing"

// TestRelativizeDotSegmentBase: a base path with dot segments ("/00/./")
// must not make Relativize climb one level too many (found by FuzzResolve).
func TestRelativizeDotSegmentBase(t *testing.T) {
	for _, c := range []struct{ base, target string }{
		{"A:/00/./", "A:/00/0"},
		{"http://h/a/./b/../", "http://h/a/c"},
		{"http://h/a/..", "http://h/g"},
	} {
		b, tg := MustParse(c.base), MustParse(c.target)
		for _, rel := range []Reference{Relativize(b, tg), RelativizePath(b, tg)} {
			if back := mustResolve(b, rel); back.String() != tg.String() {
				t.Errorf("Resolve(%q, %q) = %q, want %q", c.base, rel, back, c.target)
			}
		}
	}
}
