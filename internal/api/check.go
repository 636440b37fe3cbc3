package api

import (
	"github.com/urikit/urikit/internal/report"
)

// checkRequest is the body of /v1/check: the records, and "resolve" to
// look each host up (allowed when Options.CheckResolver is set).
type checkRequest struct {
	records
	Resolve bool `json:"resolve"`
}

// prepareCheck answers each record with the record of "urikit check
// --json": the highest severity, the three parsers' readings and the
// target a browser fetches, and the findings. Without a resolver, a
// request with "resolve": true gets 400 resolve-disabled.
func prepareCheck(req *checkRequest) (Maker, *Error) {
	if req.Resolve {
		return nil, newError(statusBadRequest, "resolve-disabled", `this server does not look hosts up ("resolve": true needs "urikit serve --check-resolve")`)
	}
	return report.CheckURL, nil
}

// checkEndpoint is the endpoint of /v1/check: with resolve, requests with
// "resolve": true have their records made by it.
func checkEndpoint(resolve Maker) Endpoint {
	if resolve == nil {
		return newEndpoint(prepareCheck)
	}
	return newEndpoint(func(req *checkRequest) (Maker, *Error) {
		if !req.Resolve {
			return report.CheckURL, nil
		}
		return resolve, nil
	})
}
