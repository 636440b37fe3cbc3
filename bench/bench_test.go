package bench

import (
	"net/url"
	"testing"

	"github.com/PuerkitoBio/purell"
	fredbi "github.com/fredbi/uri"
	nlnwa "github.com/nlnwa/whatwg-url/url"

	"github.com/urikit/urikit/internal/conformance"
	"github.com/urikit/urikit/uri"
	"github.com/urikit/urikit/whatwg"
)

// each runs f over every line of every dataset as sub-benchmark
// impl/dataset, reporting bytes and allocations.
func each(b *testing.B, impl string, f func(string) bool) {
	for _, d := range conformance.Datasets(b) {
		b.Run(impl+"/"+d.Name, func(b *testing.B) {
			b.SetBytes(int64(d.Bytes))
			b.ReportAllocs()
			ok := 0
			for b.Loop() {
				ok = 0
				for _, line := range d.Lines {
					if f(line) {
						ok++
					}
				}
			}
			b.ReportMetric(float64(ok), "ok/op")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(d.Lines)), "ns/URL")
		})
	}
}

// BenchmarkParseRFC3986 parses each line as an RFC 3986 URI-reference.
func BenchmarkParseRFC3986(b *testing.B) {
	each(b, "urikit", func(s string) bool { _, err := uri.Parse(s); return err == nil })
	each(b, "neturl", func(s string) bool { _, err := url.Parse(s); return err == nil })
	each(b, "fredbi", func(s string) bool { _, err := fredbi.ParseReference(s); return err == nil })
}

// BenchmarkNormalize normalizes each line at the scheme-based level
// (syntax-based steps plus default/empty ports); purell runs with
// FlagsSafe plus dot-segment removal, the same steps.
func BenchmarkNormalize(b *testing.B) {
	each(b, "urikit", func(s string) bool { _, err := uri.NormalizeString(s, uri.SchemeBased); return err == nil })
	each(b, "purell", func(s string) bool {
		_, err := purell.NormalizeURLString(s, purell.FlagsSafe|purell.FlagRemoveDotSegments)
		return err == nil
	})
}

// BenchmarkParseWHATWG parses each line with the WHATWG URL parser and
// reads its href; net/url's Parse and String stand in for comparison.
func BenchmarkParseWHATWG(b *testing.B) {
	each(b, "urikit", func(s string) bool {
		u, err := whatwg.Parse(s)
		return err == nil && u.Href() != ""
	})
	p := nlnwa.NewParser()
	each(b, "nlnwa", func(s string) bool {
		u, err := p.Parse(s)
		return err == nil && u.Href(false) != ""
	})
	each(b, "neturl", func(s string) bool {
		u, err := url.Parse(s)
		return err == nil && u.String() != ""
	})
}

// BenchmarkResolve resolves every line against a fixed base.
func BenchmarkResolve(b *testing.B) {
	ubase := uri.MustParse("http://a/b/c/d;p?q")
	nbase, _ := url.Parse("http://a/b/c/d;p?q")
	each(b, "urikit", func(s string) bool {
		r, err := uri.Parse(s)
		if err != nil {
			return false
		}
		t, err := uri.Resolve(ubase, r)
		return err == nil && !t.IsZero()
	})
	each(b, "neturl", func(s string) bool {
		r, err := url.Parse(s)
		if err != nil {
			return false
		}
		return nbase.ResolveReference(r) != nil
	})
}
