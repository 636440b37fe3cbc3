package main

import "github.com/urikit/urikit/internal/report"

// failed returns the outcome of the record s that failed with e: its
// message, then s with a caret under the offset on standard error.
func failed(s string, e *recordError) outcome {
	return outcome{Err: e, Detail: caret(s, e.Offset)}
}

// recordOutcome returns the outcome of the record s whose record object
// is rec: a failure when rec has an error (in --json mode too, so that
// the exit status and --on-error see it), else the value of rec's field
// named field as the text output. The --json object is rec.
func recordOutcome(s string, rec report.Record, field string) outcome {
	if rec.Error != nil {
		o := failed(s, rec.Error)
		o.Record = &rec
		return o
	}
	out, _ := rec.Field(field)
	return outcome{Output: []byte(out), Record: &rec}
}

// fieldRecords returns the record functions of a subcommand whose record
// object of s is rec(s) and whose text output is its field named field
// (see recordOutcome).
func fieldRecords(rec func(s string) report.Record, field string) func() recordFunc {
	return func() recordFunc {
		return func(in []byte) outcome {
			s := transient(in)
			return recordOutcome(s, rec(s), field)
		}
	}
}
