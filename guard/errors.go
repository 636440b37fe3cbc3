package guard

import (
	"errors"
	"net/netip"
	"strconv"
	"unicode/utf8"

	"github.com/urikit/urikit/check"
)

// A Rule names the rule of a Policy that refused a URL, a host or an
// address.
type Rule string

// The rules.
const (
	// RuleParse: the URL is not one that browsers accept.
	RuleParse Rule = "parse"
	// RuleScheme: the scheme is not in Policy.Schemes.
	RuleScheme Rule = "scheme"
	// RulePort: the port is 0 or not allowed (Policy.Ports, AnyPort).
	RulePort Rule = "port"
	// RuleCredentials: a user name or password in the URL
	// (Policy.AllowCredentials).
	RuleCredentials Rule = "credentials"
	// RuleHost: the host name is denied, not allowed, or a loopback,
	// metadata or internal name (Policy.AllowHosts, DenyHosts,
	// AllowInternalNames).
	RuleHost Rule = "host"
	// RuleFinding: package check found something at Policy.RefuseAt or
	// above.
	RuleFinding Rule = "finding"
	// RuleAddress: an address, written in the URL or resolved, is a
	// special-purpose address the policy does not allow
	// (check.AddrRanges, Policy.AllowKinds).
	RuleAddress Rule = "address"
	// RuleNetwork: an address is in Policy.DenyNetworks.
	RuleNetwork Rule = "network"
	// RuleResolve: the host name did not resolve to any address.
	RuleResolve Rule = "resolve"
	// RuleRedirects: more redirects than Policy.MaxRedirects.
	RuleRedirects Rule = "redirects"
)

// ErrRefused is the error every *Error matches with errors.Is.
var ErrRefused = errors.New("guard: refused")

// An Error says which rule refused what. Its message names the rule, the
// URL (a window of it when long), the host and the address.
type Error struct {
	// Rule is the rule that refused.
	Rule Rule
	// URL is the URL refused, when there is one (a redirect's target for
	// a refused redirect).
	URL string
	// Host is the host name or IP text refused or looked up, when known.
	Host string
	// Addr is the address refused, when the refusal is about one.
	Addr netip.Addr
	// Kind is the kind of special-purpose address of Addr, for
	// RuleAddress.
	Kind check.AddrKind
	// Reason says why, in a sentence without the URL.
	Reason string
}

// Error returns "guard: refused by rule R: reason (host H, URL U)".
func (e *Error) Error() string {
	if e == nil {
		return "guard: refused"
	}
	s := "guard: refused by rule " + string(e.Rule) + ": " + e.Reason
	switch {
	case e.Host != "" && e.URL != "":
		s += " (host " + quote(e.Host) + ", URL " + quote(e.URL) + ")"
	case e.Host != "":
		s += " (host " + quote(e.Host) + ")"
	case e.URL != "":
		s += " (URL " + quote(e.URL) + ")"
	}
	return s
}

// Is reports whether target is ErrRefused.
func (e *Error) Is(target error) bool { return target == ErrRefused }

// quote returns s quoted, cut to a window of its first 40 and last 16
// bytes around "…" when long.
func quote(s string) string {
	if len(s) <= 64 {
		return strconv.Quote(s)
	}
	h, t := 40, len(s)-16
	for h > 0 && !utf8.RuneStart(s[h]) {
		h--
	}
	for t < len(s) && !utf8.RuneStart(s[t]) {
		t++
	}
	q := strconv.Quote(s[:h])
	return q[:len(q)-1] + "…" + strconv.Quote(s[t:])[1:] + " (" + strconv.Itoa(len(s)) + " bytes)"
}

func itoa(n int) string { return strconv.Itoa(n) }
