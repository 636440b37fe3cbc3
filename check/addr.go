package check

import (
	"net/netip"
)

// An AddrKind names a row of the table of special-purpose addresses
// (AddrRanges): what an address in that range is for.
type AddrKind string

// The kinds of special-purpose addresses, from the IANA IPv4 and IPv6
// Special-Purpose Address Registries, plus the cloud metadata endpoints.
const (
	// KindThisNetwork is 0.0.0.0/8, "this network" (RFC 791); Linux
	// connects 0.0.0.0 to the local host.
	KindThisNetwork AddrKind = "this-network"
	// KindUnspecified is 0.0.0.0/32 and ::/128.
	KindUnspecified AddrKind = "unspecified"
	// KindLoopback is 127.0.0.0/8 and ::1/128.
	KindLoopback AddrKind = "loopback"
	// KindPrivate is the private-use space of RFC 1918.
	KindPrivate AddrKind = "private"
	// KindShared is 100.64.0.0/10, the shared address space of carrier-grade
	// NAT (RFC 6598).
	KindShared AddrKind = "shared"
	// KindLinkLocal is 169.254.0.0/16 (RFC 3927) and fe80::/10.
	KindLinkLocal AddrKind = "link-local"
	// KindUniqueLocal is fc00::/7 (RFC 4193).
	KindUniqueLocal AddrKind = "unique-local"
	// KindSiteLocal is fec0::/10, deprecated by RFC 3879 but still routed
	// inside some networks.
	KindSiteLocal AddrKind = "site-local"
	// KindBenchmarking is 198.18.0.0/15 (RFC 2544) and 2001:2::/48.
	KindBenchmarking AddrKind = "benchmarking"
	// KindDocumentation is TEST-NET-1, -2, -3 (RFC 5737), 2001:db8::/32
	// and 3fff::/20 (RFC 9637).
	KindDocumentation AddrKind = "documentation"
	// KindMulticast is 224.0.0.0/4 and ff00::/8.
	KindMulticast AddrKind = "multicast"
	// KindBroadcast is 255.255.255.255/32, the limited broadcast address.
	KindBroadcast AddrKind = "broadcast"
	// KindReserved is 240.0.0.0/4 (future use) and the other ranges that no
	// host may use on the Internet: IETF protocol assignments
	// (192.0.0.0/24), the deprecated 6to4 relay anycast (192.88.99.0/24),
	// the IPv6 discard prefix (100::/64), ORCHID and SRv6 SIDs.
	KindReserved AddrKind = "reserved"
	// KindMetadata is a cloud metadata or platform endpoint
	// (169.254.169.254 and its neighbours, fd00:ec2::254, Alibaba's
	// 100.100.100.200, Azure's 168.63.129.16, Oracle's 192.0.0.192).
	KindMetadata AddrKind = "metadata"
	// KindIPv4Mapped is ::ffff:0:0/96: an IPv4 address in IPv6 form,
	// which sockets connect to over IPv4.
	KindIPv4Mapped AddrKind = "ipv4-mapped"
	// KindIPv4Translated is ::ffff:0:0:0/96, the IPv4-translated form of
	// SIIT (RFC 2765).
	KindIPv4Translated AddrKind = "ipv4-translated"
	// KindIPv4Compatible is ::/96 (the deprecated IPv4-compatible form of
	// RFC 4291) except :: and ::1.
	KindIPv4Compatible AddrKind = "ipv4-compatible"
	// KindNAT64 is 64:ff9b::/96, the well-known NAT64 prefix (RFC 6052),
	// whose gateway reaches the IPv4 address in the last 32 bits.
	KindNAT64 AddrKind = "nat64"
	// KindNAT64Local is 64:ff9b:1::/48, the local-use NAT64 prefix (RFC
	// 8215), which a network routes to its own translator.
	KindNAT64Local AddrKind = "nat64-local"
	// Kind6to4 is 2002::/16 (RFC 3056), which carries an IPv4 address in
	// bits 16 to 48.
	Kind6to4 AddrKind = "6to4"
	// KindTeredo is 2001::/32 (RFC 4380), which carries the server's IPv4
	// address and the client's, inverted, in the last 32 bits.
	KindTeredo AddrKind = "teredo"
)

