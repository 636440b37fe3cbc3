package api

import (
	"strings"

	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/percent"
	"github.com/urikit/urikit/uri"
	"github.com/urikit/urikit/whatwg"
)

func invalidOption(format string, args ...any) *Error {
	return newError(statusBadRequest, "invalid-option", format, args...)
}

// parseRequest is the body of /v1/parse.
type parseRequest struct {
	records
	Mode    string  `json:"mode"`
	Lenient bool    `json:"lenient"`
	Base    *string `json:"base"`
}

func prepareParse(req *parseRequest) (Maker, *Error) {
	switch req.Mode {
	case "", "rfc3986":
		if req.Base != nil {
			return nil, invalidOption(`"base" needs "mode": "whatwg" (for RFC 3986, use /v1/resolve)`)
		}
		lenient := req.Lenient
		return func(in string) report.Record { return report.ParseRFC(in, lenient) }, nil
	case "whatwg":
		if req.Lenient {
			return nil, invalidOption(`"lenient" is for "mode": "rfc3986"; the WHATWG parser is always as lenient as browsers`)
		}
		var base *whatwg.URL
		if req.Base != nil {
			b, err := whatwg.Parse(*req.Base)
			if err != nil {
				return nil, invalidOption(`"base": %v`, err)
			}
			base = &b
		}
		return func(in string) report.Record {
			rec, _ := report.ParseWHATWG(in, base)
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

func prepareEncode(req *encodeRequest) (Maker, *Error) {
	name := "unreserved"
	if req.Set != nil {
		name = *req.Set
	}
	enc, ok := report.EncoderFor(name, req.Plus, req.KeepEscapes)
	if !ok {
		return nil, invalidOption(`"set" is one of %s; not %q`, strings.Join(report.SetNames(), ", "), name)
	}
	return func(in string) report.Record { return report.Encode(in, enc) }, nil
}

// decodeRequest is the body of /v1/decode.
type decodeRequest struct {
	records
	Lenient bool `json:"lenient"`
	Bytes   bool `json:"bytes"`
	Plus    bool `json:"plus"`
	LegacyU bool `json:"legacy_u"`
}

func prepareDecode(req *decodeRequest) (Maker, *Error) {
	m := report.DecodeMode{Decoder: percent.Decoder{Lenient: req.Lenient, PlusAsSpace: req.Plus, LegacyU: req.LegacyU}, Bytes: req.Bytes}
	return func(in string) report.Record { return report.DecodeRecord(in, m) }, nil
}

// levelOptions are the normalization options of /v1/normalize and
// /v1/equal.
type levelOptions struct {
	Level          *string `json:"level"`
	SortQuery      bool    `json:"sort_query"`
	DropFragment   bool    `json:"drop_fragment"`
	DropEmptyQuery bool    `json:"drop_empty_query"`
}

// level returns the level the options give ("scheme" by default).
func (o *levelOptions) level() (uri.Level, *Error) {
	name := "scheme"
	if o.Level != nil {
		name = *o.Level
	}
	l, err := report.Level(name, o.SortQuery, o.DropFragment, o.DropEmptyQuery)
	if err != nil {
		return 0, invalidOption(`"level": %v`, err)
	}
	return l, nil
}

// normalizeRequest is the body of /v1/normalize.
type normalizeRequest struct {
	records
	levelOptions
	Lenient bool `json:"lenient"`
	WHATWG  bool `json:"whatwg"`
}

func prepareNormalize(req *normalizeRequest) (Maker, *Error) {
	l, e := req.level()
	if e != nil {
		return nil, e
	}
	m := report.NormalizeStrict
	switch {
	case req.Lenient && req.WHATWG:
		return nil, invalidOption(`"lenient" and "whatwg" exclude each other`)
	case req.Lenient:
		m = report.NormalizeLenient
	case req.WHATWG:
		m = report.NormalizeWHATWG
	}
	return func(in string) report.Record { return report.NormalizeRecord(in, l, m) }, nil
}

// baseRequest is the body of /v1/resolve and /v1/relativize.
type baseRequest struct {
	records
	Base *string `json:"base"`
}

// base returns the base URI of the request.
func (req *baseRequest) base() (uri.Reference, *Error) {
	if req.Base == nil {
		return uri.Reference{}, invalidOption(`"base" is required: an absolute URI`)
	}
	base, err := uri.ParseURI(*req.Base)
	if err != nil {
		return base, invalidOption(`"base": %v`, err)
	}
	return base, nil
}

func prepareResolve(req *baseRequest) (Maker, *Error) {
	base, e := req.base()
	if e != nil {
		return nil, e
	}
	return func(in string) report.Record { return report.Resolve(base, in) }, nil
}

func prepareRelativize(req *baseRequest) (Maker, *Error) {
	base, e := req.base()
	if e != nil {
		return nil, e
	}
	return func(in string) report.Record { return report.Relativize(base, in) }, nil
}

// equalRequest is the body of /v1/equal.
type equalRequest struct {
	records
	Other *string `json:"other"`
	levelOptions
}

func prepareEqual(req *equalRequest) (Maker, *Error) {
	if req.Other == nil {
		return nil, invalidOption(`"other" is required: the URI reference each input is compared with`)
	}
	other, err := uri.Parse(*req.Other)
	if err != nil {
		return nil, invalidOption(`"other": %v`, err)
	}
	l, e := req.level()
	if e != nil {
		return nil, e
	}
	return func(in string) report.Record { return report.Equal(in, other, l) }, nil
}

// iriRequest is the body of /v1/iri.
type iriRequest struct {
	records
	ToURI bool `json:"to_uri"`
	ToIRI bool `json:"to_iri"`
}

func prepareIRI(req *iriRequest) (Maker, *Error) {
	if req.ToURI == req.ToIRI {
		return nil, invalidOption(`give one of "to_uri": true and "to_iri": true`)
	}
	toIRI := req.ToIRI
	return func(in string) report.Record { return report.IRI(in, toIRI) }, nil
}

// formRequest is the body of /v1/form/decode and /v1/form/encode: the
// records only.
type formRequest struct {
	records
}

func prepareFormDecode(*formRequest) (Maker, *Error) { return report.FormDecode, nil }

func prepareFormEncode(*formRequest) (Maker, *Error) { return report.FormEncode, nil }
