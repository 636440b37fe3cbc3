package report

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/form"
	"github.com/urikit/urikit/idna"
	"github.com/urikit/urikit/internal/window"
	"github.com/urikit/urikit/iri"
	"github.com/urikit/urikit/percent"
	"github.com/urikit/urikit/uri"
	"github.com/urikit/urikit/whatwg"
)

// EditOptions are the operations of "urikit edit" and of /v1/edit. An
// Editor applies them to each record in this order: parse (guessing the
// scheme with GuessScheme), resolve Redirect against the URL, the sets of
// one combination of Iterate, Set, Append, Replace, Delete, Keep, Trim,
// SortQuery, the port options, then Punycode or AsIDN on the output.
type EditOptions struct {
	// RFC3986 edits RFC 3986 references (package uri) instead of WHATWG
	// URLs.
	RFC3986 bool
	// GuessScheme adds "http://" (or "ftp://" and the like for a host
	// named "ftp.…") to an input without a scheme.
	GuessScheme bool
	// Redirect is a reference resolved against each URL, as a browser
	// follows a Location header; "" for none.
	Redirect string
	// Set are "COMP=VALUE" (decoded, encoded with the component's set;
	// an empty value removes the component), "COMP:=VALUE" (already
	// encoded, checked and kept) and "COMP?=VALUE" (only when the
	// component is absent or empty).
	Set []string
	// Iterate are "COMP=V1 V2 ...": one result per combination of the
	// values of every Iterate (set as Set "COMP=Vi" does).
	Iterate []string
	// Append are "path=SEGMENT" (decoded; "/" in it is encoded) and
	// "query=NAME=VALUE" (decoded, form-encoded).
	Append []string
	// Replace are "query=NAME=VALUE": the value of the first pair named
	// NAME, when there is one; a finding when there is none.
	Replace []string
	// Delete are "query=GLOB" (the pairs whose decoded name matches GLOB:
	// "*" any run, "?" one character) or a component name (removed). A
	// glob that matches nothing is a finding.
	Delete []string
	// Keep are "query=GLOB": only the pairs that match one of them stay.
	Keep []string
	// Trim deletes the tracking parameters of TrackingGlobs.
	Trim bool
	// SortQuery sorts the query pairs by decoded name (stable).
	SortQuery bool
	// DefaultPort writes the scheme's default port when there is no port
	// (RFC 3986 only: a WHATWG URL never shows its default port).
	DefaultPort bool
	// NoPort removes the port.
	NoPort bool
	// Punycode writes the host in ASCII (A-labels); AsIDN in Unicode, for
	// display.
	Punycode, AsIDN bool
}

// TrackingGlobs returns the query names that EditOptions.Trim deletes:
// the click and campaign identifiers that ad and mail platforms add.
func TrackingGlobs() []string {
	return []string{"utm_*", "fbclid", "gclid", "gclsrc", "dclid", "gbraid", "wbraid", "msclkid", "mc_cid", "mc_eid",
		"_ga", "_gl", "igshid", "yclid", "twclid", "ttclid", "li_fat_id", "mkt_tok", "_hsenc", "_hsmi", "oly_anon_id", "oly_enc_id", "vero_id", "rb_clickid", "s_cid"}
}

// MaxEditCombinations is the most results an Editor makes of one record
// (the product of the numbers of values of every Iterate).
const MaxEditCombinations = 10000

// The kinds of edit operation.
const (
	opSet = iota
	opSetRaw
	opSetIfAbsent
	opClear
	opAppendPath
	opAppendQuery
	opReplaceQuery
	opDeleteQuery
	opKeepQuery
	opSortQuery
	opNoPort
	opDefaultPort
	opPunycode
)

// editOp is one compiled operation.
type editOp struct {
	kind  int
	comp  string // the component's canonical name
	name  string // a query name, or a glob
	value string
	flag  string // the option as given, for messages
	// noMatch is the message of the finding when the operation matches
	// nothing, made once.
	noMatch string
	quiet   bool // no finding when it matches nothing (the globs of Trim)
}

// An Editor applies compiled EditOptions to records; it is safe for
// concurrent use. Build it with NewEditor.
type Editor struct {
	rfc      bool
	guess    bool
	redirect string
	redirR   uri.Reference
	ops      []editOp
	iter     [][]editOp // each Iterate's sets, one per value
	keep     []string   // the globs of Keep, applied together
	asIDN    bool
	puny     bool
	combos   int
}

