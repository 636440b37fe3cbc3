package serve

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strings"
	"sync"

	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/percent"
	"github.com/urikit/urikit/uri"
	"github.com/urikit/urikit/whatwg"
)

// records are the input fields every API request has: one record or a
// batch.
type records struct {
	Input  *string   `json:"input"`
	Inputs *[]string `json:"inputs"`
}

func (rs *records) inputs() *records { return rs }

// list returns the inputs and whether the request was for one record.
func (rs *records) list(max int) ([]string, bool, *apiError) {
	switch {
	case rs.Input != nil && rs.Inputs != nil:
		return nil, false, newError(http.StatusBadRequest, "ambiguous-input", `give "input" or "inputs", not both`)
	case rs.Input != nil:
		return []string{*rs.Input}, true, nil
	case rs.Inputs == nil:
		return nil, false, newError(http.StatusBadRequest, "missing-input", `give "input" (one record) or "inputs" (a batch)`)
	case len(*rs.Inputs) > max:
		return nil, false, newError(http.StatusRequestEntityTooLarge, "too-many-records", "a batch holds at most %d inputs, not %d", max, len(*rs.Inputs))
	}
	return *rs.Inputs, false, nil
}

// request is what every API request type is: a struct of options that
// embeds records.
type request[T any] interface {
	*T
	inputs() *records
}

// errDeadline is the cause of a request context that ended at
// Options.RequestTimeout.
var errDeadline = errors.New("serve: request timeout")

// api returns the handler of a route whose request type is T. prepare
// checks the options and returns the function that makes one record's
// result.
//
// A request goes through these steps, each bounded: it takes its share of
// the memory budget (estimated from the body's length) or gets 503 busy
// within QueueTimeout; its body is read and decoded (the share is then
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
func api[T any, PT request[T]](h *handler, prepare func(*T) (func(string) any, *apiError)) func(*response, *http.Request) {
	return func(w *response, r *http.Request) {
		if e := checkContentType(r); e != nil {
			writeError(w, e)
			return
		}
		if r.ContentLength > h.opts.MaxBodyBytes {
			writeError(w, newError(http.StatusRequestEntityTooLarge, "body-too-large", "the body is larger than %d bytes", h.opts.MaxBodyBytes))
			return
		}
		declared := r.ContentLength
		if declared < 0 {
			declared = h.opts.MaxBodyBytes
		}
		// The memory the request holds, given back when this function
		// returns, unless the goroutine that makes the answer has it
		// then (see below).
		mem := &holding{h: h}
		defer func() {
			if mem != nil {
				mem.release()
			}
		}()
		if e := mem.acquire(r.Context(), bodyWeight(declared)); e != nil {
			h.fail(w, r, e)
			return
		}

		body, e := h.readBody(w, r)
		if e != nil {
			// A read error other than a timeout cancels the request's
			// context: the connection is gone.
			if e.Code == "incomplete-body" && r.Context().Err() != nil {
				w.clientGone()
				return
			}
			writeError(w, e)
			return
		}
		req := new(T)
		if e := h.decodeBody(body, req); e != nil {
			writeError(w, e)
			return
		}
		inputs, single, e := PT(req).inputs().list(h.opts.MaxRecords)
		if e != nil {
			writeError(w, e)
			return
		}
		one, e := prepare(req)
		if e != nil {
			writeError(w, e)
			return
		}
		var inputBytes int64
		for _, in := range inputs {
			inputBytes += int64(len(in))
		}
		need := requestWeight(inputBytes, len(inputs))
		if need > h.memory.size {
			writeError(w, tooMuchWork(need, h.memory.size))
			return
		}
		// From the weight of the body to that of the work.
		mem.cut(need)
		if e := mem.acquire(r.Context(), need-mem.held); e != nil {
			h.fail(w, r, e)
			return
		}
		mem.answerShare = answerWeight(inputBytes, len(inputs))
		w.memory = mem

		ctx, cancel := context.WithTimeoutCause(r.Context(), h.opts.RequestTimeout, errDeadline)
		defer cancel()
		heavy := isHeavy(inputBytes, len(inputs))
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
				b = h.build(ctx, held, inputs, single, one)
			}()
			h.workers.release(heavy)
			if heavy {
				h.reclaim.done()
			}
			select {
			case done <- b:
			case <-left:
				held.release()
			}
		}()
		var a built
		select {
		case a = <-done:
			mem = held // released when this function returns
		case <-ctx.Done():
		}
		w.records = a.records
		switch {
		case a.isPanic:
			panic(a.panicked) // ServeHTTP logs it and answers 500
		case r.Context().Err() != nil:
			w.clientGone()
		case a.body == nil && a.err == nil:
			writeError(w, newError(http.StatusServiceUnavailable, "deadline-exceeded",
				"the answer was not ready within %v: send fewer or shorter inputs", h.opts.RequestTimeout))
		case a.err != nil:
			h.fail(w, r, a.err)
		default:
			writeChunks(w, http.StatusOK, a.body)
		}
	}
}

