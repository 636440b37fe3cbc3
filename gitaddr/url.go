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
	return string(a.AppendURL(nil))
}

// AppendURL appends [Addr.URL] to dst and returns the extended buffer
// (dst unchanged when there is no URL).
func (a Addr) AppendURL(dst []byte) []byte {
	n := len(dst)
	switch a.form {
	case FormLocal:
		if !strings.HasPrefix(a.path, "/") {
			return dst
		}
		dst = append(dst, "file://"...)
		dst = appendEscaped(dst, a.path, "")
		if b, err := Parse(string(dst[n:])); err != nil || b.host != "" || b.path != a.path {
			return dst[:n]
		}
		return dst
	case FormHelper, "":
		return dst
	}
	if a.form == FormURL && !isNative(a.transport) {
		dst = append(dst, a.transport...)
		dst = append(dst, "://"...)
		if a.user != "" || a.password != "" {
			dst = append(dst, a.user...)
			if a.password != "" {
				dst = append(dst, ':')
				dst = append(dst, a.password...)
			}
			dst = append(dst, '@')
		}
		dst = appendHost(dst, a.host)
		if a.port != "" {
			dst = append(dst, ':')
			dst = append(dst, a.port...)
		}
		return append(dst, a.path...)
	}
	dst = append(dst, a.transport...)
	dst = append(dst, "://"...)
	if a.user != "" {
		dst = appendEscaped(dst, a.user, "@:/")
		dst = append(dst, '@')
	}
	if strings.IndexByte(a.host, ':') >= 0 {
		dst = append(dst, '[')
		dst = append(dst, a.host...)
		dst = append(dst, ']')
	} else {
		dst = appendEscaped(dst, a.host, "@:/")
	}
	if a.port != "" {
		dst = append(dst, ':')
		dst = append(dst, a.port...)
	}
	if a.transport != TransportFile && a.path[0] != '/' {
		// ~user/x and, from the scp-like form, a relative path.
		dst = append(dst, '/')
	}
	dst = appendEscaped(dst, a.path, "")
	// Check that git reads the URL as it reads a (a host or path that
	// holds "@[" can make it split elsewhere).
	b, err := Parse(string(dst[n:]))
	if err != nil || b.user != a.user || b.host != a.host || b.port != a.port ||
		b.path != a.path && (a.form != FormSCP || b.path != "/"+a.path) {
		return dst[:n]
	}
	return dst
}

// SCP returns the address in the scp-like form [user@]host:path (with
// [host:port]:path for a port), "" when it has none: only ssh addresses
// have one, and not those whose user holds ":", nor an IPv6 host with a
// port. A path of an ssh:// URL stays absolute (ssh://h/srv/r gives
// h:/srv/r).
func (a Addr) SCP() string { return string(a.AppendSCP(nil)) }

// AppendSCP appends [Addr.SCP] to dst and returns the extended buffer
// (dst unchanged when there is no scp-like form).
func (a Addr) AppendSCP(dst []byte) []byte {
	if a.transport != TransportSSH || a.form != FormURL && a.form != FormSCP {
		return dst
	}
	n := len(dst)
	v6 := strings.IndexByte(a.host, ':') >= 0
	switch {
	case a.port != "" && v6:
		return dst
	case a.port != "":
		dst = append(dst, '[')
		if a.user != "" {
			dst = append(dst, a.user...)
			dst = append(dst, '@')
		}
		dst = append(dst, a.host...)
		dst = append(dst, ':')
		dst = append(dst, a.port...)
		dst = append(dst, ']')
	default:
		if a.user != "" {
			dst = append(dst, a.user...)
			dst = append(dst, '@')
		}
		if v6 {
			dst = append(dst, '[')
			dst = append(dst, a.host...)
			dst = append(dst, ']')
		} else {
			dst = append(dst, a.host...)
		}
	}
	dst = append(dst, ':')
	if len(a.path) > 1 && a.path[0] == '~' && a.path[1] == '~' {
		// Git would drop the first "~" of host:~~x; host:/~~x gives ~~x.
		dst = append(dst, '/')
	}
	dst = append(dst, a.path...)
	b, err := Parse(string(dst[n:]))
	if err != nil || b.form != FormSCP || b.user != a.user || b.host != a.host || b.port != a.port || b.path != a.path {
		return dst[:n]
	}
	return dst
}

// isNative reports whether git implements t itself and decodes its URLs.
func isNative(t Transport) bool {
	return t == TransportSSH || t == TransportGit || t == TransportFile
}

func appendHost(dst []byte, host string) []byte {
	if strings.IndexByte(host, ':') >= 0 {
		dst = append(dst, '[')
		dst = append(dst, host...)
		return append(dst, ']')
	}
	return append(dst, host...)
}

const upperhex = "0123456789ABCDEF"

// appendEscaped appends s with the bytes a URI cannot hold where it goes
// percent-encoded, and those of extra.
func appendEscaped(dst []byte, s, extra string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7f || strings.IndexByte("%\"#<>?[\\]^`{|}", c) >= 0 || strings.IndexByte(extra, c) >= 0 {
			dst = append(dst, '%', upperhex[c>>4], upperhex[c&15])
			continue
		}
		dst = append(dst, c)
	}
	return dst
}
