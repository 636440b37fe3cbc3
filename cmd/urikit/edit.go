package main

import (
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/form"
	"github.com/urikit/urikit/idna"
	"github.com/urikit/urikit/internal/hexdigit"
	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/percent"
)

// editLong is the long help of edit.
func editLong() string {
	return `Edit each URL component by component, as trurl does, with urikit's
exactness: set, clear and append components, edit the path segment by
segment and the query pair by pair, follow a redirect. Every pair and
segment the edit does not touch is kept byte for byte.

Modes: --whatwg (the default) edits WHATWG URLs, as browsers parse them;
--rfc3986 edits RFC 3986 references. Components are named as in
"urikit parse --get":
  WHATWG:   protocol (or scheme), username (user), password, host (host
            and port), hostname, port, pathname (path), search (query),
            hash (fragment);
  RFC 3986: scheme, userinfo, host, port, authority, path, query,
            fragment.

Operations, applied in this order:
  --guess-scheme       add "http://" to an input without a scheme
                       ("ftp://" for "ftp.…", likewise dict, ldap, imap,
                       smtp and pop3)
  --redirect REF       resolve REF against the URL, as a browser follows a
                       Location header
  --iterate 'C=V1 V2'  one output per combination of the values of every
                       --iterate (the last varies fastest), each an output
                       record of its own
  --set C=VALUE        set C to VALUE given decoded: it is percent-encoded
                       with the component's set ("a b" becomes "a%20b",
                       "%" becomes "%25"); an empty VALUE removes C
  --set C:=VALUE       set C to VALUE already encoded: it is kept as it is,
                       and refused when it holds a byte C must encode or a
                       "%" that starts no escape
  --set C?=VALUE       set C only when it is absent or empty
  --append path=SEG    add a segment to the path; "/" in SEG is encoded
                       ("%2F"), never splitting it; a path ending with "/"
                       has its empty last segment replaced
  --append query=K=V   add the pair K=V at the end of the query
  --replace query=K=V  give the first pair named K the value V (a finding
                       when there is none)
  --delete query=GLOB  delete the pairs whose decoded name matches GLOB
                       ("*" any run, "?" one character, "\" quotes)
  --delete C           remove the component C
  --keep query=GLOB    keep only the pairs that match one of the --keep
                       globs
  --trim               delete the tracking parameters (no finding when
                       there are none):
` + indentLines(wrapWords(strings.Join(report.TrackingGlobs(), " "), 49), 23) + `
  --sort-query         sort the pairs by decoded name (stable)
  --no-port            remove the port
  --default-port       write the scheme's default port (--rfc3986 only)
  --punycode           write the host in ASCII (A-labels: a WHATWG host
                       always is); --as-idn writes it in Unicode, for display

A --delete, --keep or --replace that matches nothing in a record is a
finding: under --json in the record's "findings", else counted in one
warning line on standard error at the end.

Building a URL from parts: an empty record ('') starts from nothing: the
first --set of the scheme (default http) and of the host make the start,
then every operation applies. With no records, no -f and standard input a
terminal, one empty record is edited.

Output: the edited URL, or with --get a field or a template such as
'{scheme}://{host}{path}'. The fields are input, href and those of
"urikit parse --get" in the mode, raw (as in the URL) by default, and:
  {decoded:FIELD}      the field percent-decoded (kept raw when the result
                       is not printable UTF-8); {raw:FIELD} the field as is
  {query:NAME}         the first value of the query pair NAME, decoded
  {query-all:NAME}     all its values, decoded, separated by spaces
  {default:port}       the port, or the scheme's default port
  {puny:host}, {idn:host}  the host in ASCII or in Unicode
--json writes the record object with "href" and the components (the
fields of "urikit parse --json" in the mode), or "hrefs" with every
output when --iterate is given.

Where urikit differs from trurl: hex digits of escapes it writes are
uppercase ("%2F"), and escapes already in the URL keep their case; an
empty path of a non-special scheme stays empty (no "/" is added); decoded
values (--get {decoded:…}, {query:…}) never write raw bytes: text that does
not decode to printable UTF-8 is written encoded; edits are checked, and a
value the component refuses fails the record instead of being dropped.`
}

