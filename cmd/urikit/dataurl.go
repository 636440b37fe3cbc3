package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/dataurl"
	"github.com/urikit/urikit/internal/report"
)

func newDataCmd() *cobra.Command {
	var (
		opts       recordOptions
		bodyBase64 bool
		raw        bool
	)
	cmd := &cobra.Command{
		Use:   "data [--json [--body-base64]] [--raw] [URL ...]",
		Short: "Decode data: URLs as browsers do (the Fetch Standard's data: URL processor)",
		Long: `Decode each record as a data: URL, as the Fetch Standard says a browser
does: the URL Standard's parser first, then the MIME type before the first
",", and the body after it, percent-decoded to bytes and, when the MIME
type ends with ";base64", base64-decoded (forgiving: whitespace and
missing "=" padding are fine). A MIME type that does not parse becomes
text/plain;charset=US-ASCII, and a "%" not followed by two hex digits stays
in the body as it is, as in browsers; --json says so in its findings.
A record fails when it is not a URL, not a data: URL, has no ",", or has a
base64 body that does not decode (code, offset and message as usual).

Text output is each record's body as raw bytes, whatever they are,
followed by the record terminator (newline, or NUL with -0), as
"urikit decode --bytes" writes: a body that holds newlines spans lines, so
for many records use -0 or --json. --raw writes the body of the one URL
given as argument exactly as it is, with no terminator, for "> file".

--json writes one record object per record: "mime_type" (serialized as the
MIME Sniffing Standard says), "type", "subtype", "parameters" ([name,
value] pairs in order), "base64" (whether the URL's body was base64),
"size" (the body's length in bytes), then "body" when the body is UTF-8
text, else "body_hex" (lowercase hex). --body-base64 writes the body as
"body_base64" instead, whatever it holds (shorter than hex for binary
bodies such as images).`,
		Example: `  urikit data 'data:,Hello%2C%20World%21'          # Hello, World!
  urikit data --json 'data:text/plain;charset=utf-8;base64,aGk='
  # {"input":"data:text/plain;charset=utf-8;base64,aGk=","mime_type":"text/plain;charset=utf-8",...,"body":"hi"}
  urikit data --raw 'data:image/png;base64,iVBORw0KGgo=' > image.png
  urikit data --json --body-base64 -f urls.txt | jq -r .mime_type`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if bodyBase64 && !opts.json {
				return errors.New("--body-base64 needs --json")
			}
			if raw {
				return runDataRaw(cmd, args, opts)
			}
			return processRecords(cmd, args, opts, func() recordFunc {
				return func(in []byte) outcome {
					d, fs, err := dataurl.ParseWithFindings(transient(in))
					if err != nil {
						e := report.DataURLError(err)
						return failed(transient(in), e)
					}
					if opts.json {
						rec := report.NewDataURL(in, d, fs, bodyBase64)
						return outcome{Record: &rec}
					}
					return outcome{Output: d.Body}
				}
			})
		},
	}
	opts.register(cmd)
	cmd.Flags().BoolVar(&bodyBase64, "body-base64", false, `with --json, write the body as "body_base64" instead of "body"/"body_hex"`)
	cmd.Flags().BoolVar(&raw, "raw", false, "write the body of the one URL argument exactly, with no terminator")
	return cmd
}

// runDataRaw writes the body of the one data: URL of args to standard
// output as it is.
func runDataRaw(cmd *cobra.Command, args []string, opts recordOptions) error {
	if len(args) != 1 || len(opts.files) > 0 || opts.json || opts.nul {
		return errors.New("--raw takes exactly one URL argument, and no -f, -0 or --json")
	}
	d, err := dataurl.Parse(args[0])
	if err != nil {
		e := report.DataURLError(err)
		fmt.Fprintf(cmd.ErrOrStderr(), "urikit: record 1: offset %d: %s\n%s", e.Offset, e.Message, caret(args[0], e.Offset))
		return errRecordsFailed
	}
	if _, err := cmd.OutOrStdout().Write(d.Body); err != nil {
		return &ioError{fmt.Errorf("writing the output: %w", err)}
	}
	return nil
}