// holding is the memory a request holds: its weight, and what it took
// more for a large answer.
type holding struct {
	h  *handler
	mu sync.Mutex
	// held is the weight held now; peak the most held at once once the
	// body was decoded.
	held, peak int64
	// answerShare is the part of the weight meant for the answer; an
	// answer larger than it takes more of the budget.
	answerShare int64
	// more is what was taken for the answer beyond answerShare.
	more int64
}

// acquire takes n bytes of the budget, waiting at most QueueTimeout.
func (m *holding) acquire(ctx context.Context, n int64) *apiError {
	if n <= 0 {
		return nil
	}
	qctx, cancel := context.WithTimeout(ctx, m.h.opts.QueueTimeout)
	defer cancel()
	got, err := m.h.memory.acquire(qctx, n)
	if err != nil {
		return m.h.busy("memory")
	}
	m.mu.Lock()
	m.held += got
	m.peak = max(m.peak, m.held)
	m.mu.Unlock()
	return nil
}

// cut gives back what is held beyond n. The peak is counted from there:
// it is the memory the request held while it was worked on.
func (m *holding) cut(n int64) {
	m.mu.Lock()
	extra := m.held - n
	if extra > 0 {
		m.held = n
	}
	m.peak = m.held
	m.mu.Unlock()
	if extra > 0 {
		m.h.memory.release(extra)
	}
}

// release gives back all that is held.
func (m *holding) release() {
	m.mu.Lock()
	n := m.held
	m.held = 0
	m.mu.Unlock()
	m.h.memory.release(n)
}

// weight returns the weight held at the peak.
func (m *holding) weight() int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.peak
}

// forAnswer makes sure that an answer of n bytes is covered by what is
// held, taking more of the budget if needed: at least as much as it took
// before, so that a growing answer takes more a few times only, and never
// more than an answer of MaxResponseBytes needs.
func (m *holding) forAnswer(ctx context.Context, n int64) *apiError {
	m.mu.Lock()
	need := n - m.answerShare - m.more
	held := m.held
	m.mu.Unlock()
	if need <= 0 {
		return nil
	}
	limit := max(m.h.opts.MaxResponseBytes-m.answerShare-m.more, need)
	grow := min(max(need, m.more, 64<<10), limit)
	if held+grow > m.h.memory.size {
		grow = need
		if held+grow > m.h.memory.size {
			return tooMuchWork(held+grow, m.h.memory.size)
		}
	}
	if e := m.acquire(ctx, grow); e != nil {
		return e
	}
	m.mu.Lock()
	m.more += grow
	m.mu.Unlock()
	return nil
}

func tooMuchWork(need, budget int64) *apiError {
	return newError(http.StatusRequestEntityTooLarge, "too-much-work",
		"the request needs about %d bytes of memory, more than the server's budget of %d: send fewer or shorter inputs", need, budget)
}

