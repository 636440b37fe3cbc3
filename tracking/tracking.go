// Package tracking removes tracking parameters from URLs and unwraps
// redirect wrappers, with rules in the ClearURLs format.
//
// A rule file is a JSON object whose "providers" object maps a name to a
// provider:
//
//	{"providers": {"example": {
//	    "urlPattern": "^https?://(?:[a-z0-9-]+\\.)*example\\.com",
//	    "completeProvider": false,
//	    "rules": ["ref", "utm_[a-z]+"],
//	    "rawRules": ["/ref=[^/?]*"],
//	    "referralMarketing": ["tag"],
//	    "exceptions": ["^https?://example\\.com/keep"],
//	    "redirections": ["^https?://example\\.com/out\\?to=([^&]+)"],
//	    "forceRedirection": false}}}
//
// Every pattern is a regular expression, matched without regard to case
// as ClearURLs matches it. ClearURLs' patterns are JavaScript regular
// expressions; New compiles them with Go's regexp (RE2) and refuses a
// pattern RE2 cannot express (lookaround, backreferences) with an
// *Error naming the provider, the field and the rule: no rule is
// skipped silently.
//
// A provider applies to a URL that its urlPattern matches and none of
// its exceptions matches. Then:
//
//   - completeProvider: the whole URL is unwanted; Apply reports it in
//     Result.Blocked and leaves the URL alone.
//   - redirections: the first pattern that matches gives the target in
//     its first group, percent-decoded once; Apply and Unwrap go on with
//     the target (at most MaxUnwrap times).
//   - rawRules: every match in the URL is removed.
//   - rules and referralMarketing: a query or fragment argument whose
//     name (percent-decoded, "+" as space) matches a rule entirely is
//     removed. Referral-marketing parameters are removed too, as
//     ClearURLs does by default.
//   - forceRedirection is a browser matter (how ClearURLs redirects a
//     page load) and has no effect here.
//
// Default returns the rule set kept in this repository (default.json):
// common tracking parameters (utm_*, fbclid, gclid, msclkid, mc_eid…) and
// a few redirect wrappers (Google, Facebook, YouTube, Slack…).
package tracking

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"sync"

	"github.com/urikit/urikit/internal/bytestr"
	"github.com/urikit/urikit/internal/hexdigit"
)

// MaxUnwrap is the most redirect wrappers Apply and Unwrap take off one
// URL.
const MaxUnwrap = 8

// Rules is a compiled rule set. The zero value holds no rule: it leaves
// every URL as it is. A Rules is safe for concurrent use.
type Rules struct {
	ps []*provider
}

type provider struct {
	name       string
	urlPattern *regexp.Regexp
	complete   bool
	params     *regexp.Regexp // ^(?:rule|rule…)$, nil when none
	raw        []*regexp.Regexp
	exceptions []*regexp.Regexp
	redirects  []*regexp.Regexp
}

// The JSON of one provider.
type jsonProvider struct {
	URLPattern        *string  `json:"urlPattern"`
	CompleteProvider  bool     `json:"completeProvider"`
	Rules             []string `json:"rules"`
	RawRules          []string `json:"rawRules"`
	ReferralMarketing []string `json:"referralMarketing"`
	Exceptions        []string `json:"exceptions"`
	Redirections      []string `json:"redirections"`
	ForceRedirection  bool     `json:"forceRedirection"`
}

// New compiles a rule file in the ClearURLs format (see the package
// documentation). It fails with an *Error when data is not such a file
// (ErrInvalidJSON), when a provider has no urlPattern
// (ErrMissingURLPattern), or when a pattern does not compile with RE2
// (ErrUnsupportedRule). Providers keep their order in the file.
func New(data []byte) (Rules, error) {
	var top struct {
		Providers json.RawMessage `json:"providers"`
	}
	if err := json.Unmarshal(data, &top); err != nil {
		return Rules{}, jsonError(data, err, 0)
	}
	if len(top.Providers) == 0 {
		return Rules{}, &Error{Offset: -1, Code: ErrInvalidJSON, Input: string(data), Rule: -1,
			Err: errors.New(`no "providers" object`)}
	}
	base := bytes.Index(data, top.Providers) // for offsets of errors below
	dec := json.NewDecoder(bytes.NewReader(top.Providers))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return Rules{}, &Error{Offset: max(base, 0), Code: ErrInvalidJSON, Input: string(data), Rule: -1,
			Err: errors.New(`"providers" is not an object`)}
	}
	var r Rules
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return Rules{}, jsonError(data, err, base)
		}
		name, _ := t.(string)
		var jp jsonProvider
		if err := dec.Decode(&jp); err != nil {
			return Rules{}, jsonError(data, err, base)
		}
		p, err := compile(name, &jp)
		if err != nil {
			return Rules{}, err
		}
		r.ps = append(r.ps, p)
	}
	return r, nil
}

