package urlbeam

import (
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"
	"github.com/urikit/urikit/check"
)

func init() {
	beam.RegisterType(reflect.TypeOf((*Checked)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*CheckFinding)(nil)).Elem())
	register.DoFn4x0[string, int, func(Checked), func(DeadLetter)](&checkFn{})
	register.Emitter1[Checked]()
	register.Function1x2[Checked, string, error](checkedLine)
}

// Checked is the report of package check on one distinct record, the main
// output of [Check].
type Checked struct {
	// Input is the record, byte for byte.
	Input string
	// Records is the number of records with this text.
	Records int
	// Severity is the highest severity among Findings ("info", "warn",
	// "danger").
	Severity string
	// Findings are the findings of check.URL at the chosen severity or
	// above, in the order check.URL gives them.
	Findings []CheckFinding
}

// CheckFinding is a check.Finding as a Beam value.
type CheckFinding struct {
	// Code is the stable code (check.Code): "host-mismatch", ...
	Code string
	// Severity is "info", "warn" or "danger".
	Severity string
	// Offset is the byte offset in the input.
	Offset int
	// Message is the one-line explanation.
	Message string
	// Detail gives more facts, when there are any.
	Detail string
	// Count is how many times the finding occurs (0 or 1: once), and
	// Offsets the offsets of the first occurrences, as in check.Finding.
	Count   int
	Offsets []int
}

// MarshalJSON writes c as one JSON object: {"input" (or "input_hex" when
// the input is not UTF-8), "records", "severity", "findings": [{"code",
// "severity", "offset", "message", "detail", "count", "offsets"}]}, the findings in the form
// "urikit check --json" writes them.
func (c Checked) MarshalJSON() ([]byte, error) {
	j := struct {
		Input    *string         `json:"input,omitempty"`
		InputHex *string         `json:"input_hex,omitempty"`
		Records  int             `json:"records"`
		Severity string          `json:"severity"`
		Findings []check.Finding `json:"findings"`
	}{Records: c.Records, Severity: c.Severity, Findings: []check.Finding{}}
	textOrHex(c.Input, &j.Input, &j.InputHex)
	for _, f := range c.Findings {
		sev, err := check.ParseSeverity(f.Severity)
		if err != nil {
			return nil, err
		}
		j.Findings = append(j.Findings, check.Finding{Code: check.Code(f.Code), Severity: sev, Offset: f.Offset, Text: f.Message, Detail: f.Detail, Count: f.Count, Offsets: f.Offsets})
	}
	return marshalLine(j)
}

// Check checks records (a PCollection of string) with check.URL, each
// distinct text once, and returns a [Checked] for each distinct text that
// has a finding at min or above (a PCollection of Checked), and the dead
// letters (stage "check") of the texts on which check.URL panicked. With
// min check.None every distinct text is reported, findings or not.
// check.URL never fails otherwise: a text no parser accepts gets findings
// saying so.
func Check(s beam.Scope, records beam.PCollection, min check.Severity) (checked, dead beam.PCollection) {
	s = s.Scope("urikit.Check")
	return beam.ParDo2(s, &checkFn{Min: uint8(min)}, stats.Count(s, records))
}

// checkFn is the DoFn of Check.
type checkFn struct {
	Min uint8 `json:"min"`
}

func (fn *checkFn) ProcessElement(in string, records int, emit func(Checked), dead func(DeadLetter)) {
	c, keep, iss, ok := fn.check(in, records)
	switch {
	case !ok:
		dead(DeadLetter{Input: in, Stage: StageCheck, Err: iss})
	case keep:
		emit(c)
	}
}

func (fn *checkFn) check(in string, records int) (c Checked, keep bool, iss Issue, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			c, keep, iss, ok = Checked{}, false, panicIssue(r), false
		}
	}()
	c, keep = CheckRecord(in, check.Severity(fn.Min))
	c.Records = records
	return c, keep, Issue{}, true
}

// CheckRecord is what [Check] does to one text, for use outside Beam: the
// Checked (with Records 0) and whether it has a finding at min or above.
func CheckRecord(in string, min check.Severity) (Checked, bool) {
	r := check.URL(in)
	c := Checked{Input: in, Severity: check.None.String()}
	top := check.None
	for _, f := range r.Findings {
		if f.Severity < min {
			continue
		}
		top = max(top, f.Severity)
		c.Findings = append(c.Findings, CheckFinding{Code: string(f.Code), Severity: f.Severity.String(), Offset: f.Offset, Message: f.Text, Detail: f.Detail, Count: f.Count, Offsets: f.Offsets})
	}
	c.Severity = top.String()
	return c, min == check.None || len(c.Findings) > 0
}

// WriteChecked writes checked (a PCollection of [Checked]) as JSON Lines
// (see Checked.MarshalJSON) with [WriteSharded].
func WriteChecked(s beam.Scope, prefix string, shards int, checked beam.PCollection) {
	s = s.Scope("urikit.WriteChecked")
	WriteSharded(s, prefix, ".jsonl", shards, beam.ParDo(s, checkedLine, checked))
}

func checkedLine(c Checked) (string, error) {
	b, err := c.MarshalJSON()
	return string(b), err
}
