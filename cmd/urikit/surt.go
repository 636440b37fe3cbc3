package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/surt"
	"github.com/urikit/urikit/tracking"
)

func newSURTCmd() *cobra.Command {
	var (
		opts        recordOptions
		o           surt.Options
		fingerprint bool
	)
	cmd := &cobra.Command{
		Use:   "surt [--scheme] [--keep-www] [--keep-query-order] [--fragment] [--host-only] [--trailing-comma] [--fingerprint] [--json] [URL ...]",
		Short: "Make the SURT key of URLs, as web archives' CDX indexes hold it",
		Long: `Write the SURT (Sort-friendly URI Reordering Transform) key of each URL
as the Internet Archive's CDX writers make it (Python surt.surt() with its
defaults): the scheme, a leading "www" label, the default port, the
userinfo and the fragment dropped; the host lowercased, its labels
reversed and joined by "," and closed by ")"; the path and query
lowercased, percent-decoding repeated and minimal escaping; session ids
(jsessionid, phpsessid, sid, aspsessionid, cfid/cftoken) removed; the
query arguments sorted. "http://www.Example.com/a/?b=2&a=1" is
"com,example)/a?a=1&b=2". The "www" rule keeps the label when what is
left is a public suffix ("www.co.uk"). The records of ARC/WARC files
("filedesc:", "warcinfo:") key as themselves, "dns:" and other URLs
without a host as "scheme:path".

--fingerprint writes instead a versioned key for "same resource"
deduplication ("v1:" and the key, once the tracking parameters of the
built-in rule set are removed); the other options do not apply to it.

--json writes {"input", "surt"} (or {"input", "fingerprint"}) per record.
A record fails with "missing-host", "invalid-port", "invalid-host" or
"empty".`,
		Example: `  urikit surt 'http://www.Example.com:80/a/?b=2&a=1#x'   # com,example)/a?a=1&b=2
  urikit surt --scheme https://example.org/                # https://(org,example)/
  urikit surt --fingerprint 'https://example.com/?utm_source=x&id=1'`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			field := "surt"
			if fingerprint {
				field = "fingerprint"
			}
			return processRecords(cmd, args, opts, fieldRecords(func(s string) report.Record {
				return report.SURT(s, o, fingerprint)
			}, field))
		},
	}
	opts.register(cmd)
	f := cmd.Flags()
	f.BoolVar(&o.Scheme, "scheme", false, `keep the scheme: "http://(com,example)/"`)
	f.BoolVar(&o.KeepWWW, "keep-www", false, `keep a leading "www", "www1"… label`)
	f.BoolVar(&o.KeepQueryOrder, "keep-query-order", false, "do not sort the query arguments")
	f.BoolVar(&o.Fragment, "fragment", false, "keep the fragment")
	f.BoolVar(&o.HostOnly, "host-only", false, `stop after the host and port: "com,example)"`)
	f.BoolVar(&o.TrailingComma, "trailing-comma", false, `write "," before ")": "com,example,)/"`)
	f.BoolVar(&fingerprint, "fingerprint", false, `write the versioned dedup key ("v1:…") instead`)
	return cmd
}

func newUnwrapCmd() *cobra.Command {
	var (
		opts      recordOptions
		rulesFile string
	)
	cmd := &cobra.Command{
		Use:   "unwrap [--rules FILE] [--json] [URL ...]",
		Short: "Take redirect wrappers off URLs and remove their tracking parameters",
		Long: `Unwrap each URL from the redirect wrappers of the rule set
("https://www.google.com/url?q=…", "https://l.facebook.com/l.php?u=…": the
target, percent-decoded once, at most 8 wrappers deep), then remove its
tracking parameters (utm_*, fbclid, gclid, msclkid, mc_eid…) from the
query and the fragment.

The rules are the built-in set unless --rules names a file in the
ClearURLs format (providers with urlPattern, rules, rawRules,
referralMarketing, exceptions, redirections, completeProvider). Its
patterns are compiled with Go's regexp (RE2): a pattern RE2 cannot
express (lookaround, backreferences) is refused with its provider and
rule named. A URL a complete provider matches fails with "blocked".

--json writes {"input", "output", "unwrapped"} per record, "unwrapped"
the number of wrappers taken off.`,
		Example: `  urikit unwrap 'https://www.google.com/url?q=https%3A%2F%2Fexample.com%2F%3Futm_source%3Dx'
  urikit unwrap --rules clearurls.json -f urls.txt`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			rules := tracking.Default()
			if rulesFile != "" {
				data, err := os.ReadFile(rulesFile)
				if err != nil {
					return &ioError{err}
				}
				if rules, err = tracking.New(data); err != nil {
					return fmt.Errorf("--rules %s: %w", rulesFile, err)
				}
			}
			return processRecords(cmd, args, opts, fieldRecords(func(s string) report.Record {
				return report.Unwrap(s, rules)
			}, "output"))
		},
	}
	opts.register(cmd)
	cmd.Flags().StringVar(&rulesFile, "rules", "", "a rule file in the ClearURLs format instead of the built-in rules")
	return cmd
}
