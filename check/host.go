package check

import (
	"fmt"
	"net/netip"
	"strconv"
	"strings"

	"github.com/urikit/urikit/internal/uts46"
)

// checkAuthority reports credentials, a userinfo that looks like a host,
// and several "@" in the authority.
func (c *checker) checkAuthority() {
	sp := c.sp
	if sp.authStart >= 0 {
		auth := c.in[sp.authStart:sp.authEnd]
		if n := strings.Count(auth, "@"); n > 1 {
			c.add(MultipleAt, Danger, sp.authStart+strings.IndexByte(auth, '@'),
				fmt.Sprintf("%d \"@\" in the authority %q: parsers that split at the first one read another host", n, auth), "")
		}
	}
	var ui string
	off := -1
	if u, ok := c.ref.Userinfo(); ok {
		ui, off = u, sp.userStart
	} else if w := c.w; w != nil && (w.Username() != "" || w.Password() != "") {
		ui = w.Username()
		if p := w.Password(); p != "" {
			ui += ":" + p
		}
		off = max(strings.IndexByte(c.in, '@'), 0)
	}
	if off < 0 {
		return
	}
	user, pass, hasPass := strings.Cut(ui, ":")
	msg := "credentials in the URL: user " + strconv.Quote(decodeLenient(user))
	switch {
	case ui == "":
		msg = "an empty userinfo (\"@\" before the host)"
	case hasPass && pass != "":
		msg += " and a password"
	case hasPass:
		msg += " and an empty password"
	}
	c.add(Credentials, Warn, off, msg, "")
	dec := decodeLenient(ui)
	if strings.ContainsAny(dec, "/\\@") || looksLikeHost(decodeLenient(user)) {
		c.add(DeceptiveUserinfo, Danger, off, fmt.Sprintf("userinfo %q looks like a host or URL, but the URL goes to %s", dec, showKey(c.fetchHost())), "")
	}
}

// fetchHost returns the host a browser connects to, or the RFC 3986
// host, decoded and lowercased, when the WHATWG parser fails.
func (c *checker) fetchHost() string {
	if c.w != nil {
		return c.w.Hostname()
	}
	h, _ := c.ref.Host()
	return strings.ToLower(decodeLenient(h))
}

// looksLikeHost reports whether s reads as a host name (two or more
// dot-separated labels of letters, digits and "-", the last with a
// letter) or an IP address. A dotted user name such as "john.doe" reads
// as one too: a reader cannot tell it from "paypal.com".
func looksLikeHost(s string) bool {
	if _, err := netip.ParseAddr(s); err == nil {
		return true
	}
	labels := strings.Split(strings.TrimSuffix(strings.ToLower(s), "."), ".")
	if len(labels) < 2 {
		return false
	}
	for i, l := range labels {
		if l == "" {
			return false
		}
		letters := 0
		for _, r := range l {
			switch {
			case 'a' <= r && r <= 'z' || r >= 0x80:
				letters++
			case '0' <= r && r <= '9' || r == '-':
			default:
				return false
			}
		}
		if i == len(labels)-1 && letters == 0 {
			return false
		}
	}
	return true
}

// rfcHostNumeric returns the RFC 3986 host decoded and lowercased when it
// holds only the characters of the IPv4 number forms the WHATWG parser
// accepts (digits, hex digits, "x" and dots).
func (c *checker) rfcHostNumeric() (string, bool) {
	h, _ := c.ref.Host()
	h = strings.ToLower(decodeLenient(h))
	if h == "" {
		return "", false
	}
	for i := 0; i < len(h); i++ {
		b := h[i]
		if !('0' <= b && b <= '9' || 'a' <= b && b <= 'f' || b == 'x' || b == '.') {
			return "", false
		}
	}
	return h, true
}

// ipv4Explained reports whether the WHATWG host is an IPv4 address that
// the input writes in another form which the other parsers keep as a
// name: the IPv4NonCanonical finding explains the host disagreement.
func (c *checker) ipv4Explained() bool {
	if c.w == nil {
		return false
	}
	a, err := netip.ParseAddr(c.w.Hostname())
	if err != nil || !a.Is4() {
		return false
	}
	raw, ok := c.rfcHostNumeric()
	return ok && raw != a.String()
}

