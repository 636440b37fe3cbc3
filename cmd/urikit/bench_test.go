package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// datasetInput returns the benchmark URL lists of ../shared/datasets
// (relative to the repository root), one URL per line, or skips.
func datasetInput(b *testing.B) []byte {
	files, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "datasets", "*.txt"))
	if len(files) == 0 {
		b.Skip("no datasets in ../shared/datasets")
	}
	var data []byte
	for _, f := range files {
		d, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		data = append(data, d...)
		if len(data) > 0 && data[len(data)-1] != '\n' {
			data = append(data, '\n')
		}
	}
	return data
}

// BenchmarkRecords runs whole subcommands over the datasets, as the
// throughput comparison with Node.js does (bench/throughput/run.sh).
func BenchmarkRecords(b *testing.B) {
	data := datasetInput(b)
	lines := bytes.Count(data, []byte("\n"))
	for _, c := range []struct {
		name string
		args []string
	}{
		{"href/j1", []string{"parse", "--whatwg", "--get", "href", "-j", "1"}},
		{"href/j2", []string{"parse", "--whatwg", "--get", "href", "-j", "2"}},
		{"normalize/j1", []string{"normalize", "-j", "1"}},
		{"normalize/j2", []string{"normalize", "-j", "2"}},
		{"encode/j1", []string{"encode", "-j", "1"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				run(c.args, bytes.NewReader(data), io.Discard, io.Discard)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*lines), "ns/record")
		})
	}
}
