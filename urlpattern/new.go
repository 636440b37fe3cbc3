package urlpattern

import (
	"strconv"

	"github.com/urikit/urikit/whatwg"
)

// New compiles a pattern written as a URL, the constructor string of the
// standard ("https://*.example.com/books/:id"), which must then have a
// protocol. Components the string does not give are wildcards, except
// that a hostname without a port means the default port.
func New(input string, opts Options) (*Pattern, error) {
	return create(input, nil, nil, opts)
}

// NewBase compiles a constructor string relative to baseURL: components
// the string does not give are taken from the base URL.
func NewBase(input, baseURL string, opts Options) (*Pattern, error) {
	return create(input, &baseURL, nil, opts)
}

// NewInit compiles a pattern given component by component. A nil init is
// the empty Init, which matches every URL.
func NewInit(init *Init, opts Options) (*Pattern, error) {
	if init == nil {
		init = &Init{}
	}
	return create("", nil, init, opts)
}

// MustNew is like New but panics with New's error. It is meant for
// patterns written in the program's source.
func MustNew(input string, opts Options) *Pattern {
	return must(New(input, opts))
}

// MustNewBase is like NewBase but panics with NewBase's error.
func MustNewBase(input, baseURL string, opts Options) *Pattern {
	return must(NewBase(input, baseURL, opts))
}

// MustNewInit is like NewInit but panics with NewInit's error.
func MustNewInit(init *Init, opts Options) *Pattern {
	return must(NewInit(init, opts))
}

func must(p *Pattern, err error) *Pattern {
	if err != nil {
		panic(err)
	}
	return p
}

func create(input string, baseURL *string, init *Init, opts Options) (*Pattern, error) {
	if baseURL != nil && len(*baseURL) > MaxPatternLength {
		return nil, &Error{Code: ErrTooLong, Offset: MaxPatternLength, Input: *baseURL, Detail: "the base URL is longer than " + strconv.Itoa(MaxPatternLength) + " bytes"}
	}
	if init == nil {
		if len(input) > MaxPatternLength {
			return nil, &Error{Code: ErrTooLong, Offset: MaxPatternLength, Input: input, Detail: "the pattern is longer than " + strconv.Itoa(MaxPatternLength) + " bytes"}
		}
		in, err := parseConstructorString(input)
		if err != nil {
			return nil, withComponent(err, "", input)
		}
		if baseURL == nil && in.Protocol == nil {
			return nil, &Error{Offset: -1, Code: ErrMissingProtocol, Input: input}
		}
		if baseURL != nil {
			in.BaseURL = baseURL
		}
		init = in
	} else {
		for _, f := range []*string{init.Protocol, init.Username, init.Password, init.Hostname, init.Port, init.Pathname, init.Search, init.Hash, init.BaseURL} {
			if f != nil && len(*f) > MaxPatternLength {
				return nil, &Error{Code: ErrTooLong, Offset: MaxPatternLength, Input: *f, Detail: "a component pattern is longer than " + strconv.Itoa(MaxPatternLength) + " bytes"}
			}
		}
	}
	pi, err := processInit(init, true, nil)
	if err != nil {
		return nil, err
	}
	comp := [8]*string{pi.Protocol, pi.Username, pi.Password, pi.Hostname, pi.Port, pi.Pathname, pi.Search, pi.Hash}
	var v [8]string
	for i, f := range comp {
		if f == nil {
			v[i] = "*"
		} else {
			v[i] = *f
		}
	}
	if whatwg.IsSpecialScheme(v[cProtocol]) && v[cPort] == strconv.Itoa(defaultPort(v[cProtocol])) {
		v[cPort] = ""
	}
	p := &Pattern{valid: true}
	steps := []struct {
		i   int
		enc encodingCallback
		o   options
	}{
		{cProtocol, canonProtocol, defaultOptions},
		{cUsername, canonUsername, defaultOptions},
		{cPassword, canonPassword, defaultOptions},
		{cHostname, canonHostname, hostnameOptions},
		{cPort, canonPort, defaultOptions},
	}
	if hostnameIsIPv6(v[cHostname]) {
		steps[3].enc = canonIPv6Hostname
	}
	for _, s := range steps {
		c, err := compileComponent(componentNames[s.i], v[s.i], s.enc, s.o)
		if err != nil {
			return nil, err
		}
		p.c[s.i] = c
	}
	co := defaultOptions
	co.ignoreCase = opts.IgnoreCase
	if p.c[cProtocol].matchesSpecialScheme() {
		po := pathnameOptions
		po.ignoreCase = opts.IgnoreCase
		p.c[cPathname], err = compileComponent("pathname", v[cPathname], canonPathname, po)
	} else {
		p.c[cPathname], err = compileComponent("pathname", v[cPathname], canonOpaque, co)
	}
	if err != nil {
		return nil, err
	}
	if p.c[cSearch], err = compileComponent("search", v[cSearch], canonSearch, co); err != nil {
		return nil, err
	}
	if p.c[cHash], err = compileComponent("hash", v[cHash], canonHash, co); err != nil {
		return nil, err
	}
	for i := range p.c {
		p.hasRegexp = p.hasRegexp || p.c[i].hasRegexp
		p.ngroups += len(p.c[i].names)
		p.viaRegexp = p.viaRegexp || p.c[i].kind == matchRegexp
	}
	return p, nil
}

func hostnameIsIPv6(s string) bool {
	if len(s) < 2 {
		return false
	}
	return s[0] == '[' || (s[0] == '{' || s[0] == '\\') && s[1] == '['
}

