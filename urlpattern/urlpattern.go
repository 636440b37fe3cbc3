package urlpattern

import (
	"errors"
	"github.com/urikit/urikit/internal/hexdigit"
	"github.com/urikit/urikit/internal/window"
	"regexp"
	"regexp/syntax"
	"strings"

	"github.com/urikit/urikit/whatwg"
)

// MaxPatternLength is the longest constructor string, and the longest
// pattern of one component, that New, NewBase and NewInit accept, in
// bytes. Compiling a component into an RE2 program costs time and memory
// linear in its pattern but with a large constant (up to about 2 KB per
// pattern byte for a pattern made of wildcards), and matching costs the
// input's length times the program's size: the bound keeps both small.
// Real patterns are far shorter.
const MaxPatternLength = 4 << 10

// Init gives the pattern (for New) or the input (for ExecInit) of each
// component separately. A nil field is absent: in a pattern it becomes the
// wildcard "*" (or is taken from BaseURL), in an input the empty string.
// A pointer to "" is present and empty. Str makes the pointers.
type Init struct {
	Protocol *string `json:"protocol,omitempty"`
	Username *string `json:"username,omitempty"`
	Password *string `json:"password,omitempty"`
	Hostname *string `json:"hostname,omitempty"`
	Port     *string `json:"port,omitempty"`
	Pathname *string `json:"pathname,omitempty"`
	Search   *string `json:"search,omitempty"`
	Hash     *string `json:"hash,omitempty"`
	BaseURL  *string `json:"baseURL,omitempty"`
}

// Str returns a pointer to s, for the fields of Init.
func Str(s string) *string { return &s }

// Options are the options of a pattern. The zero value matches case
// sensitively.
type Options struct {
	// IgnoreCase makes the pathname, search and hash match without regard
	// to case (Unicode simple case folding).
	IgnoreCase bool
}

// A Component names one of the eight components of a URL pattern, as the
// URL Pattern Standard names them; its value is the name, lowercase.
type Component string

// The components, in the standard's order.
const (
	ComponentProtocol Component = "protocol"
	ComponentUsername Component = "username"
	ComponentPassword Component = "password"
	ComponentHostname Component = "hostname"
	ComponentPort     Component = "port"
	ComponentPathname Component = "pathname"
	ComponentSearch   Component = "search"
	ComponentHash     Component = "hash"
)

// componentNames are the components in the order of the indexes cProtocol
// … cHash.
var componentNames = [8]Component{ComponentProtocol, ComponentUsername, ComponentPassword, ComponentHostname, ComponentPort, ComponentPathname, ComponentSearch, ComponentHash}

const (
	cProtocol = iota
	cUsername
	cPassword
	cHostname
	cPort
	cPathname
	cSearch
	cHash
)

// matchKind says how a component matches without its regexp.
type matchKind uint8

const (
	matchRegexp matchKind = iota
	matchAny              // "*": anything without a line terminator
	matchFixed            // fixed text, case sensitive
	matchSimple           // steps (see simple.go)
)

// component is a compiled component: its pattern string, its regexp (RE2),
// its group names and its parts (which Set indexes).
type component struct {
	pattern string
	re      *regexp.Regexp
	names   []string
	// emptyUndef[i] is true for a group under "?" with no prefix or suffix:
	// ECMAScript never lets such a group match the empty string (an empty
	// iteration of a quantifier fails), so an empty match is undefined.
	emptyUndef []bool
	hasRegexp  bool
	kind       matchKind
	fixed      string
	parts      []part
	opts       options
	encode     encodingCallback
	steps      []step
}

// Pattern is a compiled URL pattern. It is safe for concurrent use. The
// zero Pattern has no components and matches nothing.
type Pattern struct {
	c         [8]component
	hasRegexp bool
	valid     bool
	// ngroups is the number of groups of all components; viaRegexp is
	// true when a component is matched by its regexp.
	ngroups   int
	viaRegexp bool
}

// Encoding callbacks: the URL parser's canonicalization of each component.
func canonProtocol(s string) (string, error) { return whatwg.CanonicalProtocol(s) }
func canonUsername(s string) (string, error) { return whatwg.CanonicalUsername(s), nil }
func canonPassword(s string) (string, error) { return whatwg.CanonicalPassword(s), nil }
func canonHostname(s string) (string, error) { return whatwg.CanonicalHostname(s) }
func canonPort(s string) (string, error)     { return whatwg.CanonicalPort(s, "") }
func canonPathname(s string) (string, error) { return whatwg.CanonicalPathname(s), nil }
func canonOpaque(s string) (string, error)   { return whatwg.CanonicalOpaquePathname(s) }
func canonSearch(s string) (string, error)   { return whatwg.CanonicalSearch(s), nil }
func canonHash(s string) (string, error)     { return whatwg.CanonicalHash(s), nil }

