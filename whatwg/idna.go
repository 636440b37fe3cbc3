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
// The caller handles the ASCII shortcut of the domain parser (an ASCII
// domain is lowercased without IDNA when beStrict is false); this function
// also short-cuts ASCII input whose labels need no IDNA work.
func domainToASCII(domain string, beStrict bool) (string, bool) {
	if !beStrict && plainASCIIDomain(domain) {
		return asciiLower(domain), true
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

// plainASCIIDomain reports whether domain is ASCII and has no label
// starting with "xn--" (case-insensitively), so that ToASCII with the
// lenient options reduces to ASCII lowercasing.
func plainASCIIDomain(domain string) bool {
	labelStart := true
	for i := 0; i < len(domain); i++ {
		c := domain[i]
		if c >= 0x80 {
			return false
		}
		if labelStart && (c == 'x' || c == 'X') && i+3 < len(domain) &&
			(domain[i+1] == 'n' || domain[i+1] == 'N') && domain[i+2] == '-' && domain[i+3] == '-' {
			return false
		}
		labelStart = c == '.'
	}
	return true
}

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
