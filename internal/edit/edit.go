// Package edit is the URL edit engine of "urikit edit" and of the
// service's /v1/edit: trurl-like operations (set, clear and append
// components, edit the query pair by pair and the path segment by
// segment, follow a redirect, iterate over values) applied to records, in
// WHATWG or RFC 3986 mode, with every pair and segment the edit does not
// touch kept byte for byte.
//
// It is internal: the library's own editing API is the setters of
// package whatwg (SetComponent, SetComponentRaw, ClearComponent,
// AppendPathSegment, EditQuery) and the With/Without methods of package
// uri, with form.RawQuery for the query. This package composes them into
// the operations of a command line; its messages name the fields of
// Options, which the front ends translate into their own words (flags,
// JSON keys).
package edit

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/form"
	"github.com/urikit/urikit/idna"
	"github.com/urikit/urikit/internal/ascii"
	"github.com/urikit/urikit/iri"
	"github.com/urikit/urikit/percent"
	trk "github.com/urikit/urikit/tracking"
	"github.com/urikit/urikit/uri"
	"github.com/urikit/urikit/whatwg"
)

// Options are the operations of an Editor. It applies them to each record
// in this order: parse (guessing the scheme with GuessScheme), resolve
// Resolve against the URL, the sets of one combination of Iterate, Set,
// Delete, Keep, DeleteTracking, Replace, Append, SortQuery, the port
// options, then HostToASCII or HostToUnicode on the output: the pairs and
// components an operation removes are removed before the pairs and
// segments Append adds, which are never removed by them (as trurl does). The zero
// Options edit nothing: the output is the URL as the mode serializes it.
type Options struct {
	// RFC3986 edits RFC 3986 references (package uri) instead of WHATWG
	// URLs.
	RFC3986 bool
	// GuessScheme adds "http://" (or "ftp://" and the like for a host
	// named "ftp.…") to an input without a scheme (see GuessScheme).
	GuessScheme bool
	// Resolve is a reference resolved against each URL, as a browser
	// follows a Location header; "" for none.
	Resolve string
	// Set are "COMP=VALUE" (decoded, encoded with the component's set;
	// an empty value removes the component), "COMP:=VALUE" (already
	// encoded, checked and kept) and "COMP?=VALUE" (only when the
	// component is absent or empty).
	Set []string
	// Iterate are "COMP=V1 V2 ...": one result per combination of the
	// values of every Iterate (set as Set "COMP=Vi" does).
	Iterate []string
	// Append are "path=SEGMENT" (decoded; "/" in it is encoded),
	// "query=NAME=VALUE" (decoded, form-encoded) and "query=NAME" (a name
	// alone, without "=").
	Append []string
	// Replace are "query=NAME=VALUE" and "query=NAME", as in Append: the
	// first pair named NAME becomes NAME=VALUE (or NAME alone), keeping
	// its raw name, and the other pairs named NAME go, when there is one;
	// a finding when there is none.
	Replace []string
	// Delete are "query=GLOB" (the pairs whose decoded name matches GLOB:
	// "*" any run, "?" one character, "\" quotes) or a component name
	// (removed). A glob that matches nothing is a finding. A glob matches
	// letter case exactly, but for the names of the tracking list (a glob
	// of TrackingNames, or a name one of them matches), which match in
	// any ASCII case, in Delete, Keep and DeleteTracking alike.
	Delete []string
	// Keep are "query=GLOB": only the pairs that match one of them stay.
	Keep []string
	// DeleteTracking deletes the tracking parameters: the query pairs
	// whose decoded name the rules of TrackingRules remove for the URL
	// (tracking.Rules.Matcher), which take in the names of TrackingNames
	// in any ASCII case ("UTM_CAMPAIGN").
	DeleteTracking bool
	// TrackingRules are the rules of DeleteTracking; nil stands for the
	// built-in set, tracking.Default().
	TrackingRules *trk.Rules
	// SortQuery sorts the query pairs by decoded name (stable).
	SortQuery bool
	// AddDefaultPort writes the scheme's default port when there is no
	// port (RFC 3986 only: a WHATWG URL never shows its default port).
	AddDefaultPort bool
	// ClearPort removes the port.
	ClearPort bool
	// HostToASCII writes the host in ASCII (A-labels); HostToUnicode in
	// Unicode, for display.
	HostToASCII, HostToUnicode bool
}

