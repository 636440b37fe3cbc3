package main

import (
	"fmt"
	"sync/atomic"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/check"
	"github.com/urikit/urikit/internal/report"
)

// appendCheckLine appends the text output of one record to b: the input
// (appendShown: quoted in Go syntax when control, invisible or invalid
// bytes could act on a terminal or hide), a tab, then the findings as
// "severity code @offset: message" joined with "; ", or "ok".
func appendCheckLine(b []byte, r check.Report) []byte {
	b = appendShown(b, r.Input)
	b = append(b, '\t')
	if len(r.Findings) == 0 {
		b = append(b, "ok"...)
	}
	for i, f := range r.Findings {
		s := f.String()
		b = room(b, len(s)+2)
		if i > 0 {
			b = append(b, "; "...)
		}
		b = append(b, s...)
	}
	return b
}

func newCheckCmd() *cobra.Command {
	var (
		opts   recordOptions
		failOn string
		res    resolveOptions
	)
	cmd := &cobra.Command{
		Use:   "check [--fail-on info|warn|danger] [--resolve [--resolver ADDR]] [--json] [URL ...]",
		Short: "Tell what a URL really points at, and what in it is suspicious",
		Long: `Check each record with three parsers (RFC 3986, the WHATWG URL Standard that
browsers follow, and Go's net/url) and report, for each, findings with a
severity (info, warn, danger), a stable code, the byte offset and a
one-line explanation: parser disagreements, encoded delimiters and
traversal, double and overlong encoding, control and invisible characters,
credentials, obfuscated IPv4, private and loopback addresses, confusable
IDN hosts, schemes other than http(s).

Text output is one line per record: the input (quoted in Go syntax when it
holds control, invisible or invalid bytes, or starts with a quote), a tab,
then the findings as "severity code @offset: message" separated by "; ",
or "ok". --json writes the record object {"input", "severity", "views",
"findings"} per record (see "urikit --help"); "views" holds each parser's
reading and "target", what a browser fetches ("host", and "host_no_dot"
the same name without a final dot, for allow lists); each finding has its
"severity" and, when there is one, its "detail".

With --resolve, the host is looked up (with --resolver ADDR, at that DNS
server) and every address it resolves to gets the finding of its kind, as
package guard refuses it: loopback, private-address, link-local,
cloud-metadata, embedded-ipv4, special-address ("host "x" resolves to
127.0.0.1, a loopback address"); --json adds "addrs", each address with
its kind. A lookup that fails is a host-unresolved finding (info).

A record with findings is not a failed record. With --fail-on LEVEL the
exit status is 1 when some record has a finding at LEVEL or above (after
the whole stream is written), else 0. The codes are listed in the
documentation of package github.com/urikit/urikit/check.`,
		Example: `  urikit check 'http://evil.com%2f@good.com/'
  urikit check --fail-on warn < urls.txt > report.txt
  urikit check --json 'http://0x7f.1/'
  urikit check --resolve --fail-on warn 'https://hook.example.com/'`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			level := check.None
			if failOn != "" {
				l, err := check.ParseSeverity(failOn)
				if err != nil || l == check.None {
					return fmt.Errorf("--fail-on: want info, warn or danger, got %q", failOn)
				}
				level = l
			}
			res.prepare()
			var reached atomic.Bool // written by every worker
			err := processRecords(cmd, args, opts, func() recordFunc {
				var buf []byte
				return func(in []byte) outcome {
					r := res.check(string(in))
					if level != check.None && r.AtLeast(level) {
						reached.Store(true)
					}
					if opts.json {
						rec := report.NewCheck(in, r)
						return outcome{Record: &rec}
					}
					buf = appendCheckLine(reuse(buf, len(in)+64), r)
					return outcome{Output: buf}
				}
			})
			if err != nil {
				return err
			}
			if reached.Load() {
				return errRecordsFailed
			}
			return nil
		},
	}
	opts.register(cmd)
	res.register(cmd)
	cmd.Flags().StringVar(&failOn, "fail-on", "", "exit with status 1 when a finding at `LEVEL` (info, warn, danger) or above exists")
	completeValues(cmd, "fail-on", "info", "warn", "danger")
	return cmd
}
