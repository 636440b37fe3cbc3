package main

import (
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/report"
)

// TestCompleteValues asks for the values of each flag that completes
// them, as the shells' completion scripts do, and checks the answer.
func TestCompleteValues(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"normalize", "--level", ""}, report.LevelNames()},
		{[]string{"encode", "--set", ""}, report.SetNames()},
		{[]string{"parse", "--on-error", ""}, []string{onErrorReport, onErrorSkip, onErrorFail}},
		{[]string{"check", "--fail-on", ""}, []string{"info", "warn", "danger"}},
		{[]string{"split", "--format", ""}, []string{formatParquet, formatCSV, formatTSV, formatJSONL}},
	} {
		for _, req := range []string{"__complete", "__completeNoDesc"} {
			var out strings.Builder
			if code := run(append([]string{req}, c.args...), strings.NewReader(""), &out, io.Discard); code != exitOK {
				t.Fatalf("%s %v: status %d", req, c.args, code)
			}
			lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			// The last line is the directive: ":4", no file completion.
			if len(lines) == 0 || lines[len(lines)-1] != ":4" {
				t.Errorf("%s %v: answer %q, want the directive :4 last", req, c.args, out.String())
				continue
			}
			if got := strings.Join(lines[:len(lines)-1], " "); got != strings.Join(c.want, " ") {
				t.Errorf("%s %v: values %q, want %q", req, c.args, got, strings.Join(c.want, " "))
			}
		}
	}
}

// TestRunKeepsNothing runs the CLI many times in one process and checks
// that the live heap does not grow with the runs: a run keeps nothing of
// its command tree (cobra's process-wide map of flag completion functions
// is filled by completion requests only).
func TestRunKeepsNothing(t *testing.T) {
	live := func() uint64 {
		var ms runtime.MemStats
		runtime.GC()
		runtime.GC() // a second collection empties the pools the first one kept
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	once := func() {
		if code := run([]string{"normalize", "--on-error", "skip", "HTTP://a/%7e"}, strings.NewReader(""), io.Discard, io.Discard); code != exitOK {
			t.Fatalf("status %d", code)
		}
	}
	once()
	before := live()
	const runs = 200
	for range runs {
		once()
	}
	after := live()
	grown := int64(after) - int64(before)
	t.Logf("live heap %d KiB before %d runs, %d KiB after", before>>10, runs, after>>10)
	if grown > 256<<10 {
		t.Errorf("the live heap grew by %d bytes over %d runs (%d per run): runs keep what they built", grown, runs, grown/runs)
	}
}
