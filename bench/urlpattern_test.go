package bench

import (
	"github.com/urikit/urikit/bench/internal/patterncases"
	"slices"
	"testing"

	dunglas "github.com/dunglas/go-urlpattern"

	"github.com/urikit/urikit/internal/conformance"
	"github.com/urikit/urikit/urlpattern"
	"github.com/urikit/urikit/whatwg"
)

// urlPatternInputs returns the inputs of c: its Input, or the lines of its
// dataset.
func urlPatternInputs(tb testing.TB, c patterncases.URLPatternCase) []string {
	if c.Dataset == "" {
		return []string{c.Input}
	}
	for _, d := range conformance.Datasets(tb) {
		if d.Name == c.Dataset {
			return d.Lines
		}
	}
	tb.Skipf("no dataset %s", c.Dataset)
	return nil
}

// compileBoth compiles c's pattern with urikit and with dunglas.
func compileBoth(tb testing.TB, c patterncases.URLPatternCase) (*urlpattern.Pattern, *dunglas.URLPattern) {
	u, err := urlpattern.New(c.Pattern, urlpattern.Options{})
	if err != nil {
		tb.Fatalf("%s: urikit: %v", c.Name, err)
	}
	d, err := dunglas.New(c.Pattern, "", nil)
	if err != nil {
		tb.Fatalf("%s: dunglas: %v", c.Name, err)
	}
	return u, d
}

// TestURLPatternPeersAgree checks that urikit and dunglas/go-urlpattern
// give the same Test result on every input of every case, so that the
// benchmark compares the same work.
func TestURLPatternPeersAgree(t *testing.T) {
	for _, c := range patterncases.URLPatternCases() {
		u, d := compileBoth(t, c)
		hits := 0
		for _, in := range urlPatternInputs(t, c) {
			a, b := u.Test(in), d.Test(in, "")
			if a != b {
				t.Errorf("%s: %q: urikit %v, dunglas %v", c.Name, in, a, b)
			}
			if a {
				hits++
			}
		}
		t.Logf("%s: %d hits", c.Name, hits)
		if c.Name == "miss" && hits != 0 || c.Name != "miss" && hits == 0 {
			t.Errorf("%s: %d hits", c.Name, hits)
		}
	}
}

// BenchmarkURLPatternTest is one pattern's Test of one URL (or of every
// line of a dataset: ns/op is then per line): urikit against dunglas.
func BenchmarkURLPatternTest(b *testing.B) {
	for _, c := range patterncases.URLPatternCases() {
		u, d := compileBoth(b, c)
		inputs := urlPatternInputs(b, c)
		b.Run("urikit/"+c.Name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				_ = u.Test(inputs[i%len(inputs)])
			}
		})
		b.Run("dunglas/"+c.Name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				_ = d.Test(inputs[i%len(inputs)], "")
			}
		})
	}
}

// routerSet returns a Set of 1,000 patterns built from every 7th URL of
// the datasets, and every URL of the datasets.
func routerSet(tb testing.TB) (*urlpattern.Set, []string) {
	var urls, sample []string
	for _, d := range conformance.Datasets(tb) {
		urls = append(urls, d.Lines...)
	}
	for i := 0; i < len(urls); i += 7 {
		sample = append(sample, urls[i])
	}
	var s urlpattern.Set
	for _, src := range patterncases.RouterPatterns(sample, 1000) {
		p, err := urlpattern.New(src, urlpattern.Options{})
		if err != nil {
			tb.Fatalf("%q: %v", src, err)
		}
		s.Add(p)
	}
	if s.Len() != 1000 {
		tb.Fatalf("%d patterns, want 1000", s.Len())
	}
	return &s, urls
}

// TestURLPatternSetAgrees checks that the Set's index finds what trying
// every pattern in turn finds, on a tenth of the dataset URLs.
func TestURLPatternSetAgrees(t *testing.T) {
	s, urls := routerSet(t)
	var got, want []int
	matched := 0
	for i := 0; i < len(urls); i += 10 {
		got, want = s.Match(urls[i], got[:0]), matchNaive(s, urls[i], want[:0])
		if !slices.Equal(got, want) {
			t.Fatalf("%q: Set %v, naive %v", urls[i], got, want)
		}
		if len(got) > 0 {
			matched++
		}
	}
	if matched == 0 {
		t.Error("no URL matched a pattern")
	}
}

// BenchmarkURLPatternSet matches dataset URLs against 1,000 patterns: the
// Set's index against the naive loop (both parse the URL once).
func BenchmarkURLPatternSet(b *testing.B) {
	s, urls := routerSet(b)
	b.Run("indexed/1000", func(b *testing.B) {
		var dst []int
		for i := 0; b.Loop(); i++ {
			dst = s.Match(urls[i%len(urls)], dst[:0])
		}
	})
	b.Run("naive/1000", func(b *testing.B) {
		var dst []int
		for i := 0; b.Loop(); i++ {
			dst = matchNaive(s, urls[i%len(urls)], dst[:0])
		}
	})
}

// matchNaive is Set.Match by trying every pattern in turn (TestURL on the
// URL parsed once): the reference the index is checked against and the
// baseline of its measure. (It was urlpattern's Set.MatchNaive, a test
// oracle that API.md §7 keeps out of the library.)
func matchNaive(s *urlpattern.Set, input string, dst []int) []int {
	u, err := whatwg.Parse(input)
	if err != nil {
		return dst
	}
	for i := range s.Len() {
		if s.Pattern(i).TestURL(&u) {
			dst = append(dst, i)
		}
	}
	return dst
}