func newEditCmd() *cobra.Command {
	var (
		opts      recordOptions
		eo        report.EditOptions
		useWHATWG bool
		get       string
	)
	cmd := &cobra.Command{
		Use: "edit [--whatwg|--rfc3986] [--set C=V|C:=V|C?=V]... [--append path=SEG|query=K=V]... " +
			"[--delete query=GLOB|C]... [--keep query=GLOB]... [--replace query=K=V]... [--trim] [--sort-query] " +
			"[--redirect REF] [--default-port|--no-port] [--punycode|--as-idn] [--guess-scheme] " +
			"[--iterate 'C=V1 V2 ...']... [--get TEMPLATE | --json] [URL ...]",
		Short: "Edit URLs: set, clear and append components, query pairs and path segments",
		Long:  editLong(),
		Example: `  urikit edit --trim -f links.txt                        # strip utm_*, fbclid, ...
  urikit edit --set host=staging.example.com --set scheme=http 'https://example.com/a?b'
  urikit edit --get '{query:id}' 'https://shop.example/item?id=42&ref=x'    # 42
  urikit edit --set host=example.com --set path=/a --append query=q=1 ''    # http://example.com/a?q=1
  urikit edit --redirect ../b 'https://example.com/x/y/z'                    # https://example.com/x/b
  urikit edit --iterate 'scheme=http https' --iterate 'port=80 8080' example.com --guess-scheme`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if useWHATWG && eo.RFC3986 {
				return errors.New("give one of --whatwg and --rfc3986")
			}
			if get != "" && opts.json {
				return errors.New("give one of --get and --json")
			}
			ed, err := report.NewEditor(eo)
			if err != nil {
				return err
			}
			tmpl, err := newEditTemplate(get, eo.RFC3986)
			if err != nil {
				return err
			}
			if len(args) == 0 && len(opts.files) == 0 {
				if f, ok := cmd.InOrStdin().(*os.File); ok && isTerminal(f) {
					args = []string{""}
				}
			}
			// An empty record is the URL to build from nothing.
			opts.allowEmpty = len(eo.Set) > 0 || len(eo.Iterate) > 0
			warn := &editWarnings{}
			// The outputs of one record's combinations are records of
			// their own in the output: they are separated by the
			// delimiter. Each worker counts its findings, summed at the
			// end.
			err = processRecords(cmd, args, opts, func() recordFunc {
				var buf []byte
				var findings []report.Error // reused
				counts := warn.worker()
				return func(in []byte) outcome {
					s := transient(in)
					if opts.json {
						rec := ed.EditRecord(s)
						o := outcome{Record: &rec, Err: rec.Error}
						if rec.Error != nil && !editFailed(rec.Error) {
							o.Detail = caret(s, rec.Error.Offset)
						}
						return o
					}
					var e *report.Error
					buf = reuse(buf, len(in)+64)
					if tmpl == nil {
						buf, findings, e = ed.AppendEdit(buf, findings[:0], s, opts.delim())
					} else {
						var res []report.Edited
						res, findings, e = ed.Edit(s)
						for i, r := range res {
							if i > 0 {
								buf = append(buf, opts.delim())
							}
							buf = tmpl.render(buf, s, r)
						}
					}
					if e != nil {
						o := outcome{Err: e}
						if !editFailed(e) {
							o.Detail = caret(s, e.Offset)
						}
						return o
					}
					counts.add(findings)
					return outcome{Output: buf}
				}
			})
			warn.write(cmd)
			return err
		},
	}
	opts.register(cmd)
	f := cmd.Flags()
	f.BoolVar(&useWHATWG, "whatwg", false, "edit WHATWG URLs (the default)")
	f.BoolVar(&eo.RFC3986, "rfc3986", false, "edit RFC 3986 references")
	f.StringArrayVar(&eo.Set, "set", nil, "set a component: `C=VALUE` (decoded), C:=VALUE (encoded), C?=VALUE (when absent)")
	f.StringArrayVar(&eo.Append, "append", nil, "append `path=SEG or query=K=V`")
	f.StringArrayVar(&eo.Delete, "delete", nil, "delete query pairs by name `query=GLOB`, or a component C")
	f.StringArrayVar(&eo.Keep, "keep", nil, "keep only the query pairs matching `query=GLOB`")
	f.StringArrayVar(&eo.Replace, "replace", nil, "replace the value of the first pair: `query=K=V`")
	f.StringArrayVar(&eo.Iterate, "iterate", nil, "one output per value: `C='V1 V2 ...'`")
	f.BoolVar(&eo.SortQuery, "sort-query", false, "sort the query pairs by name")
	f.BoolVar(&eo.Trim, "trim", false, "delete the tracking parameters (utm_*, fbclid, gclid, ...)")
	f.StringVar(&eo.Redirect, "redirect", "", "resolve `REF` against each URL")
	f.BoolVar(&eo.DefaultPort, "default-port", false, "write the scheme's default port (--rfc3986)")
	f.BoolVar(&eo.NoPort, "no-port", false, "remove the port")
	f.BoolVar(&eo.Punycode, "punycode", false, "write the host in ASCII (A-labels)")
	f.BoolVar(&eo.AsIDN, "as-idn", false, "write the host in Unicode, for display")
	f.BoolVar(&eo.GuessScheme, "guess-scheme", false, `add "http://" to inputs without a scheme`)
	f.StringVar(&get, "get", "", "print this `FIELD` or {field} template instead of the URL")
	return cmd
}

