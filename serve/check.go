package serve

import "github.com/urikit/urikit/internal/report"

// checkRequest is the body of /v1/check: the records only.
type checkRequest struct {
	records
}

// prepareCheck answers each record with the object of "urikit check
// --json": the highest severity, the findings, the three parsers' readings
// and the target a browser fetches.
func prepareCheck(*checkRequest) (func(string) any, *apiError) {
	return func(in string) any { return report.CheckURL(in) }, nil
}
