package bench

import (
	"os"
	"strings"
	"testing"

	packageurl "github.com/package-url/packageurl-go"

	"github.com/urikit/urikit/purl"
)

// purlLines returns the lines of testdata/purls.txt (written by
// cmd/genpurls: the purl strings of the purl-spec test suite and purls of
// well-known packages in several spellings) and their total size.
func purlLines(tb testing.TB) ([]string, int) {
	tb.Helper()
	data, err := os.ReadFile("testdata/purls.txt")
	if err != nil {
		tb.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	return lines, len(data) - len(lines)
}

// comparePurls checks that urikit's purl package and packageurl-go give
// the same canonical string on every line both accept, and returns how
// many lines each accepts and how many both do.
func comparePurls(tb testing.TB, lines []string) (ours, theirs, both int) {
	tb.Helper()
	for _, l := range lines {
		p, err1 := purl.Parse(l)
		q, err2 := packageurl.FromString(l)
		if err1 == nil {
			ours++
		}
		if err2 == nil {
			theirs++
		}
		if err1 == nil && err2 == nil {
			both++
			if p.String() != q.ToString() {
				tb.Errorf("%q: urikit %q, packageurl-go %q", l, p, q.ToString())
			}
		}
		// AppendCanonical, measured too, must write what Parse gives.
		if b, err := purl.AppendCanonical(nil, l); (err == nil) != (err1 == nil) || err == nil && string(b) != p.String() {
			tb.Errorf("%q: AppendCanonical %q, %v; Parse %q, %v", l, b, err, p, err1)
		}
	}
	return ours, theirs, both
}

// TestPurlSameCanonical is the benchmark's setup check on its own, so
// that "go test" runs it.
func TestPurlSameCanonical(t *testing.T) {
	lines, _ := purlLines(t)
	ours, theirs, both := comparePurls(t, lines)
	t.Logf("%d purls: urikit accepts %d, packageurl-go %d, both %d, with the same canonical form", len(lines), ours, theirs, both)
}

// BenchmarkPurl parses every line of testdata/purls.txt and writes its
// canonical form: urikit's purl.Parse and String, urikit's
// AppendCanonical into a buffer used again, and packageurl-go's
// FromString and ToString. The setup fails when they give different
// canonical forms on a line both accept.
func BenchmarkPurl(b *testing.B) {
	lines, size := purlLines(b)
	ours, theirs, both := comparePurls(b, lines)
	b.Logf("%d purls: urikit accepts %d, packageurl-go %d, both %d", len(lines), ours, theirs, both)
	run := func(name string, f func(string) string) {
		b.Run(name+"/purls", func(b *testing.B) {
			b.SetBytes(int64(size))
			b.ReportAllocs()
			for b.Loop() {
				for _, l := range lines {
					_ = f(l)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(lines)), "ns/purl")
		})
	}
	run("urikit", func(s string) string {
		p, err := purl.Parse(s)
		if err != nil {
			return ""
		}
		return p.String()
	})
	var buf []byte
	run("urikit-append", func(s string) string {
		buf, _ = purl.AppendCanonical(buf[:0], s)
		return ""
	})
	run("packageurl-go", func(s string) string {
		p, err := packageurl.FromString(s)
		if err != nil {
			return ""
		}
		return p.ToString()
	})
}
