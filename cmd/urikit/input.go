package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"sync/atomic"
)

// batchTarget is the number of input bytes a batch is filled to (a batch
// holds more when one record is longer).
const batchTarget = 64 << 10

// minRead is the least free space a batch offers to one Read.
const minRead = 16 << 10

// defaultMaxRecord is the default of --max-record.
const defaultMaxRecord = 4 << 20

// fileInput is one -f input: a file name, or "-" for standard input.
type fileInput struct {
	name string
	size int64 // -1 when unknown
}

// displayName is how messages name the input called name.
func displayName(name string) string {
	if name == "-" {
		return "standard input"
	}
	return name
}

// longRecord is a record longer than --max-record: never held whole in
// memory, it is known only by where it starts and how long it is.
type longRecord struct {
	off  int64 // byte offset of its start in its (uncompressed) stream
	size int64 // its length, without the delimiter
	cr   bool  // the last byte counted in size is "\r" (for "\r\n")
}

// recordReader cuts the records of the arguments and the input streams
// into batches. Arguments come first, one record (and one batch) each, as
// they are; then each stream in turn. A batch never spans two streams, and
// every record of a stream batch ends with the delimiter.
//
// A record longer than maxRecord is never read whole: once the partial
// record passes the limit, the reader drops it and discards the stream up
// to the next delimiter, counting the bytes, and hands the record on as a
// batch of its own that says so (batch.long). The memory a batch holds is
// thus at most about max(target, maxRecord) plus one read.
//
// A read error (a truncated or corrupt gzip stream, an I/O error) ends the
// run, but only after the records read completely before it: the complete
// records of the batch being read go out first, the partial record after
// them is dropped, and the next fill returns the error (a *readError
// inside an *ioError).
type recordReader struct {
	args      []string
	files     []fileInput
	stdin     io.Reader
	delim     byte
	target    int           // batchTarget, smaller in tests
	maxRecord int           // --max-record
	read      *atomic.Int64 // bytes read from the inputs (before gunzip)

	argIndex int   // arguments handed out
	err      error // the error that ended the input; fill returns it from then on

	// The open stream.
	cur       io.Reader // nil between streams
	closer    io.Closer
	stream    int    // index of the stream in the inputs, from 0
	name      string // its name, for messages
	gz        bool   // it is gunzipped
	readStart int64  // *read when it was opened
	carry     []byte // a partial record read after the last delimiter
	pos       int64  // offset in the stream of the first byte of carry
	skip      *longRecord
}

