package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/uri"
	"github.com/urikit/urikit/whatwg"
)

// rfcRecord is the --json object of "urikit parse": raw (still encoded)
// components, null when absent.
type rfcRecord struct {
	Input    string        `json:"input"`
	Valid    bool          `json:"valid"`
	Scheme   *string       `json:"scheme"`
	Userinfo *string       `json:"userinfo"`
	Host     *string       `json:"host"`
	HostType *string       `json:"host_type"`
	Port     *string       `json:"port"`
	Path     string        `json:"path"`
	Query    *string       `json:"query"`
	Fragment *string       `json:"fragment"`
	Errors   []recordError `json:"errors"`
}

func newRFCRecord(in string, r uri.Reference) rfcRecord {
	rec := rfcRecord{Input: in, Path: r.Path(), Errors: []recordError{}}
	rec.Scheme = optional(r.Scheme())
	rec.Userinfo = optional(r.Userinfo())
	rec.Host = optional(r.Host())
	if rec.Host != nil {
		rec.HostType = optional(r.HostType().String(), true)
	}
	rec.Port = optional(r.Port())
	rec.Query = optional(r.Query())
	rec.Fragment = optional(r.Fragment())
	return rec
}

// rfcFields are the --get field names of RFC 3986 mode.
func (rec rfcRecord) field(name string) (string, bool) {
	deref := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	switch name {
	case "scheme":
		return deref(rec.Scheme), true
	case "userinfo":
		return deref(rec.Userinfo), true
	case "host":
		return deref(rec.Host), true
	case "host_type":
		return deref(rec.HostType), true
	case "port":
		return deref(rec.Port), true
	case "path":
		return rec.Path, true
	case "query":
		return deref(rec.Query), true
	case "fragment":
		return deref(rec.Fragment), true
	case "input", "href":
		return rec.Input, true
	}
	return "", false
}

// whatwgRecord is the --json object of "urikit parse --whatwg": the values
// JavaScript's URL getters return.
type whatwgRecord struct {
	Input    string            `json:"input"`
	Base     *string           `json:"base"`
	Failure  bool              `json:"failure,omitempty"`
	Href     *string           `json:"href,omitempty"`
	Protocol *string           `json:"protocol,omitempty"`
	Username *string           `json:"username,omitempty"`
	Password *string           `json:"password,omitempty"`
	Host     *string           `json:"host,omitempty"`
	Hostname *string           `json:"hostname,omitempty"`
	Port     *string           `json:"port,omitempty"`
	Pathname *string           `json:"pathname,omitempty"`
	Search   *string           `json:"search,omitempty"`
	Hash     *string           `json:"hash,omitempty"`
	Origin   *string           `json:"origin,omitempty"`
	Errors   []whatwgErrorJSON `json:"errors"`
}

type whatwgErrorJSON struct {
	Code   string `json:"code"`
	Offset int    `json:"offset"`
}

// whatwgField returns the getter named name of u.
func whatwgField(u *whatwg.URL, name string) (string, bool) {
	switch name {
	case "href":
		return u.Href(), true
	case "protocol":
		return u.Protocol(), true
	case "scheme":
		return u.Scheme(), true
	case "username":
		return u.Username(), true
	case "password":
		return u.Password(), true
	case "host":
		return u.Host(), true
	case "hostname":
		return u.Hostname(), true
	case "port":
		return u.Port(), true
	case "pathname", "path":
		return u.Pathname(), true
	case "search":
		return u.Search(), true
	case "query":
		q, _ := u.Query()
		return q, true
	case "hash":
		return u.Hash(), true
	case "fragment":
		f, _ := u.Fragment()
		return f, true
	case "origin":
		return u.Origin(), true
	}
	return "", false
}

// rfcFieldNames and whatwgFieldNames list the --get fields of each mode.
func rfcFieldNames() []string {
	return []string{"scheme", "userinfo", "host", "host_type", "port", "path", "query", "fragment"}
}

func whatwgFieldNames() []string {
	return []string{"href", "protocol", "scheme", "username", "password", "host", "hostname", "port", "pathname", "search", "query", "hash", "fragment", "origin"}
}

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
			v, _ := whatwgField(u, p)
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

