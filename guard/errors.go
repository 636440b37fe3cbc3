package guard

import (
	"net/netip"
	"strconv"
	"unicode/utf8"

	"github.com/urikit/urikit/check"
	"github.com/urikit/urikit/internal/diag"
)

// A Code names the rule of a Policy that refused a URL, a host or an
// address. Codes are errors themselves, so they are the sentinels of this
// package: errors.Is(err, guard.ErrScheme) reports whether err is an
// [*Error] of that rule, and errors.Is(err, guard.ErrRefused) whether it
// is a refusal by any rule.
type Code string

// Error returns the code's name.
func (c Code) Error() string { return string(c) }

// The rules.
const (
	// ErrParse: the URL is not one that browsers accept.
	ErrParse Code = "parse"
	// ErrScheme: the scheme is not in Policy.Schemes.
	ErrScheme Code = "scheme"
	// ErrPort: the port is 0 or not allowed (Policy.Ports, AnyPort).
	ErrPort Code = "port"
	// ErrCredentials: a user name or password in the URL
	// (Policy.AllowCredentials).
	ErrCredentials Code = "credentials"
	// ErrHost: the host name is denied, not allowed, or a loopback,
	// metadata or internal name (Policy.AllowHosts, DenyHosts,
	// AllowInternalNames).
	ErrHost Code = "host"
	// ErrFinding: package check found something at Policy.RefuseAt or
	// above.
	ErrFinding Code = "finding"
	// ErrAddress: an address, written in the URL or resolved, is a
	// special-purpose address the policy does not allow
	// (check.AddrRanges, Policy.AllowKinds).
	ErrAddress Code = "address"
	// ErrNetwork: an address is in Policy.DenyNetworks.
	ErrNetwork Code = "network"
	// ErrResolve: the host name did not resolve to any address.
	ErrResolve Code = "resolve"
	// ErrRedirects: more redirects than Policy.MaxRedirects.
	ErrRedirects Code = "redirects"
)

// ErrRefused is not the Code of any Error: every *Error matches it with
// errors.Is, whatever its rule.
const ErrRefused Code = "refused"

// Message returns the rule's one-line description, or the code itself
// for an unknown code.
func (c Code) Message() string {
	switch c {
	case ErrParse:
		return "not a URL browsers accept"
	case ErrScheme:
		return "scheme not allowed"
	case ErrPort:
		return "port not allowed"
	case ErrCredentials:
		return "credentials in the URL"
	case ErrHost:
		return "host not allowed"
	case ErrFinding:
		return "a finding of package check"
	case ErrAddress:
		return "special-purpose address not allowed"
	case ErrNetwork:
		return "address in a denied network"
	case ErrResolve:
		return "host name without addresses"
	case ErrRedirects:
		return "too many redirects"
	case ErrRefused:
		return "refused"
	}
	return string(c)
}

// An Error says which rule refused what. Its message names the rule, the
// URL (a window of it when long), the host and the reason.
type Error struct {
	// Offset is the byte offset in Input of the finding that refused the
	// URL (ErrFinding), -1 for none.
	Offset int
	// Code is the rule that refused.
	Code Code
	// Input is the URL refused, when there is one (a redirect's target
	// for a refused redirect).
	Input string
	// Host is the host name or IP text refused or looked up, when known.
	Host string
	// Addr is the address refused, when the refusal is about one.
	Addr netip.Addr
	// Kind is the kind of special-purpose address of Addr, for
	// ErrAddress.
	Kind check.AddrKind
	// Detail says why, in a sentence without the URL.
	Detail string
}

// Error returns a message such as
// `guard: host "h": "https://h:1/": refused by rule port: port 1 is not
// allowed`, quoting at most 40 bytes of the URL each side of the offset.
func (e *Error) Error() string {
	if e == nil {
		return "guard: refused"
	}
	ctx := ""
	if e.Host != "" {
		ctx = "host " + quote(e.Host)
	}
	msg := "refused by rule " + string(e.Code)
	if e.Detail != "" {
		msg += ": " + e.Detail
	} else {
		msg += ": " + e.Code.Message()
	}
	return diag.Error("guard", e.Offset, ctx, e.Input, msg)
}

// Unwrap returns the rule's Code and ErrRefused. (A refusal has no cause
// from another package: a failed lookup is the resolver's error, not a
// refusal.)
func (e *Error) Unwrap() []error {
	if e == nil {
		return nil
	}
	return []error{e.Code, ErrRefused}
}

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