// newRecordReader returns the reader of the records of args, files (or
// stdin when both are empty), for records of at most maxRecord bytes. It
// stats the files, so that a missing file is an error before any record
// is read.
func newRecordReader(args, files []string, stdin io.Reader, delim byte, maxRecord int) (*recordReader, error) {
	r := &recordReader{args: args, stdin: stdin, delim: delim, target: batchTarget,
		maxRecord: min(maxRecord, maxInt/2), // so that offsets past it do not overflow
		read:      new(atomic.Int64), stream: -1}
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
				var pe *fs.PathError
				if errors.As(err, &pe) {
					err = pe.Err
				}
				return nil, &ioError{fmt.Errorf("%s: %w", name, err)}
			}
			if fi.IsDir() {
				return nil, &ioError{fmt.Errorf("%s: is a directory", name)}
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

// prefixReader reads head, then r, or only head when eof is set (r has
// ended already: a terminal would wait for a second end of input).
type prefixReader struct {
	head []byte
	r    io.Reader
	eof  bool
}

func (p *prefixReader) Read(b []byte) (int, error) {
	if len(p.head) > 0 {
		n := copy(b, p.head)
		p.head = p.head[n:]
		return n, nil
	}
	if p.eof {
		return 0, io.EOF
	}
	return p.r.Read(b)
}

// deferErrReader returns the bytes of a Read that also failed without the
// error, and the error on the next Read, so that its callers handle data
// and errors one at a time.
type deferErrReader struct {
	r   io.Reader
	err error
}

func (d *deferErrReader) Read(p []byte) (int, error) {
	if d.err != nil {
		return 0, d.err
	}
	n, err := d.r.Read(p)
	if n > 0 && err != nil {
		d.err, err = err, nil
	}
	return n, err
}

// gzipMagic starts every gzip member (ID1, ID2 and CM = deflate, RFC 1952).
var gzipMagic = []byte{0x1f, 0x8b, 8}

// utf8BOM is the byte order mark that some tools put at the start of text.
var utf8BOM = []byte{0xef, 0xbb, 0xbf}

// sniff reads from r until it knows whether the stream starts with magic:
// it stops at the first byte that differs, or at the end of the stream.
// It returns the answer, the bytes it read, and a reader of the whole
// stream: with the magic bytes when keep is set, else without them when
// they matched.
func sniff(r io.Reader, magic []byte, keep bool) (bool, []byte, io.Reader, error) {
	head := make([]byte, 0, len(magic))
	eof := false
	for !eof && len(head) < len(magic) && bytes.HasPrefix(magic, head) {
		n, err := r.Read(head[len(head):len(magic)])
		head = head[:len(head)+n]
		switch {
		case err == io.EOF:
			eof = true
		case err != nil:
			return false, head, nil, err
		}
	}
	match := bytes.Equal(head, magic)
	if match && !keep {
		head = nil
	}
	if len(head) == 0 && !eof {
		return match, head, r, nil
	}
	return match, head, &prefixReader{head: head, r: r, eof: eof}, nil
}

// open opens the next stream: it is gunzipped when it starts with the
// gzip magic bytes (whatever its name), and a UTF-8 byte order mark at
// its start (after gunzip) is skipped. A name ending in ".gz" that does
// not hold gzip data is an error, unless the file is empty. It returns
// r.err, which names the stream, when the stream cannot be opened or read.
func (r *recordReader) open() error {
	in := r.files[0]
	r.files = r.files[1:]
	r.stream++
	r.name, r.gz, r.pos, r.skip = in.name, false, 0, nil
	r.readStart = r.read.Load()
	fail := func(err error) error {
		r.close()
		r.err = &ioError{fmt.Errorf("%s: %w", displayName(in.name), err)}
		return r.err
	}
	var src io.Reader
	if in.name == "-" {
		src, r.closer = r.stdin, nil
	} else {
		f, err := os.Open(in.name)
		if err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return fail(err)
		}
		src, r.closer = f, f
	}
	src = countingReader{src, r.read}
	gz, head, src, err := sniff(src, gzipMagic, true)
	if err != nil {
		return r.fail(err, int64(len(head)))
	}
	switch {
	case gz:
		r.gz = true
		z, err := gzip.NewReader(src)
		if err != nil {
			return r.fail(fmt.Errorf("gzip header: %w", err), 0)
		}
		src = z
	case len(head) > 0 && strings.HasSuffix(in.name, ".gz"):
		if bytes.HasPrefix(gzipMagic, head) {
			// The start of a gzip header, cut off.
			r.gz = true
			return r.fail(fmt.Errorf("gzip header: %w", io.ErrUnexpectedEOF), 0)
		}
		return fail(errors.New("not in gzip format (the name ends in .gz)"))
	}
	src = &deferErrReader{r: src}
	bom, head, src, err := sniff(src, utf8BOM, false)
	if err != nil {
		return r.fail(err, int64(len(head)))
	}
	if bom {
		r.pos = int64(len(utf8BOM))
	}
	r.cur = src
	return nil
}

func (r *recordReader) close() error {
	r.cur = nil
	r.carry = r.carry[:0]
	if r.closer != nil {
		err := r.closer.Close()
		r.closer = nil
		return err
	}
	return nil
}

// fail ends the input with the error err of the open stream, after the
// records before its uncompressed offset r.pos, and with partial bytes of
// an incomplete record dropped. It returns the error.
func (r *recordReader) fail(err error, partial int64) error {
	r.err = &ioError{&readError{
		name: r.name, stream: r.stream, gz: r.gz, read: r.read.Load() - r.readStart,
		off: r.pos, partial: partial, err: err,
	}}
	r.close()
	return r.err
}

// over reports whether the partial record p, to which more bytes may yet
// be added, is already longer than maxRecord. A "\r" that may be followed
// by "\n" is not counted yet.
func (r *recordReader) over(p []byte) bool {
	n := len(p)
	if n > 0 && r.delim == '\n' && p[n-1] == '\r' {
		n--
	}
	return n > r.maxRecord
}

// shrinkAbove is the capacity above which a batch's buffers are dropped
// when the batch is reused, so that one long record does not keep a large
// buffer in every batch.
func shrinkAbove(target int) int {
	return 4 * max(target, minRead)
}