// editComponent returns the canonical name of the component called name
// in the mode: in WHATWG mode the EditComponent of whatwg.ComponentByName
// (the names of "parse --whatwg --get", with scheme, user, path, query
// and fragment as aliases), in RFC 3986 mode a uri.Component.
func editComponent(rfc bool, name string) (string, bool) {
	if rfc {
		switch name {
		case "scheme", "protocol":
			return "scheme", true
		case "userinfo", "user":
			return "userinfo", true
		case "host", "hostname":
			return "host", true
		case "authority", "port", "path", "query", "fragment":
			return name, true
		case "pathname":
			return "path", true
		case "search":
			return "query", true
		case "hash":
			return "fragment", true
		}
		return "", false
	}
	c, ok := whatwg.ComponentByName(name)
	return string(c), ok
}

// EditComponentNames lists the component names of "urikit edit" in each
// mode, for help texts.
func EditComponentNames(rfc bool) []string {
	if rfc {
		return []string{"scheme", "userinfo", "host", "port", "authority", "path", "query", "fragment"}
	}
	return []string{"protocol (scheme)", "username (user)", "password", "host", "hostname", "port", "pathname (path)", "search (query)", "hash (fragment)"}
}

// NewEditor compiles o. Its errors are usage errors: an unknown component
// name, a malformed operation, a redirect that does not parse, an option
// the mode does not have.
func NewEditor(o EditOptions) (*Editor, error) {
	e := &Editor{rfc: o.RFC3986, guess: o.GuessScheme, redirect: o.Redirect, asIDN: o.AsIDN, puny: o.Punycode}
	if o.Punycode && o.AsIDN {
		return nil, errors.New("give one of --punycode and --as-idn")
	}
	if o.DefaultPort && o.NoPort {
		return nil, errors.New("give one of --default-port and --no-port")
	}
	if o.DefaultPort && !o.RFC3986 {
		return nil, errors.New("--default-port needs --rfc3986: a WHATWG URL never shows its scheme's default port")
	}
	if o.Redirect != "" {
		if o.RFC3986 {
			r, err := uri.Parse(o.Redirect)
			if err != nil {
				return nil, fmt.Errorf("--redirect: %v", err)
			}
			e.redirR = r
		} else if _, err := whatwg.Parse(o.Redirect, whatwg.MustParse("http://h/")); err != nil {
			// Resolved against each URL; a relative reference needs one.
			return nil, fmt.Errorf("--redirect: %v", err)
		}
	}
	e.combos = 1
	for _, it := range o.Iterate {
		name, rest, ok := strings.Cut(it, "=")
		comp, known := editComponent(e.rfc, name)
		if !ok || !known {
			return nil, compError("--iterate", it, name, ok, e.rfc)
		}
		var dim []editOp
		for v := range strings.FieldsSeq(rest) {
			dim = append(dim, editOp{kind: opSet, comp: comp, value: v, flag: "--iterate " + name + "=" + v})
		}
		if len(dim) == 0 {
			return nil, fmt.Errorf("--iterate %q: no values", it)
		}
		e.combos *= len(dim)
		if e.combos > MaxEditCombinations {
			return nil, fmt.Errorf("--iterate: more than %d combinations", MaxEditCombinations)
		}
		e.iter = append(e.iter, dim)
	}
	for _, s := range o.Set {
		i := strings.IndexAny(s, ":?=")
		if i < 0 {
			return nil, fmt.Errorf("--set %q: want COMP=VALUE, COMP:=ENCODED or COMP?=VALUE", s)
		}
		op := editOp{kind: opSet, flag: "--set " + s}
		name, value := s[:i], s[i+1:]
		switch s[i] {
		case ':', '?':
			if !strings.HasPrefix(value, "=") {
				return nil, fmt.Errorf("--set %q: want COMP=VALUE, COMP:=ENCODED or COMP?=VALUE", s)
			}
			value = value[1:]
			op.kind = opSetRaw
			if s[i] == '?' {
				op.kind = opSetIfAbsent
			}
		}
		comp, ok := editComponent(e.rfc, name)
		if !ok {
			return nil, compError("--set", s, name, true, e.rfc)
		}
		if op.kind == opSet && value == "" {
			op.kind = opClear
		}
		op.comp, op.value = comp, value
		e.ops = append(e.ops, op)
	}
	for _, s := range o.Append {
		name, value, _ := strings.Cut(s, "=")
		switch name {
		case "path", "pathname":
			e.ops = append(e.ops, editOp{kind: opAppendPath, comp: "path", value: value, flag: "--append " + s})
		case "query", "search":
			k, v, _ := strings.Cut(value, "=")
			if k == "" {
				return nil, fmt.Errorf("--append %q: want query=NAME=VALUE", s)
			}
			e.ops = append(e.ops, editOp{kind: opAppendQuery, comp: "query", name: k, value: v, flag: "--append " + s})
		default:
			return nil, fmt.Errorf("--append %q: want path=SEGMENT or query=NAME=VALUE", s)
		}
	}
	for _, s := range o.Replace {
		name, value, _ := strings.Cut(s, "=")
		k, v, ok := strings.Cut(value, "=")
		if name != "query" && name != "search" || k == "" || !ok {
			return nil, fmt.Errorf("--replace %q: want query=NAME=VALUE", s)
		}
		e.ops = append(e.ops, editOp{kind: opReplaceQuery, comp: "query", name: k, value: v, flag: "--replace " + s})
	}
	for _, s := range o.Delete {
		name, glob, ok := strings.Cut(s, "=")
		if !ok {
			comp, known := editComponent(e.rfc, s)
			if !known {
				return nil, compError("--delete", s, s, true, e.rfc)
			}
			e.ops = append(e.ops, editOp{kind: opClear, comp: comp, flag: "--delete " + s})
			continue
		}
		if name != "query" && name != "search" || glob == "" {
			return nil, fmt.Errorf("--delete %q: want query=GLOB or a component name", s)
		}
		e.ops = append(e.ops, editOp{kind: opDeleteQuery, comp: "query", name: glob, flag: "--delete " + s})
	}
	for _, s := range o.Keep {
		name, glob, _ := strings.Cut(s, "=")
		if name != "query" && name != "search" || glob == "" {
			return nil, fmt.Errorf("--keep %q: want query=GLOB", s)
		}
		e.keep = append(e.keep, glob)
	}
	if len(e.keep) > 0 {
		e.ops = append(e.ops, editOp{kind: opKeepQuery, comp: "query", flag: "--keep query=" + strings.Join(e.keep, ",")})
	}
	if o.Trim {
		for _, g := range TrackingGlobs() {
			// A finding for each glob that matched nothing would be noise.
			e.ops = append(e.ops, editOp{kind: opDeleteQuery, comp: "query", name: g, quiet: true, flag: "--trim"})
		}
	}
	if o.SortQuery {
		e.ops = append(e.ops, editOp{kind: opSortQuery, comp: "query", flag: "--sort-query"})
	}
	switch {
	case o.NoPort:
		e.ops = append(e.ops, editOp{kind: opNoPort, comp: "port", flag: "--no-port"})
	case o.DefaultPort:
		e.ops = append(e.ops, editOp{kind: opDefaultPort, comp: "port", flag: "--default-port"})
	}
	if o.Punycode && e.rfc {
		e.ops = append(e.ops, editOp{kind: opPunycode, comp: "host", flag: "--punycode"})
	}
	for i := range e.ops {
		e.ops[i].noMatch = e.ops[i].flag + noMatchSuffix
	}
	return e, nil
}

