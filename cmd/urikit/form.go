package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"unicode/utf8"

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
are not UTF-8 as U+FFFD (invalid-utf8).

Nothing is lost: when some name or value decodes to bytes that are not
UTF-8, the pair is [name, value, name_hex, value_hex] (the standard's text,
then the octets in hex), and --json adds "pairs_hex" after "pairs": the
octets of every pair in hex, [[name_hex, value_hex], ...], in order.`,
		Example: `  urikit form decode 'a=1&b=x+y&a=%E4%BD%A0'   # [["a","1"],["b","x y"],["a","你"]]
  urikit form decode 'a=%FF&b=c'               # [["a","�","61","ff"],["b","c"]]`,
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
// arrays; a pair whose octets are not UTF-8 gets their hex as two more
// members, [name, value, name_hex, value_hex], so that nothing is lost.
func formPairs(rec report.Record) [][]string {
	pairs := [][]string{}
	var octets []report.Field
	for _, f := range rec.Fields {
		if f.Name() == "pairs_hex" {
			octets = append(octets, f)
		}
	}
	for _, f := range rec.Fields {
		if f.Name() != "pairs" {
			continue
		}
		for i, p := range f.Pairs() {
			pair := []string{p.Name, p.Value}
			if len(octets) > 0 && i < len(octets[0].Pairs()) {
				h := octets[0].Pairs()[i]
				if !validHexUTF8(h.Name) || !validHexUTF8(h.Value) {
					pair = append(pair, h.Name, h.Value)
				}
			}
			pairs = append(pairs, pair)
		}
	}
	return pairs
}

// validHexUTF8 reports whether the octets written in hex h are UTF-8.
func validHexUTF8(h string) bool {
	b, err := hex.DecodeString(h)
	return err == nil && utf8.Valid(b)
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
