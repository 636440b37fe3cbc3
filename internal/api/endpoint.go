package api

import (
	"maps"
	"slices"
	"strings"

	"github.com/urikit/urikit/internal/report"
)

// An Endpoint is the API side of a record subcommand: how a request's
// body is decoded, its options checked and each input made into its
// record. The zero Endpoint answers 500.
type Endpoint struct {
	decode func(d *Decoder, body []byte, maxRecords int) (*Job, *Error)
}

// A Job is a request decoded and checked: its inputs and the function
// that makes the record of one. A nil *Job has no inputs.
type Job struct {
	// Inputs are the inputs, one record each.
	Inputs []string
	// Single is set when the request was for one record (the answer is
	// the record object, not an array of them).
	Single bool
	// Record makes the record of one input.
	Record Maker
	// InputBytes is the length of the inputs, together.
	InputBytes int64
}

// Weight is the memory the job is expected to hold, from its decoded
// inputs to its answer (see RequestWeight).
func (j *Job) Weight() int64 {
	if j == nil {
		return RequestWeight(0, 0)
	}
	return RequestWeight(j.InputBytes, len(j.Inputs))
}

// Heavy reports whether the job is heavy: 32 KiB of input or more,
// counting 128 bytes per record.
func (j *Job) Heavy() bool { return j != nil && isHeavy(j.InputBytes, len(j.Inputs)) }

// Decode decodes the JSON body of a request to the endpoint and checks it:
// the text (checkText), the fields (no unknown option), the inputs (at
// most maxRecords in a batch) and the options. d may be shared.
func (ep Endpoint) Decode(d *Decoder, body []byte, maxRecords int) (*Job, *Error) {
	if ep.decode == nil {
		return nil, newError(statusInternalServerError, "internal", "internal error")
	}
	if d == nil {
		d = new(Decoder)
	}
	return ep.decode(d, body, maxRecords)
}

// newEndpoint returns the endpoint whose request type is T. prepare
// checks the options and returns the function that makes one record.
func newEndpoint[T any, PT request[T]](prepare func(*T) (Maker, *Error)) Endpoint {
	return Endpoint{decode: func(d *Decoder, body []byte, maxRecords int) (*Job, *Error) {
		req := new(T)
		if e := d.decodeBody(body, req); e != nil {
			return nil, e
		}
		inputs, single, e := PT(req).inputs().list(maxRecords)
		if e != nil {
			return nil, e
		}
		one, e := prepare(req)
		if e != nil {
			return nil, e
		}
		if t, ok := any(req).(interface{ takesEmpty() bool }); !ok || !t.takesEmpty() {
			// A blank input fails as a blank line does in the CLI.
			one = failEmpty(one)
		}
		var n int64
		for _, in := range inputs {
			n += int64(len(in))
		}
		return &Job{Inputs: inputs, Single: single, Record: one, InputBytes: n}, nil
	}}
}

// failEmpty returns mk with the rule of blank records: an empty input
// fails with the code "empty" (report.Empty).
func failEmpty(mk Maker) Maker {
	return func(s string) report.Record {
		if s == "" {
			return report.Empty()
		}
		return mk(s)
	}
}

// Endpoints returns the endpoint of each record subcommand, by its name in
// report.Commands, the table of the subcommands and their routes. resolve,
// when not nil, makes the records of /v1/check requests with "resolve":
// true; nil refuses them.
func Endpoints(resolve Maker) map[string]Endpoint {
	return map[string]Endpoint{
		"encode":          newEndpoint(prepareEncode),
		"decode":          newEndpoint(prepareDecode),
		"parse":           newEndpoint(prepareParse),
		"resolve":         newEndpoint(prepareResolve),
		"relativize":      newEndpoint(prepareRelativize),
		"normalize":       newEndpoint(prepareNormalize),
		"equal":           newEndpoint(prepareEqual),
		"iri":             newEndpoint(prepareIRI),
		"idna":            newEndpoint(prepareIDNA),
		"form decode":     newEndpoint(prepareFormDecode),
		"form encode":     newEndpoint(prepareFormEncode),
		"check":           checkEndpoint(resolve),
		"file":            newEndpoint(prepareFile),
		"domain":          newEndpoint(prepareDomain),
		"urn":             newEndpoint(prepareURN),
		"git":             newEndpoint(prepareGit),
		"purl":            newEndpoint(preparePURL),
		"mailto":          newEndpoint(prepareMailto),
		"data":            newEndpoint(prepareData),
		"template expand": newEndpoint(prepareTemplateExpand),
		"template match":  newEndpoint(prepareTemplateMatch),
		"edit":            newEndpoint(prepareEdit),
		"match":           newEndpoint(prepareMatch),
		"surt":            newEndpoint(prepareSURT),
		"unwrap":          newEndpoint(prepareUnwrap),
	}
}

// Routes returns the endpoint of each route of report.Commands. It panics
// when the table of endpoints and report.Commands do not name the same
// subcommands (a bug that every test finds).
func Routes(resolve Maker) map[string]Endpoint {
	eps := Endpoints(resolve)
	routes := make(map[string]Endpoint, len(eps))
	for _, c := range report.Commands() {
		ep, ok := eps[c.Name]
		if !ok {
			panic("api: no endpoint for the record subcommand " + c.Name)
		}
		delete(eps, c.Name)
		routes[c.Route] = ep
	}
	if len(eps) > 0 {
		panic("api: endpoints for " + strings.Join(slices.Sorted(maps.Keys(eps)), ", ") + ", which report.Commands does not list")
	}
	return routes
}

// NotFound is the answer for a path that is none of routes; for a path
// that starts some of them ("/v1/form"), the message names them.
func NotFound(path string, routes []string) *Error {
	var under []string
	for _, p := range routes {
		if strings.HasPrefix(p, path+"/") && path != "" && path != "/" {
			under = append(under, p)
		}
	}
	if len(under) > 0 {
		slices.Sort(under)
		return newError(statusNotFound, "not-found", "no route %s: see %s", path, strings.Join(under, ", "))
	}
	return newError(statusNotFound, "not-found", "no route %s", path)
}
