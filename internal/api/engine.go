package api

import (
	"context"
	"errors"
	"math"
	"runtime/debug"
	"time"

	"github.com/urikit/urikit/internal/report"
)

// Default limits, used for the zero fields of Limits (and of the Options
// of package serve, whose defaults these are).
const (
	DefaultMaxBodyBytes   = 1 << 20
	DefaultMaxRecords     = 1000
	DefaultRequestTimeout = 10 * time.Second
	DefaultQueueTimeout   = 5 * time.Second
	// DefaultResponseFactor is MaxResponseBytes over MaxBodyBytes by
	// default.
	DefaultResponseFactor = 16
	// DefaultMemoryLimit is the memory limit when neither
	// Limits.MemoryLimit nor the runtime's limit (GOMEMLIMIT) is set.
	DefaultMemoryLimit = 512 << 20
)

// Limits bound the work on API requests; each field means what the field
// of the same name of package serve's Options means. The zero value is
// usable: each zero field takes its default.
type Limits struct {
	MaxBodyBytes     int64
	MaxRecords       int
	MaxResponseBytes int64
	// MemoryLimit is the memory the process is meant to stay within: the
	// requests in flight share half of it.
	MemoryLimit    int64
	RequestTimeout time.Duration
	QueueTimeout   time.Duration
}

// WithDefaults returns l with every zero field set to its default.
func (l Limits) WithDefaults() Limits {
	if l.MaxBodyBytes <= 0 {
		l.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if l.MaxRecords <= 0 {
		l.MaxRecords = DefaultMaxRecords
	}
	if l.MaxResponseBytes <= 0 {
		l.MaxResponseBytes = DefaultResponseFactor * l.MaxBodyBytes
		if l.MaxResponseBytes/DefaultResponseFactor != l.MaxBodyBytes {
			l.MaxResponseBytes = math.MaxInt64
		}
	}
	if l.MemoryLimit <= 0 {
		l.MemoryLimit = DefaultMemoryLimit
		if m := debug.SetMemoryLimit(-1); m < math.MaxInt64 {
			l.MemoryLimit = m
		}
	}
	if l.RequestTimeout <= 0 {
		l.RequestTimeout = DefaultRequestTimeout
	}
	if l.QueueTimeout <= 0 {
		l.QueueTimeout = DefaultQueueTimeout
	}
	return l
}

// MemoryBudget is the memory the requests in flight share: half of
// MemoryLimit.
func (l Limits) MemoryBudget() int64 { return l.MemoryLimit / 2 }

// BodyTooLarge is the answer to a body larger than max bytes.
func BodyTooLarge(max int64) *Error {
	return newError(statusRequestEntityTooLarge, "body-too-large", "the body is larger than %d bytes", max)
}

// DeadlineExceeded is the answer to a request whose answer was not made
// within timeout.
func DeadlineExceeded(timeout time.Duration) *Error {
	return newError(statusServiceUnavailable, "deadline-exceeded",
		"the answer was not ready within %v: send fewer or shorter inputs", timeout)
}

// ErrDeadline is the cause of a request context that ended at
// Limits.RequestTimeout.
var ErrDeadline = errors.New("api: request timeout")

// An Engine answers API requests without a server and without net/http:
// for each request, the status and JSON body that "urikit serve" answers
// with, made by the same code (the endpoints, decoding, budget and
// answer writer of this package, which the server's handler calls too).
// The playground's in-browser engine (cmd/urikit-wasm) is one. An Engine
// is safe for concurrent use. The zero Engine is not ready: use NewEngine.
type Engine struct {
	limits Limits
	routes map[string]Endpoint
	names  []string
	budget *Budget
	dec    Decoder
}

// NewEngine returns an Engine with the limits l (zero fields take their
// defaults). It looks no hosts up: /v1/check requests with "resolve":
// true are refused.
func NewEngine(l Limits) *Engine {
	l = l.WithDefaults()
	e := &Engine{limits: l, routes: Routes(nil), budget: NewBudget(l.MemoryBudget())}
	for _, c := range report.Commands() {
		e.names = append(e.names, c.Route)
	}
	return e
}

// Answer returns what the API answers to a POST of the JSON body to
// route ("/v1/parse"): the HTTP status and the JSON text (the record
// object, the array of them for a batch, or {"error": {...}}), with its
// final newline. An Engine that NewEngine did not make answers 500.
func (e *Engine) Answer(route string, body []byte) (status int, answer []byte) {
	if e == nil || e.routes == nil {
		return statusInternalServerError, []byte(`{"error":{"code":"internal","message":"api: an Engine not made by NewEngine"}}` + "\n")
	}
	ep, ok := e.routes[route]
	if !ok {
		err := NotFound(route, e.names)
		return err.Status, err.JSON()
	}
	b, err := e.answer(ep, body)
	if err != nil {
		return err.Status, err.JSON()
	}
	return statusOK, b
}

// answer takes the request's weight of the budget as the server does,
// decodes the body and builds the answer.
func (e *Engine) answer(ep Endpoint, body []byte) ([]byte, *Error) {
	if int64(len(body)) > e.limits.MaxBodyBytes {
		return nil, BodyTooLarge(e.limits.MaxBodyBytes)
	}
	ctx := context.Background()
	mem := NewHolding(e.budget, e.limits.QueueTimeout, e.limits.MaxResponseBytes)
	defer mem.Release()
	if err := mem.Acquire(ctx, BodyWeight(int64(len(body)))); err != nil {
		return nil, err
	}
	job, err := ep.Decode(&e.dec, body, e.limits.MaxRecords)
	if err != nil {
		return nil, err
	}
	if err := mem.Take(ctx, job); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeoutCause(ctx, e.limits.RequestTimeout, ErrDeadline)
	defer cancel()
	b := Build(ctx, mem, job)
	switch {
	case b.Err != nil:
		return nil, b.Err
	case b.Body == nil:
		return nil, DeadlineExceeded(e.limits.RequestTimeout)
	}
	return b.Body.Bytes(), nil
}
