package columns

import (
	"os"
	"strings"
	"testing"
)

func BenchmarkBuild(b *testing.B) {
	data, err := os.ReadFile("/tmp/all.txt")
	if err != nil {
		b.Skip(err)
	}
	lines := strings.Split(string(data), "\n")
	var bl Builder
	var row Row
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		bl.Build(&row, lines[i%len(lines)])
	}
}