// busy is the answer of a request that could not get its memory or a
// worker in time: 503 with Retry-After.
func (h *handler) busy(what string) *apiError {
	used, waiting := h.memory.inUse()
	e := newError(http.StatusServiceUnavailable, "busy",
		"the server is busy (no %s free within %v; %d bytes of memory in use, %d requests waiting): try again later",
		what, h.opts.QueueTimeout, used, waiting)
	e.retryAfter = true
	return e
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

// built is what the goroutine of a request made: the encoded answer, or
// an error answer, or neither when the request's context ended first.
type built struct {
	body     *chunkBuffer
	err      *apiError
	records  int // records done
	panicked any
	isPanic  bool
}

// build makes the answer of a request: one result per input, each
// measured, then written, into a buffer bounded by MaxResponseBytes and
// covered by the memory mem holds. It stops between records when ctx
// ends.
func (h *handler) build(ctx context.Context, mem *holding, inputs []string, single bool, one func(string) any) built {
	max := int(min(h.opts.MaxResponseBytes, math.MaxInt))
	buf := new(chunkBuffer)
	open, closing := `{"results":[`, "]}\n"
	if single {
		open, closing = `{"result":`, "}\n"
	}
	buf.WriteString(open)
	for i, in := range inputs {
		if ctx.Err() != nil {
			return built{records: i}
		}
		res := one(in)
		if ctx.Err() != nil {
			return built{records: i + 1}
		}
		comma := min(i, 1)
		n, ok := h.json.jsonSize(res, max-buf.Len()-comma-len(closing))
		if !ok {
			return built{records: i + 1, err: newError(http.StatusRequestEntityTooLarge, "response-too-large",
				"the answer would be larger than %d bytes (at record %d of %d): send fewer or shorter inputs", max, i+1, len(inputs))}
		}
		if e := mem.forAnswer(ctx, int64(buf.Len()+comma+n+len(closing))); e != nil {
			return built{records: i + 1, err: e}
		}
		last := 0
		if i == len(inputs)-1 {
			last = len(closing)
		}
		buf.reserve(comma + n + last)
		if comma > 0 {
			buf.WriteString(",")
		}
		if err := h.json.appendJSON(buf, res); err != nil {
			// Only a bug can get here: every answer is made of strings,
			// numbers and booleans.
			panic(fmt.Sprintf("serve: encoding the answer: %v", err))
		}
	}
	buf.WriteString(closing)
	return built{body: buf, records: len(inputs)}
}

func invalidOption(format string, args ...any) *apiError {
	return newError(http.StatusBadRequest, "invalid-option", format, args...)
}

// parseRequest is the body of /v1/parse.
type parseRequest struct {
	records
	Mode    string  `json:"mode"`
	Lenient bool    `json:"lenient"`
	Base    *string `json:"base"`
}

func prepareParse(req *parseRequest) (func(string) any, *apiError) {
	switch req.Mode {
	case "", "rfc3986":
		if req.Base != nil {
			return nil, invalidOption(`"base" needs "mode": "whatwg" (for RFC 3986, use /v1/resolve)`)
		}
		lenient := req.Lenient
		return func(in string) any {
			rec, _ := report.ParseRFC(in, lenient)
			return rec
		}, nil
	case "whatwg":
		if req.Lenient {
			return nil, invalidOption(`"lenient" is for "mode": "rfc3986"; the WHATWG parser is always as lenient as browsers`)
		}
		var base *whatwg.URL
		if req.Base != nil {
			b, err := whatwg.Parse(*req.Base, nil)
			if err != nil {
				return nil, invalidOption(`"base": %v`, err)
			}
			base = b
		}
		baseText := req.Base
		return func(in string) any {
			rec, _, _ := report.ParseWHATWG(in, base, baseText)
			return rec
		}, nil
	}
	return nil, invalidOption(`"mode" is "rfc3986" or "whatwg", not %q`, req.Mode)
}

// encodeRequest is the body of /v1/encode.
type encodeRequest struct {
	records
	Set         *string `json:"set"`
	Plus        bool    `json:"plus"`
	KeepEscapes bool    `json:"keep_escapes"`
}

func prepareEncode(req *encodeRequest) (func(string) any, *apiError) {
	name := "unreserved"
	if req.Set != nil {
		name = *req.Set
	}
	enc, ok := report.EncoderFor(name, req.Plus, req.KeepEscapes)
	if !ok {
		return nil, invalidOption(`"set" is one of %s; not %q`, strings.Join(report.SetNames(), ", "), name)
	}
	return func(in string) any { return report.Encode(in, enc) }, nil
}

// decodeRequest is the body of /v1/decode.
type decodeRequest struct {
	records
	Lenient bool `json:"lenient"`
	Plus    bool `json:"plus"`
	LegacyU bool `json:"legacy_u"`
}

func prepareDecode(req *decodeRequest) (func(string) any, *apiError) {
	dec := percent.Decoder{Lenient: req.Lenient, PlusAsSpace: req.Plus, LegacyU: req.LegacyU}
	return func(in string) any { return report.Decode(in, dec) }, nil
}

// normalizeRequest is the body of /v1/normalize.
type normalizeRequest struct {
	records
	Level          *string `json:"level"`
	SortQuery      bool    `json:"sort_query"`
	DropFragment   bool    `json:"drop_fragment"`
	DropEmptyQuery bool    `json:"drop_empty_query"`
}

func prepareNormalize(req *normalizeRequest) (func(string) any, *apiError) {
	name := "scheme"
	if req.Level != nil {
		name = *req.Level
	}
	l, err := report.Level(name, req.SortQuery, req.DropFragment, req.DropEmptyQuery)
	if err != nil {
		return nil, invalidOption(`"level": %v`, err)
	}
	return func(in string) any { return report.Normalize(in, l) }, nil
}

// resolveRequest is the body of /v1/resolve.
type resolveRequest struct {
	records
	Base *string `json:"base"`
}

func prepareResolve(req *resolveRequest) (func(string) any, *apiError) {
	if req.Base == nil {
		return nil, invalidOption(`"base" is required: an absolute URI`)
	}
	base, err := uri.ParseURI(*req.Base)
	if err != nil {
		return nil, invalidOption(`"base": %v`, err)
	}
	return func(in string) any { return report.Resolve(base, in) }, nil
}