// canonIPv6Hostname is the standard's "canonicalize an IPv6 hostname".
func canonIPv6Hostname(s string) (string, error) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !hexdigit.Is(c) && c != '[' && c != ']' && c != ':' {
			return "", errors.New("not an IPv6 address character: " + string(window.AppendQuoted(nil, s, i)))
		}
	}
	return strings.ToLower(s), nil
}

// compileComponent is the standard's "compile a component", with the
// regexp in RE2.
func compileComponent(name Component, input string, encode encodingCallback, o options) (component, error) {
	parts, err := parsePatternString(input, o, encode)
	if err != nil {
		return component{}, withComponent(err, name, input)
	}
	src, names, rerr := regexpSource(parts, o)
	if rerr != nil {
		return component{}, &Error{Component: name, Code: rerr.code, Offset: rerr.off, Input: input, Construct: rerr.construct}
	}
	c := component{
		pattern: generatePatternString(parts, o),
		names:   names,
		parts:   parts,
		opts:    o,
		encode:  encode,
	}
	for i := range parts {
		pt := &parts[i]
		if pt.typ == partRegexp {
			c.hasRegexp = true
		}
		if pt.typ != partFixed {
			c.emptyUndef = append(c.emptyUndef, pt.mod == modOptional && pt.prefix == "" && pt.suffix == "")
		}
	}
	switch {
	case len(parts) == 1 && parts[0].typ == partFullWildcard && parts[0].mod == modNone && parts[0].prefix == "" && parts[0].suffix == "":
		c.kind = matchAny
	case len(parts) == 0 && !o.ignoreCase:
		c.kind = matchFixed
	case len(parts) == 1 && parts[0].typ == partFixed && parts[0].mod == modNone && !o.ignoreCase:
		c.kind, c.fixed = matchFixed, parts[0].value
	default:
		if steps, ok := simpleSteps(parts, o); ok {
			c.kind, c.steps = matchSimple, steps
		}
	}
	if c.kind != matchRegexp && !c.hasRegexp {
		// Matched without a regexp: none is compiled.
		return c, nil
	}
	if o.ignoreCase {
		src = "(?i)" + src
	}
	re, err := regexp.Compile(src)
	if err != nil {
		code := ErrInvalidRegexp
		var se *syntax.Error
		if errors.As(err, &se) && (se.Code == syntax.ErrLarge || se.Code == syntax.ErrNestingDepth || se.Code == syntax.ErrInvalidRepeatSize) {
			code = ErrUnsupportedRegexp
		}
		off := 0
		for i := range parts {
			if parts[i].typ == partRegexp {
				off = parts[i].reOff
				break
			}
		}
		return component{}, &Error{Component: name, Code: code, Offset: off, Input: input, Construct: err.Error()}
	}
	c.re = re
	return c, nil
}

// partError is the failure of a custom regexp group's translation.
type partError struct {
	code      Code
	off       int
	construct string
}

// regexpSource returns the RE2 source of parts (the standard's "generate
// a regular expression and name list", each group's regexp in RE2) and
// the group names.
func regexpSource(parts []part, o options) (string, []string, *partError) {
	var perr *partError
	value := func(pt *part) string {
		switch pt.typ {
		case partSegmentWildcard:
			if o.delimiter == "" {
				return anyRE2 + "+?"
			}
			return segmentWildcardRegexp(o)
		case partFullWildcard:
			if pt.mod == modOptional && pt.prefix == "" && pt.suffix == "" {
				// ECMAScript rejects an empty iteration of (.*)?, so the
				// group is undefined rather than "": (.+)? in RE2.
				return dotRE2 + "+"
			}
			return dotRE2 + "*"
		}
		v, err := translateRegexp(pt.value)
		if err != nil && perr == nil {
			re := err.(*regexpError)
			code := ErrInvalidRegexp
			if re.unsupported {
				code = ErrUnsupportedRegexp
			}
			perr = &partError{code: code, off: pt.reOff + re.off, construct: re.construct}
		}
		return v
	}
	src, names := generateRegexp(parts, o, value)
	return src, names, perr
}

