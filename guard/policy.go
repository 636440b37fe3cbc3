package guard

import (
	"context"
	"net/netip"
	"net/url"
	"slices"
	"strings"

	"github.com/urikit/urikit/check"
)

// A Resolver looks up the addresses of a host name. *net.Resolver is one.
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// DefaultMaxRedirects is the number of redirects a Client follows when
// Policy.MaxRedirects is 0.
const DefaultMaxRedirects = 10

// A Policy says which URLs and addresses a fetch may reach. The zero
// Policy is the strict default for URLs that users supply: http and https
// only, on their default ports, no credentials in the URL, no finding of
// package check at danger, no host name for private use, and only
// addresses that the table of special-purpose addresses
// (check.AddrRanges) calls globally reachable: no loopback, private,
// link-local, unique-local, shared (CGNAT), multicast, documentation,
// benchmarking, reserved or metadata address, whether written as IPv4 or
// carried by an IPv6 form. Each field loosens or tightens one rule; the
// Error of a refusal names the rule (its Code).
//
// A Policy is a value: its methods do not change it, and a Client or
// Transport keeps the copy it was made with. Do not change the slices of
// a Policy in use.
type Policy struct {
	// Schemes are the schemes allowed, lowercase; nil means "http" and
	// "https".
	Schemes []string
	// Ports are the ports allowed; nil means the scheme's default port
	// only (80 for http, 443 for https). AnyPort allows every port but 0.
	Ports   []int
	AnyPort bool
	// AllowHosts, when not empty, are the only host names allowed; a name
	// "*.example.com" allows every name under example.com (not
	// example.com itself). DenyHosts are refused, with the same
	// patterns; they win over AllowHosts. Names are compared lowercase, in
	// A-labels, without a final dot. An IP host is a name here too
	// ("127.0.0.1", "[::1]" written "::1").
	AllowHosts []string
	DenyHosts  []string
	// AllowNetworks are reached even when the table refuses them: the
	// internal services the application means to fetch from
	// ("10.1.2.0/24"). DenyNetworks are refused even when the table allows
	// them; they win over AllowNetworks. An IPv4-mapped address is
	// compared as IPv4 too.
	AllowNetworks []netip.Prefix
	DenyNetworks  []netip.Prefix
	// AllowKinds are the kinds of special-purpose addresses allowed
	// (check.KindLoopback for a test, check.KindPrivate for an intranet
	// crawler). check.KindMetadata is allowed only when listed itself:
	// allowing link-local does not allow 169.254.169.254.
	AllowKinds []check.AddrKind
	// AllowPrivate allows the private networks: check.KindPrivate (RFC
	// 1918), KindShared (CGNAT), KindUniqueLocal and KindSiteLocal, as if
	// they were in AllowKinds (not loopback, link-local or metadata).
	AllowPrivate bool
	// AllowInternalNames allows the host names that package check reports
	// as internal-name (a single label, a name under internal, local,
	// lan, home.arpa, ...), loopback (localhost, ip6-localhost, ...) when
	// check.KindLoopback is allowed too, and cloud-metadata when
	// check.KindMetadata is. Their addresses are still checked.
	AllowInternalNames bool
	// AllowCredentials allows a user name or password in the URL.
	AllowCredentials bool
	// RefuseAt is the severity of package check's findings from which a
	// URL is refused; the zero value means check.Danger (a URL built to
	// deceive: parsers disagreeing, an obfuscated IPv4 address, a
	// userinfo that looks like a host, a delimiter before "@"). The
	// findings about the scheme, the credentials, the port and the
	// address have their own rules above and are not counted here; the
	// findings that make the host ambiguous (idna-deviation,
	// host-punctuation, delimiter-before-at) refuse at any RefuseAt.
	RefuseAt check.Severity
	// MaxRedirects is the number of redirects a Client follows; 0 means
	// DefaultMaxRedirects, a negative number none.
	MaxRedirects int
	// Resolver looks host names up; nil means net.DefaultResolver.
	Resolver Resolver
	// Proxy, when set, is the HTTP proxy every request goes through: the
	// Transport connects to it without checking its address (it is the
	// application's own), and checks the URL and the addresses its host
	// resolves to before sending the request; the proxy then looks the
	// host up again, so that a DNS rebinding between the two lookups is
	// for the proxy to refuse. Nil means no proxy: the environment's
	// HTTP_PROXY is ignored.
	Proxy *url.URL
}

