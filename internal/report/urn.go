package report

import (
	"errors"

	"github.com/urikit/urikit/urn"
)

// URNError converts an error of package urn to a record's error. Its
// message leaves out the input, which urn.Error's own message quotes.
func URNError(err error) *Error {
	var ue *urn.Error
	if !errors.As(err, &ue) {
		return otherError(err)
	}
	return &Error{Offset: ue.Offset, Component: string(ue.Component), Code: string(ue.Code), Message: ue.Code.Message()}
}

// URN is the record of "urikit urn": in parsed as a URN (RFC 8141), its
// "nid" and "nss" as written, its "r_component", "q_component" and
// "f_component" (null when absent), and "normalized", the form that
// URN-equivalence compares (urn.URN.Key: "urn:", the NID in lowercase,
// the NSS with uppercase hex in its escapes, without r-, q- and
// f-components).
func URN(in string) Record {
	u, err := urn.Parse(in)
	if err != nil {
		return Record{Input: in, Error: URNError(err)}
	}
	r, hasR := u.RComponent()
	q, hasQ := u.QComponent()
	f, hasF := u.FComponent()
	return Record{Input: in, Fields: []Field{
		Text("nid", u.NID()),
		Text("nss", u.NSS()),
		OptText("r_component", r, hasR),
		OptText("q_component", q, hasQ),
		OptText("f_component", f, hasF),
		Text("normalized", u.Key()),
	}}
}
