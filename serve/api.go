package serve

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/percent"
	"github.com/urikit/urikit/uri"
	"github.com/urikit/urikit/whatwg"
)

// records are the input fields every API request has: one record or a
// batch, as text, or as hex for bytes that are not UTF-8 (which JSON
// text cannot carry).
type records struct {
	Input     *string   `json:"input"`
	Inputs    *[]string `json:"inputs"`
	InputHex  *string   `json:"input_hex"`
	InputsHex *[]string `json:"inputs_hex"`
}

func (rs *records) inputs() *records { return rs }

// list returns the inputs and whether the request was for one record.
func (rs *records) list(max int) ([]string, bool, *apiError) {
	given := 0
	for _, set := range []bool{rs.Input != nil, rs.Inputs != nil, rs.InputHex != nil, rs.InputsHex != nil} {
		if set {
			given++
		}
	}
	switch {
	case given > 1:
		return nil, false, newError(http.StatusBadRequest, "ambiguous-input", `give one of "input", "inputs", "input_hex" and "inputs_hex"`)
	case given == 0:
		return nil, false, newError(http.StatusBadRequest, "missing-input", `give "input" (one record) or "inputs" (a batch), or "input_hex" or "inputs_hex" for bytes that are not UTF-8`)
	case rs.Input != nil:
		return []string{*rs.Input}, true, nil
	case rs.InputHex != nil:
		in, e := unhexField("input_hex", -1, *rs.InputHex)
		return []string{in}, true, e
	}
	list, field := rs.Inputs, "inputs"
	if list == nil {
		list, field = rs.InputsHex, "inputs_hex"
	}
	if len(*list) > max {
		return nil, false, newError(http.StatusRequestEntityTooLarge, "too-many-records", "a batch holds at most %d inputs, not %d", max, len(*list))
	}
	if field == "inputs" {
		return *list, false, nil
	}
	out := make([]string, len(*list))
	for i, h := range *list {
		in, e := unhexField(field, i, h)
		if e != nil {
			return nil, false, e
		}
		out[i] = in
	}
	return out, false, nil
}

// unhexField decodes the hex text h of field (element i of it, unless i
// is negative).
func unhexField(field string, i int, h string) (string, *apiError) {
	b, err := hex.DecodeString(h)
	if err != nil {
		name := strconv.Quote(field)
		if i >= 0 {
			name += "[" + strconv.Itoa(i) + "]"
		}
		return "", newError(http.StatusBadRequest, "invalid-field", "%s is not hex (two digits per byte): %v", name, err)
	}
	return string(b), nil
}

// request is what every API request type is: a struct of options that
// embeds records.
type request[T any] interface {
	*T
	inputs() *records
}

// recordMaker makes the record of one input of a request.
type recordMaker = func(string) report.Record

// An endpoint is the API side of a record subcommand: how a request's
// options are read and each input made into its record.
type endpoint struct {
	// serve returns the route's handler. A non-nil fake replaces the
	// record function (for tests that measure the service alone).
	serve func(h *handler, fake recordMaker) func(*response, *http.Request)
	// prepare decodes a body and returns the record function of its
	// options and its inputs.
	prepare func(body []byte) (recordMaker, []string, *apiError)
}

// newEndpoint returns the endpoint whose request type is T. prepare
// checks the options and returns the function that makes one record.
func newEndpoint[T any, PT request[T]](prepare func(*T) (recordMaker, *apiError)) endpoint {
	return endpoint{
		serve: func(h *handler, fake recordMaker) func(*response, *http.Request) {
			if fake != nil {
				return api[T, PT](h, func(req *T) (recordMaker, *apiError) {
					if _, e := prepare(req); e != nil {
						return nil, e
					}
					return fake, nil
				})
			}
			return api[T, PT](h, prepare)
		},
		prepare: func(body []byte) (recordMaker, []string, *apiError) {
			req := new(T)
			if err := json.Unmarshal(body, req); err != nil {
				return nil, nil, jsonError(err)
			}
			inputs, _, e := PT(req).inputs().list(math.MaxInt)
			if e != nil {
				return nil, nil, e
			}
			f, e := prepare(req)
			return f, inputs, e
		},
	}
}

