package main

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
)

func TestByteSizeFlag(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
		str  string
	}{
		{"512", 512, "512"},
		{"512B", 512, "512"},
		{"64K", 64 << 10, "64K"},
		{"64k", 64 << 10, "64K"},
		{"64KB", 64 << 10, "64K"},
		{"64KiB", 64 << 10, "64K"},
		{"8M", 8 << 20, "8M"},
		{"8mib", 8 << 20, "8M"},
		{"1G", 1 << 30, "1G"},
		{"1536K", 1536 << 10, "1536K"},
		{"0", 0, "0"},
	} {
		var s byteSize
		if err := s.Set(c.in); err != nil || int(s) != c.want || s.String() != c.str {
			t.Errorf("Set(%q) = %d (%q), %v; want %d (%q)", c.in, s, s.String(), err, c.want, c.str)
		}
	}
	for _, in := range []string{"", "K", "-1", "1.5M", "12iB", "4T", "M4", "1KK", "99999999999999999999", "9000000000G"} {
		var s byteSize
		if err := s.Set(in); err == nil {
			t.Errorf("Set(%q) = %d, want an error", in, s)
		}
	}
	if _, errOut, code := cli(t, "", "encode", "--max-record", "0", "x"); code != exitUsage || !strings.Contains(errOut, "--max-record") {
		t.Errorf("--max-record 0: %d %q", code, errOut)
	}
	if out, _, _ := cli(t, "", "encode", "--help"); !strings.Contains(out, "--max-record BYTES") || !strings.Contains(out, "(default 4M)") {
		t.Errorf("--help does not show --max-record and its default")
	}
}

// TestMaxRecord checks records around the limit, from every kind of input:
// longer ones fail with their length and place, and never reach the
// record function.
func TestMaxRecord(t *testing.T) {
	// 10 bytes pass, 11 fail; "\r\n" and the delimiter do not count.
	in := "a\nexactly10!\r\n0123456789X\r\nexactly10!\n" + strings.Repeat("y", 100000) + "\nb"
	for _, jobs := range []string{"1", "3"} {
		out, errOut, code := cli(t, in, "encode", "--max-record", "10", "-j", jobs)
		if want := "a\nexactly10%21\n\nexactly10%21\n\nb\n"; out != want || code != exitFailures {
			t.Errorf("-j %s: got %q, %d; want %q", jobs, out, code, want)
		}
		want := "urikit: record 3: offset 10: record of 11 bytes, longer than --max-record 10: not processed (starts at byte 14 of standard input)\n" +
			"urikit: record 5: offset 10: record of 100000 bytes, longer than --max-record 10: not processed (starts at byte 38 of standard input)\n"
		if errOut != want {
			t.Errorf("-j %s: stderr %q, want %q", jobs, errOut, want)
		}
		// skip leaves them out and exits 0.
		out, errOut, code = cli(t, in, "encode", "--max-record", "10", "-j", jobs, "--on-error", "skip")
		if want := "a\nexactly10%21\nexactly10%21\nb\n"; out != want || errOut != "" || code != exitOK {
			t.Errorf("-j %s skip: got %q, %q, %d", jobs, out, errOut, code)
		}
	}
	// --json: the length and the error, not the input.
	out, _, _ := cli(t, "0123456789X\n", "parse", "--lenient", "--json", "--max-record", "10")
	var rec struct {
		InputBytes int64       `json:"input_bytes"`
		Error      recordError `json:"error"`
	}
	if err := json.Unmarshal([]byte(out), &rec); err != nil || rec.InputBytes != 11 || rec.Error.Code != codeTooLong || rec.Error.Offset != 10 {
		t.Errorf("--json: %q (%v)", out, err)
	}
	// Arguments, files (gunzipped: offsets count gunzipped bytes), -0.
	p := writeFile(t, "in.gz", gzipped(t, "ok\n", strings.Repeat("z", 50)+"\nok\n"))
	out, errOut, _ := cli(t, "", "encode", "--max-record", "8", "0123456789", "-f", p)
	if out != "\nok\n\nok\n" || !strings.Contains(errOut, "urikit: record 1: offset 8: record of 10 bytes, longer than --max-record 8: not processed (argument 1)\n") ||
		!strings.Contains(errOut, "urikit: record 3: offset 8: record of 50 bytes, longer than --max-record 8: not processed (starts at byte 3 of "+p+", gunzipped)\n") {
		t.Errorf("arguments and gzip: %q, %q", out, errOut)
	}
	out, errOut, _ = cli(t, "abc\x00abcdefgh\r\n\x00", "encode", "-0", "--max-record", "9")
	if out != "abc\x00\x00" || !strings.Contains(errOut, "record of 10 bytes") {
		t.Errorf("-0: %q, %q", out, errOut)
	}
	// --on-error fail stops at a long record.
	out, errOut, code := cli(t, "a\n"+strings.Repeat("x", 1000)+"\nb\n", "encode", "--max-record", "100", "--on-error", "fail")
	if out != "a\n" || code != exitFailures || strings.Count(errOut, "urikit: record 2: ") != 1 {
		t.Errorf("fail: %q, %q, %d", out, errOut, code)
	}
}

