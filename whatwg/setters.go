package whatwg

import (
	"strconv"

	"github.com/urikit/urikit/internal/ascii"
	"github.com/urikit/urikit/internal/bytestr"
	"github.com/urikit/urikit/percent"
)

// record is a URL split into its components, used by the setters to
// rebuild a URL after changing one component.
type record struct {
	scheme   string
	st       schemeType
	user     string
	pass     string
	host     string
	hk       hostKind
	port     int32
	path     string
	opaque   bool
	query    string
	hasQuery bool
	frag     string
	hasFrag  bool
}

func (u URL) record() record {
	r := record{
		scheme: u.Scheme(),
		st:     u.scheme,
		user:   u.Username(),
		pass:   u.Password(),
		host:   u.Hostname(),
		hk:     u.host,
		port:   u.portNum(),
		path:   u.Pathname(),
		opaque: u.opaque,
	}
	r.query, r.hasQuery = u.Query()
	r.frag, r.hasFrag = u.Fragment()
	return r
}

// build serializes r into a URL.
func (r *record) build() URL {
	b := make([]byte, 0, len(r.scheme)+len(r.user)+len(r.pass)+len(r.host)+len(r.path)+len(r.query)+len(r.frag)+16)
	var u layout
	b = append(b, r.scheme...)
	u.schemeEnd = uint32(len(b))
	b = append(b, ':')
	u.scheme = r.st
	u.host = r.hk
	u.opaque = r.opaque
	if r.hk != hostNone {
		b = append(b, '/', '/')
		b = append(b, r.user...)
		u.userEnd = uint32(len(b))
		if r.pass != "" {
			b = append(b, ':')
			b = append(b, r.pass...)
		}
		if r.user != "" || r.pass != "" {
			b = append(b, '@')
		}
		u.hostStart = uint32(len(b))
		b = append(b, r.host...)
		u.hostEnd = uint32(len(b))
		if r.port >= 0 {
			b = append(b, ':')
			b = strconv.AppendInt(b, int64(r.port), 10)
		}
	} else {
		n := uint32(len(b))
		u.userEnd, u.hostStart, u.hostEnd = n, n, n
		if !r.opaque && len(r.path) >= 2 && r.path[0] == '/' && r.path[1] == '/' {
			b = append(b, '/', '.')
		}
	}
	u.pathStart = uint32(len(b))
	b = append(b, r.path...)
	u.queryStart = uint32(len(b))
	if r.hasQuery {
		b = append(b, '?')
		b = append(b, r.query...)
	}
	u.fragStart = uint32(len(b))
	if r.hasFrag {
		b = append(b, '#')
		b = append(b, r.frag...)
	}
	// b was made here for the href and goes out of scope: it is not
	// written again.
	u.href = bytestr.String(b)
	var v URL
	v.store(&u)
	return v
}

// bufString returns the bytes of a setter's parser output, which is not
// written again, as a string without copying them (build copies them into
// the new href).
func bufString(b []byte) string {
	// The caller's setter parser is done and dropped: b is not written
	// again.
	return bytestr.String(b)
}

// cannotHaveCredentialsOrPort reports whether the URL's host is null or
// empty, or its scheme is "file".
func (u URL) cannotHaveCredentialsOrPort() bool {
	return u.host == hostNone || u.host == hostEmpty || u.scheme == schemeFile
}

// setterParser returns a parser for a setter's value, in state-override
// mode for u.
func (u *URL) setterParser(value string, override state) *parser {
	p := &parser{override: override}
	p.in = p.removeTabs(value) // p.buf is made on the first write (room)
	p.u.scheme = u.scheme
	p.port = u.portNum()
	p.ovCreds = u.includesCredentials()
	p.ovPort = p.port >= 0
	p.ovHostNull = u.host == hostNone
	return p
}

