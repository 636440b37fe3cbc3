package main

// The "URLPattern" section: urikit's urlpattern package against
// github.com/dunglas/go-urlpattern (Go) and ada's url_pattern (C++, with
// its std::regex provider), one pattern's Test measured in the same run
// in alternating rounds; and a Set of 1,000 patterns built from the
// datasets against the naive loop that tries every pattern.
//
// The ada side is bench/ada/urlpattern.cpp, built at run time from
// ../shared/peers/ada like the "WHATWG vs ada" driver (ada.go), with
// -DADA_USE_UNSAFE_STD_REGEX_PROVIDER, and cached the same way. It is
// sent the patterns and the inputs on a pipe and answers one timed
// command at a time. Time is process CPU time on every side; each cell is
// the median of the rounds, the order of the implementations rotating
// every round. Before timing, every side's Test result on every input is
// compared: a disagreement is shown in the table.

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	dunglas "github.com/dunglas/go-urlpattern"

	"github.com/urikit/urikit/bench/internal/patterncases"
	"github.com/urikit/urikit/urlpattern"
	"github.com/urikit/urikit/whatwg"
)

var (
	upEnabled = flag.Bool("urlpattern", true, "also measure urikit's urlpattern against dunglas/go-urlpattern and ada's url_pattern (C++), and its Set against the naive loop (section \"URLPattern\")")
	upOnly    = flag.Bool("urlpattern-only", false, "run only the URLPattern comparison and print its section on standard output")
	upRounds  = flag.Int("urlpattern-rounds", 5, "alternating rounds of the URLPattern comparison (-short: 3)")
	upTests   = flag.Int("urlpattern-tests", 100000, "Test calls per measurement of urikit and ada (dunglas: a twentieth of it, at least one pass over the inputs; -short: a quarter)")
)

// upImpls are the implementations of the single-pattern table, in
// column order.
var upImpls = []string{"urikit", "dunglas", "ada"}

// upCase is one single-pattern case as every side sees it.
type upCase struct {
	patterncases.URLPatternCase
	inputs  []string
	u       *urlpattern.Pattern
	d       *dunglas.URLPattern
	adaPID  int    // the driver's pattern id, -1 without ada
	adaIID  int    // the driver's input list id
	results string // urikit's Test of each input, as '0'/'1'
	// check is "" when every side gave urikit's results, else what
	// differed.
	check string
	hits  int
	ns    map[string][]float64 // ns/Test per round, by implementation
	ratio map[string][]float64 // peer ÷ urikit per round, by peer
	alloc map[string][2]float64
}

// urlpatternSection measures and writes the section to w. It never fails
// the report: what cannot run is said in the section.
func urlpatternSection(w io.Writer, short bool) {
	rounds, tests := *upRounds, *upTests
	if short {
		rounds, tests = min(rounds, 3), tests/4
	}
	fmt.Fprintf(w, "## URLPattern\n\n")
	cases, adaNote, err := upMeasure(rounds, tests)
	if err != nil {
		log.Printf("URLPattern comparison skipped: %v", err)
		fmt.Fprintf(w, "Skipped: %v.\n\n", err)
		return
	}
	fmt.Fprintf(w, "One pattern's `Test` of a URL string (parse, then match): urikit's `urlpattern` against "+
		"[dunglas/go-urlpattern](https://github.com/dunglas/go-urlpattern) %s and ada's `url_pattern` %s (C++, `std::regex` provider), "+
		"in %d alternating rounds (the order of the three rotating every round), each measuring every case with about %d `Test` calls "+
		"(dunglas: %d, at least one pass); time is process CPU time; each cell is the median ns per `Test` of the rounds. "+
		"× is the peer's time divided by urikit's (above 1, urikit is faster): the median of the per-round ratios. "+
		"The dataset row tests every line of the file in turn. agree: every side's result on every input is checked before timing.\n\n",
		upModVersion("github.com/dunglas/go-urlpattern"), adaVersion(), rounds, tests, max(1, tests/20))
	if adaNote != "" {
		fmt.Fprintf(w, "ada: %s.\n\n", adaNote)
	} else {
		fmt.Fprintf(w, "ada built from `%s` with `%s`.\n\n", *adaSrc, strings.Join(upBuildArgs("<ada>", "urlpattern"), " "))
	}
	fmt.Fprintf(w, "| case | pattern | input | urikit ns | allocs | dunglas ns | allocs | × | ada ns | × | agree |\n")
	fmt.Fprintf(w, "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n")
	for _, c := range cases {
		med := func(impl string) string {
			if len(c.ns[impl]) == 0 {
				return "–"
			}
			return fmt.Sprintf("%.0f", medianOf(c.ns[impl]))
		}
		ratio := func(impl string) string {
			if len(c.ratio[impl]) == 0 {
				return "–"
			}
			return fmt.Sprintf("%.2f×", medianOf(c.ratio[impl]))
		}
		allocs := func(impl string) string {
			a := c.alloc[impl]
			return fmt.Sprintf("%.1f (%.0f B)", a[0], a[1])
		}
		input := "`" + c.Input + "`"
		if c.Dataset != "" {
			input = fmt.Sprintf("%s (%d lines)", c.Dataset, len(c.inputs))
		}
		check := fmt.Sprintf("same (hits: %d)", c.hits)
		if c.check != "" {
			check = "DIFFERENT: " + c.check
		}
		fmt.Fprintf(w, "| %s | `%s` | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", c.Name, c.Pattern, input,
			med("urikit"), allocs("urikit"), med("dunglas"), allocs("dunglas"), ratio("dunglas"),
			med("ada"), ratio("ada"), check)
	}
	fmt.Fprintln(w)
	upSetSection(w, rounds, tests)
}