func compError(flag, s, name string, hasEq bool, rfc bool) error {
	if !hasEq {
		return fmt.Errorf("%s %q: want COMP=VALUES", flag, s)
	}
	return fmt.Errorf("%s %q: unknown component %q (want one of %s)", flag, s, name, strings.Join(EditComponentNames(rfc), ", "))
}

// Edited is one result of an edit: the output text (the URL, with its
// host in Unicode under AsIDN) and the URL it came from (W in WHATWG
// mode, R in RFC 3986 mode).
type Edited struct {
	Text string
	W    *whatwg.URL
	R    uri.Reference
}

// Edit applies the editor to the record in: one result per combination
// of Iterate, the findings (a glob or a replace that matched nothing,
// merged by code and component), or the error of the record (the input
// is not a URL, or an operation was refused). An empty in builds a URL
// from the parts the options set (scheme "http" by default).
func (e *Editor) Edit(in string) ([]Edited, []Error, *Error) {
	out := make([]Edited, 0, e.combos)
	findings, err := e.each(in, nil, func(text string, w whatwg.URL, r uri.Reference) {
		res := Edited{Text: text, R: r}
		if !e.rfc {
			res.W = new(whatwg.URL)
			*res.W = w
		}
		out = append(out, res)
	})
	if err != nil {
		return nil, nil, err
	}
	return out, findings, nil
}

