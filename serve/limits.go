package serve

import (
	"context"
	"sync"
	"time"
)

// The cost model of an API request, its memory budget and the buffer of
// its answer are in internal/api; what is left here bounds the work of
// the server: its workers, and the return of memory to the OS.
const (
	// releaseDelay is how long the server waits, once the last heavy
	// request is answered, before it returns the memory freed to the
	// operating system.
	releaseDelay = time.Second
	// retryAfter is the Retry-After of a 503 busy answer, in seconds.
	retryAfter = "1"
)

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
