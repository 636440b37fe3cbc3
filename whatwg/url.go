package whatwg

import (
	"strings"

	"github.com/urikit/urikit/internal/textval"
)

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

// URL is a parsed URL record of the URL Standard, a value in the manner of
// netip.Addr. It stores the serialized URL (its href) once, plus the
// offsets of each component, so that reading a component allocates
// nothing. URLs come from Parse, ParseInto or UnmarshalText; the zero URL
// is not a URL: its getters return "" (Origin returns "null" and
// PortNumber -1), its setters other than SetHref do nothing, NetURL
// fails, it marshals to "" (and "" unmarshals to it), and as a base it
// counts as no base.
//
// URLs are comparable: u == v exactly when their hrefs are equal, as the
// offsets follow from the href. Copying a URL (v := u) gives an
// independent URL: the setters, which have pointer receivers, change only
// the copy they are called on.
type URL struct {
	// The URL is 32 bytes, the size class below the 48 bytes that 32-bit
	// offsets would take, which makes Parse's one allocation cheaper: the
	// offsets of an href of up to maxShort bytes are 16-bit. For a longer
	// href the 16-bit fields hold the offsets capped at 0xffff, so that
	// equal hrefs still mean equal URLs, and reading a component finds
	// the offsets in the href again (see longLayout). The hostEnd is pathStart minus
	// portLen (":" and the port, or 0). See layout for the offsets.
	href         string
	schemeEnd16  uint16
	userEnd      uint16
	hostStart    uint16
	pathStart16  uint16
	queryStart16 uint16
	fragStart16  uint16
	portLen      uint8
	scheme       schemeType
	host         hostKind
	opaque       bool // the path is opaque
}

// maxShort is the longest href whose offsets a URL holds in its 16-bit
// fields.
const maxShort = 0xfffe