// An AddrRange is one row of the table of special-purpose addresses.
type AddrRange struct {
	// Prefix is the range.
	Prefix netip.Prefix `json:"prefix"`
	// Kind says what the range is for.
	Kind AddrKind `json:"kind"`
	// Code is the finding URL reports for a host in the range.
	Code Code `json:"code"`
	// Global is true for a range whose addresses a fetch of a public URL
	// may reach: the IANA registries' "Globally Reachable", and the
	// forms that carry an IPv4 address which is then judged instead
	// (IPv4-mapped, the well-known NAT64 prefix, 6to4, Teredo).
	Global bool `json:"global"`
	// Source is the specification that sets the range aside.
	Source string `json:"source"`
}

// embeds reports whether the kind is an IPv6 form that carries an IPv4
// address.
func (k AddrKind) embeds() bool {
	switch k {
	case KindIPv4Mapped, KindIPv4Translated, KindIPv4Compatible, KindNAT64, KindNAT64Local, Kind6to4, KindTeredo:
		return true
	}
	return false
}

func pfx(s string) netip.Prefix { return netip.MustParsePrefix(s) }

// addrTable is the table AddrRanges returns. Lookups take the longest
// prefix that holds the address, so a row may sit inside another
// (169.254.169.254/32 inside 169.254.0.0/16, ::1/128 inside ::/96).
var addrTable = [...]AddrRange{
	// IPv4 (IANA IPv4 Special-Purpose Address Registry).
	{pfx("0.0.0.0/8"), KindThisNetwork, SpecialAddress, false, "RFC 791"},
	{pfx("0.0.0.0/32"), KindUnspecified, SpecialAddress, false, "RFC 1122"},
	{pfx("10.0.0.0/8"), KindPrivate, PrivateAddress, false, "RFC 1918"},
	{pfx("100.64.0.0/10"), KindShared, PrivateAddress, false, "RFC 6598"},
	{pfx("127.0.0.0/8"), KindLoopback, Loopback, false, "RFC 1122"},
	{pfx("169.254.0.0/16"), KindLinkLocal, LinkLocal, false, "RFC 3927"},
	{pfx("172.16.0.0/12"), KindPrivate, PrivateAddress, false, "RFC 1918"},
	{pfx("192.0.0.0/24"), KindReserved, SpecialAddress, false, "RFC 6890"},
	{pfx("192.0.2.0/24"), KindDocumentation, SpecialAddress, false, "RFC 5737"},
	{pfx("192.88.99.0/24"), KindReserved, SpecialAddress, false, "RFC 7526"},
	{pfx("192.168.0.0/16"), KindPrivate, PrivateAddress, false, "RFC 1918"},
	{pfx("198.18.0.0/15"), KindBenchmarking, SpecialAddress, false, "RFC 2544"},
	{pfx("198.51.100.0/24"), KindDocumentation, SpecialAddress, false, "RFC 5737"},
	{pfx("203.0.113.0/24"), KindDocumentation, SpecialAddress, false, "RFC 5737"},
	{pfx("224.0.0.0/4"), KindMulticast, SpecialAddress, false, "RFC 5771"},
	{pfx("240.0.0.0/4"), KindReserved, SpecialAddress, false, "RFC 1112"},
	{pfx("255.255.255.255/32"), KindBroadcast, SpecialAddress, false, "RFC 919"},
	// Cloud metadata and platform endpoints.
	{pfx("169.254.169.254/32"), KindMetadata, CloudMetadata, false, "AWS, GCP, Azure, OpenStack, DigitalOcean"},
	{pfx("169.254.169.253/32"), KindMetadata, CloudMetadata, false, "AWS DNS"},
	{pfx("169.254.169.123/32"), KindMetadata, CloudMetadata, false, "AWS time sync"},
	{pfx("169.254.170.2/32"), KindMetadata, CloudMetadata, false, "AWS ECS task metadata"},
	{pfx("169.254.170.23/32"), KindMetadata, CloudMetadata, false, "AWS EKS pod identity"},
	{pfx("100.100.100.200/32"), KindMetadata, CloudMetadata, false, "Alibaba Cloud"},
	{pfx("168.63.129.16/32"), KindMetadata, CloudMetadata, false, "Azure WireServer"},
	{pfx("192.0.0.192/32"), KindMetadata, CloudMetadata, false, "Oracle Cloud"},
	{pfx("fd00:ec2::254/128"), KindMetadata, CloudMetadata, false, "AWS IMDS over IPv6"},
	{pfx("fd00:ec2::23/128"), KindMetadata, CloudMetadata, false, "AWS EKS pod identity over IPv6"},
	// IPv6 (IANA IPv6 Special-Purpose Address Registry).
	{pfx("::/128"), KindUnspecified, SpecialAddress, false, "RFC 4291"},
	{pfx("::1/128"), KindLoopback, Loopback, false, "RFC 4291"},
	{pfx("::ffff:0:0/96"), KindIPv4Mapped, EmbeddedIPv4, true, "RFC 4291"},
	{pfx("::ffff:0:0:0/96"), KindIPv4Translated, EmbeddedIPv4, false, "RFC 2765"},
	{pfx("::/96"), KindIPv4Compatible, EmbeddedIPv4, false, "RFC 4291 (deprecated)"},
	{pfx("64:ff9b::/96"), KindNAT64, EmbeddedIPv4, true, "RFC 6052"},
	{pfx("64:ff9b:1::/48"), KindNAT64Local, EmbeddedIPv4, false, "RFC 8215"},
	{pfx("100::/64"), KindReserved, SpecialAddress, false, "RFC 6666"},
	{pfx("2001::/32"), KindTeredo, EmbeddedIPv4, true, "RFC 4380"},
	{pfx("2001:2::/48"), KindBenchmarking, SpecialAddress, false, "RFC 5180"},
	{pfx("2001:10::/28"), KindReserved, SpecialAddress, false, "RFC 4843 (deprecated ORCHID)"},
	{pfx("2001:20::/28"), KindReserved, SpecialAddress, false, "RFC 7343 (ORCHIDv2)"},
	{pfx("2001:db8::/32"), KindDocumentation, SpecialAddress, false, "RFC 3849"},
	{pfx("2002::/16"), Kind6to4, EmbeddedIPv4, true, "RFC 3056"},
	{pfx("3fff::/20"), KindDocumentation, SpecialAddress, false, "RFC 9637"},
	{pfx("5f00::/16"), KindReserved, SpecialAddress, false, "RFC 9602 (SRv6 SIDs)"},
	{pfx("fc00::/7"), KindUniqueLocal, PrivateAddress, false, "RFC 4193"},
	{pfx("fe80::/10"), KindLinkLocal, LinkLocal, false, "RFC 4291"},
	{pfx("fec0::/10"), KindSiteLocal, PrivateAddress, false, "RFC 3879 (deprecated)"},
	{pfx("ff00::/8"), KindMulticast, SpecialAddress, false, "RFC 4291"},
}

