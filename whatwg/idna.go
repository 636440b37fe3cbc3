package whatwg

import (
	"errors"

	"golang.org/x/net/idna"
)

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

// errIDNA is returned by domainToASCII when ToASCII fails.
var errIDNA = errors.New("whatwg: domain to ASCII failed")

// domainToASCII runs UTS #46 ToASCII on domain with the options of the URL
// Standard's "domain parser ToASCII": CheckHyphens, UseSTD3ASCIIRules and
// VerifyDnsLength set to beStrict, CheckBidi and CheckJoiners true,
// Transitional_Processing and IgnoreInvalidPunycode false.
//
// It is pure ToASCII: the domain parser's own rule that a non-strict ASCII
// domain is just lowercased lives in the host parser, not here. Two
// shortcuts give ToASCII's answer without IDNA work: an ASCII domain with
// no "xn--" label is lowercased when beStrict is false, and an ASCII
// domain of plain LDH labels passes when beStrict is true.
func domainToASCII(domain string, beStrict bool) (string, error) {
	if !beStrict && plainASCIIDomain(domain) || beStrict && strictASCIIDomain(domain) {
		return asciiLower(domain), nil
	}
	var out string
	var err error
	if beStrict {
		out, err = strictIDNA.ToASCII(domain)
	} else {
		out, err = lenientIDNA.ToASCII(domain)
	}
	if err != nil {
		return "", errIDNA
	}
	return out, nil
}

// plainASCIIDomain reports whether domain is ASCII and has no label that
// starts with "xn--" (ASCII case-insensitively); lenient ToASCII then only
// lowercases it.
func plainASCIIDomain(d string) bool {
	labelStart := true
	for i := 0; i < len(d); i++ {
		c := d[i]
		if c >= 0x80 {
			return false
		}
		if labelStart && c|0x20 == 'x' && i+3 < len(d) && d[i+1]|0x20 == 'n' && d[i+2] == '-' && d[i+3] == '-' {
			return false
		}
		labelStart = c == '.'
	}
	return true
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