// indentLines indents every line of s by n spaces.
func indentLines(s string, n int) string {
	pad := strings.Repeat(" ", n)
	return pad + strings.ReplaceAll(s, "\n", "\n"+pad)
}

// editFailed reports whether e is the error of an operation refused,
// whose message names the option, rather than of an input that is not a
// URL: its offset is not in the input, so no caret is shown.
func editFailed(e *report.Error) bool { return strings.HasPrefix(e.Message, "--") }

// editWarnings counts the findings of the records in text mode, by
// message, for one warning line each at the end. Each worker has its own
// counts (no lock per record).
type editWarnings struct {
	mu      sync.Mutex
	workers []editCounts
}

// editCounts are one worker's counts by message: bounded, one message per
// operation.
type editCounts map[string]int

func (c editCounts) add(findings []report.Error) {
	for _, f := range findings {
		c[f.Message]++
	}
}

// worker returns the counts of a new worker.
func (w *editWarnings) worker() editCounts {
	c := editCounts{}
	w.mu.Lock()
	w.workers = append(w.workers, c)
	w.mu.Unlock()
	return c
}

func (w *editWarnings) write(cmd *cobra.Command) {
	total := map[string]int{}
	for _, c := range w.workers {
		for m, n := range c {
			total[m] += n
		}
	}
	msgs := make([]string, 0, len(total))
	for m := range total {
		msgs = append(msgs, m)
	}
	sort.Strings(msgs)
	for _, m := range msgs {
		n := total[m]
		s := "s"
		if n == 1 {
			s = ""
		}
		fmt.Fprintf(cmd.ErrOrStderr(), "urikit: warning: %s (in %d record%s)\n", m, n, s)
	}
}

// editTemplate is a compiled --get of edit.
type editTemplate struct {
	parts []editPart
	rfc   bool
}

// editPart is literal text or a field with its modifier.
type editPart struct {
	lit   string
	field string // "" for literal text
	mod   string // "", "raw", "decoded", "query", "query-all", "default", "puny", "idn"
}

func newEditTemplate(spec string, rfc bool) (*editTemplate, error) {
	if spec == "" {
		return nil, nil
	}
	if !strings.Contains(spec, "{") {
		spec = "{" + spec + "}"
	}
	names := report.WHATWGFieldNames()
	if rfc {
		names = report.RFCFieldNames()
	}
	known := func(n string) bool { return n == "href" || contains(names)(n) }
	t := &editTemplate{rfc: rfc}
	for {
		i := strings.IndexByte(spec, '{')
		if i < 0 {
			t.parts = append(t.parts, editPart{lit: spec})
			return t, nil
		}
		j := strings.IndexByte(spec[i:], '}')
		if j < 0 {
			return nil, fmt.Errorf("--get %q: unclosed {", spec)
		}
		name := spec[i+1 : i+j]
		p := editPart{field: name}
		if mod, f, ok := strings.Cut(name, ":"); ok {
			p.mod, p.field = mod, f
			switch mod {
			case "raw", "decoded":
				if !known(f) {
					return nil, fmt.Errorf("--get: unknown field %q", f)
				}
			case "query", "query-all":
				if f == "" {
					return nil, fmt.Errorf("--get {%s}: give a parameter name", name)
				}
			case "default":
				if f != "port" {
					return nil, fmt.Errorf("--get {%s}: only {default:port}", name)
				}
			case "puny", "idn":
				if f != "host" && f != "hostname" {
					return nil, fmt.Errorf("--get {%s}: only {%s:host}", name, mod)
				}
			default:
				return nil, fmt.Errorf("--get {%s}: unknown modifier %q (want raw, decoded, query, query-all, default, puny or idn)", name, mod)
			}
		} else if !known(name) {
			return nil, fmt.Errorf("--get: unknown field %q", name)
		}
		t.parts = append(t.parts, editPart{lit: spec[:i]}, p)
		spec = spec[i+j+1:]
	}
}

