package main

import (
	"bytes"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/uri"
)

// Issue 28, item 7: a raised --max-record must not cost many times the
// record. One record goes through the real command code (reading, the
// batch, the record function, the output) of parse, normalize and encode,
// plain and --json, and the peak of the memory the process holds must stay
// within the record (held once), its output (made once), what the urikit
// packages make of the record, and half a record, plus a constant. Before
// issue 28, the copies of the record and its output (and the buffers they
// were grown in) made the peak 4.5 to 9 times the record.

// bigRecordSize is the size of the record of TestBigRecordMemory.
const bigRecordSize = 16 << 20

// bigURL is a reader of one URL of n bytes and a newline, made as it is
// read (it allocates nothing): "http://example.com/" and then letters and
// a "/" every 16 bytes.
type bigURL struct {
	n, pos int
}

const bigURLPrefix = "http://example.com/"

func (u *bigURL) Read(p []byte) (int, error) {
	if u.pos > u.n {
		return 0, io.EOF
	}
	k := 0
	for k < len(p) && u.pos <= u.n {
		switch i := u.pos; {
		case i == u.n:
			p[k] = '\n'
		case i < len(bigURLPrefix):
			p[k] = bigURLPrefix[i]
		case (i-len(bigURLPrefix))%16 == 15:
			p[k] = '/'
		default:
			p[k] = 'a' + byte(i%16)
		}
		k++
		u.pos++
	}
	return k, nil
}

// procStatus returns the field name of /proc/self/status in bytes.
func procStatus(t *testing.T, name string) int64 {
	t.Helper()
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, name+":"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err != nil {
				t.Fatalf("%s: %q", name, line)
			}
			return kb << 10
		}
	}
	t.Fatalf("no %s in /proc/self/status", name)
	return 0
}

// resetPeak frees what the process can and makes the peak of its
// resident memory (VmHWM) the current one; it reports false when the
// system cannot (not Linux).
func resetPeak() bool {
	runtime.GC()
	debug.FreeOSMemory()
	return os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) == nil
}

// TestBigRecordMemory runs each subcommand on one record of 16 MiB with
// --max-record 1G, under the garbage collector setting of the command
// (tuneGC), and checks the peak resident memory of the run: at most the
// record, its output, what the urikit packages allocate for it, and half
// a record, plus 16 MiB. For encode and normalize, whose output is about
// the record, that is about 2.5 times the record; for parse and --json,
// whose output repeats the record, about 3.5 times.
func TestBigRecordMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("holds a few hundred MB")
	}
	if !resetPeak() {
		t.Skip("no /proc/self/clear_refs: the peak resident memory cannot be measured")
	}
	prev := debug.SetGCPercent(400) // tuneGC, which main calls
	defer debug.SetGCPercent(prev)
	var rec strings.Builder
	io.Copy(&rec, &bigURL{n: bigRecordSize})
	record := strings.TrimSuffix(rec.String(), "\n")
	enc, _ := report.EncoderFor("unreserved", false, false)
	for _, c := range []struct {
		args []string
		lib  func(s string) // what the urikit packages do with the record
	}{
		{[]string{"encode"}, nil},
		{[]string{"encode", "--json"}, func(s string) { enc.Encode(s) }},
		{[]string{"parse"}, func(s string) { report.ParseRFC(s, false) }},
		{[]string{"parse", "--json"}, func(s string) { report.ParseRFC(s, false) }},
		{[]string{"normalize"}, func(s string) { report.NormalizeStrict.Normalize(s, uri.SchemeBased, false) }},
		{[]string{"normalize", "--json"}, func(s string) { report.NormalizeStrict.Normalize(s, uri.SchemeBased, true) }},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			var lib int64
			if c.lib != nil {
				lib = allocated(func() { c.lib(record) }, len(record))
			}
			args := append(c.args, "-j", "2", "--max-record", "1G")
			var out byteCounter
			var errOut bytes.Buffer
			resetPeak()
			base := procStatus(t, "VmRSS")
			code := run(args, &bigURL{n: bigRecordSize}, &out, &errOut)
			peak := procStatus(t, "VmHWM") - base
			if code != exitOK {
				t.Fatalf("status %d: %s", code, errOut.String())
			}
			const R = bigRecordSize
			t.Logf("%v: a record of %d MiB: peak %d MiB (%.2f times the record); output %d MiB, the packages' part %d MiB",
				c.args, R>>20, peak>>20, float64(peak)/R, out.n>>20, lib>>20)
			if limit := R + out.n + lib + R/2 + 16<<20; peak > limit {
				t.Errorf("%v: peak of %d bytes for a record of %d bytes, %d bytes of output and %d allocated by the packages: more than %d",
					c.args, peak, R, out.n, lib, limit)
			}
		})
	}
}

// TestLongRecordChunks checks the records around the ones read in chunks
// (readLong): long records between short ones, with "\r\n", with -0, at
// the end without a delimiter, and at --max-record and one byte past it.
func TestLongRecordChunks(t *testing.T) {
	long := func(n int, c byte) string { return strings.Repeat(string(c), n) }
	a, b := long(3*longRecordChunk+17, 'a'), long(longRecordChunk+1, 'b')
	in := "x\n" + a + "\r\n" + b + "\ny\n" + b
	want := "x\n" + a + "\n" + b + "\ny\n" + b + "\n"
	for _, jobs := range []string{"1", "3"} {
		out, errOut, code := cli(t, in, "encode", "--max-record", "1G", "-j", jobs)
		if out != want || errOut != "" || code != exitOK {
			t.Errorf("-j %s: %d bytes out (want %d), equal %v; %q, %d", jobs, len(out), len(want), out == want, errOut, code)
		}
		out, _, code = cli(t, strings.ReplaceAll(in, "\n", "\x00"), "encode", "-0", "--max-record", "1G", "-j", jobs)
		if want := strings.ReplaceAll("x\n"+a+"%0D\n"+b+"\ny\n"+b+"\n", "\n", "\x00"); out != want || code != exitOK {
			t.Errorf("-0 -j %s: %d bytes out, want %d", jobs, len(out), len(want))
		}
	}
	// At the limit, and one byte past it: the record read in chunks up
	// to there fails with its length and offset, and the next ones go on.
	limit := len(a)
	out, errOut, code := cli(t, in, "encode", "--max-record", strconv.Itoa(limit))
	if out != want || code != exitOK {
		t.Errorf("at the limit: %d bytes out, want %d; %q", len(out), len(want), errOut)
	}
	out, errOut, code = cli(t, in, "encode", "--max-record", strconv.Itoa(limit-1))
	msg := "urikit: record 2: offset " + strconv.Itoa(limit-1) + ": record of " + strconv.Itoa(limit) + " bytes, longer than --max-record " + strconv.Itoa(limit-1) + ": not processed (starts at byte 2 of standard input)\n"
	if want := "x\n\n" + b + "\ny\n" + b + "\n"; out != want || errOut != msg || code != exitFailures {
		t.Errorf("past the limit: %d bytes out, want %d; %q, %d", len(out), len(want), errOut, code)
	}
	// A read error in the middle of a long record: the records before it
	// are written, and the error counts the bytes of the record read.
	gz := gzipped(t, "x\n"+a+"\ny\n")
	gz = gz[:len(gz)/2] // in the middle of the long record
	out, errOut, code = cli(t, string(gz), "encode", "--max-record", "1G")
	if out != "x\n" || code != exitIO || !strings.Contains(errOut, "an incomplete record of ") || !strings.Contains(errOut, "(from byte 2)") {
		t.Errorf("truncated gzip: %d bytes out, %q, %d", len(out), errOut, code)
	}
}
