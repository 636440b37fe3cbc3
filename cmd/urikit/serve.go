package main

import (
	"fmt"
	"log/slog"
	"math"
	"net"
	"os"
	"os/signal"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/serve"
)

func newServeCmd() *cobra.Command {
	var (
		addr      string
		logFormat string
		memory    string
		opts      serve.Options
		resolve   bool
	)
	cmd := &cobra.Command{
		Use:   "serve [--addr 127.0.0.1:8080] [--memory 512MiB] [--max-body BYTES] [--max-records N]",
		Short: "Serve the JSON API and the playground page over HTTP",
		Long: `Serve a JSON API over the urikit packages, and at / a playground page to
explore URLs by hand (embedded: no network access needed).

Each record subcommand has its route, which takes a POST of a JSON object
with the record and the subcommand's options (named as its flags, with "_"
for "-"):

` + routesHelp() + `  GET  /healthz

Send {"input": "..."} for one record: the answer is the record object that
"urikit <subcommand> --json" writes for it (see "urikit --help"), so a
record that fails is still a 200 whose object has its "error". Send
{"inputs": [...]} for a batch: the answer is a JSON array of the records,
in order. Bytes that are not UTF-8, which JSON text cannot carry, go as
hex: "input_hex" or "inputs_hex" (the records then say "input_hex").
Errors are {"error": {"code": "...", "message": "..."}} with an HTTP error
status; text that JSON cannot carry losslessly (a lone surrogate escape
such as "\ud800", raw bytes that are not UTF-8) is refused with a 400
naming the field.

Every request's cost is bounded, whatever it holds:
  size     --max-body, --max-records, and --max-response for the answer
           (measured before it is built: 413 response-too-large);
  memory   the process keeps to --memory (the Go runtime's memory limit,
           GOMEMLIMIT); the requests in flight share half of it, each
           holding an estimate of what it needs (twice what arrived of
           its body while it is read, 16 KiB at first, then 16 bytes per input byte plus 4 KiB per record,
           and more as a large answer is built) until its answer is
           written; a request that finds no room within --queue-timeout
           gets 503 busy with Retry-After, and one larger than the whole
           share gets 413 too-much-work; the server collects garbage at
           GOGC=100 unless GOGC is set, and gives freed memory back to
           the system once it is idle after heavy requests;
  CPU      --max-concurrent requests are worked on at once, heavy ones
           (32 KiB of input or more, or large batches) on at most half of
           them, so small requests and /healthz never queue behind them;
  time     a body must arrive within --body-timeout plus a second per
           --min-body-rate bytes (and --read-timeout), else 408
           request-timeout; --request-timeout: past it the work stops
           between records and the answer is 503 deadline-exceeded. When
           the client goes away, the work stops too and the request is
           logged with status 499.

The server listens on loopback by default; it has request body, batch size,
header and time limits, logs each request to standard error (log/slog), and
on SIGINT or SIGTERM stops accepting connections and finishes the requests
in flight before it exits.`,
		Example: `  urikit serve
  urikit serve --memory 1GiB --max-body 4194304
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
			if resolve {
				opts.CheckResolver = net.DefaultResolver
			}
			if opts.MaxBodyBytes <= 0 || opts.MaxRecords <= 0 {
				return fmt.Errorf("--max-body and --max-records must be positive")
			}
			if opts.MaxResponseBytes < 0 || opts.MaxConcurrent < 0 || opts.RequestTimeout <= 0 || opts.QueueTimeout <= 0 ||
				opts.BodyTimeout <= 0 || opts.MinBodyRate <= 0 {
				return fmt.Errorf("--max-response and --max-concurrent must not be negative, --request-timeout, --queue-timeout, --body-timeout and --min-body-rate must be positive")
			}
			limit, setRuntime, err := resolveMemory(memory, cmd.Flags().Changed("memory"), os.Getenv("GOMEMLIMIT"), debug.SetMemoryLimit(-1))
			if err != nil {
				return err
			}
			opts.MemoryLimit = limit
			if need := opts.MaxRequestMemory(); need > limit/2 {
				return fmt.Errorf("--memory %s is too small for --max-body %d and --max-records %d: the largest request needs about %s, and requests share half of the memory: give at least %s",
					formatSize(limit), opts.MaxBodyBytes, opts.MaxRecords, formatSize(need), formatSize(2*need))
			}
			if setRuntime {
				prev := debug.SetMemoryLimit(limit)
				defer debug.SetMemoryLimit(prev)
			}
			// The record commands collect less often (tuneGC); a server
			// collects as Go does by default, so that its heap stays near
			// twice what its requests hold rather than at its limit.
			if os.Getenv("GOGC") == "" {
				prev := debug.SetGCPercent(100)
				defer debug.SetGCPercent(prev)
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
	f.StringVar(&memory, "memory", formatSize(serve.DefaultMemoryLimit), "memory limit of the process, as GOMEMLIMIT writes it (`SIZE`: 512MiB, 2GiB, bytes); the default is GOMEMLIMIT when it is set")
	f.Int64Var(&opts.MaxBodyBytes, "max-body", serve.DefaultMaxBodyBytes, "largest request body in `BYTES` (413 beyond)")
	f.IntVar(&opts.MaxRecords, "max-records", serve.DefaultMaxRecords, "most inputs in one batch (413 beyond)")
	f.Int64Var(&opts.MaxResponseBytes, "max-response", 0, fmt.Sprintf("largest answer in `BYTES` (413 beyond; 0: %d times --max-body)", serve.DefaultResponseFactor))
	f.IntVar(&opts.MaxConcurrent, "max-concurrent", 0, "API requests worked on at once, the others wait (0: twice the number of CPUs, at least 4)")
	f.DurationVar(&opts.RequestTimeout, "request-timeout", serve.DefaultRequestTimeout, "time to make one answer, waiting included (503 beyond)")
	f.DurationVar(&opts.QueueTimeout, "queue-timeout", serve.DefaultQueueTimeout, "time a request may wait for memory or a worker (503 busy beyond)")
	f.DurationVar(&opts.ShutdownTimeout, "shutdown-timeout", serve.DefaultShutdownTimeout, "how long to wait for requests in flight on SIGINT/SIGTERM")
	f.DurationVar(&opts.ReadTimeout, "read-timeout", serve.DefaultReadTimeout, "time to read a whole request")
	f.DurationVar(&opts.BodyTimeout, "body-timeout", serve.DefaultBodyTimeout, "time a request body may take to arrive, plus a second per --min-body-rate bytes (408 beyond)")
	f.Int64Var(&opts.MinBodyRate, "min-body-rate", serve.DefaultMinBodyRate, "`BYTES` a second a request body must arrive at after --body-timeout")
	f.DurationVar(&opts.WriteTimeout, "write-timeout", serve.DefaultWriteTimeout, "time to write a response")
	f.BoolVar(&resolve, "check-resolve", false, `let /v1/check requests with "resolve": true look hosts up with the system's resolver`)
	f.StringVar(&logFormat, "log-format", "text", "request log format on standard error: text or json")
	return cmd
}

// resolveMemory returns the memory limit of "urikit serve" and whether to
// set it as the runtime's limit: --memory when given, else GOMEMLIMIT when
// set (which the runtime has read already: runtimeLimit; "off" leaves the
// runtime without limit and budgets the default), else the default.
func resolveMemory(flag string, flagSet bool, env string, runtimeLimit int64) (int64, bool, error) {
	if !flagSet && env != "" {
		if runtimeLimit == math.MaxInt64 {
			return serve.DefaultMemoryLimit, false, nil
		}
		return runtimeLimit, false, nil
	}
	n, err := parseSize(flag)
	if err != nil {
		return 0, false, fmt.Errorf("--memory: %v", err)
	}
	if n < minMemory {
		return 0, false, fmt.Errorf("--memory %s: give at least %s", flag, formatSize(minMemory))
	}
	return n, true, nil
}

// minMemory is the smallest --memory: the server itself needs a few MB.
const minMemory = 16 << 20

// sizeUnits are the units of GOMEMLIMIT, largest first.
var sizeUnits = []struct {
	name  string
	shift uint
}{{"TiB", 40}, {"GiB", 30}, {"MiB", 20}, {"KiB", 10}, {"B", 0}}

// parseSize parses a byte count as GOMEMLIMIT writes it: decimal digits
// and an optional unit B, KiB, MiB, GiB or TiB.
func parseSize(s string) (int64, error) {
	num, shift := s, uint(0)
	for _, u := range sizeUnits {
		if rest, ok := strings.CutSuffix(s, u.name); ok {
			num, shift = rest, u.shift
			break
		}
	}
	n, err := strconv.ParseUint(num, 10, 63)
	if err != nil || num == "" || num[0] == '+' {
		return 0, fmt.Errorf("%q is not a size: want digits and an optional unit B, KiB, MiB, GiB or TiB", s)
	}
	if n > math.MaxInt64>>shift {
		return 0, fmt.Errorf("%q is too large", s)
	}
	return int64(n << shift), nil
}

// formatSize writes n with the largest unit that divides it.
func formatSize(n int64) string {
	for _, u := range sizeUnits {
		if u.shift > 0 && n >= 1<<u.shift && n%(1<<u.shift) == 0 {
			return strconv.FormatInt(n>>u.shift, 10) + u.name
		}
	}
	return strconv.FormatInt(n, 10)
}

// addrIP returns the IP address of a TCP listener's address.
func addrIP(a net.Addr) net.IP {
	if ta, ok := a.(*net.TCPAddr); ok {
		return ta.IP
	}
	return nil
}

// routesHelp lists the API routes of the record subcommands
// (report.Commands), one per line, with their options.
func routesHelp() string {
	var b strings.Builder
	for _, c := range report.Commands() {
		opts := c.Options
		if opts == "" {
			opts = "no options"
		}
		fmt.Fprintf(&b, "  POST %-16s %s\n", c.Route, opts)
	}
	return b.String()
}
