package main

import (
	"github.com/spf13/cobra"
	"github.com/urikit/urikit/internal/report"
)

func newURNCmd() *cobra.Command {
	var opts recordOptions
	cmd := &cobra.Command{
		Use:   "urn [--json] [URN ...]",
		Short: "Parse URNs (RFC 8141) and write the form URN-equivalence compares",
		Long: `Parse each record as a URN, urn:<NID>:<NSS>[?+r-component][?=q-component][#f-component],
with the exact grammar of RFC 8141. Plain output is the normalized form that
URN-equivalence (§3.1) compares: "urn:", the NID in lowercase, ":", the NSS
with the hex digits of its escapes in uppercase, without the r-, q- and
f-components; two URNs are equivalent exactly when these are equal. --json
writes the record object {"input", "nid", "nss", "r_component",
"q_component", "f_component", "normalized"}, the components as written
(null when absent). A record that is not a URN fails with the offset, the
component (scheme, nid, nss, r-component, q-component, f-component) and a
code such as invalid-nid-length, nid-hyphen, empty-nss, invalid-char,
invalid-escape or invalid-question-mark.`,
		Example: `  urikit urn 'URN:ISBN:9971-5-0210-0'          # urn:isbn:9971-5-0210-0
  urikit urn --json 'urn:example:a%2c?+r#f'
  sort -u <(urikit urn < urns.txt)            # distinct URNs, by equivalence`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return processRecords(cmd, args, opts, fieldRecords(report.URN, "normalized"))
		},
	}
	opts.register(cmd)
	return cmd
}
