package report

import (
	"errors"
	"strconv"

	"github.com/urikit/urikit/internal/bytestr"

	"github.com/urikit/urikit/idna"
)

// IDNAProfiles are the names IDNAProfile knows, the first being the
// default.
var IDNAProfiles = []string{"url", "lookup", "registration", "display"}

// IDNAProfile returns the profile of "urikit idna --profile name": "url"
// (the URL Standard's domain to ASCII and domain to Unicode, beStrict
// false, with its shortcut for ASCII names), "lookup", "registration" or
// "display" (golang.org/x/net/idna's profiles; see package idna). "" is
// "url". ok is false for any other name.
func IDNAProfile(name string) (p IDNAMode, ok bool) {
	switch name {
	case "", "url":
		return IDNAMode{url: true, profile: idna.URL()}, true
	case "lookup":
		return IDNAMode{profile: idna.Lookup()}, true
	case "registration":
		return IDNAMode{profile: idna.Registration()}, true
	case "display":
		return IDNAMode{profile: idna.Display()}, true
	}
	return IDNAMode{}, false
}

// IDNAMode is how "urikit idna" converts a record: the profile, and
// whether it is the URL Standard's. The zero IDNAMode is UTS #46 with the
// zero idna.Profile.
type IDNAMode struct {
	url     bool
	profile idna.Profile
}

// AppendASCII appends the ToASCII form of in to dst, or returns dst and
// the record's error.
func (m IDNAMode) AppendASCII(dst []byte, in string) ([]byte, *Error) {
	var err error
	if m.url {
		dst, err = idna.AppendDomainToASCII(dst, in)
	} else {
		dst, err = m.profile.AppendASCII(dst, in)
	}
	if err != nil {
		return dst, IDNAError(err)
	}
	return dst, nil
}

// AppendUnicode appends the ToUnicode form of in to dst. What ToUnicode
// found wrong but converted all the same is the returned finding; input
// that is not UTF-8 is an error instead (the result would hold U+FFFD in
// place of its bytes), and then nothing is appended.
func (m IDNAMode) AppendUnicode(dst []byte, in string) ([]byte, *Error, *Error) {
	start := len(dst)
	dst, err := m.profile.AppendUnicode(dst, in)
	if err == nil {
		return dst, nil, nil
	}
	e := IDNAError(err)
	if errors.Is(err, idna.ErrInvalidUTF8) {
		return dst[:start], e, nil
	}
	return dst, nil, e
}

// IDNAError converts an error of package idna to a record's error: its
// code, the offset (0 when the error is about the whole name) and a
// message that names the rule, the code point and the label (windowed).
func IDNAError(err error) *Error {
	var ie *idna.Error
	if !errors.As(err, &ie) {
		return otherError(err)
	}
	b := make([]byte, 0, 96+len(ie.Label))
	b = append(b, ie.Code.Message()...)
	if r := ie.Code.Rule(); r != "" {
		b = append(b, " ["...)
		b = append(b, r...)
		b = append(b, ']')
	}
	if ie.Rune >= 0 {
		b = append(b, ' ')
		b = strconv.AppendQuoteRuneToASCII(b, ie.Rune)
	}
	if ie.Index >= 0 {
		b = append(b, " in label "...)
		b = strconv.AppendInt(b, int64(ie.Index), 10)
	}
	if ie.Label != "" {
		b = append(b, ' ')
		b = strconv.AppendQuote(b, ie.Label)
	}
	// b was made for this message and is not written again.
	return &Error{Offset: max(ie.Offset, 0), Code: string(ie.Code), Message: bytestr.String(b)}
}

// IDNA is the record of "urikit idna": in converted to ASCII (field
// "ascii") or, with toUnicode set, to Unicode (field "unicode", with what
// ToUnicode tolerated as a finding).
func IDNA(in string, toUnicode bool, m IDNAMode) Record {
	if !toUnicode {
		out, err := m.AppendASCII(nil, in)
		if err != nil {
			return Record{Input: in, Error: err}
		}
		return Record{Input: in, Fields: []Field{bytesField("ascii", out)}}
	}
	out, err, finding := m.AppendUnicode(nil, in)
	if err != nil {
		return Record{Input: in, Error: err}
	}
	rec := Record{Input: in, Fields: []Field{bytesField("unicode", out)}}
	if finding != nil {
		rec.Findings = []Error{*finding}
	}
	return rec
}
