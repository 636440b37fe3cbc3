package main

import (
	"errors"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/percent"
)

func newDecodeCmd() *cobra.Command {
	var (
		opts recordOptions
		dec  percent.Decoder
	)
	cmd := &cobra.Command{
		Use:   "decode [--lenient] [--plus] [--legacy-u] [--json] [TEXT ...]",
		Short: "Percent-decode text, strictly by default",
		Long: `Percent-decode each record.

Strict by default: "%" not followed by two hex digits, an escape cut off by
the end, a %uXXXX escape, and a result that is not valid UTF-8 are errors
with the byte offset of the offending escape. --lenient keeps every invalid
escape as it was (output that is not UTF-8 is written as raw bytes) and
lists what it kept under "findings" with --json. Nothing is ever replaced
by U+FFFD.`,
		Example: `  urikit decode 'caf%C3%A9'         # café
  urikit decode 'abc%4'             # error at offset 3
  urikit decode --lenient '%zz%41'  # %zzA
  urikit decode --plus 'a+b%2B'     # a b+
  urikit decode --legacy-u '%u4F60' # 你`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return processRecords(cmd, args, opts, func() recordFunc {
				var buf []byte
				return func(in []byte) outcome {
					var err error
					buf, err = dec.AppendDecode(reuse(buf, len(in)), transient(in))
					var o outcome
					var pe *percent.Error
					var list percent.ErrorList
					switch {
					case !opts.json && errors.As(err, &list):
						// Only --json shows the findings.
					case errors.As(err, &list):
						o.Findings = make([]recordError, 0, len(list))
						for _, e := range list {
							o.Findings = append(o.Findings, report.PercentError(e))
						}
					case errors.As(err, &pe):
						f := report.PercentError(pe)
						o.Err = &f
						return o
					}
					o.Output = buf
					return o
				}
			})
		},
	}
	opts.register(cmd)
	cmd.Flags().BoolVar(&dec.Lenient, "lenient", false, "keep invalid escapes as they are instead of failing")
	cmd.Flags().BoolVar(&dec.PlusAsSpace, "plus", false, `decode "+" as a space (form encoding)`)
	cmd.Flags().BoolVar(&dec.LegacyU, "legacy-u", false, "decode non-standard %uXXXX escapes (JavaScript escape())")
	return cmd
}
