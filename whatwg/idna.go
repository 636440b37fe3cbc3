package whatwg

import "github.com/urikit/urikit/internal/uts46"

// domainToASCII runs the URL Standard's "domain to ASCII" (UTS #46
// ToASCII with CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength set to
// beStrict, CheckBidi and CheckJoiners true, non-transitional processing)
// through internal/uts46, whose tables are generated from the Unicode
// version the web-platform-tests expect. It reports ok false on failure.
//
// When beStrict is false, an ASCII domain is only lowercased (the
// standard's carve-out for web compatibility); uts46 takes that path
// without allocating when the domain is already lowercase.
func domainToASCII(domain string, beStrict bool) (string, bool) {
	out, err := uts46.DomainToASCII(domain, beStrict)
	if err != nil {
		return "", false
	}
	return out, true
}
