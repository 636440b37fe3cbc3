package urlpattern

import "github.com/urikit/urikit/whatwg"

// Component getters: the normalized pattern string of each component.

// Protocol returns the pattern of the protocol component.
func (p *Pattern) Protocol() string { return p.c[cProtocol].pattern }

// Username returns the pattern of the username component.
func (p *Pattern) Username() string { return p.c[cUsername].pattern }

// Password returns the pattern of the password component.
func (p *Pattern) Password() string { return p.c[cPassword].pattern }

// Hostname returns the pattern of the hostname component.
func (p *Pattern) Hostname() string { return p.c[cHostname].pattern }

// Port returns the pattern of the port component.
func (p *Pattern) Port() string { return p.c[cPort].pattern }

// Pathname returns the pattern of the pathname component.
func (p *Pattern) Pathname() string { return p.c[cPathname].pattern }

// Search returns the pattern of the search component.
func (p *Pattern) Search() string { return p.c[cSearch].pattern }

// Hash returns the pattern of the hash component.
func (p *Pattern) Hash() string { return p.c[cHash].pattern }

// HasRegExpGroups reports whether a component of the pattern has a custom
// regexp group, such as ":id(\\d+)".
func (p *Pattern) HasRegExpGroups() bool { return p.hasRegexp }

// String returns the pattern as a URL-like string of its components, for
// messages: protocol://username:password@hostname:port/pathname?search#hash.
func (p *Pattern) String() string {
	if !p.valid {
		return ""
	}
	s := p.Protocol() + "://" + p.Username() + ":" + p.Password() + "@" + p.Hostname()
	if p.Port() != "" {
		s += ":" + p.Port()
	}
	return s + p.Pathname() + "?" + p.Search() + "#" + p.Hash()
}

// urlComponents returns the eight components of a parsed URL, as the
// standard's match takes them.
func urlComponents(u *whatwg.URL) [8]string {
	q, _ := u.Query()
	f, _ := u.Fragment()
	return [8]string{u.Scheme(), u.Username(), u.Password(), u.Hostname(), u.Port(), u.Pathname(), q, f}
}

// inputComponents returns the components of input parsed against base
// (nil: none), or false when a URL does not parse.
func inputComponents(input string, base *string) ([8]string, bool) {
	var u, b whatwg.URL // b, the zero URL, is no base
	if base != nil {
		if whatwg.ParseInto(&b, *base) != nil {
			return [8]string{}, false
		}
	}
	// ParseInto allocates nothing for an input already in serialized form.
	if b.ParseInto(&u, input) != nil {
		return [8]string{}, false
	}
	return urlComponents(&u), true
}

func initComponents(init *Init) ([8]string, bool) {
	if init == nil {
		init = &Init{}
	}
	var empty [8]string
	r, err := processInit(init, false, &empty)
	if err != nil {
		return empty, false
	}
	return [8]string{*r.Protocol, *r.Username, *r.Password, *r.Hostname, *r.Port, *r.Pathname, *r.Search, *r.Hash}, true
}

// matchOrder is the order components are tried in: the most selective
// first (a pathname or a hostname rules out more URLs).
var matchOrder = [8]int{cPathname, cHostname, cProtocol, cPort, cSearch, cHash, cUsername, cPassword}

func (p *Pattern) test(v *[8]string) bool {
	if !p.valid {
		return false
	}
	for _, i := range matchOrder {
		if !p.c[i].match(v[i]) {
			return false
		}
	}
	return true
}

func (p *Pattern) exec(v *[8]string) *Result {
	if !p.valid {
		return nil
	}
	if !p.viaRegexp && !p.test(v) {
		// Matching without regexps is cheap: a URL that does not match
		// costs no allocation.
		return nil
	}
	var comps [8]ComponentResult
	buf := make([]Group, 0, p.ngroups)
	for _, i := range matchOrder {
		cr, ok := p.c[i].exec(v[i], &buf)
		if !ok {
			return nil
		}
		comps[i] = cr
	}
	r := new(Result)
	for i := range comps {
		*r.at(i) = comps[i]
	}
	return r
}

// Test reports whether the URL input (parsed with the WHATWG parser, with
// no base) matches the pattern. An input that does not parse matches
// nothing.
func (p *Pattern) Test(input string) bool {
	v, ok := inputComponents(input, nil)
	return ok && p.test(&v)
}

// TestBase reports whether input, parsed against baseURL, matches.
func (p *Pattern) TestBase(input, baseURL string) bool {
	v, ok := inputComponents(input, &baseURL)
	return ok && p.test(&v)
}

// TestURL reports whether the parsed URL u matches. A nil or zero URL
// matches nothing.
func (p *Pattern) TestURL(u *whatwg.URL) bool {
	if u == nil || u.Href() == "" {
		return false
	}
	v := urlComponents(u)
	return p.test(&v)
}

// TestInit reports whether the components of init (canonicalized as the
// URL parser would; absent ones empty, or taken from init.BaseURL) match.
func (p *Pattern) TestInit(init *Init) bool {
	v, ok := initComponents(init)
	return ok && p.test(&v)
}

// Exec matches the URL input (no base) and returns each component's
// input and groups, or nil when it does not match.
func (p *Pattern) Exec(input string) *Result {
	v, ok := inputComponents(input, nil)
	if !ok {
		return nil
	}
	r := p.exec(&v)
	if r != nil {
		r.Inputs = []string{input}
	}
	return r
}

// ExecBase is Exec with input parsed against baseURL.
func (p *Pattern) ExecBase(input, baseURL string) *Result {
	v, ok := inputComponents(input, &baseURL)
	if !ok {
		return nil
	}
	r := p.exec(&v)
	if r != nil {
		r.Inputs = []string{input, baseURL}
	}
	return r
}

// ExecURL is Exec of a parsed URL. A nil or zero URL matches nothing.
func (p *Pattern) ExecURL(u *whatwg.URL) *Result {
	if u == nil || u.Href() == "" {
		return nil
	}
	v := urlComponents(u)
	r := p.exec(&v)
	if r != nil {
		r.Inputs = []string{u.Href()}
	}
	return r
}

// ExecInit is Exec of components given separately (see TestInit).
// Result.Inputs is nil.
func (p *Pattern) ExecInit(init *Init) *Result {
	v, ok := initComponents(init)
	if !ok {
		return nil
	}
	return p.exec(&v)
}
