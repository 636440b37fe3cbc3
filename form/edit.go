package form

import (
	"strings"
	"unicode/utf8"
)

// MatchName reports whether the decoded name name matches the glob
// pattern: "*" matches any run of characters (none too), "?" one
// character, and "\" makes the character after it literal; every other
// character matches itself. Matching is case-sensitive and takes time
// proportional to len(pattern) × len(name) at most.
func MatchName(pattern, name string) bool {
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
				if pattern[lit] == name[n] {
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
	return Unescape(raw)
}

// DeleteMatch removes every pair whose decoded name matches the glob
// pattern (see MatchName), with one "&" each, as Delete does, and returns
// how many it removed: 0 says the pattern matched nothing.
func (q *RawQuery) DeleteMatch(pattern string) int {
	n := 0
	q.deleteFrom(0, func(p string) bool {
		if MatchName(pattern, pairName(p)) {
			n++
			return true
		}
		return false
	})
	return n
}

// KeepMatch removes every pair whose decoded name does not match the glob
// pattern (see MatchName), with one "&" each, and returns how many it
// kept: 0 says the pattern matched nothing (and the query is then
// empty).
func (q *RawQuery) KeepMatch(pattern string) int {
	n := 0
	q.deleteFrom(0, func(p string) bool {
		if MatchName(pattern, pairName(p)) {
			n++
			return false
		}
		return true
	})
	return n
}

// Replace gives the first pair named name the value value, as Set does,
// but only when there is such a pair; it reports whether there was.
func (q *RawQuery) Replace(name, value string) bool {
	if !q.Has(name) {
		return false
	}
	q.Set(name, value)
	return true
}
