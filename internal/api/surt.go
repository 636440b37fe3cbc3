package api

import (
	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/surt"
	"github.com/urikit/urikit/tracking"
)

// surtRequest is the body of /v1/surt: the records, and the options of
// "urikit surt".
type surtRequest struct {
	records
	Scheme         bool `json:"scheme"`
	KeepWWW        bool `json:"keep_www"`
	KeepQueryOrder bool `json:"keep_query_order"`
	Fragment       bool `json:"fragment"`
	HostOnly       bool `json:"host_only"`
	TrailingComma  bool `json:"trailing_comma"`
	Fingerprint    bool `json:"fingerprint"`
}

// prepareSURT answers each record with the record of "urikit surt
// --json": {"input", "surt"} or {"input", "fingerprint"}.
func prepareSURT(req *surtRequest) (Maker, *Error) {
	o := surt.Options{Scheme: req.Scheme, KeepWWW: req.KeepWWW, KeepQueryOrder: req.KeepQueryOrder,
		Fragment: req.Fragment, HostOnly: req.HostOnly, TrailingComma: req.TrailingComma}
	fp := req.Fingerprint
	return func(in string) report.Record { return report.SURT(in, o, fp) }, nil
}

// unwrapRequest is the body of /v1/unwrap: the records only (the
// built-in rule set applies).
type unwrapRequest struct {
	records
}

// prepareUnwrap answers each record with the record of "urikit unwrap
// --json": {"input", "output", "unwrapped"}.
func prepareUnwrap(*unwrapRequest) (Maker, *Error) {
	rules := tracking.Default()
	return func(in string) report.Record { return report.Unwrap(in, rules) }, nil
}
