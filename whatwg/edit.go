package whatwg

import (
	"path"
	"strconv"
	"strings"

	"github.com/urikit/urikit/form"
	"github.com/urikit/urikit/internal/ascii"
	"github.com/urikit/urikit/internal/hexdigit"
	"github.com/urikit/urikit/percent"
)

// Component names a component of a URL: for the editing methods
// (SetComponent, SetComponentRaw, ClearComponent) and in an *Error of a
// refused edit. The values are the components' lowercase names;
// ComponentByName also takes the names of JavaScript's getters
// (protocol, pathname, search, hash) and other aliases.
type Component string

// The components of a URL that can be edited.
const (
	ComponentScheme   Component = "scheme" // JavaScript's protocol, without the ":"
	ComponentUsername Component = "username"
	ComponentPassword Component = "password"
	ComponentHost     Component = "host" // host and optional port
	ComponentHostname Component = "hostname"
	ComponentPort     Component = "port"
	ComponentPath     Component = "path"
	ComponentQuery    Component = "query"
	ComponentFragment Component = "fragment"
)

// ComponentByName returns the component called name, taking the names of
// JavaScript's URL getters and their aliases: protocol or scheme,
// username (or user), password, host, hostname, port, pathname or path,
// search or query, hash or fragment. ok is false for any other name.
func ComponentByName(name string) (c Component, ok bool) {
	switch name {
	case "protocol", "scheme":
		return ComponentScheme, true
	case "username", "user":
		return ComponentUsername, true
	case "password":
		return ComponentPassword, true
	case "host":
		return ComponentHost, true
	case "hostname":
		return ComponentHostname, true
	case "port":
		return ComponentPort, true
	case "pathname", "path":
		return ComponentPath, true
	case "search", "query":
		return ComponentQuery, true
	case "hash", "fragment":
		return ComponentFragment, true
	}
	return "", false
}

// editErr returns the error of an edit of c to value refused with code
// at byte offset off of value (0 when the value as a whole is refused).
func editErr(c Component, code Code, value string, off int) error {
	return &Error{Offset: off, Code: code, Input: value, Component: c}
}

// TrySetProtocol is SetProtocol that says why it refused value (setting
// the scheme the URL has is never refused and changes nothing): the
// value does not start with a scheme followed by ":" or the end
// (ErrInvalidScheme), it would change a special scheme into a
// non-special one or the reverse (ErrSpecialMismatch), make a URL with
// credentials or a port a file URL (ErrFileCredentials), or change the
// scheme of a file URL with an empty host (ErrFileEmptyHost).
func (u *URL) TrySetProtocol(value string) error {
	if u.href == "" {
		return editErr(ComponentScheme, ErrNoURL, value, 0)
	}
	p := &parser{}
	s := p.removeTabs(value)
	if s == "" || !isAlpha(s[0]) {
		return editErr(ComponentScheme, ErrInvalidScheme, value, 0)
	}
	i := 1
	for i < len(s) && classes[s[i]]&clScheme != 0 {
		i++
	}
	if i < len(s) && s[i] != ':' {
		return editErr(ComponentScheme, ErrInvalidScheme, value, i)
	}
	scheme := ascii.Lower(s[:i])
	if scheme == u.Scheme() {
		return nil
	}
	st := getSchemeType(scheme)
	switch {
	case u.scheme.special() != st.special():
		return editErr(ComponentScheme, ErrSpecialMismatch, value, 0)
	case st == schemeFile && (u.includesCredentials() || u.portNum() >= 0):
		return editErr(ComponentScheme, ErrFileCredentials, value, 0)
	case u.scheme == schemeFile && u.host == hostEmpty:
		return editErr(ComponentScheme, ErrFileEmptyHost, value, 0)
	}
	u.SetProtocol(value)
	return nil
}

// TrySetUsername is SetUsername that returns an error of code
// ErrCannotHaveUsername instead of doing nothing when the URL cannot have a
// username (its host is null or empty, or it is a file URL).
func (u *URL) TrySetUsername(value string) error {
	return u.trySetUserinfo(ComponentUsername, value)
}

// TrySetPassword is SetPassword that returns an error of code
// ErrCannotHaveUsername instead of doing nothing when the URL cannot have a
// password.
func (u *URL) TrySetPassword(value string) error {
	return u.trySetUserinfo(ComponentPassword, value)
}

