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
// the range of the runs).
//
// With -simd (the default on linux/amd64) the percent suites run a second
// time with GOEXPERIMENT=simd, the build whose hot loops use simd/archsimd
// (AVX-512 VBMI2 when the CPU has it, the portable code otherwise), and the
// tables show that build as a third implementation, "urikit+simd". If that
// build fails, the report warns on stderr and goes on without it. In the
// -raw output, the results of that pass follow a "goexperiment: simd"
// configuration line (benchstat -col goexperiment tells them apart).
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
	// simd runs the suite with GOEXPERIMENT=simd; its results are marked
	// with a "goexperiment: simd" configuration line (see parse).
	simd bool
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
	simd := flag.Bool("simd", runtime.GOOS == "linux" && runtime.GOARCH == "amd64",
		"also run the percent suites with GOEXPERIMENT=simd (rows \"urikit+simd\")")
	flag.Parse()

	const percentOps = "Encode|EncodeString|EncodePath|Decode|DecodeString|DecodePath"
	inputFilter := ""
	// The simd pass measures urikit and, as the same-run reference of its
	// ratio, net/url (see tables); the copy baseline is not run again.
	simdPattern := "^Benchmark(" + percentOps + ")$/^(urikit|neturl)$"
	if *short {
		*count, *benchtime, inputFilter = 1, "100ms", "/(kasztp.txt|64KiB-no-escapes)$"
		simdPattern = `^Benchmark(Encode|Decode)$/^(urikit|neturl)$/^kasztp\.txt$`
	}
	suites := []suite{
		{"../percent", "^Benchmark(" + percentOps + ")$/.*" + inputFilter, false},
	}
	if *simd {
		suites = append(suites, suite{"../percent", simdPattern, true})
	}
	suites = append(suites, suite{".", "^Benchmark(ParseRFC3986|ParseWHATWG|Normalize|Resolve)$/.*" + inputFilter, false})

	userExp := goEnv("GOEXPERIMENT")
	simdNote := "not run: `-simd=false`"
	var all bytes.Buffer
	for _, s := range suites {
		env, exp := experimentEnv(userExp, s.simd)
		if s.simd {
			if err := buildCheck(s.dir, env); err != nil {
				log.Printf("warning: the GOEXPERIMENT=simd build of %s failed, going on without the urikit+simd rows: %v", s.dir, err)
				simdNote = "not shown: the `GOEXPERIMENT=simd` build failed"
				continue
			}
			simdNote = simdShownNote
			fmt.Fprintf(&all, "goexperiment: simd\n")
		}
		args := []string{"test", "-run", "^$", "-bench", s.pattern, "-benchmem",
			"-count", fmt.Sprint(*count), "-benchtime", *benchtime, "."}
		prefix := ""
		if env != nil {
			prefix = "GOEXPERIMENT=" + exp + " "
		}
		log.Printf("(cd %s && %sgo %s)", s.dir, prefix, strings.Join(args, " "))
		cmd := exec.Command("go", args...)
		cmd.Dir = s.dir
		cmd.Env = env
		cmd.Stderr = os.Stderr
		cmd.Stdout = io.MultiWriter(&all, os.Stderr)
		if err := cmd.Run(); err != nil {
			// A failure after a successful build (a crash or b.Fatal in
			// the benchmarks) is a bug of ours, in either build: fatal.
			log.Fatalf("go test in %s: %v", s.dir, err)
		}
		if s.simd {
			fmt.Fprintf(&all, "goexperiment:\n")
		}
	}
	if *raw != "" {
		if err := os.WriteFile(*raw, all.Bytes(), 0o644); err != nil {
			log.Fatal(err)
		}
	}
	cells, order := parse(all.Bytes())
	var md bytes.Buffer
	header(&md, *count, *benchtime, *short, simdNote)
	tables(&md, cells, order)
	if err := os.WriteFile(*out, md.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("wrote %s", *out)
}

// experimentEnv returns the environment of a go command of a pass, with
// simd added to the user's own GOEXPERIMENT setting user (from "go env",
// so that "go env -w" counts too), or for a portable pass taken out of it
// so that the urikit rows are the portable build whatever the user set. It
// returns a nil env (the inherited one) when the setting needs no change,
// and the GOEXPERIMENT value it set otherwise.
func experimentEnv(user string, simd bool) (env []string, exp string) {
	var exps []string
	had := false
	for _, e := range strings.Split(user, ",") {
		switch e {
		case "":
		case "simd", "nosimd":
			had = had || e == "simd"
		default:
			exps = append(exps, e)
		}
	}
	switch {
	case simd:
		exps = append(exps, "simd")
	case had:
		exps = append(exps, "nosimd")
	default:
		return nil, user
	}
	exp = strings.Join(exps, ",")
	return append(os.Environ(), "GOEXPERIMENT="+exp), exp
}

