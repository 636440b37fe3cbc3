package uri

import (
	"strings"

	"github.com/urikit/urikit/percent"
)

// A Reference is a parsed URI reference: the input string and the offsets
// of its components. It is a small comparable value, like netip.Addr: copy
// it freely and compare with ==, which compares the text byte for byte.
// The zero Reference is the empty relative reference "".
//
// Raw accessors return slices of the input (no allocation). Absent and
// empty components differ: "a:" has no query, "a:?" has an empty one.
type Reference struct {
	s         string
	schemeEnd int32 // index of the ":" that ends the scheme
	hostStart int32
	hostEnd   int32
	pathStart int32
	pathEnd   int32
	queryEnd  int32
	flags     uint8
	host      HostType
}

// String returns the reference as parsed, byte for byte.
func (r Reference) String() string { return r.s }

// AppendTo appends the reference's text to b.
func (r Reference) AppendTo(b []byte) []byte { return append(b, r.s...) }

// MarshalText returns the reference's text.
func (r Reference) MarshalText() ([]byte, error) { return []byte(r.s), nil }

// UnmarshalText parses text strictly, as Parse.
func (r *Reference) UnmarshalText(text []byte) error {
	v, err := Parse(string(text))
	if err != nil {
		return err
	}
	*r = v
	return nil
}

// IsZero reports whether r is the zero Reference (the empty reference "").
func (r Reference) IsZero() bool { return r == Reference{} }

// HasScheme reports whether r has a scheme, that is whether it is a URI
// rather than a relative reference.
func (r Reference) HasScheme() bool { return r.flags&fScheme != 0 }

// IsAbsolute reports whether r is an absolute-URI (RFC 3986 §4.3): it has
// a scheme and no fragment. Only such references are proper bases.
func (r Reference) IsAbsolute() bool { return r.flags&(fScheme|fFragment) == fScheme }

// Scheme returns the scheme as written (not lowercased) and whether there
// is one.
func (r Reference) Scheme() (string, bool) {
	if r.flags&fScheme == 0 {
		return "", false
	}
	return r.s[:r.schemeEnd], true
}

func (r Reference) authStart() int {
	if r.flags&fScheme != 0 {
		return int(r.schemeEnd) + 3
	}
	return 2
}

// HasAuthority reports whether r has an authority ("//" after the scheme),
// which may be empty as in "file:///x".
func (r Reference) HasAuthority() bool { return r.flags&fAuthority != 0 }

// Authority returns the raw authority (userinfo, host and port, without
// the leading "//") and whether there is one.
func (r Reference) Authority() (string, bool) {
	if r.flags&fAuthority == 0 {
		return "", false
	}
	return r.s[r.authStart():r.pathStart], true
}

// Userinfo returns the raw userinfo (without the "@") and whether there is
// one.
func (r Reference) Userinfo() (string, bool) {
	if r.flags&fUserinfo == 0 {
		return "", false
	}
	return r.s[r.authStart() : r.hostStart-1], true
}

// Host returns the raw host as written, with the brackets of an IP
// literal ("[::1]"), and whether there is an authority. A reference with
// an authority always has a host, which may be empty ("file:///x").
func (r Reference) Host() (string, bool) {
	if r.flags&fAuthority == 0 {
		return "", false
	}
	return r.s[r.hostStart:r.hostEnd], true
}

// HostType returns which kind of host r has, or HostNone without an
// authority.
func (r Reference) HostType() HostType { return r.host }

// Port returns the raw port (digits, possibly empty as in "http://a:/")
// and whether there is a ":" introducing one.
func (r Reference) Port() (string, bool) {
	if r.flags&fPort == 0 {
		return "", false
	}
	return r.s[r.hostEnd+1 : r.pathStart], true
}

// PortNumber returns the port as a number, and false when there is no
// port, it is empty, or it is not a number in 0-65535 (which only a
// lenient parse accepts).
func (r Reference) PortNumber() (int, bool) {
	p, ok := r.Port()
	if !ok || p == "" {
		return 0, false
	}
	n := 0
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		// Leading zeros may be many; the value may not pass 65535.
		if n = n*10 + int(c-'0'); n > 65535 {
			return 0, false
		}
	}
	return n, true
}

// Path returns the raw path, which is always present and may be empty.
func (r Reference) Path() string { return r.s[r.pathStart:r.pathEnd] }

// Query returns the raw query (without the "?") and whether there is one.
func (r Reference) Query() (string, bool) {
	if r.flags&fQuery == 0 {
		return "", false
	}
	return r.s[r.pathEnd+1 : r.queryEnd], true
}

// Fragment returns the raw fragment (without the "#") and whether there
// is one.
func (r Reference) Fragment() (string, bool) {
	if r.flags&fFragment == 0 {
		return "", false
	}
	return r.s[r.queryEnd+1:], true
}

// HasQuery reports whether r has a query, possibly empty.
func (r Reference) HasQuery() bool { return r.flags&fQuery != 0 }

// HasFragment reports whether r has a fragment, possibly empty.
func (r Reference) HasFragment() bool { return r.flags&fFragment != 0 }

// HasPort reports whether r has a port, possibly empty.
func (r Reference) HasPort() bool { return r.flags&fPort != 0 }