// SetHref parses href with no base and, when it parses, replaces u with
// the result. It returns the parse error otherwise and leaves u unchanged.
func (u *URL) SetHref(href string) error {
	v, err := Parse(href)
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// SetProtocol sets the scheme from value, up to its first ":" (JavaScript's
// url.protocol setter). The change is ignored when value does not start with
// a valid scheme, when it would switch between a special and a non-special
// scheme, or when it would make "file" a URL with credentials or a port, or
// leave "file" with an empty host.
func (u *URL) SetProtocol(value string) {
	if u.href == "" {
		return
	}
	p := &parser{}
	s := p.removeTabs(value)
	if s == "" || !isAlpha(s[0]) {
		return
	}
	i := 1
	for i < len(s) && (isAlpha(s[i]) || isDigit(s[i]) || s[i] == '+' || s[i] == '-' || s[i] == '.') {
		i++
	}
	if i < len(s) && s[i] != ':' {
		return
	}
	scheme := ascii.Lower(s[:i])
	st := getSchemeType(scheme)
	if u.scheme.special() != st.special() {
		return
	}
	if (u.includesCredentials() || u.portNum() >= 0) && st == schemeFile {
		return
	}
	if u.scheme == schemeFile && u.host == hostEmpty {
		return
	}
	r := u.record()
	r.scheme, r.st = scheme, st
	if r.port == st.defaultPort() {
		r.port = -1
	}
	*u = r.build()
}

// SetUsername sets the username to value, percent-encoded with the userinfo
// percent-encode set. It does nothing when the URL cannot have credentials
// (null or empty host, or a file URL).
func (u *URL) SetUsername(value string) {
	if u.href == "" {
		return
	}
	if u.cannotHaveCredentialsOrPort() {
		return
	}
	r := u.record()
	r.user = percent.Encode(value, percent.WHATWGUserinfo)
	*u = r.build()
}

// SetPassword sets the password to value, percent-encoded with the userinfo
// percent-encode set. It does nothing when the URL cannot have credentials.
func (u *URL) SetPassword(value string) {
	if u.href == "" {
		return
	}
	if u.cannotHaveCredentialsOrPort() {
		return
	}
	r := u.record()
	r.pass = percent.Encode(value, percent.WHATWGUserinfo)
	*u = r.build()
}

// SetHost parses value as "host[:port]" with the host state override and
// sets what parsed. A value without a port leaves the port alone. It does
// nothing for URLs with an opaque path.
func (u *URL) SetHost(value string) { u.setHost(value, stHost) }

// SetHostname parses value as a host with the hostname state override and
// sets it; a value with a port is ignored. It does nothing for URLs with an
// opaque path.
func (u *URL) SetHostname(value string) { u.setHost(value, stHostname) }

func (u *URL) setHost(value string, st state) {
	if u.opaque || u.href == "" {
		return
	}
	p := u.setterParser(value, st)
	p.run(st)
	if !p.hostSet {
		return
	}
	r := u.record()
	r.hk = p.u.host
	r.host = bufString(p.buf[p.u.hostStart:p.u.hostEnd])
	if p.u.host == hostEmpty {
		r.host = ""
	}
	if p.portSet {
		r.port = p.port
	}
	*u = r.build()
}

// SetPort sets the port from the leading ASCII digits of value; "" sets
// it to null. A port equal to the scheme's default becomes null. It does
// nothing when the URL cannot have a port or value does not start with a
// digit or is out of range.
func (u *URL) SetPort(value string) {
	if u.href == "" {
		return
	}
	if u.cannotHaveCredentialsOrPort() {
		return
	}
	r := u.record()
	if value == "" {
		r.port = -1
	} else {
		p := u.setterParser(value, stPort)
		p.run(stPort)
		if !p.portSet {
			return
		}
		r.port = p.port
	}
	*u = r.build()
}

// SetPathname replaces the path with value parsed from the path start
// state. It does nothing for URLs with an opaque path.
func (u *URL) SetPathname(value string) {
	if u.href == "" {
		return
	}
	if u.opaque {
		return
	}
	p := u.setterParser(value, stPathStart)
	p.run(stPathStart)
	r := u.record()
	r.path = bufString(p.buf)
	*u = r.build()
}

// SetSearch sets the query from value, without a leading "?"; "" makes
// the query null.
func (u *URL) SetSearch(value string) {
	if u.href == "" {
		return
	}
	r := u.record()
	if value == "" {
		r.query, r.hasQuery = "", false
	} else {
		if value[0] == '?' {
			value = value[1:]
		}
		p := u.setterParser(value, stQuery)
		p.run(stQuery)
		r.query, r.hasQuery = bufString(p.buf), true
	}
	*u = r.build()
}

// SetHash sets the fragment from value, without a leading "#"; "" makes
// the fragment null.
func (u *URL) SetHash(value string) {
	if u.href == "" {
		return
	}
	r := u.record()
	if value == "" {
		r.frag, r.hasFrag = "", false
	} else {
		if value[0] == '#' {
			value = value[1:]
		}
		p := u.setterParser(value, stFragment)
		p.run(stFragment)
		r.frag, r.hasFrag = bufString(p.buf), true
	}
	*u = r.build()
}
