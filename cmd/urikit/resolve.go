package main

import (
	"errors"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/uri"
)

// baseFlag parses --base as an absolute URI (RFC 3986 §5.1 requires one).
func baseFlag(s string) (uri.Reference, error) {
	if s == "" {
		return uri.Reference{}, errors.New("--base is required")
	}
	b, err := uri.ParseURI(s)
	if err != nil {
		return b, errors.New("--base: " + err.Error())
	}
	return b, nil
}

func newResolveCmd() *cobra.Command {
	return newBaseCmd(&cobra.Command{
		Use:   "resolve --base URI [--json] [REF ...]",
		Short: "Resolve references against a base URI (RFC 3986 §5.2, strict)",
		Example: `  urikit resolve --base 'http://a/b/c/d;p?q' '../g' '?y' '#s'   # http://a/b/g ...
  urikit resolve --base 'http://a/b/c/d;p?q' '../../../g'         # http://a/g`,
	}, func(base, r uri.Reference) uri.Reference {
		t, _ := uri.Resolve(base, r) // baseFlag made base an absolute URI
		return t
	})
}

func newRelativizeCmd() *cobra.Command {
	return newBaseCmd(&cobra.Command{
		Use:     "relativize --base URI [--json] [URI ...]",
		Short:   "Give the shortest reference that resolves against the base back to each URI",
		Example: `  urikit relativize --base 'http://a/b/c/d' 'http://a/b/e/f'   # ../e/f`,
	}, uri.Relativize)
}

// newBaseCmd completes cmd as a record subcommand that parses each record
// strictly and writes op(base, record) for the absolute URI given by --base.
func newBaseCmd(cmd *cobra.Command, op func(base, r uri.Reference) uri.Reference) *cobra.Command {
	var (
		opts recordOptions
		base string
	)
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		b, err := baseFlag(base)
		if err != nil {
			return err
		}
		return processRecords(cmd, args, opts, func() recordFunc {
			var buf []byte
			return func(in []byte) outcome {
				r, err := uri.Parse(transient(in))
				if err != nil {
					e := report.URIError(err)
					return outcome{Err: e, Detail: caret(transient(in), e.Offset)}
				}
				buf = op(b, r).AppendTo(reuse(buf, len(in)+256))
				return outcome{Output: buf}
			}
		})
	}
	opts.register(cmd)
	cmd.Flags().StringVar(&base, "base", "", "absolute base `URI`")
	return cmd
}
