package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// urlLines returns n lines of URLs in normal form (normalize writes them
// as they are), of varied lengths.
func urlLines(n int) string {
	rng := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "http://example.com/%d/%s?q=%d\n", i, strings.Repeat("p", rng.IntN(60)), rng.IntN(1e6))
	}
	return b.String()
}

// gunzipUntilError returns what compress/gzip yields from data before it
// fails, and whether it failed.
func gunzipUntilError(data []byte) ([]byte, bool) {
	z, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, len(data) > 0
	}
	out, err := io.ReadAll(z)
	return out, err != nil
}

// wholeLines returns the lines of data that end with "\n", and the length
// of the incomplete line after them.
func wholeLines(data []byte) (string, int) {
	i := bytes.LastIndexByte(data, '\n') + 1
	return string(data[:i]), len(data) - i
}

// checkReadError checks the output and messages of a run with args whose
// input fails after the bytes got: the same as a run on the whole lines of
// got alone, then an I/O error that names the input and says how many
// records were read whole, without the usage hint, and status 3.
func checkReadError(t *testing.T, what, name string, args []string, got []byte, out, errOut string, code int) {
	t.Helper()
	whole, partial := wholeLines(got)
	records := strings.Count(whole, "\n")
	wantOut, wantErr, _ := cli(t, whole, args...)
	if out != wantOut {
		t.Errorf("%s: %d records out, want the %d whole ones before the error", what, strings.Count(out, "\n"), records)
	}
	if code != exitIO {
		t.Errorf("%s: status %d, want %d", what, code, exitIO)
	}
	msg, ok := strings.CutPrefix(errOut, wantErr)
	if !ok {
		t.Errorf("%s: the messages of the failing records differ", what)
	}
	count := fmt.Sprintf("the %d whole records read before it were processed", records)
	if !strings.HasPrefix(msg, "urikit: "+name+": read error: ") || !strings.Contains(msg, count) ||
		strings.Contains(msg, "--help") || strings.Count(msg, "\n") != 1 {
		t.Errorf("%s: message %q, want it to name %s and say %q, without the usage hint", what, msg, name, count)
	}
	if inc := fmt.Sprintf("an incomplete record of %d bytes", partial); partial > 0 && !strings.Contains(msg, inc) {
		t.Errorf("%s: message %q lacks %q", what, msg, inc)
	}
}

// TestTruncatedGzip cuts a gzip file at many offsets: each run writes
// exactly the whole lines that compress/gzip yields before it fails, then
// an I/O error that names the file and the records read, with status 3.
func TestTruncatedGzip(t *testing.T) {
	plain := urlLines(30000) // about 2 MB: many batches
	gz := gzipped(t, plain)
	dir := t.TempDir()
	cuts := 50
	if testing.Short() {
		cuts = 8 // the header, the first batch, the middle, the end
	}
	for k := range cuts {
		off := 1 + k*(len(gz)-2)/(cuts-1) // from 1 byte to all but the last
		if k == 1 {
			off = 5 // in the header
		}
		got, failed := gunzipUntilError(gz[:off])
		if !failed {
			t.Fatalf("cut at %d: compress/gzip does not fail", off)
		}
		p := filepath.Join(dir, fmt.Sprintf("cut%d.gz", off))
		writeFileAt(t, p, gz[:off])
		for _, jobs := range []string{"1", "3"} {
			out, errOut, code := cli(t, "", "normalize", "-j", jobs, "-f", p)
			checkReadError(t, fmt.Sprintf("cut at %d of %d, -j %s", off, len(gz), jobs), p, []string{"normalize"}, got, out, errOut, code)
		}
	}
	// The same on standard input, after another input.
	off := len(gz) / 3
	got, _ := gunzipUntilError(gz[:off])
	out, errOut, code := cli(t, string(gz[:off]), "normalize", "http://a/", "-f", "-")
	checkReadError(t, "standard input", "standard input", []string{"normalize"}, got, strings.TrimPrefix(out, "http://a/\n"), errOut, code)
	if !strings.HasPrefix(out, "http://a/\n") || !strings.Contains(errOut, fmt.Sprintf("(%d in all)", strings.Count(out, "\n"))) {
		t.Errorf("records in all: %q", errOut)
	}
}

// TestCorruptGzip flips bytes of a gzip file: the whole lines before the
// point where compress/gzip fails are processed, and the run ends with
// status 3.
func TestCorruptGzip(t *testing.T) {
	gz := gzipped(t, urlLines(20000))
	dir := t.TempDir()
	for _, off := range []int{12, len(gz) / 4, len(gz) / 2, len(gz) - 6} {
		bad := bytes.Clone(gz)
		bad[off] ^= 0x55
		got, failed := gunzipUntilError(bad)
		if !failed {
			continue // not detected by gzip either
		}
		p := filepath.Join(dir, fmt.Sprintf("bad%d.gz", off))
		writeFileAt(t, p, bad)
		out, errOut, code := cli(t, "", "normalize", "-j", "2", "-f", p)
		checkReadError(t, fmt.Sprintf("byte %d flipped", off), p, []string{"normalize"}, got, out, errOut, code)
	}
}

// failingReader yields data up to k bytes, in reads of at most 1000 bytes,
// then fails.
type failingReader struct {
	data []byte
	k    int
	err  error
}

func (f *failingReader) Read(p []byte) (int, error) {
	if f.k == 0 {
		return 0, f.err
	}
	n := copy(p[:min(len(p), f.k, 1000)], f.data)
	f.data, f.k = f.data[n:], f.k-n
	return n, nil
}

