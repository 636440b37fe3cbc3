package main

import (
	"github.com/spf13/cobra"
	"github.com/urikit/urikit/internal/report"
)

func newDecodeCmd() *cobra.Command {
	var (
		opts recordOptions
		mode report.DecodeMode
	)
	cmd := &cobra.Command{
		Use:   "decode [--lenient] [--bytes] [--plus] [--legacy-u] [--json] [TEXT ...]",
		Short: "Percent-decode text, strictly by default",
		Long: `Percent-decode each record.

Strict by default: "%" not followed by two hex digits, an escape cut off by
the end, a %uXXXX escape, and a result that is not valid UTF-8 are errors
with the byte offset of the offending escape.

--bytes decodes to octets: escapes must still be well formed, but the
result may be any bytes (the CLI face of percent.DecodeBytes).

--lenient decodes every well-formed escape, whatever octet it gives, and
keeps only the malformed ones ("%zz", "%4" at the end, %uXXXX without
--legacy-u) as they were written; a record never fails. With --json, the
"findings" list what was kept and, without --bytes, a result that is not
valid UTF-8 (code "invalid-utf8", at the offset of the first escape or
byte of each invalid sequence).

Output is written as raw bytes, whatever they are; with --json, output
that is not valid UTF-8 is given as lowercase hex in "output_hex" instead
of "output". Nothing is ever replaced by U+FFFD.`,
		Example: `  urikit decode 'caf%C3%A9'           # café
  urikit decode 'abc%4'               # error at offset 3
  urikit decode 'caf%E9'              # error: not UTF-8
  urikit decode --bytes 'caf%E9'      # the bytes 63 61 66 e9
  urikit decode --lenient '%zz%41'    # %zzA
  urikit decode --lenient --json 'caf%E9%zz'
                                      # {"input":"caf%E9%zz","output_hex":"636166e9257a7a","findings":[...]}
  urikit decode --plus 'a+b%2B'       # a b+
  urikit decode --legacy-u '%u4F60'   # 你`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return processRecordsFast(cmd, args, opts, func() (recordFunc, appendFunc) {
				var buf, scratch []byte
				full := func(in []byte) outcome {
					var o outcome
					var err *recordError
					// Only --json shows the findings.
					buf, o.Findings, err = mode.AppendDecode(reuse(buf, len(in)), transient(in), opts.json, &scratch)
					if cap(scratch) > shrinkOutAbove {
						scratch = nil
					}
					if err != nil {
						return outcome{Err: err}
					}
					o.Output = buf
					return o
				}
				fast := func(dst, in []byte) ([]byte, bool) {
					out, _, err := mode.AppendDecode(room(dst, len(in)+1), transient(in), false, nil)
					if err != nil {
						return dst, false
					}
					return out, true
				}
				return full, fast
			})
		},
	}
	opts.register(cmd)
	f := cmd.Flags()
	f.BoolVar(&mode.Decoder.Lenient, "lenient", false, "decode every well-formed escape to its octet and keep malformed ones as written, instead of failing")
	f.BoolVar(&mode.Bytes, "bytes", false, "decode to octets: the result need not be UTF-8")
	f.BoolVar(&mode.Decoder.PlusAsSpace, "plus", false, `decode "+" as a space (form encoding)`)
	f.BoolVar(&mode.Decoder.LegacyU, "legacy-u", false, "decode non-standard %uXXXX escapes (JavaScript escape())")
	return cmd
}
