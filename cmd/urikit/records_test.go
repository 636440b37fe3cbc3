package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// writeFile writes data to a new file in t's temporary directory.
func writeFile(t *testing.T, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func gzipped(t *testing.T, parts ...string) []byte {
	t.Helper()
	var b bytes.Buffer
	// Each part is its own gzip member, as "cat a.gz b.gz" makes.
	for _, p := range parts {
		z := gzip.NewWriter(&b)
		if _, err := io.WriteString(z, p); err != nil {
			t.Fatal(err)
		}
		if err := z.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return b.Bytes()
}

func TestFileInputs(t *testing.T) {
	plain := writeFile(t, "a.txt", []byte("a b\r\nc%\nno newline"))
	gz := writeFile(t, "b.txt.gz", gzipped(t, "x y\n", "z/\n"))
	for _, jobs := range []string{"1", "3"} {
		out, errOut, code := cli(t, "from stdin\n", "encode", "-j", jobs, "-f", plain, "-f", gz, "-f", "-", "-f", plain)
		want := "a%20b\nc%25\nno%20newline\nx%20y\nz%2F\nfrom%20stdin\na%20b\nc%25\nno%20newline\n"
		if out != want || code != 0 || errOut != "" {
			t.Errorf("-j %s: got %q, %q, %d; want %q", jobs, out, errOut, code, want)
		}
	}
	// Arguments come first, then the files; standard input is not read.
	out, _, _ := cli(t, "unread\n", "encode", "--file", plain, "arg 1")
	if want := "arg%201\na%20b\nc%25\nno%20newline\n"; out != want {
		t.Errorf("arguments and -f: got %q, want %q", out, want)
	}
	// A file that is not there, or not gzip despite its name, is an error.
	if _, errOut, code := cli(t, "", "encode", "-f", filepath.Join(t.TempDir(), "nope")); code != exitIO || !strings.Contains(errOut, "nope") || strings.Contains(errOut, "--help") {
		t.Errorf("missing file: %d %q", code, errOut)
	}
	bad := writeFile(t, "bad.gz", []byte("plain text\n"))
	if _, errOut, code := cli(t, "", "encode", "-f", bad); code == exitOK || !strings.Contains(errOut, "gzip") {
		t.Errorf("bad gzip: %d %q", code, errOut)
	}
	// A record longer than a batch, with the delimiter far away.
	long := strings.Repeat("a/", 3*batchTarget/2)
	big := writeFile(t, "long.txt", []byte("x\n"+long+"\ny"))
	for _, jobs := range []string{"1", "2"} {
		out, _, code := cli(t, "", "encode", "--set", "path", "-j", jobs, "-f", big)
		if out != "x\n"+long+"\ny\n" || code != 0 {
			t.Errorf("-j %s: long record garbled (%d bytes out, status %d)", jobs, len(out), code)
		}
	}
}

func TestNulDelimiter(t *testing.T) {
	out, errOut, code := cli(t, "a b\nc\x00d\r\n\x00last", "encode", "-0")
	if want := "a%20b%0Ac\x00d%0D%0A\x00last\x00"; out != want || code != 0 {
		t.Errorf("got %q, %q, %d; want %q", out, errOut, code, want)
	}
	// Failures leave an empty record; --json records end with NUL too.
	out, _, code = cli(t, "", "decode", "-0", "%41", "%4")
	if out != "A\x00\x00" || code != exitFailures {
		t.Errorf("decode -0: got %q, %d", out, code)
	}
	out, _, _ = cli(t, "a\nb\x00c", "encode", "-0", "--json")
	if want := "{\"input\":\"a\\nb\",\"output\":\"a%0Ab\"}\x00{\"input\":\"c\",\"output\":\"c\"}\x00"; out != want {
		t.Errorf("--json -0: got %q, want %q", out, want)
	}
	p := writeFile(t, "nul.gz", gzipped(t, "x\x00y z"))
	out, _, _ = cli(t, "", "encode", "-0", "-f", p)
	if out != "x\x00y%20z\x00" {
		t.Errorf("-0 -f .gz: got %q", out)
	}
}

// mixedRecords returns n records for decode, every seventh of them
// failing, with some long ones.
func mixedRecords(n int) string {
	var b strings.Builder
	for i := range n {
		switch {
		case i%7 == 3:
			fmt.Fprintf(&b, "bad%%%d\n", i%10)
		case i%101 == 0:
			fmt.Fprintf(&b, "%d:%s\n", i, strings.Repeat("%41", 2000))
		default:
			fmt.Fprintf(&b, "rec%%20%d%%2F\n", i)
		}
	}
	return b.String()
}

func TestParallelOrder(t *testing.T) {
	in := mixedRecords(10000)
	for _, args := range [][]string{
		{"decode"},
		{"decode", "--json"},
		{"decode", "--on-error", "skip"},
		{"parse", "--whatwg", "--base", "http://h/", "--get", "{href} {host}"},
	} {
		out1, err1, code1 := cli(t, in, append(args, "-j", "1")...)
		if strings.Count(out1, "\n") < 8000 {
			t.Fatalf("%v: only %d lines", args, strings.Count(out1, "\n"))
		}
		for _, jobs := range []string{"2", "4", "7"} {
			out, errOut, code := cli(t, in, append(args, "-j", jobs)...)
			if out != out1 || errOut != err1 || code != code1 {
				t.Errorf("%v -j %s differs from -j 1 (status %d vs %d, stdout %d vs %d bytes, stderr %d vs %d bytes)",
					args, jobs, code, code1, len(out), len(out1), len(errOut), len(err1))
			}
		}
	}
	// Record numbers count across batches.
	_, errOut, _ := cli(t, in, "decode", "-j", "4")
	// Records 4, 11, ... 10000 fail: 1429 of them.
	if !strings.HasSuffix(errOut, "urikit: record 10000: offset 3: \"%9\": escape cut off by the end of the input\n") || strings.Count(errOut, "urikit: record ") != 1429 {
		t.Errorf("failure messages: %d, last %q", strings.Count(errOut, "urikit: record "), errOut[max(0, len(errOut)-200):])
	}
}

func TestOnError(t *testing.T) {
	in := "ok%41\nbad%4\nfine\n%zz\n"
	for _, c := range []struct {
		args           []string
		out, errSubstr string
		code           int
	}{
		{[]string{"decode"}, "okA\n\nfine\n\n", "urikit: record 4: offset 0: ", exitFailures},
		{[]string{"decode", "--on-error", "report"}, "okA\n\nfine\n\n", "urikit: record 2: offset 3: ", exitFailures},
		{[]string{"decode", "--on-error", "skip"}, "okA\nfine\n", "", exitOK},
		{[]string{"decode", "--on-error", "fail"}, "okA\n", "urikit: record 2: offset 3: ", exitFailures},
		{[]string{"decode", "--on-error", "fail", "-j", "4"}, "okA\n", "urikit: record 2: offset 3: ", exitFailures},
		{[]string{"decode", "--on-error", "skip", "--json"}, "{\"input\":\"ok%41\",\"output\":\"okA\"}\n{\"input\":\"fine\",\"output\":\"fine\"}\n", "", exitOK},
		{[]string{"decode", "--on-error", "fail", "--json"}, "{\"input\":\"ok%41\",\"output\":\"okA\"}\n{\"input\":\"bad%4\",\"error\":{\"offset\":3,\"code\":\"truncated-escape\",\"message\":\"\\\"%4\\\": escape cut off by the end of the input\"}}\n", "urikit: record 2: ", exitFailures},
		{[]string{"normalize", "--on-error", "skip"}, "okA\nfine\n", "", exitOK},
		{[]string{"parse", "--whatwg", "--get", "href", "--on-error", "fail"}, "", "urikit: record 1: offset 0: not a URL", exitFailures},
	} {
		out, errOut, code := cli(t, in, c.args...)
		if out != c.out || code != c.code {
			t.Errorf("%v: got %q, status %d; want %q, %d", c.args, out, code, c.out, c.code)
		}
		if c.errSubstr == "" && errOut != "" || !strings.Contains(errOut, c.errSubstr) {
			t.Errorf("%v: stderr %q, want %q", c.args, errOut, c.errSubstr)
		}
		if n := strings.Count(errOut, "urikit: record"); strings.Contains(strings.Join(c.args, " "), "fail") && n != 1 {
			t.Errorf("%v: %d failure messages, want 1", c.args, n)
		}
	}
	// fail stops reading: with many records after the bad one, few are read.
	many := "ok\n%4\n" + strings.Repeat("x\n", 1<<20)
	for _, jobs := range []string{"1", "2"} {
		out, _, code := cli(t, many, "decode", "--on-error", "fail", "--stats", "-j", jobs)
		if out != "ok\n" || code != exitFailures {
			t.Errorf("-j %s: fail with more input: %q, %d", jobs, out, code)
		}
	}
	if _, errOut, code := cli(t, "", "decode", "--on-error", "ignore", "x"); code != exitUsage || !strings.Contains(errOut, "--on-error") {
		t.Errorf("bad --on-error: %d %q", code, errOut)
	}
	if _, errOut, code := cli(t, "", "decode", "-j", "-1", "x"); code != exitUsage || !strings.Contains(errOut, "--jobs") {
		t.Errorf("bad --jobs: %d %q", code, errOut)
	}
}

func TestStats(t *testing.T) {
	re := regexp.MustCompile(`^urikit: (\d+) records, (\d+) failed, [0-9.]+ s, [0-9]+ records/s$`)
	for _, c := range []struct {
		args         []string
		records, bad string
	}{
		{[]string{"decode", "--stats"}, "4", "2"},
		{[]string{"decode", "--stats", "--on-error", "skip", "-j", "3"}, "4", "2"},
		{[]string{"decode", "--stats", "--on-error", "fail"}, "2", "1"},
		{[]string{"decode", "--stats", "--json"}, "4", "2"},
	} {
		_, errOut, _ := cli(t, "a\n%4\nb\n%zz\n", c.args...)
		lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
		m := re.FindStringSubmatch(lines[len(lines)-1])
		if m == nil || m[1] != c.records || m[2] != c.bad {
			t.Errorf("%v: stats line %q, want %s records, %s failed", c.args, lines[len(lines)-1], c.records, c.bad)
		}
	}
	if _, errOut, _ := cli(t, "a\n", "encode"); errOut != "" {
		t.Errorf("stats without --stats: %q", errOut)
	}
}

// runFiles runs the CLI with real files as standard streams.
func runFiles(t *testing.T, stdin, stderr *os.File, args ...string) (string, int) {
	t.Helper()
	var out bytes.Buffer
	code := run(args, stdin, &out, stderr)
	return out.String(), code
}

func TestNoProgressWhenNotTerminal(t *testing.T) {
	in := writeFile(t, "in.txt", []byte(strings.Repeat("http://example.com/a b\n", 200000)))
	errFile, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer errFile.Close()
	stdin, err := os.Open(in)
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	// The input size is known (a regular file, as -f and as stdin), the
	// run lasts longer than the progress interval, stderr is a file.
	out, code := runFiles(t, stdin, errFile, "encode", "--set", "path", "-f", in, "-f", "-")
	if code != 0 || strings.Count(out, "\n") != 400000 {
		t.Fatalf("status %d, %d lines", code, strings.Count(out, "\n"))
	}
	got, _ := os.ReadFile(errFile.Name())
	if len(got) != 0 {
		t.Errorf("stderr is not a terminal, yet got %q", got[:min(len(got), 100)])
	}
	// Not terminals: a file, /dev/null (a character device), a buffer.
	var n atomic.Int64
	if p := startProgress(errFile, 100, &n, &n, time.Millisecond); p != nil {
		p.stop()
		t.Error("progress on a regular file")
	}
	if devNull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0); err == nil {
		if p := startProgress(devNull, 100, &n, &n, time.Millisecond); p != nil {
			p.stop()
			t.Error("progress on " + os.DevNull)
		}
		devNull.Close()
	}
	if p := startProgress(&bytes.Buffer{}, 100, &n, &n, time.Millisecond); p != nil {
		t.Error("progress on a buffer")
	}
	var nilBar *progressBar
	nilBar.stop() // does nothing
}

func TestProgressLine(t *testing.T) {
	for _, c := range []struct {
		read, total, records int64
		elapsed              time.Duration
		want                 string
	}{
		{0, 1000, 0, 0, "[                    ]   0% 0 B/1.0kB  -  -:-- left"},
		{500_000_000, 2_000_000_000, 4_000_000, 2 * time.Second, "[====>               ]  25% 500.0MB/2.0GB  2.0M rec/s  0:06 left"},
		{2_000_000_000, 2_000_000_000, 9_000_000, 4 * time.Second, "[====================] 100% 2.0GB/2.0GB  2.2M rec/s  0:00 left"},
		{10, 7200, 3, time.Second, "[                    ]   0% 10 B/7.2kB  3 rec/s  11:59 left"},
		{1, 7200, 3, time.Second, "[                    ]   0% 1 B/7.2kB  3 rec/s  1:59:59 left"},
	} {
		got := progressLine(c.read, c.total, c.records, c.elapsed)
		if got != c.want {
			t.Errorf("progressLine(%d, %d, %d, %v)\n got %q\nwant %q", c.read, c.total, c.records, c.elapsed, got, c.want)
		}
		if len(got) > 79 {
			t.Errorf("%q is wider than 79 columns", got)
		}
	}
}

// generator is an endless reader of URL lines, up to limit bytes.
type generator struct {
	limit, n int64
	line     []byte
	peak     uint64 // highest HeapInuse seen
}

func (g *generator) Read(p []byte) (int, error) {
	if g.n >= g.limit {
		return 0, io.EOF
	}
	// Sample the heap every 8 MB of input.
	if g.n%(8<<20) < int64(len(p)) {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		g.peak = max(g.peak, ms.HeapInuse)
	}
	n := 0
	for n < len(p) && g.n < g.limit {
		i := int(g.n % int64(len(g.line)))
		c := copy(p[n:], g.line[i:])
		c = int(min(int64(c), g.limit-g.n))
		n += c
		g.n += int64(c)
	}
	return n, nil
}

func TestMemoryBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("streams 200 MB")
	}
	g := &generator{limit: 200 << 20, line: []byte("https://example.com/some/path/to/a%20file.html?q=1&r=two#frag\n")}
	var out countWriter
	code := run([]string{"normalize", "-j", "2"}, g, &out, io.Discard)
	if code != 0 {
		t.Fatalf("status %d", code)
	}
	if want := (g.limit + int64(len(g.line)) - 1) / int64(len(g.line)); out.lines != want {
		t.Errorf("%d lines out, want %d", out.lines, want)
	}
	t.Logf("200 MB streamed, peak HeapInuse %.1f MB", float64(g.peak)/(1<<20))
	if g.peak > 64<<20 {
		t.Errorf("peak HeapInuse %d MB, want < 64 MB", g.peak>>20)
	}
}

