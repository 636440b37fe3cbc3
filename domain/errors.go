package domain

import (
	"errors"
	"strconv"

	"github.com/urikit/urikit/idna"
)

// A Code says why a name has no public suffix or no registrable domain.
// Each Code is itself an error, so that errors.Is(err, CodeIsSuffix)
// works on the errors of the package.
type Code uint8

// The codes of Error.
const (
	// CodeEmpty: the name is empty.
	CodeEmpty Code = iota + 1
	// CodeEmptyLabel: the name has an empty label: it starts with a dot,
	// has two dots in a row, is only a dot, or ends with more than one.
	CodeEmptyLabel
	// CodeIPAddress: the name is an IP address (its last label is a
	// number, as the URL Standard reads IPv4 hosts, or it is an IPv6
	// literal), to which the list does not apply.
	CodeIPAddress
	// CodeIDNA: a label with non-ASCII characters that UTS #46 rejects.
	// Error.Err holds the IDNA error.
	CodeIDNA
	// CodeIsSuffix: the name is itself a public suffix, so it has no
	// registrable domain (RegistrableDomain only).
	CodeIsSuffix
)

// String returns a short description of the code.
func (c Code) String() string {
	switch c {
	case CodeEmpty:
		return "empty name"
	case CodeEmptyLabel:
		return "empty label"
	case CodeIPAddress:
		return "an IP address, not a domain name"
	case CodeIDNA:
		return "invalid internationalized label"
	case CodeIsSuffix:
		return "the name is itself a public suffix: no registrable domain"
	}
	return "Code(" + strconv.Itoa(int(c)) + ")"
}

// Error returns "domain: " and the description of the code.
func (c Code) Error() string { return "domain: " + c.String() }

// An Error says why a name has no public suffix or registrable domain,
// and where.
type Error struct {
	// Code says what is wrong.
	Code Code
	// Offset is the byte offset in the name of the problem (the empty
	// label, the rejected character); 0 for the codes about the whole
	// name.
	Offset int
	// Err is the UTS #46 error of a CodeIDNA error, or nil.
	Err error
	// quote is the name around Offset, cut to a window.
	quote string
}

// Error implements error. The message quotes at most about 40 bytes of
// the name on each side of the offset.
func (e *Error) Error() string {
	s := "domain: "
	if e.quote != "" {
		s += strconv.Quote(e.quote) + ": "
	}
	s += e.Code.String()
	if e.Code != CodeEmpty && e.Code != CodeIsSuffix && e.Code != CodeIPAddress {
		s += " at offset " + strconv.Itoa(e.Offset)
	}
	var ie *idna.Error
	switch {
	case errors.As(e.Err, &ie):
		// The IDNA rule only: the window above already quotes the name.
		s += " (idna: " + ie.Code.Message()
		if r := ie.Code.Rule(); r != "" {
			s += " [" + r + "]"
		}
		s += ")"
	case e.Err != nil:
		s += " (" + e.Err.Error() + ")"
	}
	return s
}

// Unwrap returns the Code and, for CodeIDNA, the IDNA error, so that
// errors.Is(err, CodeX) and errors.As on the IDNA error both work.
func (e *Error) Unwrap() []error {
	if e.Err != nil {
		return []error{e.Code, e.Err}
	}
	return []error{e.Code}
}
