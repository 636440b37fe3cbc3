package report

import (
	"errors"
	"strconv"

	"github.com/urikit/urikit/internal/window"
	"github.com/urikit/urikit/urlpattern"
	"github.com/urikit/urikit/whatwg"
)

// PatternMatcher holds the compiled patterns of "urikit match" and
// makes its records. It is safe for concurrent use.
type PatternMatcher struct {
	sources []string
	set     urlpattern.Set
	base    *whatwg.URL
}

// NewPatternMatcher compiles patterns (constructor strings, such as
// "https://*.example.com/books/:id"), relative to base when base is not
// "" (which is then also the base of the inputs), with ignoreCase for
// urlpattern.Options. The error names the pattern that failed by its
// index and quotes it around the offset.
func NewPatternMatcher(patterns []string, base string, ignoreCase bool) (*PatternMatcher, error) {
	if len(patterns) == 0 {
		return nil, errors.New("no pattern given")
	}
	m := &PatternMatcher{sources: patterns}
	if base != "" {
		u, err := whatwg.Parse(base)
		if err != nil {
			return nil, errors.New("base: " + window.Clip(err.Error(), maxMessage))
		}
		m.base = &u
	}
	opts := urlpattern.Options{IgnoreCase: ignoreCase}
	for i, s := range patterns {
		var (
			p   *urlpattern.Pattern
			err error
		)
		if base != "" {
			p, err = urlpattern.NewBase(s, base, opts)
		} else {
			p, err = urlpattern.New(s, opts)
		}
		if err != nil {
			msg := window.Clip(err.Error(), maxMessage)
			if len(patterns) > 1 {
				msg = "pattern " + strconv.Itoa(i+1) + ": " + msg
			}
			return nil, errors.New(msg)
		}
		m.set.Add(p)
	}
	return m, nil
}

// Record is the record of "urikit match": in parsed as a URL (with
// the WHATWG parser, against the base if any) and matched against the
// patterns. Its fields are "matched" (bool), "pattern" (the first pattern
// that matched, as given, or null) and "groups": for each component of
// that pattern that has groups, other than a bare "*", an object of the
// group names and their values (null for an optional group that did not
// take part), as URLPattern.exec() gives them. A URL that does not parse
// is an error record.
func (m *PatternMatcher) Record(in string) Record {
	var base whatwg.URL // the zero URL is no base
	if m.base != nil {
		base = *m.base
	}
	u, err := base.Parse(in)
	if err != nil {
		return Record{Input: in, Error: FailureError(err)}
	}
	var ids [8]int
	match := m.set.MatchURL(&u, ids[:0])
	if len(match) == 0 {
		return Record{Input: in, Fields: []Field{Bool("matched", false), OptText("pattern", "", false), Object("groups")}}
	}
	p := m.set.Pattern(match[0])
	r := p.ExecURL(&u)
	var comps []Field
	if r != nil {
		for _, name := range [...]string{"protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"} {
			c := r.Component(urlpattern.Component(name))
			if len(c.Groups) == 0 || componentPattern(p, name) == "*" {
				continue
			}
			gs := make([]Field, len(c.Groups))
			for i, g := range c.Groups {
				gs[i] = OptText(g.Name, g.Value, g.Matched)
			}
			comps = append(comps, Object(name, gs...))
		}
	}
	return Record{Input: in, Fields: []Field{Bool("matched", true), Text("pattern", m.sources[match[0]]), Object("groups", comps...)}}
}

func componentPattern(p *urlpattern.Pattern, name string) string {
	switch name {
	case "protocol":
		return p.Protocol()
	case "username":
		return p.Username()
	case "password":
		return p.Password()
	case "hostname":
		return p.Hostname()
	case "port":
		return p.Port()
	case "pathname":
		return p.Pathname()
	case "search":
		return p.Search()
	}
	return p.Hash()
}

// Fields returns the fields of an Object field, else nil.
func (f Field) Fields() []Field { return f.obj }
