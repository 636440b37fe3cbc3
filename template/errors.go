package template

import (
	"strconv"

	"github.com/urikit/urikit/internal/collapse"
	"github.com/urikit/urikit/internal/diag"
	"github.com/urikit/urikit/internal/window"
)

// A Code is the stable name of a kind of error or finding: the code of
// the JSON records of the command line and of the service. Codes are
// errors themselves, so they are the sentinels of this package:
// errors.Is(err, template.ErrNoMatch) reports whether err is an [*Error]
// of that kind.
type Code string

// Error returns the code's name.
func (c Code) Error() string { return string(c) }

// Parse codes.
const (
	// ErrUnclosed: a "{" has no "}" (the offset is the "{").
	ErrUnclosed Code = "unclosed-expression"
	// ErrUnopened: a "}" outside an expression.
	ErrUnopened Code = "unopened-expression"
	// ErrReservedOperator: an operator RFC 6570 reserves for future
	// extensions ("=", ",", "!", "@", "|").
	ErrReservedOperator Code = "reserved-operator"
	// ErrBadVarname: a variable name is missing or holds a character
	// other than ALPHA, DIGIT, "_", %XX and single inner dots; also an
	// unknown operator and text after a modifier.
	ErrBadVarname Code = "bad-varname"
	// ErrTooLong: a template of 4 GiB or more.
	ErrTooLong Code = "too-long"
	// ErrBadPrefix: a prefix modifier that is not ":" and 1 to 9999
	// without leading zeros.
	ErrBadPrefix Code = "bad-prefix"
	// ErrInvalidLiteral: a character that RFC 6570 §2.1 does not allow in
	// literal text: a control character, a space, one of " < > \ ^ ` |,
	// a non-ASCII character that is neither a ucschar nor an iprivate, or
	// bytes that are not UTF-8. ParseLenient encodes it instead.
	ErrInvalidLiteral Code = "invalid-literal"
	// ErrInvalidEscape: a "%" in literal text not followed by two hex
	// digits. ParseLenient encodes it as "%25" instead.
	ErrInvalidEscape Code = "invalid-escape"
)

// Expansion codes.
const (
	// ErrPrefixComposite: a prefix modifier on a variable whose value is
	// a list or pairs, which RFC 6570 §2.4.1 says does not apply.
	ErrPrefixComposite Code = "prefix-on-composite"
	// ErrBadValue: a value of FromMap of a type it does not take.
	ErrBadValue Code = "bad-value"
)

// Match codes.
const (
	// ErrNoMatch: the URI is not an expansion of the template.
	ErrNoMatch Code = "no-match"
	// ErrAmbiguous: the template is not one Match reads back uniquely.
	ErrAmbiguous Code = "ambiguous"
	// ErrUndecided: Match read values from the URI, but neither they nor
	// the values with its empty variables left undefined expand to the
	// URI, so it cannot say which values, if any, produce it.
	ErrUndecided Code = "undecided"
)

// Message returns the code's one-line description, or the code itself
// for an unknown code.
func (c Code) Message() string {
	switch c {
	case ErrUnclosed:
		return "expression not closed by '}'"
	case ErrUnopened:
		return "'}' outside an expression"
	case ErrReservedOperator:
		return "operator reserved for future extensions"
	case ErrBadVarname:
		return "invalid variable name"
	case ErrTooLong:
		return "template of 4 GiB or more"
	case ErrBadPrefix:
		return "prefix modifier must be ':' and 1 to 9999"
	case ErrInvalidLiteral:
		return "character not allowed in literal text"
	case ErrInvalidEscape:
		return "'%' not followed by two hex digits"
	case ErrPrefixComposite:
		return "prefix modifier on a list or pairs value"
	case ErrBadValue:
		return "value of an unsupported type"
	case ErrNoMatch:
		return "the URI is not an expansion of the template"
	case ErrAmbiguous:
		return "the template cannot be read back uniquely"
	case ErrUndecided:
		return "no values found whose expansion is the URI"
	}
	return string(c)
}

// An Error is a template that does not parse, a value that does not
// expand, or a URI that does not match. Offset is a byte offset in Input:
// the template (parse and expansion errors, Match's ambiguous) or the URI
// (Match's no-match); -1 when the error has no position (FromMap's
// errors). The zero Error is safe to use.
type Error struct {
	// Offset is the byte offset in Input of the problem, -1 for none.
	Offset int
	// Code says what the problem is; it is also the sentinel for
	// errors.Is.
	Code Code
	// Input is the text Offset is in; Error quotes a window of it.
	Input string
	// Var is the variable the error is about, when there is one.
	Var string
	// Detail, when set, says more than the code's message.
	Detail string
}

func newError(s string, off int, code Code) *Error {
	return &Error{Offset: off, Code: code, Input: s}
}

// Error returns a message such as
// `template: offset 2: "{a b}": invalid variable name`, quoting at most
// about 40 bytes of the input on each side of the offset.
func (e *Error) Error() string {
	if e == nil {
		return "template: <nil>"
	}
	ctx := ""
	if e.Var != "" {
		ctx = "variable " + strconv.Quote(window.Clip(e.Var, 80))
	}
	msg := e.Code.Message()
	if e.Detail != "" {
		msg += ": " + e.Detail
	}
	return diag.Error("template", e.Offset, ctx, e.Input, msg)
}

// Unwrap returns the error's Code, for errors.Is.
func (e *Error) Unwrap() []error {
	if e == nil {
		return nil
	}
	return []error{e.Code}
}

// A Finding is a character of literal text that ParseLenient accepted and
// percent-encoded where Parse refuses it (ErrInvalidLiteral,
// ErrInvalidEscape).
//
// The repeats of a code are collapsed into the Finding of its first
// occurrence, so that the findings never grow with the template: Count is
// then the number of occurrences and Offsets the offsets of the first up
// to 8 of them (Offsets[0] == Offset). A Finding found once has Count 0
// and no Offsets.
type Finding struct {
	// Offset is the byte offset in the template of the first occurrence.
	Offset int
	// Code says what is wrong.
	Code Code
	// Count is the number of occurrences; 0 or 1 means one.
	Count int
	// Offsets are the offsets of the first occurrences, at most 8 of
	// them, set only when Count > 1.
	Offsets []int
}

// Message returns the description of the finding's code.
func (f Finding) Message() string { return f.Code.Message() }

// String returns the finding's line as every package writes it
// (internal/diag): "offset 4: code: message", followed by
// " (12 times)" when it occurred more than once.
func (f Finding) String() string { return diag.FindingString(f.diag()) }

// MarshalJSON returns the finding in the record contract's names (through
// internal/diag): {"offset", "code", "message", "count"?, "offsets"?}.
func (f Finding) MarshalJSON() ([]byte, error) { return diag.MarshalFinding(f.diag()) }

// diag returns the finding as internal/diag writes it.
func (f Finding) diag() diag.Finding {
	return diag.Finding{Offset: f.Offset, Code: string(f.Code), Message: f.Message(), Count: f.Count, Offsets: f.Offsets}
}

// addFinding adds an occurrence of code at off to fs, collapsed into the
// finding of the same code.
func addFinding(fs []Finding, code Code, off int) []Finding {
	for i := range fs {
		if fs[i].Code == code {
			collapse.Add(fs[i].Offset, &fs[i].Count, &fs[i].Offsets, off)
			return fs
		}
	}
	return append(fs, Finding{Offset: off, Code: code})
}
