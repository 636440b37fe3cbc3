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
// "conformance: NAME: P passed, F failed, S skipped (of N)" when the test
// ends, then one line per skip reason with its count. The test fails when
// the corpus ran no case, or fewer cases than its known count (so that a
// corpus that stops decoding, or a filter that drops cases, cannot pass),
// or when NAME has no known count yet.
type Tally struct {
	name             string
	pass, fail, skip int
	reasons          []skipReason
}

type skipReason struct {
	reason string
	n      int
}

// NewTally returns a Tally for the corpus name and reports it at test cleanup.
func NewTally(tb testing.TB, name string) *Tally {
	t := &Tally{name: name}
	tb.Cleanup(func() {
		total := t.pass + t.fail + t.skip
		line := fmt.Sprintf("conformance: %s: %d passed, %d failed, %d skipped (of %d)",
			t.name, t.pass, t.fail, t.skip, total)
		tb.Log(line)
		report(tb, line)
		for _, r := range t.reasons {
			line := fmt.Sprintf("conformance: %s: skipped %d: %s", t.name, r.n, r.reason)
			tb.Log(line)
			report(tb, line)
		}
		if tb.Skipped() {
			return // the corpus is missing and not required
		}
		want, ok := knownCount(t.name)
		switch {
		case total == 0:
			tb.Errorf("conformance: %s ran no case: the corpus did not decode, or every case was filtered out", t.name)
		case !ok:
			tb.Errorf("conformance: %s has no known count: add it to internal/conformance/known.go (it ran %d cases)", t.name, total)
		case total < want:
			tb.Errorf("conformance: %s ran %d cases, fewer than the %d it is known to hold", t.name, total, want)
		}
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

// Skip records a case left out on purpose; reason says why (it is
// printed, with its count, when the test ends; an empty one is printed as
// "(no reason given)").
func (t *Tally) Skip(reason string) {
	t.skip++
	if reason == "" {
		reason = "(no reason given)"
	}
	for i := range t.reasons {
		if t.reasons[i].reason == reason {
			t.reasons[i].n++
			return
		}
	}
	t.reasons = append(t.reasons, skipReason{reason, 1})
}

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
