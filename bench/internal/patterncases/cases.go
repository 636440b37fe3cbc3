// Package patterncases holds the cases of the URLPattern comparison, shared
// by the URLPattern benchmarks and the report tool.
package patterncases

import (
	"strings"

	"github.com/urikit/urikit/whatwg"
)

// URLPatternCase is one single-pattern case of the URLPattern comparison
// (urikit's urlpattern against github.com/dunglas/go-urlpattern and ada's
// url_pattern): Pattern's Test of Input, or, when Dataset is set, of every
// line of that file of ../shared/datasets in turn.
type URLPatternCase struct {
	Name, Pattern, Input, Dataset string
}

// URLPatternCases returns the single-pattern cases, in table order: fixed
// components only, wildcards, named groups, a regexp group, a miss, and
// one pattern with wildcards and named groups over a whole dataset.
func URLPatternCases() []URLPatternCase {
	return []URLPatternCase{
		{Name: "simple", Pattern: "https://example.com/foo/bar", Input: "https://example.com/foo/bar"},
		{Name: "wildcard", Pattern: "https://*.example.com/*", Input: "https://api.example.com/users/42"},
		{Name: "named", Pattern: "https://example.com/users/:id/posts/:postId", Input: "https://example.com/users/42/posts/7"},
		{Name: "regexp", Pattern: `https://example.com/items/(\d+)`, Input: "https://example.com/items/12345"},
		{Name: "miss", Pattern: "https://example.com/foo", Input: "https://example.com/bar"},
		{Name: "dataset", Pattern: "https://*.:domain.:tld/:first/*", Dataset: "kasztp.txt"},
	}
}

// EscapePatternString escapes s for use as literal text in a URL pattern,
// as the URL Pattern Standard's "escape a pattern string" does: a
// backslash before each of + * ? : { } ( ) and \.
func EscapePatternString(s string) string {
	if !strings.ContainsAny(s, `+*?:{}()\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(`+*?:{}()\`, s[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// RouterPatterns returns up to n distinct, realistic router patterns built
// from the URLs of special schemes with a host among urls, in a fixed
// mix: an exact page, a first path segment then a named group, then a
// wildcard, a subdomain wildcard with an optional "s" in the protocol,
// any protocol and port with an optional rest of the path, and a regexp
// group of digits.
func RouterPatterns(urls []string, n int) []string {
	var ps []string
	seen := map[string]bool{}
	for i := 0; len(ps) < n && i < len(urls); i++ {
		u, err := whatwg.Parse(urls[i])
		if err != nil || !u.IsSpecial() || u.Hostname() == "" {
			continue
		}
		host := EscapePatternString(u.Hostname())
		seg := u.Pathname()
		if j := strings.IndexByte(seg[min(1, len(seg)):], '/'); j >= 0 {
			seg = seg[:j+1]
		}
		seg = EscapePatternString(seg)
		var s string
		switch i % 6 {
		case 0:
			s = u.Scheme() + "://" + host + EscapePatternString(u.Pathname())
		case 1:
			s = u.Scheme() + "://" + host + seg + "/:id"
		case 2:
			s = u.Scheme() + "://" + host + seg + "/*"
		case 3:
			if k := strings.IndexByte(host, '.'); k >= 0 && strings.Count(host, ".") >= 2 {
				s = "http{s}?://*" + host[k:] + "/*"
			} else {
				s = "http{s}?://" + host + "/*"
			}
		case 4:
			s = "*://" + host + ":*" + seg + "{/*}?"
		case 5:
			s = u.Scheme() + "://" + host + seg + `/:n(\d+)`
		}
		if !seen[s] {
			seen[s] = true
			ps = append(ps, s)
		}
	}
	return ps
}
