package main

import (
	"github.com/spf13/cobra"
	"github.com/urikit/urikit/internal/report"
)

func newPURLCmd() *cobra.Command {
	var (
		opts    recordOptions
		repoURL bool
	)
	cmd := &cobra.Command{
		Use:   "purl [--repo-url] [--json] [PURL ...]",
		Short: "Parse package URLs (purl, ECMA-427) and write their canonical form",
		Long: `Parse each record as a package URL, pkg:type/namespace/name@version?qualifiers#subpath,
as ECMA-427 and the purl-spec type definitions say, and write its canonical
form: "pkg:" (never "pkg://"), the type in lowercase, each component
percent-decoded, normalized as its type's definition says (case-insensitive
components in lowercase, pypi names with "-" for "_", ...) and
percent-encoded again (only letters, digits, ".", "-", "_", "~" and ":"
unencoded), qualifier keys in lowercase and sorted, pairs with an empty
value, empty segments and "." and ".." subpath segments left out. Two
spellings of one package give the same line, so "sort -u" deduplicates.

--json writes the record object {"input", "purl", "type", "namespace",
"name", "version", "qualifiers", "subpath"}: the components decoded, the
qualifiers as [name, value] pairs in order, null for an absent component.
--repo-url adds "repository_url", the package's page in its type's default
repository (npm, pypi, maven, golang, github, cargo, gem, nuget, docker;
null for other types), and in plain output a tab and that URL after the
purl. A record that is not a purl fails with the offset, the component and
a code such as invalid-scheme, invalid-type, missing-name, invalid-escape,
duplicate-qualifier-key or namespace-required.`,
		Example: `  urikit purl 'pkg:NPM/@angular/animation@12.3.1'     # pkg:npm/%40angular/animation@12.3.1
  urikit purl --json 'pkg:maven/org.apache.xmlgraphics/batik-anim@1.9.1?type=pom&classifier=sources'
  urikit purl --repo-url 'pkg:pypi/Django_Allauth@0.61.1'   # pkg:pypi/django-allauth@0.61.1	https://pypi.org/project/django-allauth/0.61.1/
  urikit purl < sbom-purls.txt | sort -u                 # the distinct packages of an SBOM`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return processRecords(cmd, args, opts, func() recordFunc {
				return func(in []byte) outcome {
					s := transient(in)
					rec := report.PURL(s, repoURL)
					o := recordOutcome(s, rec, "purl")
					if repoURL && o.Err == nil && !opts.json {
						u, _ := rec.Field("repository_url")
						o.Output = append(append(o.Output, '\t'), u...)
					}
					return o
				}
			})
		},
	}
	opts.register(cmd)
	cmd.Flags().BoolVar(&repoURL, "repo-url", false, `add the package's repository URL ("repository_url" in --json)`)
	return cmd
}
