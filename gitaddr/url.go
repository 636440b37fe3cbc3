package gitaddr

import (
	"strings"
)

// URL returns the address as a URL that git reads as the same repository:
// scheme://[user@]host[:port]/path, "" when there is none (a relative
// local path, a helper address, or parts no URL can carry for git).
//
// The scp-like host:path becomes ssh://host/path, the usual conversion
// (git@github.com:owner/repo.git gives
// ssh://git@github.com/owner/repo.git). Strictly, a relative scp-like path
// is relative to the user's home directory and the URL's path is absolute;
// hosting services read both alike, and [Equal] does too ([EqualStrict]
// does not). An absolute local path becomes a file:// URL. For ssh, git and
// file, the parts are percent-encoded where a URI needs it (git decodes
// the whole URL); ssh+git:// and git+ssh:// become ssh://. URLs of remote
// helpers (http, https, ...) are rebuilt from their parts as written.
func (a Addr) URL() string {
	var b strings.Builder
	b.Grow(a.urlLen())
	if !writeURL(&b, a) {
		return ""
	}
	return b.String()
}

// AppendURL appends [Addr.URL] to dst and returns the extended buffer
// (dst unchanged when there is no URL).
func (a Addr) AppendURL(dst []byte) []byte {
	w := byteWriter{dst}
	if !writeURL(&w, a) {
		return dst
	}
	return w.b
}

// SCP returns the address in the scp-like form [user@]host:path (with
// [host:port]:path for a port), "" when it has none: only ssh addresses
// have one, and not those whose user holds ":", nor an IPv6 host with a
// port. A path of an ssh:// URL stays absolute (ssh://h/srv/r gives
// h:/srv/r).
func (a Addr) SCP() string {
	var b strings.Builder
	b.Grow(len(a.user) + len(a.host) + len(a.port) + len(a.path) + 6)
	if !writeSCP(&b, a) {
		return ""
	}
	// Check that git reads the text as it reads a ("@[" or "://" in the
	// path, a host named rsync, ...).
	s := b.String()
	v, err := Parse(s)
	if err != nil || v.form != FormSCP || v.user != a.user || v.host != a.host || v.port != a.port || v.path != a.path {
		return ""
	}
	return s
}

// AppendSCP appends [Addr.SCP] to dst and returns the extended buffer
// (dst unchanged when there is no scp-like form).
func (a Addr) AppendSCP(dst []byte) []byte { return append(dst, a.SCP()...) }

// A writer is what the forms are written to: a strings.Builder, or a
// byteWriter for the Append forms.
type writer interface {
	WriteByte(c byte) error
	WriteString(s string) (int, error)
}

type byteWriter struct{ b []byte }

func (w *byteWriter) WriteByte(c byte) error { w.b = append(w.b, c); return nil }

func (w *byteWriter) WriteString(s string) (int, error) { w.b = append(w.b, s...); return len(s), nil }

// urlLen returns the length of the URL writeURL writes, or more.
func (a Addr) urlLen() int {
	return len(a.transport) + 8 + escapedLen(a.user, userExtra) + escapedLen(a.host, userExtra) + len(a.password) + len(a.port) + escapedLen(a.path, "")
}

const userExtra = "@:/"

