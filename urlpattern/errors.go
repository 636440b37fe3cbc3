package urlpattern

import (
	"github.com/urikit/urikit/internal/diag"
)

// A Code is the stable name of a kind of error. Codes are errors
// themselves, so they are the sentinels of this package:
// errors.Is(err, urlpattern.ErrInvalidPattern) reports whether err is an
// [*Error] of that kind.
type Code string

// Error returns the code's name.
func (c Code) Error() string { return string(c) }

// The codes of *Error.
const (
	// ErrInvalidPattern: the pattern string does not tokenize or parse
	// (an unclosed group, a ":" without a name, a stray token).
	ErrInvalidPattern Code = "invalid-pattern"
	// ErrDuplicateName: two groups of one component have the same name.
	ErrDuplicateName Code = "duplicate-name"
	// ErrInvalidComponent: fixed text of the pattern is not valid in its
	// component (the URL parser's canonicalization failed on it).
	ErrInvalidComponent Code = "invalid-component"
	// ErrInvalidRegexp: a custom regexp group is not a valid ECMAScript
	// regexp (with the v flag).
	ErrInvalidRegexp Code = "invalid-regexp"
	// ErrUnsupportedRegexp: a custom regexp group uses a construct that
	// ECMAScript has and RE2 lacks (lookaround, backreferences, v-flag set
	// operations, repetition counts over 1000…); Construct names it.
	ErrUnsupportedRegexp Code = "unsupported-regexp"
	// ErrInvalidBaseURL: the base URL does not parse.
	ErrInvalidBaseURL Code = "invalid-base-url"
	// ErrMissingProtocol: a constructor string without a protocol and
	// without a base URL.
	ErrMissingProtocol Code = "missing-protocol"
	// ErrBaseURLWithInit: a base URL given both in an Init and as an
	// argument, which the standard rejects.
	ErrBaseURLWithInit Code = "base-url-with-init"
	// ErrGenerate: Pattern.Generate cannot fill the component.
	ErrGenerate Code = "generate"
	// ErrTooLong: the pattern is longer than MaxPatternLength.
	ErrTooLong Code = "too-long"
)

// Message returns the code's one-line description, or the code itself for
// an unknown code.
func (c Code) Message() string {
	switch c {
	case ErrInvalidPattern:
		return "invalid pattern"
	case ErrDuplicateName:
		return "group name used twice"
	case ErrInvalidComponent:
		return "text not valid in the component"
	case ErrInvalidRegexp:
		return "invalid regexp"
	case ErrUnsupportedRegexp:
		return "unsupported regexp construct, which RE2 lacks"
	case ErrInvalidBaseURL:
		return "invalid base URL"
	case ErrMissingProtocol:
		return "a pattern string without a protocol needs a base URL"
	case ErrBaseURLWithInit:
		return "a base URL both in the Init and as an argument"
	case ErrGenerate:
		return "cannot generate the component"
	case ErrTooLong:
		return "pattern longer than MaxPatternLength"
	}
	return string(c)
}

// Error is the error of New and of the functions that build a pattern.
type Error struct {
	// Offset is the byte offset in Input of the problem, -1 for none.
	Offset int
	// Code says what the problem is; it is also the sentinel for
	// errors.Is.
	Code Code
	// Input is the text Offset is in: the pattern of the component, the
	// constructor string or the base URL.
	Input string
	// Component is the component whose pattern failed; "" for the
	// constructor string or the base URL.
	Component Component
	// Construct names, for ErrUnsupportedRegexp and ErrInvalidRegexp,
	// what RE2 cannot express or what is malformed.
	Construct string
	// Detail, when set, says more than the code's message.
	Detail string
	// Err is the cause from another package, when there is one (the
	// whatwg error of a component that failed canonicalization, of a base
	// URL that does not parse).
	Err error
}

// Error returns a message such as
// `urlpattern: offset 3 (pathname): "/:id(\\d": invalid pattern: …`,
// quoting at most 40 bytes of the input each side of the offset.
func (e *Error) Error() string {
	if e == nil {
		return "urlpattern: <nil>"
	}
	msg := e.Code.Message()
	if e.Construct != "" {
		msg += ": " + e.Construct
	} else if e.Detail != "" {
		msg += ": " + e.Detail
	}
	return diag.Error("urlpattern", e.Offset, string(e.Component), e.Input, msg)
}

// Unwrap returns the error's Code and, when set, its cause Err.
func (e *Error) Unwrap() []error {
	if e == nil {
		return nil
	}
	if e.Err != nil {
		return []error{e.Code, e.Err}
	}
	return []error{e.Code}
}
