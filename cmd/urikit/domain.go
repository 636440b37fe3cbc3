package main

import (
	"errors"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/internal/report"
)

func newDomainCmd() *cobra.Command {
	var (
		opts           recordOptions
		ascii, unicode bool
	)
	cmd := &cobra.Command{
		Use:   "domain [--ascii | --unicode] [--json] [HOST|URL ...]",
		Short: "Find the public suffix and registrable domain (eTLD+1) of host names",
		Long: `Look each record up in the Public Suffix List compiled into urikit: its
public suffix (the part under which anyone can register names: "com",
"co.uk", "github.io") and its registrable domain, the suffix and one more
label ("example.co.uk"), which browsers use as the site of cookies.

A record is a host name, or a URL when it holds "://": the host is then
taken from the URL as browsers parse it (lowercase, A-labels). Names are
matched without regard to case; Unicode labels are converted with IDNA
and come back in Unicode; one final dot is kept. --ascii writes the
public suffix and the registrable domain with A-labels only, --unicode
with Unicode labels only (for display).

A record must be a host name or a URL with "://": a "host:port", a
"user@host" or a URL without its scheme is refused ("invalid-char", at
the character that no host name holds), and so is an IP address.

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
  urikit domain --unicode xn--85x722f.xn--55qx5d.cn   # 食狮.公司.cn
  urikit domain 'https://a.b.city.kobe.jp/x'  # city.kobe.jp
  urikit domain --json foo.github.io`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			form := report.DomainAsWritten
			switch {
			case ascii && unicode:
				return errors.New("--ascii and --unicode exclude each other")
			case ascii:
				form = report.DomainASCII
			case unicode:
				form = report.DomainUnicode
			}
			rec := func(s string) report.Record { return report.DomainAs(s, form) }
			return processRecords(cmd, args, opts, fieldRecords(rec, "registrable_domain"))
		},
	}
	opts.register(cmd)
	cmd.Flags().BoolVar(&ascii, "ascii", false, "write the public suffix and registrable domain with A-labels only")
	cmd.Flags().BoolVar(&unicode, "unicode", false, "write the public suffix and registrable domain with Unicode labels only")
	return cmd
}