// MustNew is New that panics with New's error.
func MustNew(data []byte) Rules {
	r, err := New(data)
	if err != nil {
		panic(err)
	}
	return r
}

func jsonError(data []byte, err error, base int) error {
	off := -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = base + int(se.Offset)
	case errors.As(err, &te):
		off = base + int(te.Offset)
	}
	if off > len(data) {
		off = len(data)
	}
	return &Error{Offset: off, Code: ErrInvalidJSON, Input: string(data), Rule: -1, Err: err}
}

func compile(name string, jp *jsonProvider) (*provider, error) {
	p := &provider{name: name, complete: jp.CompleteProvider}
	re := func(field string, i int, s string) (*regexp.Regexp, error) {
		x, err := regexp.Compile("(?i)" + s)
		if err != nil {
			return nil, &Error{Offset: -1, Code: ErrUnsupportedRule, Input: s,
				Provider: name, Field: field, Rule: i, Err: err}
		}
		return x, nil
	}
	if jp.URLPattern == nil {
		return nil, &Error{Offset: -1, Code: ErrMissingURLPattern, Provider: name, Rule: -1}
	}
	var err error
	if p.urlPattern, err = re("urlPattern", -1, *jp.URLPattern); err != nil {
		return nil, err
	}
	list := func(field string, ss []string) ([]*regexp.Regexp, error) {
		var out []*regexp.Regexp
		for i, s := range ss {
			x, err := re(field, i, s)
			if err != nil {
				return nil, err
			}
			out = append(out, x)
		}
		return out, nil
	}
	if p.raw, err = list("rawRules", jp.RawRules); err != nil {
		return nil, err
	}
	if p.exceptions, err = list("exceptions", jp.Exceptions); err != nil {
		return nil, err
	}
	if p.redirects, err = list("redirections", jp.Redirections); err != nil {
		return nil, err
	}
	for _, x := range p.redirects {
		if x.NumSubexp() < 1 {
			return nil, &Error{Offset: -1, Code: ErrUnsupportedRule, Input: x.String()[4:],
				Provider: name, Field: "redirections", Rule: indexOf(p.redirects, x),
				Err: errors.New("a redirection needs a group for the target")}
		}
	}
	// Each parameter rule alone first, so that an error names it; then
	// all in one expression.
	var all []string
	for _, f := range []struct {
		field string
		rules []string
	}{{"rules", jp.Rules}, {"referralMarketing", jp.ReferralMarketing}} {
		for i, s := range f.rules {
			if _, err := re(f.field, i, "^(?:"+s+")$"); err != nil {
				err.(*Error).Input = s
				return nil, err
			}
			all = append(all, "(?:"+s+")")
		}
	}
	if len(all) > 0 {
		p.params = regexp.MustCompile("(?i)^(?:" + strings.Join(all, "|") + ")$")
	}
	return p, nil
}

func indexOf(xs []*regexp.Regexp, x *regexp.Regexp) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return -1
}

//go:embed default.json
var defaultJSON []byte

var defaultRules = sync.OnceValue(func() Rules { return MustNew(defaultJSON) })

// Default returns the built-in rule set (default.json in this package):
// common tracking parameters and redirect wrappers, written for this
// library.
func Default() Rules { return defaultRules() }

// Providers returns the names of the providers, in their order.
func (r Rules) Providers() []string {
	names := make([]string, len(r.ps))
	for i, p := range r.ps {
		names[i] = p.name
	}
	return names
}

