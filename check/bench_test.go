package check

import (
	"bufio"
	"os"
	"path/filepath"
	"testing"
)

func BenchmarkURL(b *testing.B) {
	f, err := os.Open(filepath.Join("..", "..", "shared", "datasets", "kasztp.txt"))
	if err != nil {
		b.Skip(err)
	}
	defer f.Close()
	var lines []string
	size := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(lines) < 5000 {
		lines = append(lines, sc.Text())
		size += len(sc.Text())
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, l := range lines {
			URL(l)
		}
	}
}
