package check

import (
	"fmt"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/idna"
	"github.com/urikit/urikit/internal/ascii"
	"github.com/urikit/urikit/uri"
)

// checkAuthority reports credentials, a userinfo that looks like a host,
// and several "@" in the authority.
func (c *checker) checkAuthority() {
	sp := c.sp
	if sp.authStart >= 0 {
		auth := c.in[sp.authStart:sp.authEnd]
		if n := strings.Count(auth, "@"); n > 1 {
			c.add(MultipleAt, Danger, sp.authStart+strings.IndexByte(auth, '@'),
				fmt.Sprintf("%d \"@\" in the authority %s: parsers that split at the first one read another host", n, quote(auth)), "")
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
	decUser := decodeLenient(user)
	msg := "credentials in the URL: user " + quote(decUser)
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
	if strings.ContainsAny(dec, "/\\@") || looksLikeHost(decUser) {
		c.add(DeceptiveUserinfo, Danger, off, fmt.Sprintf("userinfo %s looks like a host or URL, but the URL goes to %s", quote(dec), showKey(c.fetchHost())), "")
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
	s = strings.TrimSuffix(s, ".")
	labels, size, letters := 1, 0, 0 // letters and size of the current label
	for _, r := range s {
		switch {
		case r == '.':
			if size == 0 {
				return false
			}
			labels++
			size, letters = 0, 0
			continue
		case 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || r >= 0x80:
			letters++
		case '0' <= r && r <= '9' || r == '-':
		default:
			return false
		}
		size++
	}
	return labels >= 2 && size > 0 && letters > 0
}

// rfcHostNumeric returns the RFC 3986 host decoded and lowercased when it
// holds only the characters of the IPv4 number forms the WHATWG parser
// accepts (digits, hex digits, "x" and dots).
func (c *checker) rfcHostNumeric() (string, bool) {
	if !c.numericDone {
		c.numericDone = true
		c.numeric, c.numericOK = rfcHostNumeric(c.ref)
	}
	return c.numeric, c.numericOK
}

func rfcHostNumeric(r uri.Reference) (string, bool) {
	h, _ := r.Host()
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
		c.add(IPv4NonCanonical, Danger, off, fmt.Sprintf("host %s is the IPv4 address %s in %s, which RFC 3986 and net/url read as a name", quote(raw), host, ipv4Form(raw)), "")
	}
	if a, err := netip.ParseAddr(strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")); err == nil {
		c.checkAddr(a.WithZone(""), off, "host ")
		return
	}
	c.checkTrailingDot(host)
	c.checkName(host, off)
	if c.w != nil && !c.w.IsSpecial() {
		return // an opaque host: no IDNA
	}
	if c.w != nil {
		c.checkHostPunctuation(host, off)
		c.checkDeviation(host)
	}
	c.checkLookalikeDomain(host, off)
	c.checkIDN(host, off)
}

// checkTrailingDot reports a host name that ends with a dot: the
// absolute form of a DNS name, which resolves as the name without it but
// does not compare equal to it as text.
func (c *checker) checkTrailingDot(host string) {
	if !hasFinalDot(host) {
		return
	}
	raw := c.in[c.sp.hostStart:c.sp.hostEnd]
	off := c.sp.hostStart
	if n := finalDotLen(raw); n > 0 {
		off = c.sp.hostEnd - n
	}
	c.add(TrailingDotHost, Warn, off, fmt.Sprintf("host %s ends with a dot: the same DNS name as %s, which a comparison of host text misses",
		quote(host), quote(host[:len(host)-1])), "")
}

// hasFinalDot reports whether a host name ends with a "." that stands
// for the DNS root: a name longer than the dot itself.
func hasFinalDot(h string) bool {
	return len(h) > 1 && h[len(h)-1] == '.'
}

// finalDotLen returns the length of the dot that ends raw, a host as
// written: ".", "%2e", or one of the dots UTS #46 maps to "." ("。",
// "．", "｡"); 0 when raw ends otherwise.
func finalDotLen(raw string) int {
	for _, d := range [...]string{".", "%2e", "%2E", "\u3002", "\uFF0E", "\uFF61"} {
		if strings.HasSuffix(raw, d) {
			return len(d)
		}
	}
	return 0
}

// ipv4Form describes the non-canonical IPv4 text s.
func ipv4Form(s string) string {
	var forms []string
	parts := 0
	for p := range strings.SplitSeq(strings.TrimSuffix(s, "."), ".") {
		parts++
		switch {
		case strings.HasPrefix(p, "0x"):
			forms = appendOnce(forms, "hex")
		case len(p) > 1 && p[0] == '0':
			forms = appendOnce(forms, "octal")
		}
	}
	switch {
	case parts == 1:
		forms = append(forms, "a single number")
	case parts < 4:
		forms = append(forms, strconv.Itoa(parts)+" parts")
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

// checkPort reports an explicit port other than the scheme's default.
func (c *checker) checkPort() {
	sp := c.sp
	if sp.portStart < 0 {
		return
	}
	p := c.in[sp.portStart:sp.portEnd]
	s := c.scheme()
	if p != "" && strings.Trim(p, "0") == "" {
		what := "port 0"
		if p != "0" {
			what = "port " + clipPort(p) + ", which is 0"
		}
		c.add(PortZero, Warn, sp.portStart, what+": no service listens on it, a filter may read it as no port, a client may refuse it or pick another", "")
		return
	}
	if p == "" || portKey(p, s) == portKey("", s) {
		return
	}
	c.add(NonDefaultPort, Info, sp.portStart, fmt.Sprintf("port %s is not the default port of %s", clipPort(p), quote(s)), "")
}

// maxDNSName is the longest DNS name, in bytes, without the trailing
// dot.
const maxDNSName = 253

// clipPort returns a port for a message: as it is when short, quoted
// (a window of it) otherwise.
func clipPort(p string) string {
	if len(p) <= 20 {
		return p
	}
	return quote(p)
}

// isLabelDot reports whether the text at s[i:] starts with a character
// that UTS #46 maps to a label separator, and its length.
func isLabelDot(s string, i int) (int, bool) {
	switch {
	case s[i] == '.':
		return 1, true
	case strings.HasPrefix(s[i:], "\u3002"), strings.HasPrefix(s[i:], "\uFF0E"), strings.HasPrefix(s[i:], "\uFF61"):
		return 3, true
	}
	return 0, false
}

// countLabels returns the number of labels of the host text h, split at
// the dots UTS #46 maps to ".".
func countLabels(h string) int {
	n := 1
	for i := 0; i < len(h); {
		if k, ok := isLabelDot(h, i); ok {
			n++
			i += k
			continue
		}
		i++
	}
	return n
}

// checkIDN reports an internationalized host name with both its forms,
// and its labels that mix scripts or look like Latin letters. Each label
// is examined in time linear in its length, and only the first finding of
// each kind formats a message: a host of many look-alike labels costs
// what its length does.
func (c *checker) checkIDN(host string, off int) {
	aHost := host
	if c.w == nil {
		// The RFC 3986 host, which no browser goes to. A name longer
		// than DNS allows (253 bytes) is not looked at: UTS #46 costs
		// many times the length of a name.
		if len(host) > maxDNSName {
			return
		}
		a, err := idna.DomainToASCII(host)
		if err != nil {
			return
		}
		aHost = a
	}
	if !strings.Contains(aHost, "xn--") {
		return // no A-label, so no IDN
	}
	uni, _ := c.unicodeHost(aHost)
	if uni == aHost {
		return
	}
	// The forms of the host are given once, here: the findings about its
	// labels name the label only.
	c.add(IDN, Info, off, "internationalized host "+quote(uni)+", sent as "+quote(aHost), "")
	// The offset of each label: that of the same label in the input's
	// host when it has as many labels, the host's otherwise.
	raw := c.in[c.sp.hostStart:c.sp.hostEnd]
	mapped := c.sp.authStart >= 0 && countLabels(raw) == strings.Count(uni, ".")+1
	rawPos := 0
	var buf [maxScripts]string
	for label := range strings.SplitSeq(uni, ".") {
		loff := off
		if mapped {
			loff = c.sp.hostStart + rawPos
			for rawPos < len(raw) {
				if k, ok := isLabelDot(raw, rawPos); ok {
					rawPos += k
					break
				}
				rawPos++
			}
		}
		if ascii.Is(label) {
			continue
		}
		if scripts, more := scriptsOf(label, buf[:0]); !allowedScripts(scripts, more) && !c.repeat(IDNMixedScript, loff) {
			c.add(IDNMixedScript, Danger, loff, fmt.Sprintf("host label %s mixes %s letters", quote(label), scriptList(scripts, more)), "")
		}
		if lookalikeLabel(label) && !c.repeat(IDNConfusable, loff) {
			sk, _ := skeleton(label)
			c.add(IDNConfusable, Danger, loff, fmt.Sprintf("host label %s imitates %s: %s", quote(label), quote(sk), imitations(label)), "")
		}
	}
}

// scriptList names the scripts s ("Greek and Latin", "Cyrillic, Greek
// and Latin"), and says "and other" when the label has more.
func scriptList(s []string, more bool) string {
	switch {
	case more:
		return strings.Join(s, ", ") + " and other"
	case len(s) <= 1:
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// maxImitations is the most characters imitations names.
const maxImitations = 4

// imitations names the distinct non-ASCII characters of a look-alike
// label, with their code points: `"ο" U+03BF is not ASCII`, `"а" U+0430,
// "е" U+0435 are not ASCII`, at most maxImitations of them (then "and
// more").
func imitations(label string) string {
	var seen [maxImitations]rune
	var b strings.Builder
	n, more := 0, false
	for _, r := range label {
		if r < utf8.RuneSelf || slices.Contains(seen[:n], r) {
			continue
		}
		if n == maxImitations {
			more = true
			break
		}
		seen[n] = r
		if n > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s U+%04X", strconv.Quote(string(r)), r)
		n++
	}
	switch {
	case more:
		b.WriteString(" and more are not ASCII")
	case n == 1:
		b.WriteString(" is not ASCII")
	default:
		b.WriteString(" are not ASCII")
	}
	return b.String()
}
