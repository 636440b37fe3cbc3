package check

import (
	"fmt"
	"net/netip"
	"strings"

	"github.com/urikit/urikit/idna"
)

// The codes of the tricks that server-side request forgery (SSRF) uses to
// reach what a filter meant to keep out (issue 19).
const (
	// EmbeddedIPv4 is an IPv6 host that carries an IPv4 address
	// (IPv4-mapped, IPv4-compatible, NAT64, 6to4, Teredo): a filter that
	// looks for IPv4 addresses misses it.
	EmbeddedIPv4 Code = "embedded-ipv4"
	// CloudMetadata is the address or the name of a cloud metadata
	// service ("169.254.169.254", "metadata.google.internal"), which hands
	// out the credentials of the machine.
	CloudMetadata Code = "cloud-metadata"
	// InternalName is a host name for private use: a single label, which
	// the resolver completes with its search domains, or a name under
	// internal, local, localdomain, lan, home.arpa, intranet, corp, home
	// or private.
	InternalName Code = "internal-name"
	// DelimiterBeforeAt is an "@" right after the host and a "?", "#" or
	// "\" ("http://evil.com#@good.com"), followed by a host: a filter that
	// takes the text after "@" as the host reads the wrong one.
	DelimiterBeforeAt Code = "delimiter-before-at"
	// IDNADeviation is a host with a deviation character (ß, ς, ZWJ,
	// ZWNJ), which IDNA2008 keeps and IDNA2003 maps: "faß.de" is
	// xn--fa-hia.de to browsers and fass.de to older libraries.
	IDNADeviation Code = "idna-deviation"
	// HostPunctuation is a domain host holding punctuation that no DNS
	// name has ("evil.com,good.com"): filters split it where resolvers do
	// not.
	HostPunctuation Code = "host-punctuation"
	// HostUnresolved is a host that did not resolve, in a report of
	// Resolved.
	HostUnresolved Code = "host-unresolved"
	// PortZero is the port 0, which no service listens on and which
	// filters may read as "no port".
	PortZero Code = "port-zero"
)

// isLoopbackName reports whether the lowercase name without its final
// dot names the local host: "localhost" and the names under it (RFC
// 6761), and the names /etc/hosts files give the loopback addresses.
func isLoopbackName(name string) bool {
	switch name {
	case "localhost", "localhost.localdomain", "localhost4", "localhost6", "localhost4.localdomain4",
		"localhost6.localdomain6", "ip6-localhost", "ip6-loopback", "loopback":
		return true
	}
	return strings.HasSuffix(name, ".localhost")
}

// isMetadataName reports whether the lowercase name without its final
// dot is the name of a cloud metadata service.
func isMetadataName(name string) bool {
	switch name {
	case "metadata.google.internal", "metadata.goog", "metadata", "instance-data", "instance-data.ec2.internal",
		"metadata.tencentyun.com", "metadata.platformequinix.com":
		return true
	}
	return false
}

// internalSuffix returns the private-use zone the lowercase name without
// its final dot is under ("internal" for "db.internal"), or "label" for
// a single label; "" otherwise.
func internalSuffix(name string) string {
	if !strings.Contains(name, ".") {
		return "label"
	}
	for _, z := range [...]string{"internal", "local", "localdomain", "lan", "home.arpa", "intranet", "corp", "home", "private"} {
		if strings.HasSuffix(name, "."+z) {
			return z
		}
	}
	return ""
}

// checkName reports a host name that reaches the local host, a metadata
// service or the internal network.
func (c *checker) checkName(host string, off int) {
	name := strings.TrimSuffix(strings.ToLower(host), ".")
	switch {
	case isLoopbackName(name):
		c.add(Loopback, Warn, off, fmt.Sprintf("host %s is a loopback name", quote(host)), "")
	case isMetadataName(name):
		c.add(CloudMetadata, Danger, off, fmt.Sprintf("host %s is the name of a cloud metadata service, which hands out the machine's credentials", quote(host)), "")
	case c.w == nil || !c.w.IsSpecial():
		// An opaque host or no browser reading: not a DNS name.
	case name == "":
	default:
		switch z := internalSuffix(name); z {
		case "":
		case "label":
			if !isAllDigitsDots(name) {
				c.add(InternalName, Warn, off, fmt.Sprintf("host %s is a single label, which resolvers complete with their search domains: an internal host", quote(host)), "")
			}
		default:
			c.add(InternalName, Warn, off, fmt.Sprintf("host %s is under %s, a zone for private use: an internal host", quote(host), quote(z)), "")
		}
	}
}

// isAllDigitsDots reports whether s has only digits and dots.
func isAllDigitsDots(s string) bool {
	for i := 0; i < len(s); i++ {
		if (s[i] < '0' || s[i] > '9') && s[i] != '.' {
			return false
		}
	}
	return true
}