// checkHost reports what the host is: an obfuscated IPv4 address,
// a loopback, private, link-local or special address, an IDN with mixed
// scripts or confusable characters, a non-default port.
func (c *checker) checkHost() {
	sp := c.sp
	var host string
	switch {
	case c.w != nil && c.w.HasHost():
		host = c.w.Hostname()
	case c.w == nil && c.ref.HasAuthority():
		host = c.fetchHost()
	default:
		return
	}
	c.checkPort()
	if host == "" {
		return
	}
	off := sp.hostStart
	if c.ipv4Explained() {
		raw, _ := c.rfcHostNumeric()
		c.add(IPv4NonCanonical, Danger, off, fmt.Sprintf("host %q is the IPv4 address %s in %s, which RFC 3986 and net/url read as a name", raw, host, ipv4Form(raw)), "")
	}
	if a, err := netip.ParseAddr(strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")); err == nil {
		c.checkAddr(a.WithZone(""), off)
		return
	}
	name := strings.TrimSuffix(strings.ToLower(host), ".")
	if name == "localhost" || strings.HasSuffix(name, ".localhost") {
		c.add(Loopback, Warn, off, fmt.Sprintf("host %q is a loopback name", host), "")
	}
	if c.w != nil && !c.w.IsSpecial() {
		return // an opaque host: no IDNA
	}
	c.checkIDN(host, off)
}

// ipv4Form describes the non-canonical IPv4 text s.
func ipv4Form(s string) string {
	parts := strings.Split(strings.TrimSuffix(s, "."), ".")
	var forms []string
	for _, p := range parts {
		switch {
		case strings.HasPrefix(p, "0x"):
			forms = appendOnce(forms, "hex")
		case len(p) > 1 && p[0] == '0':
			forms = appendOnce(forms, "octal")
		}
	}
	switch {
	case len(parts) == 1:
		forms = append(forms, "a single number")
	case len(parts) < 4:
		forms = append(forms, strconv.Itoa(len(parts))+" parts")
	}
	if strings.HasSuffix(s, ".") {
		forms = append(forms, "a trailing dot")
	}
	if len(forms) == 0 {
		return "a non-canonical form"
	}
	return "a non-canonical form (" + strings.Join(forms, ", ") + ")"
}

func appendOnce(list []string, s string) []string {
	if contains(list, s) {
		return list
	}
	return append(list, s)
}

// checkAddr classifies the IP address a of the host.
func (c *checker) checkAddr(a netip.Addr, off int) {
	u := a.Unmap()
	desc := a.String()
	if u != a {
		desc += " (IPv4 " + u.String() + ")"
	}
	switch {
	case u.IsLoopback():
		c.add(Loopback, Warn, off, "host "+desc+" is a loopback address", "")
	case u.IsPrivate() || u.Is4() && netip.MustParsePrefix("100.64.0.0/10").Contains(u):
		c.add(PrivateAddress, Warn, off, "host "+desc+" is a private address", "")
	case u.IsLinkLocalUnicast():
		c.add(LinkLocal, Warn, off, "host "+desc+" is a link-local address (cloud metadata services live here)", "")
	case u.IsUnspecified() || u.IsMulticast() || u.IsLinkLocalMulticast() || u.IsInterfaceLocalMulticast() ||
		u.Is4() && (u.As4()[0] == 0 || u == netip.AddrFrom4([4]byte{255, 255, 255, 255})):
		c.add(SpecialAddress, Warn, off, "host "+desc+" is an unspecified, this-network, broadcast or multicast address", "")
	default:
		c.add(IPHost, Info, off, "host "+desc+" is an IP address", "")
	}
}

// checkPort reports an explicit port other than the scheme's default.
func (c *checker) checkPort() {
	sp := c.sp
	if sp.portStart < 0 {
		return
	}
	p := c.in[sp.portStart:sp.portEnd]
	s := c.scheme()
	if p == "" || portKey(p, s) == portKey("", s) {
		return
	}
	c.add(NonDefaultPort, Info, sp.portStart, fmt.Sprintf("port %s is not the default port of %q", p, s), "")
}

// checkIDN reports an internationalized host name with both its forms,
// and its labels that mix scripts or look like Latin letters.
func (c *checker) checkIDN(host string, off int) {
	ascii := host
	if c.w == nil {
		a, err := uts46.DomainToASCII(host, false)
		if err != nil {
			return
		}
		ascii = a
	}
	if !strings.Contains(ascii, "xn--") {
		return // no A-label, so no IDN
	}
	uni, _ := uts46.DomainToUnicode(ascii, false)
	if uni == ascii {
		return
	}
	forms := fmt.Sprintf("A-label %q, Unicode %q", ascii, uni)
	c.add(IDN, Info, off, "internationalized host: "+forms, forms)
	for label := range strings.SplitSeq(uni, ".") {
		ascii := true
		for i := 0; i < len(label); i++ {
			if label[i] >= 0x80 {
				ascii = false
				break
			}
		}
		if ascii {
			continue
		}
		if scripts := scriptsOf(label); !allowedScripts(scripts) {
			c.add(IDNMixedScript, Danger, off, fmt.Sprintf("host label %q mixes the scripts %s (host %s)", label, strings.Join(scripts, " and "), forms), forms)
		}
		if sk, ok := skeleton(label); ok {
			c.add(IDNConfusable, Danger, off, fmt.Sprintf("host label %q looks like %q (host %s)", label, sk, forms), forms)
		}
	}
}
