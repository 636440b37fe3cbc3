package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/internal/window"
)

// batch is a run of records on its way from the reader through a worker
// to the writer. A fixed number of batches circulate, which bounds memory.
type batch struct {
	data []byte      // the records: one (raw) or each followed by the delimiter
	raw  bool        // data is one record, an argument
	long *longRecord // when set, the batch is this one record, longer than --max-record, not read

	// Where the records come from, for messages.
	stream int    // the index of the input stream, -1 for an argument
	name   string // the name of the input stream ("-" for standard input), or "argument"
	pos    int64  // the offset of data in the (uncompressed) stream, or the argument's number
	gz     bool   // the stream is gunzipped

	n     int       // records processed
	out   []byte    // their output
	fails []failure // their failures, in order
	err   error     // an error that stops the whole run

	done chan struct{} // a worker signals here when the batch is processed
}

func newBatch() *batch {
	return &batch{done: make(chan struct{}, 1)}
}

// failure is a failing record of a batch.
type failure struct {
	index  int // the record's index in its batch
	off    int // where the record's output (if any) starts in batch.out
	err    recordError
	detail string
}

// appendFunc is the fast form of a record function, for records whose
// whole output is a few bytes: it appends the output of the record to dst
// and returns it with true, or returns false when the record needs its
// full outcome (a failure, say), which the recordFunc then makes. It
// saves a copy of the output and the outcome per record. Like a
// recordFunc it may keep state between calls, and must not keep in.
type appendFunc func(dst, in []byte) ([]byte, bool)

// worker runs a record function over batches and formats each outcome.
type worker struct {
	fn         recordFunc
	maxRecord  int
	fast       appendFunc // nil, or the fast form of fn (never with json)
	delim      byte
	json       bool
	skip       bool                      // --on-error skip
	stopOnFail bool                      // --on-error fail
	allowEmpty bool                      // the subcommand takes an empty record (edit --set)
	rows       bool                      // every record's output is written, a failing one's too (split)
	outDelim   []byte                    // what follows each record's output
	failRow    func(*recordError) []byte // with rows, the output of a record longer than --max-record
}

func newWorker(fn recordFunc, fast appendFunc, opts *recordOptions) *worker {
	w := &worker{fn: fn, maxRecord: int(opts.maxRecord), delim: opts.delim(), json: opts.json,
		skip: opts.onError == onErrorSkip, stopOnFail: opts.onError == onErrorFail, allowEmpty: opts.allowEmpty,
		rows: opts.rows, outDelim: []byte{opts.delim()}, failRow: opts.failRow}
	if opts.rows {
		w.outDelim = opts.outDelim
	}
	if !w.json {
		w.fast = fast
	}
	return w
}

// shrinkOutAbove is the capacity above which the output buffer of a batch
// is dropped when the batch is reused, so that the output of one large
// record does not stay in every batch.
const shrinkOutAbove = 1 << 20

// process runs the record function on each record of b.
func (w *worker) process(b *batch) {
	if cap(b.out) > shrinkOutAbove {
		b.out = nil
	}
	b.n, b.out, b.fails, b.err = 0, b.out[:0], b.fails[:0], nil
	switch {
	case b.long != nil:
		w.tooLong(b, b.long)
		return
	case b.raw:
		w.record(b, b.data)
		return
	}
	data := b.data
	for len(data) > 0 {
		i := bytes.IndexByte(data, w.delim)
		rec := data[:i]
		start := len(b.data) - len(data)
		data = data[i+1:]
		if w.delim == '\n' && i > 0 && rec[i-1] == '\r' {
			rec = rec[:i-1]
		}
		if len(rec) > w.maxRecord {
			// Read whole within a batch, but longer than allowed all
			// the same.
			if !w.tooLong(b, &longRecord{off: b.pos + int64(start), size: int64(len(rec))}) {
				return
			}
			continue
		}
		if w.fast != nil && len(rec) > 0 {
			if out, ok := w.fast(b.out, rec); ok {
				b.out = append(out, w.outDelim...)
				b.n++
				continue
			}
		}
		if !w.record(b, rec) {
			return
		}
	}
}

