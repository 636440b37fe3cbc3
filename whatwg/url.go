package whatwg

// schemeType classifies a scheme: one of the special schemes or other.
type schemeType uint8

const (
	schemeOther schemeType = iota
	schemeHTTP
	schemeHTTPS
	schemeWS
	schemeWSS
	schemeFTP
	schemeFile
)

func (s schemeType) special() bool { return s != schemeOther }

// defaultPort returns the scheme's default port, or -1.
func (s schemeType) defaultPort() int32 {
	switch s {
	case schemeHTTP, schemeWS:
		return 80
	case schemeHTTPS, schemeWSS:
		return 443
	case schemeFTP:
		return 21
	}
	return -1
}

func getSchemeType(s string) schemeType {
	switch s {
	case "http":
		return schemeHTTP
	case "https":
		return schemeHTTPS
	case "ws":
		return schemeWS
	case "wss":
		return schemeWSS
	case "ftp":
		return schemeFTP
	case "file":
		return schemeFile
	}
	return schemeOther
}

// hostKind says what a URL's host is; hostNone is the null host.
type hostKind uint8

const (
	hostNone hostKind = iota
	hostEmpty
	hostDomain
	hostOpaque
	hostIPv4
	hostIPv6
)

// URL is a parsed URL record of the URL Standard. It stores the serialized
// URL (its href) once, plus the offsets of each component, so that reading
// a component allocates nothing. URLs come from Parse, ParseInto or
// UnmarshalText; the zero URL is not a URL: its getters return "" (Origin
// returns "null" and PortNumber -1), its setters other than SetHref do
// nothing, ToNetURL fails, and as a base it counts as no base.
//
// URLs are comparable: u == v exactly when their hrefs are equal, as the
// offsets follow from the href. Copying a URL (v := *u) gives an
// independent URL.
type URL struct {
	// Layout of href, with offsets:
	//
	//	scheme ":" ["//" [username [":" password] "@"] host [":" port]] ["/."] path ["?" query] ["#" fragment]
	//	       ^schemeEnd       ^userEnd                  ^hostStart ^hostEnd ^pathStart ^queryStart ^fragStart
	//
	// The password and the port are read back from href, which keeps the
	// struct at 48 bytes.
	href       string
	schemeEnd  uint32 // index of the ":" after the scheme
	userEnd    uint32 // end of username
	hostStart  uint32
	hostEnd    uint32
	pathStart  uint32
	queryStart uint32 // index of "?" or fragStart when the query is null
	fragStart  uint32 // index of "#" or len(href) when the fragment is null
	scheme     schemeType
	host       hostKind
	opaque     bool // the path is opaque
}

// Href returns the serialization of the URL (JavaScript's url.href).
func (u *URL) Href() string { return u.href }

// String returns the serialization of the URL; it is the same as Href.
func (u *URL) String() string { return u.href }

// Protocol returns the scheme followed by ":", as in "https:".
func (u *URL) Protocol() string {
	if u.href == "" {
		return ""
	}
	return u.href[:u.schemeEnd+1]
}

// Scheme returns the scheme without the trailing ":".
func (u *URL) Scheme() string { return u.href[:u.schemeEnd] }

// Username returns the percent-encoded username, or "".
func (u *URL) Username() string {
	if u.host == hostNone {
		return ""
	}
	return u.href[u.schemeEnd+3 : u.userEnd]
}

// Password returns the percent-encoded password, or "".
func (u *URL) Password() string {
	if u.host == hostNone || u.hostStart <= u.userEnd+1 {
		return ""
	}
	return u.href[u.userEnd+1 : u.hostStart-1]
}

// Host returns the serialized host followed by ":" and the port when the
// port is not null, or "" when the host is null.
func (u *URL) Host() string {
	if u.host == hostNone {
		return ""
	}
	return u.href[u.hostStart:u.pathStart]
}

// Hostname returns the serialized host, or "" when the host is null.
func (u *URL) Hostname() string { return u.href[u.hostStart:u.hostEnd] }

// Port returns the port in decimal, or "" when the port is null (absent or
// the scheme's default port).
func (u *URL) Port() string {
	if u.host == hostNone || u.pathStart == u.hostEnd {
		return ""
	}
	return u.href[u.hostEnd+1 : u.pathStart]
}