// fill sets b to the next batch of records. It returns false at the end of
// the input, with the error that ended it early, if any.
func (r *recordReader) fill(b *batch) (bool, error) {
	if cap(b.data) > shrinkAbove(r.target) {
		b.data = nil
	}
	b.data = b.data[:0]
	b.raw, b.long, b.stream, b.name, b.pos, b.gz = false, nil, -1, "", 0, false
	if r.err != nil {
		return false, r.err
	}
	if r.argIndex < len(r.args) {
		arg := r.args[r.argIndex]
		r.argIndex++
		b.raw, b.name, b.pos = true, "argument", int64(r.argIndex)
		if len(arg) > r.maxRecord {
			b.long = &longRecord{size: int64(len(arg))}
		} else {
			b.data = append(b.data, arg...)
		}
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
		b.stream, b.name, b.gz = r.stream, r.name, r.gz
		if r.skip != nil {
			if r.discard(b) {
				return true, nil
			}
			return false, r.err
		}
		b.pos = r.pos
		b.data = append(b.data, r.carry...)
		r.carry = r.carry[:0]
		ok, err := r.readBatch(b)
		if err != nil {
			return false, err
		}
		if ok {
			return true, nil
		}
		// The stream ended with nothing left, or with a long record to
		// discard: go on.
	}
}

// readBatch reads from the current stream into b, which holds the carry,
// until b holds at least r.target bytes and one whole record, or the
// stream ends, and keeps what follows the last delimiter for the next
// batch. It returns true when b holds records; false with a nil error
// when the caller goes on (the stream ended, or a long record is to be
// discarded); or the error that ended the input, when b holds nothing.
func (r *recordReader) readBatch(b *batch) (bool, error) {
	last := bytes.LastIndexByte(b.data, r.delim) // the carry may hold records
	for {
		if last >= 0 && len(b.data) >= r.target {
			r.carry = append(r.carry, b.data[last+1:]...)
			b.data = b.data[:last+1]
			r.pos = b.pos + int64(last+1)
			return true, nil
		}
		if p := b.data[last+1:]; r.over(p) {
			// Drop the partial record; discard the rest of it next.
			r.skip = &longRecord{off: b.pos + int64(last+1)}
			r.count(r.skip, p)
			b.data = b.data[:last+1]
			r.pos = r.skip.off
			return len(b.data) > 0, nil
		}
		// Read no further than one byte past the longest record (and a
		// "\r"), so that a long record is known before it is held whole.
		limit := last + 1 + r.maxRecord + 2
		start := len(b.data)
		var err error
		switch {
		case cap(b.data)-len(b.data) >= minRead || cap(b.data) >= limit:
		case len(b.data)-(last+1) >= longRecordChunk:
			// A long record: the rest of it is read in chunks, then
			// held once in a buffer of its size.
			err = r.readLong(b, limit)
		default:
			grow := max(r.target, minRead, len(b.data))
			b.data = slices.Grow(b.data, min(grow, limit-len(b.data)))
		}
		if len(b.data) == start && err == nil {
			var n int
			n, err = r.cur.Read(b.data[start:min(cap(b.data), limit)])
			b.data = b.data[:start+n]
		}
		if i := bytes.LastIndexByte(b.data[start:], r.delim); i >= 0 {
			last = start + i
		}
		switch {
		case err == io.EOF:
			r.pos = b.pos + int64(len(b.data))
			if n := len(b.data); n > 0 && b.data[n-1] != r.delim {
				// A last record without its delimiter counts.
				b.data = append(b.data, r.delim)
			}
			if err := r.close(); err != nil {
				err = r.fail(err, 0)
				if len(b.data) == 0 {
					return false, err
				}
			}
			return len(b.data) > 0, nil
		case err != nil:
			// The records read whole go on; the rest is lost.
			partial := int64(len(b.data) - (last + 1))
			b.data = b.data[:last+1]
			r.pos = b.pos + int64(last+1)
			err = r.fail(err, partial)
			if len(b.data) > 0 {
				return true, nil
			}
			return false, err
		}
	}
}

// longRecordChunk is the size of the chunks the rest of a record is read
// in once it is that long (readLong), and releaseAbove the size of a
// record after which the memory the chunks held is given back to the
// operating system at once.
const (
	longRecordChunk = 1 << 20
	releaseAbove    = 16 << 20
)

