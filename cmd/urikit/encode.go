package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/percent"
)

func newEncodeCmd() *cobra.Command {
	var (
		opts    recordOptions
		setName string
		enc     percent.Encoder
	)
	cmd := &cobra.Command{
		Use:   "encode [--set NAME] [--plus] [--keep-escapes] [--json] [TEXT ...]",
		Short: "Percent-encode text with an encode set",
		Long: `Percent-encode each record with an encode set: UTF-8 octets, uppercase hex.

Sets: ` + strings.Join(report.SetNames(), ", ") + `.
"unreserved" (the default) encodes everything but ALPHA, DIGIT and "-._~".
"form" is the WHATWG application/x-www-form-urlencoded set and implies --plus.`,
		Example: `  urikit encode 'a b/你'                    # a%20b%2F%E4%BD%A0
  urikit encode --set path-segment 'file?.txt'   # file%3F.txt
  urikit encode --set form 'a b+c'              # a+b%2Bc
  urikit encode --keep-escapes '100%25 done'    # 100%25%20done`,
		RunE: func(cmd *cobra.Command, args []string) error {
			e, ok := report.EncoderFor(setName, enc.SpaceAsPlus, enc.KeepEscapes)
			if !ok {
				return fmt.Errorf("unknown --set %q (one of %s)", setName, strings.Join(report.SetNames(), ", "))
			}
			enc = e
			return processRecordsFast(cmd, args, opts, func() (recordFunc, appendFunc) {
				var buf []byte
				full := func(in []byte) outcome {
					s := transient(in)
					if len(in) >= bigRecord {
						// The encoding in a string of its size, or
						// the record itself when nothing changes.
						return outcome{Output: bytesOf(enc.Encode(s))}
					}
					buf = enc.AppendEncode(reuse(buf, 3*len(in)), s)
					return outcome{Output: buf}
				}
				// Encoding never fails: the output goes straight into
				// the batch's, with room for the longest encoding, or
				// for a long record the room it takes.
				fast := func(dst, in []byte) ([]byte, bool) {
					s := transient(in)
					n := 3 * len(in)
					if len(in) >= bigRecord {
						n = enc.EncodedLen(s)
					}
					return enc.AppendEncode(room(dst, n+1), s), true
				}
				return full, fast
			})
		},
	}
	opts.register(cmd)
	cmd.Flags().StringVar(&setName, "set", "unreserved", "encode set `NAME`")
	cmd.Flags().BoolVar(&enc.SpaceAsPlus, "plus", false, `write space as "+" (and "+" as "%2B")`)
	cmd.Flags().BoolVar(&enc.KeepEscapes, "keep-escapes", false, `keep valid %XX escapes instead of encoding their "%"`)
	completeValues(cmd, "set", report.SetNames()...)
	return cmd
}