// A Result is what Apply did to a URL.
type Result struct {
	// URL is the URL after the rules.
	URL string
	// Unwrapped is how many redirect wrappers were taken off.
	Unwrapped int
	// Removed is how many parameters and raw-rule matches were removed.
	Removed int
	// Blocked names the complete provider that matched the URL (or a
	// target it wraps), or is empty. URL is then the URL as given, and
	// Unwrapped and Removed are 0.
	Blocked string
}

// applies reports whether p applies to url.
func (p *provider) applies(url string) bool {
	if !match(p.urlPattern, url) {
		return false
	}
	for _, x := range p.exceptions {
		if match(x, url) {
			return false
		}
	}
	return true
}

// Apply unwraps url's redirect wrappers (at most MaxUnwrap), then removes
// its tracking parameters, provider by provider in the file's order.
func (r Rules) Apply(url string) Result {
	res := Result{URL: url}
	if len(r.ps) == 0 {
		return res
	}
	var buf []byte
restart:
	for _, p := range r.ps {
		if !p.applies(res.URL) {
			continue
		}
		if p.complete {
			return Result{URL: url, Blocked: p.name}
		}
		if res.Unwrapped < MaxUnwrap {
			if t, ok := p.redirect(res.URL); ok {
				res.URL = t
				res.Unwrapped++
				goto restart
			}
		}
		var n int
		res.URL, buf, n = p.clean(res.URL, buf)
		res.Removed += n
	}
	return res
}

// Clean removes the tracking parameters of url (no unwrapping, and
// complete providers are ignored).
func (r Rules) Clean(url string) string {
	var buf []byte
	for _, p := range r.ps {
		if p.complete || !p.applies(url) {
			continue
		}
		url, buf, _ = p.clean(url, buf)
	}
	return url
}

// Matcher returns the test Clean applies to the parameters of url: it
// reports whether a query or fragment parameter of that name (decoded:
// escapes and "+" already read) is a tracking parameter, by the rules of
// the providers that apply to url (complete providers aside). It lets a
// caller that edits the query itself remove what Clean would.
func (r Rules) Matcher(url string) func(name string) bool {
	var ps []*provider
	for _, p := range r.ps {
		if p.params != nil && !p.complete && p.applies(url) {
			ps = append(ps, p)
		}
	}
	return func(name string) bool {
		for _, p := range ps {
			if p.params.MatchString(name) {
				return true
			}
		}
		return false
	}
}

// AppendClean appends Clean(url) to dst.
func (r Rules) AppendClean(dst []byte, url string) []byte {
	return append(dst, r.Clean(url)...)
}

// Unwrap takes off url's redirect wrappers (at most MaxUnwrap) and
// reports whether there was one.
func (r Rules) Unwrap(url string) (string, bool) {
	n := 0
restart:
	for n < MaxUnwrap {
		for _, p := range r.ps {
			if p.complete || !p.applies(url) {
				continue
			}
			if t, ok := p.redirect(url); ok {
				url = t
				n++
				continue restart
			}
		}
		break
	}
	return url, n > 0
}

// redirect returns the target of the first redirection of p that
// matches url, percent-decoded once.
func (p *provider) redirect(url string) (string, bool) {
	for _, x := range p.redirects {
		m := findSubmatchIndex(x, url)
		if m == nil || m[2] < 0 || m[3] <= m[2] {
			continue
		}
		t := decodeOnce(url[m[2]:m[3]])
		if t == url {
			continue
		}
		return t, true
	}
	return "", false
}

