package whatwg

import (
	"path"
	"strconv"
	"strings"

	"github.com/urikit/urikit/form"
	"github.com/urikit/urikit/percent"
)

// Codes of an EditError besides the validation error codes (Err*) that
// the host and port parsers report.
const (
	EditNoURL            = "no-url"               // the zero URL, which is not a URL
	EditUnknownComponent = "unknown-component"    // a component name that EditComponent does not know
	EditInvalidScheme    = "invalid-scheme"       // the value does not start with a scheme
	EditSpecialMismatch  = "special-mismatch"     // a special scheme cannot become non-special, nor the reverse
	EditFileCredentials  = "file-credentials"     // a URL with credentials or a port cannot become a file URL
	EditFileEmptyHost    = "file-empty-host"      // a file URL with an empty host keeps its scheme
	EditNoCredentials    = "cannot-have-username" // the host is null or empty, or the scheme is file
	EditNoPort           = "cannot-have-port"     // the host is null or empty, or the scheme is file
	EditOpaquePath       = "opaque-path"          // the URL's path is opaque (as in "mailto:x")
	EditHostnamePort     = "hostname-with-port"   // the hostname setter takes no port
	EditHostRequired     = "host-required"        // the host cannot be empty or removed: the URL has credentials or a port, a special scheme, or (to remove it) an empty path
	EditInvalidEscape    = "invalid-escape"       // a raw value has a "%" not followed by two hex digits
	EditUnencoded        = "unencoded"            // a raw value has a byte its component encodes
	EditDotSegment       = "dot-segment"          // a path segment "." or "..", which a path cannot hold
	EditIndexRange       = "index-out-of-range"   // a path segment index past the end
	EditNoPath           = "no-path"              // the path of a special URL, or of one without a host, cannot be emptied
)

// EditComponent names a component of a URL for the editing methods
// (SetComponent, SetComponentRaw, ClearComponent). The names are those of
// the URL Standard and of JavaScript's getters; ComponentByName also takes
// the aliases scheme, pathname, search and hash.
type EditComponent string

// The components of a URL that can be edited.
const (
	CompProtocol EditComponent = "protocol" // the scheme
	CompUsername EditComponent = "username"
	CompPassword EditComponent = "password"
	CompHost     EditComponent = "host" // host and optional port
	CompHostname EditComponent = "hostname"
	CompPort     EditComponent = "port"
	CompPath     EditComponent = "path"
	CompQuery    EditComponent = "query"
	CompFragment EditComponent = "fragment"
)

// ComponentByName returns the component called name, taking the names of
// JavaScript's URL getters and their aliases: protocol or scheme,
// username (or user), password, host, hostname, port, pathname or path,
// search or query, hash or fragment. ok is false for any other name.
func ComponentByName(name string) (c EditComponent, ok bool) {
	switch name {
	case "protocol", "scheme":
		return CompProtocol, true
	case "username", "user":
		return CompUsername, true
	case "password":
		return CompPassword, true
	case "host":
		return CompHost, true
	case "hostname":
		return CompHostname, true
	case "port":
		return CompPort, true
	case "pathname", "path":
		return CompPath, true
	case "search", "query":
		return CompQuery, true
	case "hash", "fragment":
		return CompFragment, true
	}
	return "", false
}

// An EditError says why an edit of a URL was refused: the component, a
// code (one of the Edit* constants or a validation error code such as
// ErrPortOutOfRange) and the byte offset in Value, the value given, where
// the problem is (0 when the whole value is refused). The URL is left
// unchanged.
type EditError struct {
	Component EditComponent
	Code      string
	Value     string
	Offset    int
}

// Error returns a message naming the component and the code, quoting a
// window of at most 40 bytes on either side of the offset of the value.
func (e *EditError) Error() string {
	return "whatwg: setting " + string(e.Component) + " to " + quoteWindow(e.Value, e.Offset) + ": " + e.Code + " at offset " + strconv.Itoa(e.Offset)
}

