package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/whatwg"
)

// getter is a compiled --get value: one field name, or a template such as
// "{scheme}://{host}{path}".
type getter struct {
	parts []string // literal text at even indexes, field names at odd
}

func newGetter(spec string, lookup func(string) bool) (*getter, error) {
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
			return nil, fmt.Errorf("--get: unknown field %q", name)
		}
		g.parts = append(g.parts, spec[:i], name)
		spec = spec[i+j+1:]
	}
	return &g, nil
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
		base    string
		get     string
	)
	cmd := &cobra.Command{
		Use:   "parse [--lenient] [--whatwg [--base URL]] [--get FIELD|TEMPLATE] [--json] [URI ...]",
		Short: "Parse URI references (RFC 3986, or the WHATWG URL Standard with --whatwg)",
		Long: `Parse each record as an RFC 3986 URI-reference and show its components.

Strict by default: the first violation of the grammar fails the record, with
its byte offset, component and code. --lenient accepts what real URLs contain
and lists every deviation under "errors".

--whatwg parses as browsers do (the WHATWG URL Standard), optionally against
--base, and shows the values of JavaScript's URL getters, with the spec's
validation errors.

--get prints one field per record (RFC 3986: ` + strings.Join(report.RFCFieldNames(), ", ") + `;
WHATWG: ` + strings.Join(report.WHATWGFieldNames(), ", ") + `), or a template such as
'{scheme}://{host}{path}'.`,
		Example: `  urikit parse 'http://user@example.com:8080/a/b?q=1#top'
  urikit parse --json 'mailto:a@b.c'
  urikit parse --whatwg --base 'https://example.com/dir/' '../x?y#z'
  urikit parse --whatwg --get href < urls.txt`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if useWHAT {
				return parseWHATWG(cmd, args, opts, base, get)
			}
			if base != "" {
				return errors.New("--base needs --whatwg (use 'urikit resolve' for RFC 3986)")
			}
			g, err := newGetter(get, contains(report.RFCFieldNames()))
			if err != nil {
				return err
			}
			return processRecords(cmd, args, opts, func() recordFunc {
				var buf []byte
				return func(in []byte) outcome {
					// Neither rec nor the outcome outlives the record:
					// its output or JSON object is written first.
					s := transient(in)
					var o outcome
					rec, e := report.ParseRFC(s, lenient)
					if e != nil {
						o.Err, o.Detail = e, caret(s, e.Offset)
					}
					switch {
					case opts.json:
						o.JSON = rec
					case g != nil:
						buf = g.render(reuse(buf, len(in)+64), rec.Field)
						o.Output = buf
					default:
						buf = appendRFCText(reuse(buf, 2*len(in)+256), rec)
						o.Output = buf
					}
					return o
				}
			})
		},
	}
	opts.register(cmd)
	cmd.Flags().BoolVar(&lenient, "lenient", false, "accept what real URLs contain and list each deviation")
	cmd.Flags().BoolVar(&useWHAT, "whatwg", false, "parse with the WHATWG URL Standard, as browsers do")
	cmd.Flags().StringVar(&base, "base", "", "base `URL` for --whatwg")
	cmd.Flags().StringVar(&get, "get", "", "print only this `FIELD` or {field} template")
	return cmd
}

// appendLabel appends name, a colon and spaces up to column 10.
func appendLabel(b []byte, name string) []byte {
	b = append(b, name...)
	b = append(b, ':')
	for i := len(name) + 1; i < 10; i++ {
		b = append(b, ' ')
	}
	return b
}

// appendRFCText appends the human-readable breakdown of a parse to b,
// without a final newline.
func appendRFCText(b []byte, rec report.RFC) []byte {
	line := func(name string, v *string, extra string) {
		if v != nil {
			b = room(b, 2*len(*v)+len(extra)+16)
		}
		b = append(b, '\n')
		b = appendLabel(b, name)
		if v == nil {
			b = append(b, "(absent)"...)
			return
		}
		b = strconv.AppendQuote(b, *v)
		b = append(b, extra...)
	}
	b = append(b, rec.Input...)
	line("scheme", rec.Scheme, "")
	line("userinfo", rec.Userinfo, "")
	ht := ""
	if rec.HostType != nil {
		ht = " (" + *rec.HostType + ")"
	}
	line("host", rec.Host, ht)
	line("port", rec.Port, "")
	line("path", &rec.Path, "")
	line("query", rec.Query, "")
	line("fragment", rec.Fragment, "")
	for _, e := range rec.Errors {
		b = room(b, len(e.Component)+len(e.Message)+len(e.Code)+48)
		b = append(b, "\nfinding:  offset "...)
		b = strconv.AppendInt(b, int64(e.Offset), 10)
		b = append(b, ": "...)
		b = append(b, e.Component...)
		b = append(b, ": "...)
		b = append(b, e.Message...)
		b = append(b, " ("...)
		b = append(b, e.Code...)
		b = append(b, ')')
		if e.Count > 1 {
			b = append(b, " ("...)
			b = strconv.AppendInt(b, int64(e.Count), 10)
			b = append(b, " times)"...)
		}
	}
	return b
}

func parseWHATWG(cmd *cobra.Command, args []string, opts recordOptions, baseText, get string) error {
	var base *whatwg.URL
	var basePtr *string
	if baseText != "" {
		b, err := whatwg.Parse(baseText, nil)
		if err != nil {
			return fmt.Errorf("--base: %v", err)
		}
		base, basePtr = b, &baseText
	}
	g, err := newGetter(get, contains(report.WHATWGFieldNames()))
	if err != nil {
		return err
	}
	return processRecordsFast(cmd, args, opts, func() (recordFunc, appendFunc) {
		var buf []byte
		// One URL per worker, reused: ParseInto allocates nothing for an
		// input in serialized form.
		var u whatwg.URL
		// Without --json, --get needs no validation errors.
		fast := g != nil && !opts.json
		var appendRecord appendFunc
		if fast {
			hrefOnly := len(g.parts) == 3 && g.parts[0] == "" && g.parts[1] == "href" && g.parts[2] == ""
			appendRecord = func(dst, in []byte) ([]byte, bool) {
				s := transient(in)
				if err := whatwg.ParseInto(&u, s, base); err != nil {
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
				if err := whatwg.ParseInto(&u, s, base); err != nil {
					return whatwgFailure(s, err)
				}
				buf = g.renderWHATWG(reuse(buf, len(in)+64), &u, s)
				return outcome{Output: buf}
			}
			s := transient(in) // nothing of the record outlives this call
			rec, u, e := report.ParseWHATWG(s, base, basePtr)
			if e != nil {
				return outcome{Err: e, Detail: caret(s, e.Offset), JSON: rec}
			}
			var o outcome
			switch {
			case opts.json:
				o.JSON = rec
			case g != nil:
				buf = g.renderWHATWG(reuse(buf, len(in)+64), u, s)
				o.Output = buf
			default:
				b := append(reuse(buf, 2*len(in)+512), s...)
				for _, name := range []string{"href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash", "origin"} {
					v, _ := report.WHATWGField(u, name)
					b = room(b, 2*len(v)+16)
					b = append(b, '\n')
					b = strconv.AppendQuote(appendLabel(b, name), v)
				}
				for _, v := range rec.Errors {
					b = room(b, len(v.Code)+48)
					b = append(b, "\nvalidation error: "...)
					b = append(b, v.Code...)
					b = append(b, " at offset "...)
					b = strconv.AppendInt(b, int64(v.Offset), 10)
				}
				buf = b
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