// AddrRanges returns the table of special-purpose addresses that URL and
// package guard judge hosts and connections by: every range of the IANA
// IPv4 and IPv6 Special-Purpose Address Registries that is not globally
// reachable, the IPv6 forms that carry an IPv4 address, and the cloud
// metadata endpoints. The slice is a fresh copy.
func AddrRanges() []AddrRange {
	t := addrTable
	return t[:]
}

// lookupAddr returns the row with the longest prefix that holds a, or
// false; with skipMetadata, the metadata rows are left out.
func lookupAddr(a netip.Addr, skipMetadata bool) (AddrRange, bool) {
	best := -1
	for i := range addrTable {
		r := &addrTable[i]
		if skipMetadata && r.Kind == KindMetadata {
			continue
		}
		if r.Prefix.Contains(a) && (best < 0 || r.Prefix.Bits() > addrTable[best].Prefix.Bits()) {
			best = i
		}
	}
	if best < 0 {
		return AddrRange{}, false
	}
	return addrTable[best], true
}

// An AddrClass is what the table of special-purpose addresses says of one
// address: its row, and for an IPv6 form that carries an IPv4 address,
// that address and its row.
type AddrClass struct {
	// Addr is the address classified, without its zone.
	Addr netip.Addr `json:"addr"`
	// Range is the row with the longest prefix that holds Addr; its Kind
	// is "" when there is none (an ordinary global unicast address).
	Range AddrRange `json:"range"`
	// Carried is the IPv4 address an IPv6 form carries (Range.Kind is the
	// form: IPv4-mapped, NAT64, 6to4, Teredo's client, ...); the zero
	// Addr otherwise.
	Carried netip.Addr `json:"carried,omitzero"`
	// CarriedRange is Carried's row; its Kind is "" when there is none.
	CarriedRange AddrRange `json:"carried_range,omitzero"`
}