// lineReader is a reader of a prefix, a line of n bytes and a suffix,
// made as it is read (it allocates nothing).
type lineReader struct {
	prefix, suffix string
	n, pos         int
}

func (l *lineReader) Read(p []byte) (int, error) {
	total := len(l.prefix) + l.n + len(l.suffix)
	if l.pos >= total {
		return 0, io.EOF
	}
	k := 0
	for k < len(p) && l.pos < total {
		switch i := l.pos; {
		case i < len(l.prefix):
			p[k] = l.prefix[i]
		case i < len(l.prefix)+l.n:
			p[k] = "%^ "[(i-len(l.prefix))%3]
		default:
			p[k] = l.suffix[i-len(l.prefix)-l.n]
		}
		k++
		l.pos++
	}
	return k, nil
}

// runAlloc runs the CLI on in and returns the bytes it allocated, its
// standard error and status.
func runAlloc(args []string, in io.Reader) (uint64, string, int) {
	var errOut strings.Builder
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	code := run(args, in, io.Discard, &errOut)
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc, errOut.String(), code
}

// TestLongRecordBounded streams a 10 MB line between two short ones with
// --max-record 64K: what the run allocates beyond a run of short lines
// stays under 8 times the limit, whatever the line's length, and the error
// names the record.
func TestLongRecordBounded(t *testing.T) {
	const limit = 64 << 10
	for _, args := range [][]string{
		{"normalize"},
		{"parse", "--lenient"},
		{"parse", "--lenient", "--json", "--on-error", "fail"},
		{"check"},
	} {
		for _, jobs := range []string{"1", "2"} {
			args := append(args, "--max-record", "64K", "-j", jobs)
			base, _, _ := runAlloc(args, &lineReader{prefix: "http://a/\n", n: 100, suffix: "\nhttp://b/\n"})
			for _, n := range []int{1 << 20, 10 << 20} {
				alloc, errOut, code := runAlloc(args, &lineReader{prefix: "http://a/\n", n: n, suffix: "\nhttp://b/\n"})
				extra := int64(alloc) - int64(base)
				t.Logf("%v, a %d MB line: %d bytes allocated beyond a short line's run", args, n>>20, extra)
				if extra > 8*limit {
					t.Errorf("%v: a line of %d bytes allocates %d bytes more than a short one, more than 8 × --max-record", args, n, extra)
				}
				msg := fmt.Sprintf("urikit: record 2: offset %d: record of %d bytes, longer than --max-record %d", limit, n, limit)
				if code != exitFailures || !strings.Contains(errOut, msg) {
					t.Errorf("%v: status %d, stderr %q; want 1 and %q", args, code, errOut, msg)
				}
			}
		}
	}
}
