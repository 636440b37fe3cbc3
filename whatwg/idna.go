package whatwg

import "golang.org/x/net/idna"

// The two UTS #46 profiles of the URL Standard's "domain parser ToASCII":
// lenient (beStrict false) and strict (beStrict true). They are read-only
// after initialization.
//
// This file is the only place that knows about IDNA. Its body is a
// placeholder built on golang.org/x/net/idna until internal/uts46 lands.
var (
	lenientIDNA = idna.New(
		idna.MapForLookup(),
		idna.Transitional(false),
		idna.CheckHyphens(false),
		idna.CheckJoiners(true),
		idna.BidiRule(),
		idna.StrictDomainName(false),
		idna.VerifyDNSLength(false),
	)
	strictIDNA = idna.New(
		idna.MapForLookup(),
		idna.Transitional(false),
		idna.CheckHyphens(true),
		idna.CheckJoiners(true),
		idna.BidiRule(),
		idna.StrictDomainName(true),
		idna.VerifyDNSLength(true),
	)
)

// domainToASCII runs UTS #46 ToASCII on domain with the options of the URL
// Standard's "domain parser ToASCII": CheckHyphens, UseSTD3ASCIIRules and
// VerifyDnsLength set to beStrict, CheckBidi and CheckJoiners true,
// non-transitional processing. It reports ok false on failure.
//
// When beStrict is false, an ASCII domain is only lowercased: the domain
// parser returns ASCII input lowercased whatever ToASCII would say (the
// URL Standard's carve-out for web compatibility, which also covers
// invalid "xn--" labels), so no IDNA work is needed for it.
func domainToASCII(domain string, beStrict bool) (string, bool) {
	if isASCII(domain) {
		if !beStrict {
			return asciiLower(domain), true
		}
		if strictASCIIDomain(domain) {
			return asciiLower(domain), true
		}
	}
	var out string
	var err error
	if beStrict {
		out, err = strictIDNA.ToASCII(domain)
	} else {
		out, err = lenientIDNA.ToASCII(domain)
	}
	if err != nil {
		return "", false
	}
	return out, true
}

// asciiLower returns s with ASCII upper case letters lowercased.
func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] >= 'A' && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// strictASCIIDomain reports whether an ASCII domain certainly passes strict
// ToASCII: every label is 1 to 63 letters, digits and hyphens, without a
// leading or trailing hyphen or hyphens in the third and fourth positions
// (which rules out "xn--" labels, left to full processing), and the domain
// without a trailing dot is at most 253 bytes. A false result means "ask
// the full algorithm", not "invalid".
func strictASCIIDomain(d string) bool {
	if len(d) > 0 && d[len(d)-1] == '.' {
		d = d[:len(d)-1]
	}
	if len(d) == 0 || len(d) > 253 {
		return false
	}
	start := 0
	for i := 0; i <= len(d); i++ {
		if i < len(d) && d[i] != '.' {
			c := d[i] | 0x20
			if !(c >= 'a' && c <= 'z' || d[i] >= '0' && d[i] <= '9' || d[i] == '-') {
				return false
			}
			continue
		}
		label := d[start:i]
		if len(label) == 0 || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' ||
			len(label) >= 4 && label[2] == '-' && label[3] == '-' {
			return false
		}
		start = i + 1
	}
	return true
}
