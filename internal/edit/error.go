package edit

import (
	"strconv"
	"strings"

	"github.com/urikit/urikit/internal/diag"
	"github.com/urikit/urikit/internal/window"
)

// Code names an error or a finding of the engine (API.md, "Errors").
// Code implements error, so the codes are the sentinels:
// errors.Is(err, edit.ErrUnknownComponent).
type Code string

// The usage errors of New: the options cannot be compiled.
const (
	// ErrConflictingOptions: two options that exclude each other (Option
	// and Other).
	ErrConflictingOptions Code = "conflicting-options"
	// ErrNeedsRFC3986: Option works only in RFC 3986 mode.
	ErrNeedsRFC3986 Code = "needs-rfc3986"
	// ErrInvalidReference: Options.Resolve is not a reference (Err says
	// why); also a record error when it does not resolve against a URL.
	ErrInvalidReference Code = "invalid-reference"
	// ErrUnknownComponent: an operation names no component of the mode.
	ErrUnknownComponent Code = "unknown-component"
	// ErrMalformedOperation: an operation not in the forms its option
	// takes.
	ErrMalformedOperation Code = "malformed-operation"
	// ErrNoValues: an Iterate without values.
	ErrNoValues Code = "no-values"
	// ErrTooManyCombinations: the Iterate make more than MaxCombinations
	// results.
	ErrTooManyCombinations Code = "too-many-combinations"
	// ErrEditedTwice: two operations (Option and Op, Other and OtherOp)
	// set or remove one component, which only one can do.
	ErrEditedTwice Code = "component-edited-twice"
)

// The errors of a record (Editor.Edit).
const (
	// ErrInvalidURL: the record is not a URL (Err is the parse error;
	// Offset is in the record).
	ErrInvalidURL Code = "invalid-url"
	// ErrBuild: the URL built from nothing (an empty record) does not
	// parse; Input is the text built.
	ErrBuild Code = "cannot-build"
	// ErrRefused: the URL refused an operation (Err is the
	// *whatwg.Error or *uri.Error that says why).
	ErrRefused Code = "edit-refused"
)

// The codes of the findings: an operation matched no query pair.
const (
	ErrDeleteNoMatch  Code = "delete-no-match"
	ErrKeepNoMatch    Code = "keep-no-match"
	ErrReplaceNoMatch Code = "replace-no-match"
)

// Error returns the code's name.
func (c Code) Error() string { return string(c) }

// Message returns a one-line description of the code.
func (c Code) Message() string {
	switch c {
	case ErrConflictingOptions:
		return "the options exclude each other"
	case ErrNeedsRFC3986:
		return "the option needs RFC 3986 mode: a WHATWG URL never shows its scheme's default port"
	case ErrInvalidReference:
		return "the reference to resolve is not a URL reference"
	case ErrUnknownComponent:
		return "unknown component"
	case ErrMalformedOperation:
		return "malformed operation"
	case ErrNoValues:
		return "no values"
	case ErrTooManyCombinations:
		return "more than " + strconv.Itoa(MaxCombinations) + " combinations"
	case ErrEditedTwice:
		return "two operations set or remove one component"
	case ErrInvalidURL:
		return "not a URL"
	case ErrBuild:
		return "the URL built from the parts set does not parse"
	case ErrRefused:
		return "the URL refused the edit"
	case ErrDeleteNoMatch, ErrKeepNoMatch, ErrReplaceNoMatch:
		return "matched no query pair"
	}
	return "edit error " + string(c)
}

// An Error is an error of New (a usage error) or of a record. Its text
// names the fields of Options; a front end names them in its own words
// with Text.
type Error struct {
	// Offset is the byte offset in Input of the offending byte, or -1.
	Offset int
	Code   Code
	// Input is the text Offset is in: the record, or the operation of a
	// usage error, or the reference of ErrInvalidReference.
	Input string
	// Option is the field of Options the error is about, and Op the
	// operation of that field's list ("port=x"), when one is.
	Option, Op string
	// Other and OtherOp are the second option and operation of
	// ErrConflictingOptions, ErrNeedsRFC3986 and ErrEditedTwice.
	Other, OtherOp string
	// Component is the component of the URL, when known.
	Component string
	// Want lists, for ErrUnknownComponent and ErrMalformedOperation, what
	// the option takes.
	Want string
	// Err is the cause from another package, or nil.
	Err error
}

// Error returns the text of the error (API.md: through internal/diag),
// naming the fields of Options.
func (e *Error) Error() string {
	context := e.Option
	if e.Code == ErrConflictingOptions || e.Code == ErrNeedsRFC3986 || e.Code == ErrEditedTwice {
		context = "" // the message names the options
	}
	return diag.Error("edit", e.Offset, context, e.Input, e.message(fieldName))
}

