package whatwg

import (
	"encoding/json"

	"github.com/urikit/urikit/internal/diag"
)

// A Code names why a URL did not parse, a validation error met while
// parsing (see ParseWithFindings), or why an edit was refused. A Code is
// an error whose text is its name, so the codes are the sentinels:
// errors.Is(err, whatwg.ErrHostMissing).
//
// The codes of validation errors are the URL Standard's names, kept in
// its spelling ("IPv4-empty-part", "domain-to-ASCII"): they are the names
// the standard, its tests and the browsers' consoles use.
type Code string

// Error returns the code's name.
func (c Code) Error() string { return string(c) }

// Validation error codes, named as in the URL Standard's table of
// validation errors. Those marked "failure" make parsing fail; the others
// are recorded while parsing continues (see ParseWithFindings).
const (
	ErrDomainToASCII                     Code = "domain-to-ASCII"                          // failure for non-ASCII domains, or when the result has a forbidden domain code point
	ErrDomainPercentEncoded              Code = "domain-percent-encoded"                   // not a failure
	ErrHostInvalidCodePoint              Code = "host-invalid-code-point"                  // failure
	ErrIPv4EmptyPart                     Code = "IPv4-empty-part"                          // not a failure
	ErrIPv4TooFewParts                   Code = "IPv4-too-few-parts"                       // not a failure
	ErrIPv4TooManyParts                  Code = "IPv4-too-many-parts"                      // failure
	ErrIPv4NonNumericPart                Code = "IPv4-non-numeric-part"                    // failure
	ErrIPv4NonDecimalPart                Code = "IPv4-non-decimal-part"                    // not a failure
	ErrIPv4OutOfRangePart                Code = "IPv4-out-of-range-part"                   // failure for the last part
	ErrIPv4NonASCIIInput                 Code = "IPv4-non-ASCII-input"                     // not a failure
	ErrIPv6Unclosed                      Code = "IPv6-unclosed"                            // failure
	ErrIPv6InvalidCompression            Code = "IPv6-invalid-compression"                 // failure
	ErrIPv6TooManyPieces                 Code = "IPv6-too-many-pieces"                     // failure
	ErrIPv6MultipleCompression           Code = "IPv6-multiple-compression"                // failure
	ErrIPv6InvalidCodePoint              Code = "IPv6-invalid-code-point"                  // failure
	ErrIPv6TooFewPieces                  Code = "IPv6-too-few-pieces"                      // failure
	ErrIPv6PieceLeadingZero              Code = "IPv6-piece-leading-zero"                  // not a failure
	ErrIPv4InIPv6TooManyPieces           Code = "IPv4-in-IPv6-too-many-pieces"             // failure
	ErrIPv4InIPv6InvalidCodePoint        Code = "IPv4-in-IPv6-invalid-code-point"          // failure
	ErrIPv4InIPv6OutOfRangePart          Code = "IPv4-in-IPv6-out-of-range-part"           // failure
	ErrIPv4InIPv6TooFewParts             Code = "IPv4-in-IPv6-too-few-parts"               // failure
	ErrInvalidURLUnit                    Code = "invalid-URL-unit"                         // not a failure
	ErrSpecialSchemeMissingSolidus       Code = "special-scheme-missing-following-solidus" // not a failure
	ErrMissingSchemeNonRelativeURL       Code = "missing-scheme-non-relative-URL"          // failure
	ErrInvalidReverseSolidus             Code = "invalid-reverse-solidus"                  // not a failure
	ErrInvalidCredentials                Code = "invalid-credentials"                      // not a failure
	ErrHostMissing                       Code = "host-missing"                             // failure
	ErrPortOutOfRange                    Code = "port-out-of-range"                        // failure
	ErrPortInvalid                       Code = "port-invalid"                             // failure
	ErrFileInvalidWindowsDriveLetter     Code = "file-invalid-Windows-drive-letter"        // not a failure
	ErrFileInvalidWindowsDriveLetterHost Code = "file-invalid-Windows-drive-letter-host"   // not a failure
)

