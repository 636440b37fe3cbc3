package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/whatwg"
)

// getter is a compiled --get value: one field name, or a template such as
// "{scheme}://{host}{path}".
type getter struct {
	parts []string // literal text at even indexes, field names at odd
}

func newGetter(spec string, names []string, whatwgMode bool) (*getter, error) {
	lookup := contains(names)
	if spec == "" {
		return nil, nil
	}
	if !strings.Contains(spec, "{") {
		spec = "{" + spec + "}"
	}
	var g getter
	for {
		i := strings.IndexByte(spec, '{')
		if i < 0 {
			g.parts = append(g.parts, spec)
			break
		}
		j := strings.IndexByte(spec[i:], '}')
		if j < 0 {
			return nil, fmt.Errorf("--get %q: unclosed {", spec)
		}
		name := spec[i+1 : i+j]
		if !lookup(name) {
			return nil, unknownField(name, names, whatwgMode)
		}
		g.parts = append(g.parts, spec[:i], name)
		spec = spec[i+j+1:]
	}
	return &g, nil
}

// unknownField is the usage error of a --get field that the mode does
// not have: it lists the fields, and says where host differs.
func unknownField(name string, names []string, whatwgMode bool) error {
	mode, note := "RFC 3986", "host is the host name alone, without the port; --whatwg has hostname, and host as host:port"
	if whatwgMode {
		mode, note = "--whatwg", "host is host:port, hostname the name alone"
	}
	return fmt.Errorf("--get: unknown field %q; the %s fields are input, %s (%s)",
		name, mode, strings.Join(names, ", "), note)
}

// render appends the value of the getter to b, with field giving the
// value of each field.
func (g *getter) render(b []byte, field func(string) (string, bool)) []byte {
	for i, p := range g.parts {
		if i%2 == 0 {
			b = append(b, p...)
		} else {
			v, _ := field(p)
			b = append(b, v...)
		}
	}
	return b
}

// renderWHATWG appends the value of the getter for the URL u parsed from
// input to b.
func (g *getter) renderWHATWG(b []byte, u *whatwg.URL, input string) []byte {
	for i, p := range g.parts {
		switch {
		case i%2 == 0:
			b = append(b, p...)
		case p == "href":
			b = u.AppendTo(b)
		case p == "input":
			b = append(b, input...)
		default:
			v, _ := report.WHATWGField(u, p)
			b = append(b, v...)
		}
	}
	return b
}

func contains(names []string) func(string) bool {
	return func(n string) bool {
		for _, m := range names {
			if m == n {
				return true
			}
		}
		return n == "input"
	}
}

func newParseCmd() *cobra.Command {
	var (
		opts    recordOptions
		lenient bool
		useWHAT bool
		long    bool
		base    string
		get     string
	)
	cmd := &cobra.Command{
		Use:   "parse [--lenient] [--whatwg [--base URL]] [--get FIELD|TEMPLATE | --long | --json] [URI ...]",
		Short: "Parse URI references (RFC 3986, or the WHATWG URL Standard with --whatwg)",
		Long: `Parse each record as an RFC 3986 URI-reference and show its components.

Strict by default: the first violation of the grammar fails the record, with
its byte offset, component and code. --lenient accepts what real URLs contain
and lists every deviation as a finding.

--whatwg parses as browsers do (the WHATWG URL Standard), optionally against
--base, and shows the values of JavaScript's URL getters, with the spec's
validation errors as findings.

Output is one line per record: the input, then a tab and name=value for
each component, then, when there are findings, a tab and "findings: " with
each as "code @offset (component): message" joined with "; ". The
components are
  RFC 3986: ` + strings.Join(report.RFCFieldNames(), ", ") + `
            (an absent one is left out, an empty one is "name=");
  WHATWG:   ` + strings.Join(report.WHATWGRecordFields()[:6], ", ") + `,
            ` + strings.Join(report.WHATWGRecordFields()[6:], ", ") + `
            (the empty ones are left out).
The input and each value are quoted in Go syntax when they hold a tab,
control, invisible or invalid bytes, or start with a quote. A failing
record is an empty line, and its error goes to standard error.

--long writes each record as a block instead: the input, then one line
per component and per finding. --json writes the record object (see
"urikit --help"). --get prints one field per record, or a template such as
'{scheme}://{host}{path}': the fields are input and
  RFC 3986: ` + strings.Join(report.RFCFieldNames(), ", ") + `;
  WHATWG:   ` + strings.Join(report.WHATWGFieldNames()[:7], ", ") + `,
            ` + strings.Join(report.WHATWGFieldNames()[7:], ", ") + `.
In RFC 3986 mode host is the host name alone (the port is its own field);
with --whatwg, as in JavaScript, host is host:port and hostname the name.
--get, --long and --json exclude each other.`,
		Example: `  urikit parse 'http://user@example.com:8080/a/b?q=1#top'
  urikit parse --json 'mailto:a@b.c'
  urikit parse --long --lenient 'http://a b/%zz'
  urikit parse --whatwg --base 'https://example.com/dir/' '../x?y#z'
  urikit parse --whatwg --get href < urls.txt`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if countTrue(get != "", long, opts.json) > 1 {
				return errors.New("give one of --get, --long and --json")
			}
			if useWHAT {
				return parseWHATWG(cmd, args, opts, base, get, long)
			}
			if base != "" {
				return errors.New("--base needs --whatwg (use 'urikit resolve' for RFC 3986)")
			}
			g, err := newGetter(get, report.RFCFieldNames(), false)
			if err != nil {
				return err
			}
			return processRecordsFast(cmd, args, opts, func() (recordFunc, appendFunc) {
				var buf []byte
				var line appendFunc
				if g == nil && !long {
					line = bigLine(func(s string) report.Record { return report.ParseRFC(s, lenient) }, false)
				}
				return func(in []byte) outcome {
					// Neither rec nor the outcome outlives the record:
					// its output or JSON object is written first.
					s := transient(in)
					var o outcome
					rec := report.ParseRFC(s, lenient)
					if rec.Error != nil {
						o.Err, o.Detail = rec.Error, caret(s, rec.Error.Offset)
					}
					switch {
					case opts.json:
						o.Record = &rec
					case g != nil:
						buf = g.render(reuse(buf, len(in)+64), rec.Field)
						o.Output = buf
					case long:
						buf = appendLong(reuse(buf, 2*len(in)+256), rec, false)
						o.Output = buf
					default:
						buf = appendLine(reuse(buf, 2*len(in)+64), rec, false)
						o.Output = buf
					}
					return o
				}, line
			})
		},
	}
	opts.register(cmd)
	cmd.Flags().BoolVar(&lenient, "lenient", false, "accept what real URLs contain and list each deviation")
	cmd.Flags().BoolVar(&useWHAT, "whatwg", false, "parse with the WHATWG URL Standard, as browsers do")
	cmd.Flags().StringVar(&base, "base", "", "base `URL` for --whatwg")
	cmd.Flags().StringVar(&get, "get", "", "print only this `FIELD` or {field} template")
	cmd.Flags().BoolVar(&long, "long", false, "write each record as a block of lines: the input, each component, each finding")
	return cmd
}