// TestReadErrorMidStream fails a plain input after k bytes, for many k.
func TestReadErrorMidStream(t *testing.T) {
	plain := []byte(urlLines(8000))
	errDisk := errors.New("disk on fire")
	for k := 0; k < len(plain); k += len(plain)/40 + 7 {
		for _, jobs := range []string{"1", "2"} {
			var out, errOut bytes.Buffer
			code := run([]string{"normalize", "-j", jobs}, &failingReader{data: plain, k: k, err: errDisk}, &out, &errOut)
			what := fmt.Sprintf("failing after %d bytes, -j %s", k, jobs)
			checkReadError(t, what, "standard input", []string{"normalize"}, plain[:k], out.String(), errOut.String(), code)
			if !strings.Contains(errOut.String(), "disk on fire") {
				t.Errorf("%s: %q lacks the cause", what, errOut.String())
			}
		}
	}
	// Data and the error from the same Read: the data counts.
	var out, errOut bytes.Buffer
	code := run([]string{"encode"}, io.MultiReader(strings.NewReader("a\nb\nc"), &failingReader{err: errDisk}), &out, &errOut)
	if out.String() != "a\nb\n" || code != exitIO || !strings.Contains(errOut.String(), "an incomplete record of 1 bytes") {
		t.Errorf("got %q, %q, %d", out.String(), errOut.String(), code)
	}
}

// TestInputFormats checks gzip detection by content, on standard input
// too, and the skipping of a byte order mark.
func TestInputFormats(t *testing.T) {
	gz := gzipped(t, "a b\n", "c\n")
	noSuffix := writeFile(t, "data.txt", gz)
	for _, c := range []struct {
		name  string
		stdin string
		args  []string
		want  string
	}{
		{"gzip on standard input", string(gz), []string{"encode"}, "a%20b\nc\n"},
		{"gzip file without .gz", "", []string{"encode", "-f", noSuffix}, "a%20b\nc\n"},
		{"BOM", "\xef\xbb\xbfa b\n\xef\xbb\xbfx", []string{"encode"}, "a%20b\n%EF%BB%BFx\n"},
		{"BOM in gzip", string(gzipped(t, "\xef\xbb\xbfz\n")), []string{"encode"}, "z\n"},
		{"BOM alone", "\xef\xbb\xbf", []string{"encode"}, ""},
		{"part of a BOM", "\xef\xbbx\n", []string{"encode"}, "%EF%BBx\n"},
		{"part of the gzip magic", "\x1f\x8b", []string{"encode"}, "%1F%8B\n"},
		{"one byte", "\x1f", []string{"encode"}, "%1F\n"},
	} {
		out, errOut, code := cli(t, c.stdin, c.args...)
		if out != c.want || errOut != "" || code != exitOK {
			t.Errorf("%s: got %q, %q, %d; want %q", c.name, out, errOut, code, c.want)
		}
	}
	// A .gz name with other data in it is an error; an empty one is empty.
	bad := writeFile(t, "bad.gz", []byte("plain text\n"))
	if out, errOut, code := cli(t, "", "encode", "x", "-f", bad); out != "x\n" || code != exitIO ||
		!strings.Contains(errOut, bad+": not in gzip format") || strings.Contains(errOut, "--help") {
		t.Errorf("not gzip: %q %q %d", out, errOut, code)
	}
	empty := writeFile(t, "empty.gz", nil)
	if out, errOut, code := cli(t, "", "encode", "-f", empty); out != "" || errOut != "" || code != exitOK {
		t.Errorf("empty .gz: %q %q %d", out, errOut, code)
	}
	// A missing file, or a directory: I/O errors, before any output.
	dir := t.TempDir()
	for _, p := range []string{filepath.Join(dir, "nonexistent"), dir} {
		out, errOut, code := cli(t, "", "encode", "x", "-f", p)
		if out != "" || code != exitIO || !strings.HasPrefix(errOut, "urikit: "+p+": ") || strings.Contains(errOut, "--help") {
			t.Errorf("%s: %q %q %d", p, out, errOut, code)
		}
	}
}

// writeFileAt writes data to the file p.
func writeFileAt(t *testing.T, p string, data []byte) {
	t.Helper()
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// terminal is standard input on a terminal: after the end of input
// (Ctrl-D), reads go on with what is typed next.
type terminal struct{ reads [][]byte }

func (t *terminal) Read(p []byte) (int, error) {
	if len(t.reads) == 0 {
		return 0, io.EOF
	}
	r := t.reads[0]
	if r == nil {
		t.reads = t.reads[1:]
		return 0, io.EOF
	}
	n := copy(p, r)
	if t.reads[0] = r[n:]; len(t.reads[0]) == 0 {
		t.reads = t.reads[1:]
	}
	return n, nil
}

// TestEndOfInputOnce checks that one end of input ends a stream, also
// while its first bytes are examined.
func TestEndOfInputOnce(t *testing.T) {
	for _, reads := range [][][]byte{
		{nil, []byte("typed later\n")},
		{[]byte("\xef\xbb"), nil, []byte("typed later\n")},
		{[]byte("\x1f"), nil, []byte("typed later\n")},
		{[]byte("a b\n"), nil, []byte("typed later\n")},
	} {
		var out, errOut bytes.Buffer
		records := 0 // the records before the end of input
		if reads[0] != nil {
			records = 1
		}
		code := run([]string{"encode", "--set", "path-segment"}, &terminal{reads: reads}, &out, &errOut)
		if code != exitOK || strings.Contains(out.String(), "typed") || strings.Count(out.String(), "\n") != records {
			t.Errorf("%q: got %q, %q, %d", reads, out.String(), errOut.String(), code)
		}
	}
}