// upModVersion returns the version of module path in this build, or "".
func upModVersion(path string) string {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Version}}", path).Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// upBuildArgs returns the compiler arguments that build the driver.
func upBuildArgs(src, out string) []string {
	return []string{"-O3", "-march=native", "-std=c++20", "-DADA_USE_UNSAFE_STD_REGEX_PROVIDER", "-I", src,
		filepath.Join("ada", "urlpattern.cpp"), filepath.Join(src, "ada.cpp"), "-o", out}
}

// upBuild builds the url_pattern driver, or reuses the one built from
// the same sources with the same compiler, and returns its path.
func upBuild() (string, error) {
	return cxxBuild("urlpattern", filepath.Join("ada", "urlpattern.cpp"), upBuildArgs)
}

// upDriver is the running ada driver.
type upDriver struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	rd    *bufio.Reader
}

func startUpDriver() (*upDriver, error) {
	path, err := upBuild()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(path)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	d := &upDriver{cmd: cmd, stdin: stdin, rd: bufio.NewReaderSize(stdout, 1<<16)}
	if s, err := d.line(); err != nil || s != "ready" {
		d.close()
		return nil, fmt.Errorf("ada url_pattern driver: not ready (%q, %v)", s, err)
	}
	return d, nil
}

func (d *upDriver) close() {
	d.stdin.Close()
	d.cmd.Wait()
}

func (d *upDriver) line() (string, error) {
	s, err := d.rd.ReadString('\n')
	if err != nil {
		return "", fmt.Errorf("ada url_pattern driver: %v", err)
	}
	return strings.TrimSpace(s), nil
}

// ask sends the command lines and returns the answer.
func (d *upDriver) ask(lines ...string) (string, error) {
	for _, l := range lines {
		if _, err := io.WriteString(d.stdin, l+"\n"); err != nil {
			return "", fmt.Errorf("ada url_pattern driver: %v", err)
		}
	}
	return d.line()
}

// id reads the id of an "ok <id>" answer.
func upID(s string, err error) (int, error) {
	if err != nil {
		return 0, err
	}
	v, ok := strings.CutPrefix(s, "ok ")
	if !ok {
		return 0, fmt.Errorf("ada url_pattern driver: %q", s)
	}
	return strconv.Atoi(v)
}