// Codes of edits that the URL Standard's setters would ignore (the Try
// setters, SetComponent, SetComponentRaw, ClearComponent and the path
// segment methods); an edit may also fail with a validation error code of
// the host or port parser, such as ErrPortOutOfRange.
const (
	ErrNoURL              Code = "no-url"               // the zero URL, which is not a URL
	ErrUnknownComponent   Code = "unknown-component"    // a component that the editing methods do not know
	ErrInvalidScheme      Code = "invalid-scheme"       // the value does not start with a scheme
	ErrSpecialMismatch    Code = "special-mismatch"     // a special scheme cannot become non-special, nor the reverse
	ErrFileCredentials    Code = "file-credentials"     // a URL with credentials or a port cannot become a file URL
	ErrFileEmptyHost      Code = "file-empty-host"      // a file URL with an empty host keeps its scheme
	ErrCannotHaveUsername Code = "cannot-have-username" // the host is null or empty, or the scheme is file
	ErrCannotHavePort     Code = "cannot-have-port"     // the host is null or empty, or the scheme is file
	ErrOpaquePath         Code = "opaque-path"          // the URL's path is opaque (as in "mailto:x")
	ErrHostnameWithPort   Code = "hostname-with-port"   // the hostname setter takes no port
	ErrHostRequired       Code = "host-required"        // the host cannot be empty or removed: the URL has credentials or a port, a special scheme, or (to remove it) an empty path
	ErrInvalidEscape      Code = "invalid-escape"       // a raw value has a "%" not followed by two hex digits
	ErrUnencoded          Code = "unencoded"            // a raw value has a byte its component encodes
	ErrDotSegment         Code = "dot-segment"          // a path segment "." or "..", which a path cannot hold
	ErrIndexOutOfRange    Code = "index-out-of-range"   // a path segment index past the end
	ErrNoPath             Code = "no-path"              // the path of a special URL, or of one without a host, cannot be emptied
)

// Message returns a one-line description of the code.
func (c Code) Message() string {
	switch c {
	case ErrDomainToASCII:
		return "UTS #46 ToASCII fails on the domain"
	case ErrDomainPercentEncoded:
		return "the domain holds percent-encoded bytes"
	case ErrHostInvalidCodePoint:
		return "the host holds a forbidden host code point"
	case ErrIPv4EmptyPart:
		return "an IPv4 address ends with a dot"
	case ErrIPv4TooFewParts:
		return "an IPv4 address has fewer than four parts"
	case ErrIPv4TooManyParts:
		return "an IPv4 address has more than four parts"
	case ErrIPv4NonNumericPart:
		return "an IPv4 address part is not a number"
	case ErrIPv4NonDecimalPart:
		return "an IPv4 address part is hexadecimal or octal"
	case ErrIPv4OutOfRangePart:
		return "an IPv4 address part is out of range"
	case ErrIPv4NonASCIIInput:
		return "a host that looks like an IPv4 address holds non-ASCII code points"
	case ErrIPv6Unclosed:
		return "an IPv6 address is missing its closing bracket"
	case ErrIPv6InvalidCompression:
		return "an IPv6 address begins with a single colon"
	case ErrIPv6TooManyPieces:
		return "an IPv6 address has more than eight pieces"
	case ErrIPv6MultipleCompression:
		return "an IPv6 address is compressed in more than one place"
	case ErrIPv6InvalidCodePoint:
		return "an IPv6 address holds a code point that is not a hex digit, colon or dot, or ends with a colon"
	case ErrIPv6TooFewPieces:
		return "an uncompressed IPv6 address has fewer than eight pieces"
	case ErrIPv6PieceLeadingZero:
		return "an IPv6 address piece has a leading zero"
	case ErrIPv4InIPv6TooManyPieces:
		return "an IPv6 address with IPv4 address syntax has more than six pieces before it"
	case ErrIPv4InIPv6InvalidCodePoint:
		return "the IPv4 part of an IPv6 address holds an invalid code point"
	case ErrIPv4InIPv6OutOfRangePart:
		return "a part of the IPv4 part of an IPv6 address is above 255"
	case ErrIPv4InIPv6TooFewParts:
		return "the IPv4 part of an IPv6 address has fewer than four parts"
	case ErrInvalidURLUnit:
		return "a code point is not a URL unit (or leading or trailing C0 control or space, tab or newline)"
	case ErrSpecialSchemeMissingSolidus:
		return "a special scheme is not followed by \"//\""
	case ErrMissingSchemeNonRelativeURL:
		return "the input has no scheme and no base it could be relative to"
	case ErrInvalidReverseSolidus:
		return `a special URL uses "\" where "/" belongs`
	case ErrInvalidCredentials:
		return "the input has credentials"
	case ErrHostMissing:
		return "a special URL has no host"
	case ErrPortOutOfRange:
		return "the port is above 65535"
	case ErrPortInvalid:
		return "the port is not a number"
	case ErrFileInvalidWindowsDriveLetter:
		return "a relative file URL starts with a Windows drive letter"
	case ErrFileInvalidWindowsDriveLetterHost:
		return "a file URL's host is a Windows drive letter"
	case ErrNoURL:
		return "the URL is the zero URL, which is not a URL"
	case ErrUnknownComponent:
		return "the component is not one the URL's editing methods know"
	case ErrInvalidScheme:
		return "the value does not start with a scheme"
	case ErrSpecialMismatch:
		return "a special scheme cannot become non-special, nor the reverse"
	case ErrFileCredentials:
		return "a URL with credentials or a port cannot become a file URL"
	case ErrFileEmptyHost:
		return "a file URL with an empty host keeps its scheme"
	case ErrCannotHaveUsername:
		return "the URL cannot have credentials: its host is null or empty, or it is a file URL"
	case ErrCannotHavePort:
		return "the URL cannot have a port: its host is null or empty, or it is a file URL"
	case ErrOpaquePath:
		return "the URL's path is opaque"
	case ErrHostnameWithPort:
		return "a hostname takes no port"
	case ErrHostRequired:
		return "the URL's host cannot be empty or removed"
	case ErrInvalidEscape:
		return "\"%\" is not followed by two hex digits"
	case ErrUnencoded:
		return "the value has a byte that its component percent-encodes"
	case ErrDotSegment:
		return "a path segment cannot be \".\" or \"..\""
	case ErrIndexOutOfRange:
		return "the path segment index is out of range"
	case ErrNoPath:
		return "the path of a special URL, or of one without a host, cannot be emptied"
	}
	return string(c)
}

