package main

import (
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/internal/bytestr"
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
	// Record, when set, is the record's whole --json object; else it is
	// made of Output, Err and Findings (report.NewRecord). Every --json
	// line is a report.Record: the record contract.
	Record *report.Record
	// Detail, when set, is written to standard error after a failure's
	// message (such as the input with a caret under the offset).
	Detail string
}

// recordFunc turns one record into its outcome. A record function is used
// by one goroutine at a time, so it may keep buffers between calls; the
// record bytes it is given are valid only during the call.
type recordFunc func(in []byte) outcome

// reuse returns buf emptied for the next record, with room for n bytes
// (see room); it drops a buffer that grew large for one record, so that a
// worker does not keep that much memory.
func reuse(buf []byte, n int) []byte {
	if cap(buf) > max(shrinkOutAbove, n) {
		buf = nil
	}
	return room(buf[:0], n)
}

// room returns b with room for n more bytes. When it must grow, it at
// least doubles the capacity: append grows a large slice by a quarter
// only, which for output built piece by piece costs up to five times the
// final size in all, where doubling costs two.
func room(b []byte, n int) []byte {
	if cap(b)-len(b) >= n {
		return b
	}
	nb := make([]byte, len(b), max(2*cap(b), len(b)+n))
	copy(nb, b)
	return nb
}

// bigRecord is the length from which a record's output is sized exactly
// and written straight into the batch's output: for such a record, a
// buffer of a few times its length, or one more copy of its output, costs
// more than the scan that sizes it (--max-record may be raised to
// gigabytes).
const bigRecord = 64 << 10

// bytesOf returns the bytes of s without copying them (bytestr.Bytes): the
// output sink only reads them.
func bytesOf(s string) []byte {
	return bytestr.Bytes(s)
}

// transient returns the bytes of a record as a string without copying
// them, for the hot paths (bytestr.View): the string is not kept after the
// record function returns, and the batch that holds the record is refilled
// only after that.
func transient(in []byte) string {
	return bytestr.View(in)
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
	maxRecord  byteSize
	// allowEmpty is set by a subcommand that gives an empty record a
	// meaning (edit --set builds a URL from nothing); elsewhere a blank
	// record fails with the code "empty".
	allowEmpty bool

	// Set by split, not by flags: every record's output is written, a
	// failing one's too (under --on-error report without a message);
	// outDelim follows each output; consume, when set, takes the outputs
	// in place of standard output (see sink).
	rows     bool
	outDelim []byte
	consume  func([]byte) error
	failRow  func(*recordError) []byte // the output of a record longer than --max-record, with rows
}

// recordsPointer ends the long help of every record subcommand: the
// rules all of them share are written once, in "urikit help records".
const recordsPointer = `

Records, input files and gzip, --on-error, --max-record, blank lines and
exit status: the same for every record subcommand, see 'urikit help records'.`

// recordsHelp is the help topic "records": the input, output and
// execution rules shared by every record subcommand.
const recordsHelp = `Records: the arguments, then the records of each -f FILE in order ("-" is
standard input), or standard input when there are neither. An input that
starts with the gzip magic bytes (1f 8b 08) is gunzipped, whatever its name
and on standard input too; a file named *.gz must hold gzip data. A UTF-8
byte order mark at the start of an input is skipped. Records end at a
newline (a "\r" before it is dropped), or at a NUL byte with -0, which also
ends each output record with NUL instead of a newline. A last record
without its terminator counts, when the input ends normally.

A blank record (an empty line, or an empty argument '') is the same in
every record subcommand: it fails with the code "empty", so that it keeps
its place in the output (an empty line, or {"input": "", "error": {...}}
under --json) and is counted by --stats; --on-error skip drops it. Only
edit with --set or --iterate takes it, as the URL to build from nothing.

A record longer than --max-record bytes (default 4M; K, M and G are
binary multiples; the terminator, and a "\r" before a newline, do not
count) is never held in memory: it is read past and fails with the code
"record-too-long", its length and where it starts (the byte offset in the
input, after gunzip), as {"input_bytes": N, "error": {...}} under --json.

Records stream through -j parallel workers (default: one per CPU) in
batches, in bounded memory, and the output keeps the input order.

--on-error report (the default) writes a failing record's error to standard
error as "urikit: record N: offset K: message" (N counts from 1 across all
inputs), then the record around offset K (up to 80 bytes each side, "…"
where cut) with a caret under it, an empty output record in its place (or
the record's JSON object with its "error" under --json), and goes on. skip
writes nothing for a failing record, and exits 0 when only skipped records
failed. fail stops at the first failing record, after its message, with
exit status 1.

When an input cannot be read to its end (a truncated or corrupt gzip
stream, a read error), every record read whole before the failure is
processed and written first; the incomplete record it cut is not. Then
the error names the input, the bytes read, and how many records were read
whole, and the exit status is 3. A missing file is also status 3.

When standard error is a terminal and the size of the input is known
(regular files), a progress line shows the bytes read, records/s and the
time left; --no-progress hides it. --stats writes a one-line summary to
standard error at the end: records, failures, time and records/s.

Exit status: 0 all records succeeded (or were skipped), 1 some record
failed, 2 usage error, 3 I/O error (see urikit --help).`