// record handles one record and reports whether to go on.
func (w *worker) record(b *batch, in []byte) bool {
	index := b.n
	b.n++
	if len(in) == 0 && !w.allowEmpty {
		// The same in every record subcommand ('urikit help records').
		return w.emit(b, index, in, outcome{Err: report.EmptyError()})
	}
	return w.emit(b, index, in, w.fn(in))
}

// codeTooLong is the error code of a record longer than --max-record.
const codeTooLong = "record-too-long"

// tooLong handles the record lr of b, longer than --max-record, as a
// failure, and reports whether to go on.
func (w *worker) tooLong(b *batch, lr *longRecord) bool {
	index := b.n
	b.n++
	var where string
	switch {
	case b.raw:
		where = fmt.Sprintf("argument %d", b.pos)
	case b.gz:
		where = fmt.Sprintf("starts at byte %d of %s, gunzipped", lr.off, displayName(b.name))
	default:
		where = fmt.Sprintf("starts at byte %d of %s", lr.off, displayName(b.name))
	}
	e := &recordError{Offset: w.maxRecord, Code: codeTooLong,
		Message: fmt.Sprintf("record of %d bytes, longer than --max-record %d: not processed (%s)", lr.size, w.maxRecord, where)}
	rec := report.TooLong(lr.size, e)
	o := outcome{Err: e, Record: &rec}
	if w.rows {
		if w.failRow != nil {
			o.Output = w.failRow(e)
		} else {
			o.Output = rec.AppendJSON(nil)
		}
	}
	return w.emit(b, index, nil, o)
}

// emit writes the outcome o of the record in, number index of b, and
// reports whether to go on.
func (w *worker) emit(b *batch, index int, in []byte, o outcome) bool {
	if o.Err != nil {
		b.fails = append(b.fails, failure{index: index, off: len(b.out), err: *o.Err, detail: o.Detail})
		switch {
		case w.skip:
		case w.json:
			w.writeJSON(b, in, o)
		case w.rows:
			b.out = append(room(b.out, len(o.Output)+len(w.outDelim)), o.Output...)
			b.out = append(b.out, w.outDelim...)
		case !w.stopOnFail:
			b.out = append(b.out, w.delim)
		}
		return !w.stopOnFail
	}
	if w.json {
		w.writeJSON(b, in, o)
		return b.err == nil
	}
	b.out = append(room(b.out, len(o.Output)+len(w.outDelim)), o.Output...)
	b.out = append(b.out, w.outDelim...)
	return true
}

// writeJSON appends the record object of the outcome o of the record in,
// and the delimiter, to the output of b.
func (w *worker) writeJSON(b *batch, in []byte, o outcome) {
	rec := jsonOf(in, o)
	n, _ := rec.JSONSize(maxInt)
	b.out = rec.AppendJSON(room(b.out, n+1))
	b.out = append(b.out, w.outDelim...)
}

// sink writes processed batches in order, with the failures' messages on
// standard error in step with standard output. When the two go to
// different files, being in step means nothing to a reader, so the
// messages of a batch are buffered and written together after it, with
// no flush of standard output for each: two system calls fewer per
// failing record.
type sink struct {
	w          *bufio.Writer
	out        io.Writer // standard output, under w
	stderr     io.Writer
	messages   bool // write a message for each failure
	stopOnFail bool
	separate   bool          // standard output and error are different files
	msgs       *bufio.Writer // buffers the messages when separate

	records atomic.Int64 // records written
	failed  int
	stopped bool // --on-error fail met a failure

	stream        int   // the input stream of the last batch written
	streamRecords int64 // the records of that stream written

	// consume, when set, takes the output of the records in place of
	// standard output: whole records' outputs at a time (split).
	consume func([]byte) error
}

