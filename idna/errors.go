package idna

import (
	"strconv"

	"github.com/urikit/urikit/internal/diag"
	"github.com/urikit/urikit/internal/window"
)

// Code names the rule that IDNA processing found violated. The strings
// are stable: they are the codes of the CLI's and the HTTP API's records.
// A Code is itself an error, so errors.Is(err, ErrBidi) tells whether err
// is an *Error with that code.
type Code string

// Error returns the code's text.
func (c Code) Error() string { return string(c) }

// The codes. The UTS #46 / IdnaTestV2 status each one stands for is given
// in brackets; Code.Rule returns it.
const (
	// ErrInvalidUTF8: the input is not valid UTF-8.
	ErrInvalidUTF8 Code = "invalid-utf8"
	// ErrDisallowed: a code point whose IDNA status is disallowed, or not
	// valid for the processing mode [V7].
	ErrDisallowed Code = "disallowed"
	// ErrSTD3: with UseSTD3ASCIIRules, an ASCII code point other than a-z,
	// 0-9 and '-' [U1].
	ErrSTD3 Code = "std3"
	// ErrHyphen34: with CheckHyphens, '-' in both the 3rd and 4th positions [V2].
	ErrHyphen34 Code = "hyphen-3-4"
	// ErrHyphenEdge: with CheckHyphens, a label that begins or ends with '-' [V3].
	ErrHyphenEdge Code = "hyphen-edge"
	// ErrXNPrefix: without CheckHyphens, a decoded label that begins with "xn--" [V4].
	ErrXNPrefix Code = "xn-prefix"
	// ErrFullStop: a label decoded from Punycode contains '.' [V5].
	ErrFullStop Code = "full-stop"
	// ErrLeadingMark: a label begins with a combining mark [V6].
	ErrLeadingMark Code = "leading-mark"
	// ErrNotNFC: a label decoded from Punycode (or, with RejectMapped,
	// any label) is not in NFC [V1].
	ErrNotNFC Code = "not-nfc"
	// ErrContextJ: a ZERO WIDTH (NON-)JOINER fails the CONTEXTJ rules [C1, C2].
	ErrContextJ Code = "contextj"
	// ErrBidi: a label of a Bidi domain name fails the RFC 5893 rules [B1-B6].
	ErrBidi Code = "bidi"
	// ErrPunycode: an "xn--" label is not valid Punycode [P4].
	ErrPunycode Code = "punycode"
	// ErrPunycodeNonASCII: an "xn--" label contains a non-ASCII code point [P4].
	ErrPunycodeNonASCII Code = "punycode-non-ascii"
	// ErrPunycodeASCII: an "xn--" label decodes to nothing or to ASCII only [P4].
	ErrPunycodeASCII Code = "punycode-ascii"
	// ErrOverflow: Punycode arithmetic overflows 32 bits [P4/A3].
	ErrOverflow Code = "punycode-overflow"
	// ErrLabelLength: with VerifyDNSLength, a label is empty or longer than
	// 63 bytes [A4_2].
	ErrLabelLength Code = "label-length"
	// ErrDomainLength: with VerifyDNSLength, the domain name is empty or
	// longer than 253 bytes [A4_1].
	ErrDomainLength Code = "domain-length"
	// ErrEmpty: the URL Standard's domain to ASCII produced the empty string.
	ErrEmpty Code = "empty"
	// ErrTooLong: a label to encode has more than 1000 code points, or
	// Punycode to decode is longer than 1000 bytes. Punycode takes quadratic
	// time; this package caps it far above the 63 bytes of a DNS label so
	// that hostile input cannot make it slow.
	ErrTooLong Code = "too-long"
	// ErrMapped: with RejectMapped, a code point that the mapping step would
	// change or remove (an upper case letter, U+3002, a soft hyphen...) [P1].
	ErrMapped Code = "mapped"
)

// Message returns a short description of the code, for people.
func (c Code) Message() string {
	switch c {
	case ErrInvalidUTF8:
		return "invalid UTF-8"
	case ErrDisallowed:
		return "disallowed code point"
	case ErrSTD3:
		return "code point not allowed by STD3 rules"
	case ErrHyphen34:
		return "hyphens in 3rd and 4th position"
	case ErrHyphenEdge:
		return "label begins or ends with a hyphen"
	case ErrXNPrefix:
		return "decoded label begins with xn--"
	case ErrFullStop:
		return "label contains a full stop"
	case ErrLeadingMark:
		return "label begins with a combining mark"
	case ErrNotNFC:
		return "label is not in NFC"
	case ErrContextJ:
		return "joiner not allowed in context"
	case ErrBidi:
		return "bidi rule violated"
	case ErrPunycode:
		return "invalid punycode"
	case ErrPunycodeNonASCII:
		return "xn-- label contains non-ASCII"
	case ErrPunycodeASCII:
		return "xn-- label decodes to ASCII or nothing"
	case ErrOverflow:
		return "punycode overflow"
	case ErrLabelLength:
		return "label length out of range"
	case ErrDomainLength:
		return "domain length out of range"
	case ErrEmpty:
		return "empty domain"
	case ErrTooLong:
		return "label too long for punycode"
	case ErrMapped:
		return "code point changed by mapping"
	case "":
		return "no error"
	}
	return "unknown error " + strconv.Quote(string(c))
}