// field returns the raw value of a field of the result r of input in.
func (t *editTemplate) field(name, in string, r report.Edited) string {
	switch name {
	case "input":
		return in
	case "href":
		return r.Text
	}
	if t.rfc {
		v, _ := rfcField(r, name)
		return v
	}
	v, _ := report.WHATWGField(r.W, name)
	return v
}

func rfcField(r report.Edited, name string) (string, bool) {
	ref := r.R
	switch name {
	case "scheme":
		return ref.Scheme()
	case "userinfo":
		return ref.Userinfo()
	case "host":
		return ref.Host()
	case "host_type":
		if _, ok := ref.Host(); ok {
			return ref.HostType().String(), true
		}
		return "", false
	case "port":
		return ref.Port()
	case "path":
		return ref.Path(), true
	case "query":
		return ref.Query()
	case "fragment":
		return ref.Fragment()
	}
	return "", false
}

func (t *editTemplate) render(b []byte, in string, r report.Edited) []byte {
	for _, p := range t.parts {
		if p.field == "" {
			b = append(b, p.lit...)
			continue
		}
		switch p.mod {
		case "", "raw":
			b = append(b, t.field(p.field, in, r)...)
		case "decoded":
			b = append(b, shownDecoded(t.field(p.field, in, r), p.field == "query" || p.field == "search")...)
		case "query", "query-all":
			q := t.query(r)
			first := true
			for raw := range q.RawAll() {
				name, value, _ := strings.Cut(raw, "=")
				if form.Unescape(name) != p.field {
					continue
				}
				if !first {
					b = append(b, ' ')
				}
				first = false
				b = append(b, shownDecoded(value, true)...)
				if p.mod == "query" {
					break
				}
			}
		case "default":
			port := t.field("port", in, r)
			if port == "" {
				port = report.DefaultPort(t.field("scheme", in, r))
			}
			b = append(b, port...)
		case "puny", "idn":
			h := t.field("hostname", in, r)
			if t.rfc {
				h = t.field("host", in, r)
			}
			b = append(b, hostAs(h, p.mod == "idn")...)
		}
	}
	return b
}

func (t *editTemplate) query(r report.Edited) form.RawQuery {
	if t.rfc {
		return r.R.QueryParams()
	}
	return r.W.QueryParams()
}

// shownDecoded returns s with its escapes decoded ("+" as a space with
// plus), but for those whose bytes do not decode to printable UTF-8,
// which stay escaped: raw bytes and controls are never written.
func shownDecoded(s string, plus bool) string {
	if strings.IndexByte(s, '%') < 0 && (!plus || strings.IndexByte(s, '+') < 0) {
		return s
	}
	b := make([]byte, 0, len(s))
	var run []byte // the bytes of a run of escapes
	for i := 0; i < len(s); {
		start := i
		run = run[:0]
		for i+2 < len(s) && s[i] == '%' && hexdigit.Is(s[i+1]) && hexdigit.Is(s[i+2]) {
			run = append(run, hexdigit.Value(s[i+1])<<4|hexdigit.Value(s[i+2]))
			i += 3
		}
		if len(run) == 0 {
			if plus && s[i] == '+' {
				b = append(b, ' ')
			} else {
				b = append(b, s[i])
			}
			i++
			continue
		}
		// Each byte of run is 3 bytes of s from start.
		for k := 0; k < len(run); {
			r, size := utf8.DecodeRune(run[k:])
			if r == utf8.RuneError && size <= 1 || r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 {
				b = append(b, s[start+3*k:start+3*k+3]...)
				k++
				continue
			}
			b = append(b, run[k:k+size]...)
			k += size
		}
	}
	return string(b)
}

// hostAs returns the domain h in Unicode (idn) or in ASCII, or h when it
// is not a domain that converts.
func hostAs(h string, idn bool) string {
	if h == "" || strings.HasPrefix(h, "[") {
		return h
	}
	d, err := percent.Decode(h)
	if err != nil {
		return h
	}
	if idn {
		u, err := idna.DomainToUnicode(d, false)
		if err != nil {
			return h
		}
		return u
	}
	a, err := idna.DomainToASCII(d, false)
	if err != nil {
		return h
	}
	return a
}
