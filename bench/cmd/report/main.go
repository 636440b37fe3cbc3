// Command report runs urikit's benchmarks side by side with its peers and
// writes BENCHMARKS.md: one table per operation with the median ns/op, its
// spread, MB/s and allocs/op of each implementation on each input, and the
// ratio of each peer's time to urikit's (above 1 means urikit is faster).
//
// Run it from the bench directory:
//
//	go run ./cmd/report            # full run, -count 5 (about 15 minutes)
//	go run ./cmd/report -short     # one quick pass, under a minute
//
// It runs "go test -bench" in ../percent (encode and decode against
// net/url) and here (RFC 3986 parse, WHATWG parse + href, normalize,
// resolve against net/url, fredbi/uri, nlnwa/whatwg-url and purell), parses
// the output with golang.org/x/perf/benchfmt and summarizes each sample
// with golang.org/x/perf/benchmath (the median; the spread shown is half
// the range of the runs). With -bounded (the default) it then runs
// BenchmarkBounded in each library package (the public operations on
// adversarial inputs of 10 KB, 1 MB and 10 MB) and writes their time and
// allocation per input byte as the "Bounded cost" section.
//
// With -purego (the default) the percent suites run a second time built
// with the purego tag, which turns off the AVX-512 assembly loops that the
// default build uses on CPUs that have them: the tables show the portable
// loops, what other CPUs and architectures run, as a third implementation,
// "urikit+purego". In the -raw output, the results of that pass follow a
// "build: purego" configuration line (benchstat -col build tells them
// apart).
//
// With -ada (the default) it also compares the WHATWG parser with ada, the
// C++ parser of Node.js, in alternating rounds (see ada.go); -ada-only
// prints that section alone. With -urlpattern (the default) it compares
// the urlpattern package with dunglas/go-urlpattern and ada's url_pattern
// (see urlpattern.go); -urlpattern-only prints that section alone. With
// -purl (the default) it compares the purl package with packageurl-go on
// the purl set of cmd/genpurls (see purl.go); -purl-only prints that
// section alone.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"time"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchmath"
)

// suite is one "go test -bench" run.
type suite struct {
	dir, pattern string
	// purego builds the suite with the purego tag; its results are
	// marked with a "build: purego" configuration line (see parse).
	purego bool
}

// key names one measured cell: operation, implementation and input.
type key struct{ op, impl, input string }

// cell holds the samples of one key, by unit.
type cell map[string][]float64

