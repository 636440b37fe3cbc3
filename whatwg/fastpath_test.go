package whatwg

import (
	"path/filepath"
	"testing"
)

// parseGeneral runs the basic URL parser's state machine without the
// whole-URL fast path.
func parseGeneral(input string, base *URL) (*URL, error) {
	p := parser{base: base, virt: true}
	u := new(URL)
	if !p.parse(input, u) {
		return nil, &Error{Input: input, Code: p.failCode, Offset: p.failOff}
	}
	return u, nil
}

// checkFast compares the fast path with the state machine on s: when the
// fast path takes s, the URL must be the state machine's, byte for byte.
// It reports whether the fast path took s.
func checkFast(t testing.TB, s string, base *URL) bool {
	t.Helper()
	var u URL
	if !parseCanonical(s, &u) {
		return false
	}
	g, err := parseGeneral(s, base)
	if err != nil {
		t.Fatalf("%q: fast path accepts, state machine fails: %v", s, err)
	}
	if u != *g {
		t.Fatalf("%q: fast path %s, state machine %s", s, u.debugString(), g.debugString())
	}
	return true
}

func TestFastPathDatasets(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "shared", "datasets", "*.txt"))
	if len(files) == 0 {
		t.Skip("no datasets")
	}
	for _, f := range files {
		lines, _ := readLines(t, f)
		fast := 0
		for _, s := range lines {
			if checkFast(t, s, nil) {
				fast++
			}
		}
		t.Logf("%s: %d of %d lines on the fast path", filepath.Base(f), fast, len(lines))
	}
}

// BenchmarkCanParse runs CanParse over each dataset (ns/URL metric).
func BenchmarkCanParse(b *testing.B) {
	for _, file := range datasetFiles(b) {
		lines, size := readLines(b, file)
		b.Run(filepath.Base(file), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(size)
			n := 0
			for b.Loop() {
				for _, s := range lines {
					if CanParse(s, nil) {
						n++
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/URL")
		})
	}
}
