package urlpattern

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/conformance"
	"github.com/urikit/urikit/whatwg"
)

// routerPatterns builds n realistic patterns from the URLs of the
// datasets: exact pages, a first path segment with a named group or a
// wildcard, subdomain wildcards, any-protocol and regexp patterns.
func routerPatterns(tb testing.TB, urls []string, n int) []*Pattern {
	tb.Helper()
	var ps []*Pattern
	seen := map[string]bool{}
	for i := 0; len(ps) < n && i < len(urls); i++ {
		u, err := whatwg.Parse(urls[i])
		if err != nil || !u.IsSpecial() || u.Hostname() == "" {
			continue
		}
		host := escapePatternString(u.Hostname())
		seg := u.Pathname()
		if j := strings.IndexByte(seg[min(1, len(seg)):], '/'); j >= 0 {
			seg = seg[:j+1]
		}
		seg = escapePatternString(seg)
		var s string
		switch i % 6 {
		case 0:
			s = u.Scheme() + "://" + host + escapePatternString(u.Pathname())
		case 1:
			s = u.Scheme() + "://" + host + seg + "/:id"
		case 2:
			s = u.Scheme() + "://" + host + seg + "/*"
		case 3:
			if k := strings.IndexByte(host, '.'); k >= 0 && strings.Count(host, ".") >= 2 {
				s = "http{s}?://*" + host[k:] + "/*"
			} else {
				s = "http{s}?://" + host + "/*"
			}
		case 4:
			s = "*://" + host + ":*" + seg + "{/*}?"
		case 5:
			s = u.Scheme() + "://" + host + seg + "/:n(\\d+)"
		}
		if seen[s] {
			continue
		}
		seen[s] = true
		p, err := New(s, Options{})
		if err != nil {
			tb.Fatalf("pattern %q from %q: %v", s, urls[i], err)
		}
		ps = append(ps, p)
	}
	return ps
}

func datasetURLs(tb testing.TB) []string {
	var urls []string
	for _, d := range conformance.Datasets(tb) {
		urls = append(urls, d.Lines...)
	}
	return urls
}

func TestSetAgainstNaive(t *testing.T) {
	urls := datasetURLs(t)
	// Patterns from every 7th URL, tested against all of them, so that
	// some match and most do not.
	var sample []string
	for i := 0; i < len(urls); i += 7 {
		sample = append(sample, urls[i])
	}
	ps := routerPatterns(t, sample, 1000)
	var s Set
	for _, p := range ps {
		s.Add(p)
	}
	s.Add(nil)
	s.Add(&Pattern{})
	mustNew := func(in string) *Pattern {
		p, err := New(in, Options{IgnoreCase: true})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	s.Add(mustNew("*://*/Node_Modules/*"))
	s.Add(mustNew("file:*"))
	matched, checked := 0, 0
	var got, want []int
	for i, u := range urls {
		if i%10 != 0 {
			continue
		}
		got = s.Match(u, got[:0])
		want = matchNaive(&s, u, want[:0])
		checked++
		if len(got) > 0 {
			matched++
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%q: Match %v, the naive loop %v", u, got, want)
		}
	}
	t.Logf("%d patterns, %d URLs checked, %d matched at least one", s.Len(), checked, matched)
	if matched < checked/20 {
		t.Errorf("only %d of %d URLs matched a pattern: the test proves little", matched, checked)
	}
	if s.Pattern(-1) != nil || s.Pattern(s.Len()) != nil || s.Pattern(0) != ps[0] {
		t.Error("Pattern(i) does not give the pattern added")
	}
}

// BenchmarkSet matches the dataset URLs against 1,000 patterns built from
// them: the indexed Set against the naive loop over every pattern.
func BenchmarkSet(b *testing.B) {
	urls := datasetURLs(b)
	var sample []string
	for i := 0; i < len(urls); i += 7 {
		sample = append(sample, urls[i])
	}
	ps := routerPatterns(b, sample, 1000)
	var s Set
	for _, p := range ps {
		s.Add(p)
	}
	parsed := make([]*whatwg.URL, 0, len(urls))
	for _, u := range urls {
		if v, err := whatwg.Parse(u); err == nil {
			parsed = append(parsed, &v)
		}
	}
	b.Run(fmt.Sprintf("indexed/%d", len(ps)), func(b *testing.B) {
		var dst []int
		for i := 0; i < b.N; i++ {
			dst = s.MatchURL(parsed[i%len(parsed)], dst[:0])
		}
	})
	b.Run(fmt.Sprintf("naive/%d", len(ps)), func(b *testing.B) {
		var dst []int
		for i := 0; i < b.N; i++ {
			u := parsed[i%len(parsed)]
			v := urlComponents(u)
			dst = dst[:0]
			for id, p := range s.patterns {
				if p.test(&v) {
					dst = append(dst, id)
				}
			}
		}
	})
}

// matchNaive is Match by trying every pattern in turn: the reference that
// Match is tested against, and the baseline of its benchmark.
func matchNaive(s *Set, input string, dst []int) []int {
	u, err := whatwg.Parse(input)
	if err != nil {
		return dst
	}
	v := urlComponents(&u)
	for id, p := range s.patterns {
		if p.test(&v) {
			dst = append(dst, id)
		}
	}
	return dst
}