// TrackingNames returns the query name globs that Options.DeleteTracking
// deletes: the click and campaign identifiers that ad and mail platforms
// add.
func TrackingNames() []string {
	return []string{"utm_*", "fbclid", "gclid", "gclsrc", "dclid", "gbraid", "wbraid", "msclkid", "mc_cid", "mc_eid",
		"_ga", "_gl", "igshid", "yclid", "twclid", "ttclid", "li_fat_id", "mkt_tok", "_hsenc", "_hsmi", "oly_anon_id", "oly_enc_id", "vero_id", "rb_clickid", "s_cid"}
}

// MaxCombinations is the most results an Editor makes of one record (the
// product of the numbers of values of every Iterate).
const MaxCombinations = 10000

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
	opDeleteTracking
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
	name  string // a query name (Append, Replace)
	value string
	bare  bool // a query name without a value ("NAME", not "NAME=")
	glob  glob // the compiled name of a delete
	// option is the field of Options it comes from, op the operation
	// as given ("port=1"; "" for a boolean option): the names of its
	// errors and findings.
	option, op string
	quiet      bool      // no finding when it matches nothing (the globs of DeleteTracking)
	rules      trk.Rules // the rules of DeleteTracking
}

// An Editor applies compiled Options to records; it is safe for
// concurrent use. Build it with New. The zero Editor edits nothing, in
// WHATWG mode.
type Editor struct {
	rfc      bool
	guess    bool
	redirect string
	redirR   uri.Reference
	ops      []editOp
	iter     [][]editOp // each Iterate's sets, one per value
	keep     []glob     // the globs of Keep, applied together
	asIDN    bool
	puny     bool
	combos   int
}

// RFC3986 reports whether e edits RFC 3986 references.
func (e *Editor) RFC3986() bool { return e.rfc }

// Iterates reports whether e makes one result per combination of
// Options.Iterate.
func (e *Editor) Iterates() bool { return len(e.iter) > 0 }

