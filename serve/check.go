package serve

import "github.com/urikit/urikit/check"

// checkRequest is the body of /v1/check: the records only.
type checkRequest struct {
	records
}

// prepareCheck answers each record with its check.Report: the findings,
// the three parsers' readings and the target a browser fetches.
func prepareCheck(*checkRequest) (func(string) any, *apiError) {
	return func(in string) any { return check.URL(in) }, nil
}
