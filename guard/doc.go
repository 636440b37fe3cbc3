// Package guard fetches URLs that users supply (webhooks, link previews,
// image proxies, importers, agents' tools) without being turned against
// the network it runs in: server-side request forgery (SSRF) to loopback,
// the cloud metadata service or internal hosts.
//
// A service needs three lines:
//
//	client := guard.Policy{}.Client()
//	resp, err := client.Get(userURL)
//	if errors.Is(err, guard.ErrRefused) { /* tell the user which rule refused */ }
//
// The zero Policy is the strict default: http and https on their default
// ports, no credentials in the URL, no host name for private use, no URL
// that package check finds built to deceive, and only globally reachable
// addresses. A refusal is an *Error that names the rule (its Code, also
// the sentinel for errors.Is: ErrScheme, ErrAddress …), the URL, the host
// and the address.
//
// # What is checked, and when
//
// Before a request is sent (Transport.RoundTrip, and Policy.CheckRedirect
// for each redirect of a Client), its URL is read as browsers read it by
// package check (CheckURL): scheme, port, credentials, allowed and denied
// hosts, an IP host against the table of special-purpose addresses
// (check.AddrRanges: loopback, private, link-local, unique-local, shared
// CGNAT space, documentation, benchmarking, multicast, broadcast,
// reserved, the metadata endpoints, and the IPv4 address that an
// IPv4-mapped, IPv4-compatible, NAT64, 6to4 or Teredo address carries),
// loopback, metadata and internal names, and check's findings at
// Policy.RefuseAt (danger by default).
//
// When the connection is made (Policy.DialContext, the Transport's
// dialer), the host is looked up once, every address it resolves to is
// checked (one refused address refuses the host), and the connection goes
// to an address that was checked, never to the name: a DNS server that
// answers a public address to the check and a private one to the
// connection (DNS rebinding) gets nowhere. The dialer's Control function
// checks the address once more as the socket connects; Policy.Control can
// be set on an application's own net.Dialer.
//
// The environment's proxy settings are ignored. With Policy.Proxy, requests
// go through that proxy, whose address is not checked; the URL and the
// addresses its host resolves to are checked before the request is sent,
// and the proxy looks the host up again (a rebinding between the two
// lookups is the proxy's to refuse).
//
// The package uses the standard library and package check of this module
// only. Every check runs in time linear in the URL's length;
// an Error's message quotes a window of the URL, never all of it.
package guard
