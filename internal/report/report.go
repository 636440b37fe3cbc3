// Package report builds the JSON objects that describe one record's result:
// the objects "urikit <subcommand> --json" prints, one per line, and that
// the HTTP API of package serve returns. Keeping them in one place keeps the
// two byte-identical.
//
// Every builder takes the record as a string and returns a plain value with
// JSON tags; encode it with SetEscapeHTML(false) to match the CLI.
package report

import (
	"encoding/hex"
	"errors"
	"sort"
	"strconv"
	"unicode/utf8"

	"github.com/urikit/urikit/check"
	"github.com/urikit/urikit/percent"
	"github.com/urikit/urikit/uri"
	"github.com/urikit/urikit/whatwg"
)

// Error is the JSON form of a record's error, or of one problem tolerated
// in a lenient mode (a finding).
//
// A list of findings never grows with the input: findings with the same
// Code and Component are merged into the first one, which keeps its
// Offset and Message, counts every occurrence in Count and lists the
// offsets of the first few (at most MaxOffsets) in Offsets. The list stays
// in the order of first occurrence.
type Error struct {
	// Offset is the byte offset in the record of the offending byte (of
	// the first occurrence, for a merged finding).
	Offset int `json:"offset"`
	// Component is the URI component it belongs to, when known.
	Component string `json:"component,omitempty"`
	// Code is the stable error code.
	Code string `json:"code"`
	// Message is a one-line explanation for a human reader.
	Message string `json:"message"`
	// Count is how many times the finding occurs in the record; 0 or 1
	// means once.
	Count int `json:"count,omitempty"`
	// Offsets are the offsets of the first occurrences (at most
	// MaxOffsets, Offsets[0] == Offset), set only when Count > 1.
	Offsets []int `json:"offsets,omitempty"`
}

// MaxOffsets is the most offsets a merged finding lists.
const MaxOffsets = 8

// occurrences returns how many times a finding with this Count occurs.
func occurrences(count int) int { return max(count, 1) }

// merge adds the occurrences of a finding (first at offset, count times,
// the first ones at offsets when it is itself merged) to the finding of
// the same identity whose Offset, Count and Offsets are given.
func merge(dstOffset int, dstCount *int, dstOffsets *[]int, offset, count int, offsets []int) {
	if len(*dstOffsets) == 0 {
		*dstOffsets = append(make([]int, 0, MaxOffsets), dstOffset)
	}
	*dstCount = occurrences(*dstCount) + occurrences(count)
	if len(offsets) == 0 {
		if len(*dstOffsets) < MaxOffsets {
			*dstOffsets = append(*dstOffsets, offset)
		}
		return
	}
	for _, o := range offsets {
		if len(*dstOffsets) == MaxOffsets {
			break
		}
		*dstOffsets = append(*dstOffsets, o)
	}
}

// appendError appends f to list, or merges it into the finding of list
// with the same Code and Component (see Error). The scan is linear in the
// length of list, which the number of distinct codes bounds.
func appendError(list []Error, f Error) []Error {
	for i := range list {
		if g := &list[i]; g.Code == f.Code && g.Component == f.Component {
			merge(g.Offset, &g.Count, &g.Offsets, f.Offset, f.Count, f.Offsets)
			return list
		}
	}
	return append(list, f)
}

// collapseErrors merges the findings of list with the same identity (see
// Error), in place, and returns the shortened list.
func collapseErrors(list []Error) []Error {
	out := list[:0]
	for _, f := range list {
		out = appendError(out, f)
	}
	clear(list[len(out):])
	return out
}

// Record is the JSON object of the record subcommands whose result is one
// string: encode, decode, normalize, resolve. Input and output are given as
// text when they are valid UTF-8, else as lowercase hex in the _hex field.
type Record struct {
	Input     *string `json:"input,omitempty"`
	InputHex  *string `json:"input_hex,omitempty"`
	Output    *string `json:"output,omitempty"`
	OutputHex *string `json:"output_hex,omitempty"`
	Error     *Error  `json:"error,omitempty"`
	Findings  []Error `json:"findings,omitempty"`
}

// NewRecord returns the Record of input in with result out, or with the
// error err (then out is ignored), and the findings of a lenient mode.
// Findings with the same identity are merged (see Error); findings is
// reused for the merged list.
func NewRecord(in, out []byte, err *Error, findings []Error) Record {
	rec := Record{Error: err, Findings: collapseErrors(findings)}
	textOrHex(in, &rec.Input, &rec.InputHex)
	if err == nil {
		textOrHex(out, &rec.Output, &rec.OutputHex)
	}
	return rec
}

