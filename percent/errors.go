package percent

import (
	"strconv"

	"github.com/urikit/urikit/internal/collapse"
	"github.com/urikit/urikit/internal/diag"
)

// A Code is a stable, machine-readable name for a kind of percent-encoding
// problem. Codes are errors themselves, so they serve as sentinels:
// errors.Is(err, percent.ErrInvalidEscape) reports whether err is an
// [*Error] of that kind.
type Code string

// Error returns the code's text.
func (c Code) Error() string { return string(c) }

// The codes of decoding and validation problems.
const (
	// ErrInvalidEscape: a "%" not followed by two hex digits ("%zz", "%4g").
	ErrInvalidEscape Code = "invalid-escape"
	// ErrTruncatedEscape: an escape cut off by the end of the input ("%",
	// "abc%4").
	ErrTruncatedEscape Code = "truncated-escape"
	// ErrInvalidUTF8: the decoded bytes starting here are not valid UTF-8
	// ("%C3" alone, an encoded surrogate such as "%ED%A0%80", overlong
	// forms).
	ErrInvalidUTF8 Code = "invalid-utf8"
	// ErrLegacyEscape: a "%uXXXX" escape of JavaScript's escape(), which no
	// RFC defines; Decoder.LegacyU decodes it.
	ErrLegacyEscape Code = "legacy-u-escape"
	// ErrInvalidLegacyEscape: with Decoder.LegacyU, a "%uXXXX" escape of a
	// lone UTF-16 surrogate.
	ErrInvalidLegacyEscape Code = "invalid-legacy-u-escape"
	// ErrUnencoded: a byte that the encode set requires to be encoded
	// appears literally (reported by Validate).
	ErrUnencoded Code = "unencoded-byte"
)

// Message returns a one-line human description of the code.
func (c Code) Message() string {
	switch c {
	case ErrInvalidEscape:
		return "% not followed by two hex digits"
	case ErrTruncatedEscape:
		return "escape cut off by the end of the input"
	case ErrInvalidUTF8:
		return "decoded bytes are not valid UTF-8"
	case ErrLegacyEscape:
		return "non-standard %uXXXX escape"
	case ErrInvalidLegacyEscape:
		return "%uXXXX escape of a lone UTF-16 surrogate"
	case ErrUnencoded:
		return "byte must be percent-encoded"
	}
	return string(c)
}

// An Error describes why a strict decode or [Validate] failed: the first
// problem of the input.
type Error struct {
	// Offset is the byte offset in Input of the "%" that starts the
	// offending escape, or of the offending literal byte; -1 when the
	// error has no position.
	Offset int
	// Code says what is wrong; it is also the sentinel for errors.Is.
	Code Code
	// Input is the text that was decoded or validated.
	Input string
	// Text is the offending text of Input (the escape, up to 6 bytes, or
	// the byte).
	Text string
}

// Error returns a message such as
// `percent: offset 3: "abc%zz": % not followed by two hex digits`. It
// quotes at most 40 bytes of Input on each side of the offset, with "…"
// where the input goes on, so that its length does not depend on the
// input's.
func (e *Error) Error() string {
	return diag.Error("percent", e.Offset, "", e.Input, e.Code.Message())
}

// Unwrap returns the error's Code, for errors.Is.
func (e *Error) Unwrap() []error { return []error{e.Code} }

// A Finding is one problem a lenient decode ([Decoder.DecodeLenient] and
// its siblings) tolerated: an escape it kept as written.
//
// The repeats of a problem (same Code) are collapsed into the Finding of
// its first occurrence, so that the findings of a decode never grow with
// the input: Count is then the number of occurrences and Offsets the
// offsets of the first up to 8 of them (Offsets[0] == Offset). A problem
// that occurred once has Count 0 and no Offsets.
type Finding struct {
	// Offset is the byte offset in the input of the "%" that starts the
	// escape kept as written (its first occurrence).
	Offset int
	// Code says what is wrong.
	Code Code
	// Text is the offending text of the first occurrence (the escape, up
	// to 6 bytes).
	Text string
	// Count is the number of occurrences; 0 or 1 means one.
	Count int
	// Offsets are the offsets of the first occurrences, at most 8 of
	// them, set only when Count > 1.
	Offsets []int
}

// Message returns a one-line human description of the finding: the
// offending text, quoted, and the description of its code, such as
// `"%zz": % not followed by two hex digits`.
func (f Finding) Message() string {
	if f.Text == "" {
		return f.Code.Message()
	}
	return strconv.Quote(f.Text) + ": " + f.Code.Message()
}

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

// addFinding records the problem code at s[off:off+n]: it is merged into
// the Finding of the same code when fs has one (a scan of a list that
// holds at most one Finding per code), and appended otherwise.
func addFinding(fs []Finding, s string, off, n int, code Code) []Finding {
	for i := range fs {
		if f := &fs[i]; f.Code == code {
			collapse.Add(f.Offset, &f.Count, &f.Offsets, off)
			return fs
		}
	}
	return append(fs, Finding{Offset: off, Code: code, Text: s[off:min(off+n, len(s))]})
}

func newError(s string, off, n int, code Code) *Error {
	return &Error{Offset: off, Code: code, Input: s, Text: s[off:min(off+n, len(s))]}
}
