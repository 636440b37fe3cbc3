package main

import (
	"fmt"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/uri"
)

// levelFlags are the normalization flags shared by normalize and equal.
type levelFlags struct {
	level                                   string
	sortQuery, dropFragment, dropEmptyQuery bool
}

func (f *levelFlags) register(cmd *cobra.Command, def string) {
	cmd.Flags().StringVar(&f.level, "level", def, "normalization `LEVEL`: syntax, scheme or full (or steps joined with +)")
	cmd.Flags().BoolVar(&f.sortQuery, "sort-query", false, "also sort query pairs by key (stable)")
	cmd.Flags().BoolVar(&f.dropFragment, "drop-fragment", false, "also drop the fragment")
	cmd.Flags().BoolVar(&f.dropEmptyQuery, "drop-empty-query", false, `also drop an empty query ("?")`)
	_ = cmd.RegisterFlagCompletionFunc("level", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"syntax", "scheme", "full"}, cobra.ShellCompDirectiveNoFileComp
	})
}

func (f *levelFlags) get() (uri.Level, error) {
	l, err := report.Level(f.level, f.sortQuery, f.dropFragment, f.dropEmptyQuery)
	if err != nil {
		return l, fmt.Errorf("--level: %v", err)
	}
	return l, nil
}

func newNormalizeCmd() *cobra.Command {
	var (
		opts  recordOptions
		flags levelFlags
	)
	cmd := &cobra.Command{
		Use:   "normalize [--level syntax|scheme|full] [--sort-query] [--drop-fragment] [URI ...]",
		Short: "Normalize URI references (RFC 3986 §6)",
		Long: `Normalize each record.

syntax (§6.2.2): lowercase scheme and host, uppercase hex, decode escapes of
unreserved characters, remove dot segments.
scheme (§6.2.3, the default): also drop a default or empty port and turn an
empty http-like path into "/".
full: also sort the query, drop an empty query and the fragment (not
licensed by RFC 3986, but what crawlers use to find duplicates).`,
		Example: `  urikit normalize 'HTTP://Example.COM:80/%7euser/./a/../b'   # http://example.com/~user/b`,
		RunE: func(cmd *cobra.Command, args []string) error {
			l, err := flags.get()
			if err != nil {
				return err
			}
			return processRecordsFast(cmd, args, opts, func() (recordFunc, appendFunc) {
				var buf []byte
				full := func(in []byte) outcome {
					// Neither r nor its normalized form outlives this call.
					r, err := uri.Parse(transient(in))
					if err != nil {
						e := report.URIError(err)
						return outcome{Err: e, Detail: caret(transient(in), e.Offset)}
					}
					buf = uri.Normalize(r, l).AppendTo(reuse(buf, len(in)+64))
					return outcome{Output: buf}
				}
				fast := func(dst, in []byte) ([]byte, bool) {
					r, err := uri.Parse(transient(in))
					if err != nil {
						return dst, false
					}
					return uri.Normalize(r, l).AppendTo(room(dst, len(in)+64)), true
				}
				return full, fast
			})
		},
	}
	opts.register(cmd)
	flags.register(cmd, "scheme")
	return cmd
}

func newEqualCmd() *cobra.Command {
	var flags levelFlags
	cmd := &cobra.Command{
		Use:   "equal [--level syntax|scheme|full] A B",
		Short: "Compare two URIs under a normalization level (exit 0 equal, 1 not equal)",
		Example: `  urikit equal 'http://example.com/%7Euser' 'HTTP://EXAMPLE.com:80/~user'   # equal
  urikit equal 'http://a/path?key' 'http://a/path%3Fkey'                   # not equal`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			l, err := flags.get()
			if err != nil {
				return err
			}
			a, err := parseURIArg("A", args[0])
			if err != nil {
				return err
			}
			b, err := parseURIArg("B", args[1])
			if err != nil {
				return err
			}
			if uri.Equal(a, b, l) {
				fmt.Fprintln(cmd.OutOrStdout(), "equal")
				return nil
			}
			fmt.Fprintln(cmd.OutOrStdout(), "not equal")
			return errRecordsFailed
		},
	}
	flags.register(cmd, "scheme")
	return cmd
}
