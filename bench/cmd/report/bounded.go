package main

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"slices"
	"strings"

	"golang.org/x/perf/benchfmt"
)

// boundedDirs are the packages whose BenchmarkBounded the report runs:
// each one's public operations on adversarial inputs (long runs of the
// bytes that make findings, escapes, labels or segments) at growing sizes.
var boundedDirs = []string{"../percent", "../uri", "../form", "../iri", "../internal/uts46", "../whatwg", "../check"}

// boundedSizes are the input sizes of every BenchmarkBounded, the last
// element of each sub-benchmark's name, smallest first.
var boundedSizes = []string{"10KB", "1MB", "10MB"}

// boundedRow is one operation on one input shape of one package.
type boundedRow struct {
	pkg, name string
	nsPerByte map[string]float64 // by size
	allocPer  map[string]float64 // bytes allocated per input byte, by size
}

// runBounded runs BenchmarkBounded in each package and returns the raw
// output. short leaves out the 10MB inputs and runs each benchmark once.
func runBounded(short bool, benchtime string) []byte {
	pattern := "^BenchmarkBounded$"
	if short {
		pattern += "/.*/(10KB|1MB)$"
		benchtime = "1x"
	}
	var all bytes.Buffer
	for _, dir := range boundedDirs {
		args := []string{"test", "-run", "^$", "-bench", pattern, "-benchmem", "-count", "1", "-benchtime", benchtime, "."}
		log.Printf("(cd %s && go %s)", dir, strings.Join(args, " "))
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Stderr = os.Stderr
		cmd.Stdout = io.MultiWriter(&all, os.Stderr)
		if err := cmd.Run(); err != nil {
			log.Fatalf("go test in %s: %v", dir, err)
		}
	}
	return all.Bytes()
}

// parseBounded reads the output of runBounded into rows, in first-seen
// order.
func parseBounded(data []byte) []*boundedRow {
	var rows []*boundedRow
	index := map[string]*boundedRow{}
	r := benchfmt.NewReader(bytes.NewReader(data), "go test")
	for r.Scan() {
		res, ok := r.Result().(*benchfmt.Result)
		if !ok {
			continue
		}
		base, parts := res.Name.Parts()
		if string(base) != "Bounded" || len(parts) < 2 {
			continue
		}
		var pos []string
		for _, p := range parts {
			if p[0] == '/' {
				pos = append(pos, string(p[1:]))
			}
		}
		size := pos[len(pos)-1]
		if !slices.Contains(boundedSizes, size) {
			continue
		}
		pkg := strings.TrimPrefix(res.GetConfig("pkg"), "github.com/urikit/urikit/")
		name := strings.Join(pos[:len(pos)-1], "/")
		row := index[pkg+" "+name]
		if row == nil {
			row = &boundedRow{pkg: pkg, name: name, nsPerByte: map[string]float64{}, allocPer: map[string]float64{}}
			index[pkg+" "+name] = row
			rows = append(rows, row)
		}
		var ns, bps, bop float64
		for _, v := range res.Values {
			switch v.Unit {
			case "sec/op":
				ns = v.Value * 1e9
			case "B/s":
				bps = v.Value
			case "B/op":
				bop = v.Value
			}
		}
		if bps == 0 || ns == 0 {
			continue
		}
		in := bps * ns / 1e9 // input bytes of one op
		row.nsPerByte[size] = ns / in
		row.allocPer[size] = bop / in
	}
	if err := r.Err(); err != nil {
		log.Fatal(err)
	}
	return rows
}

// boundedTable writes the "Bounded cost" section: time per input byte at
// each size (linear time keeps it flat) and bytes allocated per input
// byte at the largest size measured.
func boundedTable(w io.Writer, rows []*boundedRow) {
	fmt.Fprintf(w, "## Bounded cost\n\n")
	fmt.Fprintf(w, "Each public operation on adversarial inputs (long runs of what makes findings, escapes, labels or segments), from `BenchmarkBounded` in each package. "+
		"ns/B is the time per input byte: linear time keeps it flat from 10 KB to 10 MB (growth is the largest size's ns/B divided by the 10 KB one). "+
		"alloc/B is bytes allocated per input byte at the largest size; the packages' `bounded_test.go` asserts it stays at most 8 (plus a constant) at every size.\n\n")
	fmt.Fprintf(w, "| package | operation/input | ns/B 10KB | ns/B 1MB | ns/B 10MB | growth | alloc/B |\n")
	fmt.Fprintf(w, "| --- | --- | ---: | ---: | ---: | ---: | ---: |\n")
	for _, r := range rows {
		cells := []string{r.pkg, r.name}
		first, last := 0.0, 0.0
		lastSize := ""
		for _, size := range boundedSizes {
			v, ok := r.nsPerByte[size]
			if !ok {
				cells = append(cells, "")
				continue
			}
			if first == 0 {
				first = v
			}
			last, lastSize = v, size
			cells = append(cells, fmt.Sprintf("%.2f", v))
		}
		growth := ""
		if first > 0 {
			growth = fmt.Sprintf("%.2f×", last/first)
		}
		alloc := ""
		if lastSize != "" {
			alloc = fmt.Sprintf("%.2f", r.allocPer[lastSize])
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(append(cells, growth, alloc), " | "))
	}
	fmt.Fprintln(w)
}