// AppendEdit is Edit that appends the output text of each result to dst,
// with sep between two results, and the findings to findings, for the
// text output of "urikit edit": with buffers reused from one record to
// the next, it allocates little.
func (e *Editor) AppendEdit(dst []byte, findings []Error, in string, sep byte) ([]byte, []Error, *Error) {
	n := len(dst)
	first := true
	findings, err := e.each(in, findings, func(text string, _ whatwg.URL, _ uri.Reference) {
		if !first {
			dst = append(dst, sep)
		}
		first = false
		dst = append(dst, text...)
	})
	if err != nil {
		return dst[:n], findings, err
	}
	return dst, findings, nil
}

// each edits in and calls yield with each result: its output text and
// the URL (w in WHATWG mode, r in RFC 3986 mode). It appends the findings
// to findings.
func (e *Editor) each(in string, findings []Error, yield func(text string, w whatwg.URL, r uri.Reference)) ([]Error, *Error) {
	var idx []int
	if len(e.iter) > 0 {
		idx = make([]int, len(e.iter))
	}
	var w whatwg.URL
	var r uri.Reference
	if err := e.start(in, &w, &r); err != nil {
		return findings, err
	}
	for {
		var err *Error
		if e.rfc {
			rr := r
			findings, err = e.applyRFC(&rr, idx, findings)
			if err != nil {
				return findings, err
			}
			text := rr.String()
			if e.asIDN {
				text = rfcAsIDN(rr)
			}
			yield(text, whatwg.URL{}, rr)
		} else {
			u := w
			findings, err = e.applyWHATWG(&u, idx, findings, in == "")
			if err != nil {
				return findings, err
			}
			text := u.Href()
			if e.asIDN {
				text = whatwgAsIDN(&u)
			}
			yield(text, u, uri.Reference{})
		}
		// The next combination, the last Iterate varying fastest.
		k := len(idx) - 1
		for ; k >= 0; k-- {
			if idx[k]++; idx[k] < len(e.iter[k]) {
				break
			}
			idx[k] = 0
		}
		if k < 0 {
			return findings, nil
		}
	}
}

// start parses in (or builds the start of a URL when in is empty) and
// follows the redirect.
func (e *Editor) start(in string, w *whatwg.URL, r *uri.Reference) *Error {
	if in == "" {
		return e.build(w, r)
	}
	s := in
	if e.guess {
		s = GuessScheme(in)
	}
	if e.rfc {
		if e.puny && !isASCIIText(s) {
			// An IRI: its host to A-labels, the rest UTF-8 escapes.
			if conv, err := iri.ToURI(s); err == nil {
				s = conv
			}
		}
		ref, err := uri.Parse(s)
		if err != nil {
			return shifted(URIError(err), len(s)-len(in))
		}
		if e.redirect != "" {
			ref, err = uri.Resolve(ref, e.redirR)
			if err != nil {
				ue := URIError(err)
				ue.Message = "--redirect: " + ue.Message
				ue.Offset = 0
				return ue
			}
		}
		*r = ref
		return nil
	}
	if err := whatwg.ParseInto(w, s, nil); err != nil {
		return shifted(FailureError(err), len(s)-len(in))
	}
	if e.redirect != "" {
		base := new(whatwg.URL) // the base escapes: w need not
		*base = *w
		v, err := whatwg.Parse(e.redirect, base)
		if err != nil {
			fe := FailureError(err)
			fe.Message = "--redirect: " + fe.Message
			fe.Offset = 0
			return fe
		}
		*w = *v
	}
	return nil
}

// shifted moves the offset of err, in a guessed input, back into the
// record.
func shifted(err *Error, by int) *Error {
	err.Offset = max(err.Offset-by, 0)
	return err
}