// Is reports whether target is an *EditError with the same Code and, when
// the target names one, the same Component, so that errors.Is(err,
// &whatwg.EditError{Code: whatwg.EditOpaquePath}) works.
func (e *EditError) Is(target error) bool {
	t, ok := target.(*EditError)
	return ok && t.Code == e.Code && (t.Component == "" || t.Component == e.Component)
}

func editErr(c EditComponent, code, value string, off int) error {
	return &EditError{Component: c, Code: code, Value: value, Offset: off}
}

// TrySetProtocol is SetProtocol that says why it refused value (setting
// the scheme the URL has is never refused and changes nothing): the
// value does not start with a scheme followed by ":" or the end
// (EditInvalidScheme), it would change a special scheme into a
// non-special one or the reverse (EditSpecialMismatch), make a URL with
// credentials or a port a file URL (EditFileCredentials), or change the
// scheme of a file URL with an empty host (EditFileEmptyHost).
func (u *URL) TrySetProtocol(value string) error {
	if u.href == "" {
		return editErr(CompProtocol, EditNoURL, value, 0)
	}
	p := &parser{}
	s := p.removeTabs(value)
	if s == "" || !isAlpha(s[0]) {
		return editErr(CompProtocol, EditInvalidScheme, value, 0)
	}
	i := 1
	for i < len(s) && classes[s[i]]&clScheme != 0 {
		i++
	}
	if i < len(s) && s[i] != ':' {
		return editErr(CompProtocol, EditInvalidScheme, value, i)
	}
	scheme := asciiLower(s[:i])
	if scheme == u.Scheme() {
		return nil
	}
	st := getSchemeType(scheme)
	switch {
	case u.scheme.special() != st.special():
		return editErr(CompProtocol, EditSpecialMismatch, value, 0)
	case st == schemeFile && (u.includesCredentials() || u.portNum() >= 0):
		return editErr(CompProtocol, EditFileCredentials, value, 0)
	case u.scheme == schemeFile && u.host == hostEmpty:
		return editErr(CompProtocol, EditFileEmptyHost, value, 0)
	}
	u.SetProtocol(value)
	return nil
}

// TrySetUsername is SetUsername that returns an error of code
// EditNoCredentials instead of doing nothing when the URL cannot have a
// username (its host is null or empty, or it is a file URL).
func (u *URL) TrySetUsername(value string) error {
	return u.trySetUserinfo(CompUsername, value)
}

// TrySetPassword is SetPassword that returns an error of code
// EditNoCredentials instead of doing nothing when the URL cannot have a
// password.
func (u *URL) TrySetPassword(value string) error {
	return u.trySetUserinfo(CompPassword, value)
}

func (u *URL) trySetUserinfo(c EditComponent, value string) error {
	if u.href == "" {
		return editErr(c, EditNoURL, value, 0)
	}
	if u.cannotHaveCredentialsOrPort() {
		return editErr(c, EditNoCredentials, value, 0)
	}
	if c == CompUsername {
		u.SetUsername(value)
	} else {
		u.SetPassword(value)
	}
	return nil
}

// TrySetHost is SetHost that says why it refused value: the URL's path is
// opaque (EditOpaquePath), the host does not parse (the parser's
// validation error code, such as ErrHostInvalidCodePoint or
// ErrDomainToASCII, with its offset in value), the port does not
// (ErrPortInvalid, ErrPortOutOfRange), or the host is empty where it
// cannot be (ErrHostMissing for a special scheme, EditHostRequired for a
// URL with credentials or a port). Unlike SetHost, which sets the host
// of "h:99999" and ignores the port, a value whose port is refused is
// refused whole, as is one with text after the port ("h:80x",
// ErrPortInvalid).
func (u *URL) TrySetHost(value string) error { return u.trySetHost(CompHost, value, stHost) }

// TrySetHostname is SetHostname that says why it refused value, as
// TrySetHost does, and with EditHostnamePort for a value with a port.
func (u *URL) TrySetHostname(value string) error {
	return u.trySetHost(CompHostname, value, stHostname)
}

