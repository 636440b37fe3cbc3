package urlbeam

import (
	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/uri"
	"github.com/urikit/urikit/whatwg"
)

func init() {
	register.DoFn3x0[string, func(URL), func(DeadLetter)](&parseFn{})
	register.Emitter1[URL]()
	register.Emitter1[DeadLetter]()
}

// ParseOptions says how [Parse] parses.
type ParseOptions struct {
	// Parser is RFC3986 (the default when empty) or WHATWG.
	Parser Parser
	// Lenient accepts what real-world URLs contain and records each
	// deviation in URL.Deviations: uri.ParseLenient for RFC 3986, which
	// never fails; for WHATWG, the URL Standard's parser as browsers run it,
	// which fails only where a browser would. Strict parsing makes a dead
	// letter of every record that is not valid: uri.Parse for RFC 3986 (as
	// "urikit normalize" does), and for WHATWG any validation error.
	Lenient bool
	// Absolute makes a dead letter of RFC 3986 relative references
	// (ErrMissingScheme): a URL set usually wants URIs only. WHATWG parsing
	// without a base always requires a scheme.
	Absolute bool
}

// Parse parses each line of lines (a PCollection of string) and returns the
// parsed records (a PCollection of [URL]) and the dead letters (a
// PCollection of [DeadLetter], stage "parse") of the lines that failed.
func Parse(s beam.Scope, lines beam.PCollection, opts ParseOptions) (urls, dead beam.PCollection) {
	s = s.Scope("urikit.Parse")
	if opts.Parser == "" {
		opts.Parser = RFC3986
	}
	if _, err := ParseParser(string(opts.Parser)); err != nil {
		panic("urlbeam.Parse: " + err.Error())
	}
	return beam.ParDo2(s, &parseFn{Parser: string(opts.Parser), Lenient: opts.Lenient, Absolute: opts.Absolute}, lines)
}

// parseFn is the DoFn of Parse.
type parseFn struct {
	Parser   string `json:"parser"`
	Lenient  bool   `json:"lenient"`
	Absolute bool   `json:"absolute"`
}

func (fn *parseFn) ProcessElement(line string, emit func(URL), dead func(DeadLetter)) {
	u, iss, ok := fn.parse(line)
	if !ok {
		dead(DeadLetter{Input: line, Stage: StageParse, Err: iss})
		return
	}
	emit(u)
}

// parse parses one line, turning a panic into a failure.
func (fn *parseFn) parse(line string) (u URL, iss Issue, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			u, iss, ok = URL{}, panicIssue(r), false
		}
	}()
	return ParseLine(line, ParseOptions{Parser: Parser(fn.Parser), Lenient: fn.Lenient, Absolute: fn.Absolute})
}

// ParseLine is what [Parse] does to one line, for use outside Beam: it
// returns the record, or the reason the line is a dead letter and false.
func ParseLine(line string, opts ParseOptions) (URL, Issue, bool) {
	if opts.Parser == WHATWG {
		return parseWHATWG(line, opts.Lenient)
	}
	var (
		r   uri.Reference
		dev []Issue
	)
	if opts.Lenient {
		var findings []uri.Finding
		r, findings = uri.ParseLenient(line)
		for _, f := range findings {
			dev = append(dev, Issue{Offset: f.Offset, Component: string(f.Component), Code: string(f.Code), Message: f.Message()})
		}
	} else {
		var err error
		if r, err = uri.Parse(line); err != nil {
			return URL{}, issueOf(err), false
		}
	}
	if opts.Absolute && !r.HasScheme() {
		return URL{}, Issue{Offset: 0, Component: string(uri.ComponentScheme), Code: string(uri.ErrMissingScheme), Message: uri.ErrMissingScheme.Message()}, false
	}
	u := URL{Input: line, Text: r.String(), Deviations: dev}
	u.Host, u.HasHost = r.Host()
	return u, Issue{}, true
}

func parseWHATWG(line string, lenient bool) (URL, Issue, bool) {
	w, verrs, err := whatwg.ParseWithFindings(line)
	if err != nil {
		return URL{}, issueOf(err), false
	}
	var dev []Issue
	for _, v := range verrs {
		iss := Issue{Offset: v.Offset, Code: string(v.Code), Message: report.WHATWGMessage(string(v.Code))}
		if !lenient {
			return URL{}, iss, false
		}
		dev = append(dev, iss)
	}
	return URL{Input: line, Text: w.Href(), HasHost: w.HasHost(), Host: w.Hostname(), Deviations: dev}, Issue{}, true
}
