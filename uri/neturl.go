package uri

import (
	"net/url"
	"strings"
)

// URL converts r to a *url.URL that serializes (with its String method)
// to the same text whenever net/url can express it. The scheme keeps its
// case, a rootless path after a scheme becomes Opaque, and Path, Host,
// Fragment hold decoded text next to RawPath and RawFragment holding the
// original escapes. What net/url cannot represent is lost: an empty
// fragment ("a#"), an empty authority with an empty path ("a://") or
// without a scheme ("///x"), and the exact escapes of the userinfo and
// the host (net/url keeps them decoded). The error is a *percent.Error for a
// malformed escape (only possible after ParseLenient).
func (r Reference) URL() (*url.URL, error) {
	u := &url.URL{}
	u.Scheme, _ = r.Scheme()
	path := r.Path()
	if !r.HasAuthority() {
		u.OmitHost = true
		if r.HasScheme() && path != "" && path[0] != '/' {
			u.Opaque = path
			path = ""
		}
	}
	if r.HasUserinfo() {
		name, err := r.Username()
		if err != nil {
			return nil, err
		}
		pass, hasPass, err := r.Password()
		if err != nil {
			return nil, err
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
				return nil, err
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
	if path != "" {
		d, err := decodeBytes(path)
		if err != nil {
			return nil, err
		}
		u.Path, u.RawPath = d, path
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
		u.Fragment, u.RawFragment = d, f
	}
	return u, nil
}

// FromURL converts a *url.URL to a Reference by parsing its serialization
// (u.String()) strictly; it fails with an [*Error] when net/url produced
// text that is not an RFC 3986 reference (it lets some characters such as
// "{" through). A nil u is the empty reference "", as url.URL's zero
// value is.
func FromURL(u *url.URL) (Reference, error) {
	if u == nil {
		return Reference{}, nil
	}
	return Parse(u.String())
}
