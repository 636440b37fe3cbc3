package gitaddr

import (
	"net/netip"
	"strings"

	"github.com/urikit/urikit/internal/hexdigit"
	"github.com/urikit/urikit/internal/textval"
)

// A Form is the syntax an address is written in.
type Form string

// The forms of a git address.
const (
	// FormURL: scheme://[user@]host[:port]/path.
	FormURL Form = "url"
	// FormSCP: the scp-like [user@]host:path, and [host:port]:path.
	FormSCP Form = "scp"
	// FormLocal: a path on this machine.
	FormLocal Form = "local"
	// FormHelper: <transport>::<address>, the address of a remote helper.
	FormHelper Form = "helper"
)

// A Transport is what git uses to reach a repository: one of the
// constants, or the name of a remote helper (git-remote-<name>) for an
// address in FormHelper or a URL with a scheme git does not know itself.
type Transport string

// The transports git knows.
const (
	// TransportSSH: the scp-like form, ssh://, git+ssh:// and ssh+git://.
	TransportSSH Transport = "ssh"
	// TransportGit: git://, git's own daemon.
	TransportGit Transport = "git"
	// TransportHTTP: http://, through git-remote-http.
	TransportHTTP Transport = "http"
	// TransportHTTPS: https://, through git-remote-https.
	TransportHTTPS Transport = "https"
	// TransportFTP: ftp://, through git-remote-ftp (fetch only).
	TransportFTP Transport = "ftp"
	// TransportFTPS: ftps://, through git-remote-ftps (fetch only).
	TransportFTPS Transport = "ftps"
	// TransportFile: file:// and local paths.
	TransportFile Transport = "file"
)

// An Addr is a parsed git address: the text as given and what git reads in
// it. It is a comparable value: == compares the text and every part
// exactly; [Equal] and [EqualStrict] compare repositories. The zero Addr
// has no text and no parts.
type Addr struct {
	s         string
	form      Form
	transport Transport
	user      string
	password  string
	host      string
	port      string
	path      string
}

// Parse reads s as git clone reads a repository address (see the package
// documentation for the rules). It fails with an [*Error].
func Parse(s string) (Addr, error) {
	if s == "" {
		return Addr{}, &Error{Input: s, Offset: 0, Code: ErrEmpty}
	}
	if i := strings.IndexByte(s, 0); i >= 0 {
		return Addr{}, &Error{Input: s, Offset: i, Code: ErrInvalidChar}
	}
	// <transport>::<address>: the remote helper git-remote-<transport>.
	if n := schemeLen(s); n > 0 && strings.HasPrefix(s[n:], "::") {
		return Addr{s: s, form: FormHelper, transport: Transport(s[:n]), path: s[n+2:]}, nil
	}
	if strings.HasPrefix(s, "rsync:") {
		return Addr{}, &Error{Input: s, Offset: 0, Component: ComponentScheme, Code: ErrUnsupported}
	}
	if n := schemeLen(s); n > 0 && strings.HasPrefix(s[n:], "://") {
		switch scheme := s[:n]; scheme {
		case "ssh", "git+ssh", "ssh+git":
			return parseNative(s, n, TransportSSH)
		case "git":
			return parseNative(s, n, TransportGit)
		case "file":
			return parseNative(s, n, TransportFile)
		default:
			return parseOther(s, n)
		}
	}
	if i := strings.Index(s, "://"); i >= 0 {
		return Addr{}, &Error{Input: s, Offset: 0, Component: ComponentScheme, Code: ErrScheme}
	}
	if isSCP(s) {
		return parseSCP(s)
	}
	if s[0] == '-' {
		return Addr{}, &Error{Input: s, Offset: 0, Component: ComponentPath, Code: ErrLeadingDash}
	}
	return Addr{s: s, form: FormLocal, transport: TransportFile, path: s}, nil
}

// MustParse is like [Parse] but panics with the error Parse returned.
func MustParse(s string) Addr {
	a, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return a
}

// schemeLen returns the length of the run of scheme characters at the
// start of s as git reads them (a letter or digit, then letters, digits,
// "+", "-" and "."), 0 when there is none.
func schemeLen(s string) int {
	i := 0
	for i < len(s) {
		c := s[i]
		alnum := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
		if !alnum && (i == 0 || c != '+' && c != '-' && c != '.') {
			break
		}
		i++
	}
	return i
}

