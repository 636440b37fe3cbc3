package uri

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// loadDataset reads the lines of a benchmark dataset in
// ../shared/datasets (or $URIKIT_DATASETS), skipping when it is missing.
func loadDataset(b *testing.B, name string) ([]string, int) {
	dir := os.Getenv("URIKIT_DATASETS")
	if dir == "" {
		dir = filepath.Join("..", "..", "shared", "datasets")
	}
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		b.Skipf("dataset %s not available: %v", name, err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	return lines, len(data)
}

func BenchmarkParse(b *testing.B) {
	for _, name := range []string{"kasztp.txt", "node_files.txt", "isaacs_files.txt"} {
		b.Run("urikit/"+name, func(b *testing.B) {
			lines, size := loadDataset(b, name)
			b.ReportAllocs()
			b.SetBytes(int64(size))
			for b.Loop() {
				for _, s := range lines {
					_, _ = Parse(s)
				}
			}
		})
		b.Run("neturl/"+name, func(b *testing.B) {
			lines, size := loadDataset(b, name)
			b.ReportAllocs()
			b.SetBytes(int64(size))
			for b.Loop() {
				for _, s := range lines {
					_, _ = url.Parse(s)
				}
			}
		})
	}
}

func BenchmarkNormalize(b *testing.B) {
	for _, name := range []string{"kasztp.txt", "node_files.txt"} {
		b.Run(name, func(b *testing.B) {
			lines, size := loadDataset(b, name)
			refs := make([]Reference, 0, len(lines))
			for _, s := range lines {
				if r, err := Parse(s); err == nil {
					refs = append(refs, r)
				}
			}
			b.ReportAllocs()
			b.SetBytes(int64(size))
			for b.Loop() {
				for _, r := range refs {
					Normalize(r, SchemeBased)
				}
			}
		})
	}
}
