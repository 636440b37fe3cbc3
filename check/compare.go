package check

import (
	"errors"
	"net/netip"
	"strconv"
	"strings"

	"github.com/urikit/urikit/internal/uts46"
	"github.com/urikit/urikit/percent"
	"github.com/urikit/urikit/uri"
	"github.com/urikit/urikit/whatwg"
)

// A reading is one parser's view of the input reduced to comparable keys:
// two readings agree on a component when the keys are equal. The keys
// remove the differences that do not change where a request goes (case,
// escapes of unreserved characters, dot segments, default ports, the
// encoding of IDN labels and IP addresses) and keep those that do.
type reading struct {
	parser string
	scheme string
	user   string // decoded username "\x00" decoded password
	host   string
	port   string
	path   string
}

const (
	parserRFC    = "RFC 3986"
	parserWHATWG = "WHATWG"
	parserNetURL = "net/url"
)

// decodeLenient decodes the escapes of s, keeping invalid ones as they are.
func decodeLenient(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	b, _ := percent.Decoder{Lenient: true}.DecodeBytes(s)
	return string(b)
}

// userKey is the key of a userinfo given as its raw user and password.
func userKey(user, pass string) string {
	if user == "" && pass == "" {
		return ""
	}
	return decodeLenient(user) + "\x00" + decodeLenient(pass)
}

// hostKey is the key of a host as a parser stores it: IP addresses in
// their canonical text, names decoded and lowercased, A-labels turned to
// Unicode (the WHATWG parser stores A-labels, the others the Unicode text
// they were given). A difference that UTS #46 mapping makes (full-width
// dots and letters, compatibility characters) stays a difference: the
// other parsers do not make it.
func hostKey(h string) string {
	if strings.HasPrefix(h, "[") && strings.HasSuffix(h, "]") {
		h = h[1 : len(h)-1]
	}
	if a, err := netip.ParseAddr(h); err == nil {
		return a.WithZone("").String()
	}
	h = strings.ToLower(decodeLenient(h))
	if strings.Contains(h, "xn--") {
		if u, err := uts46.DomainToUnicode(h, false); err == nil {
			return u
		}
	}
	return h
}

// portKey is the key of a port: digits without leading zeros, the
// scheme's default when empty.
func portKey(p, scheme string) string {
	if p == "" {
		return uri.DefaultPortOf(scheme)
	}
	t := strings.TrimLeft(p, "0")
	if t == "" && p != "" {
		return "0"
	}
	return t
}

// isSpecial reports whether the URL Standard gives scheme special
// treatment ("\" as "/", a host always, "/" as the empty path).
func isSpecial(scheme string) bool {
	switch scheme {
	case "http", "https", "ws", "wss", "ftp", "file":
		return true
	}
	return false
}

// pathKey is the key of a path: every byte RFC 3986 does not allow in a
// path encoded (valid escapes kept), escapes normalized (uppercase hex,
// unreserved decoded), dot segments removed from an absolute path, and "/"
// for the empty path of a special URL with a host.
func pathKey(p, scheme string, hasAuth bool) string {
	k := percent.Normalize(percent.Encoder{Set: percent.Path, KeepEscapes: true}.Encode(p))
	if strings.HasPrefix(k, "/") {
		k = uri.RemoveDotSegments(k)
	}
	if k == "" && hasAuth && isSpecial(scheme) {
		k = "/"
	}
	return k
}

// readings returns the readings of the parsers that accepted the input
// (RFC 3986 always does, leniently).
func (c *checker) readings() []reading {
	var rs []reading
	r := c.ref
	sch, _ := r.Scheme()
	sch = strings.ToLower(sch)
	ui, _ := r.Userinfo()
	user, pass, _ := strings.Cut(ui, ":")
	h, _ := r.Host()
	p, _ := r.Port()
	rs = append(rs, reading{parser: parserRFC, scheme: sch, user: userKey(user, pass), host: hostKey(h),
		port: portKey(p, sch), path: pathKey(r.Path(), sch, r.HasAuthority())})
	if w := c.w; w != nil {
		rs = append(rs, reading{parser: parserWHATWG, scheme: w.Scheme(), user: userKey(w.Username(), w.Password()),
			host: hostKey(w.Hostname()), port: portKey(w.Port(), w.Scheme()), path: pathKey(w.Pathname(), w.Scheme(), w.HasHost())})
	}
	if u := c.nu; u != nil {
		rd := reading{parser: parserNetURL, scheme: u.Scheme, host: hostKey(u.Hostname()), port: portKey(u.Port(), u.Scheme)}
		if u.User != nil {
			pw, _ := u.User.Password()
			// Username and Password are decoded already; userKey
			// would decode a second time.
			rd.user = u.User.Username() + "\x00" + pw
			if rd.user == "\x00" {
				rd.user = ""
			}
		}
		if u.Opaque != "" {
			rd.path = pathKey(u.Opaque, u.Scheme, false)
		} else {
			rd.path = pathKey(u.EscapedPath(), u.Scheme, netURLHasAuthority(u, c.in))
		}
		rs = append(rs, rd)
	}
	return rs
}

