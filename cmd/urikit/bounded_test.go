package main

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/urikit/urikit/check"
	"github.com/urikit/urikit/fileurl"
	"github.com/urikit/urikit/internal/boundedtest"
	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/iri"
	"github.com/urikit/urikit/percent"
	"github.com/urikit/urikit/uri"
	"github.com/urikit/urikit/whatwg"
)

// boundedShape is an adversarial record shape for a record subcommand.
type boundedShape struct {
	name         string
	args         []string
	prefix, unit string // the record is prefix, then unit repeated
	// lib does the library work the subcommand does on a record (nil:
	// none worth counting); owner is the package that bounds it.
	lib   func(s string)
	owner string
	// strict shapes have output of a few bytes per input byte, so that
	// the whole run can stay within 8 bytes allocated per input byte.
	strict bool
	// cheap shapes also run at 1 MiB.
	cheap bool
}

var boundedShapes = []boundedShape{
	{name: "parse-lenient-json", args: []string{"parse", "--lenient", "--json"}, prefix: "http://h/", unit: "%^ ",
		lib: func(s string) { report.ParseRFC(s, true) }, owner: "uri, internal/report", strict: true},
	{name: "parse-lenient-text", args: []string{"parse", "--lenient"}, prefix: "http://h/", unit: "%^ ",
		lib: func(s string) { report.ParseRFC(s, true) }, owner: "uri, internal/report", strict: true},
	{name: "parse-lenient-at", args: []string{"parse", "--lenient", "--json"}, unit: "@",
		lib: func(s string) { report.ParseRFC(s, true) }, owner: "uri, internal/report", strict: true},
	{name: "parse-strict-json", args: []string{"parse", "--json"}, unit: "%",
		lib: func(s string) { report.ParseRFC(s, false) }, owner: "uri, internal/report", strict: true},
	{name: "parse-whatwg-json", args: []string{"parse", "--whatwg", "--json"}, prefix: "http://h/", unit: "%^ ",
		lib: func(s string) { report.ParseWHATWG(s, nil) }, owner: "whatwg, internal/report", strict: true},
	{name: "parse-whatwg-text", args: []string{"parse", "--whatwg"}, prefix: "http://h/", unit: "%^ ",
		lib: func(s string) { report.ParseWHATWG(s, nil) }, owner: "whatwg, internal/report", strict: true},
	{name: "decode-lenient-json", args: []string{"decode", "--lenient", "--json"}, unit: "%zz",
		lib: func(s string) { (&percent.Decoder{Lenient: true}).AppendDecode(nil, s) }, owner: "percent", strict: true},
	{name: "decode-lenient-octets-json", args: []string{"decode", "--lenient", "--json"}, unit: "%E9%zz",
		lib: func(s string) { report.DecodeRecord(s, report.DecodeMode{Decoder: percent.Decoder{Lenient: true}}) }, owner: "percent, internal/report", strict: true},
	{name: "decode-lenient-octets-text", args: []string{"decode", "--lenient"}, unit: "%E9%zz",
		lib: func(s string) { (&percent.Decoder{Lenient: true}).DecodeBytes(s) }, owner: "percent", strict: true, cheap: true},
	{name: "decode-bytes", args: []string{"decode", "--bytes"}, unit: "%E9",
		lib: func(s string) { percent.DecodeBytes(s) }, owner: "percent", strict: true, cheap: true},
	{name: "decode-bytes-fail", args: []string{"decode", "--bytes"}, prefix: "%zz", unit: "%E9",
		lib: func(s string) { percent.DecodeBytes(s) }, owner: "percent", strict: true, cheap: true},
	{name: "normalize-lenient-json", args: []string{"normalize", "--lenient", "--json"}, prefix: "HTTP://H/", unit: "%4%41 ",
		lib: func(s string) { report.NormalizeRecord(s, uri.SchemeBased, report.NormalizeLenient) }, owner: "uri, internal/report", strict: true},
	{name: "normalize-lenient-text", args: []string{"normalize", "--lenient"}, prefix: "HTTP://H/", unit: "%7e ",
		lib: func(s string) { report.NormalizeLenient.Normalize(s, uri.SchemeBased, false) }, owner: "uri", strict: true, cheap: true},
	{name: "normalize-whatwg-json", args: []string{"normalize", "--whatwg", "--json"}, prefix: "http://h/", unit: "%^ ",
		lib: func(s string) { report.NormalizeRecord(s, uri.SchemeBased, report.NormalizeWHATWG) }, owner: "whatwg, internal/report", strict: true},
	{name: "normalize-whatwg-text", args: []string{"normalize", "--whatwg"}, prefix: "HTTP://H/", unit: "%7e^",
		lib: func(s string) { report.NormalizeWHATWG.Normalize(s, uri.SchemeBased, false) }, owner: "whatwg, uri", strict: true, cheap: true},
	{name: "normalize-whatwg-fail", args: []string{"normalize", "--whatwg"}, prefix: "http://[", unit: "1",
		lib: func(s string) { whatwg.Parse(s) }, owner: "whatwg", strict: true, cheap: true},
	{name: "check-userinfo", args: []string{"check"}, prefix: "http://", unit: "a@",
		lib: func(s string) { check.URL(s) }, owner: "check", strict: true},
	{name: "check-bell-json", args: []string{"check", "--json"}, prefix: "http://h/", unit: "\a",
		lib: func(s string) { check.URL(s) }, owner: "check"},
	{name: "iri-nonascii-path", args: []string{"iri", "--to-uri"}, prefix: "http://h/", unit: "é",
		lib: func(s string) { iri.AppendURI(nil, s) }, owner: "iri", strict: true},
	// The CLI's own: the echo under a failing record, and plain output.
	{name: "normalize-fail", args: []string{"normalize"}, prefix: "http://h/ ", unit: "a",
		lib: func(s string) { uri.Parse(s) }, owner: "uri", strict: true, cheap: true},
	{name: "resolve-fail", args: []string{"resolve", "--base", "http://b/"}, prefix: "http://h/", unit: "a ",
		lib: func(s string) { uri.Parse(s) }, owner: "uri", strict: true, cheap: true},
	{name: "whatwg-get-fail", args: []string{"parse", "--whatwg", "--get", "href"}, prefix: "http://[", unit: "1",
		lib: func(s string) { whatwg.Parse(s) }, owner: "whatwg", strict: true, cheap: true},
	{name: "encode-controls", args: []string{"encode"}, unit: "\x01", strict: true, cheap: true},
	{name: "file-to-url-json", args: []string{"file", "--to-url", "--json"}, prefix: "/", unit: "é",
		lib: func(s string) { fileurl.FromPath(s, fileurl.POSIX) }, owner: "fileurl", strict: true},
	{name: "file-to-path-json", args: []string{"file", "--to-path", "--json"}, prefix: "file:///", unit: "%FF",
		lib: func(s string) { fileurl.ToPath(s, fileurl.POSIX) }, owner: "fileurl", strict: true},
	{name: "encode-controls-json", args: []string{"encode", "--json"}, unit: "\x01", cheap: true},
}

