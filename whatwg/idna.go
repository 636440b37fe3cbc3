package whatwg

import (
	"errors"

	"github.com/urikit/urikit/internal/uts46"
)

// This file is the only place that knows about IDNA: UTS #46 comes from
// internal/uts46, whose tables are generated from the Unicode version the
// web-platform-tests expect (golang.org/x/net/idna lags behind it).

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
	out, err := uts46.URLOptions(beStrict).ToASCII(domain)
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
// (which rules out "xn--" labels, left to full processing), no final dot,
// and at most 253 bytes. A false result means "ask
// the full algorithm", not "invalid".
func strictASCIIDomain(d string) bool {
	// A final dot (an empty root label) is left to the full algorithm:
	// VerifyDnsLength rejects it, as IdnaTestV2 expects (A4_2).
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
