package api

import "github.com/urikit/urikit/internal/report"

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
	SortQuery   bool     `json:"sort_query"`
	DefaultPort bool     `json:"default_port"`
	NoPort      bool     `json:"no_port"`
	Punycode    bool     `json:"punycode"`
	AsIDN       bool     `json:"as_idn"`
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
	ed, err := report.NewEditor(report.EditOptions{
		RFC3986: req.RFC3986, GuessScheme: req.GuessScheme, Redirect: req.Redirect,
		Set: req.Set, Iterate: req.Iterate, Append: req.Append, Replace: req.Replace,
		Delete: req.Delete, Keep: req.Keep, Trim: req.Trim, SortQuery: req.SortQuery,
		DefaultPort: req.DefaultPort, NoPort: req.NoPort, Punycode: req.Punycode, AsIDN: req.AsIDN,
	})
	if err != nil {
		return nil, invalidOption("%v", err)
	}
	return ed.EditRecord, nil
}
