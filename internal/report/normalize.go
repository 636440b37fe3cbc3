package report

import (
	"errors"
	"strings"

	"github.com/urikit/urikit/uri"
	"github.com/urikit/urikit/whatwg"
)

// LevelNames returns every name that Level (and "urikit normalize
// --level") accepts, in this order: the ladders "syntax", "scheme",
// "full", then "none", then the name of each single step in the order of
// the steps. The names are read from package uri (Level.String and
// ParseLevel), so that the list cannot drift from what is accepted.
func LevelNames() []string {
	names := []string{uri.Syntax.String(), uri.SchemeBased.String(), uri.Full.String(), uri.Level(0).String()}
	for i := range 16 {
		step := uri.Level(1) << i
		name := step.String()
		if l, err := uri.ParseLevel(name); err == nil && l == step {
			names = append(names, name)
		}
	}
	return names
}

// unknownLevel is the error of Level for the error err of
// uri.ParseLevel: it lists the names that are known.
func unknownLevel(err error) error {
	return errors.New(err.Error() + " (known: " + strings.Join(LevelNames(), ", ") + ")")
}

// StepNames returns the names of the single normalization steps, as
// LevelNames lists them after the ladders and "none".
func StepNames() []string { return LevelNames()[4:] }

// NormalizeMode is how "urikit normalize" reads a record before it
// normalizes it.
type NormalizeMode uint8

// The normalize modes.
const (
	// NormalizeStrict parses the record as an RFC 3986 reference
	// (uri.Parse): a violation of the grammar fails the record.
	NormalizeStrict NormalizeMode = iota
	// NormalizeLenient parses it with uri.ParseLenient, which never
	// fails, lists what it tolerated as findings, and normalizes what
	// can be, losslessly (see NormalizeMode.Normalize).
	NormalizeLenient
	// NormalizeWHATWG parses it as a browser does (package whatwg, no
	// base URL: a relative reference fails), lists the validation
	// errors as findings, and normalizes the serialized URL (its href)
	// with the steps that make sense on it (see
	// NormalizeMode.Normalize).
	NormalizeWHATWG
)

// WHATWGSkippedSteps are the steps that NormalizeWHATWG never applies to
// the serialized URL: the URL Standard's parser has already removed the
// dot segments of every hierarchical path (treating "%2e" as "." too),
// and RFC 3986's removal would only change the opaque paths that it
// keeps as they are on purpose ("mailto:a/../b").
const WHATWGSkippedSteps = uri.DotSegments

// Normalize returns the normalization of in at level l, read as m says,
// the findings (only when findings is set) and the record's error (nil
// when it succeeded). The result may be in itself when nothing changes,
// so that a caller that appends it to its own buffer copies it once. The
// findings of a failed WHATWG parse are the validation errors met before
// the one that failed it, which is the error.
//
// Strict: uri.Parse, then uri.Normalize.
//
// Lenient: uri.ParseLenient, then uri.Normalize, which keeps the
// normalization lossless. What the lenient parser tolerated (spaces,
// quotes, raw non-ASCII or invalid UTF-8, a second "@", ...) is kept as it
// is: nothing is encoded or decoded there, and nothing is dropped but by
// the steps that drop a whole component, port or dot segment
// (drop-fragment, drop-empty-query, default-port, empty-port,
// dot-segments). A malformed escape ("%zz", "%4", a "%" at the end) stays
// as written, and the percent-encoding step never decodes an escape of a
// hex digit right after one, since that would make it a valid escape of
// another octet ("%4%41" stays "%4%41", not "%4A"; "%%7e" gives "%~").
//
// WHATWG: whatwg.Parse, then the steps of l but WHATWGSkippedSteps applied
// as in lenient mode to the href, which need not be an RFC 3986
// reference (the URL Standard keeps "|" in a path, "{" or "^" in a query,
// and a stray "%").
// The parser has already lowercased the scheme and special hosts,
// removed default ports of special schemes, leading zeros and empty
// ports, and given special URLs a "/" path; what the steps add is case
// for non-special hosts, the percent-encoding step (uppercase hex, decoded
// unreserved characters), the default ports of other schemes (ssh 22,
// ...), mailto domains, and the query and fragment steps.
func (m NormalizeMode) Normalize(in string, l uri.Level, findings bool) (string, []Error, *Error) {
	switch m {
	case NormalizeLenient:
		var fs []Error
		if findings {
			out, lf := normalizeLenient(in, l, true)
			fs = make([]Error, 0, len(lf))
			for _, f := range lf {
				fs = appendError(fs, Error{Offset: f.Offset, Component: string(f.Component), Code: string(f.Code), Message: f.Message(), Count: f.Count, Offsets: f.Offsets})
			}
			return out, fs, nil
		}
		out, _ := normalizeLenient(in, l, false)
		return out, nil, nil
	case NormalizeWHATWG:
		var u whatwg.URL
		var err error
		var fs []Error
		if findings {
			var verrs []whatwg.Finding
			u, verrs, err = whatwg.ParseWithFindings(in)
			var we *whatwg.Error
			failure := errors.As(err, &we)
			for _, v := range verrs {
				if failure && v.Code == we.Code && v.Offset == we.Offset && v.Count <= 1 {
					// The record's error says it.
					continue
				}
				fs = appendError(fs, Error{Offset: v.Offset, Code: string(v.Code), Message: WHATWGMessage(string(v.Code)), Count: v.Count, Offsets: v.Offsets})
			}
		} else {
			u, err = whatwg.Parse(in)
		}
		if err != nil {
			return "", fs, FailureError(err)
		}
		out, _ := normalizeLenient(u.Href(), l&^WHATWGSkippedSteps, false)
		return out, fs, nil
	}
	r, err := uri.Parse(in)
	if err != nil {
		return "", nil, URIError(err)
	}
	return uri.Normalize(r, l).String(), nil, nil
}

// NormalizeRecord is the record of "urikit normalize": in read as m says
// and normalized at level l.
func NormalizeRecord(in string, l uri.Level, m NormalizeMode) Record {
	out, findings, err := m.Normalize(in, l, true)
	return NewRecord([]byte(in), []byte(out), err, findings)
}

// normalizeLenient returns the normalization of s, read by
// uri.ParseLenient, at level l, and the findings of the parse when asked.
// (uri.Normalize keeps what the lenient parser tolerated, and its
// percent-encoding step, percent.AppendNormalize, never completes a
// malformed escape: see NormalizeMode.Normalize and the tests that hold
// both to it.)
func normalizeLenient(s string, l uri.Level, findings bool) (string, []uri.Finding) {
	r, fs := uri.ParseLenient(s)
	if !findings {
		fs = nil
	}
	return uri.Normalize(r, l).String(), fs
}
