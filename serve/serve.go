package serve

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"time"

	"github.com/urikit/urikit/internal/api"
)

// Default limits and timeouts, used for the zero fields of Options. Those
// that bound one API request are internal/api's defaults too (the
// handler and the Engine take them from there; a test keeps the two
// equal).
const (
	DefaultMaxBodyBytes      = 1 << 20
	DefaultMaxRecords        = 1000
	DefaultReadHeaderTimeout = 5 * time.Second
	DefaultReadTimeout       = 15 * time.Second
	DefaultWriteTimeout      = 30 * time.Second
	DefaultIdleTimeout       = 60 * time.Second
	DefaultShutdownTimeout   = 15 * time.Second
	DefaultMaxHeaderBytes    = 32 << 10
	DefaultRequestTimeout    = 10 * time.Second
	DefaultQueueTimeout      = 5 * time.Second
	DefaultBodyTimeout       = 5 * time.Second
	DefaultMinBodyRate       = 16 << 10
	// DefaultResponseFactor is MaxResponseBytes over MaxBodyBytes by
	// default: room for answers that repeat each input a few times,
	// escaped, with their findings.
	DefaultResponseFactor = 16
	// DefaultMemoryLimit is the memory limit when neither
	// Options.MemoryLimit nor the runtime's limit (GOMEMLIMIT) is set.
	DefaultMemoryLimit = 512 << 20
)

// Options configure the handler and the server. The zero value is usable:
// each zero field takes its Default value, and a nil Logger logs nothing.
type Options struct {
	// MaxBodyBytes is the largest request body accepted (413 beyond).
	MaxBodyBytes int64
	// MaxRecords is the largest number of inputs in a batch (413 beyond).
	MaxRecords int
	// MaxResponseBytes is the largest answer (413 response-too-large
	// beyond): each record's answer is measured before it is encoded, so
	// a larger answer is never built. Zero means DefaultResponseFactor
	// times MaxBodyBytes.
	MaxResponseBytes int64
	// MemoryLimit is the memory the process is meant to stay within. The
	// API requests in flight share half of it: each holds, from before
	// its body is read until its answer is made, an estimate of the
	// memory it needs (twice the room of its body while it is read, the
	// room growing as the body arrives; then 16 bytes per input byte plus
	// 4 KiB per record, and more as its answer grows past 4 bytes per
	// input byte and 2 KiB per record); one that does not fit waits (up
	// to QueueTimeout, then 503 busy). Zero means the runtime's limit
	// when one is set (GOMEMLIMIT, debug.SetMemoryLimit), else
	// DefaultMemoryLimit. The handler does not set the runtime's limit;
	// "urikit serve --memory" sets both.
	MemoryLimit int64
	// MaxConcurrent bounds the API requests worked on at once (after
	// their body is read); the others wait their turn. Heavy requests
	// (32 KiB of input or more, counting 128 bytes per record) take at
	// most half of them, so that small requests do not wait behind heavy
	// ones. Zero means twice GOMAXPROCS, and at least 4.
	MaxConcurrent int
	// RequestTimeout bounds the work on one API request, from the end of
	// its body to its answer: past it the work stops (between records)
	// and the answer is 503 deadline-exceeded.
	RequestTimeout time.Duration
	// QueueTimeout bounds how long an API request waits for its memory
	// and for a worker before it gets 503 busy with Retry-After.
	QueueTimeout time.Duration
	// BodyTimeout and MinBodyRate bound the time the body of an API
	// request takes to arrive: BodyTimeout, plus a second for each
	// MinBodyRate bytes (per second) that arrived, from when the handler
	// starts reading it; and ReadTimeout in all. A body slower than that
	// is cut off with 408 request-timeout, so that a client that sends
	// its body a byte at a time holds its connection and its memory for
	// seconds, not ReadTimeout.
	BodyTimeout time.Duration
	MinBodyRate int64
	// ReadHeaderTimeout, ReadTimeout, WriteTimeout and IdleTimeout are the
	// http.Server timeouts of the same names.
	ReadHeaderTimeout, ReadTimeout, WriteTimeout, IdleTimeout time.Duration
	// ShutdownTimeout bounds how long Run waits for requests in flight
	// once its context is done.
	ShutdownTimeout time.Duration
	// MaxHeaderBytes is the http.Server limit on request header size.
	MaxHeaderBytes int
	// Logger receives one record per request and the server's own errors.
	Logger *slog.Logger
	// CheckResolver, when set, answers /v1/check requests with "resolve":
	// true: each input's host is looked up with it and its addresses
	// classified (check.Resolved). Nil refuses them (400
	// resolve-disabled).
	CheckResolver CheckResolver
}