// canonical returns the canonical name of the component called name in
// the mode: in WHATWG mode the whatwg.Component of whatwg.ComponentByName
// (the names of JavaScript's getters, with scheme, user, path, query and
// fragment as aliases), in RFC 3986 mode a uri.Component (with the
// WHATWG names as aliases).
func canonical(rfc bool, name string) (string, bool) {
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

// ComponentNames lists the component names of the operations in each
// mode, for help texts and messages.
func ComponentNames(rfc bool) []string {
	if rfc {
		return []string{"scheme", "userinfo", "host", "port", "authority", "path", "query", "fragment"}
	}
	return []string{"protocol (scheme)", "username (user)", "password", "host", "hostname", "port", "pathname (path)", "search (query)", "hash (fragment)"}
}

// The forms each list option takes, for the messages of
// ErrMalformedOperation.
const (
	formSet     = "COMP=VALUE, COMP:=ENCODED or COMP?=VALUE"
	formIterate = "COMP=VALUES"
	formAppend  = "path=SEGMENT, query=NAME or query=NAME=VALUE"
	formQuery   = "query=NAME or query=NAME=VALUE"
	formDelete  = "query=GLOB or a component name"
	formKeep    = "query=GLOB"
)

// New compiles o. Its errors are the usage errors of code
// ErrConflictingOptions, ErrNeedsRFC3986, ErrInvalidReference,
// ErrUnknownComponent, ErrMalformedOperation, ErrNoValues,
// ErrTooManyCombinations and ErrEditedTwice (two operations that set or
// remove one component: the last would win in silence).
func New(o Options) (*Editor, error) {
	e := &Editor{rfc: o.RFC3986, guess: o.GuessScheme, redirect: o.Resolve, asIDN: o.HostToUnicode, puny: o.HostToASCII}
	if o.HostToASCII && o.HostToUnicode {
		return nil, conflict("HostToASCII", "HostToUnicode")
	}
	if o.AddDefaultPort && o.ClearPort {
		return nil, conflict("AddDefaultPort", "ClearPort")
	}
	if o.AddDefaultPort && !o.RFC3986 {
		return nil, &Error{Offset: -1, Code: ErrNeedsRFC3986, Option: "AddDefaultPort", Other: "RFC3986"}
	}
	if o.Resolve != "" {
		if o.RFC3986 {
			r, err := uri.Parse(o.Resolve)
			if err != nil {
				return nil, referenceError(o.Resolve, err)
			}
			e.redirR = r
		} else if _, err := whatwg.MustParse("http://h/").Parse(o.Resolve); err != nil {
			// Resolved against each URL; a relative reference needs one.
			return nil, referenceError(o.Resolve, err)
		}
	}
	e.combos = 1
	for _, it := range o.Iterate {
		name, rest, ok := strings.Cut(it, "=")
		if !ok {
			return nil, malformed("Iterate", it, len(it), formIterate)
		}
		comp, known := canonical(e.rfc, name)
		if !known {
			return nil, unknownComponent("Iterate", it, e.rfc)
		}
		var dim []editOp
		for v := range strings.FieldsSeq(rest) {
			dim = append(dim, editOp{kind: opSet, comp: comp, value: v, option: "Iterate", op: name + "=" + v})
		}
		if len(dim) == 0 {
			return nil, &Error{Offset: len(it), Code: ErrNoValues, Input: it, Option: "Iterate", Op: it}
		}
		e.combos *= len(dim)
		if e.combos > MaxCombinations {
			return nil, &Error{Offset: -1, Code: ErrTooManyCombinations, Option: "Iterate"}
		}
		e.iter = append(e.iter, dim)
	}
	for _, s := range o.Set {
		i := strings.IndexAny(s, ":?=")
		if i < 0 {
			return nil, malformed("Set", s, len(s), formSet)
		}
		op := editOp{kind: opSet, option: "Set", op: s}
		name, value := s[:i], s[i+1:]
		switch s[i] {
		case ':', '?':
			if !strings.HasPrefix(value, "=") {
				return nil, malformed("Set", s, i+1, formSet)
			}
			value = value[1:]
			op.kind = opSetRaw
			if s[i] == '?' {
				op.kind = opSetIfAbsent
			}
		}
		comp, ok := canonical(e.rfc, name)
		if !ok {
			return nil, unknownComponent("Set", s, e.rfc)
		}
		if op.kind == opSet && value == "" {
			op.kind = opClear
		}
		op.comp, op.value = comp, value
		e.ops = append(e.ops, op)
	}
	for _, s := range o.Delete {
		name, glob, ok := strings.Cut(s, "=")
		if !ok {
			comp, known := canonical(e.rfc, s)
			if !known {
				return nil, unknownComponent("Delete", s, e.rfc)
			}
			e.ops = append(e.ops, editOp{kind: opClear, comp: comp, option: "Delete", op: s})
			continue
		}
		if name != "query" && name != "search" || glob == "" {
			return nil, malformed("Delete", s, -1, formDelete)
		}
		e.ops = append(e.ops, editOp{kind: opDeleteQuery, comp: "query", glob: newGlob(glob), option: "Delete", op: s})
	}
	var keepGlobs []string
	for _, s := range o.Keep {
		name, glob, _ := strings.Cut(s, "=")
		if name != "query" && name != "search" || glob == "" {
			return nil, malformed("Keep", s, -1, formKeep)
		}
		keepGlobs = append(keepGlobs, glob)
		e.keep = append(e.keep, newGlob(glob))
	}
	if len(e.keep) > 0 {
		e.ops = append(e.ops, editOp{kind: opKeepQuery, comp: "query", option: "Keep", op: "query=" + strings.Join(keepGlobs, ",")})
	}
	if o.DeleteTracking {
		rules := trk.Default()
		if o.TrackingRules != nil {
			rules = *o.TrackingRules
		}
		// A finding when it matches nothing would be noise.
		e.ops = append(e.ops, editOp{kind: opDeleteTracking, comp: "query", rules: rules, quiet: true, option: "DeleteTracking"})
	}
	for _, s := range o.Replace {
		op, err := queryPair("Replace", s)
		if err != nil {
			return nil, err
		}
		op.kind = opReplaceQuery
		e.ops = append(e.ops, op)
	}
	for _, s := range o.Append {
		name, value, _ := strings.Cut(s, "=")
		switch name {
		case "path", "pathname":
			e.ops = append(e.ops, editOp{kind: opAppendPath, comp: "path", value: value, option: "Append", op: s})
		case "query", "search":
			op, err := queryPair("Append", s)
			if err != nil {
				return nil, err
			}
			op.kind = opAppendQuery
			e.ops = append(e.ops, op)
		default:
			return nil, malformed("Append", s, 0, formAppend)
		}
	}
	if o.SortQuery {
		e.ops = append(e.ops, editOp{kind: opSortQuery, comp: "query", option: "SortQuery"})
	}
	switch {
	case o.ClearPort:
		e.ops = append(e.ops, editOp{kind: opNoPort, comp: "port", option: "ClearPort"})
	case o.AddDefaultPort:
		e.ops = append(e.ops, editOp{kind: opDefaultPort, comp: "port", option: "AddDefaultPort"})
	}
	if o.HostToASCII && e.rfc {
		e.ops = append(e.ops, editOp{kind: opPunycode, comp: "host", option: "HostToASCII"})
	}
	if err := e.editedTwice(o.Iterate); err != nil {
		return nil, err
	}
	return e, nil
}

// editedTwice returns the ErrEditedTwice of two operations that set or
// remove one component (Iterate, Set, Delete of a component, ClearPort,
// AddDefaultPort), whose result would depend on their order; iterate are
// the Iterate options, in the order of e.iter.
func (e *Editor) editedTwice(iterate []string) *Error {
	type edit struct{ comp, option, op string }
	var seen []edit
	for i, dim := range e.iter {
		seen = append(seen, edit{dim[0].comp, "Iterate", iterate[i]})
	}
	for _, op := range e.ops {
		switch op.kind {
		case opSet, opSetRaw, opSetIfAbsent, opClear, opNoPort, opDefaultPort:
			seen = append(seen, edit{op.comp, op.option, op.op})
		}
	}
	same := func(a, b string) bool {
		// In WHATWG mode, host (host and port) and hostname both set the
		// host name.
		return a == b || !e.rfc && (a == "host" || a == "hostname") && (b == "host" || b == "hostname")
	}
	for j, b := range seen {
		for _, a := range seen[:j] {
			if same(a.comp, b.comp) {
				return &Error{Offset: -1, Code: ErrEditedTwice, Option: a.option, Op: a.op, Other: b.option, OtherOp: b.op, Component: a.comp}
			}
		}
	}
	return nil
}

// queryPair compiles the "query=NAME" or "query=NAME=VALUE" of Append or
// Replace (option): a name without "=" is a name alone, as a query holds
// it ("a&b"), not "NAME=".
func queryPair(option, s string) (editOp, *Error) {
	comp, pair, ok := strings.Cut(s, "=")
	name, value, hasValue := strings.Cut(pair, "=")
	if !ok || comp != "query" && comp != "search" || name == "" {
		return editOp{}, malformed(option, s, -1, formQuery)
	}
	return editOp{comp: "query", name: name, value: value, bare: !hasValue, option: option, op: s}, nil
}

// Result is one result of an edit: the output text (the URL, with its
// host in Unicode under HostToUnicode) and the URL it came from (URL in
// WHATWG mode, Ref in RFC 3986 mode).
type Result struct {
	Text string
	URL  whatwg.URL
	Ref  uri.Reference
}

// Edit applies the editor to the record in: one result per combination
// of Iterate, the findings (a glob or a replace that matched nothing, one
// per operation), or the error of the record, a *Error of code
// ErrInvalidURL (the input is not a URL), ErrInvalidReference (Resolve
// does not resolve against it), ErrBuild or ErrRefused (an operation was
// refused). An empty in builds a URL from the parts the options set
// (scheme "http" by default).
func (e *Editor) Edit(in string) ([]Result, []Finding, error) {
	out := make([]Result, 0, e.combos)
	findings, err := e.each(in, nil, func(text string, w *whatwg.URL, r uri.Reference) {
		res := Result{Text: text, Ref: r}
		if !e.rfc {
			res.URL = *w
		}
		out = append(out, res)
	})
	if err != nil {
		return nil, nil, err
	}
	return out, findings, nil
}

// AppendEdit is Edit that appends the output text of each result to dst,
// with sep between two results, and the findings to findings, for a
// text output: with buffers reused from one record to the next, it
// allocates little. On error, dst is returned as it was given.
func (e *Editor) AppendEdit(dst []byte, findings []Finding, in string, sep byte) ([]byte, []Finding, error) {
	n := len(dst)
	first := true
	findings, err := e.each(in, findings, func(text string, _ *whatwg.URL, _ uri.Reference) {
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
func (e *Editor) each(in string, findings []Finding, yield func(text string, w *whatwg.URL, r uri.Reference)) ([]Finding, error) {
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
			yield(text, nil, rr)
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
			yield(text, &u, uri.Reference{})
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
func (e *Editor) start(in string, w *whatwg.URL, r *uri.Reference) error {
	if in == "" {
		return e.build(w, r)
	}
	s := in
	if e.guess {
		s = GuessScheme(in)
	}
	if e.rfc {
		if e.puny && !ascii.Is(s) {
			// An IRI: its host to A-labels, the rest UTF-8 escapes.
			if conv, err := iri.ToURI(s); err == nil {
				s = conv
			}
		}
		ref, err := uri.Parse(s)
		if err != nil {
			return invalidURL(in, s, err)
		}
		if e.redirect != "" {
			ref, err = uri.Resolve(ref, e.redirR)
			if err != nil {
				return &Error{Offset: -1, Code: ErrInvalidReference, Input: e.redirect, Option: "Resolve", Err: err}
			}
		}
		*r = ref
		return nil
	}
	if err := whatwg.ParseInto(w, s); err != nil {
		return invalidURL(in, s, err)
	}
	if e.redirect != "" {
		v, err := w.Parse(e.redirect)
		if err != nil {
			return &Error{Offset: -1, Code: ErrInvalidReference, Input: e.redirect, Option: "Resolve", Err: err}
		}
		*w = v
	}
	return nil
}

// invalidURL is the error of a record in that is not a URL: err is the
// parse error of s, which is in with a guessed scheme in front.
func invalidURL(in, s string, err error) *Error {
	off := 0
	var we *whatwg.Error
	var ue *uri.Error
	switch {
	case errors.As(err, &we):
		off = we.Offset
	case errors.As(err, &ue):
		off = ue.Offset
	}
	return &Error{Offset: max(off-(len(s)-len(in)), 0), Code: ErrInvalidURL, Input: in, Err: err}
}

// build starts a URL from nothing: the scheme and host that the options
// set (the first ones), then the operations set them again with the rest.
func (e *Editor) build(w *whatwg.URL, r *uri.Reference) error {
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
			return &Error{Offset: -1, Code: ErrBuild, Input: scheme + ":", Err: err}
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
	if err := whatwg.ParseInto(w, start); err != nil {
		return &Error{Offset: -1, Code: ErrBuild, Input: start, Err: err}
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

func isSchemeText(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		if !('a' <= c && c <= 'z' || i > 0 && ('0' <= s[i] && s[i] <= '9' || s[i] == '+' || s[i] == '-')) {
			return false
		}
	}
	return s != ""
}

// refused is the record error of an operation refused by the URL.
func refused(op *editOp, err error) *Error {
	e := &Error{Offset: -1, Code: ErrRefused, Option: op.option, Op: op.op, Component: op.comp, Err: err}
	var we *whatwg.Error
	var ue *uri.Error
	switch {
	case errors.As(err, &we):
		e.Component = string(we.Component)
	case errors.As(err, &ue) && ue.Component != "":
		e.Component = string(ue.Component)
	}
	return e
}

// noMatch adds the finding of an operation that matched nothing to
// findings, once per operation: the list is bounded by the number of
// operations.
func noMatch(findings []Finding, op *editOp) []Finding {
	if op.quiet {
		return findings
	}
	code := ErrDeleteNoMatch
	switch op.kind {
	case opKeepQuery:
		code = ErrKeepNoMatch
	case opReplaceQuery:
		code = ErrReplaceNoMatch
	}
	f := Finding{Offset: -1, Code: code, Option: op.option, Op: op.op, Component: op.comp}
	for _, g := range findings {
		if g == f {
			return findings
		}
	}
	return append(findings, f)
}

func (e *Editor) applyWHATWG(u *whatwg.URL, idx []int, findings []Finding, built bool) ([]Finding, *Error) {
	for k, i := range idx {
		if err := setWHATWG(u, &e.iter[k][i]); err != nil {
			return findings, refused(&e.iter[k][i], err)
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
			err = u.ClearComponent(whatwg.ComponentPort)
		case opDeleteTracking:
			if query, _ := u.Query(); query != "" {
				if q := deleteTracking(query, op.rules, u.Href()); q != query {
					err = u.SetQueryParams(form.ParseRaw(q))
				}
			}
		default:
			query, _ := u.Query()
			if op.cannotMatch(query) {
				findings = noMatch(findings, op)
				continue
			}
			q, matched := e.queryOp(query, op)
			if q != query {
				err = u.SetQueryParams(form.ParseRaw(q))
			}
			if err == nil && !matched {
				findings = noMatch(findings, op)
			}
		}
		if err != nil {
			return findings, refused(op, err)
		}
	}
	return findings, nil
}

// cannotMatch reports whether a delete of the glob op.glob cannot match
// a pair of query: the query holds neither the text before the glob's
// first wildcard (in either case for a glob that folds case) nor an
// escape or "+" that decoding could make it of. It saves splitting the
// query of every record that does not have the pairs deleted.
func (op *editOp) cannotMatch(query string) bool {
	if op.kind != opDeleteQuery {
		return false
	}
	lit := op.glob.pattern
	if i := strings.IndexAny(lit, `*?\`); i >= 0 {
		lit = lit[:i]
	}
	if lit == "" || strings.IndexByte(query, '%') >= 0 || strings.IndexByte(query, '+') >= 0 {
		return false
	}
	if op.glob.fold {
		return !containsFold(query, lit)
	}
	return !strings.Contains(query, lit)
}

// containsFold reports whether s holds lit, ASCII letters matching in
// either case.
func containsFold(s, lit string) bool {
	for i := 0; i+len(lit) <= len(s); i++ {
		j := 0
		for j < len(lit) && ascii.ToLower(s[i+j]) == ascii.ToLower(lit[j]) {
			j++
		}
		if j == len(lit) {
			return true
		}
	}
	return false
}

// queryOp applies a query operation to the raw query q and reports
// whether it matched something (true for the operations that always
// apply).
func (e *Editor) queryOp(q string, op *editOp) (string, bool) {
	n := 1
	switch op.kind {
	case opAppendQuery:
		if op.bare {
			q = appendPair(q, form.Escape(op.name))
		} else {
			q = appendPair(q, encodePair(op.name, op.value))
		}
	case opReplaceQuery:
		raw := ""
		if !op.bare {
			raw = "=" + form.Escape(op.value)
		}
		var ok bool
		q, ok = replacePair(q, op.name, raw)
		return q, ok
	case opDeleteQuery:
		q, n = deleteMatch(q, op.glob)
	case opKeepQuery:
		q, n = keepMatch(q, e.keep)
	case opSortQuery:
		q = sortPairs(q)
	}
	return q, n > 0
}

func setWHATWG(u *whatwg.URL, op *editOp) error {
	c := whatwg.Component(op.comp)
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
func whatwgHas(u *whatwg.URL, c whatwg.Component) bool {
	switch c {
	case whatwg.ComponentScheme:
		return true
	case whatwg.ComponentUsername:
		return u.Username() != ""
	case whatwg.ComponentPassword:
		return u.Password() != ""
	case whatwg.ComponentHost, whatwg.ComponentHostname:
		return u.Hostname() != ""
	case whatwg.ComponentPort:
		return u.Port() != ""
	case whatwg.ComponentPath:
		return u.Pathname() != "" && u.Pathname() != "/"
	case whatwg.ComponentQuery:
		_, ok := u.Query()
		return ok
	case whatwg.ComponentFragment:
		_, ok := u.Fragment()
		return ok
	}
	return false
}

func (e *Editor) applyRFC(r *uri.Reference, idx []int, findings []Finding) ([]Finding, *Error) {
	for k, i := range idx {
		if err := setRFC(r, &e.iter[k][i]); err != nil {
			return findings, refused(&e.iter[k][i], err)
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
		case opDeleteTracking:
			if query, _ := r.Query(); query != "" {
				if q := deleteTracking(query, op.rules, r.String()); q != query {
					*r, err = keepRef(*r)(r.WithQueryParams(form.ParseRaw(q)))
				}
			}
		case opDefaultPort:
			if _, ok := r.Port(); !ok && r.HasAuthority() {
				s, _ := r.Scheme()
				if p, ok := uri.DefaultPort(s); ok {
					*r, err = keepRef(*r)(r.With(uri.ComponentPort, strconv.Itoa(p)))
				}
			}
		case opPunycode:
			if h, ok := r.Host(); ok && r.HostType() == uri.HostRegName {
				d, derr := percent.Decode(h)
				if derr == nil {
					if a, aerr := idna.DomainToASCII(d); aerr == nil && a != h {
						*r, err = keepRef(*r)(r.With(uri.ComponentHost, a))
					}
				}
			}
		default:
			query, _ := r.Query()
			q, matched := e.queryOp(query, op)
			if q != query {
				*r, err = keepRef(*r)(r.WithQueryParams(form.ParseRaw(q)))
			}
			if err == nil && !matched {
				findings = noMatch(findings, op)
			}
		}
		if err != nil {
			return findings, refused(op, err)
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
	d, err := idna.DomainToUnicode(h)
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
	d, err := idna.DomainToUnicode(h)
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
