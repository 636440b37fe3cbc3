package serve

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/urikit/urikit/internal/report"
)

// The cost model of an API request: the memory it is expected to hold at
// its peak, from the request body to the encoded answer, is
//
//	weightBase + weightPerByte × input bytes + weightPerRecord × records
//
// for the body (read once, decoded in place), the decoded inputs, what the
// urikit packages allocate for a record (at most 8 bytes per input byte
// and a few KiB per record is what they are held to), and an answer of
// up to answerPerByte × input bytes + answerPerRecord × records. A larger
// answer takes more of the budget as it is built (holding.forAnswer).
// TestBounded measures what each route allocates per body byte and per
// record on adversarial inputs and checks that the weight covers it.
const (
	weightBase      = 16 << 10
	weightPerByte   = 16
	weightPerRecord = 4 << 10
	answerPerByte   = 4
	answerPerRecord = 2 << 10
	// heavyWork is the work (input bytes, and heavyPerRecord per record)
	// from which a request counts as heavy: heavy requests take at most
	// half of the workers, so that small ones never queue behind them.
	heavyWork      = 32 << 10
	heavyPerRecord = 128
	// releaseDelay is how long the server waits, once the last heavy
	// request is answered, before it returns the memory freed to the
	// operating system.
	releaseDelay = time.Second
	// retryAfter is the Retry-After of a 503 busy answer, in seconds.
	retryAfter = "1"
)

// requestWeight is the memory a request with this many input bytes and
// records is expected to hold.
func requestWeight(inputBytes int64, records int) int64 {
	return weightBase + weightPerByte*inputBytes + weightPerRecord*int64(records)
}

// isHeavy reports whether a request of this many input bytes and records
// is heavy: the CPU time the urikit packages take grows with the input
// and the records.
func isHeavy(inputBytes int64, records int) bool {
	return inputBytes+heavyPerRecord*int64(records) >= heavyWork
}

// answerWeight is the part of requestWeight meant for the answer.
func answerWeight(inputBytes int64, records int) int64 {
	return answerPerByte*inputBytes + answerPerRecord*int64(records)
}

// bodyWeight is the weight of a request whose body has n bytes while
// the body is read and decoded: the body and the decoded inputs, not
// longer than the body.
func bodyWeight(n int64) int64 {
	return weightBase + 2*n
}

// memoryBudget is a weighted semaphore of bytes: each API request holds
// its weight from before its body is read until its answer is written. A
// request that does not fit waits; the waiters are served in arrival
// order, each as soon as it fits, so that a large request waiting for
// room does not hold up smaller ones that fit (it waits at most the queue
// timeout, then gets a 503).
type memoryBudget struct {
	mu      sync.Mutex
	size    int64
	used    int64
	waiters []*budgetWaiter
}

type budgetWaiter struct {
	n     int64
	ready chan struct{} // closed when the weight is granted
}

func newMemoryBudget(size int64) *memoryBudget { return &memoryBudget{size: size} }