// portNum returns the port, or -1 when it is null.
func (u *URL) portNum() int32 {
	port := u.Port()
	if port == "" {
		return -1
	}
	v := int32(0)
	for i := 0; i < len(port); i++ {
		v = v*10 + int32(port[i]-'0')
	}
	return v
}

// PortNumber returns the port, or -1 when it is null.
func (u *URL) PortNumber() int { return int(u.portNum()) }

// Pathname returns the serialized path (JavaScript's url.pathname).
func (u *URL) Pathname() string { return u.href[u.pathStart:u.queryStart] }

// Search returns "?" followed by the query, or "" when the query is null
// or empty.
func (u *URL) Search() string {
	if u.fragStart-u.queryStart <= 1 {
		return ""
	}
	return u.href[u.queryStart:u.fragStart]
}

// Query returns the query without "?" and whether it is non-null.
func (u *URL) Query() (string, bool) {
	if u.queryStart == u.fragStart {
		return "", false
	}
	return u.href[u.queryStart+1 : u.fragStart], true
}

// Hash returns "#" followed by the fragment, or "" when the fragment is
// null or empty.
func (u *URL) Hash() string {
	if len(u.href)-int(u.fragStart) <= 1 {
		return ""
	}
	return u.href[u.fragStart:]
}

// Fragment returns the fragment without "#" and whether it is non-null.
func (u *URL) Fragment() (string, bool) {
	if int(u.fragStart) == len(u.href) {
		return "", false
	}
	return u.href[u.fragStart+1:], true
}

// HasOpaquePath reports whether the URL has an opaque path (as in
// "mailto:x@example.org"); such URLs cannot be used as a base.
func (u *URL) HasOpaquePath() bool { return u.opaque }

// HasHost reports whether the URL's host is non-null.
func (u *URL) HasHost() bool { return u.host != hostNone }

// IsSpecial reports whether the scheme is one of the special schemes
// (ftp, file, http, https, ws, wss).
func (u *URL) IsSpecial() bool { return u.scheme.special() }

// Origin returns the serialization of the URL's origin: "scheme://host[:port]"
// for http, https, ws, wss and ftp URLs, the origin of the inner URL for
// blob URLs whose path parses as an http or https URL, and "null" (an opaque
// origin) otherwise.
func (u *URL) Origin() string {
	switch u.scheme {
	case schemeHTTP, schemeHTTPS, schemeWS, schemeWSS, schemeFTP:
		if u.hostStart == u.schemeEnd+3 {
			return u.href[:u.pathStart] // no credentials: a prefix of href
		}
		return u.href[:u.schemeEnd+3] + u.href[u.hostStart:u.pathStart]
	case schemeOther:
		if u.Scheme() == "blob" {
			inner, err := Parse(u.Pathname(), nil)
			if err == nil && (inner.scheme == schemeHTTP || inner.scheme == schemeHTTPS) {
				return inner.Origin()
			}
		}
	}
	return "null"
}

// authEnd is the end of the host and port, before any "/." and the path.
func (u *URL) authEnd() uint32 {
	if u.host == hostNone {
		return u.schemeEnd + 1
	}
	return u.pathStart
}

// includesCredentials reports whether the username or password is non-empty.
func (u *URL) includesCredentials() bool {
	return u.host != hostNone && u.hostStart > u.schemeEnd+3
}

// Equal reports whether u and v serialize identically. When
// excludeFragments is true the fragments are ignored. A nil v is taken as
// the zero URL, whose serialization is "".
func (u *URL) Equal(v *URL, excludeFragments bool) bool {
	if v == nil {
		v = &URL{}
	}
	if !excludeFragments {
		return u.href == v.href
	}
	return u.href[:u.fragStart] == v.href[:v.fragStart]
}

// MarshalText returns the href.
func (u *URL) MarshalText() ([]byte, error) { return []byte(u.href), nil }

// UnmarshalText parses text with no base URL into u.
func (u *URL) UnmarshalText(text []byte) error {
	v, err := Parse(string(text), nil)
	if err != nil {
		return err
	}
	*u = *v
	return nil
}

// AppendTo appends the href to b.
func (u *URL) AppendTo(b []byte) []byte { return append(b, u.href...) }
