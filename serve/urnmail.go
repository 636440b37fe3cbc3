package serve

import "github.com/urikit/urikit/internal/report"

// urnRequest is the body of /v1/urn: the records only.
type urnRequest struct {
	records
}

// prepareURN answers each record with the record of "urikit urn --json":
// the components of the URN and its normalized form.
func prepareURN(*urnRequest) (recordMaker, *apiError) { return report.URN, nil }

// mailtoRequest is the body of /v1/mailto: the records only.
type mailtoRequest struct {
	records
}

// prepareMailto answers each record with the record of "urikit mailto
// --json": the decoded addresses, subject, body and header fields.
func prepareMailto(*mailtoRequest) (recordMaker, *apiError) { return report.Mailto, nil }