// HasUserinfo reports whether r has a userinfo, possibly empty.
func (r Reference) HasUserinfo() bool { return r.flags&fUserinfo != 0 }

// decodeBytes decodes escapes without requiring UTF-8, so that any
// escaped octet survives (lossless); malformed escapes are an error.
func decodeBytes(s string) (string, error) {
	if strings.IndexByte(s, '%') < 0 {
		return s, nil
	}
	b, err := percent.DecodeBytes(s)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// DecodedUserinfo returns the userinfo with its escapes decoded. The
// result may hold any octet, as escapes may encode non-UTF-8 bytes. The
// error is a *percent.Error for a malformed escape (only possible after
// ParseLenient).
func (r Reference) DecodedUserinfo() (string, error) {
	u, _ := r.Userinfo()
	return decodeBytes(u)
}

// Username returns the decoded userinfo before its first ":" (the
// deprecated "user:password" form of RFC 3986 §3.2.1).
func (r Reference) Username() (string, error) {
	u, _ := r.Userinfo()
	if i := strings.IndexByte(u, ':'); i >= 0 {
		u = u[:i]
	}
	return decodeBytes(u)
}

// Password returns the decoded userinfo after its first ":" and whether
// there is such a ":".
func (r Reference) Password() (string, bool, error) {
	u, _ := r.Userinfo()
	i := strings.IndexByte(u, ':')
	if i < 0 {
		return "", false, nil
	}
	p, err := decodeBytes(u[i+1:])
	return p, true, err
}

// DecodedHost returns the host in its decoded form: a reg-name with its
// escapes decoded, an IP literal without brackets, with the "%25" of an
// RFC 6874 zone decoded to "%" ("fe80::1%eth0").
func (r Reference) DecodedHost() (string, error) {
	h, _ := r.Host()
	if r.host == HostIPv6 || r.host == HostIPvFuture {
		if len(h) >= 2 && h[0] == '[' && h[len(h)-1] == ']' {
			h = h[1 : len(h)-1]
		}
	}
	return decodeBytes(h)
}

// DecodedPath returns the path with its escapes decoded. Prefer
// PathSegments when the path is hierarchical: decoding the whole path
// merges an encoded "%2F" with the real separators.
func (r Reference) DecodedPath() (string, error) { return decodeBytes(r.Path()) }

// DecodedFragment returns the fragment with its escapes decoded.
func (r Reference) DecodedFragment() (string, error) {
	f, _ := r.Fragment()
	return decodeBytes(f)
}

// RawPathSegments returns the path split at "/", undecoded. A leading "/"
// gives no empty first segment: "/a/b" and "a/b" both give ["a" "b"]; "/"
// gives [""], "/a/" gives ["a" ""], and the empty path gives none.
func (r Reference) RawPathSegments() []string {
	p := r.Path()
	if p == "" {
		return nil
	}
	if p[0] == '/' {
		p = p[1:]
	}
	return strings.Split(p, "/")
}

// PathSegments returns the path segments (as RawPathSegments) with their
// escapes decoded, each on its own: "/path%2Fto%2Ffile" is the single
// segment "path/to/file". Segments may hold any octet.
func (r Reference) PathSegments() ([]string, error) {
	segs := r.RawPathSegments()
	for i, s := range segs {
		d, err := decodeBytes(s)
		if err != nil {
			return nil, err
		}
		segs[i] = d
	}
	return segs, nil
}

// A QueryPair is one "key=value" (or bare "key") element of a query.
type QueryPair struct {
	// Key is the text before the first "=" (all of the element without
	// one).
	Key string
	// Value is the text after the first "=".
	Value string
	// HasValue tells "key=" (true, empty Value) from "key" (false).
	HasValue bool
}

// RawQueryPairs splits the query at "&" and each element at its first "=",
// in order, keeping duplicates and empty elements, undecoded. A reference
// without a query gives none; an empty query gives one empty pair.
func (r Reference) RawQueryPairs() []QueryPair {
	q, ok := r.Query()
	if !ok {
		return nil
	}
	return splitQuery(q)
}

func splitQuery(q string) []QueryPair {
	pairs := make([]QueryPair, 0, strings.Count(q, "&")+1)
	for {
		el, rest, more := strings.Cut(q, "&")
		k, v, eq := strings.Cut(el, "=")
		pairs = append(pairs, QueryPair{Key: k, Value: v, HasValue: eq})
		if !more {
			return pairs
		}
		q = rest
	}
}

// QueryPairs returns RawQueryPairs with keys and values decoded: escapes
// decoded, and "+" read as a space, as in HTML forms and most query
// strings (Build writes a literal "+" as "%2B", so this stays lossless for
// queries it builds). Keys and values may hold any octet.
func (r Reference) QueryPairs() ([]QueryPair, error) {
	pairs := r.RawQueryPairs()
	d := percent.Decoder{PlusAsSpace: true}
	for i := range pairs {
		k, err := d.DecodeBytes(pairs[i].Key)
		if err != nil {
			return nil, err
		}
		v, err := d.DecodeBytes(pairs[i].Value)
		if err != nil {
			return nil, err
		}
		pairs[i].Key, pairs[i].Value = string(k), string(v)
	}
	return pairs, nil
}
