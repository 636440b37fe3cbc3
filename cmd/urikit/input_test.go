package main

import (
	"bytes"
	"io"
	"testing"
)

// chunkReader returns at most n bytes per Read.
type chunkReader struct {
	data []byte
	n    int
}

func (c *chunkReader) Read(p []byte) (int, error) {
	if len(c.data) == 0 {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), c.n)], c.data)
	c.data = c.data[k:]
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
// small chunks, and checks that the batches hold whole records, and that
// the records, in order, are those of the reference splitter.
func FuzzRecordReader(f *testing.F) {
	f.Add([]byte("a\nb\r\n\nlast"), false, uint8(1), uint8(1))
	f.Add([]byte("http://a/\nhttp://b/\n"), false, uint8(4), uint8(3))
	f.Add([]byte("x\x00y\nz\x00\x00"), true, uint8(2), uint8(5))
	f.Add([]byte("\r\r\n\n\r"), false, uint8(0), uint8(2))
	f.Add([]byte(""), true, uint8(7), uint8(7))
	f.Fuzz(func(t *testing.T, data []byte, nul bool, target, chunk uint8) {
		opts := recordOptions{nul: nul, onError: onErrorReport}
		delim := opts.delim()
		r, err := newRecordReader(nil, nil, &chunkReader{data: bytes.Clone(data), n: int(chunk) + 1}, delim)
		if err != nil {
			t.Fatal(err)
		}
		r.target = int(target) + 1
		var got [][]byte
		w := newWorker(func(in []byte) outcome { return outcome{Output: in} }, nil, &opts)
		b := newBatch()
		read := 0
		for {
			ok, err := r.fill(b)
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				break
			}
			if len(b.data) == 0 || b.data[len(b.data)-1] != delim {
				t.Fatalf("batch %q does not end with the delimiter", b.data)
			}
			read += len(b.data)
			w.process(b)
			if len(b.fails) != 0 {
				t.Fatalf("failures: %v", b.fails)
			}
			recs := splitOutput(b.out, delim)
			for _, rec := range recs {
				got = append(got, bytes.Clone(rec))
			}
			if n := len(recs); n != b.n {
				t.Fatalf("batch counted %d records, wrote %d", b.n, n)
			}
		}
		if read < len(data) || read > len(data)+1 {
			t.Errorf("batches hold %d bytes of %d", read, len(data))
		}
		want := splitRecords(data, delim)
		if len(got) != len(want) {
			t.Fatalf("%d records, want %d: %q vs %q", len(got), len(want), got, want)
		}
		for i := range want {
			if !bytes.Equal(got[i], want[i]) {
				t.Fatalf("record %d = %q, want %q", i, got[i], want[i])
			}
		}
	})
}
