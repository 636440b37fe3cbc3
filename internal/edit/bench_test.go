package edit

import (
	"os"
	"strings"
	"testing"
)

// BenchmarkEditTrim times the edit of the throughput benchmark
// (bench/throughput/edit.sh) on its input, when URIKIT_EDIT_INPUT names
// the file: delete the utm_* parameters and set the scheme to https.
func BenchmarkEditTrim(b *testing.B) {
	name := os.Getenv("URIKIT_EDIT_INPUT")
	if name == "" {
		b.Skip("URIKIT_EDIT_INPUT is not set")
	}
	data, err := os.ReadFile(name)
	if err != nil {
		b.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) > 100000 {
		lines = lines[:100000]
	}
	ed, err := New(Options{Delete: []string{"query=utm_*"}, Set: []string{"scheme=https"}})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var buf []byte
	var findings []Finding
	for b.Loop() {
		for _, l := range lines {
			buf, findings, _ = ed.AppendEdit(buf[:0], findings[:0], l, '\n')
		}
	}
}
