package dataurl

import (
	"github.com/urikit/urikit/internal/diag"
)

// A Code names the kind of an Error or a Finding: a stable, lowercase,
// hyphenated name. A Code is itself an error, so the codes are the
// sentinels: errors.Is(err, dataurl.ErrMissingComma).
type Code string

// Error returns the code's name.
func (c Code) Error() string { return string(c) }

// The codes of Error.
const (
	// ErrInvalidURL: the input is not a URL (the URL Standard's parser
	// failed; Err holds its *whatwg.Error).
	ErrInvalidURL Code = "invalid-url"
	// ErrNotDataURL: the URL's scheme is not "data".
	ErrNotDataURL Code = "not-data-url"
	// ErrMissingComma: no "," separates the MIME type from the body.
	ErrMissingComma Code = "missing-comma"
	// ErrInvalidBase64: a base64 body holds a byte other than ASCII
	// alphanumerics, "+", "/", ASCII whitespace and up to two final "=".
	ErrInvalidBase64 Code = "invalid-base64"
	// ErrBase64Length: a base64 body has 4k+1 symbols, which no byte
	// sequence encodes to.
	ErrBase64Length Code = "invalid-base64-length"
	// ErrInvalidType: the type of a MIME type is empty or holds a byte
	// that is not an HTTP token code point.
	ErrInvalidType Code = "invalid-mime-type"
	// ErrMissingSubtype: a MIME type has no "/".
	ErrMissingSubtype Code = "missing-mime-subtype"
	// ErrInvalidSubtype: the subtype of a MIME type is empty or holds a
	// byte that is not an HTTP token code point.
	ErrInvalidSubtype Code = "invalid-mime-subtype"
	// ErrTooLong: a MIME type with parameters whose serialization would
	// take 2 GiB or more.
	ErrTooLong Code = "mime-type-too-long"
	// ErrInvalidEscape: a "%" of the body not followed by two hex digits
	// (a finding only: the processor keeps it as it is).
	ErrInvalidEscape Code = "invalid-escape"
	// ErrTruncatedEscape: a "%" with fewer than two bytes after it at the
	// end of the body (a finding only: the processor keeps it as it is).
	ErrTruncatedEscape Code = "truncated-escape"
)

// Message returns a one-line description of the code.
func (c Code) Message() string {
	switch c {
	case ErrInvalidURL:
		return "not a URL"
	case ErrNotDataURL:
		return "not a data: URL"
	case ErrMissingComma:
		return `no "," ends the MIME type`
	case ErrInvalidBase64:
		return "not a base64 symbol"
	case ErrBase64Length:
		return "base64 body of 4k+1 symbols"
	case ErrInvalidType:
		return "the MIME type's type is empty or not an HTTP token"
	case ErrMissingSubtype:
		return `no "/" after the MIME type's type`
	case ErrInvalidSubtype:
		return "the MIME type's subtype is empty or not an HTTP token"
	case ErrTooLong:
		return "a MIME type with parameters of 2 GiB or more"
	case ErrInvalidEscape:
		return "% not followed by two hex digits, kept as it is"
	case ErrTruncatedEscape:
		return "% at the end of the body, kept as it is"
	}
	return string(c)
}

// An Error is the failure of Parse or ParseMIMEType: its code, and the
// byte offset in the input of the offending byte.
type Error struct {
	// Offset is the byte offset of the offending byte in Input.
	Offset int
	// Code is the kind of error; it is the sentinel for errors.Is.
	Code Code
	// Input is the text that was parsed (for FromURL, the URL's
	// serialization).
	Input string
	// Err is the error of the URL parser, for ErrInvalidURL, or nil.
	Err error
}

// Error returns the library's one error text (internal/diag), such as
// `dataurl: offset 20: "data:;base64,aGVsbG8*": not a base64 symbol`. It
// quotes at most 40 bytes of the input each side of the offset.
func (e *Error) Error() string {
	if e == nil {
		return "<nil>"
	}
	msg := e.Code.Message()
	if e.Err != nil {
		msg += " (" + e.Err.Error() + ")"
	}
	return diag.Error("dataurl", e.Offset, "", e.Input, msg)
}

// Unwrap returns the Code and, when set, the URL parser's error, so that
// errors.Is(err, dataurl.ErrX) and errors.As(err, &we) with a
// *whatwg.Error both work.
func (e *Error) Unwrap() []error {
	switch {
	case e == nil:
		return nil
	case e.Err != nil:
		return []error{e.Code, e.Err}
	}
	return []error{e.Code}
}

// newError returns the Error of code at s[off].
func newError(code Code, s string, off int) *Error {
	return &Error{Offset: off, Code: code, Input: s}
}

// A Finding is what the data: URL processor met and went on from, as
// ParseWithFindings reports it: a MIME type that does not parse (Code
// ErrInvalidType, ErrMissingSubtype, ErrInvalidSubtype or ErrTooLong; the
// MIME type is then text/plain;charset=US-ASCII), or escapes of the body
// that are not well formed (ErrInvalidEscape, ErrTruncatedEscape; kept as
// written).
//
// The repeats of an escape finding are collapsed into the Finding of its
// first occurrence, so that the list never grows with the input: Count is
// then the number of occurrences and Offsets the offsets of the first up
// to 8 of them (Offsets[0] == Offset). A finding that occurred once has
// Count 0 and no Offsets.
type Finding struct {
	// Offset is the byte offset in the input of the problem (its first
	// occurrence).
	Offset int
	// Code says what was met.
	Code Code
	// Count is the number of occurrences; 0 or 1 means one.
	Count int
	// Offsets are the offsets of the first occurrences, at most 8 of
	// them, set only when Count > 1.
	Offsets []int
}

// Message returns the human description of the finding's code.
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
