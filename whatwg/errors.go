package whatwg

import "strconv"

// Validation error codes, named as in the URL Standard's table of
// validation errors. Those marked "failure" make parsing fail; the others
// are recorded while parsing continues.
const (
	ErrDomainToASCII                     = "domain-to-ASCII"                 // failure for non-ASCII domains, or when the result has a forbidden domain code point
	ErrDomainPercentEncoded              = "domain-percent-encoded"          // not a failure
	ErrHostInvalidCodePoint              = "host-invalid-code-point"         // failure
	ErrIPv4EmptyPart                     = "IPv4-empty-part"                 // not a failure
	ErrIPv4TooFewParts                   = "IPv4-too-few-parts"              // not a failure
	ErrIPv4TooManyParts                  = "IPv4-too-many-parts"             // failure
	ErrIPv4NonNumericPart                = "IPv4-non-numeric-part"           // failure
	ErrIPv4NonDecimalPart                = "IPv4-non-decimal-part"           // not a failure
	ErrIPv4OutOfRangePart                = "IPv4-out-of-range-part"          // failure for the last part
	ErrIPv4NonASCIIInput                 = "IPv4-non-ASCII-input"            // not a failure
	ErrIPv6Unclosed                      = "IPv6-unclosed"                   // failure
	ErrIPv6InvalidCompression            = "IPv6-invalid-compression"        // failure
	ErrIPv6TooManyPieces                 = "IPv6-too-many-pieces"            // failure
	ErrIPv6MultipleCompression           = "IPv6-multiple-compression"       // failure
	ErrIPv6InvalidCodePoint              = "IPv6-invalid-code-point"         // failure
	ErrIPv6TooFewPieces                  = "IPv6-too-few-pieces"             // failure
	ErrIPv6PieceLeadingZero              = "IPv6-piece-leading-zero"         // not a failure
	ErrIPv4InIPv6TooManyPieces           = "IPv4-in-IPv6-too-many-pieces"    // failure
	ErrIPv4InIPv6InvalidCodePoint        = "IPv4-in-IPv6-invalid-code-point" // failure
	ErrIPv4InIPv6OutOfRangePart          = "IPv4-in-IPv6-out-of-range-part"  // failure
	ErrIPv4InIPv6TooFewParts             = "IPv4-in-IPv6-too-few-parts"      // failure
	ErrInvalidURLUnit                    = "invalid-URL-unit"                // not a failure
	ErrSpecialSchemeMissingSolidus       = "special-scheme-missing-following-solidus"
	ErrMissingSchemeNonRelativeURL       = "missing-scheme-non-relative-URL"   // failure
	ErrInvalidReverseSolidus             = "invalid-reverse-solidus"           // not a failure
	ErrInvalidCredentials                = "invalid-credentials"               // not a failure
	ErrHostMissing                       = "host-missing"                      // failure
	ErrPortOutOfRange                    = "port-out-of-range"                 // failure
	ErrPortInvalid                       = "port-invalid"                      // failure
	ErrFileInvalidWindowsDriveLetter     = "file-invalid-Windows-drive-letter" // not a failure
	ErrFileInvalidWindowsDriveLetterHost = "file-invalid-Windows-drive-letter-host"
)

// A ValidationError is one validation error met while parsing: its code
// (one of the Err* constants) and the byte offset in the input where it
// was found.
type ValidationError struct {
	Code   string
	Offset int
}

// String returns "code at offset N".
func (v ValidationError) String() string {
	return v.Code + " at offset " + strconv.Itoa(v.Offset)
}

// Error is the error returned when parsing fails. Code is the validation
// error that caused the failure (an Err* constant) and Offset the byte
// offset in Input where it was found.
type Error struct {
	Input  string
	Code   string
	Offset int
}

// Error returns a message naming the code, the offset and the input.
func (e *Error) Error() string {
	return "whatwg: parsing " + strconv.Quote(e.Input) + ": " + e.Code + " at offset " + strconv.Itoa(e.Offset)
}

// Is reports whether target is an *Error with the same Code, so that
// errors.Is(err, &whatwg.Error{Code: whatwg.ErrHostMissing}) works.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code && (t.Input == "" || t.Input == e.Input)
}
