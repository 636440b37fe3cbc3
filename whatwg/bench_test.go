package whatwg

import (
	"bufio"
	"net/url"
	"os"
	"path/filepath"
	"testing"
)

// datasetFiles returns the benchmark URL lists (one URL per line) from
// ../shared/datasets relative to the repository root, or skips.
func datasetFiles(b testing.TB) []string {
	files, _ := filepath.Glob(filepath.Join("..", "..", "shared", "datasets", "*.txt"))
	if len(files) == 0 {
		b.Skip("no datasets in ../shared/datasets")
	}
	return files
}

func readLines(b testing.TB, name string) ([]string, int64) {
	f, err := os.Open(name)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var lines []string
	var n int64
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
		n += int64(len(sc.Text()))
	}
	if err := sc.Err(); err != nil {
		b.Fatal(err)
	}
	return lines, n
}

// BenchmarkParse parses every line of each dataset and reads its href,
// with urikit (whatwg.Parse + Href, and ParseInto into one reused URL) and
// with net/url (Parse + String).
// ns/op is per file pass; divide by the line count for ns/URL (reported
// as the ns/URL metric).
func BenchmarkParse(b *testing.B) {
	for _, file := range datasetFiles(b) {
		lines, size := readLines(b, file)
		base := filepath.Base(file)
		b.Run("urikit/"+base, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(size)
			n := 0
			for b.Loop() {
				for _, s := range lines {
					u, err := Parse(s)
					if err == nil {
						n += len(u.Href())
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/URL")
			_ = n
		})
		b.Run("urikit-into/"+base, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(size)
			n := 0
			var u URL
			for b.Loop() {
				for _, s := range lines {
					if ParseInto(&u, s) == nil {
						n += len(u.Href())
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/URL")
			_ = n
		})
		b.Run("neturl/"+base, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(size)
			n := 0
			for b.Loop() {
				for _, s := range lines {
					u, err := url.Parse(s)
					if err == nil {
						n += len(u.String())
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/URL")
			_ = n
		})
	}
}

// BenchmarkParseWithFindings measures the validating parse over the datasets.
func BenchmarkParseWithFindings(b *testing.B) {
	for _, file := range datasetFiles(b) {
		lines, size := readLines(b, file)
		b.Run(filepath.Base(file), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(size)
			for b.Loop() {
				for _, s := range lines {
					_, _, _ = ParseWithFindings(s)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/URL")
		})
	}
}

// BenchmarkSetters measures a round of setters on a typical URL.
func BenchmarkSetters(b *testing.B) {
	base := MustParse("https://user:pw@example.org:8080/a/b/c?q=1#frag")
	b.ReportAllocs()
	for b.Loop() {
		u := base
		u.SetHostname("example.net")
		u.SetPort("8443")
		u.SetPathname("/x/y/../z")
		u.SetSearch("a=b")
		u.SetHash("top")
	}
}
