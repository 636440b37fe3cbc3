package api

import (
	"context"
	"math"
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
// answer takes more of the budget as it is built (Holding.forAnswer).
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
)

// RequestWeight is the memory a request with this many input bytes and
// records is expected to hold.
func RequestWeight(inputBytes int64, records int) int64 {
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

// BodyWeight is the weight of a request whose body has n bytes while
// the body is read and decoded: the body and the decoded inputs, not
// longer than the body.
func BodyWeight(n int64) int64 {
	return weightBase + 2*n
}

// Budget is a weighted semaphore of bytes: each API request holds
// its weight from before its body is read until its answer is written. A
// request that does not fit waits; the waiters are served in arrival
// order, each as soon as it fits, so that a large request waiting for
// room does not hold up smaller ones that fit (it waits at most the queue
// timeout, then gets a 503).
// Make one with NewBudget; a nil *Budget has no room and takes nothing
// (its Acquire returns 0 at once), and a Holding of it refuses any job
// (413 too-much-work).
type Budget struct {
	mu      sync.Mutex
	size    int64
	used    int64
	waiters []*budgetWaiter
}

type budgetWaiter struct {
	n     int64
	ready chan struct{} // closed when the weight is granted
}

// NewBudget returns a Budget of size bytes, none of them taken.
func NewBudget(size int64) *Budget { return &Budget{size: size} }

// Acquire takes n bytes of the budget (at most its size), waiting until
// they are free or ctx ends. It returns the weight taken, to be given back
// with release, or ctx's error.
func (b *Budget) Acquire(ctx context.Context, n int64) (int64, error) {
	if b == nil {
		return 0, nil
	}
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

// Release gives back n bytes taken by acquire.
func (b *Budget) Release(n int64) {
	if n == 0 || b == nil {
		return
	}
	b.mu.Lock()
	b.used -= n
	b.grant()
	b.mu.Unlock()
}

// grant serves the waiters that fit, in arrival order. b.mu is held.
func (b *Budget) grant() {
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

// InUse returns the bytes held and the number of waiters.
func (b *Budget) InUse() (int64, int) {
	if b == nil {
		return 0, 0
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used, len(b.waiters)
}

// Buffer is an io.Writer that keeps what it is given in chunks,
// never copying what it holds: the answer is built in one, and its length
// is known before it is sent. A new chunk holds at least a quarter of what
// the buffer holds already (at most maxChunk), or what reserve asked for:
// the room allocated and not used stays under a quarter of the answer.
type Buffer struct {
	chunks [][]byte
	n      int
}

const (
	minChunk = 512
	maxChunk = 256 << 10
)

// Write writes p; it never fails.
func (c *Buffer) Write(p []byte) (int, error) {
	appendChunks(c, p)
	return len(p), nil
}

// WriteString writes s, without converting it to a []byte.
func (c *Buffer) WriteString(s string) {
	appendChunks(c, s)
}

// free returns the room left in the last chunk.
func (c *Buffer) free() int {
	if k := len(c.chunks); k > 0 {
		return cap(c.chunks[k-1]) - len(c.chunks[k-1])
	}
	return 0
}

// reserve makes room for the next n bytes: when the last chunk cannot
// hold them, they go in a new chunk (the last one's room is left unused).
func (c *Buffer) reserve(n int) {
	if c.free() < n {
		c.grow(n)
	}
}

// grow adds a chunk of at least n bytes.
func (c *Buffer) grow(n int) {
	size := max(n, min(max(c.n/4, minChunk), maxChunk))
	c.chunks = append(c.chunks, make([]byte, 0, size))
}

func appendChunks[T string | []byte](c *Buffer, p T) {
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
func (c *Buffer) appendRecord(rec report.Record) {
	if len(c.chunks) == 0 {
		c.grow(0)
	}
	last := &c.chunks[len(c.chunks)-1]
	n := len(*last)
	*last = rec.AppendJSON(*last)
	c.n += len(*last) - n
}

// Bytes returns what was written, in one slice.
func (c *Buffer) Bytes() []byte {
	return slices.Concat(c.chunks...)
}

// Len returns the number of bytes written.
func (c *Buffer) Len() int { return c.n }

// A Holding is the memory one request holds of a Budget: its weight, and
// what it took more for a large answer. Make one with NewHolding.
type Holding struct {
	budget *Budget
	// wait bounds each wait for the budget; maxResponse is the largest
	// answer.
	wait        time.Duration
	maxResponse int64
	mu          sync.Mutex
	// held is the weight held now; peak the most held at once once the
	// body was decoded.
	held, peak int64
	// answerShare is the part of the weight meant for the answer; an
	// answer larger than it takes more of the budget.
	answerShare int64
	// more is what was taken for the answer beyond answerShare.
	more int64
}

// Acquire takes n bytes of the budget, waiting at most the wait of m.
func (m *Holding) Acquire(ctx context.Context, n int64) *Error {
	if n <= 0 {
		return nil
	}
	qctx, cancel := context.WithTimeout(ctx, m.wait)
	defer cancel()
	got, err := m.budget.Acquire(qctx, n)
	if err != nil {
		return Busy(m.budget, m.wait, "memory")
	}
	m.mu.Lock()
	m.held += got
	m.peak = max(m.peak, m.held)
	m.mu.Unlock()
	return nil
}

// Cut gives back what is held beyond n. The peak is counted from there:
// it is the memory the request held while it was worked on.
func (m *Holding) Cut(n int64) {
	m.mu.Lock()
	extra := m.held - n
	if extra > 0 {
		m.held = n
	}
	m.peak = m.held
	m.mu.Unlock()
	if extra > 0 {
		m.budget.Release(extra)
	}
}

// Release gives back all that is held.
func (m *Holding) Release() {
	m.mu.Lock()
	n := m.held
	m.held = 0
	m.mu.Unlock()
	m.budget.Release(n)
}

// Weight returns the weight held at the peak.
func (m *Holding) Weight() int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.peak
}

// forAnswer makes sure that an answer of n bytes is covered by what is
// held, taking more of the budget if needed: at least as much as it took
// before, so that a growing answer takes more a few times only, and never
// more than an answer of MaxResponseBytes needs.
func (m *Holding) forAnswer(ctx context.Context, n int64) *Error {
	m.mu.Lock()
	need := n - m.answerShare - m.more
	held := m.held
	m.mu.Unlock()
	if need <= 0 {
		return nil
	}
	limit := max(m.maxResponse-m.answerShare-m.more, need)
	grow := min(max(need, m.more, 64<<10), limit)
	if held+grow > m.budget.Size() {
		grow = need
		if held+grow > m.budget.Size() {
			return TooMuchWork(held+grow, m.budget.Size())
		}
	}
	if e := m.Acquire(ctx, grow); e != nil {
		return e
	}
	m.mu.Lock()
	m.more += grow
	m.mu.Unlock()
	return nil
}

// TooMuchWork is the answer to a request that needs need bytes of a
// budget of budget bytes: 413 too-much-work.
func TooMuchWork(need, budget int64) *Error {
	return newError(statusRequestEntityTooLarge, "too-much-work",
		"the request needs about %d bytes of memory, more than the server's budget of %d: send fewer or shorter inputs", need, budget)
}

// busy is the answer of a request that could not get its memory or a

// NewHolding returns a Holding of nothing yet, of budget b, that waits at
// most wait each time it takes more of it, for an answer of at most
// maxResponse bytes.
func NewHolding(b *Budget, wait time.Duration, maxResponse int64) *Holding {
	return &Holding{budget: b, wait: wait, maxResponse: maxResponse}
}

// Busy is the answer of a request that could not get its memory of b, or
// a worker, within wait: 503 with Retry-After.
func Busy(b *Budget, wait time.Duration, what string) *Error {
	used, waiting := b.InUse()
	e := newError(statusServiceUnavailable, "busy",
		"the server is busy (no %s free within %v; %d bytes of memory in use, %d requests waiting): try again later",
		what, wait, used, waiting)
	e.RetryAfter = true
	return e
}

// Size returns the size of the budget.
func (b *Budget) Size() int64 {
	if b == nil {
		return 0
	}
	return b.size
}

// Take takes, for the job j, the weight it needs of the budget in place of
// what m holds (the weight of its body), and sets the share of it meant
// for the answer. A job heavier than the whole budget gets 413
// too-much-work; one that does not get its weight within the wait, 503
// busy.
func (m *Holding) Take(ctx context.Context, j *Job) *Error {
	need := j.Weight()
	if need > m.budget.Size() {
		return TooMuchWork(need, m.budget.Size())
	}
	// From the weight of the body to that of the work.
	m.Cut(need)
	if e := m.Acquire(ctx, need-m.held); e != nil {
		return e
	}
	if j != nil {
		m.answerShare = answerWeight(j.InputBytes, len(j.Inputs))
	}
	return nil
}

// Built is the answer Build made: the encoded answer, or an error answer,
// or neither when the context ended first.
type Built struct {
	// Body is the encoded answer, when there is one.
	Body *Buffer
	// Err is the error answer, when there is one.
	Err *Error
	// Records is the number of records made.
	Records int
}

// Build makes the answer of the job j: for one input, its record object
// (report.Record: what "urikit <subcommand> --json" writes for it), and
// for a batch the JSON array of the records, in order; each measured,
// then written, into a buffer bounded by the largest answer of mem and
// covered by the memory mem holds. It stops between records when ctx
// ends. A nil mem is a Holding of no budget; a nil j has no inputs.
func Build(ctx context.Context, mem *Holding, j *Job) Built {
	if mem == nil {
		mem = new(Holding)
	}
	if j == nil {
		j = new(Job)
	}
	max := int(min(mem.maxResponse, math.MaxInt))
	inputs, one := j.Inputs, j.Record
	buf := new(Buffer)
	open, closing := "[", "]\n"
	if j.Single {
		open, closing = "", "\n"
	}
	buf.WriteString(open)
	for i, in := range inputs {
		if ctx.Err() != nil {
			return Built{Records: i}
		}
		rec := one(in)
		if ctx.Err() != nil {
			return Built{Records: i + 1}
		}
		comma := min(i, 1)
		n, ok := rec.JSONSize(max - buf.Len() - comma - len(closing))
		if !ok {
			return Built{Records: i + 1, Err: newError(statusRequestEntityTooLarge, "response-too-large",
				"the answer would be larger than %d bytes (at record %d of %d): send fewer or shorter inputs", max, i+1, len(inputs))}
		}
		if e := mem.forAnswer(ctx, int64(buf.Len()+comma+n+len(closing))); e != nil {
			return Built{Records: i + 1, Err: e}
		}
		last := 0
		if i == len(inputs)-1 {
			last = len(closing)
		}
		buf.reserve(comma + n + last)
		if comma > 0 {
			buf.WriteString(",")
		}
		buf.appendRecord(rec)
	}
	buf.WriteString(closing)
	return Built{Body: buf, Records: len(inputs)}
}

// Chunks returns what was written, in the chunks it is held in.
func (c *Buffer) Chunks() [][]byte { return c.chunks }
