package main

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"strings"
	"unsafe"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/internal/report"
)

// recordError is the JSON form of a record's error or finding.
type recordError = report.Error

// outcome is what a subcommand makes of one record.
type outcome struct {
	// Output is the record's output (any bytes). It may alias memory of
	// the record function that made it, valid until that function's next
	// call.
	Output []byte
	// Err, when set, makes the record a failure.
	Err *recordError
	// Findings are problems tolerated in lenient modes.
	Findings []recordError
	// JSON, when set, is the record's whole --json object.
	JSON any
	// Detail, when set, is written to standard error after a failure's
	// message (such as the input with a caret under the offset).
	Detail string
}

// recordFunc turns one record into its outcome. A record function is used
// by one goroutine at a time, so it may keep buffers between calls; the
// record bytes it is given are valid only during the call.
type recordFunc func(in []byte) outcome

// transient returns the bytes of a record as a string without copying
// them, for the hot paths. The string must not be kept after the record
// function returns: the batch that holds the record is refilled later.
func transient(in []byte) string {
	return unsafe.String(unsafe.SliceData(in), len(in))
}

// The --on-error modes.
const (
	onErrorReport = "report"
	onErrorSkip   = "skip"
	onErrorFail   = "fail"
)

// recordOptions are the input, output and execution options shared by
// record subcommands.
type recordOptions struct {
	json       bool
	files      []string
	nul        bool
	jobs       int
	onError    string
	stats      bool
	noProgress bool
}

// recordsHelp is appended to the long help of every record subcommand.
const recordsHelp = `

Records: the arguments, then the records of each -f FILE in order ("-" is
standard input; a name ending in ".gz" is gunzipped), or standard input
when there are neither. Records end at a newline (a "\r" before it is
dropped), or at a NUL byte with -0, which also ends each output record with
NUL instead of a newline. A last record without its terminator counts.

Records stream through -j parallel workers (default: one per CPU) in
batches, in bounded memory, and the output keeps the input order.

--on-error report (the default) writes a failing record's error to standard
error as "urikit: record N: offset K: message" (N counts from 1 across all
inputs), an empty output record in its place (or the record's JSON object
with its "error" under --json), and goes on. skip writes nothing for a
failing record, and exits 0 when only skipped records failed. fail stops at
the first failing record, after its message, with exit status 1.

When standard error is a terminal and the size of the input is known
(regular files), a progress line shows the bytes read, records/s and the
time left; --no-progress hides it. --stats writes a one-line summary to
standard error at the end: records, failures, time and records/s.`

func (o *recordOptions) register(cmd *cobra.Command) {
	f := cmd.Flags()
	f.BoolVar(&o.json, "json", false, "write one JSON object per record")
	f.StringArrayVarP(&o.files, "file", "f", nil, "read records from `FILE` (repeatable; - is standard input; .gz is gunzipped)")
	f.BoolVarP(&o.nul, "null", "0", false, "records end with NUL instead of newline, in input and output")
	f.IntVarP(&o.jobs, "jobs", "j", 0, "parallel workers `N` (0: one per CPU)")
	f.StringVar(&o.onError, "on-error", onErrorReport, "on a failing record, `MODE`: report, skip or fail")
	f.BoolVar(&o.stats, "stats", false, "write a summary line (records, failures, records/s) to standard error at the end")
	f.BoolVar(&o.noProgress, "no-progress", false, "never show the progress line")
	_ = cmd.RegisterFlagCompletionFunc("on-error", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{onErrorReport, onErrorSkip, onErrorFail}, cobra.ShellCompDirectiveNoFileComp
	})
	if !strings.Contains(cmd.Long, "\nRecords: ") {
		if cmd.Long == "" {
			cmd.Long = cmd.Short + "."
		}
		cmd.Long += recordsHelp
	}
}

// check validates the options and returns the number of workers.
func (o *recordOptions) check() (int, error) {
	switch o.onError {
	case onErrorReport, onErrorSkip, onErrorFail:
	default:
		return 0, fmt.Errorf("--on-error %q: want report, skip or fail", o.onError)
	}
	switch {
	case o.jobs < 0:
		return 0, fmt.Errorf("--jobs %d: want 0 (one per CPU) or more", o.jobs)
	case o.jobs == 0:
		return runtime.GOMAXPROCS(0), nil
	}
	return o.jobs, nil
}

// delim is the byte that ends records, in input and output.
func (o *recordOptions) delim() byte {
	if o.nul {
		return 0
	}
	return '\n'
}

// jsonOf returns the --json object of a record.
func jsonOf(in []byte, o outcome) any {
	if o.JSON != nil {
		return o.JSON
	}
	return report.NewRecord(in, o.Output, o.Err, o.Findings)
}

// newJSONEncoder returns an encoder that writes one value per line,
// without HTML escaping.
func newJSONEncoder(w io.Writer) *json.Encoder {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc
}
