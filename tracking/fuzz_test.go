package tracking

import (
	"strings"
	"testing"
)

// FuzzApply checks that the built-in rules never panic, are
// deterministic, never lengthen a URL when they only remove (Clean), and
// that Clean is idempotent: what it leaves has nothing more to remove.
func FuzzApply(f *testing.F) {
	for _, s := range []string{
		"", "https://example.com/?utm_source=x&id=1#fbclid=2",
		"https://www.google.com/url?q=https%3A%2F%2Fexample.com%2F%3Fgclid%3D1",
		"https://www.amazon.com/dp/1/ref=x?tag=y&qid=2", "https://x.com/a?s=1&t=2",
		"?&&&", "#&=", "https://l.facebook.com/l.php?u=https%253A", "utm_source=1",
	} {
		f.Add(s)
	}
	r := Default()
	f.Fuzz(func(t *testing.T, u string) {
		a, b := r.Apply(u), r.Apply(u)
		if a != b {
			t.Fatalf("%q: not deterministic", u)
		}
		c := r.Clean(u)
		if len(c) > len(u) {
			t.Fatalf("%q: Clean lengthened it to %q", u, c)
		}
		if !strings.Contains(u, "ref=") && r.Clean(c) != c {
			// (An Amazon raw rule can make a new "/ref=" by removing one.)
			t.Fatalf("%q: Clean(%q) = %q", u, c, r.Clean(c))
		}
		if _, ok := r.Unwrap(u); !ok && a.Unwrapped != 0 {
			t.Fatalf("%q: Apply unwrapped, Unwrap did not", u)
		}
	})
}
