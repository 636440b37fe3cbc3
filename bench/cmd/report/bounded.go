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
var boundedDirs = []string{
	"../percent", "../uri", "../form", "../iri", "../idna", "../whatwg", "../check",
	"../fileurl",
	"../domain",
	"../urn", "../mailto",
	"../dataurl",
	"../template",
	"../urlpattern",
}

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
// output. short runs only package check's.
func runBounded(short bool, benchtime string) []byte {
	dirs := boundedDirs
	if short {
		// A smoke run: one package, the report's code path.
		dirs = []string{"../check"}
	}
	var all bytes.Buffer
	for _, dir := range dirs {
		args := []string{"test", "-run", "^$", "-bench", "^BenchmarkBounded$", "-benchmem", "-count", "1", "-benchtime", benchtime, "."}
		log.Printf("(cd %s && go %s)", dir, strings.Join(args, " "))
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Stderr = os.Stderr
		cmd.Stdout = &all
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

// boundedTable writes the "Bounded cost" section: one row per package
// and operation, with the worst of its input shapes: the largest growth of
// the time per input byte from 10 KB to the largest size (linear time
// keeps it near 1), and the most bytes allocated per input byte at the
// largest size.
func boundedTable(w io.Writer, rows []*boundedRow, benchtime string) {
	fmt.Fprintf(w, "## Bounded cost\n\n")
	fmt.Fprintf(w, "Each public operation on adversarial inputs (long runs of what makes findings, escapes, labels or segments), from `BenchmarkBounded` in each package, "+
		"at 10 KB, 1 MB and 10 MB (`-benchtime %s`). One row per operation, with the worst of its shapes: "+
		"growth is the time per input byte at the largest size divided by the one at 10 KB (linear time keeps it near 1, a quadratic path would give about 1000; with one call per size the figure is noisy: a garbage collection or a cold cache in that one call moves it several fold, and values below 1 just mean flat), "+
		"alloc/B the bytes allocated per input byte at the largest size (each package's `bounded_test.go` asserts at most 8, plus a constant, at every size up to 256 KiB).\n\n", benchtime)
	fmt.Fprintf(w, "| package | operation | shapes | worst growth (shape) | ns/B at 10 MB, that shape | worst alloc/B (shape) |\n")
	fmt.Fprintf(w, "| --- | --- | ---: | ---: | ---: | ---: |\n")
	type agg struct {
		pkg, op     string
		shapes      int
		growth, ns  float64
		growthShape string
		alloc       float64
		allocShape  string
	}
	var order []*agg
	byOp := map[string]*agg{}
	for _, r := range rows {
		op, shape, _ := strings.Cut(r.name, "/")
		if shape == "" {
			op, shape = "URL", r.name // check's shapes have no operation level
		}
		a := byOp[r.pkg+" "+op]
		if a == nil {
			a = &agg{pkg: r.pkg, op: op, growth: -1, alloc: -1}
			byOp[r.pkg+" "+op] = a
			order = append(order, a)
		}
		a.shapes++
		first, last, lastSize := 0.0, 0.0, ""
		for _, size := range boundedSizes {
			if v, ok := r.nsPerByte[size]; ok {
				if first == 0 {
					first = v
				}
				last, lastSize = v, size
			}
		}
		if first > 0 && last/first > a.growth {
			a.growth, a.growthShape, a.ns = last/first, shape, last
		}
		if lastSize != "" && r.allocPer[lastSize] > a.alloc {
			a.alloc, a.allocShape = r.allocPer[lastSize], shape
		}
	}
	for _, a := range order {
		fmt.Fprintf(w, "| %s | %s | %d | %.2f× (`%s`) | %.2f | %.2f (`%s`) |\n", a.pkg, a.op, a.shapes, a.growth, a.growthShape, a.ns, a.alloc, a.allocShape)
	}
	fmt.Fprintln(w)
}
