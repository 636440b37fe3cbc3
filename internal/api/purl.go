package api

import "github.com/urikit/urikit/internal/report"

// purlRequest is the body of /v1/purl.
type purlRequest struct {
	records
	RepoURL bool `json:"repo_url"`
}

// preparePURL answers each record with the record of "urikit purl
// --json": the canonical purl and its decoded components, and with
// repo_url the package's repository URL.
func preparePURL(req *purlRequest) (Maker, *Error) {
	repoURL := req.RepoURL
	return func(in string) report.Record { return report.PURL(in, repoURL) }, nil
}