// kindPhrase is how a message names the kind of a range.
func kindPhrase(r AddrRange) string {
	switch r.Kind {
	case KindThisNetwork:
		return "in 0.0.0.0/8, \"this network\", which Linux connects to the local host"
	case KindUnspecified:
		return "the unspecified address, which Linux connects to the local host"
	case KindLoopback:
		return "a loopback address"
	case KindPrivate:
		return "a private address (" + r.Source + ")"
	case KindShared:
		return "a private address, in the shared space of carrier-grade NAT (RFC 6598)"
	case KindLinkLocal:
		return "a link-local address (cloud metadata services live here)"
	case KindUniqueLocal:
		return "a private address, unique-local (RFC 4193)"
	case KindSiteLocal:
		return "a private address, site-local (deprecated, RFC 3879)"
	case KindBenchmarking:
		return "a benchmarking address (" + r.Source + "), for test networks"
	case KindDocumentation:
		return "a documentation address (" + r.Source + "), never a real host"
	case KindMulticast:
		return "a multicast address"
	case KindBroadcast:
		return "the broadcast address"
	case KindReserved:
		return "a reserved address (" + r.Source + ")"
	case KindMetadata:
		return "the cloud metadata endpoint of " + r.Source + ", which hands out the machine's credentials"
	case KindIPv4Mapped:
		return "an IPv4-mapped IPv6 address"
	case KindIPv4Translated:
		return "an IPv4-translated IPv6 address (SIIT)"
	case KindIPv4Compatible:
		return "an IPv4-compatible IPv6 address (deprecated)"
	case KindNAT64:
		return "a NAT64 address (64:ff9b::/96)"
	case KindNAT64Local:
		return "a local-use NAT64 address (64:ff9b:1::/48)"
	case Kind6to4:
		return "a 6to4 address (2002::/16)"
	case KindTeredo:
		return "a Teredo address (2001::/32)"
	}
	return "an IP address"
}

// checkAddr classifies the IP address a of the host with the table of
// special-purpose addresses. subject starts the messages: "host " for
// the host itself, `host "x" resolves to ` for an address it resolved to
// (which gets no ip-host finding).
func (c *checker) checkAddr(a netip.Addr, off int, subject string) {
	cl := ClassifyAddr(a)
	desc := a.String()
	resolved := subject != "host "
	if cl.Carried.IsValid() {
		c.add(EmbeddedIPv4, Warn, off, fmt.Sprintf("%s%s%s%s carrying the IPv4 address %s: filters that look for IPv4 addresses miss it",
			subject, desc, linkVerb(resolved), kindPhrase(cl.Range), cl.Carried), "")
		c.addRange(subject, desc+" (IPv4 "+cl.Carried.String()+")", cl.Carried, cl.CarriedRange, off, resolved)
		return
	}
	c.addRange(subject, desc, a, cl.Range, off, resolved)
}

// addRange adds the finding of the row r of the address a, described as
// desc; the ip-host finding when r is no row, unless resolved.
func (c *checker) addRange(subject, desc string, a netip.Addr, r AddrRange, off int, resolved bool) {
	switch r.Kind {
	case "":
		if !resolved {
			c.add(IPHost, Info, off, subject+desc+" is an IP address", "")
		}
		return
	case KindMetadata:
		c.add(CloudMetadata, Danger, off, subject+desc+linkVerb(resolved)+kindPhrase(r), "")
		if outer, ok := lookupAddr(a, true); ok {
			c.addRange(subject, desc, a, outer, off, resolved)
		}
		return
	}
	c.add(r.Code, r.Code.Severity(), off, subject+desc+linkVerb(resolved)+kindPhrase(r), "")
}

// linkVerb joins an address to its kind in a message.
func linkVerb(resolved bool) string {
	if resolved {
		return ", "
	}
	return " is "
}

// MaxAddrs is the number of resolved addresses Resolved looks at.
const MaxAddrs = 64

// Resolved checks s as URL does, and the addresses its host resolved to
// (addrs, looked up by the caller: package check does no I/O), each with
// the finding of its row in the table of special-purpose addresses, at
// the offset of the host ("host "x" resolves to 127.0.0.1, a loopback
// address"). A lookup that failed is passed as err: it gets an
// host-unresolved finding (info). Report.Addrs holds the first MaxAddrs
// addresses classified; an IPv4-mapped address is classified as the
// IPv4 address it maps.
func Resolved(s string, addrs []netip.Addr, err error) Report {
	c := newChecker(s)
	c.run()
	subject := "host " + quote(c.fetchHost()) + " resolves to "
	off := max(c.sp.hostStart, 0)
	if err != nil {
		c.add(HostUnresolved, Info, off, "host "+quote(c.fetchHost())+" did not resolve: "+err.Error(), "")
	}
	addrs = addrs[:min(len(addrs), MaxAddrs)]
	classes := make([]AddrClass, len(addrs))
	for i, a := range addrs {
		// An IPv4-mapped answer (::ffff:127.0.0.1, as Go's resolver
		// gives an A record) is the IPv4 address, not an IPv6 form
		// carrying one: a resolver answers, no one wrote it to deceive.
		a = a.Unmap()
		classes[i] = ClassifyAddr(a)
		c.checkAddr(a.WithZone(""), off, subject)
	}
	r := c.report()
	r.Addrs = classes
	return r
}

