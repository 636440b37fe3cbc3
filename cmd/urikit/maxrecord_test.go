package main

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urikit/urikit/internal/boundedtest"
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
	boundedtest.SkipShort(t)
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

// TestCaretWindow checks the echo of a failing record: at most 80 bytes
// each side of the offset, cut on UTF-8 boundaries with "…" marks, and
// the caret under the offending character.
func TestCaretWindow(t *testing.T) {
	long := strings.Repeat("é", 3000) + "^" + strings.Repeat("x\x01", 3000)
	off := strings.Index(long, "^")
	for _, c := range []struct {
		in   string
		off  int
		line string // the record line, without its indent
	}{
		{"http://ex ample.com/", 9, "http://ex ample.com/"},
		{long, off, "…" + strings.Repeat("é", 40) + "^" + strings.Repeat("x·", 39) + "x…"},
		{long, 0, strings.Repeat("é", 40) + "…"},
		{long, len(long), "…" + strings.Repeat("x·", 40)},
		{strings.Repeat("€", 100), 150, "…" + strings.Repeat("€", 52) + "…"}, // cut inside "€": less is shown
		{"a\tb", 2, "a·b"},
		{"http://a/\xff b", 9, `http://a/\xFF b`}, // a byte that is not UTF-8 shows as \xFF,
		{"a\xff\xfeb c", 4, `a\xFF\xFEb c`},       // never as U+FFFD, and moves the caret
	} {
		got := caret(c.in, c.off)
		lines := strings.Split(got, "\n")
		if len(lines) != 3 || lines[2] != "" || !strings.HasPrefix(lines[0], "  ") || !strings.HasPrefix(lines[1], "  ") {
			t.Errorf("caret(%d bytes, %d) = %q: not two indented lines", len(c.in), c.off, got)
			continue
		}
		line, mark := lines[0][2:], lines[1][2:]
		if line != c.line {
			t.Errorf("caret(%d bytes, %d): line %q, want %q", len(c.in), c.off, line, c.line)
		}
		if !utf8.ValidString(got) || strings.ContainsRune(got, utf8.RuneError) || len(line) > 4*caretWindow+2*len("…") {
			t.Errorf("caret(%d bytes, %d): %d bytes, or not UTF-8", len(c.in), c.off, len(line))
		}
		// The caret sits under the character at off (or just past the end).
		col := strings.Index(mark, "^")
		if mark != strings.Repeat(" ", col)+"^" {
			t.Errorf("caret(%d bytes, %d): caret line %q", len(c.in), c.off, mark)
			continue
		}
		runes := []rune(line)
		if c.off < len(c.in) {
			want, _ := utf8.DecodeRuneInString(c.in[c.off:])
			invalid := want == utf8.RuneError && runes[col] == '\\'
			if col >= len(runes) || runes[col] != want && !(want < ' ' && runes[col] == '·') && !invalid {
				t.Errorf("caret(%d bytes, %d): caret under column %d of %q, want it under %q", len(c.in), c.off, col, line, want)
			}
		} else if col != len(runes) {
			t.Errorf("caret(%d bytes, %d): caret at %d, want past the end (%d)", len(c.in), c.off, col, len(runes))
		}
	}
	// A long failing record: the message and the echo stay short.
	rec := "http://h/" + strings.Repeat("a", 5000) + " " + strings.Repeat("b", 5000)
	_, errOut, code := cli(t, rec+"\n", "normalize")
	if code != exitFailures || len(errOut) > 400 || !strings.Contains(errOut, "…"+strings.Repeat("a", 80)+" "+strings.Repeat("b", 79)+"…\n") {
		t.Errorf("normalize: %d bytes of messages: %q", len(errOut), errOut)
	}
	// iri's messages do not quote the input.
	_, errOut, code = cli(t, "http://h/"+strings.Repeat("a", 5000)+"\u202e\n", "iri", "--to-uri")
	if code != exitFailures || len(errOut) > 400 || !strings.Contains(errOut, "urikit: record 1: offset 5009: ") {
		t.Errorf("iri: %d bytes of messages: %q", len(errOut), errOut)
	}
}