func newSink(stdout, stderr io.Writer, opts *recordOptions) *sink {
	return &sink{
		w:          bufio.NewWriterSize(stdout, 64<<10),
		out:        stdout,
		stderr:     stderr,
		messages:   opts.onError == onErrorFail || (opts.onError == onErrorReport && !opts.json && !opts.rows),
		stopOnFail: opts.onError == onErrorFail,
		separate:   separateFiles(stdout, stderr),
		stream:     -2,
		consume:    opts.consume,
	}
}

// separateFiles reports whether stdout and stderr are open files that are
// not the same file (a terminal, a pipe or a file both write to).
func separateFiles(stdout, stderr io.Writer) bool {
	o, ok := stdout.(*os.File)
	e, ok2 := stderr.(*os.File)
	if !ok || !ok2 {
		return false
	}
	oi, err := o.Stat()
	if err != nil {
		return false
	}
	ei, err := e.Stat()
	return err == nil && !os.SameFile(oi, ei)
}

func (s *sink) write(b *batch) error {
	if b.err != nil {
		return b.err
	}
	if err := s.writeBatch(b); err != nil {
		return &ioError{fmt.Errorf("writing the output: %w", err)}
	}
	return nil
}

func (s *sink) writeBatch(b *batch) error {
	pos := 0
	base := s.records.Load()
	for _, f := range b.fails {
		s.failed++
		if !s.messages {
			continue
		}
		if s.separate {
			if s.msgs == nil {
				s.msgs = bufio.NewWriterSize(s.stderr, 8<<10)
			}
			s.message(s.msgs, base, f)
			continue
		}
		if s.consume != nil {
			if err := s.consume(b.out[pos:f.off]); err != nil {
				return err
			}
		} else {
			s.w.Write(b.out[pos:f.off])
		}
		pos = f.off
		// Keep stdout and stderr in step for a reader of both.
		if err := s.w.Flush(); err != nil {
			return err
		}
		s.message(s.stderr, base, f)
	}
	if s.msgs != nil {
		s.msgs.Flush()
	}
	rest := b.out[pos:]
	var err error
	switch {
	case s.consume != nil:
		err = s.consume(rest)
	case len(rest) >= directWrite:
		// A batch's output is large: write it as it is rather than
		// copy it into the buffer first.
		if err = s.w.Flush(); err == nil {
			_, err = s.out.Write(rest)
		}
	default:
		_, err = s.w.Write(rest)
	}
	s.records.Add(int64(b.n))
	if b.stream != s.stream {
		s.stream, s.streamRecords = b.stream, 0
	}
	s.streamRecords += int64(b.n)
	if s.stopOnFail && len(b.fails) > 0 {
		s.stopped = true
	}
	return err
}

// directWrite is the size from which the sink writes the output of a batch
// straight to standard output instead of through its buffer.
const directWrite = 16 << 10

// message writes the message of a failure to w.
func (s *sink) message(w io.Writer, base int64, f failure) {
	fmt.Fprintf(w, "urikit: record %d: offset %d: %s\n%s", base+int64(f.index)+1, f.err.Offset, window.Clip(f.err.Message, maxMessage), f.detail)
}

// processRecords streams the records through record functions made by
// newFn, one per worker, and writes each outcome in input order.
func processRecords(cmd *cobra.Command, args []string, opts recordOptions, newFn func() recordFunc) error {
	return processRecordsFast(cmd, args, opts, func() (recordFunc, appendFunc) { return newFn(), nil })
}