// acquire takes n bytes of the budget (at most its size), waiting until
// they are free or ctx ends. It returns the weight taken, to be given back
// with release, or ctx's error.
func (b *memoryBudget) acquire(ctx context.Context, n int64) (int64, error) {
	n = min(n, b.size)
	b.mu.Lock()
	if b.used+n <= b.size {
		b.used += n
		b.mu.Unlock()
		return n, nil
	}
	w := &budgetWaiter{n: n, ready: make(chan struct{})}
	b.waiters = append(b.waiters, w)
	b.mu.Unlock()
	select {
	case <-w.ready:
		return n, nil
	case <-ctx.Done():
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if i := slices.Index(b.waiters, w); i >= 0 {
		b.waiters = slices.Delete(b.waiters, i, i+1)
		return 0, ctx.Err()
	}
	// Granted as ctx ended: give it back.
	b.used -= n
	b.grant()
	return 0, ctx.Err()
}

// release gives back n bytes taken by acquire.
func (b *memoryBudget) release(n int64) {
	if n == 0 {
		return
	}
	b.mu.Lock()
	b.used -= n
	b.grant()
	b.mu.Unlock()
}

// grant serves the waiters that fit, in arrival order. b.mu is held.
func (b *memoryBudget) grant() {
	keep := b.waiters[:0]
	for _, w := range b.waiters {
		if b.used+w.n <= b.size {
			b.used += w.n
			close(w.ready)
			continue
		}
		keep = append(keep, w)
	}
	clear(b.waiters[len(keep):])
	b.waiters = keep
}

// inUse returns the bytes held and the number of waiters.
func (b *memoryBudget) inUse() (int64, int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used, len(b.waiters)
}

// workers bounds the requests worked on at once: at most cap(all) in
// all, of which at most cap(heavy) heavy ones.
type workers struct {
	all   chan struct{}
	heavy chan struct{}
}

func newWorkers(n int) workers {
	return workers{all: make(chan struct{}, n), heavy: make(chan struct{}, max(1, n/2))}
}

// acquire takes a worker (and a heavy one when heavy is set), waiting
// until one is free or ctx ends.
func (ws workers) acquire(ctx context.Context, heavy bool) error {
	if heavy {
		select {
		case ws.heavy <- struct{}{}:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	select {
	case ws.all <- struct{}{}:
		return nil
	case <-ctx.Done():
		if heavy {
			<-ws.heavy
		}
		return ctx.Err()
	}
}

func (ws workers) release(heavy bool) {
	<-ws.all
	if heavy {
		<-ws.heavy
	}
}

// reclaimer returns freed memory to the operating system once the server
// has been without heavy requests for a while after serving some, so that
// an idle server does not keep the memory of its last burst.
type reclaimer struct {
	mu      sync.Mutex
	heavy   int  // heavy requests in flight
	pending bool // a heavy request ended since the last release
	timer   *time.Timer
	delay   time.Duration
	free    func()
}

func (r *reclaimer) start() {
	r.mu.Lock()
	r.heavy++
	r.mu.Unlock()
}

func (r *reclaimer) done() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.heavy--
	r.pending = true
	if r.heavy > 0 {
		return
	}
	if r.timer == nil {
		r.timer = time.AfterFunc(r.delay, r.fire)
		return
	}
	r.timer.Reset(r.delay)
}

func (r *reclaimer) fire() {
	r.mu.Lock()
	if r.heavy > 0 || !r.pending {
		r.mu.Unlock()
		return
	}
	r.pending = false
	r.mu.Unlock()
	r.free()
}

// chunkBuffer is an io.Writer that keeps what it is given in chunks,
// never copying what it holds: the answer is built in one, and its length
// is known before it is sent. A new chunk holds at least a quarter of what
// the buffer holds already (at most maxChunk), or what reserve asked for:
// the room allocated and not used stays under a quarter of the answer.
type chunkBuffer struct {
	chunks [][]byte
	n      int
}

const (
	minChunk = 512
	maxChunk = 256 << 10
)

func (c *chunkBuffer) Write(p []byte) (int, error) {
	appendChunks(c, p)
	return len(p), nil
}

// WriteString writes s, without converting it to a []byte.
func (c *chunkBuffer) WriteString(s string) {
	appendChunks(c, s)
}

// free returns the room left in the last chunk.
func (c *chunkBuffer) free() int {
	if k := len(c.chunks); k > 0 {
		return cap(c.chunks[k-1]) - len(c.chunks[k-1])
	}
	return 0
}

// reserve makes room for the next n bytes: when the last chunk cannot
// hold them, they go in a new chunk (the last one's room is left unused).
func (c *chunkBuffer) reserve(n int) {
	if c.free() < n {
		c.grow(n)
	}
}

// grow adds a chunk of at least n bytes.
func (c *chunkBuffer) grow(n int) {
	size := max(n, min(max(c.n/4, minChunk), maxChunk))
	c.chunks = append(c.chunks, make([]byte, 0, size))
}

func appendChunks[T string | []byte](c *chunkBuffer, p T) {
	for len(p) > 0 {
		if c.free() == 0 {
			c.grow(0)
		}
		last := &c.chunks[len(c.chunks)-1]
		m := min(len(p), cap(*last)-len(*last))
		*last = append(*last, p[:m]...)
		p = p[m:]
		c.n += m
	}
}

// appendRecord writes the JSON object of rec into the last chunk, which
// reserve made room for.
func (c *chunkBuffer) appendRecord(rec report.Record) {
	if len(c.chunks) == 0 {
		c.grow(0)
	}
	last := &c.chunks[len(c.chunks)-1]
	n := len(*last)
	*last = rec.AppendJSON(*last)
	c.n += len(*last) - n
}

// Bytes returns what was written, in one slice.
func (c *chunkBuffer) Bytes() []byte {
	return slices.Concat(c.chunks...)
}

// Len returns the number of bytes written.
func (c *chunkBuffer) Len() int { return c.n }
