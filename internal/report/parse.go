package report

import (
	"errors"

	"github.com/urikit/urikit/internal/window"
	"github.com/urikit/urikit/uri"
	"github.com/urikit/urikit/whatwg"
)

// RFCFieldNames lists the result fields of ParseRFC, in order: the raw
// (still encoded) components, and the type of the host.
func RFCFieldNames() []string {
	return []string{"scheme", "userinfo", "host", "host_type", "port", "path", "query", "fragment"}
}

// rfcFields returns the result fields of a parse: each component, null
// when absent.
func rfcFields(r uri.Reference) []Field {
	host, hasHost := r.Host()
	ht := ""
	if hasHost {
		ht = r.HostType().String()
	}
	scheme, hasScheme := r.Scheme()
	userinfo, hasUserinfo := r.Userinfo()
	port, hasPort := r.Port()
	query, hasQuery := r.Query()
	fragment, hasFragment := r.Fragment()
	return []Field{
		OptText("scheme", scheme, hasScheme),
		OptText("userinfo", userinfo, hasUserinfo),
		OptText("host", host, hasHost),
		OptText("host_type", ht, hasHost),
		OptText("port", port, hasPort),
		Text("path", r.Path()),
		OptText("query", query, hasQuery),
		OptText("fragment", fragment, hasFragment),
	}
}

// ParseRFC is the record of "urikit parse": in parsed as an RFC 3986
// URI-reference, with its raw components (RFCFieldNames; null when
// absent). Strictly, the first violation of the grammar fails the record.
// With lenient set, the record never fails: every deviation is a finding
// (merged by code and component, see Error).
func ParseRFC(in string, lenient bool) Record {
	if lenient {
		r, findings := uri.ParseLenient(in)
		return Record{Input: in, Fields: rfcFields(r), Findings: LenientFindings(nil, findings)}
	}
	r, err := uri.Parse(in)
	if err != nil {
		return Record{Input: in, Error: URIError(err)}
	}
	return Record{Input: in, Fields: rfcFields(r)}
}

// LenientFindings appends the findings of uri.ParseLenient to dst as
// record findings (merged by code and component, see Error), as "urikit
// parse --lenient" writes them.
func LenientFindings(dst []Error, findings []uri.Finding) []Error {
	for _, f := range findings {
		dst = appendError(dst, Error{Offset: f.Offset, Component: string(f.Component), Code: string(f.Code), Message: f.Message(), Count: f.Count, Offsets: f.Offsets})
	}
	return dst
}

// WHATWGFindings appends the validation errors of a WHATWG parse that
// returned err to dst as record findings (merged by code), each with its
// message (WHATWGMessage), as "urikit parse --whatwg" writes them: the
// validation error that made the parse fail is the record's error, not a
// finding.
func WHATWGFindings(dst []Error, verrs []whatwg.Finding, err error) []Error {
	var fail *whatwg.Error
	if err != nil {
		errors.As(err, &fail)
	}
	for _, v := range verrs {
		if fail != nil && v.Code == fail.Code && v.Offset == fail.Offset && v.Count <= 1 {
			continue
		}
		dst = appendError(dst, Error{Offset: v.Offset, Code: string(v.Code), Message: WHATWGMessage(string(v.Code)), Count: v.Count, Offsets: v.Offsets})
	}
	return dst
}

// WHATWGRecordFields lists the result fields of ParseWHATWG, in order:
// the values of JavaScript's URL getters.
func WHATWGRecordFields() []string {
	return []string{"href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash", "origin"}
}

// ParseWHATWG is the record of "urikit parse --whatwg": in parsed with the
// URL Standard's parser against base (nil for none), with the values of
// JavaScript's URL getters (WHATWGRecordFields), or the failure; the
// validation errors are findings (merged by code), each with its message
// (WHATWGMessage). The validation error that made the parse fail is the
// record's error, not a finding. It returns the URL too (nil on failure).
func ParseWHATWG(in string, base *whatwg.URL) (Record, *whatwg.URL) {
	var b whatwg.URL // the zero URL is no base
	if base != nil {
		b = *base
	}
	u, verrs, err := b.ParseWithFindings(in)
	rec := Record{Input: in, Findings: WHATWGFindings(nil, verrs, err)}
	if err != nil {
		rec.Error = FailureError(err)
		return rec, nil
	}
	names := WHATWGRecordFields()
	rec.Fields = make([]Field, len(names))
	for i, name := range names {
		v, _ := WHATWGField(&u, name)
		rec.Fields[i] = Text(name, v)
	}
	return rec, &u
}

// FailureError is the record error of a WHATWG parse that failed with err.
func FailureError(err error) *Error {
	var we *whatwg.Error
	if errors.As(err, &we) {
		return &Error{Offset: we.Offset, Code: string(we.Code), Message: "not a URL: " + WHATWGMessage(string(we.Code))}
	}
	return &Error{Code: "failure", Message: "not a URL: " + window.Clip(err.Error(), maxMessage)}
}

// maxMessage is the most bytes of a message taken from another package's
// error text.
const maxMessage = 300