// processRecordsFast is processRecords for subcommands that also have the
// fast form of their record function: newFn returns both, made to share
// any state (they are called by one goroutine).
func processRecordsFast(cmd *cobra.Command, args []string, opts recordOptions, newFn func() (recordFunc, appendFunc)) error {
	jobs, err := opts.check()
	if err != nil {
		return err
	}
	rd, err := newRecordReader(args, opts.files, cmd.InOrStdin(), opts.delim(), int(opts.maxRecord))
	if err != nil {
		return err
	}
	start := time.Now()
	stderr := cmd.ErrOrStderr()
	if len(args) == 0 && len(opts.files) == 0 {
		if f, ok := cmd.InOrStdin().(*os.File); ok && isTerminal(f) {
			// Not silent: a person may not know that input is awaited.
			fmt.Fprintf(stderr, "urikit: %s reads records from standard input, one per line; end with Ctrl-D (or give them as arguments, or -f FILE; '%s --help')\n", cmd.CommandPath(), cmd.CommandPath())
		}
	}
	snk := newSink(cmd.OutOrStdout(), stderr, &opts)
	var bar *progressBar
	if !opts.noProgress {
		bar = startProgress(stderr, rd.size(), rd.read, &snk.records, progressInterval)
	}
	if bar != nil {
		snk.stderr = bar
	}
	if jobs == 1 && snk.consume == nil {
		err = runSequential(rd, newFn, snk, &opts)
	} else {
		err = runParallel(rd, newFn, jobs, snk, &opts)
	}
	if ferr := snk.w.Flush(); err == nil && ferr != nil {
		err = &ioError{fmt.Errorf("writing the output: %w", ferr)}
	}
	var re *readError
	if errors.As(err, &re) {
		// Say how many records were read whole before the error.
		re.counted, re.total = true, snk.records.Load()
		if snk.stream == re.stream {
			re.records = snk.streamRecords
		}
	}
	bar.stop()
	if opts.stats {
		fmt.Fprintln(stderr, statsLine(snk.records.Load(), snk.failed, time.Since(start)))
	}
	switch {
	case err != nil:
		return err
	case snk.failed > 0 && opts.onError != onErrorSkip:
		return errRecordsFailed
	}
	return nil
}

// statsLine is the --stats summary.
func statsLine(records int64, failed int, elapsed time.Duration) string {
	rate := 0.0
	if s := elapsed.Seconds(); s > 0 {
		rate = float64(records) / s
	}
	return fmt.Sprintf("urikit: %d records, %d failed, %.3f s, %.0f records/s", records, failed, elapsed.Seconds(), rate)
}

// runSequential processes the records in this goroutine.
func runSequential(rd *recordReader, newFn func() (recordFunc, appendFunc), snk *sink, opts *recordOptions) error {
	defer rd.close()
	b := newBatch()
	fn, fast := newFn()
	w := newWorker(fn, fast, opts)
	for {
		ok, err := rd.fill(b)
		if !ok {
			return err
		}
		w.process(b)
		if err := snk.write(b); err != nil || snk.stopped {
			return err
		}
	}
}

// runParallel processes the records with jobs workers (also for one
// worker when the sink consumes the output itself, as split's Parquet
// writer does: it then encodes while the worker parses): a reader goroutine
// fills batches and queues each both for the workers and, in input order,
// for the writer (this goroutine), which waits for each batch to be
// processed before writing it. 4×jobs batches circulate.
func runParallel(rd *recordReader, newFn func() (recordFunc, appendFunc), jobs int, snk *sink, opts *recordOptions) error {
	nb := 4 * jobs
	free := make(chan *batch, nb)
	for range nb {
		free <- newBatch()
	}
	work := make(chan *batch, nb)
	order := make(chan *batch, nb)
	quit := make(chan struct{})
	var readErr error
	var wg sync.WaitGroup
	wg.Go(func() {
		defer close(order)
		defer close(work)
		defer rd.close()
		for {
			var b *batch
			select {
			case b = <-free:
			case <-quit:
				return
			}
			ok, err := rd.fill(b)
			if !ok {
				readErr = err
				return
			}
			order <- b
			work <- b
		}
	})
	for range jobs {
		fn, fast := newFn()
		wg.Go(func() {
			w := newWorker(fn, fast, opts)
			for b := range work {
				select {
				case <-quit:
				default:
					w.process(b)
				}
				b.done <- struct{}{}
			}
		})
	}
	for b := range order {
		<-b.done
		err := snk.write(b)
		free <- b
		if err != nil || snk.stopped {
			// Stop early. The reader may be blocked on a slow input:
			// do not wait for it; it stops before its next batch.
			close(quit)
			return err
		}
	}
	wg.Wait()
	return readErr
}
