package form

import (
	"github.com/urikit/urikit/internal/diag"
	"github.com/urikit/urikit/percent"
)

// A Code is a stable, machine-readable name for a kind of problem that
// [ParseStrict] refuses. Codes are errors themselves, so they serve as
// sentinels: errors.Is(err, form.ErrInvalidEscape) reports whether err is
// an [*Error] of that kind. The codes are those of package percent, whose
// error is the cause of each [*Error], so errors.Is(err,
// percent.ErrInvalidEscape) holds too.
type Code string

// Error returns the code's text.
func (c Code) Error() string { return string(c) }

// The codes of ParseStrict, and of RawQuery.AppendRaw and SetRaw.
const (
	// ErrInvalidEscape: a "%" not followed by two hex digits ("%zz").
	ErrInvalidEscape Code = "invalid-escape"
	// ErrTruncatedEscape: an escape cut off by the end of the name or
	// value ("a=%4").
	ErrTruncatedEscape Code = "truncated-escape"
	// ErrInvalidUTF8: the decoded bytes starting here are not valid UTF-8
	// ("a=%C3").
	ErrInvalidUTF8 Code = "invalid-utf8"
	// ErrUnencoded: an "&" in a raw pair or value given to
	// RawQuery.AppendRaw or SetRaw, which would split it.
	ErrUnencoded Code = "unencoded-byte"
)

// Message returns a one-line human description of the code.
func (c Code) Message() string {
	switch c {
	case ErrInvalidEscape:
		return "% not followed by two hex digits"
	case ErrTruncatedEscape:
		return "escape cut off by the end of the name or value"
	case ErrInvalidUTF8:
		return "decoded bytes are not valid UTF-8"
	case ErrUnencoded:
		return `"&" must be percent-encoded in a raw pair`
	}
	return string(c)
}

// A Component names the part of a pair that holds a problem.
type Component string

// The parts of a pair.
const (
	ComponentName  Component = "name"
	ComponentValue Component = "value"
)

// An Error describes why [ParseStrict] failed (the first malformed escape
// or invalid UTF-8 sequence of the input) or why [RawQuery.AppendRaw] or
// [RawQuery.SetRaw] refused a raw pair or value.
type Error struct {
	// Offset is the byte offset in Input of the "%" that starts the
	// offending escape; -1 when the error has no position.
	Offset int
	// Code says what is wrong; it is also the sentinel for errors.Is.
	Code Code
	// Input is the text that was parsed.
	Input string
	// Component is the part of the pair, name or value, that holds the
	// problem; "" for a whole raw pair.
	Component Component
	// Err is the cause: the *percent.Error of decoding or checking the
	// name or value, whose Offset is in that name or value.
	Err error
}

// Error returns a message such as
// `form: offset 2 (value): "a=%zz": % not followed by two hex digits`. It
// quotes at most 40 bytes of Input on each side of the offset, so that
// its length does not depend on the input's.
func (e *Error) Error() string {
	return diag.Error("form", e.Offset, string(e.Component), e.Input, e.Code.Message())
}

// Unwrap returns the error's Code and, when set, its cause Err, so that
// errors.Is matches both this package's codes and package percent's.
func (e *Error) Unwrap() []error {
	if e.Err != nil {
		return []error{e.Code, e.Err}
	}
	return []error{e.Code}
}

// codeOf returns the code of this package for a percent decoding error.
func codeOf(c percent.Code) Code {
	switch c {
	case percent.ErrTruncatedEscape:
		return ErrTruncatedEscape
	case percent.ErrInvalidUTF8:
		return ErrInvalidUTF8
	}
	return ErrInvalidEscape
}
