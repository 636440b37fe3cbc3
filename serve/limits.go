package serve

import (
	"context"
	"slices"
	"sync"
	"time"
)

// The cost model of an API request: the memory it is expected to hold at
// its peak, from the request body to the encoded answer, is
//
//	weightBase + weightPerByte × input bytes + weightPerRecord × records
//
// (the body, the decoded inputs, what the urikit packages allocate for a
// record, at most a small multiple of its length, and the answer, which
// repeats each input a few times and adds a few hundred bytes per record).
// BoundedTest measures what each route allocates per body byte and per
// record, and checks that the weights cover it.
const (
	weightBase      = 16 << 10
	weightPerByte   = 32
	weightPerRecord = 4 << 10
	// heavyWeight is the weight from which a request counts as heavy:
	// heavy requests take at most half of the workers, so that small
	// ones never queue behind them.
	heavyWeight = 1 << 20
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

// bodyWeight is the weight of a request whose body has n bytes, before it
// is read: the inputs are not longer than the body, and each record takes
// at least 3 bytes of it ("",).
func bodyWeight(n int64, maxRecords int) int64 {
	return requestWeight(n, int(min(n/3+1, int64(maxRecords))))
}

// memoryBudget is a weighted semaphore of bytes: each API request holds
// its weight from before its body is read until its answer is made. A
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
// is known before it is sent.
type chunkBuffer struct {
	chunks [][]byte
	n      int
}

const (
	minChunk = 512
	maxChunk = 256 << 10
)

func (c *chunkBuffer) Write(p []byte) (int, error) {
	n := len(p)
	c.n += n
	for len(p) > 0 {
		if k := len(c.chunks); k == 0 || len(c.chunks[k-1]) == cap(c.chunks[k-1]) {
			size := minChunk
			if k > 0 {
				size = min(2*cap(c.chunks[k-1]), maxChunk)
			}
			c.chunks = append(c.chunks, make([]byte, 0, size))
		}
		last := &c.chunks[len(c.chunks)-1]
		m := min(len(p), cap(*last)-len(*last))
		*last = append(*last, p[:m]...)
		p = p[m:]
	}
	return n, nil
}

func (c *chunkBuffer) WriteString(s string) {
	c.Write([]byte(s))
}

// Len returns the number of bytes written.
func (c *chunkBuffer) Len() int { return c.n }

// trimNewline is the writer a json.Encoder writes a record's answer to:
// it drops the newline that ends each value, so that the answers of a
// batch are written as one line.
type trimNewline struct{ w *chunkBuffer }

func (t trimNewline) Write(p []byte) (int, error) {
	n := len(p)
	if n > 0 && p[n-1] == '\n' {
		p = p[:n-1]
	}
	t.w.Write(p)
	return n, nil
}
