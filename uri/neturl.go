package uri

import (
	"net/url"
	"strings"
)

// NetURL converts r to the *url.URL that url.Parse gives for r's text,
// field by field, wherever url.Parse accepts that text; its String method
// then gives r's text back whenever net/url can express it. As url.Parse
// does, URL lowercases the scheme; makes a rootless or empty path after a
// scheme ("mailto:x", "a:") the Opaque part; sets OmitHost only for a
// scheme followed by a path without an authority ("a:/x"); reads a
// reference without a scheme that starts with "///" as a path ("///x" has
// Path "///x", which String writes back); decodes Path, Fragment, the
// userinfo and the host; and sets RawPath and RawFragment only where the
// default escaping of the decoded text would not give the original back.
// What net/url cannot represent is lost: an empty fragment ("a#"), an
// empty authority with an empty path ("a://", "//"), the case of the
// scheme, the exact escapes of the userinfo and the host, and a path that
// is exactly "%2A" (url.Parse leaves RawPath empty for it, so String
// writes the path "*"). The error is a *percent.Error for a malformed
// escape (only possible after ParseLenient).
func (r Reference) NetURL() (*url.URL, error) {
	u := &url.URL{}
	scheme, hasScheme := r.Scheme()
	u.Scheme = strings.ToLower(scheme)
	path := r.Path()
	auth, hasAuth := r.Authority()
	switch {
	case hasScheme && !hasAuth && (path == "" || path[0] != '/'):
		u.Opaque = path // net/url's opaque part: a rootless or empty path
		path = ""
	case hasScheme && !hasAuth:
		u.OmitHost = true
	case !hasScheme && hasAuth && auth == "" && path != "":
		// net/url reads "///x" as a path, not as an empty authority.
		hasAuth = false
		path = "//" + path
	}
	if hasAuth {
		if err := r.setNetURLAuthority(u); err != nil {
			return nil, err
		}
	}
	if path != "" {
		d, err := decodeBytes(path)
		if err != nil {
			return nil, err
		}
		u.Path = d
		// url.Parse keeps the original escapes (RawPath) only where the
		// default escaping of the decoded path differs from them. That
		// escaping is what EscapedPath gives while RawPath is empty, but
		// for the path "*", which EscapedPath writes as it is while the
		// escaping gives "%2A"; and url.Parse takes the text "*" (all of
		// it before "#") as the path "*" without looking further.
		escaped := u.EscapedPath()
		if d == "*" {
			escaped = "%2A"
		}
		if escaped != path && !(path == "*" && !r.HasQuery()) {
			u.RawPath = path
		}
	}
	if q, ok := r.Query(); ok {
		u.RawQuery = q
		u.ForceQuery = q == ""
	}
	if f, ok := r.Fragment(); ok {
		d, err := decodeBytes(f)
		if err != nil {
			return nil, err
		}
		u.Fragment = d
		if u.EscapedFragment() != f {
			u.RawFragment = f
		}
	}
	return u, nil
}

// setNetURLAuthority sets the User and Host of u from r's authority, as
// url.Parse does.
func (r Reference) setNetURLAuthority(u *url.URL) error {
	if r.HasUserinfo() {
		name, err := r.Username()
		if err != nil {
			return err
		}
		pass, hasPass, err := r.Password()
		if err != nil {
			return err
		}
		if hasPass {
			u.User = url.UserPassword(name, pass)
		} else {
			u.User = url.User(name)
		}
	}
	if h, ok := r.Host(); ok {
		if strings.IndexByte(h, '%') >= 0 {
			d, err := r.DecodedHost()
			if err != nil {
				return err
			}
			if r.host == HostIPv6 || r.host == HostIPvFuture {
				d = "[" + d + "]"
			}
			h = d
		}
		if p, ok := r.Port(); ok {
			h += ":" + p
		}
		u.Host = h
	}
	return nil
}

// FromNetURL converts a *url.URL to a Reference by parsing its serialization
// (u.String()) strictly; it fails with an [*Error] when net/url produced
// text that is not an RFC 3986 reference (it lets some characters such as
// "{" through). A nil u is the empty reference "", as url.URL's zero
// value is.
func FromNetURL(u *url.URL) (Reference, error) {
	if u == nil {
		return Reference{}, nil
	}
	return Parse(u.String())
}