// checkParsers reports the parsers that reject the input and the
// components on which those that accept it disagree.
func (c *checker) checkParsers() {
	if len(c.rfcFs) > 0 {
		var codes []string
		for _, f := range c.rfcFs {
			if s := string(f.Code); !contains(codes, s) {
				codes = append(codes, s)
			}
		}
		c.add(RFC3986Invalid, Info, c.rfcFs[0].Offset, "not a valid RFC 3986 URI ("+strings.Join(codes, ", ")+"), so the lenient reading is used", c.rfcFs[0].String())
	}
	var rejects []string
	off := len(c.in)
	if c.w == nil {
		reason := c.wErr.Error()
		var we *whatwg.Error
		if errors.As(c.wErr, &we) {
			reason = we.Code + " at offset " + strconv.Itoa(we.Offset)
			off = we.Offset
		}
		rejects = append(rejects, "the WHATWG parser (browsers): "+reason)
	}
	if c.nu == nil {
		rejects = append(rejects, "net/url: "+netURLError(c.nuErr))
		off = min(off, c.netURLOffset())
	}
	if len(rejects) > 0 {
		c.add(ParserReject, Warn, off, "rejected by "+strings.Join(rejects, ", and by "), "")
	}

	rs := c.readings()
	if len(rs) < 2 {
		return
	}
	sp := c.sp
	c.compare(rs, SchemeMismatch, "scheme", 0, func(r reading) string { return r.scheme })
	userOff := sp.hostStart
	if sp.userStart >= 0 {
		userOff = sp.userStart
	}
	c.compare(rs, UserinfoMismatch, "userinfo", userOff, func(r reading) string { return r.user })
	if !c.ipv4Explained() {
		c.compare(rs, HostMismatch, "host", sp.hostStart, func(r reading) string { return r.host })
	}
	portOff := sp.hostEnd
	if sp.portStart >= 0 {
		portOff = sp.portStart
	}
	c.compare(rs, PortMismatch, "port", portOff, func(r reading) string { return r.port })
	c.compare(rs, PathMismatch, "path", sp.pathStart, func(r reading) string { return r.path })
}

// netURLOffset estimates where net/url stopped: the first control
// character or "%" escape it rejects is not reported by offset, so the
// start of the input is used unless a control character shows where.
func (c *checker) netURLOffset() int {
	for i := 0; i < len(c.in); i++ {
		if c.in[i] < 0x20 || c.in[i] == 0x7f {
			return i
		}
	}
	return 0
}

// compare reports code when the readings do not all give the same key.
func (c *checker) compare(rs []reading, code Code, what string, off int, key func(reading) string) {
	first := key(rs[0])
	same := true
	for _, r := range rs[1:] {
		if key(r) != first {
			same = false
			break
		}
	}
	if same {
		return
	}
	var b strings.Builder
	b.WriteString("parsers disagree on the " + what + ": ")
	for i, r := range rs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(r.parser + " ")
		b.WriteString(showKey(key(r)))
	}
	if c.w == nil {
		b.WriteString(", WHATWG rejects")
	}
	if c.nu == nil {
		b.WriteString(", net/url rejects")
	}
	c.add(code, code.Severity(), off, b.String(), "")
}

// showKey quotes a key for a message, "(none)" when empty.
func showKey(k string) string {
	if k == "" {
		return "(none)"
	}
	if u, p, ok := strings.Cut(k, "\x00"); ok {
		return strconv.Quote(u) + " password " + strconv.Quote(p)
	}
	return strconv.Quote(k)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
