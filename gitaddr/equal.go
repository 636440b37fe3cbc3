package gitaddr

import (
	"github.com/urikit/urikit/internal/ascii"
	"path"
	"strconv"
	"strings"
)

// DefaultPort returns the port a transport connects to when the address
// gives none: 22 for ssh, 9418 for git, 80 for http, 443 for https, 21 for
// ftp, 990 for ftps. ok is false for other transports.
func DefaultPort(transport string) (port int, ok bool) {
	switch Transport(transport) {
	case TransportSSH:
		return 22, true
	case TransportGit:
		return 9418, true
	case TransportHTTP:
		return 80, true
	case TransportHTTPS:
		return 443, true
	case TransportFTP:
		return 21, true
	case TransportFTPS:
		return 990, true
	}
	return 0, false
}

// Equal reports whether a and b name the same repository on the same
// host, whatever the transport, user, password and port:
// git@github.com:owner/repo.git, ssh://github.com/owner/repo and
// https://www.GitHub.com/owner/repo/ are equal. Hosts compare without
// case and without a leading "www."; paths compare with their escapes
// decoded, without leading "/" or "~/", repeated "/", a trailing "/" or
// a trailing ".git" (git's servers try the name with ".git" too). Paths
// compare case-sensitively (some hosting services do not). Local paths
// and file:// URLs compare by their cleaned path (file:///srv/r.git and
// /srv/r are equal; relative paths are not resolved). The zero Addr is
// equal only to itself. Equal(a, b) is a.Key() == b.Key().
func Equal(a, b Addr) bool { return a.Key() == b.Key() }

// EqualStrict reports whether git connects to a and b alike: the same
// transport (the scp-like form and ssh:// URLs are both ssh), user, port
// (a missing port is the transport's default), host (without case) and
// path, where a relative scp-like path is relative to the home directory
// (host:r is host:~/r, not ssh://host/r); paths still compare with escapes
// decoded and without a trailing "/" or ".git". EqualStrict(a, b) is
// a.StrictKey() == b.StrictKey().
func EqualStrict(a, b Addr) bool { return a.StrictKey() == b.StrictKey() }

// Key returns the text [Equal] compares, for maps and dedup:
// "host/path" normalized as Equal describes ("github.com/owner/repo"),
// "file:" and the cleaned path for local addresses, "" for the zero
// Addr.
func (a Addr) Key() string {
	switch {
	case a.form == "":
		return ""
	case a.form == FormHelper:
		return string(a.transport) + "::" + a.path
	case a.transport == TransportFile:
		return "file:" + cleanLocal(a.path)
	}
	h := ascii.Lower(a.host)
	if len(h) > 4 && h[:4] == "www." {
		h = h[4:]
	}
	p := a.path
	if !isNative(a.transport) {
		p = decode(p)
	}
	p = strings.TrimLeft(p, "/")
	p = strings.TrimPrefix(p, "~/")
	var b strings.Builder
	b.Grow(len(h) + len(p) + 3)
	if strings.IndexByte(h, ':') >= 0 {
		b.WriteByte('[')
		b.WriteString(h)
		b.WriteByte(']')
	} else {
		b.WriteString(h)
	}
	b.WriteByte('/')
	b.WriteString(trimRepo(collapseSlashes(p)))
	return b.String()
}

// StrictKey returns the text [EqualStrict] compares, for maps and dedup:
// "transport://user@host:port|path" normalized as EqualStrict describes,
// "" for the zero Addr.
func (a Addr) StrictKey() string {
	switch {
	case a.form == "":
		return ""
	case a.form == FormHelper:
		return string(a.transport) + "::" + a.path
	case a.transport == TransportFile:
		return "file:" + cleanLocal(a.path)
	}
	p := a.path
	if !isNative(a.transport) {
		p = decode(p)
	}
	if a.form == FormSCP && p[0] != '/' && p[0] != '~' {
		p = "~/" + p
	}
	port := a.port
	if port == "" {
		if d, ok := DefaultPort(string(a.transport)); ok {
			port = strconv.Itoa(d)
		}
	} else if n, err := strconv.Atoi(port); err == nil {
		port = strconv.Itoa(n)
	}
	var b strings.Builder
	b.WriteString(string(a.transport))
	b.WriteString("://")
	b.WriteString(a.user)
	b.WriteByte('@')
	b.WriteString(ascii.Lower(a.host))
	b.WriteByte(':')
	b.WriteString(port)
	b.WriteByte('|')
	b.WriteString(trimRepo(collapseSlashes(p)))
	return b.String()
}

// cleanLocal returns p cleaned as a path of repositories is compared.
func cleanLocal(p string) string {
	if p == "" {
		return ""
	}
	return trimRepo(path.Clean(p))
}

// trimRepo removes trailing "/", then a trailing ".git", then trailing
// "/" again ("r.git/" and "r/.git" are r).
func trimRepo(p string) string {
	p = strings.TrimRight(p, "/")
	if q := strings.TrimSuffix(p, ".git"); q != p && q != "" {
		p = strings.TrimRight(q, "/")
	}
	return p
}

// collapseSlashes replaces each run of "/" with one.
func collapseSlashes(p string) string {
	if !strings.Contains(p, "//") {
		return p
	}
	b := make([]byte, 0, len(p))
	for i := 0; i < len(p); i++ {
		if p[i] == '/' && i > 0 && p[i-1] == '/' {
			continue
		}
		b = append(b, p[i])
	}
	return string(b)
}
