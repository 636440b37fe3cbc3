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
func datasetFiles(b *testing.B) []string {
	files, _ := filepath.Glob(filepath.Join("..", "..", "shared", "datasets", "*.txt"))
	if len(files) == 0 {
		b.Skip("no datasets in ../shared/datasets")
	}
	return files
}

func readLines(b *testing.B, name string) ([]string, int64) {
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
// with urikit (whatwg.Parse + Href) and with net/url (Parse + String).
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
					u, err := Parse(s, nil)
					if err == nil {
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
