package main

// The "Purl" section: urikit's purl package (Parse then String, and
// AppendCanonical) against github.com/package-url/packageurl-go, parse
// then canonical string of every line of testdata/purls.txt (written by
// cmd/genpurls), measured in the same process in alternating rounds with
// process CPU time, as the "WHATWG vs ada" section does. Before timing,
// the canonical strings are compared on every line.

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

// A purlImpl is one way to parse a purl and write its canonical form.
// canonical is the form of one line ("" when it is refused), for the
// check before timing; pass runs the work on every line once, as it is
// timed, and returns the number of bytes it wrote, which the section
// checks against the canonical forms (the work is done, and kept out of
// the compiler's reach).
type purlImpl struct {
	name      string
	canonical func(string) string
	pass      func([]string) int
}

// purlImpls are urikit's two forms, the value and the bulk one, and
// packageurl-go's.
func purlImpls() []purlImpl {
	parse := func(s string) string {
		p, err := purl.Parse(s)
		if err != nil {
			return ""
		}
		return p.String()
	}
	theirs := func(s string) string {
		p, err := packageurl.FromString(s)
		if err != nil {
			return ""
		}
		return p.ToString()
	}
	var buf []byte
	return []purlImpl{
		{"urikit Parse+String", parse, func(lines []string) (n int) {
			for _, l := range lines {
				n += len(parse(l))
			}
			return n
		}},
		{"urikit AppendCanonical", func(s string) string {
			b, err := purl.AppendCanonical(nil, s)
			if err != nil {
				return ""
			}
			return string(b)
		}, func(lines []string) (n int) {
			for _, l := range lines {
				buf, _ = purl.AppendCanonical(buf[:0], l)
				n += len(buf)
			}
			return n
		}},
		{"packageurl-go", theirs, func(lines []string) (n int) {
			for _, l := range lines {
				n += len(theirs(l))
			}
			return n
		}},
	}
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
	impls := purlImpls()
	theirs := impls[len(impls)-1]
	// The check: urikit's two forms write the same text on every line,
	// and the same canonical string as packageurl-go on every line both
	// accept.
	ours, accepted, both, differ := 0, 0, 0, 0
	written := map[string]int{} // bytes a pass writes
	forms := make([]string, len(impls))
	for _, l := range lines {
		for k, impl := range impls {
			forms[k] = impl.canonical(l)
			written[impl.name] += len(forms[k])
		}
		a, b := forms[0], forms[len(forms)-1]
		if forms[1] != a {
			differ++
		}
		if a != "" {
			ours++
		}
		if b != "" {
			accepted++
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
	ratios := map[string][]float64{}
	for r := range rounds {
		round := map[string]float64{}
		for k := range impls {
			impl := impls[(k+r)%len(impls)]
			runtime.GC()
			t0 := cpuNanos()
			for range reps {
				if n := impl.pass(lines); n != written[impl.name] {
					differ++
				}
			}
			round[impl.name] = float64(cpuNanos()-t0) / float64(reps*len(lines))
			ns[impl.name] = append(ns[impl.name], round[impl.name])
		}
		for _, impl := range impls[:len(impls)-1] {
			ratios[impl.name] = append(ratios[impl.name], round[theirs.name]/round[impl.name])
		}
	}
	fmt.Fprintf(w, "Parse then canonical string of every line of `bench/testdata/purls.txt` (%d purls, %d bytes), written by `go run ./cmd/genpurls`: "+
		"every purl string of the purl-spec test suite (inputs and expected outputs, accepted or not), "+
		"then purls of well-known packages of nine ecosystems (popular npm, PyPI, Maven, Go, crates.io, RubyGems, NuGet, Docker Hub and GitHub names) "+
		"at a few versions, written canonically and in the spellings producers use (uppercase type, `pkg://`, an unencoded npm scope, qualifiers out of order). "+
		"urikit is measured in its two forms: `purl.Parse` then `String` (a `PURL` value, whose canonical text is allocated when the input is not canonical already), "+
		"and `purl.AppendCanonical` into a buffer used again (the form for bulk work: the same text, written without allocating); "+
		"packageurl-go has one: `FromString` then `ToString`. `BenchmarkPurl` runs the same work with `go test -bench`. ", len(lines), size)
	fmt.Fprintf(w, "%d alternating rounds in one process (the order turning every round), each parsing about %d purls with each "+
		"(%d passes over the set); time is process CPU time (the garbage collector's included); each cell is the median ns/purl of the rounds. "+
		"× is packageurl-go's time divided by urikit's (above 1, urikit is faster): the median of the per-round ratios; target ≥ %.0f×. "+
		"canonical: whether all give the same string on every line packageurl-go accepts too, and every timed pass wrote as many bytes as those strings hold (urikit accepts %d lines, packageurl-go %d, both %d).\n\n",
		rounds, reps*len(lines), reps, purlTarget, ours, accepted, both)
	check := "same"
	if differ > 0 {
		check = fmt.Sprintf("**%d lines differ**", differ)
	}
	mbs := func(nsPerPurl float64) float64 {
		return float64(size) / float64(len(lines)) / nsPerPurl * 1e3
	}
	p := medianOf(ns[theirs.name])
	fmt.Fprintf(w, "| urikit form | purls | urikit ns/purl | urikit MB/s | packageurl-go ns/purl | packageurl-go MB/s | × | target | canonical |\n")
	fmt.Fprintf(w, "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |\n")
	for _, impl := range impls[:len(impls)-1] {
		u, ratio := medianOf(ns[impl.name]), medianOf(ratios[impl.name])
		fmt.Fprintf(w, "| %s | %d | %.0f | %.1f | %.0f | %.1f | %.2f× | %s | %s |\n",
			strings.TrimPrefix(impl.name, "urikit "), len(lines), u, mbs(u), p, mbs(p), ratio, verdict(ratio >= purlTarget), check)
	}
	fmt.Fprintf(w, "\n")
}

// purlOnlyMain runs the comparison alone and prints its section.
func purlOnlyMain(short bool) {
	purlSection(os.Stdout, short)
}