// Failed reports whether the record failed.
func (r Record) Failed() bool { return r.Error != nil }

// textOrHex sets exactly one of the text and hex fields for b: the text
// when b is valid UTF-8, else lowercase hex of the bytes.
func textOrHex(b []byte, text, hexText **string) {
	if utf8.Valid(b) {
		s := string(b)
		*text = &s
		return
	}
	h := hex.EncodeToString(b)
	*hexText = &h
}

// URIError converts an error of package uri to its JSON form.
func URIError(err error) *Error {
	var ue *uri.Error
	if errors.As(err, &ue) {
		return &Error{Offset: ue.Offset, Component: string(ue.Component), Code: string(ue.Code), Message: ue.Code.Message()}
	}
	return &Error{Code: "error", Message: err.Error()}
}

// PercentError converts an error of package percent to its JSON form.
func PercentError(e *percent.Error) Error {
	return Error{Offset: e.Offset, Code: string(e.Code), Message: strconv.Quote(e.Text) + ": " + e.Code.Message(), Count: e.Count, Offsets: e.Offsets}
}

// LookupSet returns the encode set called name (as "urikit encode --set"
// names them).
func LookupSet(name string) (percent.Set, bool) {
	switch name {
	case "unreserved":
		return percent.Unreserved, true
	case "path-segment":
		return percent.PathSegment, true
	case "path":
		return percent.Path, true
	case "query":
		return percent.Query, true
	case "query-value":
		return percent.QueryValue, true
	case "fragment":
		return percent.Fragment, true
	case "userinfo":
		return percent.Userinfo, true
	case "host":
		return percent.Host, true
	case "form":
		return percent.Form, true
	case "whatwg-fragment":
		return percent.WHATWGFragment, true
	case "whatwg-query":
		return percent.WHATWGQuery, true
	case "whatwg-special-query":
		return percent.WHATWGSpecialQuery, true
	case "whatwg-path":
		return percent.WHATWGPath, true
	case "whatwg-userinfo":
		return percent.WHATWGUserinfo, true
	case "whatwg-component":
		return percent.WHATWGComponent, true
	case "js-uri-component":
		return percent.JSURIComponent, true
	case "js-uri":
		return percent.JSURI, true
	}
	return "", false
}

// SetNames returns the names LookupSet knows, sorted.
func SetNames() []string {
	names := []string{"unreserved", "path-segment", "path", "query", "query-value", "fragment",
		"userinfo", "host", "form", "whatwg-fragment", "whatwg-query", "whatwg-special-query",
		"whatwg-path", "whatwg-userinfo", "whatwg-component", "js-uri-component", "js-uri"}
	sort.Strings(names)
	return names
}

// EncoderFor returns the encoder of "urikit encode": the set called
// setName, with SpaceAsPlus when plus is set or the set is "form".
func EncoderFor(setName string, plus, keepEscapes bool) (percent.Encoder, bool) {
	set, ok := LookupSet(setName)
	return percent.Encoder{Set: set, SpaceAsPlus: plus || setName == "form", KeepEscapes: keepEscapes}, ok
}

// Encode is the record of "urikit encode": in percent-encoded by enc.
func Encode(in string, enc percent.Encoder) Record {
	return NewRecord([]byte(in), enc.AppendEncode(nil, in), nil, nil)
}

// Decode is the record of "urikit decode": in percent-decoded by dec as
// text, strictly unless dec.Lenient (see DecodeMode: a lenient decode
// decodes every well-formed escape, and its output may be any bytes). A
// strict decoder's error fails the record; what a lenient one kept is
// listed in Findings.
func Decode(in string, dec percent.Decoder) Record {
	return DecodeRecord(in, DecodeMode{Decoder: dec})
}

// Level returns the normalization level of "urikit normalize": the level
// called name ("syntax", "scheme", "full" or steps joined with "+"; see
// LevelNames) plus the optional extra steps.
func Level(name string, sortQuery, dropFragment, dropEmptyQuery bool) (uri.Level, error) {
	l, err := uri.ParseLevel(name)
	if err != nil {
		return 0, unknownLevel(err)
	}
	if sortQuery {
		l |= uri.SortQuery
	}
	if dropFragment {
		l |= uri.DropFragment
	}
	if dropEmptyQuery {
		l |= uri.DropEmptyQuery
	}
	return l, nil
}