// endpoints returns the endpoint of each record subcommand, by its name in
// report.Commands, the table of the subcommands and their routes.
func endpoints() map[string]endpoint {
	return map[string]endpoint{
		"encode":          newEndpoint(prepareEncode),
		"decode":          newEndpoint(prepareDecode),
		"parse":           newEndpoint(prepareParse),
		"resolve":         newEndpoint(prepareResolve),
		"relativize":      newEndpoint(prepareRelativize),
		"normalize":       newEndpoint(prepareNormalize),
		"equal":           newEndpoint(prepareEqual),
		"iri":             newEndpoint(prepareIRI),
		"idna":            newEndpoint(prepareIDNA),
		"form decode":     newEndpoint(prepareFormDecode),
		"form encode":     newEndpoint(prepareFormEncode),
		"check":           checkEndpoint(),
		"file":            newEndpoint(prepareFile),
		"domain":          newEndpoint(prepareDomain),
		"urn":             newEndpoint(prepareURN),
		"mailto":          newEndpoint(prepareMailto),
		"data":            newEndpoint(prepareData),
		"template expand": newEndpoint(prepareTemplateExpand),
		"template match":  newEndpoint(prepareTemplateMatch),
		"edit":            newEndpoint(prepareEdit),
		"match":           newEndpoint(prepareMatch),
	}
}

// errDeadline is the cause of a request context that ended at
// Options.RequestTimeout.
var errDeadline = errors.New("serve: request timeout")