func main() {
	short := flag.Bool("short", false, "one quick pass (-count 1, short benchtime, one dataset)")
	count := flag.Int("count", 5, "runs of each benchmark")
	benchtime := flag.String("benchtime", "500ms", "go test -benchtime for each run")
	out := flag.String("o", "../BENCHMARKS.md", "file to write")
	raw := flag.String("raw", "", "also save the raw go test output to this file")
	bounded := flag.Bool("bounded", true, "also run each package's BenchmarkBounded (section \"Bounded cost\")")
	boundedRaw := flag.String("bounded-raw", "", "with -bounded-only: the saved go test output of BenchmarkBounded to read instead of running it")
	boundedOnly := flag.Bool("bounded-only", false, "write only the Bounded cost section, appended to the -o file")
	boundedTime := flag.String("bounded-benchtime", "1x", "go test -benchtime for BenchmarkBounded (thousands of cases up to 10 MB each)")
	purego := flag.Bool("purego", true,
		"also run the percent suites built with the purego tag (rows \"urikit+purego\")")
	flag.Parse()

	if *adaOnly {
		adaOnlyMain(*short)
		return
	}
	if *upOnly {
		urlpatternOnlyMain(*short)
		return
	}
	if *purlOnly {
		purlOnlyMain(*short)
		return
	}
	if *boundedOnly {
		var raw []byte
		if *boundedRaw != "" {
			b, err := os.ReadFile(*boundedRaw)
			if err != nil {
				log.Fatal(err)
			}
			raw = b
		} else {
			raw = runBounded(*short, *boundedTime)
		}
		var md bytes.Buffer
		boundedTable(&md, parseBounded(raw), *boundedTime)
		f, err := os.OpenFile(*out, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			log.Fatal(err)
		}
		if _, err := f.Write(md.Bytes()); err != nil {
			log.Fatal(err)
		}
		if err := f.Close(); err != nil {
			log.Fatal(err)
		}
		log.Printf("appended the Bounded cost section to %s", *out)
		return
	}

	const percentOps = "Encode|EncodeString|EncodePath|Decode|DecodeString|DecodePath"
	inputFilter := ""
	// The purego pass measures urikit and, as the same-run reference of
	// its ratio, net/url (see tables); the copy baseline is not run again.
	puregoPattern := "^Benchmark(" + percentOps + ")$/^(urikit|neturl)$"
	if *short {
		*count, *benchtime, inputFilter = 1, "100ms", "/(kasztp.txt|64KiB-no-escapes)$"
		puregoPattern = `^Benchmark(Encode|Decode)$/^(urikit|neturl)$/^kasztp\.txt$`
	}
	suites := []suite{
		{"../percent", "^Benchmark(" + percentOps + ")$/.*" + inputFilter, false},
	}
	if *purego {
		suites = append(suites, suite{"../percent", puregoPattern, true})
	}
	suites = append(suites, suite{".", "^Benchmark(ParseRFC3986|ParseWHATWG|Normalize|Resolve|RegistrableDomain|PublicSuffix)$/.*" + inputFilter, false})
	suites = append(suites, idnaSuite(*short))
	suites = append(suites, templateSuite())

	var all bytes.Buffer
	for _, s := range suites {
		args := []string{"test", "-run", "^$", "-bench", s.pattern, "-benchmem",
			"-count", fmt.Sprint(*count), "-benchtime", *benchtime}
		if s.purego {
			args = append(args, "-tags", "purego")
			fmt.Fprintf(&all, "build: purego\n")
		}
		args = append(args, ".")
		log.Printf("(cd %s && go %s)", s.dir, strings.Join(args, " "))
		cmd := exec.Command("go", args...)
		cmd.Dir = s.dir
		cmd.Stderr = os.Stderr
		cmd.Stdout = io.MultiWriter(&all, os.Stderr)
		if err := cmd.Run(); err != nil {
			log.Fatalf("go test in %s: %v", s.dir, err)
		}
		if s.purego {
			fmt.Fprintf(&all, "build:\n")
		}
	}
	var boundedOut []byte
	if *bounded {
		boundedOut = runBounded(*short, *boundedTime)
		all.Write(boundedOut)
	}
	if *raw != "" {
		if err := os.WriteFile(*raw, all.Bytes(), 0o644); err != nil {
			log.Fatal(err)
		}
	}
	cells, order := parse(all.Bytes())
	var md bytes.Buffer
	header(&md, *count, *benchtime, *short, *purego)
	tables(&md, cells, order)
	idnaNote(&md, cells)
	templateTargets(&md, cells)
	if *adaEnabled {
		adaSection(&md, *short)
	}
	if *upEnabled {
		urlpatternSection(&md, *short)
	}
	if *purlEnabled {
		purlSection(&md, *short)
	}
	if *bounded {
		boundedTable(&md, parseBounded(boundedOut), *boundedTime)
	}
	if err := os.WriteFile(*out, md.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("wrote %s", *out)
}

// parse reads go test output into cells, keeping the first-seen order of
// operations and inputs. The results of the purego pass (after a "build:
// purego" configuration line) get "+purego" appended to their
// implementation: "urikit+purego" is a row of the tables, "neturl+purego"
// the same-run reference of its ratio.
func parse(data []byte) (map[key]cell, []string) {
	cells := map[key]cell{}
	var ops []string
	r := benchfmt.NewReader(bytes.NewReader(data), "go test")
	for r.Scan() {
		res, ok := r.Result().(*benchfmt.Result)
		if !ok {
			continue
		}
		base, parts := res.Name.Parts()
		if string(base) == "Bounded" {
			continue // its own section: see boundedTable
		}
		var pos []string
		for _, p := range parts {
			if p[0] == '/' {
				pos = append(pos, string(p[1:]))
			}
		}
		if len(pos) < 2 {
			continue
		}
		k := key{op: string(base), impl: pos[0], input: strings.Join(pos[1:], "/")}
		if res.GetConfig("build") == "purego" {
			k.impl += puregoSuffix
		}
		if !slices.Contains(ops, k.op) {
			ops = append(ops, k.op)
		}
		c := cells[k]
		if c == nil {
			c = cell{}
			cells[k] = c
		}
		for _, v := range res.Values {
			c[v.Unit] = append(c[v.Unit], v.Value)
		}
	}
	if err := r.Err(); err != nil {
		log.Fatal(err)
	}
	return cells, ops
}

const puregoSuffix = "+purego"

func summarize(xs []float64) benchmath.Summary {
	return benchmath.AssumeNothing.Summary(benchmath.NewSample(xs, &benchmath.DefaultThresholds), 0.95)
}

// header writes the report's header; purego says whether the
// urikit+purego rows are shown.
func header(w io.Writer, count int, benchtime string, short, purego bool) {
	fmt.Fprintf(w, "# urikit benchmarks\n\n")
	fmt.Fprintf(w, "Written by `go run ./cmd/report` in `bench/`")
	if short {
		fmt.Fprintf(w, " with `-short`")
	}
	fmt.Fprintf(w, " on %s.\n\n", time.Now().UTC().Format("2006-01-02 15:04 MST"))
	fmt.Fprintf(w, "- machine: %s/%s, %d CPUs, %s\n", runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), cpuModel())
	fmt.Fprintf(w, "- Go: %s\n", goVersion())
	fmt.Fprintf(w, "- runs: -count %d, -benchtime %s; each cell is the median of the runs, ± half the range of the runs in %% of the median\n", count, benchtime)
	fmt.Fprintf(w, "- one op is one pass over every line of the input (dataset files from ../shared/datasets) or over one synthetic text; ns/URL is ns/op divided by the line count\n")
	fmt.Fprintf(w, "- CPU features: %s; `urikit` is the default build, whose percent package runs AVX-512 assembly loops when the CPU has AVX512BW, VBMI, VBMI2 and BMI2", cpuFeatures())
	if purego {
		fmt.Fprintf(w, "; `urikit+purego` is the percent package built with the purego tag: the portable loops that other CPUs and architectures run")
	}
	fmt.Fprintf(w, "\n")
	fmt.Fprintf(w, "- ×: on a peer's row, the peer's median time divided by urikit's: above 1, urikit is faster")
	if purego {
		fmt.Fprintf(w, ". On a `urikit+purego` row, net/url's median time in the same purego run (its rows not shown) divided by urikit+purego's, "+
			"so that load changes between the two runs do not enter the ratio")
	}
	fmt.Fprintf(w, "\n")
	fmt.Fprintf(w, "- like for like: on a `urikit` row urikit does the peer's work (for encoding, the encode set that writes the peer's output), and the benchmark's setup checks that both give the same output; a `urikit.NAME` row (such as `urikit.queryvalue`) is urikit with another encode set, shown for reference without a ratio\n\n")
	fmt.Fprintf(w, "The machines are small and shared: compare ratios measured in the same run, not absolute times across runs.\n\n")
}

