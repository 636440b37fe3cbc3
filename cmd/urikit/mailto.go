package main

import (
	"github.com/spf13/cobra"
	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/mailto"
)

func newMailtoCmd() *cobra.Command {
	var (
		opts    recordOptions
		lenient bool
	)
	cmd := &cobra.Command{
		Use:   "mailto [--lenient] [--json] [URL ...]",
		Short: "Decode mailto: URLs (RFC 6068) into addresses, subject, body and header fields",
		Long: `Parse each record as a mailto: URL (RFC 6068) and decode it. --json writes
the record object {"input", "to", "cc", "bcc", "subject", "body",
"headers"}: "to" holds the addresses of the path and of "to" header fields,
"cc" and "bcc" those of their fields, "headers" the other header fields as
[name, value] pairs in order; every text is percent-decoded as UTF-8, and
"+" stays a plus sign (RFC 6068 writes a space as %20). Plain output is
the URL written back in RFC 6068's canonical encoding: the To addresses
in the path, then cc, bcc, subject, the other fields and body.

The parse is strict: a record fails, with the offset and a code, on an
address that is not local-part@domain (invalid-address: display names and
comments are not allowed), a character that must be percent-encoded
(invalid-char: in addresses "/", "?", "#", "[", "]", "&", ";", "=";
in header fields "?", "=", "#"), a header field without "="
(missing-equals), a second subject or body (duplicate-field), escapes that
are not UTF-8 (invalid-utf8), a "#" (fragment).

--lenient takes all of these as they come, failing only without "mailto:":
a raw character or a "%" alone is kept as it is, escapes that are not
UTF-8 stay as written, an address that is not local-part@domain is kept
(an empty one dropped), a field without "=" has an empty value, a second
subject or body goes to "headers", a fragment is dropped; --json lists
what was tolerated in "findings", one per code and part of the URL with
"count" and "offsets".`,
		Example: `  urikit mailto --json 'mailto:joe@example.com?cc=bob@example.com&body=hello'
  urikit mailto 'MAILTO:?to=a@example.org&Subject=caf%c3%a9'   # mailto:a@example.org?subject=caf%C3%A9
  urikit mailto --lenient 'mailto:a@example.org?subject=Hello World'   # mailto:a@example.org?subject=Hello%20World`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return processRecords(cmd, args, opts, func() recordFunc {
				var buf []byte
				return func(in []byte) outcome {
					s := transient(in)
					if opts.json {
						rec := report.Mailto(s, lenient)
						return recordOutcome(s, rec, "")
					}
					var (
						m   mailto.Message
						err error
					)
					if lenient {
						m, _, err = mailto.ParseLenient(s)
					} else {
						m, err = mailto.Parse(s)
					}
					if err != nil {
						e := report.MailtoError(err)
						return failed(s, e)
					}
					buf = m.AppendTo(reuse(buf, len(s)))
					return outcome{Output: buf}
				}
			})
		},
	}
	opts.register(cmd)
	cmd.Flags().BoolVar(&lenient, "lenient", false, "tolerate what RFC 6068 forbids, and report it as findings")
	return cmd
}
