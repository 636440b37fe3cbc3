package main

import (
	"encoding/json"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/form"
)

func newFormCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "form (encode | decode) [--json] [TEXT ...]",
		Short: "application/x-www-form-urlencoded, as URLSearchParams does it",
	}
	cmd.AddCommand(newFormDecodeCmd(), newFormEncodeCmd())
	return cmd
}

func pairsOf(v form.Values) [][2]string {
	pairs := make([][2]string, 0, len(v))
	for name, value := range v.All() {
		pairs = append(pairs, [2]string{name, value})
	}
	return pairs
}

func newFormDecodeCmd() *cobra.Command {
	var opts recordOptions
	cmd := &cobra.Command{
		Use:   "decode [--json] [TEXT ...]",
		Short: "Parse each record as a form body into name/value pairs",
		Long: `Parse each record as application/x-www-form-urlencoded, exactly as the URL
Standard says (and new URLSearchParams(text) does): split on "&", the first
"=" splits name from value, "+" is a space, escapes are decoded and invalid
UTF-8 becomes U+FFFD. Output is the pairs as one JSON array of [name, value]
arrays per record (with or without --json).`,
		Example: `  urikit form decode 'a=1&b=x+y&a=%E4%BD%A0'   # [["a","1"],["b","x y"],["a","你"]]`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return processRecords(cmd, args, opts, func() recordFunc {
				return func(in []byte) outcome {
					pairs := pairsOf(form.Parse(string(in)))
					b, err := json.Marshal(pairs)
					if err != nil {
						return outcome{Err: &recordError{Code: "json", Message: err.Error()}}
					}
					return outcome{Output: b, JSON: json.RawMessage(b)}
				}
			})
		},
	}
	opts.register(cmd)
	return cmd
}

func newFormEncodeCmd() *cobra.Command {
	var opts recordOptions
	cmd := &cobra.Command{
		Use:   "encode [--json] [JSON ...]",
		Short: "Serialize a JSON array of [name, value] pairs as a form body",
		Long: `Each record is a JSON array of [name, value] arrays; the output is what
new URLSearchParams(pairs).toString() gives in a browser.`,
		Example: `  urikit form encode '[["a","1"],["b","x y"],["c","你&="]]'   # a=1&b=x+y&c=%E4%BD%A0%26%3D`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return processRecords(cmd, args, opts, func() recordFunc {
				return func(in []byte) outcome {
					var pairs [][2]string
					if err := json.Unmarshal(in, &pairs); err != nil {
						return outcome{Err: &recordError{Code: "invalid-json", Message: "want a JSON array of [name, value] pairs: " + err.Error()}}
					}
					return outcome{Output: []byte(form.FromPairs(pairs).String())}
				}
			})
		},
	}
	opts.register(cmd)
	return cmd
}
