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
	flag.Parse()

	inputFilter := ""
	if *short {
		*count, *benchtime, inputFilter = 1, "100ms", "/(kasztp.txt|64KiB-no-escapes)$"
	}
	suites := []suite{
		{"../percent", "^Benchmark(Encode|EncodeString|EncodePath|Decode|DecodeString|DecodePath)$/.*" + inputFilter},
		{".", "^Benchmark(ParseRFC3986|ParseWHATWG|Normalize|Resolve)$/.*" + inputFilter},
	}
	var all bytes.Buffer
	for _, s := range suites {
		args := []string{"test", "-run", "^$", "-bench", s.pattern, "-benchmem",
			"-count", fmt.Sprint(*count), "-benchtime", *benchtime, "."}
		log.Printf("(cd %s && go %s)", s.dir, strings.Join(args, " "))
		cmd := exec.Command("go", args...)
		cmd.Dir = s.dir
		cmd.Stderr = os.Stderr
		cmd.Stdout = io.MultiWriter(&all, os.Stderr)
		if err := cmd.Run(); err != nil {
			log.Fatalf("go test in %s: %v", s.dir, err)
		}
	}
	if *raw != "" {
		if err := os.WriteFile(*raw, all.Bytes(), 0o644); err != nil {
			log.Fatal(err)
		}
	}
	cells, order := parse(all.Bytes())
	var md bytes.Buffer
	header(&md, *count, *benchtime, *short)
	tables(&md, cells, order)
	if err := os.WriteFile(*out, md.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("wrote %s", *out)
}

// parse reads go test output into cells, keeping the first-seen order of
// operations and inputs.
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

func summarize(xs []float64) benchmath.Summary {
	return benchmath.AssumeNothing.Summary(benchmath.NewSample(xs, &benchmath.DefaultThresholds), 0.95)
}

func header(w io.Writer, count int, benchtime string, short bool) {
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
	fmt.Fprintf(w, "- ×: the peer's median time divided by urikit's: above 1, urikit is faster\n\n")
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
		slices.SortFunc(impls, func(a, b string) int {
			if a == "urikit" || b == "urikit" {
				return map[bool]int{true: -1, false: 1}[a == "urikit"]
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
				if !ok {
					continue
				}
				ns := summarize(c["sec/op"])
				row := []string{in, impl, fmt.Sprintf("%.0f", ns.Center*1e9), spread(c["sec/op"], ns.Center)}
				row = append(row, median(c, "B/s", 1e-6, "%.0f"), median(c, "sec/URL", 1e9, "%.1f"),
					median(c, "allocs/op", 1, "%.0f"), median(c, "B/op", 1, "%.0f"))
				ratio := ""
				if hasBase && impl != "urikit" {
					ratio = fmt.Sprintf("%.2f×", ns.Center/summarize(base["sec/op"]).Center)
				}
				fmt.Fprintf(w, "| %s |\n", strings.Join(append(row, ratio), " | "))
			}
		}
		fmt.Fprintln(w)
	}
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