// countWriter counts the lines written to it.
type countWriter struct{ lines int64 }

func (c *countWriter) Write(p []byte) (int, error) {
	c.lines += int64(bytes.Count(p, []byte("\n")))
	return len(p), nil
}

// TestFastRecordPath checks the fast record path of normalize and
// parse --whatwg --get against their --json form, which takes the full
// path: same output for every record, and the failures in their places
// (an empty output line and a message with the right record number).
func TestFastRecordPath(t *testing.T) {
	var b strings.Builder
	for i := range 3000 {
		switch i % 6 {
		case 0:
			fmt.Fprintf(&b, "HTTP://Example.COM:80/%d/./a/../b%%7e\r\n", i)
		case 1:
			fmt.Fprintf(&b, "file:///Users/x/dev/%d/node_modules/esm.mjs\n", i)
		case 2:
			fmt.Fprintf(&b, "http://a b/%d\n", i) // fails both
		case 3:
			fmt.Fprintf(&b, "https://www.example.com/%d?q=%%c3%%a9#f\n", i)
		case 4:
			fmt.Fprintf(&b, "rel/%d/..\n", i) // fails --whatwg only
		default:
			fmt.Fprintf(&b, "http://[::1]:%d/\n", i%70000)
		}
	}
	in := b.String()
	for _, c := range []struct {
		args  []string
		field string // of the --json record
	}{
		{[]string{"normalize"}, "output"},
		{[]string{"normalize", "--level", "full"}, "output"},
		{[]string{"parse", "--whatwg", "--get", "href"}, "href"},
		{[]string{"parse", "--whatwg", "--get", "href", "--base", "http://h/d/"}, "href"},
		{[]string{"parse", "--whatwg", "--get", "host"}, "host"},
	} {
		for _, jobs := range []string{"1", "3"} {
			args := append(c.args, "-j", jobs)
			out, errOut, _ := cli(t, in, args...)
			// --json goes without --get: the record has every field.
			var jargs []string
			for i := 0; i < len(args); i++ {
				if args[i] == "--get" {
					i++
					continue
				}
				jargs = append(jargs, args[i])
			}
			jout, _, _ := cli(t, in, append(jargs, "--json")...)
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			recs := jsonLines(t, jout, 3000)
			if len(lines) != len(recs) {
				t.Fatalf("%v: %d lines, %d JSON records", args, len(lines), len(recs))
			}
			failed := 0
			for i, rec := range recs {
				want, _ := rec[c.field].(string)
				if rec["error"] != nil {
					failed++
					want = ""
					if msg := fmt.Sprintf("urikit: record %d: ", i+1); !strings.Contains(errOut, msg) {
						t.Errorf("%v: no %q on standard error", args, msg)
					}
				}
				if lines[i] != want {
					t.Fatalf("%v: record %d: %q, --json says %q", args, i+1, lines[i], want)
				}
			}
			if failed == 0 || failed == len(recs) || strings.Count(errOut, "urikit: record ") != failed {
				t.Errorf("%v: %d failures, %d messages", args, failed, strings.Count(errOut, "urikit: record "))
			}
		}
	}
}