// Rule returns the UTS #46 step or RFC rule the code stands for, as
// IdnaTestV2 names it ("V7", "B1-B6", ...), or "" for the codes of this
// package's own limits (ErrTooLong) and of the URL Standard (ErrEmpty).
func (c Code) Rule() string {
	switch c {
	case ErrInvalidUTF8, ErrMapped:
		return "P1"
	case ErrDisallowed:
		return "V7"
	case ErrSTD3:
		return "U1"
	case ErrHyphen34:
		return "V2"
	case ErrHyphenEdge:
		return "V3"
	case ErrXNPrefix:
		return "V4"
	case ErrFullStop:
		return "V5"
	case ErrLeadingMark:
		return "V6"
	case ErrNotNFC:
		return "V1"
	case ErrContextJ:
		return "C1-C2"
	case ErrBidi:
		return "B1-B6"
	case ErrPunycode, ErrPunycodeNonASCII, ErrPunycodeASCII:
		return "P4"
	case ErrOverflow:
		return "A3"
	case ErrLabelLength:
		return "A4_2"
	case ErrDomainLength:
		return "A4_1"
	}
	return ""
}

// Error describes an IDNA processing failure (API.md §2). The zero value
// is safe to use (its Error method says "no error").
type Error struct {
	// Offset is the byte offset in Input of the problem, or -1 when the
	// error is not about one place. It points at the offending code point
	// when that is known, and otherwise at the start of its label: for
	// problems inside a label decoded from Punycode, for problems about a
	// whole label (Bidi, length), and when normalization to NFC changed the
	// text. From PunycodeEncode and PunycodeDecode it is an offset in their
	// argument.
	Offset int
	// Code names the rule violated; it is the sentinel for errors.Is.
	Code Code
	// Input is the domain name (or, for the Punycode functions, the
	// Punycode or text) that was processed.
	Input string
	// Index is the 0-based index of the offending label, or -1 when the
	// error is not about one label.
	Index int
	// LabelOffset is the byte offset in Input where that label starts,
	// or -1.
	LabelOffset int
	// Label is the offending label as it is in the input, or as much of it
	// as lies within 40 bytes of Offset (cut on UTF-8 boundaries, with "…"
	// where it was cut).
	Label string
	// Rune is the offending code point, or -1.
	Rune rune
}

// Error returns the library's one error text (internal/diag), such as
// `idna: offset 6 (label 1): "www.my_host.example": code point not allowed
// by STD3 rules '_' [U1]`: the context names the label, the window quotes
// at most 40 bytes of Input each side of Offset, and the message is the
// code's with the code point and the UTS #46 rule.
func (e *Error) Error() string {
	b := make([]byte, 0, 64)
	b = append(b, e.Code.Message()...)
	if e.Rune >= 0 && e.Code != "" {
		b = append(b, ' ')
		b = strconv.AppendQuoteRuneToASCII(b, e.Rune)
	}
	if r := e.Code.Rule(); r != "" {
		b = append(b, " ["...)
		b = append(b, r...)
		b = append(b, ']')
	}
	context := ""
	if e.Index >= 0 && e.Code != "" {
		context = "label " + strconv.Itoa(e.Index)
	}
	off := e.Offset
	if e.Code == "" {
		off = diag.NoOffset
	}
	return diag.Error("idna", off, context, e.Input, string(b))
}

// Unwrap returns the Code, so that errors.Is(err, ErrX) works.
func (e *Error) Unwrap() []error { return []error{e.Code} }

// newErr returns an error about the label li that starts at input offset
// labelOff; off is the offset of the problem.
func newErr(code Code, li, labelOff, off int, r rune) *Error {
	return &Error{Code: code, Index: li, LabelOffset: labelOff, Offset: off, Rune: r}
}

// domainErr returns an error that is about the whole domain.
func domainErr(code Code, domain string) *Error {
	return &Error{Code: code, Input: domain, Index: -1, LabelOffset: -1, Offset: -1, Rune: -1}
}

// withLabel fills in e.Label from the input domain, and returns e as an
// error (nil when e is nil).
func withLabel(e *Error, domain string) error {
	if e == nil {
		return nil
	}
	e.Input = domain
	if e.LabelOffset < 0 || e.LabelOffset > len(domain) {
		return e
	}
	start := e.LabelOffset
	b := window.AppendPlain(make([]byte, 0, 2*window.Side+8), domain, start, labelEnd(domain, start), e.Offset)
	e.Label = string(b) // a copy: do not hold the input
	return e
}

// labelEnd returns the end of the label of domain that starts at start:
// the next full stop (U+002E, or one of the three that map to it).
func labelEnd(domain string, start int) int {
	for i := start; i < len(domain); i++ {
		switch domain[i] {
		case '.':
			return i
		case 0xE3: // U+3002 IDEOGRAPHIC FULL STOP: E3 80 82
			if i+2 < len(domain) && domain[i+1] == 0x80 && domain[i+2] == 0x82 {
				return i
			}
		case 0xEF: // U+FF0E FULLWIDTH FULL STOP: EF BC 8E; U+FF61: EF BD A1
			if i+2 < len(domain) && (domain[i+1] == 0xBC && domain[i+2] == 0x8E || domain[i+1] == 0xBD && domain[i+2] == 0xA1) {
				return i
			}
		}
	}
	return len(domain)
}

// labelStart returns where the label that holds the byte at i starts: after
// the last '.' before it.
func labelStart(domain string, i int) int {
	for j := min(i, len(domain)) - 1; j >= 0; j-- {
		if domain[j] == '.' {
			return j + 1
		}
	}
	return 0
}
