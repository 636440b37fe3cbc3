package percent

import "strconv"

// A Code is a stable, machine-readable name for a kind of percent-encoding
// problem. Codes are errors themselves, so they serve as sentinels:
// errors.Is(err, percent.ErrInvalidEscape) reports whether err is an
// [*Error] (or an [ErrorList] holding one) of that kind.
type Code string

// Error returns the code's text.
func (c Code) Error() string { return string(c) }

// The codes of decoding and validation problems.
const (
	// ErrInvalidEscape: a "%" not followed by two hex digits ("%zz", "%4g").
	ErrInvalidEscape Code = "invalid-escape"
	// ErrTruncatedEscape: an escape cut off by the end of the input ("%",
	// "abc%4").
	ErrTruncatedEscape Code = "truncated-escape"
	// ErrInvalidUTF8: the decoded bytes starting here are not valid UTF-8
	// ("%C3" alone, an encoded surrogate such as "%ED%A0%80", overlong
	// forms).
	ErrInvalidUTF8 Code = "invalid-utf8"
	// ErrLegacyEscape: a "%uXXXX" escape of JavaScript's escape(), which no
	// RFC defines; Decoder.LegacyU decodes it.
	ErrLegacyEscape Code = "legacy-u-escape"
	// ErrInvalidLegacyEscape: with Decoder.LegacyU, a "%uXXXX" escape of a
	// lone UTF-16 surrogate.
	ErrInvalidLegacyEscape Code = "invalid-legacy-u-escape"
	// ErrUnencoded: a byte that the encode set requires to be encoded
	// appears literally (reported by Validate).
	ErrUnencoded Code = "unencoded-byte"
)

// Message returns a one-line human description of the code.
func (c Code) Message() string {
	switch c {
	case ErrInvalidEscape:
		return "% not followed by two hex digits"
	case ErrTruncatedEscape:
		return "escape cut off by the end of the input"
	case ErrInvalidUTF8:
		return "decoded bytes are not valid UTF-8"
	case ErrLegacyEscape:
		return "non-standard %uXXXX escape"
	case ErrInvalidLegacyEscape:
		return "%uXXXX escape of a lone UTF-16 surrogate"
	case ErrUnencoded:
		return "byte must be percent-encoded"
	}
	return string(c)
}

// An Error describes one problem in a percent-encoded string.
type Error struct {
	// Offset is the byte offset in the input of the "%" that starts the
	// offending escape, or of the offending literal byte.
	Offset int
	// Code says what is wrong.
	Code Code
	// Text is the offending input text (up to the escape's length).
	Text string
}

// Error returns a message such as `percent: offset 3: %zz: % not followed
// by two hex digits`.
func (e *Error) Error() string {
	return "percent: offset " + strconv.Itoa(e.Offset) + ": " + strconv.Quote(e.Text) + ": " + e.Code.Message()
}

// Unwrap returns the error's Code, for errors.Is.
func (e *Error) Unwrap() error { return e.Code }

// An ErrorList holds the problems a lenient decoder met, in input order.
type ErrorList []*Error

// Error returns the first problem and how many more there are.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "percent: no errors"
	case 1:
		return l[0].Error()
	}
	return l[0].Error() + " (and " + strconv.Itoa(len(l)-1) + " more)"
}

// Unwrap returns the list's errors, for errors.Is and errors.As.
func (l ErrorList) Unwrap() []error {
	errs := make([]error, len(l))
	for i, e := range l {
		errs[i] = e
	}
	return errs
}

func newError(s string, off, n int, code Code) *Error {
	end := off + n
	if end > len(s) {
		end = len(s)
	}
	return &Error{Offset: off, Code: code, Text: s[off:end]}
}
