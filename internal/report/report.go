// Package report holds the record contract: the one JSON object (Record)
// that describes one record's result, which "urikit <subcommand> --json"
// prints, one per line, and which the HTTP API of package serve answers;
// the builders of each record subcommand's Record; and the table of the
// record subcommands with their API routes (Commands), which the CLI,
// the server and the tests share, so that the two cannot drift.
//
// Every record is written by Record.AppendJSON (or JSONSize to measure it
// first): "input" first, then the subcommand's result fields, then
// "error" on failure and "findings" when there are some, text that is not
// UTF-8 in "_hex" members. See Record.
package report

import (
	"errors"
	"strconv"

	"github.com/urikit/urikit/internal/bytestr"

	"github.com/urikit/urikit/internal/collapse"
	"github.com/urikit/urikit/internal/window"
	"github.com/urikit/urikit/percent"
	"github.com/urikit/urikit/uri"
)

// Error is a record's error, or one problem tolerated in a lenient mode
// or reported by a parser without failing (a finding). A Record writes it
// as {"offset", "component" (when known), "code", "message", "severity"
// and "detail" (findings of check), "count" and "offsets" (merged
// findings)}, the empty optional members left out, text that is not UTF-8
// in "_hex" members (see Record).
//
// A list of findings never grows with the input: findings with the same
// Code and Component are merged into the first one, which keeps its
// Offset and Message, counts every occurrence in Count and lists the
// offsets of the first few (at most MaxOffsets) in Offsets. The list stays
// in the order of first occurrence. (The findings of check are merged by
// code and severity, by package check.)
type Error struct {
	// Offset is the byte offset in the record of the offending byte (of
	// the first occurrence, for a merged finding).
	Offset int
	// Component is the URI component it belongs to, when known.
	Component string
	// Code is the stable error code.
	Code string
	// Message is a one-line explanation for a human reader.
	Message string
	// Severity is the severity of a finding of check ("info", "warn",
	// "danger"), else "".
	Severity string
	// Detail gives more facts on a finding of check, or is "".
	Detail string
	// Count is how many times the finding occurs in the record; 0 or 1
	// means once.
	Count int
	// Offsets are the offsets of the first occurrences (at most
	// MaxOffsets, Offsets[0] == Offset), set only when Count > 1.
	Offsets []int
}

// MaxOffsets is the most offsets a merged finding lists.
const MaxOffsets = collapse.MaxOffsets

// appendError appends f to list, or merges it into the finding of list
// with the same Code and Component (see Error). The scan is linear in the
// length of list, which the number of distinct codes bounds.
func appendError(list []Error, f Error) []Error {
	for i := range list {
		if g := &list[i]; g.Code == f.Code && g.Component == f.Component {
			collapse.Merge(g.Offset, &g.Count, &g.Offsets, f.Offset, f.Count, f.Offsets)
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

// NewRecord returns the Record of input in with the text result out (the
// "output" field), or with the error err (then out is ignored), and the
// findings of a lenient mode. Findings with the same identity are merged
// (see Error); findings is reused for the merged list. The record keeps
// in and out without copying them: they must not change until it is
// written.
func NewRecord(in, out []byte, err *Error, findings []Error) Record {
	rec := Record{Input: bytestr.View(in), Error: err, Findings: collapseErrors(findings)}
	if err == nil {
		rec.Fields = []Field{bytesField("output", out)}
	}
	return rec
}

// otherError is the record's error of an err that is none of the errors
// of the library packages: code "error" and its message, clipped.
func otherError(err error) *Error {
	return &Error{Code: "error", Message: window.Clip(err.Error(), maxMessage)}
}

// URIError converts an error of package uri to a record's error.
func URIError(err error) *Error {
	var ue *uri.Error
	if errors.As(err, &ue) {
		return &Error{Offset: ue.Offset, Component: string(ue.Component), Code: string(ue.Code), Message: ue.Code.Message()}
	}
	return otherError(err)
}

// PercentError converts an error of package percent to a record's error
// or finding.
func PercentError(e *percent.Error) Error {
	return Error{Offset: e.Offset, Code: string(e.Code), Message: strconv.Quote(e.Text) + ": " + e.Code.Message()}
}

// PercentFinding converts a finding of package percent to a record's
// finding.
func PercentFinding(f percent.Finding) Error {
	return Error{Offset: f.Offset, Code: string(f.Code), Message: f.Message(), Count: f.Count, Offsets: f.Offsets}
}

// LookupSet returns the encode set called name (as "urikit encode --set"
// names them): percent.SetByName.
func LookupSet(name string) (percent.Set, bool) { return percent.SetByName(name) }

// SetNames returns the names LookupSet knows, sorted.
func SetNames() []string { return percent.SetNames() }

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
	t, err := uri.Resolve(base, r)
	if err != nil { // base is not an absolute URI; callers check it first
		e := URIError(err)
		e.Message = "base: " + e.Message
		return NewRecord([]byte(in), nil, e, nil)
	}
	return NewRecord([]byte(in), t.AppendTo(nil), nil, nil)
}

// Relativize is the record of "urikit relativize": in parsed strictly as
// an RFC 3986 reference, and the shortest reference that resolves against
// base to it (uri.Relativize).
func Relativize(base uri.Reference, in string) Record {
	r, err := uri.Parse(in)
	if err != nil {
		return NewRecord([]byte(in), nil, URIError(err), nil)
	}
	return NewRecord([]byte(in), uri.Relativize(base, r).AppendTo(nil), nil, nil)
}

// Equal is the record of "urikit equal": in parsed strictly as an RFC
// 3986 reference, its normalized form at level l ("normalized") and
// whether it is equal to other at that level ("equal").
func Equal(in string, other uri.Reference, l uri.Level) Record {
	r, err := uri.Parse(in)
	if err != nil {
		return Record{Input: in, Error: URIError(err)}
	}
	return Record{Input: in, Fields: []Field{
		Text("normalized", uri.Normalize(r, l).String()),
		Bool("equal", uri.Equal(r, other, l)),
	}}
}