// isSCP reports whether s is scp-like: it has a ":" and no "/" before the
// first one. Git on Windows reads "C:..." as a drive letter instead; this
// package reads addresses as git does on every other system.
func isSCP(s string) bool {
	colon := strings.IndexByte(s, ':')
	slash := strings.IndexByte(s, '/')
	return colon >= 0 && (slash < 0 || slash > colon)
}

// hostEnd returns where the host part of s ends as git's connect.c finds
// it before looking for the separator of the path: at the "]" of a
// bracketed host (at the start, or after the first "@["), else 0.
func hostEnd(s string) int {
	start := 0
	if i := strings.Index(s, "@["); i >= 0 {
		start = i + 1
	}
	if start < len(s) && s[start] == '[' {
		if j := strings.IndexByte(s[start+1:], ']'); j >= 0 {
			return start + 1 + j
		}
	}
	return 0
}

func parseSCP(s string) (Addr, error) {
	end := hostEnd(s)
	c := strings.IndexByte(s[end:], ':')
	if c < 0 {
		return Addr{}, &Error{Input: s, Offset: len(s), Component: ComponentPath, Code: ErrMissingPath}
	}
	c += end
	a := Addr{s: s, form: FormSCP, transport: TransportSSH}
	path, pathOff := s[c+1:], c+1
	if path == "" {
		return Addr{}, &Error{Input: s, Offset: len(s), Component: ComponentPath, Code: ErrMissingPath}
	}
	// host:/~user/x is host:~user/x. Git looks at the second byte of the
	// path only, whatever the first is.
	if len(path) > 1 && path[1] == '~' {
		path, pathOff = path[1:], pathOff+1
	}
	if path[0] == '-' {
		return Addr{}, &Error{Input: s, Offset: pathOff, Component: ComponentPath, Code: ErrLeadingDash}
	}
	a.path = path
	if err := a.setHost(s, s[:c], identity); err != nil {
		return Addr{}, err
	}
	return a, nil
}

// parseNative parses a URL of a transport git implements itself (ssh,
// git, file): git percent-decodes the whole URL after the scheme first,
// then splits it.
func parseNative(s string, n int, t Transport) (Addr, error) {
	raw := s[n+3:]
	// off maps an offset in the decoded text to one in s.
	off := func(d int) int { return n + 3 + inputOffset(raw, d) }
	a := Addr{s: s, form: FormURL, transport: t}
	if err := a.splitNative(s, decode(raw), off); err != nil {
		return Addr{}, err
	}
	return a, nil
}

// splitNative splits rest, the decoded text after "://" of a URL of s, as
// git's connect.c does, into a.
func (a *Addr) splitNative(s, rest string, off func(int) int) error {
	end := hostEnd(rest)
	p := strings.IndexByte(rest[end:], '/')
	if p < 0 {
		return &Error{Input: s, Offset: len(s), Component: ComponentPath, Code: ErrMissingPath}
	}
	p += end
	a.path = rest[p:]
	if a.transport == TransportFile {
		host := rest[:p]
		if i := strings.IndexAny(host, "/\x7f"); i >= 0 {
			return &Error{Input: s, Offset: off(i), Component: ComponentHost, Code: ErrInvalidHost}
		}
		a.host = host
		return nil
	}
	// ssh://host/~user/x asks for ~user/x.
	if len(a.path) > 1 && a.path[1] == '~' {
		a.path = a.path[1:]
	}
	if a.path[0] == '-' {
		return &Error{Input: s, Offset: off(p), Component: ComponentPath, Code: ErrLeadingDash}
	}
	return a.setHost(s, rest[:p], off)
}

func identity(i int) int { return i }