// newRecordsTopic returns the help topic "urikit help records".
func newRecordsTopic() *cobra.Command {
	return &cobra.Command{
		Use:   "records",
		Short: "The rules every record subcommand shares: input, blank lines, errors, exit status",
		Long:  recordsHelp,
	}
}

func (o *recordOptions) register(cmd *cobra.Command) {
	f := cmd.Flags()
	f.BoolVar(&o.json, "json", false, "write one JSON object per record")
	f.StringArrayVarP(&o.files, "file", "f", nil, "read records from `FILE` (repeatable; - is standard input; gzip data is gunzipped)")
	f.BoolVarP(&o.nul, "null", "0", false, "records end with NUL instead of newline, in input and output")
	f.IntVarP(&o.jobs, "jobs", "j", 0, "parallel workers `N` (0: one per CPU)")
	f.StringVar(&o.onError, "on-error", onErrorReport, "on a failing record, `MODE`: report, skip or fail")
	f.BoolVar(&o.stats, "stats", false, "write a summary line (records, failures, records/s) to standard error at the end")
	f.BoolVar(&o.noProgress, "no-progress", false, "never show the progress line")
	o.maxRecord = defaultMaxRecord
	f.Var(&o.maxRecord, "max-record", "longest record in `BYTES` (suffix K, M or G: binary multiples); a longer one fails unread")
	completeValues(cmd, "on-error", onErrorReport, onErrorSkip, onErrorFail)
	if !strings.Contains(cmd.Long, recordsPointer) {
		if cmd.Long == "" {
			cmd.Long = cmd.Short + "."
		}
		cmd.Long += recordsPointer
	}
}

// check validates the options and returns the number of workers.
func (o *recordOptions) check() (int, error) {
	switch o.onError {
	case onErrorReport, onErrorSkip, onErrorFail:
	default:
		return 0, fmt.Errorf("--on-error %q: want report, skip or fail", o.onError)
	}
	if o.maxRecord < 1 {
		return 0, fmt.Errorf("--max-record %d: want 1 or more", o.maxRecord)
	}
	switch {
	case o.jobs < 0:
		return 0, fmt.Errorf("--jobs %d: want 0 (one per CPU) or more", o.jobs)
	case o.jobs == 0:
		return runtime.GOMAXPROCS(0), nil
	}
	return o.jobs, nil
}

// byteSize is a size in bytes given as a number with an optional binary
// suffix: 512, 64K, 8M, 1G (also 64k, 64KB, 64KiB).
type byteSize int

func (s *byteSize) Set(v string) error {
	bad := errors.New("want a number of bytes such as 512, 64K or 8M")
	t := strings.TrimSuffix(strings.ToLower(v), "b")
	unit := strings.HasSuffix(t, "i") // "KiB" and the like
	if unit {
		t = t[:len(t)-1]
	}
	mult := 1
	if t != "" {
		switch t[len(t)-1] {
		case 'k':
			mult = 1 << 10
		case 'm':
			mult = 1 << 20
		case 'g':
			mult = 1 << 30
		}
	}
	switch {
	case mult > 1:
		t = t[:len(t)-1]
	case unit:
		return bad
	}
	n, err := strconv.ParseUint(t, 10, 63)
	if err != nil {
		return bad
	}
	if n > uint64(maxInt/mult) {
		return errors.New("too large")
	}
	*s = byteSize(int(n) * mult)
	return nil
}

// maxInt is the largest int.
const maxInt = int(^uint(0) >> 1)

func (s *byteSize) String() string {
	n := int(*s)
	switch {
	case n != 0 && n%(1<<30) == 0:
		return strconv.Itoa(n>>30) + "G"
	case n != 0 && n%(1<<20) == 0:
		return strconv.Itoa(n>>20) + "M"
	case n != 0 && n%(1<<10) == 0:
		return strconv.Itoa(n>>10) + "K"
	}
	return strconv.Itoa(n)
}

func (s *byteSize) Type() string { return "size" }

// maxMessage is the most bytes of a failure's message written to
// standard error.
const maxMessage = 300

// delim is the byte that ends records, in input and output.
func (o *recordOptions) delim() byte {
	if o.nul {
		return 0
	}
	return '\n'
}

// jsonOf returns the --json object of a record.
func jsonOf(in []byte, o outcome) report.Record {
	if o.Record != nil {
		return *o.Record
	}
	return report.NewRecord(in, o.Output, o.Err, o.Findings)
}