// Unwrap returns the Code and, when set, the cause Err.
func (e *Error) Unwrap() []error {
	if e.Err != nil {
		return []error{e.Code, e.Err}
	}
	return []error{e.Code}
}

func fieldName(option string) string { return option }

// Text returns the message of e for a front end: name gives the front
// end's word for a field of Options ("--set", "set"). A usage error
// reads as "--set "bogus=1": unknown component ...", a refused operation
// as "--set port=x: " and the cause's text.
func (e *Error) Text(name func(option string) string) string {
	switch e.Code {
	case ErrConflictingOptions, ErrNeedsRFC3986, ErrEditedTwice:
		return e.message(name)
	case ErrTooManyCombinations:
		return name(e.Option) + ": " + e.message(name)
	case ErrInvalidReference:
		return name(e.Option) + ": " + e.message(name)
	case ErrRefused:
		return name(e.Option) + opSuffix(e.Op) + ": " + e.message(name)
	case ErrUnknownComponent, ErrMalformedOperation, ErrNoValues:
		return name(e.Option) + " " + strconv.Quote(e.Op) + ": " + e.message(name)
	}
	return e.message(name)
}

// opSuffix returns " " and op, or "" for a boolean option.
func opSuffix(op string) string {
	if op == "" {
		return ""
	}
	return " " + op
}

// quotedOp returns " " and op quoted, or "" for a boolean option.
func quotedOp(op string) string {
	if op == "" {
		return ""
	}
	return " " + strconv.Quote(op)
}

// maxCause is the most bytes of a cause's text a message quotes.
const maxCause = 300

// message returns the detail of e, naming options with name.
func (e *Error) message(name func(string) string) string {
	switch e.Code {
	case ErrConflictingOptions:
		return "give one of " + name(e.Option) + " and " + name(e.Other)
	case ErrNeedsRFC3986:
		return name(e.Option) + " needs " + name(e.Other) + ": a WHATWG URL never shows its scheme's default port"
	case ErrUnknownComponent:
		return "unknown component " + strconv.Quote(componentOf(e.Input)) + " (want one of " + e.Want + ")"
	case ErrMalformedOperation:
		return "want " + e.Want
	case ErrEditedTwice:
		return name(e.Option) + quotedOp(e.Op) + " and " + name(e.Other) + quotedOp(e.OtherOp) + " both edit the " + e.Component + ": give one"
	case ErrInvalidReference, ErrInvalidURL, ErrBuild, ErrRefused:
		if e.Err != nil {
			return e.Code.Message() + ": " + window.Clip(e.Err.Error(), maxCause)
		}
	}
	return e.Code.Message()
}

// componentOf returns the component name an operation starts with.
func componentOf(op string) string {
	if i := strings.IndexAny(op, ":?="); i >= 0 {
		return op[:i]
	}
	return op
}

// conflict is the ErrConflictingOptions of two fields.
func conflict(a, b string) *Error {
	return &Error{Offset: -1, Code: ErrConflictingOptions, Option: a, Other: b}
}

// referenceError is the ErrInvalidReference of Options.Resolve.
func referenceError(ref string, err error) *Error {
	return &Error{Offset: -1, Code: ErrInvalidReference, Input: ref, Option: "Resolve", Err: err}
}

// malformed is the ErrMalformedOperation of the operation op of option,
// at offset off (-1 for none).
func malformed(option, op string, off int, want string) *Error {
	return &Error{Offset: off, Code: ErrMalformedOperation, Input: op, Option: option, Op: op, Want: want}
}

// unknownComponent is the ErrUnknownComponent of the operation op of
// option, whose component is called name.
func unknownComponent(option, op string, rfc bool) *Error {
	return &Error{Offset: 0, Code: ErrUnknownComponent, Input: op, Option: option, Op: op, Want: strings.Join(ComponentNames(rfc), ", ")}
}

// A Finding is what a record's edit noticed without failing: an
// operation (Option and Op) that matched no query pair. An Editor
// reports each at most once per record, so the list is bounded by the
// number of operations. Findings are comparable.
type Finding struct {
	// Offset is -1: a finding of the engine has no position in the
	// record.
	Offset    int
	Code      Code
	Option    string
	Op        string
	Component string
}

// Message returns the finding's description.
func (f Finding) Message() string { return f.Code.Message() }

// String returns the finding's text, naming the field of Options.
func (f Finding) String() string { return f.Text(fieldName) }

// Text returns the finding's message for a front end (see Error.Text):
// "--delete query=x: matched no query pair".
func (f Finding) Text(name func(option string) string) string {
	return name(f.Option) + opSuffix(f.Op) + ": " + f.Message()
}