// Normalize is the record of "urikit normalize": in parsed strictly as an
// RFC 3986 reference and normalized at level l (see NormalizeRecord for
// the lenient and WHATWG readings).
func Normalize(in string, l uri.Level) Record {
	return NormalizeRecord(in, l, NormalizeStrict)
}

// Resolve is the record of "urikit resolve": in parsed strictly as an
// RFC 3986 reference and resolved against base (RFC 3986 §5.2).
func Resolve(base uri.Reference, in string) Record {
	r, err := uri.Parse(in)
	if err != nil {
		return NewRecord([]byte(in), nil, URIError(err), nil)
	}
	return NewRecord([]byte(in), uri.Resolve(base, r).AppendTo(nil), nil, nil)
}

// optional returns a pointer to s when ok, for JSON null when absent.
func optional(s string, ok bool) *string {
	if !ok {
		return nil
	}
	return &s
}

// RFC is the JSON object of "urikit parse": the raw (still encoded)
// components of an RFC 3986 reference, null when absent, and its errors.
type RFC struct {
	Input    string  `json:"input"`
	Valid    bool    `json:"valid"`
	Scheme   *string `json:"scheme"`
	Userinfo *string `json:"userinfo"`
	Host     *string `json:"host"`
	HostType *string `json:"host_type"`
	Port     *string `json:"port"`
	Path     string  `json:"path"`
	Query    *string `json:"query"`
	Fragment *string `json:"fragment"`
	Errors   []Error `json:"errors"`
}

