package whatwg

import (
	"strconv"
	"unicode/utf8"
)

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

// A ValidationError is a validation error met while parsing: its code (one
// of the Err* constants) and the byte offset in the input where it was
// first found.
//
// ParseWithErrors reports each code once, so that the list stays short
// whatever the input: later occurrences of the same code are merged into
// the first one, which keeps its Offset and counts them all in Count (0 or
// 1 means once), with the offsets of the first eight occurrences in
// Offsets (Offsets[0] == Offset; nil when the code was met once). The list
// is in the order the codes were first met.
type ValidationError struct {
	Code    string `json:"code"`
	Offset  int    `json:"offset"`
	Count   int    `json:"count,omitempty"`
	Offsets []int  `json:"offsets,omitempty"`
}

// String returns "code at offset N", followed by the number of times the
// code was met when that is more than once ("code at offset N (×3)").
func (v ValidationError) String() string {
	s := v.Code + " at offset " + strconv.Itoa(v.Offset)
	if v.Count > 1 {
		s += " (×" + strconv.Itoa(v.Count) + ")"
	}
	return s
}

// Error is the error returned when parsing fails. Code is the validation
// error that caused the failure (an Err* constant) and Offset the byte
// offset in Input where it was found.
type Error struct {
	Input  string
	Code   string
	Offset int
}

// Error returns a message naming the code and the offset, and quoting the
// input around the offset: at most 40 bytes on either side, cut at UTF-8
// boundaries, with "…" where the input goes on, so that the message stays
// short whatever the input.
func (e *Error) Error() string {
	return "whatwg: parsing " + quoteWindow(e.Input, e.Offset) + ": " + e.Code + " at offset " + strconv.Itoa(e.Offset)
}

// window is how many bytes of input a message quotes on either side of an
// offset.
const window = 40

// quoteWindow quotes s (Go syntax) when it is short, and otherwise the
// bytes within window of off, with "…" marks where s is cut.
func quoteWindow(s string, off int) string {
	off = min(max(off, 0), len(s))
	start, end := max(off-window, 0), min(off+window, len(s))
	// Cut at code point boundaries: at most 3 bytes further (stray
	// continuation bytes may go on for ever).
	for k := 0; k < utf8.UTFMax-1 && start > 0 && start < len(s) && !utf8.RuneStart(s[start]); k++ {
		start--
	}
	for k := 0; k < utf8.UTFMax-1 && end < len(s) && !utf8.RuneStart(s[end]); k++ {
		end++
	}
	q := strconv.Quote(s[start:end])
	if start > 0 {
		q = "…" + q
	}
	if end < len(s) {
		q += "…"
	}
	return q
}

// Is reports whether target is an *Error with the same Code, so that
// errors.Is(err, &whatwg.Error{Code: whatwg.ErrHostMissing}) works.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code && (t.Input == "" || t.Input == e.Input)
}