// withDefaults returns o with every zero field set to its default.
func (o Options) withDefaults() Options {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	l := o.limits().WithDefaults()
	o.MaxBodyBytes, o.MaxRecords, o.MaxResponseBytes, o.MemoryLimit = l.MaxBodyBytes, l.MaxRecords, l.MaxResponseBytes, l.MemoryLimit
	o.RequestTimeout, o.QueueTimeout = l.RequestTimeout, l.QueueTimeout
	if o.MaxConcurrent <= 0 {
		o.MaxConcurrent = max(2*runtime.GOMAXPROCS(0), 4)
	}
	def(&o.BodyTimeout, DefaultBodyTimeout)
	if o.MinBodyRate <= 0 {
		o.MinBodyRate = DefaultMinBodyRate
	}
	def(&o.ReadHeaderTimeout, DefaultReadHeaderTimeout)
	def(&o.ReadTimeout, DefaultReadTimeout)
	def(&o.WriteTimeout, DefaultWriteTimeout)
	def(&o.IdleTimeout, DefaultIdleTimeout)
	def(&o.ShutdownTimeout, DefaultShutdownTimeout)
	if o.MaxHeaderBytes <= 0 {
		o.MaxHeaderBytes = DefaultMaxHeaderBytes
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return o
}

// limits returns the limits of opts that internal/api applies (the
// handler and Engine alike).
func (o Options) limits() api.Limits {
	return api.Limits{MaxBodyBytes: o.MaxBodyBytes, MaxRecords: o.MaxRecords, MaxResponseBytes: o.MaxResponseBytes,
		MemoryLimit: o.MemoryLimit, RequestTimeout: o.RequestTimeout, QueueTimeout: o.QueueTimeout}
}

// memoryBudget is the memory the API requests in flight share: half of
// MemoryLimit.
func (o Options) memoryBudget() int64 { return o.limits().MemoryBudget() }

// MaxRequestMemory returns the memory the largest request opts accept is
// estimated to need (a body of MaxBodyBytes holding MaxRecords records):
// such a request is refused (413 too-much-work) when this is more than
// half of the memory limit.
func (o Options) MaxRequestMemory() int64 {
	o = o.withDefaults()
	return api.RequestWeight(o.MaxBodyBytes, o.MaxRecords)
}

// NewServer returns an http.Server for addr that serves NewHandler(opts),
// with the timeouts and header limit of opts.
func NewServer(addr string, opts Options) *http.Server {
	opts = opts.withDefaults()
	return &http.Server{
		Addr:              addr,
		Handler:           NewHandler(opts),
		ReadHeaderTimeout: opts.ReadHeaderTimeout,
		ReadTimeout:       opts.ReadTimeout,
		WriteTimeout:      opts.WriteTimeout,
		IdleTimeout:       opts.IdleTimeout,
		MaxHeaderBytes:    opts.MaxHeaderBytes,
		ErrorLog:          slog.NewLogLogger(opts.Logger.Handler(), slog.LevelWarn),
	}
}

// Run serves on ln until ctx is done, then shuts down gracefully: it stops
// accepting connections, closes idle ones and waits for the requests in
// flight to finish, at most opts.ShutdownTimeout. It returns nil after a
// clean shutdown. Run closes ln.
func Run(ctx context.Context, ln net.Listener, opts Options) error {
	opts = opts.withDefaults()
	srv := NewServer(ln.Addr().String(), opts)
	log := opts.Logger
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	log.Info("listening", "addr", ln.Addr().String(), "url", "http://"+ln.Addr().String()+"/",
		"memory_limit", opts.MemoryLimit, "max_body", opts.MaxBodyBytes, "max_response", opts.MaxResponseBytes,
		"max_records", opts.MaxRecords, "max_concurrent", opts.MaxConcurrent, "request_timeout", opts.RequestTimeout.String())
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down", "cause", context.Cause(ctx).Error(), "timeout", opts.ShutdownTimeout.String())
	sctx, cancel := context.WithTimeout(context.Background(), opts.ShutdownTimeout)
	defer cancel()
	err := srv.Shutdown(sctx)
	if serr := <-served; !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	if err != nil {
		srv.Close()
		log.Error("shutdown", "err", err.Error())
		return err
	}
	log.Info("stopped")
	return nil
}

// ListenAndRun listens on the TCP address addr and calls Run.
func ListenAndRun(ctx context.Context, addr string, opts Options) error {
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", addr)
	if err != nil {
		return err
	}
	return Run(ctx, ln, opts)
}
