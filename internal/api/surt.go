package api

import (
	"encoding/json"

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

// unwrapRequest is the body of /v1/unwrap: the records, and the rules
// of "urikit unwrap --rules" given inline.
type unwrapRequest struct {
	records
	// Rules is a rule file in the ClearURLs format, inline: the rules
	// instead of the built-in set.
	Rules json.RawMessage `json:"rules"`
}

// prepareUnwrap answers each record with the record of "urikit unwrap
// --json": {"input", "output", "unwrapped"}.
func prepareUnwrap(req *unwrapRequest) (Maker, *Error) {
	rules := tracking.Default()
	if len(req.Rules) > 0 && string(req.Rules) != "null" {
		r, err := tracking.New(req.Rules)
		if err != nil {
			return nil, invalidOption(`"rules": %v`, err)
		}
		rules = r
	}
	return func(in string) report.Record { return report.Unwrap(in, rules) }, nil
}