// setHost splits hp, [user@]host[:port] as git's connect.c does for ssh
// (brackets around the host, or around everything, and the port after
// them or inside them), and checks the parts. off maps an offset in hp to
// one in s.
func (a *Addr) setHost(s, hp string, off func(int) int) error {
	fail := func(i int, comp Component, code Code) error {
		return &Error{Input: s, Offset: off(i), Component: comp, Code: code}
	}
	host, port, portAt := hp, "", -1
	start := 0
	if i := strings.Index(hp, "@["); i >= 0 {
		start = i + 1
	}
	// at is the offset in hp of host[0]; bracketed hosts lose a byte.
	bracketed := false
	if start < len(hp) && hp[start] == '[' {
		if j := strings.IndexByte(hp[start+1:], ']'); j >= 0 {
			closing := start + 1 + j
			host = hp[:start] + hp[start+1:closing]
			after := hp[closing+1:]
			bracketed = true
			switch {
			case after == "" || after == ":":
			case after[0] != ':':
				return fail(closing+1, ComponentHost, ErrInvalidHost)
			case validPort(after[1:]):
				port, portAt = after[1:], closing+2
			default:
				return fail(closing+2, ComponentPort, ErrInvalidPort)
			}
			if port == "" {
				// [host:port] holds its port inside the brackets.
				if c := strings.IndexByte(host, ':'); c >= 0 && validPort(host[c+1:]) {
					port, portAt = host[c+1:], start+1+c+1
					host = host[:c]
				}
			}
		}
	}
	if !bracketed {
		if c := strings.IndexByte(hp, ':'); c >= 0 {
			switch after := hp[c+1:]; {
			case after == "":
				host = hp[:c]
			case validPort(after):
				host, port, portAt = hp[:c], after, c+1
			}
		}
	}
	_ = portAt
	// The user is what comes before the last "@", as ssh reads it.
	user, h := "", host
	hostAt := 0
	if i := strings.LastIndexByte(host, '@'); i >= 0 {
		user, h = host[:i], host[i+1:]
		if user == "" {
			return fail(0, ComponentUsername, ErrEmptyUser)
		}
		if user[0] == '-' {
			return fail(0, ComponentUsername, ErrLeadingDash)
		}
		hostAt = strings.LastIndexByte(hp, '@') + 1
	} else if bracketed && start == 0 {
		hostAt = 1
	}
	if h == "" {
		return fail(hostAt, ComponentHost, ErrMissingHost)
	}
	if h[0] == '-' {
		return fail(hostAt, ComponentHost, ErrLeadingDash)
	}
	for i := 0; i < len(h); i++ {
		if c := h[i]; c <= ' ' || c == 0x7f || c == '/' || c == '[' || c == ']' {
			return fail(min(hostAt+i, len(hp)), ComponentHost, ErrInvalidChar)
		}
	}
	if c := strings.IndexByte(h, ':'); c >= 0 {
		if ip, err := netip.ParseAddr(h); err != nil || !ip.Is6() {
			if strings.Count(h, ":") == 1 {
				return fail(min(hostAt+c+1, len(hp)), ComponentPort, ErrInvalidPort)
			}
			return fail(min(hostAt+c, len(hp)), ComponentHost, ErrInvalidHost)
		}
	}
	a.user, a.host, a.port = user, h, port
	return nil
}

// validPort reports whether p is a port: decimal digits, below 65536.
func validPort(p string) bool {
	if p == "" || len(p) > 5 {
		// Leading zeros beyond five digits are refused too.
		return false
	}
	n := 0
	for i := 0; i < len(p); i++ {
		if p[i] < '0' || p[i] > '9' {
			return false
		}
		n = n*10 + int(p[i]-'0')
	}
	return n < 65536
}

// parseOther parses a URL git hands to a remote helper (http, https, ftp,
// ftps, or any other scheme): as written, without decoding,
// scheme://[user[:password]@]host[:port][path].
func parseOther(s string, n int) (Addr, error) {
	a := Addr{s: s, form: FormURL, transport: Transport(s[:n])}
	i := n + 3
	end := i + strings.IndexAny(s[i:], "/?#")
	if end < i {
		end = len(s)
	}
	auth := s[i:end]
	a.path = s[end:]
	fail := func(off int, comp Component, code Code) (Addr, error) {
		return Addr{}, &Error{Input: s, Offset: off, Component: comp, Code: code}
	}
	if at := strings.LastIndexByte(auth, '@'); at >= 0 {
		ui := auth[:at]
		if c := strings.IndexByte(ui, ':'); c >= 0 {
			a.user, a.password = ui[:c], ui[c+1:]
		} else {
			a.user = ui
		}
		if a.user == "" && a.password == "" {
			return fail(i, ComponentUsername, ErrEmptyUser)
		}
		i += at + 1
		auth = auth[at+1:]
	}
	hostEnd := len(auth)
	if strings.HasPrefix(auth, "[") {
		j := strings.IndexByte(auth, ']')
		if j < 0 {
			return fail(i, ComponentHost, ErrInvalidHost)
		}
		if ip, err := netip.ParseAddr(auth[1:j]); err != nil || !ip.Is6() {
			return fail(i+1, ComponentHost, ErrInvalidHost)
		}
		a.host = auth[1:j]
		hostEnd = j + 1
		if hostEnd < len(auth) && auth[hostEnd] != ':' {
			return fail(i+hostEnd, ComponentHost, ErrInvalidHost)
		}
	} else {
		if c := strings.IndexByte(auth, ':'); c >= 0 {
			hostEnd = c
		}
		a.host = auth[:hostEnd]
		for k := 0; k < len(a.host); k++ {
			if c := a.host[k]; c <= ' ' || c == 0x7f || c == '[' || c == ']' {
				return fail(i+k, ComponentHost, ErrInvalidChar)
			}
		}
	}
	if hostEnd < len(auth) {
		p := auth[hostEnd+1:]
		if p != "" && !validPort(p) {
			return fail(i+hostEnd+1, ComponentPort, ErrInvalidPort)
		}
		a.port = p
	}
	if a.host == "" {
		switch a.transport {
		case TransportHTTP, TransportHTTPS, TransportFTP, TransportFTPS:
			return fail(i, ComponentHost, ErrMissingHost)
		}
	}
	return a, nil
}

