package main

import (
	"github.com/spf13/cobra"
	"github.com/urikit/urikit/internal/report"
)

func newDomainCmd() *cobra.Command {
	var opts recordOptions
	cmd := &cobra.Command{
		Use:   "domain [--json] [HOST|URL ...]",
		Short: "Find the public suffix and registrable domain (eTLD+1) of host names",
		Long: `Look each record up in the Public Suffix List compiled into urikit: its
public suffix (the part under which anyone can register names: "com",
"co.uk", "github.io") and its registrable domain, the suffix and one more
label ("example.co.uk"), which browsers use as the site of cookies.

A record is a host name, or a URL when it holds "://": the host is then
taken from the URL as browsers parse it (lowercase, A-labels). Names are
matched without regard to case; Unicode labels are converted with IDNA
and come back in Unicode; one final dot is kept.

Text output is the registrable domain, one line per record. --json writes
{"input", "host", "public_suffix", "icann", "registrable_domain"} per
record, "icann" telling whether the rule is in the ICANN section of the
list (false for private rules such as github.io, and for an unlisted
top-level domain). A record fails when it has no registrable domain,
with the code "is-public-suffix" (the name is itself a public suffix),
"empty-label", "invalid-char" (a character no host name holds: a
"host:port", "user@host" or a URL without "://" is not a host name;
give the host alone, or the whole URL), "ip-address", "idna", "empty",
"no-host-name" or a URL parser's code.`,
		Example: `  urikit domain www.example.co.uk          # example.co.uk
  urikit domain 'https://a.b.city.kobe.jp/x'  # city.kobe.jp
  urikit domain --json foo.github.io`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return processRecords(cmd, args, opts, fieldRecords(report.Domain, "registrable_domain"))
		},
	}
	opts.register(cmd)
	return cmd
}
