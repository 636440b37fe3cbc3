package uri

// A HostType says which alternative of the RFC 3986 host rule a host is.
type HostType uint8

// The host types. HostNone is the type of a reference without authority.
const (
	HostNone      HostType = iota
	HostRegName            // reg-name (a registered name, possibly empty)
	HostIPv4               // IPv4address, dotted decimal
	HostIPv6               // IP-literal holding an IPv6 address (maybe with an RFC 6874 zone)
	HostIPvFuture          // IP-literal holding an IPvFuture
)

// String returns "reg-name", "ipv4", "ipv6", "ipvfuture", or "" for
// HostNone.
func (t HostType) String() string {
	switch t {
	case HostRegName:
		return "reg-name"
	case HostIPv4:
		return "ipv4"
	case HostIPv6:
		return "ipv6"
	case HostIPvFuture:
		return "ipvfuture"
	}
	return ""
}

func isHexDigit(c byte) bool { return classes[c]&cHex != 0 }
func isDigit(c byte) bool    { return c-'0' < 10 }
func isAlpha(c byte) bool    { return (c|0x20)-'a' < 26 }

// IsIPv4 reports whether s is an RFC 3986 IPv4address: four dec-octets
// (0-255, no leading zeros) separated by dots.
func IsIPv4(s string) bool {
	dots := 0
	for i := 0; ; {
		j := i
		for j < len(s) && j-i < 4 && isDigit(s[j]) {
			j++
		}
		n := j - i
		switch {
		case n == 0 || n > 3:
			return false
		case n > 1 && s[i] == '0':
			return false
		case n == 3 && (s[i] > '2' || s[i] == '2' && (s[i+1] > '5' || s[i+1] == '5' && s[i+2] > '5')):
			return false
		}
		if j == len(s) {
			return dots == 3
		}
		if s[j] != '.' || dots == 3 {
			return false
		}
		dots++
		i = j + 1
	}
}

// IsIPv6 reports whether s (without brackets or zone) is an IPv6address
// of RFC 3986 §3.2.2: eight h16 groups, or fewer around one "::", the
// last two groups optionally written as a dotted IPv4 address.
func IsIPv6(s string) bool {
	groups, ellipsis := 0, false
	i := 0
	if len(s) >= 2 && s[0] == ':' && s[1] == ':' {
		ellipsis = true
		i = 2
		if i == len(s) {
			return true
		}
	}
	for i < len(s) {
		j := i
		for j < len(s) && j-i < 5 && isHexDigit(s[j]) {
			j++
		}
		if j < len(s) && s[j] == '.' {
			// ls32 as IPv4address: must end the address.
			if groups > 6 || (!ellipsis && groups != 6) || !IsIPv4(s[i:]) {
				return false
			}
			groups += 2
			break
		}
		if j == i || j-i > 4 {
			return false
		}
		groups++
		i = j
		if i == len(s) {
			break
		}
		if s[i] != ':' {
			return false
		}
		i++
		if i == len(s) {
			return false // trailing single ":"
		}
		if s[i] == ':' {
			if ellipsis {
				return false
			}
			ellipsis = true
			i++
		}
	}
	if ellipsis {
		return groups <= 7
	}
	return groups == 8
}

// ipLiteral checks the text between "[" and "]" (lit, starting at offset
// off of the input) and returns its host type, or the offset and code of
// the first problem.
func ipLiteral(lit string, off int) (HostType, int, Code) {
	if len(lit) > 0 && (lit[0] == 'v' || lit[0] == 'V') {
		// IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
		i := 1
		for i < len(lit) && isHexDigit(lit[i]) {
			i++
		}
		if i == 1 || i == len(lit) || lit[i] != '.' {
			return HostIPvFuture, off + i, ErrInvalidIPvFuture
		}
		i++
		if i == len(lit) {
			return HostIPvFuture, off + i, ErrInvalidIPvFuture
		}
		for ; i < len(lit); i++ {
			if classes[lit[i]]&cUserinfo == 0 {
				return HostIPvFuture, off + i, ErrInvalidIPvFuture
			}
		}
		return HostIPvFuture, -1, ""
	}
	addr := lit
	z := -1
	for i := 0; i < len(lit); i++ {
		if lit[i] == '%' {
			z = i
			addr = lit[:i]
			break
		}
	}
	if !IsIPv6(addr) {
		return HostIPv6, off, ErrInvalidIPv6
	}
	if z < 0 {
		return HostIPv6, -1, ""
	}
	// RFC 6874: IPv6addrz = IPv6address "%25" ZoneID,
	// ZoneID = 1*( unreserved / pct-encoded ).
	zone := lit[z+1:]
	if len(zone) < 2 || zone[0] != '2' || zone[1] != '5' {
		return HostIPv6, off + z, ErrInvalidZone // a bare "%" as in RFC 4007 text
	}
	zone = zone[2:]
	if zone == "" {
		return HostIPv6, off + z, ErrInvalidZone
	}
	zoff := off + len(lit) - len(zone)
	for i := 0; i < len(zone); i++ {
		c := zone[i]
		if c == '%' && i+2 < len(zone) && isHexDigit(zone[i+1]) && isHexDigit(zone[i+2]) {
			i += 2
			continue
		}
		if !isUnreserved(c) {
			return HostIPv6, zoff + i, ErrInvalidZone
		}
	}
	return HostIPv6, -1, ""
}

// isUnreserved reports whether c is ALPHA / DIGIT / "-" / "." / "_" / "~".
func isUnreserved(c byte) bool {
	return isAlpha(c) || isDigit(c) || c == '-' || c == '.' || c == '_' || c == '~'
}
