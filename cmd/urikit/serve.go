package main

import (
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/serve"
)

func newServeCmd() *cobra.Command {
	var (
		addr      string
		logFormat string
		opts      serve.Options
	)
	cmd := &cobra.Command{
		Use:   "serve [--addr 127.0.0.1:8080] [--max-body BYTES] [--max-records N]",
		Short: "Serve the JSON API and the playground page over HTTP",
		Long: `Serve a JSON API over the urikit packages, and at / a playground page to
explore URLs by hand (embedded: no network access needed).

  POST /v1/parse      {"input": "...", "mode": "rfc3986"|"whatwg", "lenient": bool, "base": "..."}
  POST /v1/encode     {"input": "...", "set": "unreserved", "plus": bool, "keep_escapes": bool}
  POST /v1/decode     {"input": "...", "lenient": bool, "plus": bool, "legacy_u": bool}
  POST /v1/normalize  {"input": "...", "level": "scheme", "sort_query": bool, ...}
  POST /v1/resolve    {"input": "...", "base": "http://a/b/c"}
  POST /v1/check      {"input": "..."} (when built with the check package)
  GET  /healthz

Send {"inputs": [...]} instead of "input" for a batch. The answer is
{"result": {...}} or {"results": [...]}, each the object the subcommand
prints with --json; errors are {"error": {"code": "...", "message": "..."}}.

The server listens on loopback by default; it has request body, batch size,
header and time limits, logs each request to standard error (log/slog), and
on SIGINT or SIGTERM stops accepting connections and finishes the requests
in flight before it exits.`,
		Example: `  urikit serve
  curl -s localhost:8080/v1/parse -H 'Content-Type: application/json' -d '{"input": "HTTP://a/b/../c", "mode": "whatwg"}'`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var h slog.Handler
			switch logFormat {
			case "text":
				h = slog.NewTextHandler(cmd.ErrOrStderr(), nil)
			case "json":
				h = slog.NewJSONHandler(cmd.ErrOrStderr(), nil)
			default:
				return fmt.Errorf("--log-format is text or json, not %q", logFormat)
			}
			opts.Logger = slog.New(h)
			if opts.MaxBodyBytes <= 0 || opts.MaxRecords <= 0 {
				return fmt.Errorf("--max-body and --max-records must be positive")
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			ln, err := new(net.ListenConfig).Listen(ctx, "tcp", addr)
			if err != nil {
				return err
			}
			if ip := addrIP(ln.Addr()); ip != nil && !ip.IsLoopback() {
				opts.Logger.Warn("listening on a non-loopback address: the API is reachable from the network", "addr", ln.Addr().String())
			}
			return serve.Run(ctx, ln, opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&addr, "addr", "127.0.0.1:8080", "listen on this `HOST:PORT` (port 0 picks a free one)")
	f.Int64Var(&opts.MaxBodyBytes, "max-body", serve.DefaultMaxBodyBytes, "largest request body in `BYTES` (413 beyond)")
	f.IntVar(&opts.MaxRecords, "max-records", serve.DefaultMaxRecords, "most inputs in one batch (413 beyond)")
	f.IntVar(&opts.MaxConcurrent, "max-concurrent", 0, "API requests worked on at once, the others wait (0: twice the number of CPUs)")
	f.DurationVar(&opts.ShutdownTimeout, "shutdown-timeout", serve.DefaultShutdownTimeout, "how long to wait for requests in flight on SIGINT/SIGTERM")
	f.DurationVar(&opts.ReadTimeout, "read-timeout", serve.DefaultReadTimeout, "time to read a whole request")
	f.DurationVar(&opts.WriteTimeout, "write-timeout", serve.DefaultWriteTimeout, "time to write a response")
	f.StringVar(&logFormat, "log-format", "text", "request log format on standard error: text or json")
	return cmd
}

// addrIP returns the IP address of a TCP listener's address.
func addrIP(a net.Addr) net.IP {
	if ta, ok := a.(*net.TCPAddr); ok {
		return ta.IP
	}
	return nil
}
