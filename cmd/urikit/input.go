package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync/atomic"
)

// batchTarget is the number of input bytes a batch is filled to (a batch
// holds more when one record is longer).
const batchTarget = 64 << 10

// minRead is the least free space a batch offers to one Read.
const minRead = 16 << 10

// fileInput is one -f input: a file name, or "-" for standard input.
type fileInput struct {
	name string
	size int64 // -1 when unknown
}

// recordReader cuts the records of the arguments and the input streams
// into batches. Arguments come first, one record (and one batch) each, as
// they are; then each stream in turn. A batch never spans two streams, and
// every record of a stream batch ends with the delimiter.
type recordReader struct {
	args   []string
	files  []fileInput
	stdin  io.Reader
	delim  byte
	target int           // batchTarget, smaller in tests
	read   *atomic.Int64 // bytes read from the inputs (before gunzip)

	cur    io.Reader // the open stream, nil between streams
	closer io.Closer
	carry  []byte // a partial record read after the last delimiter
}

// newRecordReader returns the reader of the records of args, files (or
// stdin when both are empty). It stats the files, so that a missing file
// is an error before any record is read.
func newRecordReader(args, files []string, stdin io.Reader, delim byte) (*recordReader, error) {
	r := &recordReader{args: args, stdin: stdin, delim: delim, target: batchTarget, read: new(atomic.Int64)}
	if len(args) == 0 && len(files) == 0 {
		files = []string{"-"}
	}
	for _, name := range files {
		in := fileInput{name: name, size: -1}
		if name == "-" {
			if st, ok := stdin.(interface{ Stat() (os.FileInfo, error) }); ok {
				if fi, err := st.Stat(); err == nil && fi.Mode().IsRegular() {
					in.size = fi.Size()
				}
			}
		} else {
			fi, err := os.Stat(name)
			if err != nil {
				return nil, err
			}
			if fi.IsDir() {
				return nil, fmt.Errorf("%s: is a directory", name)
			}
			if fi.Mode().IsRegular() {
				in.size = fi.Size()
			}
		}
		r.files = append(r.files, in)
	}
	return r, nil
}

// size returns the total size in bytes of the streams, or -1 when a
// stream's size is unknown.
func (r *recordReader) size() int64 {
	if len(r.files) == 0 {
		return -1
	}
	var n int64
	for _, f := range r.files {
		if f.size < 0 {
			return -1
		}
		n += f.size
	}
	return n
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// open opens the next stream.
func (r *recordReader) open() error {
	in := r.files[0]
	r.files = r.files[1:]
	var src io.Reader
	if in.name == "-" {
		src, r.closer = r.stdin, nil
	} else {
		f, err := os.Open(in.name)
		if err != nil {
			return err
		}
		src, r.closer = f, f
	}
	src = countingReader{src, r.read}
	if strings.HasSuffix(in.name, ".gz") {
		z, err := gzip.NewReader(src)
		if err != nil {
			r.close()
			return fmt.Errorf("%s: %w", in.name, err)
		}
		src = z
	}
	r.cur = src
	return nil
}

func (r *recordReader) close() error {
	r.cur = nil
	if r.closer != nil {
		err := r.closer.Close()
		r.closer = nil
		return err
	}
	return nil
}

// fill sets b to the next batch of records. It returns false at the end of
// the input, with the error that ended it early, if any.
func (r *recordReader) fill(b *batch) (bool, error) {
	b.data = b.data[:0]
	b.raw = false
	if len(r.args) > 0 {
		b.data = append(b.data, r.args[0]...)
		b.raw = true
		r.args = r.args[1:]
		return true, nil
	}
	for {
		if r.cur == nil {
			if len(r.files) == 0 {
				return false, nil
			}
			if err := r.open(); err != nil {
				return false, err
			}
		}
		b.data = append(b.data, r.carry...)
		r.carry = r.carry[:0]
		eof, err := r.readBatch(b)
		if err != nil {
			r.close()
			return false, err
		}
		if eof {
			if err := r.close(); err != nil {
				return false, err
			}
			if n := len(b.data); n > 0 && b.data[n-1] != r.delim {
				b.data = append(b.data, r.delim)
			}
		}
		if len(b.data) > 0 {
			return true, nil
		}
	}
}

// readBatch reads from the current stream into b until b holds at least
// r.target bytes and one whole record, or the stream ends, and keeps
// what follows the last delimiter for the next batch. What b holds on
// entry (the carry) has no delimiter.
func (r *recordReader) readBatch(b *batch) (eof bool, err error) {
	last := -1 // index of the last delimiter in b.data
	for {
		if cap(b.data)-len(b.data) < minRead {
			b.data = slices.Grow(b.data, max(r.target, minRead, len(b.data)))
		}
		start := len(b.data)
		n, err := r.cur.Read(b.data[start:cap(b.data)])
		b.data = b.data[:start+n]
		if err == io.EOF {
			return true, nil
		}
		if err != nil {
			return false, err
		}
		if i := bytes.LastIndexByte(b.data[start:], r.delim); i >= 0 {
			last = start + i
		}
		if len(b.data) >= r.target && last >= 0 {
			r.carry = append(r.carry, b.data[last+1:]...)
			b.data = b.data[:last+1]
			return false, nil
		}
	}
}