// api returns the handler of a route whose request type is T. prepare
// checks the options and returns the function that makes one record.
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
func api[T any, PT request[T]](h *handler, prepare func(*T) (recordMaker, *apiError)) func(*response, *http.Request) {
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

// build makes the answer of a request: for one input, its record object
// (report.Record: what "urikit <subcommand> --json" writes for it), and
// for a batch the JSON array of the records, in order; each measured,
// then written, into a buffer bounded by MaxResponseBytes and covered by
// the memory mem holds. It stops between records when ctx ends.
func (h *handler) build(ctx context.Context, mem *holding, inputs []string, single bool, one recordMaker) built {
	max := int(min(h.opts.MaxResponseBytes, math.MaxInt))
	buf := new(chunkBuffer)
	open, closing := "[", "]\n"
	if single {
		open, closing = "", "\n"
	}
	buf.WriteString(open)
	for i, in := range inputs {
		if ctx.Err() != nil {
			return built{records: i}
		}
		rec := one(in)
		if ctx.Err() != nil {
			return built{records: i + 1}
		}
		comma := min(i, 1)
		n, ok := rec.JSONSize(max - buf.Len() - comma - len(closing))
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
		buf.appendRecord(rec)
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

func prepareParse(req *parseRequest) (recordMaker, *apiError) {
	switch req.Mode {
	case "", "rfc3986":
		if req.Base != nil {
			return nil, invalidOption(`"base" needs "mode": "whatwg" (for RFC 3986, use /v1/resolve)`)
		}
		lenient := req.Lenient
		return func(in string) report.Record { return report.ParseRFC(in, lenient) }, nil
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
		return func(in string) report.Record {
			rec, _ := report.ParseWHATWG(in, base)
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

func prepareEncode(req *encodeRequest) (recordMaker, *apiError) {
	name := "unreserved"
	if req.Set != nil {
		name = *req.Set
	}
	enc, ok := report.EncoderFor(name, req.Plus, req.KeepEscapes)
	if !ok {
		return nil, invalidOption(`"set" is one of %s; not %q`, strings.Join(report.SetNames(), ", "), name)
	}
	return func(in string) report.Record { return report.Encode(in, enc) }, nil
}

// decodeRequest is the body of /v1/decode.
type decodeRequest struct {
	records
	Lenient bool `json:"lenient"`
	Bytes   bool `json:"bytes"`
	Plus    bool `json:"plus"`
	LegacyU bool `json:"legacy_u"`
}

func prepareDecode(req *decodeRequest) (recordMaker, *apiError) {
	m := report.DecodeMode{Decoder: percent.Decoder{Lenient: req.Lenient, PlusAsSpace: req.Plus, LegacyU: req.LegacyU}, Bytes: req.Bytes}
	return func(in string) report.Record { return report.DecodeRecord(in, m) }, nil
}

// levelOptions are the normalization options of /v1/normalize and
// /v1/equal.
type levelOptions struct {
	Level          *string `json:"level"`
	SortQuery      bool    `json:"sort_query"`
	DropFragment   bool    `json:"drop_fragment"`
	DropEmptyQuery bool    `json:"drop_empty_query"`
}

// level returns the level the options give ("scheme" by default).
func (o *levelOptions) level() (uri.Level, *apiError) {
	name := "scheme"
	if o.Level != nil {
		name = *o.Level
	}
	l, err := report.Level(name, o.SortQuery, o.DropFragment, o.DropEmptyQuery)
	if err != nil {
		return 0, invalidOption(`"level": %v`, err)
	}
	return l, nil
}

// normalizeRequest is the body of /v1/normalize.
type normalizeRequest struct {
	records
	levelOptions
	Lenient bool `json:"lenient"`
	WHATWG  bool `json:"whatwg"`
}

func prepareNormalize(req *normalizeRequest) (recordMaker, *apiError) {
	l, e := req.level()
	if e != nil {
		return nil, e
	}
	m := report.NormalizeStrict
	switch {
	case req.Lenient && req.WHATWG:
		return nil, invalidOption(`"lenient" and "whatwg" exclude each other`)
	case req.Lenient:
		m = report.NormalizeLenient
	case req.WHATWG:
		m = report.NormalizeWHATWG
	}
	return func(in string) report.Record { return report.NormalizeRecord(in, l, m) }, nil
}

// baseRequest is the body of /v1/resolve and /v1/relativize.
type baseRequest struct {
	records
	Base *string `json:"base"`
}

// base returns the base URI of the request.
func (req *baseRequest) base() (uri.Reference, *apiError) {
	if req.Base == nil {
		return uri.Reference{}, invalidOption(`"base" is required: an absolute URI`)
	}
	base, err := uri.ParseURI(*req.Base)
	if err != nil {
		return base, invalidOption(`"base": %v`, err)
	}
	return base, nil
}

func prepareResolve(req *baseRequest) (recordMaker, *apiError) {
	base, e := req.base()
	if e != nil {
		return nil, e
	}
	return func(in string) report.Record { return report.Resolve(base, in) }, nil
}

func prepareRelativize(req *baseRequest) (recordMaker, *apiError) {
	base, e := req.base()
	if e != nil {
		return nil, e
	}
	return func(in string) report.Record { return report.Relativize(base, in) }, nil
}

// equalRequest is the body of /v1/equal.
type equalRequest struct {
	records
	Other *string `json:"other"`
	levelOptions
}

func prepareEqual(req *equalRequest) (recordMaker, *apiError) {
	if req.Other == nil {
		return nil, invalidOption(`"other" is required: the URI reference each input is compared with`)
	}
	other, err := uri.Parse(*req.Other)
	if err != nil {
		return nil, invalidOption(`"other": %v`, err)
	}
	l, e := req.level()
	if e != nil {
		return nil, e
	}
	return func(in string) report.Record { return report.Equal(in, other, l) }, nil
}

// iriRequest is the body of /v1/iri.
type iriRequest struct {
	records
	ToURI bool `json:"to_uri"`
	ToIRI bool `json:"to_iri"`
}

func prepareIRI(req *iriRequest) (recordMaker, *apiError) {
	if req.ToURI == req.ToIRI {
		return nil, invalidOption(`give one of "to_uri": true and "to_iri": true`)
	}
	toIRI := req.ToIRI
	return func(in string) report.Record { return report.IRI(in, toIRI) }, nil
}

// formRequest is the body of /v1/form/decode and /v1/form/encode: the
// records only.
type formRequest struct {
	records
}

func prepareFormDecode(*formRequest) (recordMaker, *apiError) { return report.FormDecode, nil }

func prepareFormEncode(*formRequest) (recordMaker, *apiError) { return report.FormEncode, nil }