func (u *URL) trySetUserinfo(c Component, value string) error {
	if u.href == "" {
		return editErr(c, ErrNoURL, value, 0)
	}
	if u.cannotHaveCredentialsOrPort() {
		return editErr(c, ErrCannotHaveUsername, value, 0)
	}
	if c == ComponentUsername {
		u.SetUsername(value)
	} else {
		u.SetPassword(value)
	}
	return nil
}

// TrySetHost is SetHost that says why it refused value: the URL's path is
// opaque (ErrOpaquePath), the host does not parse (the parser's
// validation error code, such as ErrHostInvalidCodePoint or
// ErrDomainToASCII, with its offset in value), the port does not
// (ErrPortInvalid, ErrPortOutOfRange), or the host is empty where it
// cannot be (ErrHostMissing for a special scheme, ErrHostRequired for a
// URL with credentials or a port). Unlike SetHost, which sets the host
// of "h:99999" and ignores the port, a value whose port is refused is
// refused whole, as is one with text after the port ("h:80x",
// ErrPortInvalid).
func (u *URL) TrySetHost(value string) error { return u.trySetHost(ComponentHost, value, stHost) }

// TrySetHostname is SetHostname that says why it refused value, as
// TrySetHost does, and with ErrHostnameWithPort for a value with a port.
func (u *URL) TrySetHostname(value string) error {
	return u.trySetHost(ComponentHostname, value, stHostname)
}

