package main

// The "Purl" section: urikit's purl package against
// github.com/package-url/packageurl-go, parse then canonical string of
// every line of testdata/purls.txt (written by cmd/genpurls), measured in
// the same process in alternating rounds with process CPU time, as the
// "WHATWG vs ada" section does. Before timing, the canonical strings of
// both are compared on every line both accept.

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	packageurl "github.com/package-url/packageurl-go"

	"github.com/urikit/urikit/purl"
)

var (
	purlEnabled = flag.Bool("purl", true, "also measure urikit's purl package against packageurl-go (section \"Purl\")")
	purlOnly    = flag.Bool("purl-only", false, "run only the purl comparison and print its section on standard output")
	purlRounds  = flag.Int("purl-rounds", 9, "alternating rounds of the purl comparison (-short: 3)")
	purlCount   = flag.Int("purl-purls", 200000, "purls parsed per measurement (repeated passes over the set; -short: a quarter)")
)

// purlTarget is the speed the purl issue asks: urikit's parse and
// canonical string at least this many times faster than packageurl-go's.
const purlTarget = 5.0

const purlFile = "testdata/purls.txt"

// purlImpls are the two implementations: parse then canonical string,
// "" when the line is refused.
var purlImpls = []struct {
	name string
	f    func(string) string
}{
	{"urikit", func(s string) string {
		p, err := purl.Parse(s)
		if err != nil {
			return ""
		}
		return p.String()
	}},
	{"packageurl-go", func(s string) string {
		p, err := packageurl.FromString(s)
		if err != nil {
			return ""
		}
		return p.ToString()
	}},
}

// purlSection measures and writes the section to w. It never fails the
// report: when the comparison cannot run, the section says why.
func purlSection(w io.Writer, short bool) {
	rounds, count := *purlRounds, *purlCount
	if short {
		rounds, count = min(rounds, 3), count/4
	}
	fmt.Fprintf(w, "## Purl\n\n")
	data, err := os.ReadFile(purlFile)
	if err != nil {
		fmt.Fprintf(w, "Skipped: %v.\n\n", err)
		return
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	size := len(data) - len(lines)
	// The check: the same canonical string on every line both accept.
	ours, theirs, both, differ := 0, 0, 0, 0
	for _, l := range lines {
		a, b := purlImpls[0].f(l), purlImpls[1].f(l)
		if a != "" {
			ours++
		}
		if b != "" {
			theirs++
		}
		if a != "" && b != "" {
			both++
			if a != b {
				differ++
			}
		}
	}
	reps := max(1, count/len(lines))
	ns := map[string][]float64{}
	var ratios []float64
	for r := range rounds {
		round := map[string]float64{}
		for k := range purlImpls {
			impl := purlImpls[(k+r)%len(purlImpls)]
			runtime.GC()
			t0 := cpuNanos()
			for range reps {
				for _, l := range lines {
					_ = impl.f(l)
				}
			}
			round[impl.name] = float64(cpuNanos()-t0) / float64(reps*len(lines))
			ns[impl.name] = append(ns[impl.name], round[impl.name])
		}
		ratios = append(ratios, round["packageurl-go"]/round["urikit"])
	}
	ratio := medianOf(ratios)
	fmt.Fprintf(w, "Parse then canonical string (`purl.Parse` and `String`; packageurl-go's `FromString` and `ToString`) "+
		"of every line of `bench/testdata/purls.txt` (%d purls, %d bytes), written by `go run ./cmd/genpurls`: "+
		"every purl string of the purl-spec test suite (inputs and expected outputs, accepted or not), "+
		"then purls of well-known packages of nine ecosystems (popular npm, PyPI, Maven, Go, crates.io, RubyGems, NuGet, Docker Hub and GitHub names) "+
		"at a few versions, written canonically and in the spellings producers use (uppercase type, `pkg://`, an unencoded npm scope, qualifiers out of order). "+
		"`BenchmarkPurl` runs the same work with `go test -bench`. ", len(lines), size)
	fmt.Fprintf(w, "%d alternating rounds in one process (the order switching every round), each parsing about %d purls with each "+
		"(%d passes over the set); time is process CPU time (the garbage collector's included); each cell is the median ns/purl of the rounds. "+
		"× is packageurl-go's time divided by urikit's (above 1, urikit is faster): the median of the per-round ratios; target ≥ %.0f×. "+
		"canonical: whether both give the same string on every line both accept (urikit accepts %d lines, packageurl-go %d, both %d).\n\n",
		rounds, reps*len(lines), reps, purlTarget, ours, theirs, both)
	check := "same"
	if differ > 0 {
		check = fmt.Sprintf("**%d lines differ**", differ)
	}
	fmt.Fprintf(w, "| purls | urikit ns/purl | urikit MB/s | packageurl-go ns/purl | packageurl-go MB/s | × | target | canonical |\n")
	fmt.Fprintf(w, "| ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |\n")
	mbs := func(nsPerPurl float64) float64 {
		return float64(size) / float64(len(lines)) / nsPerPurl * 1e3
	}
	u, p := medianOf(ns["urikit"]), medianOf(ns["packageurl-go"])
	fmt.Fprintf(w, "| %d | %.0f | %.1f | %.0f | %.1f | %.2f× | %s | %s |\n\n",
		len(lines), u, mbs(u), p, mbs(p), ratio, verdict(ratio >= purlTarget), check)
}

// purlOnlyMain runs the comparison alone and prints its section.
func purlOnlyMain(short bool) {
	purlSection(os.Stdout, short)
}