// build starts a URL from nothing: the scheme and host that the options
// set (the first ones), then the operations set them again with the rest.
func (e *Editor) build(w *whatwg.URL, r *uri.Reference) *Error {
	scheme, host, path, rawPath := "", "", "", false
	for _, op := range e.allSets() {
		switch op.comp {
		case "protocol", "scheme":
			if scheme == "" {
				scheme = op.value
			}
		case "host", "hostname":
			if host == "" {
				host = op.value
			}
		case "path":
			if path == "" {
				path, rawPath = op.value, op.kind == opSetRaw
			}
		}
	}
	if scheme == "" {
		scheme = "http"
	}
	if e.rfc {
		ref, err := uri.Reference{}.With(uri.ComponentScheme, scheme)
		if err != nil {
			return URIError(err)
		}
		*r = ref
		return nil
	}
	start := scheme + ":"
	if host != "" || scheme == "file" {
		start += "//" + strings.ReplaceAll(host, "%", "%25")
	} else if !strings.HasPrefix(path, "/") && !isSpecialScheme(scheme) {
		// No host: the path is opaque ("mailto:a@b.c"), set here, as no
		// setter sets an opaque path.
		if !rawPath {
			path = percent.Encode(path, percent.WHATWGPath.Add("%"))
		}
		start += path
	}
	if err := whatwg.ParseInto(w, start, nil); err != nil {
		fe := FailureError(err)
		fe.Offset = 0
		fe.Message = "building " + strconv.Quote(start) + ": " + fe.Message
		return fe
	}
	return nil
}

func isSpecialScheme(s string) bool {
	switch strings.ToLower(s) {
	case "http", "https", "ws", "wss", "ftp", "file":
		return true
	}
	return false
}

// allSets returns the set operations, those of the first combination of
// Iterate first.
func (e *Editor) allSets() []editOp {
	var ops []editOp
	for _, dim := range e.iter {
		ops = append(ops, dim[0])
	}
	for _, op := range e.ops {
		if op.kind == opSet || op.kind == opSetRaw || op.kind == opSetIfAbsent {
			ops = append(ops, op)
		}
	}
	return ops
}

// GuessScheme returns in with a scheme added when it has none that a
// URL would have ("example.com/x", "localhost:8080"): "ftp://" for a host
// that starts with "ftp.", likewise "dict.", "ldap.", "imap.", "smtp."
// and "pop3.", else "http://". An input with "://", or with a scheme not
// followed by a port number ("mailto:x"), is returned as it is.
func GuessScheme(in string) string {
	if strings.Contains(in, "://") {
		return in
	}
	if i := strings.IndexByte(in, ':'); i > 0 && !strings.ContainsAny(in[:i], "./@") && isSchemeText(in[:i]) {
		if i+1 == len(in) || !('0' <= in[i+1] && in[i+1] <= '9') {
			return in
		}
	}
	lower := strings.ToLower(in)
	for _, s := range []string{"ftp", "dict", "ldap", "imap", "smtp", "pop3"} {
		if strings.HasPrefix(lower, s+".") {
			return s + "://" + in
		}
	}
	return "http://" + in
}

func isASCIIText(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func isSchemeText(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		if !('a' <= c && c <= 'z' || i > 0 && ('0' <= s[i] && s[i] <= '9' || s[i] == '+' || s[i] == '-')) {
			return false
		}
	}
	return s != ""
}

// editFailure is the record error of an operation refused.
func editFailure(op *editOp, err error) *Error {
	var we *whatwg.EditError
	if errors.As(err, &we) {
		return &Error{Component: string(we.Component), Code: we.Code, Message: op.flag + ": " + editMessage(we.Code)}
	}
	var ue *uri.Error
	if errors.As(err, &ue) {
		return &Error{Component: string(ue.Component), Code: string(ue.Code), Message: op.flag + ": " + ue.Code.Message()}
	}
	return &Error{Component: op.comp, Code: "error", Message: op.flag + ": " + window.Clip(err.Error(), maxMessage)}
}

// editMessage explains an EditError code.
func editMessage(code string) string {
	switch code {
	case whatwg.EditInvalidScheme:
		return "not a scheme"
	case whatwg.EditSpecialMismatch:
		return "a special scheme (http, https, ws, wss, ftp, file) cannot become another kind of scheme, nor the reverse"
	case whatwg.EditFileCredentials:
		return "a URL with a user name, a password or a port cannot become a file URL"
	case whatwg.EditFileEmptyHost:
		return "a file URL with an empty host keeps its scheme"
	case whatwg.EditNoCredentials:
		return "the URL cannot have a user name or a password (no host, an empty host, or a file URL)"
	case whatwg.EditNoPort:
		return "the URL cannot have a port (no host, an empty host, or a file URL)"
	case whatwg.EditOpaquePath:
		return `the URL has an opaque path (as in "mailto:x"), which has no host and no segments`
	case whatwg.EditHostnamePort:
		return "a hostname has no port: set host to give one"
	case whatwg.EditHostRequired:
		return "the URL needs a host (a special scheme, a user name, password or port, or an empty path)"
	case whatwg.EditInvalidEscape:
		return `a "%" not followed by two hex digits in an encoded value`
	case whatwg.EditUnencoded:
		return "a character that must be percent-encoded in an encoded value (give the value decoded with = instead of :=)"
	case whatwg.EditDotSegment:
		return `a path segment cannot be "." or ".."`
	case whatwg.EditIndexRange:
		return "no path segment at that index"
	case whatwg.EditNoPath:
		return `the path of a special URL, or of one without a host, is at least "/"`
	case whatwg.EditUnknownComponent:
		return "unknown component"
	case whatwg.EditNoURL:
		return "no URL"
	}
	return WHATWGMessage(code)
}