// allocated returns the bytes f allocates per call on a record of n
// bytes (boundedtest.BytesPerCall).
func allocated(f func(), n int) int64 {
	return int64(boundedtest.BytesPerCall(f, n))
}

// byteCounter counts the bytes written to it.
type byteCounter struct{ n int64 }

func (c *byteCounter) Write(p []byte) (int, error) {
	c.n += int64(len(p))
	return len(p), nil
}

// record returns the record of the shape of about n bytes.
func (s *boundedShape) record(n int) string {
	return s.prefix + strings.Repeat(s.unit, max(1, (n-len(s.prefix))/len(s.unit)))
}

// TestBounded runs each subcommand on one record of each adversarial
// shape at growing sizes, and measures the bytes the run allocates beyond
// a run on a short record of the same shape.
//
// The CLI's own part (the run less the library work the subcommand does
// on the record) allocates at most 8 bytes per byte it reads or writes,
// plus 4096, at every size, and that ratio does not grow with the size:
// at the largest size it is at most 1.5 times the ratio at 16 KiB, or 1.5
// times 4 when that is more. (At 1 KiB the record fits in the buffers
// that the short run allocates too, so the ratio there says little; and
// reading a record longer than a batch costs 2 to 4 bytes per byte as its
// buffer doubles, which the sizes up to 64 KiB do not pay.)
//
// The messages of a failing record (its error and the echo of the record
// under it) take at most 1024 bytes, whatever the record's length.
//
// For the strict shapes, once the library work alone is bounded (at most
// 8 bytes per byte, plus 4096), the whole run allocates at most 8 bytes
// per byte read or written and writes at most 8 bytes per byte read. The
// shapes whose library work still allocates more are logged with the
// package that bounds it.
func TestBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates a few hundred MB")
	}
	for _, s := range boundedShapes {
		t.Run(s.name, func(t *testing.T) {
			args := append(s.args, "-j", "1", "--max-record", "16M")
			short := s.record(1)
			base := allocated(func() { run(args, strings.NewReader(short+"\n"), io.Discard, io.Discard) }, len(short))
			sizes := []int{1 << 10, 16 << 10, 256 << 10}
			if s.cheap {
				sizes = append(sizes, 1<<20)
			}
			var own []float64 // the CLI's own bytes per byte read or written
			libBounded := true
			for _, n := range sizes {
				rec := s.record(n)
				in := int64(len(rec))
				var out, errOut byteCounter
				total := allocated(func() {
					out, errOut = byteCounter{}, byteCounter{}
					run(args, strings.NewReader(rec+"\n"), &out, &errOut)
				}, len(rec)) - base
				if errOut.n > 1024 {
					t.Errorf("%d bytes: %d bytes of messages for one record: they quote more than a window of it", in, errOut.n)
				}
				var lib int64
				if s.lib != nil {
					lib = allocated(func() { s.lib(rec) }, len(rec))
				}
				io := in + out.n
				own = append(own, float64(total-lib)/float64(io))
				t.Logf("%8d bytes: %7.1f bytes allocated per byte; library work %6.1f; output %5.1f bytes per byte; CLI's own part %4.1f per byte read or written",
					in, float64(total)/float64(in), float64(lib)/float64(in), float64(out.n)/float64(in), own[len(own)-1])
				if total-lib > 8*io+4096 {
					t.Errorf("%d bytes: the CLI's own part allocates %d bytes for %d bytes read and written, more than 8 per byte", in, total-lib, io)
				}
				if lib > 8*in+4096 {
					libBounded = false
				}
				if s.strict && libBounded && (total > 8*io+4096 || out.n > 8*in+4096) {
					t.Errorf("%d bytes: %d bytes allocated and %d written, more than 8 per byte read or written, or 8 written per byte read", in, total, out.n)
				}
			}
			if last := own[len(own)-1]; last > 1.5*max(own[1], 4) {
				t.Errorf("the CLI's own bytes per byte grow with the size: %.1f at %d bytes, %.1f at %d", own[1], sizes[1], last, sizes[len(sizes)-1])
			}
			if s.strict && !libBounded {
				t.Logf("waits on %s: the library work alone allocates more than 8 bytes per byte", s.owner)
			}
		})
	}
}

// BenchmarkBounded runs each subcommand on one record of each shape of
// 10 KB, 1 MB and 10 MB, for the time per byte.
func BenchmarkBounded(b *testing.B) {
	for _, s := range boundedShapes {
		for _, n := range []int{10_000, 1_000_000, 10_000_000} {
			rec := s.record(n) + "\n"
			args := append(s.args, "-j", "1", "--max-record", "16M")
			b.Run(fmt.Sprintf("%s/%s", s.name, sizeName(n)), func(b *testing.B) {
				b.SetBytes(int64(len(rec)))
				b.ReportAllocs()
				for b.Loop() {
					run(args, strings.NewReader(rec), io.Discard, io.Discard)
				}
			})
		}
	}
}

// sizeName names a benchmark size: 10KB, 1MB, 10MB.
func sizeName(n int) string {
	switch {
	case n >= 1_000_000:
		return fmt.Sprintf("%dMB", n/1_000_000)
	case n >= 1000:
		return fmt.Sprintf("%dKB", n/1000)
	}
	return fmt.Sprintf("%dB", n)
}