// buildCheck compiles the test binary of the package in dir with env, so
// that a build failure (the toolchain lacking the experiment, a change of
// the experimental API) is told apart from a failure of the benchmarks.
func buildCheck(dir string, env []string) error {
	tmp, err := os.MkdirTemp("", "report-simd-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	cmd := exec.Command("go", "test", "-c", "-o", tmp+string(os.PathSeparator), ".")
	cmd.Dir = dir
	cmd.Env = env
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%v\n%s", err, bytes.TrimSpace(out))
	}
	return nil
}

func goEnv(name string) string {
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		return os.Getenv(name)
	}
	return strings.TrimSpace(string(out))
}

// parse reads go test output into cells, keeping the first-seen order of
// operations and inputs. The results of a GOEXPERIMENT=simd pass (after a
// "goexperiment: simd" configuration line) get "+simd" appended to their
// implementation: "urikit+simd" is a row of the tables, "neturl+simd" the
// same-run reference of its ratio.
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
		if res.GetConfig("goexperiment") == "simd" {
			k.impl += simdSuffix
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

const (
	simdSuffix    = "+simd"
	simdShownNote = "shown"
)

func summarize(xs []float64) benchmath.Summary {
	return benchmath.AssumeNothing.Summary(benchmath.NewSample(xs, &benchmath.DefaultThresholds), 0.95)
}

// header writes the report's header; simdNote says whether the urikit+simd
// rows are shown, and why not.
func header(w io.Writer, count int, benchtime string, short bool, simdNote string) {
	simdShown := simdNote == simdShownNote
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
	fmt.Fprintf(w, "- CPU features: %s; `urikit+simd` (%s) is the percent package built with `GOEXPERIMENT=simd`, which uses AVX-512 VBMI2 when the CPU has it and otherwise the portable code\n", cpuFeatures(), simdNote)
	fmt.Fprintf(w, "- ×: on a peer's row, the peer's median time divided by urikit's: above 1, urikit is faster")
	if simdShown {
		fmt.Fprintf(w, ". On a `urikit+simd` row, net/url's median time in the same `GOEXPERIMENT=simd` run (its rows not shown) divided by urikit+simd's: "+
			"compare it with the `neturl` row's ×, the same ratio for the portable build; their quotient is the simd build's speedup, "+
			"free of the load changes between the two runs")
	}
	fmt.Fprintf(w, "\n\n")
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

// cpuFeatures lists which of the x86 features that matter to the simd
// build /proc/cpuinfo shows.
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
	for _, f := range []string{"avx2", "avx512f", "avx512vbmi", "avx512_vbmi2"} {
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
		// urikit, urikit+simd, then the peers by name.
		rank := func(impl string) int {
			switch impl {
			case "urikit":
				return 0
			case "urikit" + simdSuffix:
				return 1
			}
			return 2
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
				if !ok || isSimdReference(impl) {
					continue
				}
				ns := summarize(c["sec/op"])
				row := []string{in, impl, fmt.Sprintf("%.0f", ns.Center*1e9), spread(c["sec/op"], ns.Center)}
				row = append(row, median(c, "B/s", 1e-6, "%.0f"), median(c, "sec/URL", 1e9, "%.1f"),
					median(c, "allocs/op", 1, "%.0f"), median(c, "B/op", 1, "%.0f"))
				ratio := ""
				switch {
				case impl == "urikit"+simdSuffix:
					// The simd pass runs after the portable one, so the
					// machine's load may have changed in between: its
					// ratio is against net/url measured in the same pass,
					// and set beside the neturl row's it shows the
					// speedup of the simd build without comparing times
					// of different runs. (Renaming the pass's neturl
					// rows away and dividing by the portable urikit's
					// time would compare across runs.)
					if ref, ok := cells[key{op, "neturl" + simdSuffix, in}]; ok {
						ratio = fmt.Sprintf("%.2f×", summarize(ref["sec/op"]).Center/ns.Center)
					}
				case hasBase && impl != "urikit":
					ratio = fmt.Sprintf("%.2f×", ns.Center/summarize(base["sec/op"]).Center)
				}
				fmt.Fprintf(w, "| %s |\n", strings.Join(append(row, ratio), " | "))
			}
		}
		fmt.Fprintln(w)
	}
}

// isSimdReference reports whether impl is a peer measured in the simd pass:
// the reference of urikit+simd's ratio, not a row of its own.
func isSimdReference(impl string) bool {
	return strings.HasSuffix(impl, simdSuffix) && impl != "urikit"+simdSuffix
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