// ClassifyAddr looks a up in the table of special-purpose addresses
// (AddrRanges). The zero Addr gets a zero AddrClass, which is not Global.
func ClassifyAddr(a netip.Addr) AddrClass {
	a = a.WithZone("")
	c := AddrClass{Addr: a}
	if !a.IsValid() {
		return c
	}
	c.Range, _ = lookupAddr(a, false)
	if v4, ok := carriedIPv4(a, c.Range.Kind); ok {
		c.Carried = v4
		c.CarriedRange, _ = lookupAddr(v4, false)
	}
	return c
}

// carriedIPv4 returns the IPv4 address that the IPv6 form k of a carries.
func carriedIPv4(a netip.Addr, k AddrKind) (netip.Addr, bool) {
	if !k.embeds() {
		return netip.Addr{}, false
	}
	b := a.As16()
	switch k {
	case Kind6to4:
		return netip.AddrFrom4([4]byte{b[2], b[3], b[4], b[5]}), true
	case KindTeredo:
		return netip.AddrFrom4([4]byte{^b[12], ^b[13], ^b[14], ^b[15]}), true
	}
	return netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]}), true
}

// Global reports whether a fetch of a public URL may connect to the
// address: it is valid, its row (if any) is Global, and so is the row of
// the IPv4 address it carries (if any).
func (c AddrClass) Global() bool {
	if !c.Addr.IsValid() {
		return false
	}
	if c.Range.Kind != "" && !c.Range.Global {
		return false
	}
	return c.CarriedRange.Kind == "" || c.CarriedRange.Global
}

// Refused returns the row that makes the address not Global: the
// carried address's row when that one is not global, the address's own
// otherwise; false when the address is Global or invalid.
func (c AddrClass) Refused() (AddrRange, bool) {
	switch {
	case !c.Addr.IsValid():
		return AddrRange{}, false
	case c.Range.Kind != "" && !c.Range.Global && !(c.Carried.IsValid() && c.CarriedRange.Kind != "" && !c.CarriedRange.Global):
		return c.Range, true
	case c.CarriedRange.Kind != "" && !c.CarriedRange.Global:
		return c.CarriedRange, true
	}
	return AddrRange{}, false
}

// String describes the class: "127.0.0.1 (loopback)", "::7f00:1
// (ipv4-compatible carrying 127.0.0.1, loopback)", "8.8.8.8 (global)".
func (c AddrClass) String() string {
	if !c.Addr.IsValid() {
		return "invalid address"
	}
	s := c.Addr.String() + " ("
	switch {
	case c.Range.Kind == "":
		s += "global"
	default:
		s += string(c.Range.Kind)
	}
	if c.Carried.IsValid() {
		s += " carrying " + c.Carried.String()
		if c.CarriedRange.Kind != "" {
			s += ", " + string(c.CarriedRange.Kind)
		}
	}
	return s + ")"
}