// countTrue returns how many of bs are true.
func countTrue(bs ...bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

// needsQuote reports whether s, shown as it is, could be misread: it holds
// a character that is not printable (tab, control, invisible) or bytes
// that are not UTF-8, or it starts with a quote.
func needsQuote(s string) bool {
	if strings.HasPrefix(s, `"`) {
		return true
	}
	for _, r := range s {
		if r == utf8.RuneError || !strconv.IsPrint(r) {
			return true
		}
	}
	return false
}

// appendShown appends s as it is, or quoted in Go syntax when needsQuote
// (in room for twice s, which a quote rarely passes).
func appendShown(b []byte, s string) []byte {
	if needsQuote(s) {
		return strconv.AppendQuote(room(b, 2*len(s)+2), s)
	}
	return append(b, s...)
}

// bigLine returns the fast form of a plain parse, for long records only
// (bigRecord): the line of the record parse makes, written straight into
// the batch's output in room of its size; the other records, and those
// that fail, take the record function.
func bigLine(parse func(s string) report.Record, skipEmpty bool) appendFunc {
	return func(dst, in []byte) ([]byte, bool) {
		if len(in) < bigRecord {
			return dst, false
		}
		rec := parse(transient(in))
		if rec.Error != nil {
			return dst, false
		}
		return appendLine(room(dst, lineSize(rec, skipEmpty)+1), rec, skipEmpty), true
	}
}

// lineSize returns the room appendLine takes for rec: its size, when
// nothing is quoted (appendShown makes room for what it quotes).
func lineSize(rec report.Record, skipEmpty bool) int {
	n := len(rec.Input)
	for _, f := range rec.Fields {
		v := f.Value()
		if f.IsNull() || skipEmpty && v == "" {
			continue
		}
		n += len(f.Name()) + len(v) + 8
	}
	for _, e := range rec.Findings {
		n += len(e.Component) + len(e.Message) + len(e.Code) + 48
	}
	return n
}

// appendLine appends the one-line text of a parse to b: the input, then a
// tab and name=value for each field that is not null (and, with
// skipEmpty, not empty), then a tab and the findings.
func appendLine(b []byte, rec report.Record, skipEmpty bool) []byte {
	b = appendShown(b, rec.Input)
	for _, f := range rec.Fields {
		v := f.Value()
		if f.IsNull() || skipEmpty && v == "" {
			continue
		}
		b = room(b, len(f.Name())+len(v)+8)
		b = append(b, '\t')
		b = append(b, f.Name()...)
		b = append(b, '=')
		b = appendShown(b, v)
	}
	for i, e := range rec.Findings {
		b = room(b, len(e.Component)+len(e.Message)+len(e.Code)+48)
		if i == 0 {
			b = append(b, "\tfindings: "...)
		} else {
			b = append(b, "; "...)
		}
		b = append(b, e.Code...)
		b = append(b, " @"...)
		b = strconv.AppendInt(b, int64(e.Offset), 10)
		if e.Component != "" {
			b = append(b, " ("...)
			b = append(b, e.Component...)
			b = append(b, ')')
		}
		b = append(b, ": "...)
		b = append(b, e.Message...)
		b = appendTimes(b, e.Count)
	}
	return b
}

// appendTimes appends " (N times)" for a finding merged from N > 1
// occurrences.
func appendTimes(b []byte, count int) []byte {
	if count > 1 {
		b = append(b, " ("...)
		b = strconv.AppendInt(b, int64(count), 10)
		b = append(b, " times)"...)
	}
	return b
}

// appendLabel appends name, a colon and spaces up to column 11.
func appendLabel(b []byte, name string) []byte {
	b = append(b, name...)
	b = append(b, ':')
	for i := len(name) + 1; i < 11; i++ {
		b = append(b, ' ')
	}
	return b
}

// appendLong appends the --long text of a parse to b, without a final
// newline: the input, then a line per field (its value quoted in Go
// syntax, "(absent)" for null; with skipEmpty the empty ones left out),
// then a line per finding.
func appendLong(b []byte, rec report.Record, skipEmpty bool) []byte {
	b = append(b, rec.Input...)
	for _, f := range rec.Fields {
		v := f.Value()
		if skipEmpty && v == "" && !f.IsNull() {
			continue
		}
		b = room(b, len(f.Name())+2*len(v)+16)
		b = append(b, '\n')
		b = appendLabel(b, f.Name())
		if f.IsNull() {
			b = append(b, "(absent)"...)
			continue
		}
		b = strconv.AppendQuote(b, v)
	}
	for _, e := range rec.Findings {
		b = room(b, len(e.Component)+len(e.Message)+len(e.Code)+48)
		b = append(b, '\n')
		b = appendLabel(b, "finding")
		b = append(b, "offset "...)
		b = strconv.AppendInt(b, int64(e.Offset), 10)
		b = append(b, ": "...)
		if e.Component != "" {
			b = append(b, e.Component...)
			b = append(b, ": "...)
		}
		b = append(b, e.Message...)
		b = append(b, " ("...)
		b = append(b, e.Code...)
		b = append(b, ')')
		b = appendTimes(b, e.Count)
	}
	return b
}

func parseWHATWG(cmd *cobra.Command, args []string, opts recordOptions, baseText, get string, long bool) error {
	var base *whatwg.URL
	if baseText != "" {
		b, err := whatwg.Parse(baseText)
		if err != nil {
			return fmt.Errorf("--base: %v", err)
		}
		base = &b
	}
	g, err := newGetter(get, report.WHATWGFieldNames(), true)
	if err != nil {
		return err
	}
	return processRecordsFast(cmd, args, opts, func() (recordFunc, appendFunc) {
		var buf []byte
		// One URL per worker, reused: ParseInto allocates nothing for an
		// input in serialized form.
		var u whatwg.URL
		var baseURL whatwg.URL // the zero URL is no base
		if base != nil {
			baseURL = *base
		}
		// --get needs no validation errors (--json is not given with it).
		fast := g != nil
		var appendRecord appendFunc
		if !fast && !long {
			appendRecord = bigLine(func(s string) report.Record {
				rec, _ := report.ParseWHATWG(s, base)
				return rec
			}, true)
		}
		if fast {
			hrefOnly := len(g.parts) == 3 && g.parts[0] == "" && g.parts[1] == "href" && g.parts[2] == ""
			appendRecord = func(dst, in []byte) ([]byte, bool) {
				s := transient(in)
				if err := baseURL.ParseInto(&u, s); err != nil {
					return dst, false
				}
				if hrefOnly {
					return u.AppendTo(room(dst, len(in)+64)), true
				}
				return g.renderWHATWG(room(dst, len(in)+64), &u, s), true
			}
		}
		return func(in []byte) outcome {
			if fast {
				// Neither u nor s outlives this call.
				s := transient(in)
				if err := baseURL.ParseInto(&u, s); err != nil {
					return whatwgFailure(s, err)
				}
				buf = g.renderWHATWG(reuse(buf, len(in)+64), &u, s)
				return outcome{Output: buf}
			}
			s := transient(in) // nothing of the record outlives this call
			rec, _ := report.ParseWHATWG(s, base)
			var o outcome
			if rec.Error != nil {
				o.Err, o.Detail = rec.Error, caret(s, rec.Error.Offset)
			}
			switch {
			case opts.json:
				o.Record = &rec
			case long:
				buf = appendLong(reuse(buf, 2*len(in)+512), rec, false)
				o.Output = buf
			default:
				buf = appendLine(reuse(buf, 2*len(in)+256), rec, true)
				o.Output = buf
			}
			return o
		}, appendRecord
	})
}

// whatwgFailure is the outcome of a record that is not a URL.
func whatwgFailure(s string, err error) outcome {
	e := report.FailureError(err)
	return outcome{Err: e, Detail: caret(s, e.Offset)}
}
