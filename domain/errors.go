package domain

import (
	"errors"

	"github.com/urikit/urikit/idna"
	"github.com/urikit/urikit/internal/diag"
)

// A Code says why a name has no public suffix or no registrable domain:
// a stable, lowercase, hyphenated name. A Code is itself an error, so the
// codes are the sentinels: errors.Is(err, domain.ErrIsSuffix).
type Code string

// The codes of Error.
const (
	// ErrEmpty: the name is empty.
	ErrEmpty Code = "empty"
	// ErrEmptyLabel: the name has an empty label: it starts with a dot,
	// has two dots in a row, is only a dot, or ends with more than one.
	ErrEmptyLabel Code = "empty-label"
	// ErrInvalidChar: the name holds a character that no host name holds
	// (the URL Standard's forbidden domain code points: controls, space,
	// "#%/:<>?@[\]^|" and DEL), here or after UTS #46 mapping: it is not
	// a host name but, say, a URL, a host and port, or an e-mail address.
	ErrInvalidChar Code = "invalid-char"
	// ErrIPAddress: the name is an IP address (its last label is a
	// number, as the URL Standard reads IPv4 hosts, or it is an IPv6
	// address, bracketed or not), to which the list does not apply.
	ErrIPAddress Code = "ip-address"
	// ErrIDNA: a label with non-ASCII characters that UTS #46 rejects.
	// Error.Err holds the *idna.Error.
	ErrIDNA Code = "idna"
	// ErrIsSuffix: the name is itself a public suffix, so it has no
	// registrable domain (RegistrableDomain only).
	ErrIsSuffix Code = "is-public-suffix"
)

// Error returns the code's name.
func (c Code) Error() string { return string(c) }

// Message returns a one-line human description of the code.
func (c Code) Message() string {
	switch c {
	case ErrEmpty:
		return "empty name"
	case ErrEmptyLabel:
		return "empty label"
	case ErrInvalidChar:
		return "character not allowed in a host name"
	case ErrIPAddress:
		return "an IP address, not a domain name"
	case ErrIDNA:
		return "invalid internationalized label"
	case ErrIsSuffix:
		return "the name is itself a public suffix: no registrable domain"
	}
	return string(c)
}

// An Error says why a name has no public suffix or registrable domain,
// and where.
type Error struct {
	// Offset is the byte offset in Input of the problem (the empty
	// label, the rejected character), or -1 for the codes about the
	// whole name (ErrEmpty, ErrIPAddress, ErrIsSuffix).
	Offset int
	// Code says what is wrong; it is the sentinel for errors.Is.
	Code Code
	// Input is the name that was looked up.
	Input string
	// Err is the UTS #46 error (an *idna.Error) of an ErrIDNA error, or
	// nil.
	Err error
}

// Error returns the library's one error text (internal/diag), such as
// `domain: offset 4: "user@www.example.com": character not allowed in a
// host name`. It quotes at most 40 bytes of the name on each side of the
// offset; for ErrIDNA it adds the UTS #46 rule that failed.
func (e *Error) Error() string {
	msg := e.Code.Message()
	var ie *idna.Error
	switch {
	case errors.As(e.Err, &ie):
		// The IDNA rule only: the window already quotes the name.
		msg += " (idna: " + ie.Code.Message()
		if r := ie.Code.Rule(); r != "" {
			msg += " [" + r + "]"
		}
		msg += ")"
	case e.Err != nil:
		msg += " (" + e.Err.Error() + ")"
	}
	return diag.Error("domain", e.Offset, "", e.Input, msg)
}

// Unwrap returns the Code and, for ErrIDNA, the IDNA error, so that
// errors.Is(err, domain.ErrX), errors.Is(err, idna.ErrY) and errors.As
// on the *idna.Error all work.
func (e *Error) Unwrap() []error {
	if e.Err != nil {
		return []error{e.Code, e.Err}
	}
	return []error{e.Code}
}
