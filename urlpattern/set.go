package urlpattern

import (
	"slices"
	"strings"

	"github.com/urikit/urikit/whatwg"
)

// Set is a collection of patterns that finds every pattern matching a URL
// without trying each pattern's regexps in turn: patterns are indexed by
// their literal hostname (or by the literal end of a hostname pattern
// such as "*.example.com"), and a pattern is tried only when its literal
// protocol and the literal start of its pathname agree with the URL. The
// zero Set is empty and ready to use. A Set is safe for concurrent
// matching once no more patterns are added.
type Set struct {
	patterns []*Pattern
	keys     []setKey
	byHost   map[string][]int // literal hostname
	bySuffix map[string][]int // literal hostname end starting with "."
	other    []int            // the rest
}

// setKey is what is checked before a pattern is tried.
type setKey struct {
	protocol    string // literal protocol, or ""
	hasProtocol bool
	pathPrefix  string // literal start of the pathname
}

// Add adds p to the set and returns its index, the number of patterns
// added before it. A nil or zero Pattern is added and never matches.
func (s *Set) Add(p *Pattern) int {
	id := len(s.patterns)
	if p == nil {
		p = &Pattern{}
	}
	s.patterns = append(s.patterns, p)
	var k setKey
	if p.valid {
		if c := &p.c[cProtocol]; c.kind == matchFixed {
			k.protocol, k.hasProtocol = c.fixed, true
		}
		k.pathPrefix = literalPrefix(&p.c[cPathname])
	}
	s.keys = append(s.keys, k)
	h := &p.c[cHostname]
	switch {
	case !p.valid:
		// Never matches: index it nowhere.
	case h.kind == matchFixed:
		if s.byHost == nil {
			s.byHost = map[string][]int{}
		}
		s.byHost[h.fixed] = append(s.byHost[h.fixed], id)
	default:
		if suf := literalSuffix(h); strings.HasPrefix(suf, ".") && len(suf) > 1 {
			if s.bySuffix == nil {
				s.bySuffix = map[string][]int{}
			}
			s.bySuffix[suf] = append(s.bySuffix[suf], id)
		} else {
			s.other = append(s.other, id)
		}
	}
	return id
}

// Len returns the number of patterns added.
func (s *Set) Len() int { return len(s.patterns) }

// Pattern returns the pattern of index i, or nil when there is none.
func (s *Set) Pattern(i int) *Pattern {
	if i < 0 || i >= len(s.patterns) {
		return nil
	}
	return s.patterns[i]
}

// literalPrefix returns the text every string matching the component
// starts with (case-sensitive components only).
func literalPrefix(c *component) string {
	if c.opts.ignoreCase {
		return ""
	}
	var b strings.Builder
	for i := range c.parts {
		pt := &c.parts[i]
		if pt.mod != modNone {
			break
		}
		if pt.typ == partFixed {
			b.WriteString(pt.value)
			continue
		}
		b.WriteString(pt.prefix)
		break
	}
	return b.String()
}

// literalSuffix returns the text every string matching the component ends
// with.
func literalSuffix(c *component) string {
	if c.opts.ignoreCase || len(c.parts) == 0 {
		return ""
	}
	pt := &c.parts[len(c.parts)-1]
	if pt.mod != modNone {
		return ""
	}
	if pt.typ == partFixed {
		return pt.value
	}
	return pt.suffix
}

// Match returns, in increasing order, the indexes of the patterns that
// the URL input (parsed with no base) matches; nil when none does or the
// input does not parse. The indexes are appended to dst.
func (s *Set) Match(input string, dst []int) []int {
	var u whatwg.URL
	if whatwg.ParseInto(&u, input) != nil {
		return dst
	}
	return s.MatchURL(&u, dst)
}

// MatchURL is Match of a parsed URL. A nil or zero URL matches nothing.
func (s *Set) MatchURL(u *whatwg.URL, dst []int) []int {
	if u == nil || u.Href() == "" || len(s.patterns) == 0 {
		return dst
	}
	v := urlComponents(u)
	start := len(dst)
	try := func(ids []int) {
		for _, id := range ids {
			k := &s.keys[id]
			if k.hasProtocol && k.protocol != v[cProtocol] {
				continue
			}
			if !strings.HasPrefix(v[cPathname], k.pathPrefix) {
				continue
			}
			if s.patterns[id].test(&v) {
				dst = append(dst, id)
			}
		}
	}
	host := v[cHostname]
	try(s.byHost[host])
	if len(s.bySuffix) > 0 {
		for i := 0; i < len(host); i++ {
			if host[i] == '.' {
				try(s.bySuffix[host[i:]])
			}
		}
	}
	try(s.other)
	slices.Sort(dst[start:])
	return dst
}
