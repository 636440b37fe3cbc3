package tracking

import (
	"errors"
	"regexp/syntax"

	"github.com/urikit/urikit/internal/diag"
)

// A Code is the stable name of one reason a rule set does not load.
// Codes are errors themselves, so they are the sentinels of the package:
// errors.Is(err, tracking.ErrUnsupportedRule).
type Code string

// The codes of Error.
const (
	// ErrInvalidJSON: the data is not JSON of the ClearURLs shape (an
	// object with "providers", each an object of the format's fields).
	ErrInvalidJSON Code = "invalid-json"
	// ErrUnsupportedRule: a rule that Go's regexp (RE2) cannot compile:
	// a syntax error, or a construct RE2 does not have (lookaround,
	// backreferences). Provider, Field and Rule name it.
	ErrUnsupportedRule Code = "unsupported-rule"
	// ErrMissingURLPattern: a provider without a "urlPattern".
	ErrMissingURLPattern Code = "missing-url-pattern"
)

// Error returns the code's name.
func (c Code) Error() string { return string(c) }

// Message returns a one-line description of the code.
func (c Code) Message() string {
	switch c {
	case ErrInvalidJSON:
		return "not a ClearURLs rule file"
	case ErrUnsupportedRule:
		return "the rule is not a regular expression RE2 can compile"
	case ErrMissingURLPattern:
		return "the provider has no urlPattern"
	}
	return string(c)
}

// An Error says why a rule set does not load.
type Error struct {
	// Offset is the byte offset in Input of the problem, or -1.
	Offset int
	// Code says what is wrong.
	Code Code
	// Input is the JSON data (ErrInvalidJSON) or the rule's text.
	Input string
	// Provider is the name of the provider at fault, if any.
	Provider string
	// Field is the field of the provider that holds the rule ("rules",
	// "rawRules", "urlPattern", …), if any.
	Field string
	// Rule is the index of the rule in Field, or -1.
	Rule int
	// Err is the cause: the regexp or JSON error, or nil.
	Err error
}

// Error returns "tracking: offset N (provider P, rules[3]): "window":
// message", with the cause after it.
func (e *Error) Error() string {
	ctx := ""
	if e.Provider != "" {
		ctx = "provider " + e.Provider
		if e.Field != "" {
			ctx += ", " + e.Field
			if e.Rule >= 0 {
				ctx += "[" + itoa(e.Rule) + "]"
			}
		}
	}
	msg := e.Code.Message()
	var se *syntax.Error
	if errors.As(e.Err, &se) {
		// The code only: the expression is the quoted input already.
		msg += " (" + string(se.Code) + ")"
	}
	return diag.Error("tracking", e.Offset, ctx, e.Input, msg)
}

// Unwrap returns the Code and, when set, the cause.
func (e *Error) Unwrap() []error {
	if e.Err != nil {
		return []error{e.Code, e.Err}
	}
	return []error{e.Code}
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b [20]byte
	n := len(b)
	for i > 0 {
		n--
		b[n] = byte('0' + i%10)
		i /= 10
	}
	return string(b[n:])
}
