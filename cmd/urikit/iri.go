package main

import (
	"errors"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/iri"
)

func newIRICmd() *cobra.Command {
	var (
		opts         recordOptions
		toURI, toIRI bool
	)
	cmd := &cobra.Command{
		Use:   "iri (--to-uri | --to-iri) [--json] [TEXT ...]",
		Short: "Convert IRIs to URIs (RFC 3987 §3.1) or URIs to IRIs for display (§3.2)",
		Long: `--to-uri writes each IRI as a URI: non-ASCII characters become UTF-8
escapes component by component, and a non-ASCII host becomes its IDNA
A-label form. --to-iri decodes the escapes that are safe to show (not
reserved characters, invalid UTF-8, bidi controls...) and A-labels back to
Unicode.`,
		Example: `  urikit iri --to-uri 'http://例え.jp/引き出し'
  # http://xn--r8jz45g.jp/%E5%BC%95%E3%81%8D%E5%87%BA%E3%81%97
  urikit iri --to-iri 'http://xn--r8jz45g.jp/%E5%BC%95%E3%81%8D%E5%87%BA%E3%81%97'`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if toURI == toIRI {
				return errors.New("give exactly one of --to-uri and --to-iri")
			}
			conv := iri.AppendURI
			if toIRI {
				conv = iri.AppendIRI
			}
			return processRecords(cmd, args, opts, func() recordFunc {
				var buf []byte
				return func(in []byte) outcome {
					var err error
					buf, err = conv(reuse(buf, 3*len(in)), transient(in))
					if err != nil {
						e := report.IRIError(err)
						return outcome{Err: e, Detail: caret(transient(in), e.Offset)}
					}
					return outcome{Output: buf}
				}
			})
		},
	}
	opts.register(cmd)
	cmd.Flags().BoolVar(&toURI, "to-uri", false, "convert IRIs to URIs")
	cmd.Flags().BoolVar(&toIRI, "to-iri", false, "convert URIs to IRIs for display")
	return cmd
}
