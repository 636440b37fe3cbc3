package api

import (
	"encoding/json"

	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/template"
)

// templateRequest is the body of /v1/template/expand and
// /v1/template/match: the records and the template; for expand,
// "variables" (a JSON object) may stand for "input".
type templateRequest struct {
	records
	Template  *string         `json:"template"`
	Variables json.RawMessage `json:"variables"`
}

// inputs returns the records, with "variables" as the one input when it
// is given (with "input" too, the request is ambiguous).
func (r *templateRequest) inputs() *records {
	if len(r.Variables) > 0 {
		if r.Input != nil {
			r.Inputs = &[]string{} // makes list() report ambiguous-input
		}
		s := string(r.Variables)
		r.Input = &s
		r.Variables = nil
	}
	return &r.records
}

// parseTemplate checks the "template" option.
func (r *templateRequest) parseTemplate() (template.Template, *Error) {
	if r.Template == nil {
		return template.Template{}, invalidOption(`"template" is required: the URI Template (RFC 6570)`)
	}
	t, err := template.Parse(*r.Template)
	if err != nil {
		return template.Template{}, invalidOption(`"template": %v`, err)
	}
	return t, nil
}

// prepareTemplateExpand answers each record, a JSON object of variables,
// with the record of "urikit template expand --json".
func prepareTemplateExpand(req *templateRequest) (Maker, *Error) {
	t, e := req.parseTemplate()
	if e != nil {
		return nil, e
	}
	return func(in string) report.Record { return report.TemplateExpand(t, in) }, nil
}

// prepareTemplateMatch answers each record, a URL, with the record of
// "urikit template match --json".
func prepareTemplateMatch(req *templateRequest) (Maker, *Error) {
	t, e := req.parseTemplate()
	if e != nil {
		return nil, e
	}
	if _, err := t.Match(""); err != nil {
		if te := report.TemplateError(err); te.Code == string(template.ErrAmbiguous) {
			return nil, invalidOption(`"template": %v`, err)
		}
	}
	return func(in string) report.Record { return report.TemplateMatch(t, in) }, nil
}
