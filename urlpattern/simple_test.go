package urlpattern

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"testing"
)

// TestSimpleAgainstRegexp checks the components matched without a regexp
// against the RE2 regexp the standard's algorithm gives for them, on
// inputs made of the pattern's own pieces.
func TestSimpleAgainstRegexp(t *testing.T) {
	patterns := []string{
		"https://*.example.com/*", "https://example.com/users/:id/posts/:postId",
		"https://h/:a/:b", "https://h/a/:b/c", "https://h/*", "https://h/x*", "https://h/*.html",
		"https://:sub.example.com/:x/*", "https://*/:a", "https://h/:a/*", "https://{:a.}example.com/",
		"https://h/{a/:b}/c", "https://h/:a\\/x", "https://*:*/:a/:b/*",
	}
	pieces := []string{"", "/", ".", "a", "b", "x", "users", "posts", "example", "com", "html", "\n", "\u2028", "é", ":", "c"}
	rng := rand.New(rand.NewPCG(1, 2))
	simple, matched, matchedSteps := 0, 0, 0
	for _, ps := range patterns {
		p, err := New(ps, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for ci := range p.c {
			c := &p.c[ci]
			if c.kind != matchSimple && c.kind != matchAny && c.kind != matchFixed {
				continue
			}
			simple++
			src, names, perr := regexpSource(c.parts, c.opts)
			if perr != nil || !slices.Equal(names, c.names) {
				t.Fatalf("%s %s: %v %v", ps, componentNames[ci], perr, names)
			}
			re := regexp.MustCompile(src)
			// Inputs: the fixed text of the pattern with pieces in between.
			for k := 0; k < 400; k++ {
				var s string
				for _, pt := range c.parts {
					if rng.IntN(4) > 0 {
						s += pt.prefix + pt.value + pt.suffix
					}
					for range rng.IntN(3) {
						s += pieces[rng.IntN(len(pieces))]
					}
				}
				m := re.FindStringSubmatch(s)
				var buf []Group
				r, ok := c.exec(s, &buf)
				if ok != (m != nil) || c.match(s) != ok {
					t.Fatalf("%s %s on %q: simple %v, regexp %q", ps, componentNames[ci], s, ok, src)
				}
				if !ok {
					continue
				}
				matched++
				if c.kind == matchSimple {
					matchedSteps++
				}
				for gi, g := range r.Groups {
					if g.Value != m[gi+1] || !g.Matched {
						t.Fatalf("%s %s on %q: group %s = %q, regexp %q", ps, componentNames[ci], s, g.Name, g.Value, m[gi+1])
					}
				}
			}
		}
	}
	t.Logf("%d components, %d inputs matched (%d by steps)", simple, matched, matchedSteps)
	if matchedSteps < 500 {
		t.Errorf("only %d inputs matched by steps: the test proves little", matchedSteps)
	}
	if simple < 40 {
		t.Errorf("only %d components matched without a regexp", simple)
	}
}