// readLong appends to b.data, which is full and ends with a record of
// longRecordChunk bytes or more, what follows in the stream: up to the
// end of the chunk in which that record ends, the end of the stream or a
// read error (which it returns), and never past limit bytes in all. It
// reads into chunks and then copies them once into a buffer of their
// size: growing b.data by doubling instead would leave it up to twice the
// record, and as much again in the buffers it outgrew, which the garbage
// collector, tuned to run seldom (tuneGC), would keep for long.
func (r *recordReader) readLong(b *batch, limit int) error {
	var chunks [][]byte
	total := len(b.data)
	var err error
	for err == nil && total < limit {
		c := make([]byte, min(longRecordChunk, limit-total))
		n := 0
		for err == nil && n < len(c) {
			var k int
			k, err = r.cur.Read(c[n:])
			ended := bytes.IndexByte(c[n:n+k], r.delim) >= 0
			n += k
			if ended && err == nil {
				err = errRecordEnd
			}
		}
		chunks = append(chunks, c[:n])
		total += n
	}
	if err == errRecordEnd {
		err = nil
	}
	// Room for a delimiter after a last record that has none.
	data := make([]byte, 0, total+1)
	data = append(data, b.data...)
	for _, c := range chunks {
		data = append(data, c...)
	}
	b.data = data
	if total >= releaseAbove {
		debug.FreeOSMemory()
	}
	return err
}

// errRecordEnd stops readLong at the chunk in which the record ends.
var errRecordEnd = errors.New("end of the record")

// discard reads the rest of the long record r.skip, using b.data as
// scratch space, up to the next delimiter (or the end of the stream), and
// makes b the batch of that record. It returns false when the stream
// failed before the record ended (then r.err is set).
func (r *recordReader) discard(b *batch) bool {
	lr := r.skip
	if cap(b.data) < minRead {
		b.data = make([]byte, 0, max(r.target, minRead))
	}
	buf := b.data[:cap(b.data)]
	for {
		n, err := r.cur.Read(buf)
		chunk := buf[:n]
		if i := bytes.IndexByte(chunk, r.delim); i >= 0 {
			r.count(lr, chunk[:i])
			r.carry = append(r.carry, chunk[i+1:]...)
			r.pos = lr.off + lr.size + 1
			if lr.cr {
				r.pos++
			}
			r.end(b, lr)
			return true
		}
		r.count(lr, chunk)
		switch {
		case err == io.EOF:
			r.end(b, lr)
			if err := r.close(); err != nil {
				r.fail(err, 0)
			}
			return true
		case err != nil:
			r.fail(err, lr.size)
			return false
		}
	}
}

// count adds the bytes p of the long record lr to its size, less a "\r"
// that may be the one before the newline that ends it.
func (r *recordReader) count(lr *longRecord, p []byte) {
	if len(p) == 0 {
		return
	}
	if lr.cr {
		lr.size++
	}
	lr.size += int64(len(p))
	lr.cr = r.delim == '\n' && p[len(p)-1] == '\r'
	if lr.cr {
		lr.size--
	}
}

// end makes b the batch of the long record lr.
func (r *recordReader) end(b *batch, lr *longRecord) {
	r.skip = nil
	b.data = b.data[:0]
	b.long, b.pos = lr, lr.off
}

// ioError is an error reading an input or writing the output. It ends
// the run with exit status 3 (exitIO), without the usage hint.
type ioError struct{ err error }

func (e *ioError) Error() string { return e.err.Error() }
func (e *ioError) Unwrap() error { return e.err }

// readError is a failure to read an input stream part way: a truncated or
// corrupt gzip stream, or an I/O error. The records read whole before it
// were processed; the run fills in how many.
type readError struct {
	name    string
	stream  int   // the index of the stream in the inputs
	gz      bool  // the stream is gunzipped
	read    int64 // bytes read from the file (compressed, when gz)
	off     int64 // the uncompressed offset of the end of the last whole record
	partial int64 // bytes of an incomplete record after it, dropped
	err     error

	// Filled in after the records before the error are written.
	counted bool
	records int64 // records of this stream processed
	total   int64 // records processed in all
}

func (e *readError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: read error: %v", displayName(e.name), e.err)
	if e.gz {
		fmt.Fprintf(&b, " (gzip data; %d bytes read, %d bytes gunzipped)", e.read, e.off+e.partial)
	} else {
		fmt.Fprintf(&b, " (after byte %d)", e.off+e.partial)
	}
	if e.counted {
		fmt.Fprintf(&b, "; the %d whole records read before it were processed (%d in all)", e.records, e.total)
	}
	if e.partial > 0 {
		fmt.Fprintf(&b, "; an incomplete record of %d bytes after them (from byte %d) was not processed", e.partial, e.off)
	}
	return b.String()
}

func (e *readError) Unwrap() error { return e.err }