func (u *URL) trySetHost(c Component, value string, st state) error {
	if u.href == "" {
		return editErr(c, ErrNoURL, value, 0)
	}
	if u.opaque {
		return editErr(c, ErrOpaquePath, value, 0)
	}
	p := u.setterParser(value, st)
	p.run(st)
	if p.hostSet && p.failCode != "" {
		// The host parsed but the port did not: the JavaScript setter
		// sets the host alone.
		return editErr(c, p.failCode, value, p.failOff)
	}
	if !p.hostSet {
		switch {
		case p.failCode != "":
			return editErr(c, p.failCode, value, p.failOff)
		case st == stHostname && strings.Contains(value, ":") && !strings.HasPrefix(value, "["):
			return editErr(c, ErrHostnameWithPort, value, strings.IndexByte(value, ':'))
		case u.scheme == schemeFile:
			return editErr(c, ErrHostInvalidCodePoint, value, 0)
		}
		return editErr(c, ErrHostRequired, value, 0)
	}
	if st == stHost {
		if i := portJunk(value); i >= 0 {
			return editErr(c, ErrPortInvalid, value, i)
		}
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
	return nil
}

// portJunk returns the offset of the first byte after the digits of the
// port of the host value v ("h:80x"), or -1 when the port is only digits
// or there is none. The host may be an IPv6 literal in brackets.
func portJunk(v string) int {
	i := 0
	if strings.HasPrefix(v, "[") {
		j := strings.IndexByte(v, ']')
		if j < 0 {
			return -1
		}
		i = j + 1
	}
	k := strings.IndexByte(v[i:], ':')
	if k < 0 {
		return -1
	}
	for j := i + k + 1; j < len(v); j++ {
		switch c := v[j]; {
		case isDigit(c), c == '\t', c == '\n', c == '\r':
		case c == '/' || c == '?' || c == '#' || c == '\\':
			return -1 // the setter stops there too
		default:
			return j
		}
	}
	return -1
}

// TrySetPort is SetPort that says why it refused value: the URL cannot
// have a port (ErrCannotHavePort), value is not all ASCII digits
// (ErrPortInvalid, at the first byte that is not one; the JavaScript
// setter would take the digits before it) or it is above 65535
// (ErrPortOutOfRange). "" makes the port null.
func (u *URL) TrySetPort(value string) error {
	if u.href == "" {
		return editErr(ComponentPort, ErrNoURL, value, 0)
	}
	if u.cannotHaveCredentialsOrPort() {
		return editErr(ComponentPort, ErrCannotHavePort, value, 0)
	}
	for i := 0; i < len(value); i++ {
		if !isDigit(value[i]) {
			return editErr(ComponentPort, ErrPortInvalid, value, i)
		}
	}
	if value != "" {
		p := u.setterParser(value, stPort)
		p.run(stPort)
		if !p.portSet {
			code := p.failCode
			if code == "" {
				code = ErrPortInvalid
			}
			return editErr(ComponentPort, code, value, p.failOff)
		}
	}
	u.SetPort(value)
	return nil
}

// TrySetPathname is SetPathname that returns an error of code
// ErrOpaquePath instead of doing nothing when the URL's path is opaque.
func (u *URL) TrySetPathname(value string) error {
	if u.href == "" {
		return editErr(ComponentPath, ErrNoURL, value, 0)
	}
	if u.opaque {
		return editErr(ComponentPath, ErrOpaquePath, value, 0)
	}
	u.SetPathname(value)
	return nil
}

// TrySetSearch is SetSearch, which applies to every URL: it fails only on
// the zero URL.
func (u *URL) TrySetSearch(value string) error {
	if u.href == "" {
		return editErr(ComponentQuery, ErrNoURL, value, 0)
	}
	u.SetSearch(value)
	return nil
}

// TrySetHash is SetHash, which applies to every URL: it fails only on the
// zero URL.
func (u *URL) TrySetHash(value string) error {
	if u.href == "" {
		return editErr(ComponentFragment, ErrNoURL, value, 0)
	}
	u.SetHash(value)
	return nil
}

// encodeSet returns the set that SetComponent encodes a decoded value of
// c with: the component's percent-encode set of the URL Standard, with
// "%" added so that the value comes back when decoded.
func (u URL) encodeSet(c Component) (percent.Set, bool) {
	switch c {
	case ComponentUsername, ComponentPassword:
		return percent.WHATWGUserinfo.Add("%"), true
	case ComponentPath:
		s := percent.WHATWGPath.Add("%")
		if u.scheme.special() {
			s = s.Add(`\`)
		}
		return s, true
	case ComponentQuery:
		if u.scheme.special() {
			return percent.WHATWGSpecialQuery.Add("%"), true
		}
		return percent.WHATWGQuery.Add("%"), true
	case ComponentFragment:
		return percent.WHATWGFragment.Add("%"), true
	}
	return percent.Set{}, false
}

// SetComponent sets the component c to the decoded text value: the value
// is percent-encoded with the component's set (including "%", so that
// "100%" is kept as "100%25"), then set with the Try setter of c, whose
// error it returns. The path keeps "/" as a separator. A host is given
// as Unicode or ASCII and goes through the host parser; "%" in it is
// encoded. A query given whole ("a=1&b=2") keeps its "&" and "=".
func (u *URL) SetComponent(c Component, value string) error {
	switch c {
	case ComponentHost, ComponentHostname:
		value = strings.ReplaceAll(value, "%", "%25")
	default:
		if set, ok := u.encodeSet(c); ok {
			value = percent.Encode(value, set)
		}
	}
	return u.set(c, value)
}

// SetComponentRaw sets the component c to value, which is already
// percent-encoded and is kept as it is: it is refused, with an Error
// at the offending byte, when it holds a "%" that does not start an
// escape (ErrInvalidEscape) or a byte the component's set encodes
// (ErrUnencoded: spaces, controls, non-ASCII bytes...). Scheme, host
// and port have no escapes and are set as SetComponent sets them.
func (u *URL) SetComponentRaw(c Component, value string) error {
	if set, ok := u.encodeSet(c); ok {
		if i, code := checkRawValue(value, set.Remove("%")); i >= 0 {
			return editErr(c, code, value, i)
		}
	}
	return u.set(c, value)
}

// checkRawValue returns the offset and code of the first byte of s that
// is not kept as it is by a component whose set is set, or -1.
func checkRawValue(s string, set percent.Set) (int, Code) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%':
			if i+2 >= len(s) || !hexdigit.Is(s[i+1]) || !hexdigit.Is(s[i+2]) {
				return i, ErrInvalidEscape
			}
		case set.Contains(c):
			return i, ErrUnencoded
		}
	}
	return -1, ""
}

func (u *URL) set(c Component, value string) error {
	switch c {
	case ComponentScheme:
		return u.TrySetProtocol(value)
	case ComponentUsername:
		return u.TrySetUsername(value)
	case ComponentPassword:
		return u.TrySetPassword(value)
	case ComponentHost:
		return u.TrySetHost(value)
	case ComponentHostname:
		return u.TrySetHostname(value)
	case ComponentPort:
		return u.TrySetPort(value)
	case ComponentPath:
		return u.TrySetPathname(value)
	case ComponentQuery:
		if u.href == "" {
			return editErr(c, ErrNoURL, value, 0)
		}
		u.setQuery(value, true)
		return nil
	case ComponentFragment:
		if u.href == "" {
			return editErr(c, ErrNoURL, value, 0)
		}
		r := u.record()
		p := u.setterParser(value, stFragment)
		p.run(stFragment)
		r.frag, r.hasFrag = bufString(p.buf), true
		*u = r.build()
		return nil
	}
	return editErr(c, ErrUnknownComponent, value, 0)
}

// setQuery sets the query to value as the search setter does, but with a
// leading "?" kept as part of the query, and an empty value giving an
// empty query when nonNull is set.
func (u *URL) setQuery(value string, nonNull bool) {
	r := u.record()
	if value == "" && !nonNull {
		r.query, r.hasQuery = "", false
	} else {
		p := u.setterParser(value, stQuery)
		p.run(stQuery)
		r.query, r.hasQuery = bufString(p.buf), true
	}
	*u = r.build()
}

// ClearComponent removes the component c: it makes the username or the
// password empty, the port, the query or the fragment null, and the path
// empty (ErrNoPath for a special URL, or one without a host, whose path
// is at least "/"; ErrOpaquePath for an opaque path). The host is made
// null for a non-special URL without credentials or port and with a
// non-empty path, and refused otherwise (ErrHostRequired). Clearing a
// component that is absent is not an error.
func (u *URL) ClearComponent(c Component) error {
	if u.href == "" {
		return editErr(c, ErrNoURL, "", 0)
	}
	r := u.record()
	switch c {
	case ComponentUsername, ComponentPassword:
		if c == ComponentUsername && u.Username() == "" || c == ComponentPassword && u.Password() == "" {
			return nil
		}
		if c == ComponentUsername {
			r.user = ""
		} else {
			r.pass = ""
		}
	case ComponentPort:
		r.port = -1
	case ComponentQuery:
		r.query, r.hasQuery = "", false
	case ComponentFragment:
		r.frag, r.hasFrag = "", false
	case ComponentPath:
		if u.opaque {
			return editErr(c, ErrOpaquePath, "", 0)
		}
		if u.scheme.special() || u.host == hostNone {
			// An empty path without a host would read as an opaque path.
			if r.path == "/" {
				return nil
			}
			return editErr(c, ErrNoPath, "", 0)
		}
		r.path = ""
	case ComponentHost, ComponentHostname:
		if u.host == hostNone {
			return nil
		}
		if u.scheme.special() || u.includesCredentials() || r.port >= 0 || r.path == "" {
			// Without a host, an empty path would read as an opaque path.
			return editErr(c, ErrHostRequired, "", 0)
		}
		r.hk, r.host = hostNone, ""
	case ComponentScheme:
		return editErr(c, ErrInvalidScheme, "", 0)
	default:
		return editErr(c, ErrUnknownComponent, "", 0)
	}
	*u = r.build()
	return nil
}

// RawPathSegments returns the segments of the path as they appear in it,
// still percent-encoded: "/a/b%2Fc/" has the segments "a", "b%2Fc" and
// "". An empty path has none; an opaque path is one segment.
func (u URL) RawPathSegments() []string {
	p := u.Pathname()
	if p == "" {
		return nil
	}
	if u.opaque || p[0] != '/' {
		return []string{p}
	}
	return strings.Split(p[1:], "/")
}

// PathSegments returns the segments of the path, decoded: "/a/b%2Fc" has
// the segments "a" and "b/c". Escapes that do not decode to UTF-8, and
// stray "%", are kept as they are.
func (u URL) PathSegments() []string {
	segs := u.RawPathSegments()
	for i, s := range segs {
		segs[i] = decodeKeep(s)
	}
	return segs
}

// decodeKeep decodes the escapes of s; where that does not give UTF-8 it
// returns s.
func decodeKeep(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	d, err := percent.Decoder{}.Decode(s)
	if err != nil {
		return s
	}
	return d
}

// SetRawPathSegments sets the path to "/" followed by the segments joined
// with "/" (no segments: an empty path, or "/" for a special URL or one
// without a host). Each segment is already percent-encoded and is checked as
// SetComponentRaw checks a path, and must not hold "/" (nor "\\" for a
// special URL), which would split it (ErrUnencoded), nor be a dot
// segment such as "." or "%2e%2E" (ErrDotSegment). No segments give an
// empty path for a non-special URL and "/" for a special one.
func (u *URL) SetRawPathSegments(segs []string) error {
	if u.href == "" {
		return editErr(ComponentPath, ErrNoURL, "", 0)
	}
	if u.opaque {
		return editErr(ComponentPath, ErrOpaquePath, "", 0)
	}
	set := percent.WHATWGPath.Add("/")
	if u.scheme.special() {
		set = set.Add(`\`)
	}
	for _, s := range segs {
		if i, code := checkRawValue(s, set); i >= 0 {
			return editErr(ComponentPath, code, s, i)
		}
		if k := segKindOf(s); k == segSingleDot || k == segDoubleDot {
			return editErr(ComponentPath, ErrDotSegment, s, 0)
		}
	}
	u.setSegments(segs, nil, nil)
	return nil
}

// setSegments sets the path to the segments a, then b, then c, each
// after a "/", all valid; none gives "" ("/" for a special URL).
func (u *URL) setSegments(a, b, c []string) {
	n := 0
	for _, l := range [3][]string{a, b, c} {
		for _, s := range l {
			n += len(s) + 1
		}
	}
	p := make([]byte, 0, max(n, 1))
	for _, l := range [3][]string{a, b, c} {
		for _, s := range l {
			p = append(p, '/')
			p = append(p, s...)
		}
	}
	u.setPath(bufString(p))
}

// segmentSet returns the set a decoded path segment is encoded with.
func (u URL) segmentSet() percent.Set {
	s := percent.WHATWGPath.Add("%/")
	if u.scheme.special() {
		s = s.Add(`\`)
	}
	return s
}

// encodeSegment encodes the decoded segment seg, refusing a dot segment.
func (u URL) encodeSegment(seg string) (string, error) {
	if seg == "." || seg == ".." {
		return "", editErr(ComponentPath, ErrDotSegment, seg, 0)
	}
	return percent.Encode(seg, u.segmentSet()), nil
}

// AppendPathSegment adds the decoded segment seg at the end of the path,
// encoding "/" in it (and "\\" for a special URL) so that it stays one
// segment. A path that ends with "/" has an empty last segment, which seg
// replaces: "/a/" becomes "/a/seg", as trurl does. "." and ".." are
// refused (ErrDotSegment), as is an opaque path (ErrOpaquePath).
func (u *URL) AppendPathSegment(seg string) error {
	p := u.Pathname()
	n := strings.Count(p, "/")
	if n > 0 && p[len(p)-1] == '/' {
		return u.editSegments(n-1, seg, 1)
	}
	return u.editSegments(n, seg, 0)
}

// InsertPathSegment inserts the decoded segment seg before segment i of
// RawPathSegments (i == the number of segments appends it), encoded as
// AppendPathSegment encodes it. An index out of range is an error of
// code ErrIndexOutOfRange.
func (u *URL) InsertPathSegment(i int, seg string) error {
	return u.editSegments(i, seg, 0)
}

// ReplacePathSegment replaces segment i of RawPathSegments with the
// decoded segment seg.
func (u *URL) ReplacePathSegment(i int, seg string) error {
	return u.editSegments(i, seg, 1)
}

// RemovePathSegment removes segment i of RawPathSegments. Removing the
// only segment leaves the path "/".
func (u *URL) RemovePathSegment(i int) error {
	if u.href == "" {
		return editErr(ComponentPath, ErrNoURL, "", 0)
	}
	if u.opaque {
		return editErr(ComponentPath, ErrOpaquePath, "", 0)
	}
	p := u.Pathname()
	n := strings.Count(p, "/")
	if i < 0 || i >= n {
		return editErr(ComponentPath, ErrIndexOutOfRange, strconv.Itoa(i), 0)
	}
	if n == 1 {
		u.setPath("/")
		return nil
	}
	u.setPath(p[:slashIndex(p, i)] + p[slashIndex(p, i+1):])
	return nil
}

// slashIndex returns the index in the path p (empty or starting with
// "/") of the "/" before segment i, or len(p) when i is the number of
// segments.
func slashIndex(p string, i int) int {
	for k := 0; k < len(p); k++ {
		if p[k] == '/' {
			if i == 0 {
				return k
			}
			i--
		}
	}
	return len(p)
}

// editSegments puts the decoded segment seg at index i of the segments
// in place of del of them, splicing the path text: the other segments are
// not split or copied but once.
func (u *URL) editSegments(i int, seg string, del int) error {
	if u.href == "" {
		return editErr(ComponentPath, ErrNoURL, seg, 0)
	}
	if u.opaque {
		return editErr(ComponentPath, ErrOpaquePath, seg, 0)
	}
	p := u.Pathname()
	if i < 0 || i+del > strings.Count(p, "/") {
		return editErr(ComponentPath, ErrIndexOutOfRange, strconv.Itoa(i), 0)
	}
	enc, err := u.encodeSegment(seg)
	if err != nil {
		return err
	}
	a := slashIndex(p, i)
	b := a
	if del > 0 {
		b = slashIndex(p, i+del)
	}
	u.setPath(p[:a] + "/" + enc + p[b:])
	return nil
}

// setPath sets the path to p, made of valid segments.
func (u *URL) setPath(p string) {
	if p == "" && (u.scheme.special() || u.host == hostNone) {
		// Without a host, an empty path would read as an opaque path.
		p = "/"
	}
	r := u.record()
	r.path = p
	*u = r.build()
	// A file URL's first segment may be a Windows drive letter, which
	// the parser treats apart: the result is parsed again.
	if u.scheme == schemeFile {
		if v, err := Parse(u.href); err == nil {
			*u = v
		}
	}
}

// QueryParams returns the query as a form.RawQuery: its pairs in order,
// each kept byte for byte, to read and edit with the RawQuery methods
// (Get, GetAll, Set, Append, Delete, Replace, Sort) and
// write back with SetQueryParams.
func (u URL) QueryParams() form.RawQuery {
	q, _ := u.Query()
	return form.ParseRaw(q)
}

// SetQueryParams sets the query to q: the pairs q kept from the URL come
// back byte for byte. An empty q makes the query null (the "?" goes
// away), as URLSearchParams does, unless the query was already empty
// ("x?" stays "x?"). A raw pair added with bytes the query encodes (see
// form.RawQuery.AppendRaw) is refused with ErrUnencoded.
func (u *URL) SetQueryParams(q form.RawQuery) error {
	s := q.String()
	if u.href == "" {
		return editErr(ComponentQuery, ErrNoURL, s, 0)
	}
	set := percent.WHATWGQuery
	if u.scheme.special() {
		set = percent.WHATWGSpecialQuery
	}
	if i := set.Index(s); i >= 0 {
		return editErr(ComponentQuery, ErrUnencoded, s, i)
	}
	old, had := u.Query()
	if s == old {
		return nil
	}
	// s has no byte the query state would encode (nor tabs or newlines,
	// which it would remove): it is the query as the setter would write
	// it, so it is set without running the parser.
	r := u.record()
	r.query, r.hasQuery = s, s != "" || had && old == ""
	*u = r.build()
	return nil
}

// EditQuery calls edit with the query's pairs (see QueryParams) and sets
// the query to what edit left (see SetQueryParams).
func (u *URL) EditQuery(edit func(q *form.RawQuery)) error {
	q := u.QueryParams()
	edit(&q)
	return u.SetQueryParams(q)
}

// JoinPath returns a copy of u with the elements elem joined to its path
// with "/", as net/url's URL.JoinPath does: each element is an already
// encoded path, "./" and "../" are resolved and repeated "/" collapsed,
// and a trailing "/" of the last element is kept. The result's path goes
// through the pathname setter, which encodes what the path set encodes.
// A URL with an opaque path is refused (ErrOpaquePath).
func (u URL) JoinPath(elem ...string) (URL, error) {
	v := u
	if u.href == "" {
		return URL{}, editErr(ComponentPath, ErrNoURL, "", 0)
	}
	if u.opaque {
		return URL{}, editErr(ComponentPath, ErrOpaquePath, strings.Join(elem, "/"), 0)
	}
	if len(elem) == 0 {
		return v, nil
	}
	parts := append([]string{"/" + u.Pathname()}, elem...)
	p := path.Join(parts...)
	if strings.HasSuffix(elem[len(elem)-1], "/") && !strings.HasSuffix(p, "/") {
		p += "/"
	}
	v.SetPathname(p)
	return v, nil
}

// Redacted returns the href with the password, when there is one,
// replaced by "xxxxx", as net/url's URL.Redacted does, for logging.
func (u URL) Redacted() string {
	if u.Password() == "" {
		return u.href
	}
	l := u.layout()
	return u.href[:l.userEnd+1] + "xxxxx" + u.href[l.hostStart-1:]
}