// TestMessagesToFiles runs a command with real files as standard output
// and error: separate files get the same messages as buffers do (in a
// batch, buffered), and one file shared by both gets each message right
// after the output of the records before it.
func TestMessagesToFiles(t *testing.T) {
	in := mixedRecords(5000)
	wantOut, wantErr, wantCode := cli(t, in, "decode", "-j", "2")
	dir := t.TempDir()
	open := func(name string) *os.File {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	outFile, errFile := open("out"), open("err")
	if !separateFiles(outFile, errFile) || separateFiles(outFile, outFile) || separateFiles(&bytes.Buffer{}, errFile) {
		t.Fatal("separateFiles is wrong")
	}
	code := run([]string{"decode", "-j", "2"}, strings.NewReader(in), outFile, errFile)
	gotOut, _ := os.ReadFile(outFile.Name())
	gotErr, _ := os.ReadFile(errFile.Name())
	if code != wantCode || string(gotOut) != wantOut || string(gotErr) != wantErr {
		t.Errorf("separate files: status %d (want %d), stdout %d bytes (want %d), stderr %d bytes (want %d)",
			code, wantCode, len(gotOut), len(wantOut), len(gotErr), len(wantErr))
	}
	both := open("both")
	run([]string{"decode", "-j", "2"}, strings.NewReader("ok%41\nbad%4\nfine\n%zz\nlast\n"), both, both)
	got, _ := os.ReadFile(both.Name())
	want := "okA\nurikit: record 2: offset 3: \"%4\": escape cut off by the end of the input\n"
	if !strings.HasPrefix(string(got), want) || !strings.Contains(string(got), "\n\nfine\nurikit: record 4: ") || !strings.HasSuffix(string(got), "\n\nlast\n") {
		t.Errorf("one file for both: %q", got)
	}
}