func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	for _, line := range strings.Split(string(b), "\n") {
		if name, ok := strings.CutPrefix(line, "model name"); ok {
			return strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(name), ":"))
		}
	}
	return "unknown CPU"
}

// cpuFeatures lists which of the x86 features that the percent package's
// assembly loops need /proc/cpuinfo shows.
func cpuFeatures() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if runtime.GOOS != "linux" || err != nil {
		return "n/a"
	}
	var flags []string
	for _, line := range strings.Split(string(b), "\n") {
		if f, ok := strings.CutPrefix(line, "flags"); ok {
			flags = strings.Fields(strings.TrimPrefix(strings.TrimSpace(f), ":"))
			break
		}
	}
	var list []string
	for _, f := range []string{"avx512f", "avx512bw", "avx512vbmi", "avx512_vbmi2", "bmi2"} {
		have := "no"
		if slices.Contains(flags, f) {
			have = "yes"
		}
		list = append(list, f+" "+have)
	}
	return strings.Join(list, ", ")
}

func goVersion() string {
	out, err := exec.Command("go", "version").Output()
	if err != nil {
		return runtime.Version()
	}
	return strings.TrimSpace(string(out))
}

// tables writes one table per operation: a row per input and
// implementation.
func tables(w io.Writer, cells map[key]cell, ops []string) {
	for _, op := range ops {
		var inputs, impls []string
		for k := range cells {
			if k.op != op {
				continue
			}
			if !slices.Contains(inputs, k.input) {
				inputs = append(inputs, k.input)
			}
			if !slices.Contains(impls, k.impl) {
				impls = append(impls, k.impl)
			}
		}
		slices.Sort(inputs)
		// urikit, urikit+purego, then the peers by name.
		rank := func(impl string) int {
			switch impl {
			case "urikit":
				return 0
			case "urikit" + puregoSuffix:
				return 1
			}
			if isLabelled(impl) {
				return 2
			}
			return 3
		}
		slices.SortFunc(impls, func(a, b string) int {
			if c := rank(a) - rank(b); c != 0 {
				return c
			}
			return strings.Compare(a, b)
		})
		fmt.Fprintf(w, "## %s\n\n", op)
		fmt.Fprintf(w, "| input | impl | ns/op | ± | MB/s | ns/URL | allocs/op | B/op | × |\n")
		fmt.Fprintf(w, "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
		for _, in := range inputs {
			base, hasBase := cells[key{op, "urikit", in}]
			for _, impl := range impls {
				c, ok := cells[key{op, impl, in}]
				if !ok || isPuregoReference(impl) {
					continue
				}
				ns := summarize(c["sec/op"])
				row := []string{in, impl, fmt.Sprintf("%.0f", ns.Center*1e9), spread(c["sec/op"], ns.Center)}
				row = append(row, median(c, "B/s", 1e-6, "%.0f"), median(c, "sec/URL", 1e9, "%.1f"),
					median(c, "allocs/op", 1, "%.0f"), median(c, "B/op", 1, "%.0f"))
				ratio := ""
				switch {
				case impl == "urikit"+puregoSuffix:
					// The purego pass runs after the default one, so the
					// machine's load may have changed in between: its
					// ratio is against net/url measured in the same pass.
					if ref, ok := cells[key{op, "neturl" + puregoSuffix, in}]; ok {
						ratio = fmt.Sprintf("%.2f×", summarize(ref["sec/op"]).Center/ns.Center)
					}
				case isLabelled(impl):
					// Another encode set than the peer's: not the
					// same work, so no ratio.
				case hasBase && impl != "urikit":
					ratio = fmt.Sprintf("%.2f×", ns.Center/summarize(base["sec/op"]).Center)
				}
				fmt.Fprintf(w, "| %s |\n", strings.Join(append(row, ratio), " | "))
			}
		}
		fmt.Fprintln(w)
	}
}

// isLabelled reports whether impl is a labelled urikit row such as
// "urikit.queryvalue": urikit doing related but not the same work as the
// peers (another encode set), shown without a ratio.
func isLabelled(impl string) bool { return strings.HasPrefix(impl, "urikit.") }

// isPuregoReference reports whether impl is a peer measured in the purego
// pass: the reference of urikit+purego's ratio, not a row of its own.
func isPuregoReference(impl string) bool {
	return strings.HasSuffix(impl, puregoSuffix) && impl != "urikit"+puregoSuffix
}

// spread is half the range of the runs, in % of the median.
func spread(xs []float64, center float64) string {
	if len(xs) < 2 || center == 0 {
		return "–"
	}
	return fmt.Sprintf("%.0f%%", 100*(slices.Max(xs)-slices.Min(xs))/2/center)
}

func median(c cell, unit string, scale float64, format string) string {
	xs, ok := c[unit]
	if !ok {
		return ""
	}
	return fmt.Sprintf(format, summarize(xs).Center*scale)
}