// The codes of the findings of operations that matched nothing.
const (
	codeDeleteNoMatch  = "delete-no-match"
	codeKeepNoMatch    = "keep-no-match"
	codeReplaceNoMatch = "replace-no-match"
)

// noMatchSuffix ends the message of a finding of an operation that
// matched nothing.
const noMatchSuffix = ": matched no query pair"

// noMatch adds the finding of an operation that matched nothing to
// findings, once per operation (its message names it): the list is
// bounded by the number of operations. EditRecord joins the findings of
// one code into one.
func noMatch(findings []Error, op *editOp) []Error {
	if op.quiet {
		return findings
	}
	for i := range findings {
		if findings[i].Message == op.noMatch {
			return findings
		}
	}
	code := codeDeleteNoMatch
	switch op.kind {
	case opKeepQuery:
		code = codeKeepNoMatch
	case opReplaceQuery:
		code = codeReplaceNoMatch
	}
	return append(findings, Error{Component: op.comp, Code: code, Message: op.noMatch})
}

// joinNoMatch returns findings with those of the same code joined into
// one whose message names every operation ("--delete query=a, --delete
// query=b: matched no query pair"), so that no two have the same code
// and component (see Error).
func joinNoMatch(findings []Error) []Error {
	out := findings[:0:0]
	for _, f := range findings {
		j := 0
		for j < len(out) && (out[j].Code != f.Code || out[j].Component != f.Component) {
			j++
		}
		if j == len(out) {
			out = append(out, f)
			continue
		}
		out[j].Message = strings.TrimSuffix(out[j].Message, noMatchSuffix) + ", " + f.Message
	}
	return out
}

func (e *Editor) applyWHATWG(u *whatwg.URL, idx []int, findings []Error, built bool) ([]Error, *Error) {
	for k, i := range idx {
		if err := setWHATWG(u, &e.iter[k][i]); err != nil {
			return findings, editFailure(&e.iter[k][i], err)
		}
	}
	for i := range e.ops {
		op := &e.ops[i]
		var err error
		switch op.kind {
		case opSet, opSetRaw, opSetIfAbsent, opClear:
			if op.comp == "path" && u.HasOpaquePath() && built {
				continue // the opaque path was set by build
			}
			err = setWHATWG(u, op)
		case opAppendPath:
			err = u.AppendPathSegment(op.value)
		case opNoPort:
			err = u.ClearComponent(whatwg.CompPort)
		default:
			query, _ := u.Query()
			if op.cannotMatch(query) {
				findings = noMatch(findings, op)
				continue
			}
			q := form.ParseRaw(query)
			matched := e.queryOp(&q, op)
			err = u.SetQueryParams(q)
			if err == nil && !matched {
				findings = noMatch(findings, op)
			}
		}
		if err != nil {
			return findings, editFailure(op, err)
		}
	}
	return findings, nil
}

