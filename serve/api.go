package serve

import (
	"context"
	"net/http"
	"time"

	"github.com/urikit/urikit/internal/api"
)

// apiError is an error answer: an HTTP status and the JSON error object.
type apiError = api.Error

// recordMaker makes the record of one input of a request.
type recordMaker = api.Maker

// newError returns the error answer of the given status and code.
func newError(status int, code, format string, args ...any) *apiError {
	return api.NewError(status, code, format, args...)
}

// serveAPI returns the handler of a route whose request body the endpoint
// ep decodes into a job (internal/api: the same code the in-browser engine
// runs). A non-nil fake replaces the job's record function once the
// options are checked (for tests that measure the service alone).
//
// A request goes through these steps, each bounded: it takes a small
// share of the memory budget (bodyRoom) or gets 503 busy within
// QueueTimeout; its body is read within the body deadline (408 beyond),
// the share growing as the body arrives, and decoded (the share is then
// cut to what the inputs need); it takes a worker or gets 503 busy; a
// goroutine makes the answer one record at a time, stopping between
// records when the client goes away (logged as 499) or RequestTimeout
// passes (503 deadline-exceeded). Each record's answer is measured before
// it is written: an answer over MaxResponseBytes is refused (413
// response-too-large) without being built, and one larger than the share
// of the weight meant for the answer takes more of the budget first. The
// answer is written once the worker is given back, so that a client slow
// to read holds no worker; it holds the memory until its answer is
// written (at most WriteTimeout), so that slow readers cannot make the
// server keep more answers than its budget.
func serveAPI(h *handler, ep api.Endpoint, fake recordMaker) func(*response, *http.Request) {
	return func(w *response, r *http.Request) {
		if e := checkContentType(r); e != nil {
			writeError(w, e)
			return
		}
		if r.ContentLength > h.opts.MaxBodyBytes {
			writeError(w, api.BodyTooLarge(h.opts.MaxBodyBytes))
			return
		}
		arrived := time.Now()
		// The memory the request holds, given back when this function
		// returns, unless the goroutine that makes the answer has it
		// then (see below).
		mem := api.NewHolding(h.memory, h.opts.QueueTimeout, h.opts.MaxResponseBytes)
		defer func() {
			if mem != nil {
				mem.Release()
			}
		}()
		if e := mem.Acquire(r.Context(), api.BodyWeight(bodyRoom(r.ContentLength))); e != nil {
			h.fail(w, r, e)
			return
		}

		body, e := h.readBody(w, r, mem, arrived)
		if e != nil {
			switch {
			case e.Code == "busy":
				h.fail(w, r, e)
			case e.Code == "incomplete-body" && r.Context().Err() != nil:
				// A read error other than a timeout cancels the
				// request's context: the connection is gone.
				w.clientGone()
			default:
				writeError(w, e)
			}
			return
		}
		job, e := ep.Decode(&h.json, body, h.opts.MaxRecords)
		if e != nil {
			writeError(w, e)
			return
		}
		if fake != nil {
			job.Record = fake
		}
		if e := mem.Take(r.Context(), job); e != nil {
			if e.Code == "too-much-work" {
				writeError(w, e)
			} else {
				h.fail(w, r, e)
			}
			return
		}
		w.memory = mem

		ctx, cancel := context.WithTimeoutCause(r.Context(), h.opts.RequestTimeout, api.ErrDeadline)
		defer cancel()
		heavy := job.Heavy()
		qctx, qcancel := context.WithTimeout(ctx, h.opts.QueueTimeout)
		err := h.workers.acquire(qctx, heavy)
		qcancel()
		if err != nil {
			h.fail(w, r, h.busy("worker"))
			return
		}
		if heavy {
			h.reclaim.start()
		}
		// The goroutine gives the worker back when the answer is made,
		// and hands the memory over with it: this function holds it
		// until the answer is written, so that slow readers hold the
		// budget, not a worker. When this function has returned already
		// (deadline, client gone), the goroutine gives the memory back.
		done := make(chan built)
		left := make(chan struct{})
		defer close(left)
		held := mem
		mem = nil
		go func() {
			var b built
			func() {
				defer func() {
					if p := recover(); p != nil {
						b = built{panicked: p, isPanic: true}
					}
				}()
				b = built{Built: api.Build(ctx, held, job)}
			}()
			h.workers.release(heavy)
			if heavy {
				h.reclaim.done()
			}
			select {
			case done <- b:
			case <-left:
				held.Release()
			}
		}()
		var a built
		select {
		case a = <-done:
			mem = held // released when this function returns
		case <-ctx.Done():
		}
		w.records = a.Records
		switch {
		case a.isPanic:
			panic(a.panicked) // ServeHTTP logs it and answers 500
		case r.Context().Err() != nil:
			w.clientGone()
		case a.Body == nil && a.Err == nil:
			writeError(w, api.DeadlineExceeded(h.opts.RequestTimeout))
		case a.Err != nil:
			h.fail(w, r, a.Err)
		default:
			writeChunks(w, http.StatusOK, a.Body)
		}
	}
}

// busy is the answer of a request that could not get its memory or a
// worker in time: 503 with Retry-After.
func (h *handler) busy(what string) *apiError {
	return api.Busy(h.memory, h.opts.QueueTimeout, what)
}

// fail writes the error answer e, or nothing when the client went away
// (which is why the wait for memory or a worker ended).
func (h *handler) fail(w *response, r *http.Request, e *apiError) {
	if r.Context().Err() != nil {
		w.clientGone()
		return
	}
	writeError(w, e)
}

// built is what the goroutine of a request made: the answer Build made,
// or the panic of a record function.
type built struct {
	api.Built
	panicked any
	isPanic  bool
}
