package report

import (
	"errors"
	"strings"

	"github.com/urikit/urikit/domain"
	"github.com/urikit/urikit/idna"
	"github.com/urikit/urikit/internal/window"
	"github.com/urikit/urikit/whatwg"
)

// DomainHost returns the host name that "urikit domain" looks up for in,
// and its byte offset in in: in itself, or, when in holds "://", the host
// of in parsed as the URL Standard does (A-labels, lowercase), at the
// offset where the input writes it (the start of the authority when the
// parser rewrote it). It fails when in holds "://" and is not a URL, or
// has no host name (an IP address, an empty host).
func DomainHost(in string) (string, int, *Error) {
	scheme := strings.Index(in, "://")
	if scheme < 0 {
		return in, 0, nil
	}
	u, err := whatwg.Parse(in)
	if err != nil {
		return "", 0, FailureError(err)
	}
	auth := scheme + 3
	host := u.Hostname()
	if host == "" || strings.HasPrefix(host, "[") {
		return "", auth, &Error{Offset: auth, Code: "no-host-name", Message: "the URL has no host name (an empty host or an IPv6 address)"}
	}
	off := auth
	if i := strings.Index(in[auth:], host); i >= 0 {
		off = auth + i
	}
	return host, off, nil
}

// DomainError converts an error of package domain, on a host found at
// offset base of the record, to a record's error: the domain Code
// ("empty", "empty-label", "invalid-char", "ip-address", "idna",
// "is-public-suffix"), its offset (the host's when the error has none)
// and its message, with the IDNA error for "idna".
func DomainError(err error, base int) *Error {
	var de *domain.Error
	if !errors.As(err, &de) {
		return &Error{Offset: base, Code: "error", Message: window.Clip(err.Error(), maxMessage)}
	}
	e := &Error{Offset: base + max(de.Offset, 0), Code: string(de.Code), Message: de.Code.Message()}
	switch {
	case de.Code == domain.ErrIDNA && de.Err != nil:
		e.Message += ": " + window.Clip(de.Err.Error(), maxMessage)
	case de.Code == domain.ErrInvalidChar && de.Offset >= 0 && de.Offset < len(de.Input):
		e.Message += hostCharHint(de.Input[de.Offset])
	}
	return e
}

// Domain is the record of "urikit domain": the host name in (or the host
// of the URL in, see DomainHost) with its public suffix and registrable
// domain, as package domain finds them: "host", "public_suffix", "icann"
// (whether an ICANN rule decided; false for the private section and
// for an unlisted top-level domain), "registrable_domain". A name that is
// itself a public suffix has no registrable domain: the record fails
// with "is-public-suffix", whose message says which kind of rule made it
// one.
func Domain(in string) Record { return DomainAs(in, DomainAsWritten) }

// A DomainForm is the form in which DomainAs writes the public suffix and
// the registrable domain.
type DomainForm uint8

// The forms of DomainAs.
const (
	// DomainAsWritten keeps each label in the form the name writes it
	// (A-labels stay A-labels, Unicode labels stay Unicode), lowercase.
	DomainAsWritten DomainForm = iota
	// DomainASCII writes every label as ASCII (A-labels).
	DomainASCII
	// DomainUnicode writes every A-label in Unicode, for display.
	DomainUnicode
)

// DomainAs is Domain with the public suffix and the registrable domain
// written in the given form ("urikit domain --ascii / --unicode").
func DomainAs(in string, form DomainForm) Record {
	host, off, e := DomainHost(in)
	if e != nil {
		return Record{Input: in, Error: e}
	}
	ps, err := domain.PublicSuffix(host)
	if err != nil {
		return Record{Input: in, Error: DomainError(err, off)}
	}
	rd, err := domain.RegistrableDomain(host)
	if err != nil {
		e := DomainError(err, off)
		switch {
		case !ps.Listed:
			e.Message += " (no rule: an unlisted top-level domain)"
		case ps.ICANN:
			e.Message += " (an ICANN rule of the list)"
		default:
			e.Message += " (a private rule of the list)"
		}
		return Record{Input: in, Error: e}
	}
	suffix := ps.Name
	switch form {
	case DomainASCII:
		// Both were found from the name's ASCII form: they convert.
		suffix, _ = idna.DomainToASCII(suffix)
		rd, _ = idna.DomainToASCII(rd)
	case DomainUnicode:
		suffix, _ = idna.DomainToUnicode(suffix)
		rd, _ = idna.DomainToUnicode(rd)
	}
	return Record{Input: in, Fields: []Field{
		Text("host", host),
		Text("public_suffix", suffix),
		Bool("icann", ps.ICANN),
		Text("registrable_domain", rd),
	}}
}

// hostCharHint says what a character that no host name holds suggests
// the record is: the host is to be given alone, or as a URL with "://".
func hostCharHint(c byte) string {
	switch c {
	case ':':
		return " (a port? give the host alone, or a URL with \"://\")"
	case '@':
		return " (userinfo or an e-mail address? give the host alone, or a URL with \"://\")"
	case '/', '?', '#':
		return " (a URL? write it with its scheme and \"://\")"
	}
	return ""
}
