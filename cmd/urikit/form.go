package main

import (
	"bytes"
	"encoding/json"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/internal/report"
)

func newFormCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "form (encode | decode) [--json] [TEXT ...]",
		Short: "application/x-www-form-urlencoded, as URLSearchParams does it",
	}
	cmd.AddCommand(newFormDecodeCmd(), newFormEncodeCmd())
	return cmd
}

func newFormDecodeCmd() *cobra.Command {
	var opts recordOptions
	cmd := &cobra.Command{
		Use:   "decode [--json] [TEXT ...]",
		Short: "Parse each record as a form body into name/value pairs",
		Long: `Parse each record as application/x-www-form-urlencoded, exactly as the URL
Standard says (and new URLSearchParams(text) does): split on "&", the first
"=" splits name from value, "+" is a space, escapes are decoded and invalid
UTF-8 becomes U+FFFD, as the standard says. Output is the pairs as one JSON
array of [name, value] arrays per record. --json writes the record object
{"input", "pairs": [[name, value], ...], "findings"}, whose findings say
where the standard's parser kept a "%" (invalid-escape) or read bytes that
are not UTF-8 as U+FFFD (invalid-utf8).`,
		Example: `  urikit form decode 'a=1&b=x+y&a=%E4%BD%A0'   # [["a","1"],["b","x y"],["a","你"]]`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return processRecords(cmd, args, opts, func() recordFunc {
				var buf []byte
				return func(in []byte) outcome {
					rec := report.FormDecode(transient(in))
					if opts.json {
						return outcome{Record: &rec}
					}
					// The pairs are UTF-8: the standard's parser makes
					// them so. As in record objects, "<", ">" and "&"
					// are not escaped.
					var b bytes.Buffer
					enc := json.NewEncoder(&b)
					enc.SetEscapeHTML(false)
					enc.Encode(formPairs(rec))
					buf = append(reuse(buf, b.Len()), bytes.TrimSuffix(b.Bytes(), []byte("\n"))...)
					return outcome{Output: buf}
				}
			})
		},
	}
	opts.register(cmd)
	return cmd
}

// formPairs returns the pairs of a form decode record as [name, value]
// arrays.
func formPairs(rec report.Record) [][2]string {
	pairs := [][2]string{}
	for _, f := range rec.Fields {
		if f.Name() == "pairs" {
			for _, p := range f.Pairs() {
				pairs = append(pairs, [2]string{p.Name, p.Value})
			}
		}
	}
	return pairs
}

func newFormEncodeCmd() *cobra.Command {
	var opts recordOptions
	cmd := &cobra.Command{
		Use:   "encode [--json] [JSON ...]",
		Short: "Serialize a JSON array of [name, value] pairs as a form body",
		Long: `Each record is a JSON array of [name, value] arrays; the output is what
new URLSearchParams(pairs).toString() gives in a browser. A record that is
not such an array fails with the code invalid-json, as does text JSON does
not carry losslessly: bytes that are not UTF-8, and a \u escape of a UTF-16
surrogate without its pair.`,
		Example: `  urikit form encode '[["a","1"],["b","x y"],["c","你&="]]'   # a=1&b=x+y&c=%E4%BD%A0%26%3D`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return processRecords(cmd, args, opts, fieldRecords(report.FormEncode, "output"))
		},
	}
	opts.register(cmd)
	return cmd
}
