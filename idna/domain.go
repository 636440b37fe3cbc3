package idna

// URLOptions returns the UTS #46 flags of the URL Standard's "domain to
// ASCII" (and, ignoring VerifyDnsLength, "domain to Unicode"):
// CheckBidi and CheckJoiners on, Transitional off, and CheckHyphens,
// UseSTD3ASCIIRules and VerifyDnsLength set to beStrict. Unlike
// DomainToASCII, its ToASCII has no ASCII carve-out.
//
// CheckHyphens follows beStrict as in the current standard and its
// reference implementation (whatwg-url); older texts set it to false. The
// two agree when beStrict is false, the case of the URL parser.
func URLOptions(beStrict bool) Options { return urlOptions(beStrict) }

// StrictOptions returns the flags for checking a name meant for DNS
// registration or lookup: every check on (CheckHyphens, CheckBidi,
// CheckJoiners, UseSTD3ASCIIRules, VerifyDnsLength), Nontransitional
// Processing.
func StrictOptions() Options {
	return Options{
		CheckHyphens:      true,
		CheckBidi:         true,
		CheckJoiners:      true,
		UseSTD3ASCIIRules: true,
		VerifyDnsLength:   true,
	}
}

func urlOptions(beStrict bool) Options {
	return Options{
		CheckHyphens:      beStrict,
		CheckBidi:         true,
		CheckJoiners:      true,
		UseSTD3ASCIIRules: beStrict,
		Transitional:      false,
		VerifyDnsLength:   beStrict,
	}
}

// DomainToASCII implements the URL Standard's "domain to ASCII": UTS #46
// ToASCII with CheckHyphens=beStrict, CheckBidi=true, CheckJoiners=true,
// UseSTD3ASCIIRules=beStrict, Transitional_Processing=false,
// VerifyDnsLength=beStrict and IgnoreInvalidPunycode=false; an empty result
// is a failure (CodeEmpty).
//
// When beStrict is false and domain is all ASCII, the result is domain in
// ASCII lowercase, even when a label begins with "xn--" and is not valid
// Punycode: that is the URL Standard's ASCII carve-out, and what
// web-platform-tests' toascii.json expects ("xn--a" stays "xn--a"). This path
// does not allocate when domain is already lowercase. The caller (the URL
// host parser) still has to reject forbidden domain code points and send
// names that end in a number to the IPv4 parser.
func DomainToASCII(domain string, beStrict bool) (string, error) {
	if !beStrict {
		if lower, ok := asciiLower(domain); ok {
			if lower == "" {
				return "", &Error{Code: CodeEmpty, Label: -1, Offset: -1, Rune: -1}
			}
			return lower, nil
		}
	}
	s, err := urlOptions(beStrict).ToASCII(domain)
	if err != nil {
		return "", err
	}
	if s == "" {
		return "", &Error{Code: CodeEmpty, Label: -1, Offset: -1, Rune: -1}
	}
	return s, nil
}

// AppendDomainToASCII appends the result of DomainToASCII to dst. On error
// it returns dst unchanged.
func AppendDomainToASCII(dst []byte, domain string, beStrict bool) ([]byte, error) {
	if !beStrict && isASCII(domain) {
		if domain == "" {
			return dst, &Error{Code: CodeEmpty, Label: -1, Offset: -1, Rune: -1}
		}
		for i := 0; i < len(domain); i++ {
			c := domain[i]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
		}
		return dst, nil
	}
	n := len(dst)
	dst, err := urlOptions(beStrict).AppendToASCII(dst, domain)
	if err != nil {
		return dst[:n], err
	}
	if len(dst) == n {
		return dst, &Error{Code: CodeEmpty, Label: -1, Offset: -1, Rune: -1}
	}
	return dst, nil
}

// DomainToUnicode implements the URL Standard's "domain to Unicode", for
// display: UTS #46 ToUnicode with the flags of DomainToASCII (without
// VerifyDnsLength). The result is always returned; err reports the first
// validation error, if any.
func DomainToUnicode(domain string, beStrict bool) (string, error) {
	return urlOptions(beStrict).ToUnicode(domain)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// asciiLower returns s in ASCII lowercase and true when s is all ASCII; it
// allocates only when s has an uppercase letter.
func asciiLower(s string) (string, bool) {
	upper := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 {
			return "", false
		}
		if 'A' <= c && c <= 'Z' {
			upper = true
		}
	}
	if !upper {
		return s, true
	}
	b := make([]byte, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b[i] = c
	}
	return string(b), true
}
