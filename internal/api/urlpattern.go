package api

import "github.com/urikit/urikit/internal/report"

// matchRequest is the body of /v1/match.
type matchRequest struct {
	records
	Pattern    *string  `json:"pattern"`
	Patterns   []string `json:"patterns"`
	Base       string   `json:"base"`
	IgnoreCase bool     `json:"ignore_case"`
}

// MaxPatterns is the most patterns one request may give.
const MaxPatterns = 1000

// prepareMatch answers each record with the record of "urikit match
// --json": whether a pattern matches the URL, the first that does and its
// groups.
func prepareMatch(req *matchRequest) (Maker, *Error) {
	list := req.Patterns
	if req.Pattern != nil {
		list = append([]string{*req.Pattern}, list...)
	}
	if len(list) == 0 {
		return nil, invalidOption(`"pattern" or "patterns" is required`)
	}
	if len(list) > MaxPatterns {
		return nil, invalidOption(`at most %d patterns`, MaxPatterns)
	}
	m, err := report.NewPatternMatcher(list, req.Base, req.IgnoreCase)
	if err != nil {
		return nil, invalidOption("%v", err)
	}
	return m.Record, nil
}
