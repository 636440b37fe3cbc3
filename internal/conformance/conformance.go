// Package conformance locates the shared conformance corpora and tallies
// per-corpus pass counts for tests.
//
// Corpora are read from the directory named by URIKIT_CONFORMANCE, or from
// ../shared/testdata relative to the repository root. When the directory is
// missing, tests that need it are skipped with a message, unless
// URIKIT_REQUIRE_CONFORMANCE=1 is set, in which case they fail.
package conformance

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Dir returns the conformance corpus directory. It skips the test when the
// directory is missing, or fails it when URIKIT_REQUIRE_CONFORMANCE=1.
func Dir(tb testing.TB) string {
	tb.Helper()
	dir := os.Getenv("URIKIT_CONFORMANCE")
	if dir == "" {
		root, err := repoRoot()
		if err != nil {
			missing(tb, err.Error())
			return ""
		}
		dir = filepath.Join(root, "..", "shared", "testdata")
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		missing(tb, fmt.Sprintf("conformance corpus directory %s not found (set URIKIT_CONFORMANCE)", dir))
		return ""
	}
	return dir
}

func missing(tb testing.TB, msg string) {
	tb.Helper()
	if os.Getenv("URIKIT_REQUIRE_CONFORMANCE") == "1" {
		tb.Fatal(msg)
	}
	tb.Skip(msg)
}

// repoRoot walks up from the working directory to the go.mod of the urikit
// core module.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && strings.Contains(string(b), "module github.com/urikit/urikit\n") {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("repository root (go.mod of github.com/urikit/urikit) not found")
		}
		dir = parent
	}
}

// Load decodes the JSON corpus file name (relative to Dir) into v.
func Load(tb testing.TB, name string, v any) {
	tb.Helper()
	path := filepath.Join(Dir(tb), filepath.FromSlash(name))
	b, err := os.ReadFile(path)
	if err != nil {
		missing(tb, err.Error())
		return
	}
	if err := json.Unmarshal(b, v); err != nil {
		tb.Fatalf("decoding %s: %v", path, err)
	}
}

// Tally counts the cases of one corpus. Create it with NewTally; it logs
// "conformance: NAME: P passed, F failed, S skipped" when the test ends.
type Tally struct {
	name             string
	pass, fail, skip int
}

// NewTally returns a Tally for the corpus name and reports it at test cleanup.
func NewTally(tb testing.TB, name string) *Tally {
	t := &Tally{name: name}
	tb.Cleanup(func() {
		line := fmt.Sprintf("conformance: %s: %d passed, %d failed, %d skipped (of %d)",
			t.name, t.pass, t.fail, t.skip, t.pass+t.fail+t.skip)
		tb.Log(line)
		report(tb, line)
	})
	return t
}

// report appends line to the file named by URIKIT_CONFORMANCE_REPORT, so
// that CI can print every corpus's counts after a non-verbose test run.
func report(tb testing.TB, line string) {
	path := os.Getenv("URIKIT_CONFORMANCE_REPORT")
	if path == "" {
		return
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		tb.Errorf("conformance report: %v", err)
		return
	}
	defer f.Close()
	if _, err := f.WriteString(tb.Name() + ": " + line + "\n"); err != nil {
		tb.Errorf("conformance report: %v", err)
	}
}

// Pass records a passing case.
func (t *Tally) Pass() { t.pass++ }

// Skip records a case left out on purpose; reason should say why.
func (t *Tally) Skip(reason string) { _ = reason; t.skip++ }

// Check records a pass when ok, and otherwise a failure reported on tb with
// the formatted message.
func (t *Tally) Check(tb testing.TB, ok bool, format string, args ...any) bool {
	tb.Helper()
	if ok {
		t.pass++
		return true
	}
	t.fail++
	tb.Errorf(format, args...)
	return false
}

// Counts returns the passed, failed and skipped counts so far.
func (t *Tally) Counts() (passed, failed, skipped int) { return t.pass, t.fail, t.skip }

// A Dataset is one file of real URLs from ../shared/datasets, one per line.
type Dataset struct {
	Name  string   // file name, such as "kasztp.txt"
	Lines []string // the file's lines, without line endings
	Bytes int      // the total length of Lines
}

// Datasets loads every *.txt file of the datasets directory
// (URIKIT_DATASETS, or ../shared/datasets beside the repository). Like
// Dir, it skips or fails when the directory is missing.
func Datasets(tb testing.TB) []Dataset {
	tb.Helper()
	dir := os.Getenv("URIKIT_DATASETS")
	if dir == "" {
		root, err := repoRoot()
		if err != nil {
			missing(tb, err.Error())
			return nil
		}
		dir = filepath.Join(root, "..", "shared", "datasets")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) == 0 {
		missing(tb, "no datasets in "+dir+" (set URIKIT_DATASETS)")
		return nil
	}
	var sets []Dataset
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		d := Dataset{Name: filepath.Base(f)}
		for _, line := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
			line = strings.TrimSuffix(line, "\r")
			d.Lines = append(d.Lines, line)
			d.Bytes += len(line)
		}
		sets = append(sets, d)
	}
	return sets
}
