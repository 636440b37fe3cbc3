package main

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/internal/report"
)

// maxPatternsFile is the largest --patterns file read.
const maxPatternsFile = 4 << 20

// readPatterns reads a --patterns file: one pattern per line; blank lines
// and lines starting with "#" are skipped.
func readPatterns(name string) ([]string, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err == nil && st.Size() > maxPatternsFile {
		return nil, errors.New("--patterns: " + name + " is larger than 4 MiB")
	}
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, maxPatternsFile)
	for sc.Scan() {
		line := strings.TrimSuffix(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		out = append(out, line)
	}
	if err := sc.Err(); err != nil {
		return nil, errors.New("--patterns: " + err.Error())
	}
	return out, nil
}

func newMatchCmd() *cobra.Command {
	var (
		opts       recordOptions
		file       string
		base       string
		ignoreCase bool
	)
	cmd := &cobra.Command{
		Use:   "match (PATTERN | --patterns FILE) [--base URL] [--ignore-case] [--json] [URL ...]",
		Short: "Match URLs against URL patterns (the URL Pattern Standard, as URLPattern does it)",
		Long: `Parse each record as a URL (WHATWG, as a browser does) and match it against
PATTERN, a pattern of the URL Pattern Standard, as URLPattern.exec() does:
"https://*.example.com/books/:id(\\d+)" matches canonical components
(the scheme, the IDNA host, the percent-encoded path...), not raw text.

The first argument is the PATTERN and the rest are URLs, unless --patterns
gives a file of patterns, one per line (blank lines and lines starting
with "#" are skipped): then every argument is a URL, and each URL is
matched against all the patterns at once, through an index of their
literal hosts, protocols and path prefixes; the first pattern in the
file's order that matches is the one reported. --base resolves relative
patterns and relative URLs; --ignore-case matches pathname, search and
hash without regard to case.

Plain output is one line per record: "-" when no pattern matches, else
the pattern that matched, then a tab and its groups as
component.name=value separated by spaces (a bare "*" component is left
out). --json writes the record object {"input", "matched", "pattern",
"groups": {"pathname": {"id": "123"}, ...}}, where a group that took no
part in the match is null. A URL that does not parse fails with the
parser's code.

Custom regexp groups are translated to RE2: lookaround and backreferences,
which RE2 lacks, make the pattern fail with unsupported-regexp (exit 2).`,
		Example: `  urikit match 'https://*.example.com/books/:id(\d+)' https://SHOP.example.com/books/42
  # https://*.example.com/books/:id(\d+)	hostname.0=shop pathname.id=42
  urikit match '/books/:id' --base https://example.com --json https://example.com/books/7
  # {"input":"https://example.com/books/7","matched":true,"pattern":"/books/:id","groups":{"pathname":{"id":"7"}}}
  urikit match --patterns routes.txt -f urls.txt --json | jq 'select(.matched)'`,
		RunE: func(cmd *cobra.Command, args []string) error {
			var list []string
			if file != "" {
				more, err := readPatterns(file)
				if err != nil {
					return err
				}
				if len(more) == 0 {
					return errors.New("match: --patterns " + file + " has no pattern")
				}
				list = more
			} else {
				if len(args) == 0 {
					return errors.New("match: give the PATTERN as the first argument, or --patterns FILE")
				}
				list, args = args[:1], args[1:]
			}
			m, err := report.NewPatternMatcher(list, base, ignoreCase)
			if err != nil {
				return errors.New("match: " + err.Error())
			}
			return processRecords(cmd, args, opts, func() recordFunc {
				var buf bytes.Buffer
				return func(in []byte) outcome {
					s := transient(in)
					rec := m.Record(s)
					if rec.Error != nil {
						return outcome{Err: rec.Error, Detail: caret(s, rec.Error.Offset), Record: &rec}
					}
					if opts.json {
						return outcome{Record: &rec}
					}
					buf.Reset()
					p, ok := rec.Field("pattern")
					if matched, _ := rec.Field("matched"); matched != "true" || !ok {
						buf.WriteString("-")
						return outcome{Output: buf.Bytes()}
					}
					buf.WriteString(p)
					sep := "\t"
					for _, f := range rec.Fields {
						if f.Name() != "groups" {
							continue
						}
						for _, c := range f.Fields() {
							for _, g := range c.Fields() {
								buf.WriteString(sep + c.Name() + "." + g.Name() + "=" + g.Value())
								sep = " "
							}
						}
					}
					return outcome{Output: buf.Bytes()}
				}
			})
		},
	}
	opts.register(cmd)
	f := cmd.Flags()
	f.StringVar(&file, "patterns", "", "match against the patterns of `FILE`, one per line (every argument is then a URL)")
	f.StringVar(&base, "base", "", "base `URL` of relative patterns and URLs")
	f.BoolVar(&ignoreCase, "ignore-case", false, "match pathname, search and hash case-insensitively")
	return cmd
}