// cannotMatch reports whether a delete or keep of the glob op.name
// cannot match a pair of query: the query holds neither the text before
// the glob's first wildcard nor an escape or "+" that decoding could make
// it of. It saves splitting the query of every record that does not have
// the pairs deleted.
func (op *editOp) cannotMatch(query string) bool {
	if op.kind != opDeleteQuery {
		return false
	}
	lit := op.name
	if i := strings.IndexAny(lit, `*?\`); i >= 0 {
		lit = lit[:i]
	}
	return lit != "" && !strings.Contains(query, lit) && strings.IndexByte(query, '%') < 0 && strings.IndexByte(query, '+') < 0
}

// queryOp applies a query operation to q and reports whether it matched
// something (true for the operations that always apply).
func (e *Editor) queryOp(q *form.RawQuery, op *editOp) bool {
	switch op.kind {
	case opAppendQuery:
		q.Append(op.name, op.value)
	case opReplaceQuery:
		return q.Replace(op.name, op.value)
	case opDeleteQuery:
		return q.DeleteMatch(op.name) > 0
	case opKeepQuery:
		n := 0
		keep := e.keep
		// One pass over the pairs for all globs: a pair stays when one
		// matches.
		all := q.Clone()
		*q = form.RawQuery{}
		for p := range all.RawAll() {
			name, _, _ := strings.Cut(p, "=")
			dn := form.Unescape(name)
			for _, g := range keep {
				if form.MatchName(g, dn) {
					_ = q.AppendRaw(p)
					n++
					break
				}
			}
		}
		return n > 0
	case opSortQuery:
		q.Sort()
	}
	return true
}

func setWHATWG(u *whatwg.URL, op *editOp) error {
	c := whatwg.EditComponent(op.comp)
	switch op.kind {
	case opClear:
		return u.ClearComponent(c)
	case opSetRaw:
		return u.SetComponentRaw(c, op.value)
	case opSetIfAbsent:
		if whatwgHas(u, c) {
			return nil
		}
	}
	return u.SetComponent(c, op.value)
}

// whatwgHas reports whether the component c of u is present and not
// empty.
func whatwgHas(u *whatwg.URL, c whatwg.EditComponent) bool {
	switch c {
	case whatwg.CompProtocol:
		return true
	case whatwg.CompUsername:
		return u.Username() != ""
	case whatwg.CompPassword:
		return u.Password() != ""
	case whatwg.CompHost, whatwg.CompHostname:
		return u.Hostname() != ""
	case whatwg.CompPort:
		return u.Port() != ""
	case whatwg.CompPath:
		return u.Pathname() != "" && u.Pathname() != "/"
	case whatwg.CompQuery:
		_, ok := u.Query()
		return ok
	case whatwg.CompFragment:
		_, ok := u.Fragment()
		return ok
	}
	return false
}

// defaultPort returns the port DefaultPort writes for scheme, or "": the
// table of uri.DefaultPort, so that the port --default-port adds is the
// one normalization removes.
func defaultPort(scheme string) string {
	if p, ok := uri.DefaultPort(scheme); ok {
		return strconv.Itoa(p)
	}
	return ""
}

// DefaultPort returns the default port of scheme ("443" for https), or ""
// when urikit knows none.
func DefaultPort(scheme string) string { return defaultPort(scheme) }

func (e *Editor) applyRFC(r *uri.Reference, idx []int, findings []Error) ([]Error, *Error) {
	for k, i := range idx {
		if err := setRFC(r, &e.iter[k][i]); err != nil {
			return findings, editFailure(&e.iter[k][i], err)
		}
	}
	for i := range e.ops {
		op := &e.ops[i]
		var err error
		switch op.kind {
		case opSet, opSetRaw, opSetIfAbsent, opClear:
			err = setRFC(r, op)
		case opAppendPath:
			*r, err = keepRef(*r)(r.AppendPathSegment(op.value))
		case opNoPort:
			*r = r.Without(uri.ComponentPort)
		case opDefaultPort:
			if _, ok := r.Port(); !ok && r.HasAuthority() {
				s, _ := r.Scheme()
				if p := defaultPort(s); p != "" {
					*r, err = keepRef(*r)(r.With(uri.ComponentPort, p))
				}
			}
		case opPunycode:
			if h, ok := r.Host(); ok && r.HostType() == uri.HostRegName {
				d, derr := percent.Decode(h)
				if derr == nil {
					if a, aerr := idna.DomainToASCII(d, false); aerr == nil && a != h {
						*r, err = keepRef(*r)(r.With(uri.ComponentHost, a))
					}
				}
			}
		default:
			var matched bool
			*r, err = keepRef(*r)(r.EditQuery(func(q *form.RawQuery) { matched = e.queryOp(q, op) }))
			if err == nil && !matched {
				findings = noMatch(findings, op)
			}
		}
		if err != nil {
			return findings, editFailure(op, err)
		}
	}
	return findings, nil
}

// keepRef returns a function that passes a result on, or old with the
// error.
func keepRef(old uri.Reference) func(uri.Reference, error) (uri.Reference, error) {
	return func(r uri.Reference, err error) (uri.Reference, error) {
		if err != nil {
			return old, err
		}
		return r, nil
	}
}

func setRFC(r *uri.Reference, op *editOp) error {
	c := uri.Component(op.comp)
	var (
		v   uri.Reference
		err error
	)
	switch op.kind {
	case opClear:
		*r = r.Without(c)
		return nil
	case opSetRaw:
		v, err = r.With(c, op.value)
	case opSetIfAbsent:
		if rfcHas(*r, c) {
			return nil
		}
		fallthrough
	default:
		if c == uri.ComponentScheme || c == uri.ComponentPort || c == uri.ComponentAuthority {
			v, err = r.With(c, op.value)
		} else {
			v, err = r.WithDecoded(c, op.value)
		}
	}
	if err != nil {
		return err
	}
	*r = v
	return nil
}

func rfcHas(r uri.Reference, c uri.Component) bool {
	var s string
	var ok bool
	switch c {
	case uri.ComponentScheme:
		s, ok = r.Scheme()
	case uri.ComponentAuthority:
		s, ok = r.Authority()
	case uri.ComponentUserinfo:
		s, ok = r.Userinfo()
	case uri.ComponentHost:
		s, ok = r.Host()
	case uri.ComponentPort:
		s, ok = r.Port()
	case uri.ComponentPath:
		s, ok = r.Path(), true
	case uri.ComponentQuery:
		return r.HasQuery()
	case uri.ComponentFragment:
		return r.HasFragment()
	}
	return ok && s != ""
}

// whatwgAsIDN returns the href of u with its domain in Unicode.
func whatwgAsIDN(u *whatwg.URL) string {
	h := u.Hostname()
	if !strings.Contains(h, "xn--") {
		return u.Href()
	}
	d, err := idna.DomainToUnicode(h, false)
	if err != nil || !utf8.ValidString(d) {
		return u.Href()
	}
	return spliceHost(u.Href(), h, d)
}

// rfcAsIDN returns r with its registered name in Unicode.
func rfcAsIDN(r uri.Reference) string {
	h, ok := r.Host()
	if !ok || r.HostType() != uri.HostRegName || !strings.Contains(strings.ToLower(h), "xn--") {
		return r.String()
	}
	d, err := idna.DomainToUnicode(h, false)
	if err != nil {
		return r.String()
	}
	return spliceHost(r.String(), h, d)
}

// spliceHost returns s, a URL whose host is h, with d in place of h.
// The host follows "//" and the userinfo, whose "@" is encoded, so it
// starts after the last "@" of the authority.
func spliceHost(s, h, d string) string {
	i := strings.Index(s, "//") + 2
	auth := s[i:]
	if end := strings.IndexAny(auth, "/?#"); end >= 0 {
		auth = auth[:end]
	}
	i += strings.LastIndexByte(auth, '@') + 1
	if !strings.HasPrefix(s[i:], h) {
		return s
	}
	return s[:i] + d + s[i+len(h):]
}

// EditRecord is the record of "urikit edit --json": the edited URL
// ("href") and its components (the getters of ParseWHATWG, or the fields
// of ParseRFC under RFC3986), or "hrefs" with every result when the
// editor iterates; a failure when the input is not a URL or an operation
// was refused; findings for operations that matched nothing.
func (e *Editor) EditRecord(in string) Record {
	res, findings, err := e.Edit(in)
	rec := Record{Input: in, Error: err, Findings: joinNoMatch(findings)}
	if err != nil {
		return rec
	}
	if len(e.iter) > 0 {
		list := make([]string, len(res))
		for i, r := range res {
			list[i] = r.Text
		}
		rec.Fields = []Field{TextList("hrefs", list)}
		return rec
	}
	r := res[0]
	if e.rfc {
		rec.Fields = append([]Field{Text("href", r.Text)}, rfcFields(r.R)...)
		return rec
	}
	names := WHATWGRecordFields()
	rec.Fields = make([]Field, len(names))
	for i, name := range names {
		v, _ := WHATWGField(r.W, name)
		if name == "href" {
			v = r.Text
		}
		rec.Fields[i] = Text(name, v)
	}
	return rec
}

// EditFieldNames lists the result fields of EditRecord without Iterate.
func EditFieldNames(rfc bool) []string {
	if rfc {
		return append([]string{"href"}, RFCFieldNames()...)
	}
	return WHATWGRecordFields()
}