func (u *URL) trySetHost(c EditComponent, value string, st state) error {
	if u.href == "" {
		return editErr(c, EditNoURL, value, 0)
	}
	if u.opaque {
		return editErr(c, EditOpaquePath, value, 0)
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
			return editErr(c, EditHostnamePort, value, strings.IndexByte(value, ':'))
		case u.scheme == schemeFile:
			return editErr(c, ErrHostInvalidCodePoint, value, 0)
		}
		return editErr(c, EditHostRequired, value, 0)
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
// have a port (EditNoPort), value is not all ASCII digits
// (ErrPortInvalid, at the first byte that is not one; the JavaScript
// setter would take the digits before it) or it is above 65535
// (ErrPortOutOfRange). "" makes the port null.
func (u *URL) TrySetPort(value string) error {
	if u.href == "" {
		return editErr(CompPort, EditNoURL, value, 0)
	}
	if u.cannotHaveCredentialsOrPort() {
		return editErr(CompPort, EditNoPort, value, 0)
	}
	for i := 0; i < len(value); i++ {
		if !isDigit(value[i]) {
			return editErr(CompPort, ErrPortInvalid, value, i)
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
			return editErr(CompPort, code, value, p.failOff)
		}
	}
	u.SetPort(value)
	return nil
}

// TrySetPathname is SetPathname that returns an error of code
// EditOpaquePath instead of doing nothing when the URL's path is opaque.
func (u *URL) TrySetPathname(value string) error {
	if u.href == "" {
		return editErr(CompPath, EditNoURL, value, 0)
	}
	if u.opaque {
		return editErr(CompPath, EditOpaquePath, value, 0)
	}
	u.SetPathname(value)
	return nil
}

// TrySetSearch is SetSearch, which applies to every URL: it fails only on
// the zero URL.
func (u *URL) TrySetSearch(value string) error {
	if u.href == "" {
		return editErr(CompQuery, EditNoURL, value, 0)
	}
	u.SetSearch(value)
	return nil
}

// TrySetHash is SetHash, which applies to every URL: it fails only on the
// zero URL.
func (u *URL) TrySetHash(value string) error {
	if u.href == "" {
		return editErr(CompFragment, EditNoURL, value, 0)
	}
	u.SetHash(value)
	return nil
}

// encodeSet returns the set that SetComponent encodes a decoded value of
// c with: the component's percent-encode set of the URL Standard, with
// "%" added so that the value comes back when decoded.
func (u *URL) encodeSet(c EditComponent) (percent.Set, bool) {
	switch c {
	case CompUsername, CompPassword:
		return percent.WHATWGUserinfo.Add("%"), true
	case CompPath:
		s := percent.WHATWGPath.Add("%")
		if u.scheme.special() {
			s = s.Add(`\`)
		}
		return s, true
	case CompQuery:
		if u.scheme.special() {
			return percent.WHATWGSpecialQuery.Add("%"), true
		}
		return percent.WHATWGQuery.Add("%"), true
	case CompFragment:
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
func (u *URL) SetComponent(c EditComponent, value string) error {
	switch c {
	case CompHost, CompHostname:
		value = strings.ReplaceAll(value, "%", "%25")
	default:
		if set, ok := u.encodeSet(c); ok {
			value = percent.Encode(value, set)
		}
	}
	return u.set(c, value)
}

// SetComponentRaw sets the component c to value, which is already
// percent-encoded and is kept as it is: it is refused, with an EditError
// at the offending byte, when it holds a "%" that does not start an
// escape (EditInvalidEscape) or a byte the component's set encodes
// (EditUnencoded: spaces, controls, non-ASCII bytes...). Scheme, host
// and port have no escapes and are set as SetComponent sets them.
func (u *URL) SetComponentRaw(c EditComponent, value string) error {
	if set, ok := u.encodeSet(c); ok {
		if i, code := checkRawValue(value, set.Remove("%")); i >= 0 {
			return editErr(c, code, value, i)
		}
	}
	return u.set(c, value)
}

// checkRawValue returns the offset and code of the first byte of s that
// is not kept as it is by a component whose set is set, or -1.
func checkRawValue(s string, set percent.Set) (int, string) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return i, EditInvalidEscape
			}
		case set.Contains(c):
			return i, EditUnencoded
		}
	}
	return -1, ""
}

func (u *URL) set(c EditComponent, value string) error {
	switch c {
	case CompProtocol:
		return u.TrySetProtocol(value)
	case CompUsername:
		return u.TrySetUsername(value)
	case CompPassword:
		return u.TrySetPassword(value)
	case CompHost:
		return u.TrySetHost(value)
	case CompHostname:
		return u.TrySetHostname(value)
	case CompPort:
		return u.TrySetPort(value)
	case CompPath:
		return u.TrySetPathname(value)
	case CompQuery:
		if u.href == "" {
			return editErr(c, EditNoURL, value, 0)
		}
		u.setQuery(value, true)
		return nil
	case CompFragment:
		if u.href == "" {
			return editErr(c, EditNoURL, value, 0)
		}
		r := u.record()
		p := u.setterParser(value, stFragment)
		p.run(stFragment)
		r.frag, r.hasFrag = bufString(p.buf), true
		*u = r.build()
		return nil
	}
	return editErr(c, EditUnknownComponent, value, 0)
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
// empty (EditNoPath for a special URL, or one without a host, whose path
// is at least "/"; EditOpaquePath for an opaque path). The host is made
// null for a non-special URL without credentials or port and with a
// non-empty path, and refused otherwise (EditHostRequired). Clearing a
// component that is absent is not an error.
func (u *URL) ClearComponent(c EditComponent) error {
	if u.href == "" {
		return editErr(c, EditNoURL, "", 0)
	}
	r := u.record()
	switch c {
	case CompUsername, CompPassword:
		if c == CompUsername && u.Username() == "" || c == CompPassword && u.Password() == "" {
			return nil
		}
		if c == CompUsername {
			r.user = ""
		} else {
			r.pass = ""
		}
	case CompPort:
		r.port = -1
	case CompQuery:
		r.query, r.hasQuery = "", false
	case CompFragment:
		r.frag, r.hasFrag = "", false
	case CompPath:
		if u.opaque {
			return editErr(c, EditOpaquePath, "", 0)
		}
		if u.scheme.special() || u.host == hostNone {
			// An empty path without a host would read as an opaque path.
			if r.path == "/" {
				return nil
			}
			return editErr(c, EditNoPath, "", 0)
		}
		r.path = ""
	case CompHost, CompHostname:
		if u.host == hostNone {
			return nil
		}
		if u.scheme.special() || u.includesCredentials() || r.port >= 0 || r.path == "" {
			// Without a host, an empty path would read as an opaque path.
			return editErr(c, EditHostRequired, "", 0)
		}
		r.hk, r.host = hostNone, ""
	case CompProtocol:
		return editErr(c, EditInvalidScheme, "", 0)
	default:
		return editErr(c, EditUnknownComponent, "", 0)
	}
	*u = r.build()
	return nil
}

// RawPathSegments returns the segments of the path as they appear in it,
// still percent-encoded: "/a/b%2Fc/" has the segments "a", "b%2Fc" and
// "". An empty path has none; an opaque path is one segment.
func (u *URL) RawPathSegments() []string {
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
func (u *URL) PathSegments() []string {
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
// special URL), which would split it (EditUnencoded), nor be a dot
// segment such as "." or "%2e%2E" (EditDotSegment). No segments give an
// empty path for a non-special URL and "/" for a special one.
func (u *URL) SetRawPathSegments(segs []string) error {
	if u.href == "" {
		return editErr(CompPath, EditNoURL, "", 0)
	}
	if u.opaque {
		return editErr(CompPath, EditOpaquePath, "", 0)
	}
	set := percent.WHATWGPath.Add("/")
	if u.scheme.special() {
		set = set.Add(`\`)
	}
	for _, s := range segs {
		if i, code := checkRawValue(s, set); i >= 0 {
			return editErr(CompPath, code, s, i)
		}
		if k := segKindOf(s); k == segSingleDot || k == segDoubleDot {
			return editErr(CompPath, EditDotSegment, s, 0)
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
func (u *URL) segmentSet() percent.Set {
	s := percent.WHATWGPath.Add("%/")
	if u.scheme.special() {
		s = s.Add(`\`)
	}
	return s
}

// encodeSegment encodes the decoded segment seg, refusing a dot segment.
func (u *URL) encodeSegment(seg string) (string, error) {
	if seg == "." || seg == ".." {
		return "", editErr(CompPath, EditDotSegment, seg, 0)
	}
	return percent.Encode(seg, u.segmentSet()), nil
}

// AppendPathSegment adds the decoded segment seg at the end of the path,
// encoding "/" in it (and "\\" for a special URL) so that it stays one
// segment. A path that ends with "/" has an empty last segment, which seg
// replaces: "/a/" becomes "/a/seg", as trurl does. "." and ".." are
// refused (EditDotSegment), as is an opaque path (EditOpaquePath).
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
// code EditIndexRange.
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
		return editErr(CompPath, EditNoURL, "", 0)
	}
	if u.opaque {
		return editErr(CompPath, EditOpaquePath, "", 0)
	}
	p := u.Pathname()
	n := strings.Count(p, "/")
	if i < 0 || i >= n {
		return editErr(CompPath, EditIndexRange, strconv.Itoa(i), 0)
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
		return editErr(CompPath, EditNoURL, seg, 0)
	}
	if u.opaque {
		return editErr(CompPath, EditOpaquePath, seg, 0)
	}
	p := u.Pathname()
	if i < 0 || i+del > strings.Count(p, "/") {
		return editErr(CompPath, EditIndexRange, strconv.Itoa(i), 0)
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
		if v, err := Parse(u.href, nil); err == nil {
			*u = *v
		}
	}
}

// QueryParams returns the query as a form.RawQuery: its pairs in order,
// each kept byte for byte, to read and edit with the RawQuery methods
// (Get, GetAll, Set, Append, Delete, Replace, Sort) and
// write back with SetQueryParams.
func (u *URL) QueryParams() form.RawQuery {
	q, _ := u.Query()
	return form.ParseRaw(q)
}

// SetQueryParams sets the query to q: the pairs q kept from the URL come
// back byte for byte. An empty q makes the query null (the "?" goes
// away), as URLSearchParams does, unless the query was already empty
// ("x?" stays "x?"). A raw pair added with bytes the query encodes (see
// form.RawQuery.AppendRaw) is refused with EditUnencoded.
func (u *URL) SetQueryParams(q form.RawQuery) error {
	s := q.String()
	if u.href == "" {
		return editErr(CompQuery, EditNoURL, s, 0)
	}
	set := percent.WHATWGQuery
	if u.scheme.special() {
		set = percent.WHATWGSpecialQuery
	}
	if i := set.Index(s); i >= 0 {
		return editErr(CompQuery, EditUnencoded, s, i)
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
// A URL with an opaque path is refused (EditOpaquePath).
func (u *URL) JoinPath(elem ...string) (*URL, error) {
	v := *u
	if u.href == "" {
		return nil, editErr(CompPath, EditNoURL, "", 0)
	}
	if u.opaque {
		return nil, editErr(CompPath, EditOpaquePath, strings.Join(elem, "/"), 0)
	}
	if len(elem) == 0 {
		return &v, nil
	}
	parts := append([]string{"/" + u.Pathname()}, elem...)
	p := path.Join(parts...)
	if strings.HasSuffix(elem[len(elem)-1], "/") && !strings.HasSuffix(p, "/") {
		p += "/"
	}
	v.SetPathname(p)
	return &v, nil
}

// Redacted returns the href with the password, when there is one,
// replaced by "xxxxx", as net/url's URL.Redacted does, for logging.
func (u *URL) Redacted() string {
	if u.Password() == "" {
		return u.href
	}
	l := u.layout()
	return u.href[:l.userEnd+1] + "xxxxx" + u.href[l.hostStart-1:]
}