// processInit is the standard's "process a URLPatternInit" with the type
// "pattern" (pattern true) or "url"; base gives the initial values of the
// components (all "" for "url", nil for "pattern").
func processInit(init *Init, pattern bool, base *[8]string) (*Init, error) {
	r := &Init{}
	if base != nil {
		r.Protocol, r.Username, r.Password, r.Hostname = strp(base[0]), strp(base[1]), strp(base[2]), strp(base[3])
		r.Port, r.Pathname, r.Search, r.Hash = strp(base[4]), strp(base[5]), strp(base[6]), strp(base[7])
	}
	baseString := func(s string) *string {
		if pattern {
			return strp(escapePatternString(s))
		}
		return strp(s)
	}
	var baseURL *whatwg.URL
	if init.BaseURL != nil {
		u, err := whatwg.Parse(*init.BaseURL)
		if err != nil {
			e := &Error{Offset: -1, Code: ErrInvalidBaseURL, Input: *init.BaseURL, Detail: err.Error(), Err: err}
			if we, ok := err.(*whatwg.Error); ok {
				e.Offset = we.Offset
			}
			return nil, e
		}
		baseURL = &u
		if init.Protocol == nil {
			r.Protocol = baseString(u.Scheme())
		}
		if !pattern && init.Protocol == nil && init.Hostname == nil && init.Port == nil && init.Username == nil {
			r.Username = baseString(u.Username())
		}
		if !pattern && init.Protocol == nil && init.Hostname == nil && init.Port == nil && init.Username == nil && init.Password == nil {
			r.Password = baseString(u.Password())
		}
		if init.Protocol == nil && init.Hostname == nil {
			r.Hostname = baseString(u.Hostname())
		}
		if init.Protocol == nil && init.Hostname == nil && init.Port == nil {
			r.Port = strp(u.Port())
		}
		if init.Protocol == nil && init.Hostname == nil && init.Port == nil && init.Pathname == nil {
			r.Pathname = baseString(u.Pathname())
		}
		if init.Protocol == nil && init.Hostname == nil && init.Port == nil && init.Pathname == nil && init.Search == nil {
			q, _ := u.Query()
			r.Search = baseString(q)
		}
		if init.Protocol == nil && init.Hostname == nil && init.Port == nil && init.Pathname == nil && init.Search == nil && init.Hash == nil {
			f, _ := u.Fragment()
			r.Hash = baseString(f)
		}
	}
	canon := func(name Component, v string, f func(string) (string, error)) (*string, error) {
		if pattern {
			return strp(v), nil
		}
		s, err := f(v)
		if err != nil {
			return nil, &Error{Offset: -1, Component: name, Code: ErrInvalidComponent, Input: v, Detail: err.Error(), Err: err}
		}
		return strp(s), nil
	}
	var err error
	if init.Protocol != nil {
		v := *init.Protocol
		if n := len(v); n > 0 && v[n-1] == ':' {
			v = v[:n-1]
		}
		if r.Protocol, err = canon("protocol", v, canonProtocol); err != nil {
			return nil, err
		}
	}
	if init.Username != nil {
		if r.Username, err = canon("username", *init.Username, canonUsername); err != nil {
			return nil, err
		}
	}
	if init.Password != nil {
		if r.Password, err = canon("password", *init.Password, canonPassword); err != nil {
			return nil, err
		}
	}
	if init.Hostname != nil {
		if r.Hostname, err = canon("hostname", *init.Hostname, canonHostname); err != nil {
			return nil, err
		}
	}
	proto := ""
	if r.Protocol != nil {
		proto = *r.Protocol
	}
	if init.Port != nil {
		if r.Port, err = canon("port", *init.Port, func(s string) (string, error) { return whatwg.CanonicalPort(s, proto) }); err != nil {
			return nil, err
		}
	}
	if init.Pathname != nil {
		path := *init.Pathname
		if baseURL != nil && !baseURL.HasOpaquePath() && !isAbsolutePathname(path, pattern) {
			bp := *baseString(baseURL.Pathname())
			for i := len(bp) - 1; i >= 0; i-- {
				if bp[i] == '/' {
					path = bp[:i+1] + path
					break
				}
			}
		}
		f := canonOpaque
		if proto == "" || whatwg.IsSpecialScheme(proto) {
			f = canonPathname
		}
		if r.Pathname, err = canon("pathname", path, f); err != nil {
			return nil, err
		}
	}
	if init.Search != nil {
		v := *init.Search
		if v != "" && v[0] == '?' {
			v = v[1:]
		}
		if r.Search, err = canon("search", v, canonSearch); err != nil {
			return nil, err
		}
	}
	if init.Hash != nil {
		v := *init.Hash
		if v != "" && v[0] == '#' {
			v = v[1:]
		}
		if r.Hash, err = canon("hash", v, canonHash); err != nil {
			return nil, err
		}
	}
	return r, nil
}

func isAbsolutePathname(s string, pattern bool) bool {
	if s == "" {
		return false
	}
	if s[0] == '/' {
		return true
	}
	if !pattern || len(s) < 2 {
		return false
	}
	return (s[0] == '\\' || s[0] == '{') && s[1] == '/'
}

// defaultPort returns the default port of the special scheme, or -1.
func defaultPort(scheme string) int {
	if p, ok := whatwg.DefaultPort(scheme); ok {
		return p
	}
	return -1
}
