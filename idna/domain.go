package idna

import "github.com/urikit/urikit/internal/ascii"

// The ready profiles are functions that return a Profile by value: a
// caller may change its copy without changing anyone else's.

// URL returns the profile of the URL Standard's "domain to ASCII" with
// beStrict false, the one its host parser uses: CheckBidi and CheckJoiners
// on, every other option off (Nontransitional Processing). Its ToASCII is
// UTS #46 ToASCII with those options; DomainToASCII adds the standard's
// shortcut for ASCII domains on top of it.
func URL() Profile { return urlOptions(false) }

// URLStrict returns the profile of the URL Standard's "domain to ASCII"
// with beStrict true: URL's options plus CheckHyphens, UseSTD3ASCIIRules
// and VerifyDNSLength. (CheckHyphens follows beStrict as in the current
// standard and its reference implementation; older texts set it to false.)
func URLStrict() Profile { return urlOptions(true) }

// Lookup returns the profile of golang.org/x/net/idna's Lookup, for names
// about to be looked up in the DNS (RFC 5891 section 5): CheckHyphens,
// CheckBidi, CheckJoiners and UseSTD3ASCIIRules on, Nontransitional
// Processing, no DNS length check.
func Lookup() Profile {
	return Profile{CheckHyphens: true, CheckBidi: true, CheckJoiners: true, UseSTD3ASCIIRules: true}
}

// Display returns the profile of golang.org/x/net/idna's Display, for
// showing names to people with ToUnicode: the options of Lookup.
func Display() Profile { return Lookup() }

// Registration returns the profile of golang.org/x/net/idna's
// Registration, for checking a name before it is registered (RFC 5891
// section 4): the options of Lookup plus VerifyDNSLength and RejectMapped,
// so that a name is accepted only as it would be registered, already
// mapped and in NFC ("faẞ.de" fails at the "ẞ", which maps to "ß";
// "faß.de" passes).
func Registration() Profile {
	p := Lookup()
	p.VerifyDNSLength = true
	p.RejectMapped = true
	return p
}

func urlOptions(beStrict bool) Profile {
	return Profile{
		CheckHyphens:      beStrict,
		CheckBidi:         true,
		CheckJoiners:      true,
		UseSTD3ASCIIRules: beStrict,
		Transitional:      false,
		VerifyDNSLength:   beStrict,
	}
}

// DomainToASCII implements the URL Standard's "domain to ASCII" with
// beStrict false, the one its host parser uses: UTS #46 ToASCII with
// CheckBidi and CheckJoiners, Nontransitional Processing and every other
// option off; an empty result is a failure (ErrEmpty).
// DomainToASCIIStrict is the same with beStrict true.
//
// When domain is all ASCII, the result is domain in
// ASCII lowercase, even when a label begins with "xn--" and is not valid
// Punycode: that is the URL Standard's ASCII carve-out, and what
// web-platform-tests' toascii.json expects ("xn--a" stays "xn--a"). This path
// does not allocate when domain is already lowercase. The caller (the URL
// host parser) still has to reject forbidden domain code points and send
// names that end in a number to the IPv4 parser.
func DomainToASCII(domain string) (string, error) { return domainToASCII(domain, false) }

// DomainToASCIIStrict implements the URL Standard's "domain to ASCII" with
// beStrict true: DomainToASCII's options plus CheckHyphens,
// UseSTD3ASCIIRules and VerifyDNSLength, without the shortcut for ASCII
// names (an ASCII "xn--" label must be valid Punycode).
func DomainToASCIIStrict(domain string) (string, error) { return domainToASCII(domain, true) }

// domainToASCII is DomainToASCII or, with beStrict, DomainToASCIIStrict.
func domainToASCII(domain string, beStrict bool) (string, error) {
	if !beStrict {
		if lower, ok := asciiLower(domain); ok {
			if lower == "" {
				return "", domainErr(ErrEmpty, domain)
			}
			return lower, nil
		}
	}
	s, err := urlOptions(beStrict).ToASCII(domain)
	if err != nil {
		return "", err
	}
	if s == "" {
		return "", domainErr(ErrEmpty, domain)
	}
	return s, nil
}

// AppendDomainToASCII appends the result of DomainToASCII to dst. On error
// it returns dst unchanged.
func AppendDomainToASCII(dst []byte, domain string) ([]byte, error) {
	return appendDomainToASCII(dst, domain, false)
}

// AppendDomainToASCIIStrict appends the result of DomainToASCIIStrict to
// dst. On error it returns dst unchanged.
func AppendDomainToASCIIStrict(dst []byte, domain string) ([]byte, error) {
	return appendDomainToASCII(dst, domain, true)
}

// appendDomainToASCII is AppendDomainToASCII or, with beStrict,
// AppendDomainToASCIIStrict.
func appendDomainToASCII(dst []byte, domain string, beStrict bool) ([]byte, error) {
	if !beStrict && ascii.Is(domain) {
		if domain == "" {
			return dst, domainErr(ErrEmpty, domain)
		}
		return ascii.AppendLower(dst, domain), nil
	}
	n := len(dst)
	dst, err := urlOptions(beStrict).AppendASCII(dst, domain)
	if err != nil {
		return dst[:n], err
	}
	if len(dst) == n {
		return dst, domainErr(ErrEmpty, domain)
	}
	return dst, nil
}

// DomainToUnicode implements the URL Standard's "domain to Unicode" with
// beStrict false, for display: UTS #46 ToUnicode with the options of
// DomainToASCII. The result is always returned; err reports the first
// validation error, if any.
func DomainToUnicode(domain string) (string, error) { return URL().ToUnicode(domain) }

// DomainToUnicodeStrict is DomainToUnicode with beStrict true: the options
// of DomainToASCIIStrict (without VerifyDNSLength, a ToASCII step).
func DomainToUnicodeStrict(domain string) (string, error) { return URLStrict().ToUnicode(domain) }

// asciiLower returns s in ASCII lowercase and true when s is all ASCII; it
// allocates only when s has an uppercase letter.
func asciiLower(s string) (string, bool) {
	if !ascii.Is(s) {
		return "", false
	}
	return ascii.Lower(s), true
}

// ToASCII converts domain to its ASCII form, the name to look up or to
// put in a URL: UTS #46 ToASCII with the zero Profile (mapping, NFC,
// Nontransitional Processing, every optional check off), so
// ToASCII("Bücher.de") is "xn--bcher-kva.de". Use a ready profile
// (Lookup, Registration, URL...) for its checks; PunycodeEncode is the raw
// RFC 3492 encoding of one label, without mapping or "xn--".
func ToASCII(domain string) (string, error) { return Profile{}.ToASCII(domain) }

// ToUnicode converts domain to its Unicode form, to show: UTS #46
// ToUnicode with the zero Profile, so ToUnicode("xn--bcher-kva.de") is
// "bücher.de". The result is returned together with the first error,
// as Profile.ToUnicode does.
func ToUnicode(domain string) (string, error) { return Profile{}.ToUnicode(domain) }
