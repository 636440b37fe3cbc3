package api

import "github.com/urikit/urikit/internal/report"

// domainRequest is the body of /v1/domain: the records only.
type domainRequest struct {
	records
}

// prepareDomain answers each record with the record of "urikit domain
// --json": the host, its public suffix, whether an ICANN rule decided,
// and the registrable domain.
func prepareDomain(*domainRequest) (Maker, *Error) { return report.Domain, nil }
