package edit

import (
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/form"
	"github.com/urikit/urikit/internal/ascii"
	"github.com/urikit/urikit/internal/bytestr"
	trk "github.com/urikit/urikit/tracking"
)

// The query operations work on the raw query text, as form.RawQuery
// does: a pair they do not change keeps its bytes ("%7e" stays "%7e"),
// and the empty sequences of the query ("a=1&&b=2") stay, a removed pair
// taking one "&" with it. Seen as the list of the "&"-separated tokens of
// the query (the empty ones are the empty sequences), removing a pair
// removes its token, and the query is the tokens joined with "&".

// A glob is a compiled pattern of Delete, Keep or DeleteTracking.
type glob struct {
	pattern string
	// fold matches ASCII letters in either case: the pattern is a name
	// of the tracking list (see tracking).
	fold bool
}

// newGlob compiles pattern.
func newGlob(pattern string) glob { return glob{pattern: pattern, fold: tracking(pattern)} }

// tracking reports whether pattern is a name of the tracking list, whose
// case varies from one platform to the next (UTM_Source): one of the
// globs of TrackingNames, or a name without wildcards that one of them
// matches (utm_source), in any ASCII case.
func tracking(pattern string) bool {
	lower := ascii.Lower(pattern)
	plain := !strings.ContainsAny(pattern, `*?\`)
	for _, t := range TrackingNames() {
		if lower == t || plain && matchName(t, lower, false) {
			return true
		}
	}
	return false
}

// match reports whether the decoded name name matches g.
func (g glob) match(name string) bool { return matchName(g.pattern, name, g.fold) }

// matchName reports whether the decoded name name matches the glob
// pattern: "*" matches any run of characters (none too), "?" one
// character, and "\" makes the character after it literal; every other
// character matches itself, or with fold set an ASCII letter matches it
// in either case. Matching takes time proportional to len(pattern) ×
// len(name) at most.
func matchName(pattern, name string, fold bool) bool {
	// The classic two-cursor match: on a mismatch, retry from the last
	// "*" with one more character given to it.
	p, n := 0, 0
	star, starN := -1, 0
	for n < len(name) {
		if p < len(pattern) {
			switch c := pattern[p]; c {
			case '*':
				star, starN = p, n
				p++
				continue
			case '?':
				_, size := utf8.DecodeRuneInString(name[n:])
				p, n = p+1, n+size
				continue
			default:
				lit := p
				if c == '\\' && p+1 < len(pattern) {
					lit = p + 1
				}
				if pattern[lit] == name[n] || fold && ascii.ToLower(pattern[lit]) == ascii.ToLower(name[n]) {
					p, n = lit+1, n+1
					continue
				}
			}
		}
		if star < 0 {
			return false
		}
		_, size := utf8.DecodeRuneInString(name[starN:])
		starN += size
		p, n = star+1, starN
	}
	for p < len(pattern) && pattern[p] == '*' {
		p++
	}
	return p == len(pattern)
}

// pairName returns the decoded name of the raw pair p.
func pairName(p string) string {
	raw, _, _ := strings.Cut(p, "=")
	return form.Unescape(raw)
}

// filterPairs returns the query s without the pairs for which
// match(decoded name) != keep, the number of tokens of the result, and
// the number of pairs matched. It returns s itself when it removes
// nothing.
func filterPairs(s string, match func(name string) bool, keep bool) (out string, tokens, matched int) {
	var b []byte
	copying := false
	i := 0
	for start := 0; ; i++ {
		end := len(s)
		if j := strings.IndexByte(s[start:], '&'); j >= 0 {
			end = start + j
		}
		tok := s[start:end]
		drop := false
		if tok != "" {
			m := match(pairName(tok))
			if m {
				matched++
			}
			drop = m != keep
		}
		switch {
		case drop && !copying:
			// The tokens before this one stay, joined as they were.
			copying = true
			b = make([]byte, 0, len(s))
			if start > 0 {
				b = append(b, s[:start-1]...)
			}
			tokens = i
		case !drop && copying:
			if tokens > 0 {
				b = append(b, '&')
			}
			b = append(b, tok...)
			tokens++
		}
		if end == len(s) {
			break
		}
		start = end + 1
	}
	if !copying {
		return s, i + 1, matched
	}
	// b was allocated here and is not written again.
	return bytestr.String(b), tokens, matched
}

// deleteMatch returns the query s without the pairs whose decoded name
// matches g, and how many it removed.
func deleteMatch(s string, g glob) (string, int) {
	out, _, n := filterPairs(s, g.match, false)
	return out, n
}

// deleteTracking returns the query s of the URL url without the pairs
// whose decoded name rules remove for url.
func deleteTracking(s string, rules trk.Rules, url string) string {
	out, _, _ := filterPairs(s, rules.Matcher(url), false)
	return out
}

// keepMatch returns the query s with only the pairs whose decoded name
// matches one of globs, and how many it kept.
func keepMatch(s string, globs []glob) (string, int) {
	out, _, n := filterPairs(s, func(name string) bool {
		for _, g := range globs {
			if g.match(name) {
				return true
			}
		}
		return false
	}, true)
	return out, n
}

// encodePair returns the pair name=value form-encoded, as
// form.RawQuery.Append writes it.
func encodePair(name, value string) string {
	b := form.AppendEscape(make([]byte, 0, len(name)+len(value)+1), name)
	b = append(b, '=')
	b = form.AppendEscape(b, value)
	return bytestr.String(b) // b is not written again
}

// appendPair returns the query s with the raw pair added at the end, in
// place of the empty sequence s ends with, if any ("a=1&" becomes
// "a=1&b=2"), as form.RawQuery.Append does.
func appendPair(s, pair string) string {
	if s == "" || s[len(s)-1] == '&' {
		return s + pair
	}
	return s + "&" + pair
}

// replacePair returns the query s with the first pair named name (once
// decoded) given its raw name followed by rawValue ("=v"), and without
// the later pairs of that name, as form.RawQuery.Set does; ok is false,
// and s returned as it is, when no pair is named name.
func replacePair(s, name, rawValue string) (string, bool) {
	for start := 0; start <= len(s); {
		end := len(s)
		if j := strings.IndexByte(s[start:], '&'); j >= 0 {
			end = start + j
		}
		tok := s[start:end]
		if tok != "" && pairName(tok) == name {
			rawName, _, _ := strings.Cut(tok, "=")
			var b strings.Builder
			b.Grow(len(s) + len(rawValue))
			b.WriteString(s[:start])
			b.WriteString(rawName)
			b.WriteString(rawValue)
			if end < len(s) {
				rest, tokens, _ := filterPairs(s[end+1:], func(n string) bool { return n == name }, false)
				if tokens > 0 {
					b.WriteByte('&')
					b.WriteString(rest)
				}
			}
			return b.String(), true
		}
		start = end + 1
	}
	return s, false
}

// sortPairs returns the query s with its pairs sorted by decoded name,
// as form.RawQuery.Sort does.
func sortPairs(s string) string {
	q := form.ParseRaw(s)
	q.Sort()
	return q.String()
}
