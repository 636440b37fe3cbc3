package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/template"
)

func newTemplateCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "template (expand | match) TEMPLATE ...",
		Short: "URI Templates (RFC 6570): expand a template, or read a URL back into its variables",
	}
	cmd.AddCommand(newTemplateExpandCmd(), newTemplateMatchCmd())
	return cmd
}

// parseTemplateArg parses the TEMPLATE argument of a template subcommand:
// a usage error names the offset.
func parseTemplateArg(args []string) (template.Template, error) {
	if len(args) == 0 {
		return template.Template{}, errors.New("give the TEMPLATE as the first argument")
	}
	t, err := template.Parse(args[0])
	if err != nil {
		return template.Template{}, fmt.Errorf("TEMPLATE: %w", err)
	}
	return t, nil
}

func newTemplateExpandCmd() *cobra.Command {
	var (
		opts     recordOptions
		vars     []string
		varsJSON string
	)
	cmd := &cobra.Command{
		Use:   "expand TEMPLATE [--var NAME=VALUE ...] [--vars-json FILE|-] | expand TEMPLATE [--json] [-f vars.jsonl] [JSON ...]",
		Short: "Expand a URI Template (RFC 6570, levels 1 to 4) with variables",
		Long: `Expand TEMPLATE, a URI Template of any level of RFC 6570 ({var}, {+var},
{#var}, {.var}, {/var}, {;var}, {?var}, {&var}, prefixes {var:3} and
explode {var*}), percent-encoding each value as its operator says.

With --var NAME=VALUE (repeatable: a repeated NAME makes a list) or
--vars-json FILE (a JSON object of variables; - is standard input), the
template is expanded once and written on one line.

Otherwise each record is a JSON object of variables, one per line (JSONL),
expanded on its own line: strings, numbers and booleans are strings, null
is undefined, an array of them is a list and an object of them an
associative array, whose members keep their order. --json writes the
record object {"input", "output"}; a failing record (not such an object,
code invalid-json; a prefix on a list, code prefix-on-composite, offset in
the template; an expansion that could exceed 8 bytes per byte of the
template and record plus 64 KiB, code expansion-too-large) has its "error".` + recordsPointer,
		Example: `  urikit template expand '/repos/{owner}/{repo}/issues{?state,labels}' \
      --var owner=urikit --var repo=urikit --var labels=bug --var labels=ui
  # /repos/urikit/urikit/issues?labels=bug,ui
  echo '{"q": "a b", "page": 2}' | urikit template expand '/search{?q,page}'
  urikit template expand '{+base}{/path*}' -f vars.jsonl --json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			t, err := parseTemplateArg(args)
			if err != nil {
				return err
			}
			if len(vars) > 0 || varsJSON != "" {
				if len(args) > 1 || len(opts.files) > 0 || opts.json {
					return errors.New("--var and --vars-json expand once: give no records, -f or --json with them")
				}
				return expandOnce(cmd, t, vars, varsJSON)
			}
			return processRecords(cmd, args[1:], opts, fieldRecords(func(s string) report.Record {
				return report.TemplateExpand(t, s)
			}, "output"))
		},
	}
	opts.register(cmd)
	cmd.Flags().StringArrayVar(&vars, "var", nil, "set the variable `NAME=VALUE` (repeat a NAME for a list)")
	cmd.Flags().StringVar(&varsJSON, "vars-json", "", "read the variables from the JSON object in `FILE` (- is standard input)")
	return cmd
}

// expandOnce expands t with the variables of --var and --vars-json.
func expandOnce(cmd *cobra.Command, t template.Template, vars []string, varsJSON string) error {
	vs := template.Vars{}
	if varsJSON != "" {
		var b []byte
		var err error
		if varsJSON == "-" {
			b, err = io.ReadAll(io.LimitReader(cmd.InOrStdin(), 64<<20))
		} else {
			b, err = os.ReadFile(varsJSON)
		}
		if err != nil {
			return &ioError{fmt.Errorf("--vars-json: %w", err)}
		}
		parsed, e := report.TemplateVars(b)
		if e != nil {
			return fmt.Errorf("--vars-json: offset %d: %s", e.Offset, e.Message)
		}
		vs = parsed
	}
	lists := map[string][]string{}
	var order []string
	for _, kv := range vars {
		name, value, ok := strings.Cut(kv, "=")
		if !ok {
			return fmt.Errorf("--var %q: want NAME=VALUE", kv)
		}
		if _, seen := lists[name]; !seen {
			order = append(order, name)
		}
		lists[name] = append(lists[name], value)
	}
	for _, name := range order {
		if l := lists[name]; len(l) == 1 {
			vs[name] = template.String(l[0])
		} else {
			vs[name] = template.List(l...)
		}
	}
	out, err := t.Expand(vs)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(cmd.OutOrStdout(), out)
	return err
}

func newTemplateMatchCmd() *cobra.Command {
	var opts recordOptions
	cmd := &cobra.Command{
		Use:   "match TEMPLATE [--json] [URL ...]",
		Short: "Read each URL back into the variables of a URI Template",
		Long: `Read each record, a URL, back into the variables of TEMPLATE that expand
to it, and write them as one JSON object per line (in the template's order;
a value with an unescaped "," in {var}, {/var}... is a list). --json
writes the record object {"input", "variables"}.

The answer must be unique, so TEMPLATE may not use prefix or explode
modifiers, nor several variables in one expression other than {;...},
{?...} and {&...}; an expression must be told apart from what follows it
({a}{b} cannot), and {+var} and {#var} may only be followed by literal
text. Another TEMPLATE is a usage error (code ambiguous, with its offset).
A URL the template cannot produce fails with the code no-match and the
offset in the URL where it stops matching.` + recordsPointer,
		Example: `  urikit template match '/repos/{owner}/{repo}/issues{?state,labels}' \
      '/repos/urikit/urikit/issues?state=open&labels=bug,ui'
  # {"owner":"urikit","repo":"urikit","state":"open","labels":["bug","ui"]}`,
		RunE: func(cmd *cobra.Command, args []string) error {
			t, err := parseTemplateArg(args)
			if err != nil {
				return err
			}
			if _, err := t.Match(""); err != nil {
				var te *template.Error
				if errors.As(err, &te) && te.Code == template.ErrAmbiguous {
					return fmt.Errorf("TEMPLATE: %w", err)
				}
			}
			return processRecords(cmd, args[1:], opts, func() recordFunc {
				var buf []byte
				return func(in []byte) outcome {
					s := transient(in)
					rec := report.TemplateMatch(t, s)
					if rec.Error != nil || opts.json {
						return recordOutcome(s, rec, "")
					}
					// The variables object of the record, alone.
					full := rec.AppendJSON(reuse(buf, 2*len(in)))
					i := strings.Index(string(full), `"variables":`)
					buf = full
					return outcome{Output: full[i+len(`"variables":`) : len(full)-1]}
				}
			})
		},
	}
	opts.register(cmd)
	return cmd
}
