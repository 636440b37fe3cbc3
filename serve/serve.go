package serve

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"time"
)

// Default limits and timeouts, used for the zero fields of Options.
const (
	DefaultMaxBodyBytes      = 1 << 20
	DefaultMaxRecords        = 1000
	DefaultReadHeaderTimeout = 5 * time.Second
	DefaultReadTimeout       = 15 * time.Second
	DefaultWriteTimeout      = 30 * time.Second
	DefaultIdleTimeout       = 60 * time.Second
	DefaultShutdownTimeout   = 15 * time.Second
	DefaultMaxHeaderBytes    = 32 << 10
)

// Options configure the handler and the server. The zero value is usable:
// each zero field takes its Default value, and a nil Logger logs nothing.
type Options struct {
	// MaxBodyBytes is the largest request body accepted (413 beyond).
	MaxBodyBytes int64
	// MaxRecords is the largest number of inputs in a batch (413 beyond).
	MaxRecords int
	// MaxConcurrent bounds the API requests worked on at once (after
	// their body is read); the others wait their turn. It bounds the CPU
	// and the memory that large inputs take. Zero means twice GOMAXPROCS.
	MaxConcurrent int
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
}

// withDefaults returns o with every zero field set to its default.
func (o Options) withDefaults() Options {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	if o.MaxBodyBytes <= 0 {
		o.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if o.MaxRecords <= 0 {
		o.MaxRecords = DefaultMaxRecords
	}
	if o.MaxConcurrent <= 0 {
		o.MaxConcurrent = 2 * runtime.GOMAXPROCS(0)
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
	log.Info("listening", "addr", ln.Addr().String(), "url", "http://"+ln.Addr().String()+"/")
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