// writeURL writes the URL of a to w and reports whether it has one.
func writeURL[W writer](w W, a Addr) bool {
	switch a.form {
	case FormLocal:
		if !strings.HasPrefix(a.path, "/") || strings.IndexByte(a.path, '[') >= 0 && !reads(TransportFile, "", "", a.path, a) {
			return false
		}
		w.WriteString("file://")
		writeEscaped(w, a.path, "")
		return true
	case FormHelper, "":
		return false
	}
	if a.form == FormURL && !isNative(a.transport) {
		w.WriteString(string(a.transport))
		w.WriteString("://")
		if a.user != "" || a.password != "" {
			w.WriteString(a.user)
			if a.password != "" {
				w.WriteByte(':')
				w.WriteString(a.password)
			}
			w.WriteByte('@')
		}
		writeHost(w, a.host)
		if a.port != "" {
			w.WriteByte(':')
			w.WriteString(a.port)
		}
		w.WriteString(a.path)
		return true
	}
	// The path of the URL: ~user/x and, from the scp-like form, a
	// relative path get a "/".
	p, slash := a.path, a.transport != TransportFile && a.path[0] != '/'
	if strings.IndexByte(a.path, '[') >= 0 || strings.ContainsAny(a.user, "[/") {
		// Check that git reads the URL as it reads a: a "@[" in the
		// path or user makes it look for a bracketed host there, and a
		// "/" in the user ends the host.
		if slash {
			p = "/" + p
		}
		if !reads(a.transport, a.user, a.port, p, a) {
			return false
		}
	}
	w.WriteString(string(a.transport))
	w.WriteString("://")
	if a.user != "" {
		writeEscaped(w, a.user, userExtra)
		w.WriteByte('@')
	}
	if strings.IndexByte(a.host, ':') >= 0 {
		writeHost(w, a.host)
	} else {
		writeEscaped(w, a.host, userExtra)
	}
	if a.port != "" {
		w.WriteByte(':')
		w.WriteString(a.port)
	}
	if slash {
		w.WriteByte('/')
	}
	writeEscaped(w, a.path, "")
	return true
}

// reads reports whether git splits the decoded URL of transport t with
// user, a's host, port and path p into a's parts.
func reads(t Transport, user, port, p string, a Addr) bool {
	var b strings.Builder
	if user != "" {
		b.WriteString(user)
		b.WriteByte('@')
	}
	writeHost(&b, a.host)
	if port != "" {
		b.WriteByte(':')
		b.WriteString(port)
	}
	b.WriteString(p)
	rest := b.String()
	v := Addr{transport: t}
	err := v.splitNative(rest, rest, identity)
	return err == nil && v.user == a.user && v.host == a.host && v.port == a.port && v.path == a.path
}

// writeSCP writes the scp-like form of a to w and reports whether it has
// one.
func writeSCP[W writer](w W, a Addr) bool {
	if a.transport != TransportSSH || a.form != FormURL && a.form != FormSCP {
		return false
	}
	v6 := strings.IndexByte(a.host, ':') >= 0
	if a.port != "" && v6 || strings.IndexByte(a.user, ':') >= 0 {
		return false
	}
	// A path starting "~~" would lose its first "~": host:/~~x gives ~~x.
	slash := len(a.path) > 1 && a.path[0] == '~' && a.path[1] == '~'
	if a.port != "" {
		w.WriteByte('[')
	}
	if a.user != "" {
		w.WriteString(a.user)
		w.WriteByte('@')
	}
	switch {
	case a.port != "":
		w.WriteString(a.host)
		w.WriteByte(':')
		w.WriteString(a.port)
		w.WriteByte(']')
	case v6:
		writeHost(w, a.host)
	default:
		w.WriteString(a.host)
	}
	w.WriteByte(':')
	if slash {
		w.WriteByte('/')
	}
	w.WriteString(a.path)
	return true
}

// isNative reports whether git implements t itself and decodes its URLs.
func isNative(t Transport) bool {
	return t == TransportSSH || t == TransportGit || t == TransportFile
}

// writeHost writes host, in brackets when it is an IPv6 address.
func writeHost[W writer](w W, host string) {
	if strings.IndexByte(host, ':') >= 0 {
		w.WriteByte('[')
		w.WriteString(host)
		w.WriteByte(']')
		return
	}
	w.WriteString(host)
}

const upperhex = "0123456789ABCDEF"

// escaped reports whether writeEscaped escapes c.
func escaped(c byte, extra string) bool {
	return c <= ' ' || c >= 0x7f || strings.IndexByte("%\"#<>?[\\]^`{|}", c) >= 0 || strings.IndexByte(extra, c) >= 0
}

// escapedLen returns the length of s as writeEscaped writes it.
func escapedLen(s, extra string) int {
	n := len(s)
	for i := 0; i < len(s); i++ {
		if escaped(s[i], extra) {
			n += 2
		}
	}
	return n
}

// writeEscaped writes s with the bytes a URI cannot hold where it goes,
// and those of extra, percent-encoded.
func writeEscaped[W writer](w W, s, extra string) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if escaped(c, extra) {
			w.WriteByte('%')
			w.WriteByte(upperhex[c>>4])
			w.WriteByte(upperhex[c&15])
			continue
		}
		w.WriteByte(c)
	}
}
