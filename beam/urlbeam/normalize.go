package urlbeam

import (
	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/urikit/urikit/uri"
)

func init() {
	register.DoFn3x0[URL, func(URL), func(DeadLetter)](&normalizeFn{})
}

// Normalize normalizes the Text of each record of urls (a PCollection of
// [URL], as [Parse] makes) with the steps of level, as "urikit normalize
// --level" does, and returns the normalized records and the dead letters
// (stage "normalize"). Host is updated to the normalized host.
//
// RFC 3986 normalization applies to WHATWG records too: their href is
// already in the URL Standard's canonical form, and the steps that go
// beyond it (uri.SortQuery, uri.DropFragment, ...) apply as for any URI.
func Normalize(s beam.Scope, urls beam.PCollection, level uri.Level) (normalized, dead beam.PCollection) {
	s = s.Scope("urikit.Normalize")
	return beam.ParDo2(s, &normalizeFn{Level: uint16(level)}, urls)
}

// normalizeFn is the DoFn of Normalize.
type normalizeFn struct {
	Level uint16 `json:"level"`
}

func (fn *normalizeFn) ProcessElement(u URL, emit func(URL), dead func(DeadLetter)) {
	n, iss, ok := fn.normalize(u)
	if !ok {
		dead(DeadLetter{Input: u.Input, Stage: StageNormalize, Err: iss})
		return
	}
	emit(n)
}

func (fn *normalizeFn) normalize(u URL) (n URL, iss Issue, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			n, iss, ok = URL{}, panicIssue(r), false
		}
	}()
	return NormalizeURL(u, uri.Level(fn.Level)), Issue{}, true
}

// NormalizeURL is what [Normalize] does to one record, for use outside
// Beam.
func NormalizeURL(u URL, level uri.Level) URL {
	// A text that Parse accepts gives the same Reference through
	// ParseLenient, which also takes what lenient parsers let through.
	r, _ := uri.ParseLenient(u.Text)
	r = uri.Normalize(r, level)
	u.Text = r.String()
	u.Host, u.HasHost = r.Host()
	return u
}
