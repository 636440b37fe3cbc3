package main

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"testing"
)

// chunkReader returns at most n bytes per Read, and io.EOF with the last
// bytes when eofWithData is set.
type chunkReader struct {
	data        []byte
	n           int
	eofWithData bool
}

func (c *chunkReader) Read(p []byte) (int, error) {
	if len(c.data) == 0 {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), c.n)], c.data)
	c.data = c.data[k:]
	if c.eofWithData && len(c.data) == 0 {
		return k, io.EOF
	}
	return k, nil
}

// splitOutput splits output records, each ending with delim.
func splitOutput(data []byte, delim byte) [][]byte {
	if len(data) == 0 {
		return nil
	}
	recs := bytes.Split(data, []byte{delim})
	if data[len(data)-1] == delim {
		recs = recs[:len(recs)-1]
	}
	return recs
}

// splitRecords is the reference record splitter: records end at delim,
// a last record without it counts, and with "\n" a "\r" before it goes.
func splitRecords(data []byte, delim byte) [][]byte {
	recs := splitOutput(data, delim)
	if delim == '\n' {
		for i, r := range recs {
			recs[i] = bytes.TrimSuffix(r, []byte("\r"))
		}
	}
	return recs
}

// FuzzRecordReader cuts input into batches of a small target size read in
// small chunks, with a small --max-record, and checks that the batches
// hold whole records and stay small, and that the records, in order, are
// those of the reference splitter, each longer than max-record failing
// with its length instead of being processed.
func FuzzRecordReader(f *testing.F) {
	f.Add([]byte("a\nb\r\n\nlast"), false, uint8(1), uint8(1), uint8(200), false)
	f.Add([]byte("http://a/\nhttp://b/\n"), false, uint8(4), uint8(3), uint8(200), true)
	f.Add([]byte("x\x00y\nz\x00\x00"), true, uint8(2), uint8(5), uint8(200), false)
	f.Add([]byte("\r\r\n\n\r"), false, uint8(0), uint8(2), uint8(200), true)
	f.Add([]byte(""), true, uint8(7), uint8(7), uint8(200), false)
	f.Add([]byte("short\nthis one is long\nok\nlong again, at the end"), false, uint8(3), uint8(4), uint8(7), false)
	f.Add([]byte("1234567\r\n12345678\r\n1234567\r\r\n123456\r"), false, uint8(1), uint8(2), uint8(6), true)
	f.Add([]byte("long long long\x00a\x00b\x00long long long long"), true, uint8(30), uint8(50), uint8(3), false)
	f.Fuzz(func(t *testing.T, data []byte, nul bool, target, chunk, maxRecord uint8, eofWithData bool) {
		opts := recordOptions{nul: nul, onError: onErrorReport, maxRecord: byteSize(maxRecord) + 1, allowEmpty: true}
		delim := opts.delim()
		in := &chunkReader{data: bytes.Clone(data), n: int(chunk) + 1, eofWithData: eofWithData}
		r, err := newRecordReader(nil, nil, in, delim, int(opts.maxRecord))
		if err != nil {
			t.Fatal(err)
		}
		r.target = int(target) + 1
		var got []string
		w := newWorker(func(in []byte) outcome { return outcome{Output: in} }, nil, &opts)
		b := newBatch()
		for {
			ok, err := r.fill(b)
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				break
			}
			if b.long == nil && (len(b.data) == 0 || b.data[len(b.data)-1] != delim) {
				t.Fatalf("batch %q does not end with the delimiter", b.data)
			}
			if bound := r.target + r.maxRecord + 2 + in.n; len(b.data) > bound {
				t.Fatalf("batch of %d bytes, more than %d", len(b.data), bound)
			}
			w.process(b)
			recs := splitOutput(b.out, delim)
			if n := len(recs); n != b.n {
				t.Fatalf("batch counted %d records, wrote %d", b.n, n)
			}
			for _, rec := range recs {
				got = append(got, string(rec))
			}
			for _, f := range b.fails {
				if f.err.Code != codeTooLong || f.err.Offset != r.maxRecord {
					t.Fatalf("failure %+v", f.err)
				}
				var size int
				if _, err := fmt.Sscanf(f.err.Message, "record of %d bytes,", &size); err != nil {
					t.Fatalf("message %q: %v", f.err.Message, err)
				}
				got[len(got)-len(recs)+f.index] = fmt.Sprintf("long record of %d bytes", size)
			}
		}
		var want []string
		for _, rec := range splitRecords(data, delim) {
			if len(rec) > r.maxRecord {
				want = append(want, fmt.Sprintf("long record of %d bytes", len(rec)))
			} else {
				want = append(want, string(rec))
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("records:\n%q\nwant\n%q", got, want)
		}
	})
}