// WHATWGMessage returns a one-line explanation of the URL Standard's
// validation error code (one of the whatwg.Err* constants).
func WHATWGMessage(code string) string {
	switch whatwg.Code(code) {
	case whatwg.ErrDomainToASCII:
		return "the host cannot be converted to ASCII (IDNA ToASCII fails or gives a forbidden code point)"
	case whatwg.ErrDomainPercentEncoded:
		return "the host holds percent-escapes, decoded before it is read"
	case whatwg.ErrHostInvalidCodePoint:
		return "the host holds a forbidden host code point"
	case whatwg.ErrIPv4EmptyPart:
		return "the IPv4 address ends with a dot"
	case whatwg.ErrIPv4TooFewParts:
		return "the IPv4 address has fewer than four parts"
	case whatwg.ErrIPv4TooManyParts:
		return "the IPv4 address has more than four parts"
	case whatwg.ErrIPv4NonNumericPart:
		return "a part of the IPv4 address is not a number"
	case whatwg.ErrIPv4NonDecimalPart:
		return "a part of the IPv4 address is written in hex or octal"
	case whatwg.ErrIPv4OutOfRangePart:
		return "a part of the IPv4 address is too large (over 255, or the last part over what the missing parts leave)"
	case whatwg.ErrIPv4NonASCIIInput:
		return "the host, read as an IPv4 address, was written with non-ASCII characters"
	case whatwg.ErrIPv6Unclosed:
		return `the IPv6 address has no closing "]"`
	case whatwg.ErrIPv6InvalidCompression:
		return `the IPv6 address starts with a single ":"`
	case whatwg.ErrIPv6TooManyPieces:
		return "the IPv6 address has more than eight pieces"
	case whatwg.ErrIPv6MultipleCompression:
		return `the IPv6 address has more than one "::"`
	case whatwg.ErrIPv6InvalidCodePoint:
		return `the IPv6 address holds a character other than hex digits, ":" and ".", or ends too early`
	case whatwg.ErrIPv6TooFewPieces:
		return `the IPv6 address has fewer than eight pieces and no "::"`
	case whatwg.ErrIPv6PieceLeadingZero:
		return "a piece of the IPv6 address has a leading zero"
	case whatwg.ErrIPv4InIPv6TooManyPieces:
		return "the IPv6 address has more than six pieces before its IPv4 part"
	case whatwg.ErrIPv4InIPv6InvalidCodePoint:
		return "the IPv4 part of the IPv6 address holds something other than decimal numbers between dots"
	case whatwg.ErrIPv4InIPv6OutOfRangePart:
		return "a part of the IPv4 part of the IPv6 address is over 255"
	case whatwg.ErrIPv4InIPv6TooFewParts:
		return "the IPv4 part of the IPv6 address has fewer than four parts"
	case whatwg.ErrInvalidURLUnit:
		return `a character that URLs do not allow, or a "%" not followed by two hex digits: percent-encoded or kept`
	case whatwg.ErrSpecialSchemeMissingSolidus:
		return `the scheme of a special URL is not followed by "//"`
	case whatwg.ErrMissingSchemeNonRelativeURL:
		return "no scheme, and no base URL it can be resolved against"
	case whatwg.ErrInvalidReverseSolidus:
		return `"\" in a special URL, read as "/"`
	case whatwg.ErrInvalidCredentials:
		return "the URL has a user name or a password"
	case whatwg.ErrHostMissing:
		return "the special URL has no host"
	case whatwg.ErrPortOutOfRange:
		return "the port is over 65535"
	case whatwg.ErrPortInvalid:
		return "the port is not a number"
	case whatwg.ErrFileInvalidWindowsDriveLetter:
		return "a reference relative to a file URL starts with a Windows drive letter: the base's path is not used"
	case whatwg.ErrFileInvalidWindowsDriveLetterHost:
		return "the host of the file URL is a Windows drive letter, read as the start of the path"
	}
	if m := whatwg.Code(code).Message(); m != code {
		return m // a code of a refused edit
	}
	return "validation error " + code
}

// WHATWGField returns the getter called name of u.
func WHATWGField(u *whatwg.URL, name string) (string, bool) {
	switch name {
	case "href":
		return u.Href(), true
	case "protocol":
		return u.Protocol(), true
	case "scheme":
		return u.Scheme(), true
	case "username":
		return u.Username(), true
	case "password":
		return u.Password(), true
	case "host":
		return u.Host(), true
	case "hostname":
		return u.Hostname(), true
	case "port":
		return u.Port(), true
	case "pathname", "path":
		return u.Pathname(), true
	case "search":
		return u.Search(), true
	case "query":
		q, _ := u.Query()
		return q, true
	case "hash":
		return u.Hash(), true
	case "fragment":
		f, _ := u.Fragment()
		return f, true
	case "origin":
		return u.Origin(), true
	}
	return "", false
}

// WHATWGFieldNames lists the getter names of WHATWGField.
func WHATWGFieldNames() []string {
	return []string{"href", "protocol", "scheme", "username", "password", "host", "hostname", "port", "pathname", "search", "query", "hash", "fragment", "origin"}
}