// decodeOnce percent-decodes s once, as decodeURIComponent does; an
// escape that is not %XX stays as it is.
func decodeOnce(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && hexdigit.Is(s[i+1]) && hexdigit.Is(s[i+2]) {
			b = append(b, hexdigit.Value(s[i+1])<<4|hexdigit.Value(s[i+2]))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return string(b)
}

// clean applies p's raw rules and parameter rules to url; buf is
// scratch space, returned for reuse. n counts what was removed.
func (p *provider) clean(url string, buf []byte) (string, []byte, int) {
	n := 0
	for _, x := range p.raw {
		var k int
		url, k = removeAll(x, url)
		n += k
	}
	if p.params == nil {
		return url, buf, n
	}
	q := strings.IndexByte(url, '?')
	h := strings.IndexByte(url, '#')
	if q < 0 && h < 0 {
		return url, buf, n
	}
	if h >= 0 && q > h {
		q = -1
	}
	// Find what to remove before copying anything.
	end := len(url)
	if h >= 0 {
		end = h
	}
	var changed bool
	if q >= 0 {
		var k int
		if k, changed = p.scan(url[q+1:end], &buf); changed {
			n += k
		}
	}
	fchanged := false
	if h >= 0 {
		var k int
		if k, fchanged = p.scan(url[h+1:], &buf); fchanged {
			n += k
		}
	}
	if !changed && !fchanged {
		return url, buf, n
	}
	out := make([]byte, 0, len(url))
	if q >= 0 {
		out = append(out, url[:q]...)
		out = p.appendKept(out, '?', url[q+1:end], &buf)
	} else {
		out = append(out, url[:end]...)
	}
	if h >= 0 {
		out = p.appendKept(out, '#', url[h+1:], &buf)
	}
	return bytestr.String(out), buf, n
}

// scan counts the arguments of s whose names match p's rules.
func (p *provider) scan(s string, buf *[]byte) (int, bool) {
	n := 0
	for a := range strings.SplitSeq(s, "&") {
		if p.matchName(a, buf) {
			n++
		}
	}
	return n, n > 0
}

// appendKept appends sep and the arguments of s that p keeps, joined by
// "&"; nothing when none is kept.
func (p *provider) appendKept(out []byte, sep byte, s string, buf *[]byte) []byte {
	first := true
	for a := range strings.SplitSeq(s, "&") {
		if p.matchName(a, buf) {
			continue
		}
		if first {
			out = append(out, sep)
			first = false
		} else {
			out = append(out, '&')
		}
		out = append(out, a...)
	}
	return out
}

// matchName reports whether the name of argument a matches p's rules.
func (p *provider) matchName(a string, buf *[]byte) bool {
	name := a
	if i := strings.IndexByte(a, '='); i >= 0 {
		name = a[:i]
	}
	if name == "" {
		return false
	}
	if strings.ContainsAny(name, "%+") {
		b := (*buf)[:0]
		for i := 0; i < len(name); i++ {
			c := name[i]
			switch {
			case c == '+':
				c = ' '
			case c == '%' && i+2 < len(name) && hexdigit.Is(name[i+1]) && hexdigit.Is(name[i+2]):
				c = hexdigit.Value(name[i+1])<<4 | hexdigit.Value(name[i+2])
				i += 2
			}
			b = append(b, c)
		}
		*buf = b
		return p.params.Match(b)
	}
	return p.params.MatchString(name)
}

// readerMin is the length from which a URL is matched through a reader:
// Go's regexp then runs its automaton, whose memory does not grow with
// the text, instead of its backtracker, whose memory does (to 32 KiB
// per expression, which a rule set of many expressions would pay on
// every long URL).
const readerMin = 1024

func match(x *regexp.Regexp, s string) bool {
	if len(s) < readerMin {
		return x.MatchString(s)
	}
	return x.MatchReader(strings.NewReader(s))
}

func findSubmatchIndex(x *regexp.Regexp, s string) []int {
	if len(s) < readerMin {
		return x.FindStringSubmatchIndex(s)
	}
	return x.FindReaderSubmatchIndex(strings.NewReader(s))
}

// removeAll removes the matches of x in s, as ReplaceAllString(s, "")
// does, and counts them.
func removeAll(x *regexp.Regexp, s string) (string, int) {
	if len(s) < readerMin {
		if x.FindStringIndex(s) == nil {
			return s, 0
		}
		return x.ReplaceAllString(s, ""), len(x.FindAllStringIndex(s, -1))
	}
	var out []byte
	n, last, pos := 0, 0, 0
	rd := strings.NewReader(s)
	for pos <= len(s) {
		rd.Reset(s[pos:])
		loc := x.FindReaderIndex(rd)
		if loc == nil {
			break
		}
		a, b := pos+loc[0], pos+loc[1]
		if b > a {
			if out == nil {
				out = make([]byte, 0, len(s))
			}
			out = append(out, s[last:a]...)
			last = b
			n++
			pos = b
			continue
		}
		// An empty match removes nothing: go on after it.
		pos = a + 1
	}
	if n == 0 {
		return s, 0
	}
	out = append(out, s[last:]...)
	return bytestr.String(out), n
}
