package api

import "github.com/urikit/urikit/internal/report"

// urnRequest is the body of /v1/urn: the records only.
type urnRequest struct {
	records
}

// prepareURN answers each record with the record of "urikit urn --json":
// the components of the URN and its normalized form.
func prepareURN(*urnRequest) (Maker, *Error) { return report.URN, nil }

// mailtoRequest is the body of /v1/mailto.
type mailtoRequest struct {
	records
	Lenient bool `json:"lenient"`
}

// prepareMailto answers each record with the record of "urikit mailto
// --json": the decoded addresses, subject, body and header fields, and
// with lenient what was tolerated as findings.
func prepareMailto(req *mailtoRequest) (Maker, *Error) {
	lenient := req.Lenient
	return func(in string) report.Record { return report.Mailto(in, lenient) }, nil
}