// Error is the error of a failed parse or a refused edit. Offset is the
// byte offset in Input of the byte at fault (-1 when there is none), Code
// why. For a parse, Input is the input and Component is empty; for an
// edit, Input is the value given and Component the component it was for.
// Err is the cause from another package, when there is one (an
// *idna.Error of a domain that UTS #46 refused).
type Error struct {
	Offset    int
	Code      Code
	Input     string
	Component Component
	Err       error
}

// Error returns the library's one error text:
// whatwg: offset 3 (host): "…window…": message (code), quoting at most 40
// bytes of Input each side of Offset.
func (e *Error) Error() string {
	return diag.Error("whatwg", e.Offset, string(e.Component), e.Input, e.Code.Message()+" ("+string(e.Code)+")")
}

// Unwrap returns the Code and, when set, Err, so that errors.Is(err,
// whatwg.ErrHostMissing) and errors.Is(err, idna.ErrX) both work.
func (e *Error) Unwrap() []error {
	if e.Err != nil {
		return []error{e.Code, e.Err}
	}
	return []error{e.Code}
}

// A Finding is a validation error met while parsing (see
// ParseWithFindings): its code and the byte offset in the input where it
// was first met.
//
// Each code is reported once, so that the list stays short whatever the
// input: later occurrences of the same code are merged into the first
// one, which keeps its Offset and counts them all in Count (0 or 1 means
// once), with the offsets of the first eight occurrences in Offsets
// (Offsets[0] == Offset; nil when the code was met once). The list is in
// the order the codes were first met.
type Finding struct {
	Offset  int
	Code    Code
	Count   int
	Offsets []int
}

// Message returns the code's description (Code.Message).
func (f Finding) Message() string { return f.Code.Message() }

// String returns the finding's line as every package writes it
// (internal/diag): "offset 4: code: message", followed by
// " (12 times)" when it occurred more than once.
func (f Finding) String() string { return diag.FindingString(f.diag()) }

// MarshalJSON returns the finding in the record contract's names (through
// internal/diag): {"offset", "code", "message", "count"?, "offsets"?}.
func (f Finding) MarshalJSON() ([]byte, error) { return diag.MarshalFinding(f.diag()) }

// diag returns the finding as internal/diag writes it.
func (f Finding) diag() diag.Finding {
	return diag.Finding{Offset: f.Offset, Code: string(f.Code), Message: f.Message(), Count: f.Count, Offsets: f.Offsets}
}

var _ json.Marshaler = Finding{}
