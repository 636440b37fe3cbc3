package serve

import "github.com/urikit/urikit/internal/report"

// checkRequest is the body of /v1/check: the records only.
type checkRequest struct {
	records
}

// prepareCheck answers each record with the record of "urikit check
// --json": the highest severity, the three parsers' readings and the
// target a browser fetches, and the findings.
func prepareCheck(*checkRequest) (recordMaker, *apiError) { return report.CheckURL, nil }