// NewRFC returns the RFC object of r, parsed from in, with no errors.
func NewRFC(in string, r uri.Reference) RFC {
	rec := RFC{Input: in, Path: r.Path(), Errors: []Error{}}
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

// ParseRFC parses in as an RFC 3986 URI-reference. Strictly, the first
// violation of the grammar fails the record: it is returned as the error
// and listed in Errors, while the components are those of a lenient parse.
// With lenient set, every deviation is listed in Errors (merged by code
// and component, see Error), Valid is true only when there is none, and
// the record never fails.
func ParseRFC(in string, lenient bool) (RFC, *Error) {
	if lenient {
		r, findings := uri.ParseLenient(in)
		rec := NewRFC(in, r)
		for _, f := range findings {
			rec.Errors = appendError(rec.Errors, Error{Offset: f.Offset, Component: string(f.Component), Code: string(f.Code), Message: f.Message(), Count: f.Count, Offsets: f.Offsets})
		}
		rec.Valid = len(findings) == 0
		return rec, nil
	}
	r, err := uri.Parse(in)
	if err != nil {
		// The components of the lenient reading (its findings are
		// merged, so they cost a constant).
		lr, _ := uri.ParseLenient(in)
		rec := NewRFC(in, lr)
		rec.Errors = []Error{}
		e := URIError(err)
		rec.Errors = append(rec.Errors, *e)
		return rec, e
	}
	rec := NewRFC(in, r)
	rec.Valid = true
	return rec, nil
}

// Field returns the component called name ("urikit parse --get" names,
// plus "input" and "href" for the input), "" when absent.
func (rec RFC) Field(name string) (string, bool) {
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

// RFCFieldNames lists the component names of Field.
func RFCFieldNames() []string {
	return []string{"scheme", "userinfo", "host", "host_type", "port", "path", "query", "fragment"}
}

// WHATWG is the JSON object of "urikit parse --whatwg": the values
// JavaScript's URL getters return, or failure, and the validation errors.
type WHATWG struct {
	Input    string        `json:"input"`
	Base     *string       `json:"base"`
	Failure  bool          `json:"failure,omitempty"`
	Href     *string       `json:"href,omitempty"`
	Protocol *string       `json:"protocol,omitempty"`
	Username *string       `json:"username,omitempty"`
	Password *string       `json:"password,omitempty"`
	Host     *string       `json:"host,omitempty"`
	Hostname *string       `json:"hostname,omitempty"`
	Port     *string       `json:"port,omitempty"`
	Pathname *string       `json:"pathname,omitempty"`
	Search   *string       `json:"search,omitempty"`
	Hash     *string       `json:"hash,omitempty"`
	Origin   *string       `json:"origin,omitempty"`
	Errors   []WHATWGError `json:"errors"`
}

// WHATWGError is one validation error of the URL Standard's parser. As
// with Error, errors with the same Code are merged into the first one,
// which counts them in Count and lists the first offsets in Offsets.
type WHATWGError struct {
	Code   string `json:"code"`
	Offset int    `json:"offset"`
	// Count is how many times the error occurs; 0 or 1 means once.
	Count int `json:"count,omitempty"`
	// Offsets are the offsets of the first occurrences (at most
	// MaxOffsets, Offsets[0] == Offset), set only when Count > 1.
	Offsets []int `json:"offsets,omitempty"`
}

// appendWHATWGError appends e to list, or merges it into the error of
// list with the same Code.
func appendWHATWGError(list []WHATWGError, e WHATWGError) []WHATWGError {
	for i := range list {
		if g := &list[i]; g.Code == e.Code {
			merge(g.Offset, &g.Count, &g.Offsets, e.Offset, e.Count, e.Offsets)
			return list
		}
	}
	return append(list, e)
}

// ParseWHATWG parses in with the URL Standard's parser against base (nil
// for none; baseText is what base was parsed from, shown in the object).
// Its validation errors are merged by code (see WHATWGError).
// It returns the object, the URL (nil on failure) and, on failure, the
// record's error.
func ParseWHATWG(in string, base *whatwg.URL, baseText *string) (WHATWG, *whatwg.URL, *Error) {
	u, verrs, err := whatwg.ParseWithErrors(in, base)
	rec := WHATWG{Input: in, Base: baseText, Errors: []WHATWGError{}}
	for _, v := range verrs {
		rec.Errors = appendWHATWGError(rec.Errors, WHATWGError{Code: v.Code, Offset: v.Offset})
	}
	if err != nil {
		rec.Failure = true
		return rec, nil, FailureError(err)
	}
	str := func(name string) *string { v, _ := WHATWGField(u, name); return &v }
	rec.Href, rec.Protocol, rec.Username, rec.Password = str("href"), str("protocol"), str("username"), str("password")
	rec.Host, rec.Hostname, rec.Port, rec.Pathname = str("host"), str("hostname"), str("port"), str("pathname")
	rec.Search, rec.Hash, rec.Origin = str("search"), str("hash"), str("origin")
	return rec, u, nil
}

// FailureError is the record error of a WHATWG parse that failed with err.
func FailureError(err error) *Error {
	var we *whatwg.Error
	if errors.As(err, &we) {
		return &Error{Offset: we.Offset, Code: we.Code, Message: "not a URL: " + we.Code}
	}
	return &Error{Code: "failure", Message: err.Error()}
}

// WHATWGField returns the getter called name of u.
func WHATWGField(u *whatwg.URL, name string) (string, bool) {
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

// WHATWGFieldNames lists the getter names of WHATWGField.
func WHATWGFieldNames() []string {
	return []string{"href", "protocol", "scheme", "username", "password", "host", "hostname", "port", "pathname", "search", "query", "hash", "fragment", "origin"}
}

// Check is the JSON object of "urikit check": the input, the highest
// severity found, the findings (an empty list when there is none) and the
// three parsers' readings with what a browser fetches.
type Check struct {
	Input    *string         `json:"input,omitempty"`
	InputHex *string         `json:"input_hex,omitempty"`
	Severity check.Severity  `json:"severity"`
	Findings []check.Finding `json:"findings"`
	Views    CheckViews      `json:"views"`
}

// CheckViews are the readings of a check.Report.
type CheckViews struct {
	RFC3986 check.View   `json:"rfc3986"`
	WHATWG  check.View   `json:"whatwg"`
	NetURL  check.View   `json:"net_url"`
	Target  check.Target `json:"target"`
}

// CheckURL checks in (check.URL) and returns its Check object.
func CheckURL(in string) Check { return NewCheck([]byte(in), check.URL(in)) }

// NewCheck returns the Check object of the report r on the record in.
func NewCheck(in []byte, r check.Report) Check {
	rec := Check{Severity: r.Max(), Findings: r.Findings,
		Views: CheckViews{RFC3986: r.RFC3986, WHATWG: r.WHATWG, NetURL: r.NetURL, Target: r.Target}}
	if rec.Findings == nil {
		rec.Findings = []check.Finding{}
	}
	textOrHex(in, &rec.Input, &rec.InputHex)
	return rec
}