// decode percent-decodes s as git's url_decode does: every "%" followed
// by two hex digits that do not make NUL.
func decode(s string) string {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return s
	}
	n := len(s)
	for j := i; j < len(s); j++ {
		if _, ok := escapeAt(s, j); ok {
			n -= 2
			j += 2
		}
	}
	if n == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(s[:i])
	for ; i < len(s); i++ {
		if v, ok := escapeAt(s, i); ok {
			b.WriteByte(v)
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// escapeAt reports whether s holds, at i, an escape that git decodes, and
// its value.
func escapeAt(s string, i int) (byte, bool) {
	if s[i] != '%' || i+2 >= len(s) || !hexdigit.Is(s[i+1]) || !hexdigit.Is(s[i+2]) {
		return 0, false
	}
	v := hexdigit.Value(s[i+1])<<4 | hexdigit.Value(s[i+2])
	return v, v != 0
}

// inputOffset returns the offset in raw of the byte that decode(raw) has
// at d.
func inputOffset(raw string, d int) int {
	i := 0
	for ; i < len(raw) && d > 0; i++ {
		if _, ok := escapeAt(raw, i); ok {
			i += 2
		}
		d--
	}
	return i
}

// String returns the address as it was given, byte for byte.
func (a Addr) String() string { return a.s }

// AppendTo appends [Addr.String] to b and returns the extended buffer.
func (a Addr) AppendTo(b []byte) []byte { return append(b, a.s...) }

// MarshalText returns the address as it was given; the zero Addr gives
// the empty text.
func (a Addr) MarshalText() ([]byte, error) { return []byte(a.s), nil }

// UnmarshalText parses text as [Parse] does; the empty text gives the zero
// Addr.
func (a *Addr) UnmarshalText(text []byte) error {
	return textval.Unmarshal(a, text, Parse)
}

// Form returns the syntax the address is written in; "" for the zero Addr.
func (a Addr) Form() Form { return a.form }

// Transport returns what git uses to reach the repository: ssh for the
// scp-like form and for ssh://, git+ssh:// and ssh+git:// URLs, file for
// local paths and file:// URLs, the scheme of any other URL (git hands it
// to git-remote-<scheme>: http, https, ftp, ftps or a helper's name), and
// the helper's name in FormHelper. Git matches schemes case-sensitively:
// "SSH://h/r" asks for the helper git-remote-SSH.
func (a Addr) Transport() Transport { return a.transport }

// User returns the user name ("" when there is none). For ssh it is what
// precedes the last "@" of what git hands to ssh.
func (a Addr) User() string { return a.user }

// Password returns the password of a URL git hands to a remote helper
// (https://user:token@host/...), "" when there is none. For ssh, git
// URLs and scp-like addresses, a ":" before the "@" is part of [Addr.User].
func (a Addr) Password() string { return a.password }

// Host returns the host: a name as written (its case kept), or an IPv6
// address without its brackets; "" for local paths, helper addresses and
// file:///path. Git ignores the host of a file:// URL.
func (a Addr) Host() string { return a.host }

// Port returns the port as written, "" when there is none.
func (a Addr) Port() string { return a.port }

// Path returns the path as git hands it to the transport: for ssh and git
// the "/" before "~user" removed (ssh://h/~u/r gives "~u/r"), for ssh,
// git and file URLs percent-decoded (git decodes them); for the scp-like
// form what follows the ":" (a path relative to the user's home directory
// unless it begins with "/" or "~"); the path of a local address; for URLs
// of remote helpers (http, https, ...) the rest of the URL as written
// after the host (query included); the address after "::" in FormHelper.
func (a Addr) Path() string { return a.path }

// IsZero reports whether a is the zero Addr.
func (a Addr) IsZero() bool { return a == Addr{} }
