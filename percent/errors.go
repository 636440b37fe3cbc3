package percent

import (
	"strconv"

	"github.com/urikit/urikit/internal/collapse"
)

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
//
// In an [ErrorList], the repeats of a problem are collapsed into the Error
// of its first occurrence, so that the list never grows with the input:
// Count is then the number of occurrences and Offsets the offsets of the
// first up to 8 of them (Offsets[0] == Offset). A strict
// decoder's Error, and an Error that occurred once, has Count 0 and no
// Offsets.
type Error struct {
	// Offset is the byte offset in the input of the "%" that starts the
	// offending escape, or of the offending literal byte.
	Offset int
	// Code says what is wrong.
	Code Code
	// Text is the offending input text (up to the escape's length, so at
	// most 6 bytes).
	Text string
	// Count is the number of occurrences of the problem this Error stands
	// for in an ErrorList; 0 or 1 means one.
	Count int `json:"count,omitempty"`
	// Offsets are the offsets of the first occurrences, at most 8 of
	// them, set only when Count > 1.
	Offsets []int `json:"offsets,omitempty"`
}

// Error returns a message such as `percent: offset 3: "%zz": % not followed
// by two hex digits`, followed by ` (5 times)` when the Error stands for
// several occurrences.
func (e *Error) Error() string {
	msg := e.message()
	if e.Count > 1 {
		msg += " (" + strconv.Itoa(e.Count) + " times)"
	}
	return msg
}

// message is the message of the first occurrence.
func (e *Error) message() string {
	return "percent: offset " + strconv.Itoa(e.Offset) + ": " + strconv.Quote(e.Text) + ": " + e.Code.Message()
}

// Unwrap returns the error's Code, for errors.Is.
func (e *Error) Unwrap() error { return e.Code }

// occurrences returns how many occurrences e stands for.
func (e *Error) occurrences() int { return max(e.Count, 1) }

// An ErrorList holds the problems a lenient decoder met, one [*Error] per
// Code in the order of their first occurrence, each with the Count and
// first Offsets of its repeats: its length is bounded by the number of
// codes, whatever the input.
type ErrorList []*Error

// Error returns the first problem and how many more occurrences of
// problems there are.
func (l ErrorList) Error() string {
	if len(l) == 0 {
		return "percent: no errors"
	}
	more := -1
	for _, e := range l {
		more += e.occurrences()
	}
	if more == 0 {
		return l[0].message()
	}
	return l[0].message() + " (and " + strconv.Itoa(more) + " more)"
}

// Unwrap returns the list's errors, for errors.Is and errors.As.
func (l ErrorList) Unwrap() []error {
	errs := make([]error, len(l))
	for i, e := range l {
		errs[i] = e
	}
	return errs
}

// add records the problem code at s[off:off+n]: it is merged into the
// Error of the same code when the list has one (a scan of a list that
// holds at most one Error per code), and appended otherwise.
func (l ErrorList) add(s string, off, n int, code Code) ErrorList {
	for _, e := range l {
		if e.Code == code {
			e.merge(off)
			return l
		}
	}
	return append(l, newError(s, off, n, code))
}

// merge counts one more occurrence of e's problem, at off.
func (e *Error) merge(off int) { collapse.Add(e.Offset, &e.Count, &e.Offsets, off) }

func newError(s string, off, n int, code Code) *Error {
	end := off + n
	if end > len(s) {
		end = len(s)
	}
	return &Error{Offset: off, Code: code, Text: s[off:end]}
}
