package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/internal/report"
)

func newIDNACmd() *cobra.Command {
	var (
		opts               recordOptions
		toASCII, toUnicode bool
		profile            string
	)
	cmd := &cobra.Command{
		Use:   "idna (--to-ascii | --to-unicode) [--profile NAME] [--json] [DOMAIN ...]",
		Short: "Convert domain names to their ASCII (A-label) form or back to Unicode (UTS #46)",
		Long: `--to-ascii writes each domain name in its ASCII form (UTS #46 ToASCII:
mapping, NFC, validation, Punycode "xn--" labels); a name that breaks a rule
of the profile is a failed record, whose error names the rule (its code,
and the UTS #46 rule such as V7 or B1-B6), the byte offset and the label.
--to-unicode writes each name for display (UTS #46 ToUnicode); a rule
broken there does not fail the record: the name is converted all the same,
and --json gives the broken rule as a finding. Input that is not UTF-8
fails either way.

--profile chooses the options: url (the default: the URL Standard's domain
to ASCII as browsers run it, with CheckBidi and CheckJoiners), lookup and
display (golang.org/x/net/idna's Lookup and Display: also CheckHyphens and
STD3 rules), registration (x/net's Registration: also the DNS length limits,
and only names already mapped and in NFC pass). --json writes the record
object {"input", "ascii"} or {"input", "unicode", "findings"}.`,
		Example: `  urikit idna --to-ascii 'Bücher.example'            # xn--bcher-kva.example
  urikit idna --to-unicode xn--bcher-kva.example      # bücher.example
  urikit idna --to-ascii --profile registration 'Faß.de' --json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if toASCII == toUnicode {
				return errors.New("give exactly one of --to-ascii and --to-unicode")
			}
			mode, ok := report.IDNAProfile(profile)
			if !ok {
				return fmt.Errorf("unknown --profile %q (want one of %s)", profile, strings.Join(report.IDNAProfiles, ", "))
			}
			return processRecords(cmd, args, opts, func() recordFunc {
				var buf []byte
				return func(in []byte) outcome {
					s := transient(in)
					if opts.json {
						rec := report.IDNA(s, toUnicode, mode)
						return recordOutcome(s, rec, "")
					}
					var e *report.Error
					if toUnicode {
						buf, e, _ = mode.AppendUnicode(reuse(buf, 2*len(in)), s)
					} else {
						buf, e = mode.AppendASCII(reuse(buf, len(in)+8), s)
					}
					if e != nil {
						return failed(s, e)
					}
					return outcome{Output: buf}
				}
			})
		},
	}
	opts.register(cmd)
	cmd.Flags().BoolVar(&toASCII, "to-ascii", false, "convert domain names to ASCII (UTS #46 ToASCII)")
	cmd.Flags().BoolVar(&toUnicode, "to-unicode", false, "convert domain names to Unicode for display (UTS #46 ToUnicode)")
	cmd.Flags().StringVar(&profile, "profile", "url", "options: "+strings.Join(report.IDNAProfiles, ", "))
	return cmd
}
