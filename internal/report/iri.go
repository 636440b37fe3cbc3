package report

import (
	"errors"

	"github.com/urikit/urikit/internal/window"
	"github.com/urikit/urikit/iri"
	"github.com/urikit/urikit/uri"
)

// IRIError converts an error of package iri to a record's error. Its
// message leaves out the input, which iri.Error's own message quotes
// whole.
func IRIError(err error) *Error {
	var ie *iri.Error
	if !errors.As(err, &ie) {
		return otherError(err)
	}
	e := &Error{Offset: ie.Offset, Component: string(ie.Component), Code: string(ie.Code)}
	var ue *uri.Error
	switch {
	case errors.As(ie.Err, &ue):
		// A syntax error: the record names the uri code.
		e.Code, e.Message = string(ue.Code), ue.Code.Message()
	case ie.Err != nil:
		e.Message = window.Clip(ie.Err.Error(), maxMessage)
	case ie.Code == iri.ErrNotIRIChar:
		e.Message = "character not allowed in an IRI"
	default:
		e.Message = ie.Code.Message()
	}
	return e
}

// IRI is the record of "urikit iri": in converted to a URI (RFC 3987
// §3.1), or with toIRI set to an IRI for display (§3.2).
func IRI(in string, toIRI bool) Record {
	conv := iri.AppendURI
	if toIRI {
		conv = iri.AppendIRI
	}
	out, err := conv(nil, in)
	if err != nil {
		return NewRecord([]byte(in), nil, IRIError(err), nil)
	}
	return NewRecord([]byte(in), out, nil, nil)
}
