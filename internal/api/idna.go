package api

import "github.com/urikit/urikit/internal/report"

// idnaRequest is the body of /v1/idna.
type idnaRequest struct {
	records
	// ToUnicode converts to Unicode for display; the default is to ASCII.
	ToUnicode bool `json:"to_unicode"`
	// Profile is the name of the profile ("url" when empty).
	Profile string `json:"profile"`
}

// prepareIDNA answers each record with the record of "urikit idna
// --json": the domain name converted to ASCII ("ascii") or to Unicode
// ("unicode"), with the profile of the request.
func prepareIDNA(req *idnaRequest) (Maker, *Error) {
	mode, ok := report.IDNAProfile(req.Profile)
	if !ok {
		return nil, invalidOption(`"profile" must be one of "url", "lookup", "registration", "display"`)
	}
	toUnicode := req.ToUnicode
	return func(in string) report.Record { return report.IDNA(in, toUnicode, mode) }, nil
}