--get prints one field per record (RFC 3986: ` + strings.Join(rfcFieldNames(), ", ") + `;
WHATWG: ` + strings.Join(whatwgFieldNames(), ", ") + `), or a template such as
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
			g, err := newGetter(get, contains(rfcFieldNames()))
			if err != nil {
				return err
			}
			return processRecords(cmd, args, opts, func() recordFunc {
				var buf []byte
				return func(in []byte) outcome {
					s := string(in)
					var o outcome
					var rec rfcRecord
					if lenient {
						r, findings := uri.ParseLenient(s)
						rec = newRFCRecord(s, r)
						for _, f := range findings {
							rec.Errors = append(rec.Errors, recordError{Offset: f.Offset, Component: string(f.Component), Code: string(f.Code), Message: f.Message()})
						}
						rec.Valid = len(findings) == 0
					} else if r, err := uri.Parse(s); err != nil {
						lr, _ := uri.ParseLenient(s)
						rec = newRFCRecord(s, lr)
						o.Err = uriError(err)
						o.Detail = caret(s, o.Err.Offset)
						rec.Errors = append(rec.Errors, *o.Err)
					} else {
						rec = newRFCRecord(s, r)
						rec.Valid = true
					}
					switch {
					case opts.json:
						o.JSON = rec
					case g != nil:
						buf = g.render(buf[:0], rec.field)
						o.Output = buf
					default:
						o.Output = rfcText(rec)
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

// rfcText is the human-readable breakdown of a parse.
func rfcText(rec rfcRecord) []byte {
	var b strings.Builder
	line := func(name string, v *string, extra string) {
		if v == nil {
			fmt.Fprintf(&b, "%-9s (absent)\n", name+":")
			return
		}
		fmt.Fprintf(&b, "%-9s %q%s\n", name+":", *v, extra)
	}
	b.WriteString(rec.Input + "\n")
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
		fmt.Fprintf(&b, "finding:  offset %d: %s: %s (%s)\n", e.Offset, e.Component, e.Message, e.Code)
	}
	return []byte(strings.TrimSuffix(b.String(), "\n"))
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
	g, err := newGetter(get, contains(whatwgFieldNames()))
	if err != nil {
		return err
	}
	return processRecords(cmd, args, opts, func() recordFunc {
		var buf []byte
		// Without --json, --get needs no validation errors.
		fast := g != nil && !opts.json
		return func(in []byte) outcome {
			if fast {
				// Neither u nor s outlives this call.
				s := transient(in)
				u, err := whatwg.Parse(s, base)
				if err != nil {
					return whatwgFailure(s, err)
				}
				buf = g.renderWHATWG(buf[:0], u, s)
				return outcome{Output: buf}
			}
			s := string(in)
			u, verrs, err := whatwg.ParseWithErrors(s, base)
			rec := whatwgRecord{Input: s, Base: basePtr, Errors: []whatwgErrorJSON{}}
			for _, v := range verrs {
				rec.Errors = append(rec.Errors, whatwgErrorJSON{Code: v.Code, Offset: v.Offset})
			}
			if err != nil {
				rec.Failure = true
				o := whatwgFailure(s, err)
				o.JSON = rec
				return o
			}
			var o outcome
			str := func(name string) *string { v, _ := whatwgField(u, name); return &v }
			rec.Href, rec.Protocol, rec.Username, rec.Password = str("href"), str("protocol"), str("username"), str("password")
			rec.Host, rec.Hostname, rec.Port, rec.Pathname = str("host"), str("hostname"), str("port"), str("pathname")
			rec.Search, rec.Hash, rec.Origin = str("search"), str("hash"), str("origin")
			switch {
			case opts.json:
				o.JSON = rec
			case g != nil:
				buf = g.renderWHATWG(buf[:0], u, s)
				o.Output = buf
			default:
				var b strings.Builder
				b.WriteString(s + "\n")
				for _, name := range []string{"href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash", "origin"} {
					v, _ := whatwgField(u, name)
					fmt.Fprintf(&b, "%-9s %q\n", name+":", v)
				}
				for _, v := range verrs {
					fmt.Fprintf(&b, "validation error: %s\n", v)
				}
				o.Output = []byte(strings.TrimSuffix(b.String(), "\n"))
			}
			return o
		}
	})
}

// whatwgFailure is the outcome of a record that is not a URL.
func whatwgFailure(s string, err error) outcome {
	var o outcome
	var we *whatwg.Error
	o.Err = &recordError{Code: "failure", Message: err.Error()}
	if errors.As(err, &we) {
		o.Err = &recordError{Offset: we.Offset, Code: we.Code, Message: "not a URL: " + we.Code}
	}
	o.Detail = caret(s, o.Err.Offset)
	return o
}
