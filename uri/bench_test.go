package uri

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// datasetDir is ../shared/datasets (or $URIKIT_DATASETS).
func datasetDir() string {
	if dir := os.Getenv("URIKIT_DATASETS"); dir != "" {
		return dir
	}
	return filepath.Join("..", "..", "shared", "datasets")
}

// datasets lists the *.txt files of the dataset directory, skipping the
// benchmark when there are none.
func datasets(b *testing.B) []string {
	files, _ := filepath.Glob(filepath.Join(datasetDir(), "*.txt"))
	if len(files) == 0 {
		b.Skipf("no datasets in %s", datasetDir())
	}
	return files
}

// loadDataset reads the lines of a dataset file and its size.
func loadDataset(b *testing.B, path string) ([]string, int) {
	data, err := os.ReadFile(path)
	if err != nil {
		b.Skipf("dataset %s not available: %v", path, err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	return lines, len(data)
}

func BenchmarkParse(b *testing.B) {
	for _, path := range datasets(b) {
		name := filepath.Base(path)
		b.Run("urikit/"+name, func(b *testing.B) {
			lines, size := loadDataset(b, path)
			b.ReportAllocs()
			b.SetBytes(int64(size))
			for b.Loop() {
				for _, s := range lines {
					_, _ = Parse(s)
				}
			}
		})
		b.Run("neturl/"+name, func(b *testing.B) {
			lines, size := loadDataset(b, path)
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
	for _, path := range datasets(b) {
		b.Run(filepath.Base(path), func(b *testing.B) {
			lines, size := loadDataset(b, path)
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