// upMeasure sets the cases up on every side, checks that the sides agree
// and runs the rounds. adaNote says why ada's column is empty, if it is.
func upMeasure(rounds, tests int) ([]*upCase, string, error) {
	files, err := adaDatasetFiles()
	if err != nil {
		return nil, "", err
	}
	var cases []*upCase
	for _, bc := range patterncases.URLPatternCases() {
		c := &upCase{URLPatternCase: bc, adaPID: -1, ns: map[string][]float64{}, ratio: map[string][]float64{}, alloc: map[string][2]float64{}}
		if c.Dataset == "" {
			c.inputs = []string{c.Input}
		} else {
			for _, f := range files {
				if filepath.Base(f) == c.Dataset {
					if c.inputs, err = adaReadLines(f); err != nil {
						return nil, "", err
					}
				}
			}
			if c.inputs == nil {
				return nil, "", fmt.Errorf("no dataset %s", c.Dataset)
			}
		}
		if c.u, err = urlpattern.New(c.Pattern, urlpattern.Options{}); err != nil {
			return nil, "", fmt.Errorf("%s: urikit: %v", c.Name, err)
		}
		if c.d, err = dunglas.New(c.Pattern, "", nil); err != nil {
			return nil, "", fmt.Errorf("%s: dunglas: %v", c.Name, err)
		}
		var res, dres strings.Builder
		for _, in := range c.inputs {
			a, b := c.u.Test(in), c.d.Test(in, "")
			res.WriteByte("01"[upBool(a)])
			dres.WriteByte("01"[upBool(b)])
			c.hits += upBool(a)
		}
		c.results = res.String()
		c.check = upDiff("dunglas", c.inputs, c.results, dres.String())
		c.alloc["urikit"] = upAllocs(c.inputs, func(in string) bool { return c.u.Test(in) })
		c.alloc["dunglas"] = upAllocs(c.inputs, func(in string) bool { return c.d.Test(in, "") })
		cases = append(cases, c)
	}

	adaNote := ""
	drv, err := startUpDriver()
	if err != nil {
		adaNote = "skipped: " + err.Error()
		log.Printf("URLPattern: ada %s", adaNote)
	} else {
		defer drv.close()
		for _, c := range cases {
			if err := upAdaSetup(drv, c); err != nil {
				return nil, "", err
			}
		}
	}

	log.Printf("URLPattern comparison: %d rounds of %d cases", rounds, len(cases))
	for r := 0; r < rounds; r++ {
		for _, c := range cases {
			got := map[string]float64{}
			for k := range upImpls {
				impl := upImpls[(k+r)%len(upImpls)]
				if impl == "ada" && c.adaPID < 0 {
					continue
				}
				ns, err := upRound(drv, c, impl, tests)
				if err != nil {
					return nil, "", err
				}
				got[impl] = ns
				c.ns[impl] = append(c.ns[impl], ns)
			}
			for _, peer := range upImpls[1:] {
				if v, ok := got[peer]; ok {
					c.ratio[peer] = append(c.ratio[peer], v/got["urikit"])
				}
			}
		}
	}
	return cases, adaNote, nil
}

// upAdaSetup compiles c's pattern and loads its inputs in the driver, and
// compares ada's results with urikit's.
func upAdaSetup(drv *upDriver, c *upCase) error {
	s, err := drv.ask("pattern " + c.Pattern)
	if err != nil {
		return err
	}
	if strings.HasPrefix(s, "error") {
		c.check = strings.TrimSpace(c.check + "; ada refuses the pattern (" + s + ")")
		return nil
	}
	pid, err := upID(s, nil)
	if err != nil {
		return err
	}
	cmd := append([]string{"inputs " + strconv.Itoa(len(c.inputs))}, c.inputs...)
	iid, err := upID(drv.ask(cmd...))
	if err != nil {
		return err
	}
	c.adaPID, c.adaIID = pid, iid
	res, err := drv.ask(fmt.Sprintf("results %d %d", pid, iid))
	if err != nil {
		return err
	}
	if d := upDiff("ada", c.inputs, c.results, res); d != "" {
		c.check = strings.TrimPrefix(c.check+"; "+d, "; ")
	}
	return nil
}

func upBool(b bool) int {
	if b {
		return 1
	}
	return 0
}

