package check

import (
	"fmt"
	"strings"

	"github.com/urikit/urikit/domain"
)

// LookalikeDomain is the code of a host whose leading labels spell
// another registrable domain than the one the host belongs to
// ("paypal.com.evil.example" belongs to evil.example). See
// checkLookalikeDomain for what is left out.
const LookalikeDomain Code = "lookalike-domain"

// lookalikeWindow is the most labels that decide the registrable domain
// of a name: the deepest rule of the Public Suffix List has 6 labels, a
// wildcard adds one, and the registrable domain one more. The registrable
// domain of a prefix of the host is that of its last lookalikeWindow
// labels, so each label is looked at a bounded number of times.
const lookalikeWindow = 8

// isCommonLabel reports whether hosts use the label for a service or a
// language rather than as a name: a candidate whose registrable label is
// one of them ("www.de" in "www.de.example.com", "api.us" in
// "api.us.example.com") is the host's own structure, not a lookalike.
func isCommonLabel(label string) bool {
	switch label {
	case "www", "www1", "www2", "web", "m", "mobile", "mail", "email", "smtp", "imap", "pop", "mx", "ftp",
		"api", "cdn", "static", "assets", "img", "images", "media", "app", "apps", "dev", "test", "stage",
		"staging", "prod", "admin", "ns", "ns1", "ns2", "vpn", "blog", "shop", "store", "docs", "help",
		"support", "status", "secure", "login", "auth", "my":
		return true
	}
	return false
}

// spoofedSuffix reports whether a candidate with the public suffix s can
// be a lookalike: a suffix of the private section (a hosting zone such as
// github.io, all of two labels or more), an ICANN suffix of two labels or
// more ("co.uk", "com.au"), or one of the top-level domains that
// lookalikes imitate most (com, net, org, edu, gov, io). The other
// top-level domains, country codes and new generic ones alike, are left
// out: their names double as the department, region and service labels
// of real hosts ("hsi.web.cern.ch", "cec05.in.tum.de",
// "trade.ec.europa.eu", "accessories.us.dell.com"), which made 237 false
// findings among the 48,026 URLs of the project's datasets. A lookalike
// under them ("paypal.de.evil.example") is missed.
func spoofedSuffix(s domain.Suffix) bool {
	switch {
	case !s.Listed:
		return false
	case !s.ICANN, strings.Contains(strings.TrimSuffix(s.Name, "."), "."):
		return true
	}
	switch strings.TrimSuffix(s.Name, ".") {
	case "com", "net", "org", "edu", "gov", "io":
		return true
	}
	return false
}

// registrableDomainOf returns the registrable domain of a domain host
// for Target ("" when it has none: a public suffix, an invalid name).
func registrableDomainOf(hostType, hostNoDot string) string {
	if hostType != "domain" {
		return ""
	}
	rd, err := domain.RegistrableDomain(hostNoDot)
	if err != nil {
		return ""
	}
	return rd
}

// checkLookalikeDomain reports a host name whose leading labels form a
// registrable domain other than the host's own: "paypal.com.evil.example"
// reads as paypal.com to a hurried eye but belongs to evil.example. The
// candidates are the prefixes of the host that end before its
// registrable label, or at it when the host's public suffix is a private
// rule of the list (a hosting or CDN zone such as cdn.cloudflare.net,
// whose customers choose the label before it: "www.paypal.com" in
// "www.paypal.com.cdn.cloudflare.net"). A candidate counts when its
// registrable domain has a suffix that lookalikes use (spoofedSuffix),
// differs from the host's, and
// its registrable label is not a common label (isCommonLabel) nor of one or two
// characters (language and region labels: "en.us"). Only the last
// candidate is reported ("bank.co.uk" rather than "bank.co" in
// "bank.co.uk.evil.example"), once per host.
//
// CDN and hosting names have this shape for real
// ("www.example.com.cdn.cloudflare.net", "example.com.edgekey.net", the
// S3 bucket "example.com.s3.amazonaws.com"). They get the finding too:
// such a name is run by whoever holds its own registrable domain, the
// CDN's customer or the bucket's creator, who may or may not be the
// owner of the lookalike; the finding is a warning, not danger, and its
// message says the shape is also that of CDNs.
func (c *checker) checkLookalikeDomain(host string, off int) {
	if c.w == nil {
		return // no browser reading: the RFC 3986 host is not a DNS name yet
	}
	name := strings.TrimSuffix(host, ".")
	own, err := domain.RegistrableDomain(name)
	if err != nil {
		return
	}
	ps, err := domain.PublicSuffix(name)
	if err != nil {
		return
	}
	// ends are the offsets of the dots of name; the candidate ending at
	// label j is name[:ends[j]].
	limit := len(name) - len(own) - 1 // the dot before the registrable domain
	if !ps.ICANN && ps.Listed {
		limit = len(name) - len(ps.Name) - 1 // the dot before the suffix
	}
	if limit <= 0 {
		return
	}
	like := ""
	var window [lookalikeWindow]int // offsets of the starts of the last labels
	n := 0
	start := 0
	for i := 0; i <= limit; i++ {
		if i < limit && name[i] != '.' {
			continue
		}
		// name[start:i] is a label; the candidate is name[:i], of which
		// the last lookalikeWindow labels decide.
		window[n%lookalikeWindow] = start
		n++
		from := window[n%lookalikeWindow]
		if n < lookalikeWindow {
			from = 0
		}
		cand := name[from:i]
		start = i + 1
		if !strings.Contains(cand, ".") {
			continue
		}
		rd, err := domain.RegistrableDomain(cand)
		if err != nil || rd == own {
			continue
		}
		s, err := domain.PublicSuffix(cand)
		if err != nil || !spoofedSuffix(s) {
			continue
		}
		label, _, _ := strings.Cut(rd, ".")
		if len(label) <= 2 || isCommonLabel(label) {
			continue
		}
		like = rd // the last candidate: "bank.co.uk", not "bank.co"
	}
	if like != "" {
		c.add(LookalikeDomain, Warn, off, fmt.Sprintf("host %s looks like %s but belongs to %s (CDN and hosting names such as \"www.example.com.cdn.cloudflare.net\" have this shape too: trust it as far as %s)",
			quote(host), quote(like), quote(own), quote(own)), "")
	}
}
