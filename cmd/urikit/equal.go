package main

import (
	"errors"
	"sync/atomic"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/internal/report"
)

// newEqualRecordsCmd is "urikit equal": a record subcommand that compares
// each record with --other, or A with B when given as two arguments.
func newEqualRecordsCmd() *cobra.Command {
	var (
		opts  recordOptions
		flags levelFlags
		other string
	)
	cmd := &cobra.Command{
		Use:   "equal [--level syntax|scheme|full] (A B | --other B [--json] [A ...])",
		Short: "Compare URIs under a normalization level (exit 0 equal, 1 not equal)",
		Long: `Compare URI references under a normalization level (see 'urikit normalize').

With two arguments A and B, compare them: "equal" or "not equal"; either
not being a URI reference is a usage error. With --other B, compare each
record with B, one line per record: each record is parsed strictly (an
invalid one fails), and --other must be a valid reference. --json writes
{"input", "normalized" (the record normalized at the level), "equal"} per
record.

The exit status is 0 when every record is equal to B, 1 when one is not
(or fails), 2 for a usage error.

` + levelHelp(),
		Example: `  urikit equal 'http://example.com/%7Euser' 'HTTP://EXAMPLE.com:80/~user'   # equal
  urikit equal 'http://a/path?key' 'http://a/path%3Fkey'                   # not equal
  urikit equal --other 'http://a/' --json -f urls.txt`,
		RunE: func(cmd *cobra.Command, args []string) error {
			l, err := flags.get()
			if err != nil {
				return err
			}
			if other == "" {
				if len(args) != 2 || len(opts.files) > 0 {
					return errors.New("give two URIs A B, or --other B and the records")
				}
				// Two arguments are both checked as arguments: an
				// invalid A is a usage error, as an invalid B is.
				if _, err := parseURIArg("A", args[0]); err != nil {
					return err
				}
				args, other = args[:1], args[1]
			}
			b, err := parseURIArg("--other", other)
			if err != nil {
				return err
			}
			var differ atomic.Bool // written by every worker
			err = processRecords(cmd, args, opts, func() recordFunc {
				return func(in []byte) outcome {
					s := transient(in)
					rec := report.Equal(s, b, l)
					if rec.Error != nil {
						return outcome{Err: rec.Error, Detail: caret(s, rec.Error.Offset), Record: &rec}
					}
					eq, _ := rec.Field("equal")
					o := outcome{Output: []byte("equal"), Record: &rec}
					if eq != "true" {
						differ.Store(true)
						o.Output = []byte("not equal")
					}
					return o
				}
			})
			if err == nil && differ.Load() {
				return errRecordsFailed
			}
			return err
		},
	}
	opts.register(cmd)
	flags.register(cmd, "scheme")
	cmd.Flags().StringVar(&other, "other", "", "compare each record with this `URI` reference")
	return cmd
}