// Default returns the zero Policy with its defaults written out: http and
// https on their default ports, DefaultMaxRedirects redirects, findings
// at danger refused.
func Default() Policy {
	return Policy{Schemes: []string{"http", "https"}, RefuseAt: check.Danger, MaxRedirects: DefaultMaxRedirects}
}

func (p *Policy) schemes() []string {
	if p.Schemes == nil {
		return []string{"http", "https"}
	}
	return p.Schemes
}

func (p *Policy) refuseAt() check.Severity {
	if p.RefuseAt == check.None {
		return check.Danger
	}
	return p.RefuseAt
}

func (p *Policy) maxRedirects() int {
	switch {
	case p.MaxRedirects == 0:
		return DefaultMaxRedirects
	case p.MaxRedirects < 0:
		return 0
	}
	return p.MaxRedirects
}

// ownRule reports whether a finding of package check is judged by a rule
// of its own rather than by RefuseAt.
func ownRule(c check.Code) bool {
	switch c {
	case check.Loopback, check.PrivateAddress, check.LinkLocal, check.SpecialAddress, check.CloudMetadata,
		check.EmbeddedIPv4, check.InternalName, check.IPHost, check.NonDefaultPort, check.PortZero,
		check.NonHTTPScheme, check.ScriptScheme, check.RelativeReference, check.Credentials:
		return true
	}
	return false
}

// ambiguousHost reports whether a finding of package check makes the host
// itself ambiguous, so that the URL is refused whatever RefuseAt says:
// resolvers, filters and older libraries would go to different hosts.
func ambiguousHost(c check.Code) bool {
	return c == check.IDNADeviation || c == check.HostPunctuation || c == check.DelimiterBeforeAt
}

// CheckURL checks raw without looking anything up: parsed as browsers do
// (package check), its scheme, port, credentials and host must be
// allowed, its host must not be an address the policy refuses, and no
// finding of check may reach RefuseAt. It returns nil or an *Error.
func (p Policy) CheckURL(raw string) error {
	_, err := p.checkURL(raw)
	return err
}

// checkURL is CheckURL, which also returns the report.
func (p *Policy) checkURL(raw string) (check.Report, error) {
	r := check.URL(raw)
	t := r.Target
	refuse := func(rule Code, host string, reason string) (check.Report, error) {
		return r, &Error{Offset: -1, Code: rule, Input: raw, Host: host, Detail: reason}
	}
	if !t.OK {
		return refuse(ErrParse, "", "not a URL browsers accept ("+r.WHATWG.Error+")")
	}
	if !slices.Contains(p.schemes(), t.Scheme) {
		return refuse(ErrScheme, "", "scheme "+quote(t.Scheme)+" is not allowed")
	}
	if r.WHATWG.Userinfo != "" && !p.AllowCredentials {
		return refuse(ErrCredentials, "", "credentials in the URL")
	}
	if err := p.checkPort(t.Scheme, t.Port); err != "" {
		return refuse(ErrPort, "", err)
	}
	if t.HostType != "domain" && t.HostType != "ipv4" && t.HostType != "ipv6" {
		return refuse(ErrHost, t.Host, "no host to fetch from")
	}
	name := strings.TrimSuffix(strings.TrimPrefix(t.HostNoDot, "["), "]")
	if why := p.checkHostName(name); why != "" {
		return refuse(ErrHost, name, why)
	}
	if a, err := netip.ParseAddr(name); err == nil {
		if e := p.checkAddr(a); e != nil {
			e.Input, e.Host = raw, name
			return r, e
		}
	} else {
		for _, f := range r.Findings {
			switch {
			case f.Code == check.Loopback && !(p.AllowInternalNames && p.allowsKind(check.KindLoopback)),
				f.Code == check.CloudMetadata && !(p.AllowInternalNames && p.allowsKind(check.KindMetadata)),
				f.Code == check.InternalName && !p.AllowInternalNames:
				return refuse(ErrHost, name, f.Message())
			}
		}
	}
	for _, f := range r.Findings {
		if (f.Severity >= p.refuseAt() || ambiguousHost(f.Code)) && !ownRule(f.Code) {
			return r, &Error{Offset: f.Offset, Code: ErrFinding, Input: raw, Host: name, Detail: string(f.Code) + ": " + f.Message()}
		}
	}
	return r, nil
}