// checkDelimiterAt reports an "@" right after the host and a run of
// delimiters holding "?", "#" or "\", followed by something that looks
// like a host: "http://evil.com#@good.com/".
func (c *checker) checkDelimiterAt() {
	if c.w == nil || !c.w.HasHost() || !c.w.IsSpecial() {
		return
	}
	in := c.in
	i := strings.IndexByte(in[c.lead:], ':')
	if i < 0 {
		return
	}
	i += c.lead + 1
	for i < len(in) && (in[i] == '/' || in[i] == '\\') {
		i++
	}
	for i < len(in) && !strings.ContainsRune("/?#\\", rune(in[i])) {
		i++
	}
	start, strong := i, false
	for i < len(in) {
		switch {
		case strings.ContainsRune("/?#\\", rune(in[i])):
			strong = strong || in[i] != '/'
			i++
			continue
		case strings.HasPrefix(in[i:], "%5C") || strings.HasPrefix(in[i:], "%5c"):
			// "\" as net/url writes it back in a fragment.
			strong = true
			i += 3
			continue
		}
		break
	}
	if i == start || i >= len(in) || in[i] != '@' || !strong {
		return
	}
	at := i
	j := at + 1
	for j < len(in) && !strings.ContainsRune("/?#\\:", rune(in[j])) && j-at <= maxDNSName {
		j++
	}
	after := decodeLenient(in[at+1 : j])
	if !looksLikeHost(after) {
		return
	}
	c.add(DelimiterBeforeAt, Danger, at, fmt.Sprintf("%s before \"@\": a filter that takes the text after \"@\" as the host reads %s, but the URL goes to %s",
		quote(in[start:at]), quote(after), quote(c.w.Hostname())), "")
}

// isDeviation reports whether r is one of the deviation characters of
// UTS #46, which IDNA2003 (transitional processing) maps and IDNA2008
// keeps.
func isDeviation(r rune) bool {
	return r == 'ß' || r == 'ς' || r == '\u200C' || r == '\u200D' || r == 'ẞ'
}

// checkDeviation reports a host written with a deviation character when
// transitional processing sends it elsewhere than the browser's host.
func (c *checker) checkDeviation(host string) {
	if c.sp.hostStart < 0 || c.sp.hostEnd-c.sp.hostStart > 4*maxDNSName {
		return
	}
	raw := decodeLenient(c.in[c.sp.hostStart:c.sp.hostEnd])
	at := strings.IndexFunc(raw, isDeviation)
	if at < 0 {
		return
	}
	p := idna.URL()
	p.Transitional = true
	old, err := p.ToASCII(raw)
	if err != nil || old == host {
		return
	}
	off := c.sp.hostStart + strings.IndexFunc(c.in[c.sp.hostStart:c.sp.hostEnd], isDeviation)
	if off < c.sp.hostStart {
		off = c.sp.hostStart
	}
	c.add(IDNADeviation, Warn, off, fmt.Sprintf("host %s holds a deviation character: IDNA2008 and browsers go to %s, IDNA2003 and transitional processing (older libraries) to %s",
		quote(raw), quote(host), quote(old)), "")
}

// hostPunct are the characters a WHATWG domain host may hold that no DNS
// name does and that filters take for separators.
const hostPunct = ",;!$&'()*+="

// checkHostPunctuation reports a domain host holding one of hostPunct.
func (c *checker) checkHostPunctuation(host string, off int) {
	k := strings.IndexAny(host, hostPunct)
	if k < 0 {
		return
	}
	if c.sp.hostStart >= 0 {
		if r := strings.IndexByte(c.in[c.sp.hostStart:c.sp.hostEnd], host[k]); r >= 0 {
			off = c.sp.hostStart + r
		}
	}
	rest := host[strings.LastIndexAny(host, hostPunct)+1:]
	c.add(HostPunctuation, Warn, off, fmt.Sprintf("host %s holds %s, which no DNS name has: a filter that splits at it reads %s, the resolver gets the whole name",
		quote(host), quote(host[k:k+1]), quote(rest)), "")
}