// upDiff compares a peer's results with urikit's: "" when the same, else
// how many inputs differ and the first.
func upDiff(peer string, inputs []string, want, got string) string {
	if len(got) != len(want) {
		return fmt.Sprintf("%s gave %d results for %d inputs", peer, len(got), len(want))
	}
	n, first := 0, -1
	for i := range want {
		if want[i] != got[i] {
			n++
			if first < 0 {
				first = i
			}
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%s differs on %d inputs, first %.60q (urikit %c, %s %c)", peer, n, inputs[first], want[first], peer, got[first])
}

// upAllocs returns the allocations and bytes per call of test over the
// inputs (one untimed pass after a warm-up call).
func upAllocs(inputs []string, test func(string) bool) [2]float64 {
	test(inputs[0])
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	for _, in := range inputs {
		test(in)
	}
	runtime.ReadMemStats(&m1)
	n := float64(len(inputs))
	return [2]float64{float64(m1.Mallocs-m0.Mallocs) / n, float64(m1.TotalAlloc-m0.TotalAlloc) / n}
}

// upRound times one measurement of impl on c and returns its ns per Test.
// It fails when the hits of the last pass are not urikit's.
func upRound(drv *upDriver, c *upCase, impl string, tests int) (float64, error) {
	if impl == "dunglas" {
		tests = max(1, tests/20)
	}
	reps := max(1, (tests+len(c.inputs)-1)/len(c.inputs))
	hits := 0
	var ns int64
	switch impl {
	case "ada":
		s, err := drv.ask(fmt.Sprintf("time %d %d %d", c.adaPID, c.adaIID, reps))
		if err != nil {
			return 0, err
		}
		if _, err := fmt.Sscanf(s, "%d %d", &ns, &hits); err != nil {
			return 0, fmt.Errorf("ada url_pattern driver: unexpected %q", s)
		}
	default:
		runtime.GC()
		t0 := cpuNanos()
		for range reps {
			hits = 0
			if impl == "urikit" {
				for _, in := range c.inputs {
					if c.u.Test(in) {
						hits++
					}
				}
			} else {
				for _, in := range c.inputs {
					if c.d.Test(in, "") {
						hits++
					}
				}
			}
		}
		ns = cpuNanos() - t0
	}
	if hits != c.hits && c.check == "" {
		c.check = fmt.Sprintf("%s: %d hits in a timed pass, urikit %d", impl, hits, c.hits)
	}
	return float64(ns) / float64(reps*len(c.inputs)), nil
}

// upSetSection measures a Set of 1,000 patterns built from the datasets
// against the naive loop over them, and writes its table.
func upSetSection(w io.Writer, rounds, tests int) {
	files, err := adaDatasetFiles()
	if err != nil {
		fmt.Fprintf(w, "Set: skipped: %v.\n\n", err)
		return
	}
	var urls []string
	for _, f := range files {
		lines, err := adaReadLines(f)
		if err != nil {
			fmt.Fprintf(w, "Set: skipped: %v.\n\n", err)
			return
		}
		urls = append(urls, lines...)
	}
	var sample, probe []string
	for i := 0; i < len(urls); i += 7 {
		sample = append(sample, urls[i])
	}
	for i := 0; i < len(urls); i += 10 {
		probe = append(probe, urls[i])
	}
	var s urlpattern.Set
	for _, src := range patterncases.RouterPatterns(sample, 1000) {
		p, err := urlpattern.New(src, urlpattern.Options{})
		if err != nil {
			fmt.Fprintf(w, "Set: skipped: pattern %q: %v.\n\n", src, err)
			return
		}
		s.Add(p)
	}
	// Untimed: the index finds what the naive loop finds.
	var got, want []int
	same, matched, total := true, 0, 0
	for _, u := range probe {
		got, want = s.Match(u, got[:0]), matchNaive(&s, u, want[:0])
		if !slices.Equal(got, want) {
			same = false
		}
		if len(got) > 0 {
			matched++
		}
		total += len(got)
	}
	ns := map[string][]float64{}
	var ratios []float64
	measure := func(naive bool) float64 {
		passes := 1
		if !naive {
			passes = max(1, (tests+len(probe)-1)/len(probe))
		}
		runtime.GC()
		var dst []int
		t0 := cpuNanos()
		for range passes {
			for _, u := range probe {
				if naive {
					dst = matchNaive(&s, u, dst[:0])
				} else {
					dst = s.Match(u, dst[:0])
				}
			}
		}
		return float64(cpuNanos()-t0) / float64(passes*len(probe))
	}
	for r := 0; r < rounds; r++ {
		var a, b float64
		if r%2 == 0 {
			a, b = measure(false), measure(true)
		} else {
			b, a = measure(true), measure(false)
		}
		ns["indexed"] = append(ns["indexed"], a)
		ns["naive"] = append(ns["naive"], b)
		ratios = append(ratios, b/a)
	}
	check := fmt.Sprintf("same (%d URLs match at least one pattern, %d matches)", matched, total)
	if !same {
		check = "DIFFERENT"
	}
	fmt.Fprintf(w, "A `Set` of %d router patterns built from every 7th line of the datasets (exact pages, `/:id`, `/*`, "+
		"`http{s}?://*.domain/*`, any protocol and port, a `(\\d+)` group), matched against every 10th line (%d URLs): "+
		"`Set.Match` (an index of the patterns' literal hosts, host suffixes, protocols and path prefixes) against a naive loop "+
		"(every pattern's Test in turn); both parse each URL once and return every matching pattern. "+
		"Median ns per URL of %d alternating rounds; × is the naive loop's time divided by the index's.\n\n", s.Len(), len(probe), rounds)
	fmt.Fprintf(w, "| patterns | URLs | Set.Match ns/URL | naive ns/URL | × | matches |\n")
	fmt.Fprintf(w, "| ---: | ---: | ---: | ---: | ---: | --- |\n")
	fmt.Fprintf(w, "| %d | %d | %.0f | %.0f | %.0f× | %s |\n\n", s.Len(), len(probe),
		medianOf(ns["indexed"]), medianOf(ns["naive"]), medianOf(ratios), check)
}

// urlpatternOnlyMain runs the comparison alone and prints its section.
func urlpatternOnlyMain(short bool) {
	urlpatternSection(os.Stdout, short)
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