func withComponent(err error, name Component, input string) error {
	var e *Error
	if errors.As(err, &e) {
		e.Component = name
		e.Input = input
		return e
	}
	return err
}

// hasLineTerminator reports whether s holds \n, \r, U+2028 or U+2029,
// which ECMAScript's "." does not match.
func hasLineTerminator(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\n', '\r':
			return true
		case 0xE2:
			if i+2 < len(s) && s[i+1] == 0x80 && (s[i+2] == 0xA8 || s[i+2] == 0xA9) {
				return true
			}
		}
	}
	return false
}

// match reports whether s matches the component; groups, when non-nil,
// receives the submatch indexes.
func (c *component) match(s string) bool {
	switch c.kind {
	case matchAny:
		return !hasLineTerminator(s)
	case matchFixed:
		return s == c.fixed
	case matchSimple:
		return c.matchSteps(s, nil)
	}
	if c.re == nil {
		return false
	}
	return c.re.MatchString(s)
}

// exec returns the component's result for s, or false.
func (c *component) exec(s string, buf *[]Group) (ComponentResult, bool) {
	r := ComponentResult{Input: s}
	if c.kind == matchFixed {
		return r, s == c.fixed
	}
	// The groups go to the end of *buf, whose capacity holds all the
	// pattern's groups: one allocation for the whole result.
	start := len(*buf)
	for _, name := range c.names {
		*buf = append(*buf, Group{Name: name})
	}
	groups := (*buf)[start:len(*buf):len(*buf)]
	switch c.kind {
	case matchAny:
		if hasLineTerminator(s) {
			return r, false
		}
		groups[0].Value, groups[0].Matched = s, true
		r.Groups = groups
		return r, true
	case matchSimple:
		if !c.matchSteps(s, groups) {
			return r, false
		}
		r.Groups = groups
		return r, true
	}
	if c.re == nil {
		return r, false
	}
	m := c.re.FindStringSubmatchIndex(s)
	if m == nil {
		return r, false
	}
	for i := range groups {
		if 2*i+3 < len(m) && m[2*i+2] >= 0 && !(c.emptyUndef[i] && m[2*i+2] == m[2*i+3]) {
			groups[i].Value, groups[i].Matched = s[m[2*i+2]:m[2*i+3]], true
		}
	}
	if len(groups) > 0 {
		r.Groups = groups
	}
	return r, true
}

// matchesSpecialScheme is the standard's "protocol component matches a
// special scheme".
func (c *component) matchesSpecialScheme() bool {
	for _, s := range [...]string{"ftp", "file", "http", "https", "ws", "wss"} {
		if c.match(s) {
			return true
		}
	}
	return false
}

// ComponentResult is the match of one component: the component of the
// input that was matched, and the groups of the pattern in order.
type ComponentResult struct {
	Input  string  `json:"input"`
	Groups []Group `json:"groups"`
}

// Group is one named or numbered group of a match. Matched is false for
// an optional group that took no part in the match (JavaScript's
// undefined); Value is then "".
type Group struct {
	Name    string `json:"name"`
	Value   string `json:"value"`
	Matched bool   `json:"matched"`
}

// Get returns the value of the group name and whether it matched.
func (r *ComponentResult) Get(name string) (string, bool) {
	for _, g := range r.Groups {
		if g.Name == name {
			return g.Value, g.Matched
		}
	}
	return "", false
}

// Result is the result of Exec: the inputs as given, and the match of
// each component.
type Result struct {
	Inputs   []string        `json:"inputs"`
	Protocol ComponentResult `json:"protocol"`
	Username ComponentResult `json:"username"`
	Password ComponentResult `json:"password"`
	Hostname ComponentResult `json:"hostname"`
	Port     ComponentResult `json:"port"`
	Pathname ComponentResult `json:"pathname"`
	Search   ComponentResult `json:"search"`
	Hash     ComponentResult `json:"hash"`
}

// Component returns the result of the component c, or nil for another
// name.
func (r *Result) Component(c Component) *ComponentResult {
	switch c {
	case ComponentProtocol:
		return &r.Protocol
	case ComponentUsername:
		return &r.Username
	case ComponentPassword:
		return &r.Password
	case ComponentHostname:
		return &r.Hostname
	case ComponentPort:
		return &r.Port
	case ComponentPathname:
		return &r.Pathname
	case ComponentSearch:
		return &r.Search
	case ComponentHash:
		return &r.Hash
	}
	return nil
}

func (r *Result) at(i int) *ComponentResult { return r.Component(componentNames[i]) }
