package whatwg

import "github.com/urikit/urikit/idna"

// This file is the only place that knows about IDNA: UTS #46 comes from
// package idna, whose tables are generated from the Unicode version the
// web-platform-tests expect (golang.org/x/net/idna lags behind it). The
// options are those of the URL Standard's "domain to ASCII":
// CheckHyphens, UseSTD3ASCIIRules and VerifyDNSLength set to beStrict,
// CheckBidi and CheckJoiners true, Transitional_Processing and
// IgnoreInvalidPunycode false. The host parser lowercases ASCII domains
// itself (the standard's rule for non-strict ASCII domains), so that only
// non-ASCII domains go through lenient ToASCII; strict ToASCII, which
// ParseWithFindings asks about every domain to report domain-to-ASCII, is
// only checked, without building its result.

// appendDomainToASCII writes the lenient ToASCII form of the non-ASCII
// domain to the output, in place (no intermediate string), and reports
// whether ToASCII succeeded (when it fails, the output is as it was).
func (p *parser) appendDomainToASCII(domain string) bool {
	p.materialize()
	if p.scratch != nil && cap(p.buf) > 0 && &p.buf[:1][0] == &p.scratch[0] {
		// CanParse's pooled output must not reach package idna, which
		// could keep it (in an error) after it went back to the pool:
		// move it to a buffer of its own.
		p.buf = append(make([]byte, 0, cap(p.buf)+len(domain)), p.buf...)
	}
	p.room(len(domain)) // a setter's output is made on its first write
	b, err := idna.URL().AppendASCII(p.buf, domain)
	p.buf = b
	if err != nil {
		p.cause = err
	}
	return err == nil
}

// domainValidStrict reports whether strict ToASCII accepts domain, without
// building its result. An ASCII domain of plain LDH labels passes without
// IDNA work.
func domainValidStrict(domain string) bool {
	return strictASCIIDomain(domain) || idna.URLStrict().Verify(domain) == nil
}

// strictASCIIDomain reports whether an ASCII domain certainly passes strict
// ToASCII: every label is 1 to 63 letters, digits and hyphens, without a
// leading or trailing hyphen or hyphens in the third and fourth positions
// (which rules out "xn--" labels, left to full processing), no final dot,
// and at most 253 bytes. A false result means "ask
// the full algorithm", not "invalid".
func strictASCIIDomain(d string) bool {
	// A final dot (an empty root label) is left to the full algorithm:
	// VerifyDNSLength rejects it, as IdnaTestV2 expects (A4_2).
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
