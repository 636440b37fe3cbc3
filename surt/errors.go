package surt

import "github.com/urikit/urikit/internal/diag"

// A Code is the stable name of one reason a URL has no key. Codes are
// errors themselves, so they are the sentinels of the package:
// errors.Is(err, surt.ErrInvalidPort).
type Code string

// The codes of Error.
const (
	// ErrEmpty: the input is only white space.
	ErrEmpty Code = "empty"
	// ErrMissingHost: a URL of a scheme that needs a host (http, https,
	// ftp, ws, wss) has none ("http://", "https:///").
	ErrMissingHost Code = "missing-host"
	// ErrInvalidPort: the port is not all ASCII digits, or is above 65535.
	ErrInvalidPort Code = "invalid-port"
	// ErrInvalidHost: a host with a "[" and no matching "]" (or the
	// reverse), or a bracketed host that is not an IPv6 address.
	ErrInvalidHost Code = "invalid-host"
)

// Error returns the code's name.
func (c Code) Error() string { return string(c) }

// Message returns a one-line description of the code.
func (c Code) Message() string {
	switch c {
	case ErrEmpty:
		return "the URL is empty"
	case ErrMissingHost:
		return "the URL has no host"
	case ErrInvalidPort:
		return "the port is not a number from 0 to 65535"
	case ErrInvalidHost:
		return "the host is an unclosed or invalid IP literal"
	}
	return string(c)
}

// An Error says why a URL has no key, and where.
type Error struct {
	// Offset is the byte offset in Input of the offending byte, or -1.
	Offset int
	// Code says what is wrong.
	Code Code
	// Input is the URL as given.
	Input string
}

// Error returns "surt: offset N: "window": message", the window quoting
// at most 40 bytes of the input each side of the offset.
func (e *Error) Error() string {
	return diag.Error("surt", e.Offset, "", e.Input, e.Code.Message())
}

// Unwrap returns the Code, so that errors.Is(err, surt.ErrX) works.
func (e *Error) Unwrap() []error { return []error{e.Code} }