// layout is a URL record with 32-bit offsets: what the parser builds and
// what a URL's offsets expand to (URL.layout).
type layout struct {
	// Layout of href, with offsets:
	//
	//	scheme ":" ["//" [username [":" password] "@"] host [":" port]] ["/."] path ["?" query] ["#" fragment]
	//	       ^schemeEnd       ^userEnd                  ^hostStart ^hostEnd ^pathStart ^queryStart ^fragStart
	//
	// The password and the port are read back from href.
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

// layout returns u's offsets at full width.
func (u URL) layout() layout {
	if len(u.href) > maxShort {
		return u.longLayout()
	}
	ps := uint32(u.pathStart16)
	return layout{
		href:       u.href,
		schemeEnd:  uint32(u.schemeEnd16),
		userEnd:    uint32(u.userEnd),
		hostStart:  uint32(u.hostStart),
		hostEnd:    ps - uint32(u.portLen),
		pathStart:  ps,
		queryStart: uint32(u.queryStart16),
		fragStart:  uint32(u.fragStart16),
		scheme:     u.scheme,
		host:       u.host,
		opaque:     u.opaque,
	}
}

// longLayout returns the offsets of an href longer than maxShort, which
// its URL does not hold: it reads them off the href (see
// serializedLayout).
func (u URL) longLayout() layout {
	return serializedLayout(u.href, u.scheme, u.host, u.opaque)
}

// indexEnd returns the index of the first c in s[i:], or len(s).
func indexEnd(s string, i int, c byte) int {
	if k := strings.IndexByte(s[i:], c); k >= 0 {
		return i + k
	}
	return len(s)
}

// serializedLayout finds the offsets of a serialized URL, href, whose
// scheme type, host kind and opaque flag are given, with a few byte
// searches: the scheme ends at the first ":" (a scheme holds none); the
// authority, after "//", ends at the first "/", "?" or "#", and its
// credentials at its "@" (the userinfo percent-encode set and the
// forbidden host code points keep these out of credentials and hosts),
// the username at the first ":" in them; the host ends at the "]" of an IPv6 address
// or at the ":" before the port (a domain, IPv4 address or opaque host
// holds no ":"); a null host and a path that starts with "//" put "/."
// before the path; the path ends at the first "?" or "#" and the query at
// the first "#" (the parser stops there). Each search is IndexByte's, and
// none looks past the component it is for but the first two.
func serializedLayout(href string, scheme schemeType, host hostKind, opaque bool) layout {
	l := layout{href: href, scheme: scheme, host: host, opaque: opaque}
	se := strings.IndexByte(href, ':')
	i := se + 1
	ps := i
	if host == hostNone {
		l.userEnd, l.hostStart, l.hostEnd = uint32(i), uint32(i), uint32(i)
		if !opaque && strings.HasPrefix(href[i:], "/./") {
			ps = i + 2
		}
	} else {
		a := i + 2
		ae := indexEnd(href, a, '/')
		ae = indexEnd(href[:ae], a, '?')
		ae = indexEnd(href[:ae], a, '#')
		ue, hs := a, a
		if at := strings.IndexByte(href[a:ae], '@'); at >= 0 {
			hs = a + at + 1
			ue = hs - 1
			if k := strings.IndexByte(href[a:ue], ':'); k >= 0 {
				ue = a + k
			}
		}
		he := ae
		if host == hostIPv6 {
			he = hs + strings.IndexByte(href[hs:ae], ']') + 1
		} else if k := strings.IndexByte(href[hs:ae], ':'); k >= 0 {
			he = hs + k
		}
		l.userEnd, l.hostStart, l.hostEnd = uint32(ue), uint32(hs), uint32(he)
		ps = ae
	}
	fs := len(href)
	if k := strings.IndexByte(href[ps:], '#'); k >= 0 {
		fs = ps + k
	}
	qs := fs
	if k := strings.IndexByte(href[ps:fs], '?'); k >= 0 {
		qs = ps + k
	}
	l.schemeEnd, l.pathStart, l.queryStart, l.fragStart = uint32(se), uint32(ps), uint32(qs), uint32(fs)
	return l
}

// store sets *u to the URL that l describes.
func (u *URL) store(l *layout) {
	u.setFields(l.href, l.schemeEnd, l.userEnd, l.hostStart, l.hostEnd, l.pathStart, l.queryStart, l.fragStart, l.scheme, l.host, l.opaque)
}

// setFields stores a URL in *u.
func (u *URL) setFields(href string, schemeEnd, userEnd, hostStart, hostEnd, pathStart, queryStart, fragStart uint32, scheme schemeType, host hostKind, opaque bool) {
	if len(href) > maxShort {
		u.storeLong(href, [7]uint32{schemeEnd, userEnd, hostStart, hostEnd, pathStart, queryStart, fragStart}, scheme, host, opaque)
		return
	}
	u.setShort(href, schemeEnd, userEnd, hostStart, hostEnd, pathStart, queryStart, fragStart, scheme, host, opaque)
}

// setShort stores a URL whose href is at most maxShort bytes long in *u,
// field by field: a composite literal would be built in memory and
// copied, and reading it back in wider words stalls on the narrow writes
// just made. It is small enough to inline in the fast path.
func (u *URL) setShort(href string, schemeEnd, userEnd, hostStart, hostEnd, pathStart, queryStart, fragStart uint32, scheme schemeType, host hostKind, opaque bool) {
	u.href = href
	u.schemeEnd16 = uint16(schemeEnd)
	u.userEnd = uint16(userEnd)
	u.hostStart = uint16(hostStart)
	u.pathStart16 = uint16(pathStart)
	u.queryStart16 = uint16(queryStart)
	u.fragStart16 = uint16(fragStart)
	u.portLen = uint8(pathStart - hostEnd)
	u.scheme = scheme
	u.host = host
	u.opaque = opaque
}

// storeLong stores a URL whose href is longer than maxShort: its 16-bit
// fields hold the offsets capped at 0xffff, which keeps them a function of
// the href, and layout finds them in the href again.
//
//go:noinline
func (u *URL) storeLong(href string, offs [7]uint32, scheme schemeType, host hostKind, opaque bool) {
	c := func(v uint32) uint16 { return uint16(min(v, 0xffff)) }
	u.href = href
	u.schemeEnd16 = c(offs[0])
	u.userEnd = c(offs[1])
	u.hostStart = c(offs[2])
	u.pathStart16 = c(offs[4])
	u.queryStart16 = c(offs[5])
	u.fragStart16 = c(offs[6])
	u.portLen = uint8(offs[4] - offs[3])
	u.scheme = scheme
	u.host = host
	u.opaque = opaque
}

// Href returns the serialization of the URL (JavaScript's url.href).
func (u URL) Href() string { return u.href }

// String returns the serialization of the URL; it is the same as Href.
func (u URL) String() string { return u.href }

// Protocol returns the scheme followed by ":", as in "https:".
func (u URL) Protocol() string {
	if u.href == "" {
		return ""
	}
	l := u.layout()
	return l.href[:l.schemeEnd+1]
}

// Scheme returns the scheme without the trailing ":".
func (u URL) Scheme() string {
	if len(u.href) <= maxShort { // the offsets are in u: no layout to build
		return u.href[:u.schemeEnd16]
	}
	l := u.longLayout()
	return l.href[:l.schemeEnd]
}

// Username returns the percent-encoded username, or "".
func (u URL) Username() string {
	if u.host == hostNone {
		return ""
	}
	if len(u.href) <= maxShort {
		return u.href[u.schemeEnd16+3 : u.userEnd]
	}
	l := u.longLayout()
	return l.href[l.schemeEnd+3 : l.userEnd]
}

// Password returns the percent-encoded password, or "".
func (u URL) Password() string {
	if u.host == hostNone {
		return ""
	}
	if len(u.href) <= maxShort {
		if u.hostStart <= u.userEnd+1 {
			return ""
		}
		return u.href[u.userEnd+1 : u.hostStart-1]
	}
	l := u.longLayout()
	if l.hostStart <= l.userEnd+1 {
		return ""
	}
	return l.href[l.userEnd+1 : l.hostStart-1]
}

// Host returns the serialized host followed by ":" and the port when the
// port is not null, or "" when the host is null.
func (u URL) Host() string {
	if u.host == hostNone {
		return ""
	}
	l := u.layout()
	return l.href[l.hostStart:l.pathStart]
}

// Hostname returns the serialized host, or "" when the host is null.
func (u URL) Hostname() string {
	if len(u.href) <= maxShort {
		return u.href[u.hostStart : u.pathStart16-uint16(u.portLen)]
	}
	l := u.longLayout()
	return l.href[l.hostStart:l.hostEnd]
}

// Port returns the port in decimal, or "" when the port is null (absent or
// the scheme's default port).
func (u URL) Port() string {
	if u.host == hostNone {
		return ""
	}
	if len(u.href) <= maxShort {
		if u.portLen == 0 {
			return ""
		}
		return u.href[u.pathStart16-uint16(u.portLen)+1 : u.pathStart16]
	}
	l := u.longLayout()
	return l.port()
}

// port returns the port in decimal, or "" when it is null.
func (l *layout) port() string {
	if l.host == hostNone || l.pathStart == l.hostEnd {
		return ""
	}
	return l.href[l.hostEnd+1 : l.pathStart]
}

// portNum returns the port, or -1 when it is null.
func (u URL) portNum() int32 {
	if u.host == hostNone {
		return -1
	}
	l := u.layout()
	return l.portNum()
}

// portNum returns the port, or -1 when it is null.
func (l *layout) portNum() int32 {
	port := l.port()
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
func (u URL) PortNumber() int { return int(u.portNum()) }

// Pathname returns the serialized path (JavaScript's url.pathname).
func (u URL) Pathname() string {
	if len(u.href) <= maxShort {
		return u.href[u.pathStart16:u.queryStart16]
	}
	l := u.longLayout()
	return l.href[l.pathStart:l.queryStart]
}

// Search returns "?" followed by the query, or "" when the query is null
// or empty.
func (u URL) Search() string {
	l := u.layout()
	if l.fragStart-l.queryStart <= 1 {
		return ""
	}
	return l.href[l.queryStart:l.fragStart]
}

// Query returns the query without "?" and whether it is non-null.
func (u URL) Query() (string, bool) {
	if len(u.href) <= maxShort {
		if u.queryStart16 == u.fragStart16 {
			return "", false
		}
		return u.href[u.queryStart16+1 : u.fragStart16], true
	}
	l := u.longLayout()
	if l.queryStart == l.fragStart {
		return "", false
	}
	return l.href[l.queryStart+1 : l.fragStart], true
}

// Hash returns "#" followed by the fragment, or "" when the fragment is
// null or empty.
func (u URL) Hash() string {
	l := u.layout()
	if len(l.href)-int(l.fragStart) <= 1 {
		return ""
	}
	return l.href[l.fragStart:]
}

// Fragment returns the fragment without "#" and whether it is non-null.
func (u URL) Fragment() (string, bool) {
	if len(u.href) <= maxShort {
		if int(u.fragStart16) == len(u.href) {
			return "", false
		}
		return u.href[u.fragStart16+1:], true
	}
	l := u.longLayout()
	if int(l.fragStart) == len(l.href) {
		return "", false
	}
	return l.href[l.fragStart+1:], true
}

// HasOpaquePath reports whether the URL has an opaque path (as in
// "mailto:x@example.org"); such URLs cannot be used as a base.
func (u URL) HasOpaquePath() bool { return u.opaque }

// HasHost reports whether the URL's host is non-null.
func (u URL) HasHost() bool { return u.host != hostNone }

// IsSpecial reports whether the scheme is one of the special schemes
// (ftp, file, http, https, ws, wss).
func (u URL) IsSpecial() bool { return u.scheme.special() }

// Origin returns the serialization of the URL's origin: "scheme://host[:port]"
// for http, https, ws, wss and ftp URLs, the origin of the inner URL for
// blob URLs whose path parses as an http or https URL, and "null" (an opaque
// origin) otherwise.
func (u URL) Origin() string {
	switch u.scheme {
	case schemeHTTP, schemeHTTPS, schemeWS, schemeWSS, schemeFTP:
		l := u.layout()
		if l.hostStart == l.schemeEnd+3 {
			return l.href[:l.pathStart] // no credentials: a prefix of href
		}
		return l.href[:l.schemeEnd+3] + l.href[l.hostStart:l.pathStart]
	case schemeOther:
		if u.Scheme() == "blob" {
			inner, err := Parse(u.Pathname())
			if err == nil && (inner.scheme == schemeHTTP || inner.scheme == schemeHTTPS) {
				return inner.Origin()
			}
		}
	}
	return "null"
}

// authEnd is the end of the host and port, before any "/." and the path.
func (l *layout) authEnd() uint32 {
	if l.host == hostNone {
		return l.schemeEnd + 1
	}
	return l.pathStart
}

// includesCredentials reports whether the username or password is non-empty.
func (u URL) includesCredentials() bool {
	if u.host == hostNone {
		return false
	}
	l := u.layout()
	return l.hostStart > l.schemeEnd+3
}

// Equal reports whether a and b serialize identically (the URL
// Standard's URL equivalence); it is the same as a == b.
func Equal(a, b URL) bool { return a.href == b.href }

// EqualIgnoringFragment reports whether a and b serialize identically
// once their fragments are removed (URL equivalence with exclude
// fragments set).
func EqualIgnoringFragment(a, b URL) bool {
	la, lb := a.layout(), b.layout()
	return la.href[:la.fragStart] == lb.href[:lb.fragStart]
}

// baseLayout returns the offsets of u, a base URL, or the zero layout
// (no base) when u is the zero URL.
func (u URL) baseLayout() layout {
	if u.href == "" {
		return layout{}
	}
	return u.layout()
}

// MarshalText returns the href; the zero URL gives "".
func (u URL) MarshalText() ([]byte, error) { return []byte(u.href), nil }

// UnmarshalText parses text as Parse does into u; an empty text gives the
// zero URL.
func (u *URL) UnmarshalText(text []byte) error {
	return textval.Unmarshal(u, text, Parse)
}

// AppendTo appends the href to b.
func (u URL) AppendTo(b []byte) []byte { return append(b, u.href...) }
