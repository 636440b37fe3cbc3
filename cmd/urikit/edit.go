package main

import (
	"errors"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/form"
	"github.com/urikit/urikit/idna"
	"github.com/urikit/urikit/internal/edit"
	"github.com/urikit/urikit/internal/hexdigit"
	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/percent"
	"github.com/urikit/urikit/tracking"
	"github.com/urikit/urikit/uri"
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
  --delete C           remove the component C
  --delete query=GLOB  delete the pairs whose decoded name matches GLOB
                       ("*" any run, "?" one character, "\" quotes; see
                       the case rule below)
  --keep query=GLOB    keep only the pairs that match one of the --keep
                       globs
  --trim               delete the tracking parameters (no finding when
                       there are none) by the built-in tracking rules
                       (package tracking: utm_*, fbclid, gclid, msclkid,
                       mc_eid, … and site rules such as YouTube's "si");
                       --trim-rules FILE uses a ClearURLs rule file
                       instead; the names of the list below match in any
                       ASCII case:
` + indentLines(wrapWords(strings.Join(edit.TrackingNames(), " "), 49), 23) + `
  --replace query=K=V  give the first pair named K the value V, and remove
                       the other pairs named K (a finding when there is
                       none); query=K makes it K alone, without "="
  --append path=SEG    add a segment to the path; "/" in SEG is encoded
                       ("%2F"), never splitting it; a path ending with "/"
                       has its empty last segment replaced
  --append query=K=V   add the pair K=V at the end of the query; query=K
                       adds the name K alone, without "=" (K= with "=")
  --sort-query         sort the pairs by decoded name (stable)
  --no-port            remove the port
  --default-port       write the scheme's default port (--rfc3986 only)
  --punycode           write the host in ASCII (A-labels: a WHATWG host
                       always is); --as-idn writes it in Unicode, for display

Globs match the decoded name exactly, letter case included ("id" does
not match "ID"), but for the names of the --trim list, whose case varies
from one platform to the next: a glob of that list (utm_*, fbclid, ...)
or a name one of them matches (utm_source) matches in any ASCII case,
given to --trim, --delete or --keep ("utm_*" matches "UTM_CAMPAIGN").

The order is that of this list, whatever the order of the flags: what
--delete, --keep and --trim remove is removed before --replace and
--append apply, so that a pair or segment given to --append is never
deleted ("--delete query=a --append query=a=1" replaces every "a" pair
with "a=1"). Two operations that set or remove one component (--iterate,
--set, --delete C, --no-port, --default-port; host and hostname are one
component) are a usage error: give one.

A --delete, --keep or --replace that matches nothing in a record is a
finding: under --json in the record's "findings", else counted in one
warning line on standard error at the end.

Building a URL from parts: an empty record ('') starts from nothing: the
first --set of the scheme (default http) and of the host make the start,
then every operation applies. With no records, no -f and standard input a
terminal, one empty record is edited.

Output: the edited URL, or with --get a field or a template such as
'{scheme}://{host}{path}'. The fields are input, href, those of
"urikit parse --get" in the mode and every component name above, aliases
included ({scheme}, {query} and {fragment} without their ":", "?" and
"#", as --set takes them; in WHATWG mode {protocol}, {search} and {hash}
keep them, as the getters give them), raw (as in the URL) by default, and:
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
		eo        edit.Options
		useWHATWG bool
		trimRules string
		get       string
	)
	cmd := &cobra.Command{
		Use: "edit [--whatwg|--rfc3986] [--set C=V|C:=V|C?=V]... [--append path=SEG|query=K[=V]]... " +
			"[--delete query=GLOB|C]... [--keep query=GLOB]... [--replace query=K[=V]]... [--trim] [--sort-query] " +
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
			if trimRules != "" {
				if !eo.DeleteTracking {
					return errors.New("--trim-rules needs --trim")
				}
				data, err := os.ReadFile(trimRules)
				if err != nil {
					return &ioError{err}
				}
				rules, err := tracking.New(data)
				if err != nil {
					return fmt.Errorf("--trim-rules %s: %w", trimRules, err)
				}
				eo.TrackingRules = &rules
			}
			ed, err := edit.New(eo)
			if err != nil {
				return editUsageError(err)
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
				var findings []edit.Finding // reused
				counts := warn.worker()
				return func(in []byte) outcome {
					s := transient(in)
					if opts.json {
						rec := report.EditRecord(ed, s, editFlag)
						o := outcome{Record: &rec, Err: rec.Error}
						if rec.Error != nil && !editFailed(rec.Error) {
							o.Detail = caret(s, rec.Error.Offset)
						}
						return o
					}
					var e error
					buf = reuse(buf, len(in)+64)
					if tmpl == nil {
						buf, findings, e = ed.AppendEdit(buf, findings[:0], s, opts.delim())
					} else {
						var res []edit.Result
						res, findings, e = ed.Edit(s)
						for i, r := range res {
							if i > 0 {
								buf = append(buf, opts.delim())
							}
							buf = tmpl.render(buf, s, r)
						}
					}
					if e != nil {
						re := report.EditError(e, editFlag)
						o := outcome{Err: re}
						if errors.Is(e, edit.ErrInvalidURL) {
							o.Detail = caret(s, re.Offset)
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
	f.StringArrayVar(&eo.Append, "append", nil, "append `path=SEG or query=K[=V]`")
	f.StringArrayVar(&eo.Delete, "delete", nil, "delete query pairs by name `query=GLOB`, or a component C")
	f.StringArrayVar(&eo.Keep, "keep", nil, "keep only the query pairs matching `query=GLOB`")
	f.StringArrayVar(&eo.Replace, "replace", nil, "replace the first pair named K: `query=K[=V]`")
	f.StringArrayVar(&eo.Iterate, "iterate", nil, "one output per value: `C='V1 V2 ...'`")
	f.BoolVar(&eo.SortQuery, "sort-query", false, "sort the query pairs by name")
	f.BoolVar(&eo.DeleteTracking, "trim", false, "delete the tracking parameters (utm_*, fbclid, gclid, ...)")
	f.StringVar(&trimRules, "trim-rules", "", "the tracking rules of --trim: a ClearURLs rule `FILE`")
	f.StringVar(&eo.Resolve, "redirect", "", "resolve `REF` against each URL")
	f.BoolVar(&eo.AddDefaultPort, "default-port", false, "write the scheme's default port (--rfc3986)")
	f.BoolVar(&eo.ClearPort, "no-port", false, "remove the port")
	f.BoolVar(&eo.HostToASCII, "punycode", false, "write the host in ASCII (A-labels)")
	f.BoolVar(&eo.HostToUnicode, "as-idn", false, "write the host in Unicode, for display")
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

// editFlags are the flags of the fields of edit.Options: the words of the
// messages of "urikit edit".
var editFlags = map[string]string{
	"RFC3986":        "--rfc3986",
	"GuessScheme":    "--guess-scheme",
	"Resolve":        "--redirect",
	"Set":            "--set",
	"Iterate":        "--iterate",
	"Append":         "--append",
	"Replace":        "--replace",
	"Delete":         "--delete",
	"Keep":           "--keep",
	"DeleteTracking": "--trim",
	"TrackingRules":  "--trim-rules",
	"SortQuery":      "--sort-query",
	"AddDefaultPort": "--default-port",
	"ClearPort":      "--no-port",
	"HostToASCII":    "--punycode",
	"HostToUnicode":  "--as-idn",
}

// editFlag returns the flag of the field option of edit.Options.
func editFlag(option string) string {
	if f, ok := editFlags[option]; ok {
		return f
	}
	return option
}

// editUsageError is the usage error of options edit.New refused, in the
// words of the command line.
func editUsageError(err error) error {
	var e *edit.Error
	if errors.As(err, &e) {
		return errors.New(e.Text(editFlag))
	}
	return err
}

// editWarnings counts the findings of the records in text mode, by
// message, for one warning line each at the end. Each worker has its own
// counts (no lock per record).
type editWarnings struct {
	mu      sync.Mutex
	workers []editCounts
}

// editCounts are one worker's counts by finding: bounded, one finding per
// operation.
type editCounts map[edit.Finding]int

func (c editCounts) add(findings []edit.Finding) {
	for _, f := range findings {
		c[f]++
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
		for f, n := range c {
			total[f.Text(editFlag)] += n
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
				var ok bool
				if p.field, ok = editField(rfc, f); !ok {
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
		} else {
			var ok bool
			if p.field, ok = editField(rfc, name); !ok {
				return nil, fmt.Errorf("--get: unknown field %q", name)
			}
		}
		t.parts = append(t.parts, editPart{lit: spec[:i]}, p)
		spec = spec[i+j+1:]
	}
}

// editField returns the field of --get called name in the mode: input,
// href, the fields of "urikit parse --get", and the component names
// --set takes, the aliases of --help ("user" and "path" in WHATWG mode;
// "protocol", "user", "hostname", "pathname", "search", "hash" and
// "authority" in RFC 3986 mode).
func editField(rfc bool, name string) (string, bool) {
	names := report.WHATWGFieldNames()
	if rfc {
		names = report.RFCFieldNames()
		switch name {
		case "protocol":
			return "scheme", true
		case "user":
			return "userinfo", true
		case "hostname":
			return "host", true
		case "pathname":
			return "path", true
		case "search":
			return "query", true
		case "hash":
			return "fragment", true
		case "authority":
			return name, true
		}
	} else {
		switch name {
		case "user":
			return "username", true
		case "path":
			return "pathname", true
		}
	}
	return name, name == "href" || contains(names)(name)
}

// field returns the raw value of a field of the result r of input in.
func (t *editTemplate) field(name, in string, r edit.Result) string {
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
	v, _ := report.WHATWGField(&r.URL, name)
	return v
}

func rfcField(r edit.Result, name string) (string, bool) {
	ref := r.Ref
	switch name {
	case "scheme":
		return ref.Scheme()
	case "userinfo":
		return ref.Userinfo()
	case "authority":
		return ref.Authority()
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

func (t *editTemplate) render(b []byte, in string, r edit.Result) []byte {
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
			if p, ok := uri.DefaultPort(t.field("scheme", in, r)); port == "" && ok {
				port = strconv.Itoa(p)
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

func (t *editTemplate) query(r edit.Result) form.RawQuery {
	if t.rfc {
		return r.Ref.QueryParams()
	}
	return r.URL.QueryParams()
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
		u, err := idna.DomainToUnicode(d)
		if err != nil {
			return h
		}
		return u
	}
	a, err := idna.DomainToASCII(d)
	if err != nil {
		return h
	}
	return a
}
