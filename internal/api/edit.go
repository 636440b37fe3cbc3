package api

import (
	"encoding/json"
	"errors"

	"github.com/urikit/urikit/internal/edit"
	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/tracking"
)

// editRequest is the body of /v1/edit: the records and the operations of
// "urikit edit", named as its flags with "_" for "-".
type editRequest struct {
	records
	RFC3986     bool     `json:"rfc3986"`
	WHATWG      bool     `json:"whatwg"`
	GuessScheme bool     `json:"guess_scheme"`
	Redirect    string   `json:"redirect"`
	Set         []string `json:"set"`
	Iterate     []string `json:"iterate"`
	Append      []string `json:"append"`
	Replace     []string `json:"replace"`
	Delete      []string `json:"delete"`
	Keep        []string `json:"keep"`
	Trim        bool     `json:"trim"`
	// TrimRules is a rule file in the ClearURLs format, inline: the
	// rules of "trim" instead of the built-in set.
	TrimRules   json.RawMessage `json:"trim_rules"`
	SortQuery   bool            `json:"sort_query"`
	DefaultPort bool            `json:"default_port"`
	NoPort      bool            `json:"no_port"`
	Punycode    bool            `json:"punycode"`
	AsIDN       bool            `json:"as_idn"`
}

// takesEmpty reports whether an empty input is the URL to build from
// nothing: with "set" or "iterate".
func (req *editRequest) takesEmpty() bool { return len(req.Set) > 0 || len(req.Iterate) > 0 }

// prepareEdit answers each record with the record of "urikit edit
// --json": the edited URL and its components, or the failure, and the
// operations that matched nothing as findings.
func prepareEdit(req *editRequest) (Maker, *Error) {
	if req.RFC3986 && req.WHATWG {
		return nil, invalidOption(`give one of "rfc3986": true and "whatwg": true`)
	}
	var rules *tracking.Rules
	if len(req.TrimRules) > 0 && string(req.TrimRules) != "null" {
		if !req.Trim {
			return nil, invalidOption(`"trim_rules" needs "trim": true`)
		}
		r, err := tracking.New(req.TrimRules)
		if err != nil {
			return nil, invalidOption(`"trim_rules": %v`, err)
		}
		rules = &r
	}
	ed, err := edit.New(edit.Options{
		TrackingRules: rules,
		RFC3986:       req.RFC3986, GuessScheme: req.GuessScheme, Resolve: req.Redirect,
		Set: req.Set, Iterate: req.Iterate, Append: req.Append, Replace: req.Replace,
		Delete: req.Delete, Keep: req.Keep, DeleteTracking: req.Trim, SortQuery: req.SortQuery,
		AddDefaultPort: req.DefaultPort, ClearPort: req.NoPort, HostToASCII: req.Punycode, HostToUnicode: req.AsIDN,
	})
	if err != nil {
		var e *edit.Error
		if errors.As(err, &e) {
			return nil, invalidOption("%s", e.Text(editKey))
		}
		return nil, invalidOption("%v", err)
	}
	return func(in string) report.Record { return report.EditRecord(ed, in, editKey) }, nil
}

// editKeys are the JSON keys of /v1/edit of the fields of edit.Options:
// the words of its messages.
var editKeys = map[string]string{
	"RFC3986":        `"rfc3986"`,
	"GuessScheme":    `"guess_scheme"`,
	"Resolve":        `"redirect"`,
	"Set":            `"set"`,
	"Iterate":        `"iterate"`,
	"Append":         `"append"`,
	"Replace":        `"replace"`,
	"Delete":         `"delete"`,
	"Keep":           `"keep"`,
	"DeleteTracking": `"trim"`,
	"TrackingRules":  `"trim_rules"`,
	"SortQuery":      `"sort_query"`,
	"AddDefaultPort": `"default_port"`,
	"ClearPort":      `"no_port"`,
	"HostToASCII":    `"punycode"`,
	"HostToUnicode":  `"as_idn"`,
}

// editKey returns the JSON key, quoted, of the field option of
// edit.Options.
func editKey(option string) string {
	if k, ok := editKeys[option]; ok {
		return k
	}
	return option
}
