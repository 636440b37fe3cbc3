package idna

import "strconv"

// Code identifies why IDNA processing failed. Codes are stable; each also
// implements error, so errors.Is(err, CodeBidi) tells whether err is an
// *Error with that code.
type Code uint8

// The error codes. The UTS #46 / IdnaTestV2 status code each one stands for
// is given in brackets.
const (
	// CodeInvalidUTF8: the input is not valid UTF-8.
	CodeInvalidUTF8 Code = iota + 1
	// CodeDisallowed: a code point whose IDNA status is disallowed, or not
	// valid for the processing mode [V7].
	CodeDisallowed
	// CodeSTD3: with UseSTD3ASCIIRules, an ASCII code point other than a-z,
	// 0-9 and '-' [U1].
	CodeSTD3
	// CodeHyphen34: with CheckHyphens, '-' in both the 3rd and 4th positions [V2].
	CodeHyphen34
	// CodeHyphenEdge: with CheckHyphens, a label that begins or ends with '-' [V3].
	CodeHyphenEdge
	// CodeXNPrefix: without CheckHyphens, a decoded label that begins with "xn--" [V4].
	CodeXNPrefix
	// CodeFullStop: a label decoded from Punycode contains '.' [V5].
	CodeFullStop
	// CodeLeadingMark: a label begins with a combining mark [V6].
	CodeLeadingMark
	// CodeNotNFC: a label decoded from Punycode is not in NFC [V1].
	CodeNotNFC
	// CodeContextJ: a ZERO WIDTH (NON-)JOINER fails the CONTEXTJ rules [C1, C2].
	CodeContextJ
	// CodeBidi: a label of a Bidi domain name fails the RFC 5893 rules [B1-B6].
	CodeBidi
	// CodePunycode: an "xn--" label is not valid Punycode [P4].
	CodePunycode
	// CodePunycodeNonASCII: an "xn--" label contains a non-ASCII code point [P4].
	CodePunycodeNonASCII
	// CodePunycodeASCII: an "xn--" label decodes to nothing or to ASCII only [P4].
	CodePunycodeASCII
	// CodeOverflow: Punycode arithmetic overflows 32 bits [P4/A3].
	CodeOverflow
	// CodeLabelLength: with VerifyDnsLength, a label is empty or longer than
	// 63 bytes [A4_2].
	CodeLabelLength
	// CodeDomainLength: with VerifyDnsLength, the domain name is empty or
	// longer than 253 bytes [A4_1].
	CodeDomainLength
	// CodeEmpty: domain to ASCII produced the empty string.
	CodeEmpty
	// CodeTooLong: a label to encode has more than 1000 code points, or
	// Punycode to decode is longer than 1000 bytes. Punycode takes quadratic
	// time; this package caps it far above the 63 bytes of a DNS label so
	// that hostile input cannot make it slow.
	CodeTooLong
)

// String returns a short description of the code.
func (c Code) String() string {
	switch c {
	case CodeInvalidUTF8:
		return "invalid UTF-8"
	case CodeDisallowed:
		return "disallowed code point"
	case CodeSTD3:
		return "code point not allowed by STD3 rules"
	case CodeHyphen34:
		return "hyphens in 3rd and 4th position"
	case CodeHyphenEdge:
		return "label begins or ends with a hyphen"
	case CodeXNPrefix:
		return "decoded label begins with xn--"
	case CodeFullStop:
		return "label contains a full stop"
	case CodeLeadingMark:
		return "label begins with a combining mark"
	case CodeNotNFC:
		return "label is not in NFC"
	case CodeContextJ:
		return "joiner not allowed in context"
	case CodeBidi:
		return "bidi rule violated"
	case CodePunycode:
		return "invalid punycode"
	case CodePunycodeNonASCII:
		return "xn-- label contains non-ASCII"
	case CodePunycodeASCII:
		return "xn-- label decodes to ASCII or nothing"
	case CodeOverflow:
		return "punycode overflow"
	case CodeLabelLength:
		return "label length out of range"
	case CodeDomainLength:
		return "domain length out of range"
	case CodeEmpty:
		return "empty domain"
	case CodeTooLong:
		return "label too long for punycode"
	}
	return "Code(" + strconv.Itoa(int(c)) + ")"
}

// Error returns "uts46: " and the description of the code.
func (c Code) Error() string { return "uts46: " + c.String() }

// Error describes an IDNA processing failure.
type Error struct {
	// Code says what is wrong.
	Code Code
	// Label is the 0-based index of the offending label, or -1 when the
	// error is not about one label.
	Label int
	// Offset is the byte offset in the input of the problem, or -1 when the
	// error is not about one place. It points at the offending code point
	// when that is known, and otherwise at the start of its label: for
	// problems inside a label decoded from Punycode, for problems about a
	// whole label (Bidi, length), and when normalization to NFC changed the
	// text. From EncodePunycode and DecodePunycode it is an offset in their
	// argument.
	Offset int
	// Rune is the offending code point, or -1.
	Rune rune
}

// Error implements error.
func (e *Error) Error() string {
	s := "uts46: " + e.Code.String()
	if e.Rune >= 0 {
		s += " " + strconv.QuoteRuneToASCII(e.Rune)
	}
	if e.Label >= 0 {
		s += " in label " + strconv.Itoa(e.Label)
	}
	if e.Offset >= 0 {
		s += " at offset " + strconv.Itoa(e.Offset)
	}
	return s
}

// Unwrap returns the Code, so that errors.Is(err, CodeX) works.
func (e *Error) Unwrap() error { return e.Code }
