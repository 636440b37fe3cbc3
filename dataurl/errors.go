package dataurl

import (
	"strconv"

	"github.com/urikit/urikit/internal/window"
)

// A Code names the kind of an Error; codes are stable.
type Code string

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
	}
	return string(c)
}

// An Error is the failure of Parse or ParseMIMEType: its code, and the
// byte offset in the input of the offending byte.
type Error struct {
	// Offset is the byte offset in the input.
	Offset int
	// Code is the kind of error.
	Code Code
	// Near is a window of the input around Offset (at most 40 bytes
	// each side, cut on UTF-8 boundaries, with "…" where cut), for the
	// message.
	Near string
	// Err is the error of the URL parser, for ErrInvalidURL.
	Err error
}

// Error returns the message: the code's description, the offset and the
// window of the input around it.
func (e *Error) Error() string {
	if e == nil {
		return "<nil>"
	}
	msg := "dataurl: " + e.Code.Message()
	if e.Err != nil {
		msg += " (" + e.Err.Error() + ")"
	}
	msg += " at offset " + strconv.Itoa(e.Offset)
	if e.Near != "" {
		msg += " in " + strconv.Quote(e.Near)
	}
	return msg
}

// Unwrap returns Err.
func (e *Error) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// newError returns the Error of code at s[off], its offset counted from
// base.
func newError(code Code, s string, off, base int) *Error {
	return &Error{Offset: base + off, Code: code, Near: window.Plain(s, off)}
}
