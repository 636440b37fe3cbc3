package api

import "github.com/urikit/urikit/internal/report"

// dataRequest is the body of /v1/data.
type dataRequest struct {
	records
	BodyBase64 bool `json:"body_base64"`
}

func prepareData(req *dataRequest) (Maker, *Error) {
	b64 := req.BodyBase64
	return func(in string) report.Record { return report.DataURL(in, b64) }, nil
}