// checkPort returns why the port is refused, or "".
func (p *Policy) checkPort(scheme string, port int) string {
	switch {
	case port <= 0:
		return "port 0 or none"
	case p.AnyPort:
		return ""
	case p.Ports == nil:
		if scheme == "http" && port == 80 || scheme == "https" && port == 443 ||
			scheme == "ws" && port == 80 || scheme == "wss" && port == 443 || scheme == "ftp" && port == 21 {
			return ""
		}
		return "port " + itoa(port) + " is not the default port of " + quote(scheme)
	case slices.Contains(p.Ports, port):
		return ""
	}
	return "port " + itoa(port) + " is not allowed"
}

// matchHost reports whether the lowercase name matches the pattern:
// equal, or under it for "*.example.com".
func matchHost(pattern, name string) bool {
	pattern = strings.TrimSuffix(strings.ToLower(pattern), ".")
	if rest, ok := strings.CutPrefix(pattern, "*."); ok {
		return strings.HasSuffix(name, "."+rest)
	}
	return name == strings.TrimSuffix(strings.TrimPrefix(pattern, "["), "]")
}

// checkHostName returns why the host name (or IP text) is refused by
// AllowHosts and DenyHosts, or "".
func (p *Policy) checkHostName(name string) string {
	name = strings.ToLower(name)
	for _, d := range p.DenyHosts {
		if matchHost(d, name) {
			return "host " + quote(name) + " is denied (" + quote(d) + ")"
		}
	}
	if len(p.AllowHosts) == 0 {
		return ""
	}
	for _, a := range p.AllowHosts {
		if matchHost(a, name) {
			return ""
		}
	}
	return "host " + quote(name) + " is not in the allowed hosts"
}

func (p *Policy) allowsKind(k check.AddrKind) bool {
	if p.AllowPrivate {
		switch k {
		case check.KindPrivate, check.KindShared, check.KindUniqueLocal, check.KindSiteLocal:
			return true
		}
	}
	return slices.Contains(p.AllowKinds, k)
}

// inAny reports whether a, or its IPv4 form when it is IPv4-mapped, is in
// one of the prefixes; it returns the first that holds it.
func inAny(list []netip.Prefix, a netip.Addr) (netip.Prefix, bool) {
	u := a.Unmap()
	for _, n := range list {
		if n.Contains(a) || n.Contains(u) {
			return n, true
		}
	}
	return netip.Prefix{}, false
}

// CheckAddr checks an address that a connection is about to go to:
// DenyNetworks refuse it, AllowNetworks allow it, and otherwise every
// row of check.AddrRanges that holds it, or the IPv4 address it carries,
// must be globally reachable or in AllowKinds. It returns nil or an
// *Error with the rule ErrNetwork or ErrAddress.
func (p Policy) CheckAddr(a netip.Addr) error {
	if e := p.checkAddr(a); e != nil {
		return e
	}
	return nil
}

func (p *Policy) checkAddr(a netip.Addr) *Error {
	a = a.WithZone("")
	if !a.IsValid() {
		return &Error{Offset: -1, Code: ErrAddress, Detail: "no address"}
	}
	if n, ok := inAny(p.DenyNetworks, a); ok {
		return &Error{Offset: -1, Code: ErrNetwork, Addr: a, Detail: "address " + a.String() + " is in the denied network " + n.String()}
	}
	if _, ok := inAny(p.AllowNetworks, a); ok {
		return nil
	}
	cl := check.ClassifyAddr(a)
	for _, r := range [...]check.AddrRange{cl.Range, cl.CarriedRange} {
		if r.Kind == "" || r.Global || p.allowsKind(r.Kind) {
			continue
		}
		reason := "address " + cl.String() + " is " + string(r.Kind) + " (" + r.Prefix.String() + ", " + r.Source + ")"
		return &Error{Offset: -1, Code: ErrAddress, Addr: a, Kind: r.Kind, Detail: reason}
	}
	return nil
}
