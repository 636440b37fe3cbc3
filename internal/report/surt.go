package report

import (
	"errors"

	"github.com/urikit/urikit/surt"
	"github.com/urikit/urikit/tracking"
)

// SURTError converts an error of package surt to a record's error.
func SURTError(err error) *Error {
	var se *surt.Error
	if !errors.As(err, &se) {
		return otherError(err)
	}
	return &Error{Offset: max(se.Offset, 0), Code: string(se.Code), Message: se.Code.Message()}
}

// SURT is the record of "urikit surt": the SURT key of in under o
// ("surt"), or with fingerprint set its versioned dedup key
// ("fingerprint", surt.Fingerprint; o is not used then).
func SURT(in string, o surt.Options, fingerprint bool) Record {
	if fingerprint {
		k, err := surt.Fingerprint(in)
		if err != nil {
			return Record{Input: in, Error: SURTError(err)}
		}
		return Record{Input: in, Fields: []Field{Text("fingerprint", k)}}
	}
	k, err := surt.Key(in, o)
	if err != nil {
		return Record{Input: in, Error: SURTError(err)}
	}
	return Record{Input: in, Fields: []Field{Text("surt", k)}}
}

// Unwrap is the record of "urikit unwrap": in with the redirect wrappers
// of rules taken off and the tracking parameters removed ("output"), and
// how many wrappers came off ("unwrapped"). A URL that a complete
// provider blocks fails with "blocked".
func Unwrap(in string, rules tracking.Rules) Record {
	res := rules.Apply(in)
	if res.Blocked != "" {
		return Record{Input: in, Error: &Error{Offset: 0, Code: "blocked",
			Message: "the rule set blocks the whole URL (provider " + res.Blocked + ")"}}
	}
	return Record{Input: in, Fields: []Field{Text("output", res.URL), Int("unwrapped", res.Unwrapped)}}
}
