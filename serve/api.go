package serve

import (
	"context"
	"net/http"
	"strings"

	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/percent"
	"github.com/urikit/urikit/uri"
	"github.com/urikit/urikit/whatwg"
)

// records are the input fields every API request has: one record or a
// batch.
type records struct {
	Input  *string   `json:"input"`
	Inputs *[]string `json:"inputs"`
}

func (rs *records) inputs() *records { return rs }

// list returns the inputs and whether the request was for one record.
func (rs *records) list(max int) ([]string, bool, *apiError) {
	switch {
	case rs.Input != nil && rs.Inputs != nil:
		return nil, false, newError(http.StatusBadRequest, "ambiguous-input", `give "input" or "inputs", not both`)
	case rs.Input != nil:
		return []string{*rs.Input}, true, nil
	case rs.Inputs == nil:
		return nil, false, newError(http.StatusBadRequest, "missing-input", `give "input" (one record) or "inputs" (a batch)`)
	case len(*rs.Inputs) > max:
		return nil, false, newError(http.StatusRequestEntityTooLarge, "too-many-records", "a batch holds at most %d inputs, not %d", max, len(*rs.Inputs))
	}
	return *rs.Inputs, false, nil
}

// request is what every API request type is: a struct of options that
// embeds records.
type request[T any] interface {
	*T
	inputs() *records
}

// api returns the handler of a route whose request type is T. prepare
// checks the options and returns the function that makes one record's
// result.
func api[T any, PT request[T]](h *handler, prepare func(*T) (func(string) any, *apiError)) func(*response, *http.Request) {
	return func(w *response, r *http.Request) {
		req := new(T)
		if e := h.readBody(w, r, req); e != nil {
			writeError(w, e)
			return
		}
		inputs, single, e := PT(req).inputs().list(h.opts.MaxRecords)
		if e != nil {
			writeError(w, e)
			return
		}
		one, e := prepare(req)
		if e != nil {
			writeError(w, e)
			return
		}
		// The answer is made and encoded by a worker, and written after
		// the worker is free again, so that a client slow to read holds
		// no worker.
		body, ok := h.withWorker(r.Context(), func() []byte {
			if single {
				return encodeJSON(struct {
					Result any `json:"result"`
				}{one(inputs[0])})
			}
			results := make([]any, len(inputs))
			for i, in := range inputs {
				results[i] = one(in)
			}
			return encodeJSON(struct {
				Results []any `json:"results"`
			}{results})
		})
		if !ok {
			writeError(w, newError(http.StatusServiceUnavailable, "canceled", "the request ended while it waited for a worker"))
			return
		}
		w.records = len(inputs)
		writeBody(w, http.StatusOK, body)
	}
}

// withWorker calls f once one of the MaxConcurrent workers is free, and
// returns its result and true; or false when ctx ends first.
func (h *handler) withWorker(ctx context.Context, f func() []byte) ([]byte, bool) {
	select {
	case h.workers <- struct{}{}:
	case <-ctx.Done():
		return nil, false
	}
	defer func() { <-h.workers }()
	return f(), true
}

func invalidOption(format string, args ...any) *apiError {
	return newError(http.StatusBadRequest, "invalid-option", format, args...)
}

// parseRequest is the body of /v1/parse.
type parseRequest struct {
	records
	Mode    string  `json:"mode"`
	Lenient bool    `json:"lenient"`
	Base    *string `json:"base"`
}

func prepareParse(req *parseRequest) (func(string) any, *apiError) {
	switch req.Mode {
	case "", "rfc3986":
		if req.Base != nil {
			return nil, invalidOption(`"base" needs "mode": "whatwg" (for RFC 3986, use /v1/resolve)`)
		}
		lenient := req.Lenient
		return func(in string) any {
			rec, _ := report.ParseRFC(in, lenient)
			return rec
		}, nil
	case "whatwg":
		if req.Lenient {
			return nil, invalidOption(`"lenient" is for "mode": "rfc3986"; the WHATWG parser is always as lenient as browsers`)
		}
		var base *whatwg.URL
		if req.Base != nil {
			b, err := whatwg.Parse(*req.Base, nil)
			if err != nil {
				return nil, invalidOption(`"base": %v`, err)
			}
			base = b
		}
		baseText := req.Base
		return func(in string) any {
			rec, _, _ := report.ParseWHATWG(in, base, baseText)
			return rec
		}, nil
	}
	return nil, invalidOption(`"mode" is "rfc3986" or "whatwg", not %q`, req.Mode)
}

// encodeRequest is the body of /v1/encode.
type encodeRequest struct {
	records
	Set         *string `json:"set"`
	Plus        bool    `json:"plus"`
	KeepEscapes bool    `json:"keep_escapes"`
}

func prepareEncode(req *encodeRequest) (func(string) any, *apiError) {
	name := "unreserved"
	if req.Set != nil {
		name = *req.Set
	}
	enc, ok := report.EncoderFor(name, req.Plus, req.KeepEscapes)
	if !ok {
		return nil, invalidOption(`"set" is one of %s; not %q`, strings.Join(report.SetNames(), ", "), name)
	}
	return func(in string) any { return report.Encode(in, enc) }, nil
}

// decodeRequest is the body of /v1/decode.
type decodeRequest struct {
	records
	Lenient bool `json:"lenient"`
	Plus    bool `json:"plus"`
	LegacyU bool `json:"legacy_u"`
}

func prepareDecode(req *decodeRequest) (func(string) any, *apiError) {
	dec := percent.Decoder{Lenient: req.Lenient, PlusAsSpace: req.Plus, LegacyU: req.LegacyU}
	return func(in string) any { return report.Decode(in, dec) }, nil
}

// normalizeRequest is the body of /v1/normalize.
type normalizeRequest struct {
	records
	Level          *string `json:"level"`
	SortQuery      bool    `json:"sort_query"`
	DropFragment   bool    `json:"drop_fragment"`
	DropEmptyQuery bool    `json:"drop_empty_query"`
}

func prepareNormalize(req *normalizeRequest) (func(string) any, *apiError) {
	name := "scheme"
	if req.Level != nil {
		name = *req.Level
	}
	l, err := report.Level(name, req.SortQuery, req.DropFragment, req.DropEmptyQuery)
	if err != nil {
		return nil, invalidOption(`"level": %v`, err)
	}
	return func(in string) any { return report.Normalize(in, l) }, nil
}

// resolveRequest is the body of /v1/resolve.
type resolveRequest struct {
	records
	Base *string `json:"base"`
}

func prepareResolve(req *resolveRequest) (func(string) any, *apiError) {
	if req.Base == nil {
		return nil, invalidOption(`"base" is required: an absolute URI`)
	}
	base, err := uri.ParseURI(*req.Base)
	if err != nil {
		return nil, invalidOption(`"base": %v`, err)
	}
	return func(in string) any { return report.Resolve(base, in) }, nil
}
