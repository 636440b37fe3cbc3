package uri

import (
	"strconv"
	"unicode/utf8"

	"github.com/urikit/urikit/internal/collapse"
	"github.com/urikit/urikit/internal/diag"
)

// A Component names a part of a URI reference. It is a plain string so that
// error reports and findings print and compare easily.
type Component string

// The components of a URI reference (RFC 3986 §3): each valued by its
// lowercase name.
const (
	ComponentScheme    Component = "scheme"
	ComponentAuthority Component = "authority"
	ComponentUserinfo  Component = "userinfo"
	ComponentHost      Component = "host"
	ComponentPort      Component = "port"
	ComponentPath      Component = "path"
	ComponentQuery     Component = "query"
	ComponentFragment  Component = "fragment"
)

// A Code is a stable, machine-readable name for one kind of syntax problem.
// Codes are errors themselves, so they are the sentinels of this package:
// errors.Is(err, uri.ErrInvalidPort) reports whether err is an [*Error] of
// that kind.
type Code string

// Error returns the code's text.
func (c Code) Error() string { return string(c) }

// The codes of parse errors and lenient findings.
const (
	// ErrInvalidChar: a byte that the component does not allow literally
	// (a space, one of <>{}|\^"`, a control character, a second "@", ...).
	ErrInvalidChar Code = "invalid-char"
	// ErrNonASCII: a raw non-ASCII character; a URI must percent-encode it
	// (an IRI may hold it, see package iri).
	ErrNonASCII Code = "non-ascii"
	// ErrInvalidUTF8: raw bytes that are not valid UTF-8.
	ErrInvalidUTF8 Code = "invalid-utf8"
	// ErrInvalidEscape: a "%" not followed by two hex digits.
	ErrInvalidEscape Code = "invalid-escape"
	// ErrTruncatedEscape: a "%" escape cut off by the end of the component.
	ErrTruncatedEscape Code = "truncated-escape"
	// ErrMissingScheme: ParseURI was given a relative reference.
	ErrMissingScheme Code = "missing-scheme"
	// ErrInvalidScheme: a scheme that does not start with a letter or holds
	// a byte other than letters, digits, "+", "-" and ".".
	ErrInvalidScheme Code = "invalid-scheme"
	// ErrColonInFirstSegment: a relative reference whose first path segment
	// holds a ":" (path-noscheme); it would read as a scheme. Write "./" in
	// front of it or encode the colon as %3A.
	ErrColonInFirstSegment Code = "colon-in-first-segment"
	// ErrUnclosedIPLiteral: a host starting with "[" without a matching "]".
	ErrUnclosedIPLiteral Code = "unclosed-ip-literal"
	// ErrInvalidIPv6: the text between "[" and "]" is not an RFC 4291
	// IPv6 address in any text form RFC 3986 allows.
	ErrInvalidIPv6 Code = "invalid-ipv6"
	// ErrInvalidIPvFuture: a "[v...]" literal that is not "v" 1*HEXDIG "."
	// 1*(unreserved / sub-delims / ":").
	ErrInvalidIPvFuture Code = "invalid-ipvfuture"
	// ErrInvalidZone: an RFC 6874 zone identifier that is empty, holds a
	// byte it may not, or is introduced by a bare "%" instead of "%25".
	ErrInvalidZone Code = "invalid-zone"
	// ErrInvalidPort: a port that is not all digits.
	ErrInvalidPort Code = "invalid-port"
	// ErrPortRange: a port above 65535 (strict mode only; the grammar
	// allows any number of digits).
	ErrPortRange Code = "port-out-of-range"
	// ErrAmbiguousPath: Build or a derived reference was asked for a path
	// starting with "//" without an authority, which would read as one.
	ErrAmbiguousPath Code = "ambiguous-path"
	// ErrTooLong: the input is longer than 2^31-1 bytes.
	ErrTooLong Code = "too-long"
	// ErrUnknownLevel: ParseLevel was given a name that is no level or
	// step.
	ErrUnknownLevel Code = "unknown-level"
	// ErrUnknownComponent: With or WithDecoded was given a Component that
	// is none of this package's constants; the Error's Input is its name.
	ErrUnknownComponent Code = "unknown-component"
)

// Message returns a one-line human description of the code.
func (c Code) Message() string {
	switch c {
	case ErrInvalidChar:
		return "character not allowed here"
	case ErrNonASCII:
		return "non-ASCII character must be percent-encoded"
	case ErrInvalidUTF8:
		return "raw bytes are not valid UTF-8"
	case ErrInvalidEscape:
		return "% not followed by two hex digits"
	case ErrTruncatedEscape:
		return "escape cut off by the end of the component"
	case ErrMissingScheme:
		return "a URI needs a scheme"
	case ErrInvalidScheme:
		return "scheme must be a letter followed by letters, digits, '+', '-' or '.'"
	case ErrColonInFirstSegment:
		return "':' in the first segment of a relative path reads as a scheme"
	case ErrUnclosedIPLiteral:
		return "'[' without matching ']'"
	case ErrInvalidIPv6:
		return "invalid IPv6 address"
	case ErrInvalidIPvFuture:
		return "invalid IPvFuture literal"
	case ErrInvalidZone:
		return "invalid IPv6 zone identifier (RFC 6874 wants %25 and a non-empty zone)"
	case ErrInvalidPort:
		return "port must be digits"
	case ErrPortRange:
		return "port above 65535"
	case ErrAmbiguousPath:
		return "path starting with // needs an authority"
	case ErrTooLong:
		return "input longer than 2^31-1 bytes"
	case ErrUnknownLevel:
		return "unknown normalization level or step"
	case ErrUnknownComponent:
		return "unknown component"
	case ErrDotSegment:
		return `path segment "." or ".." would be removed by resolution`
	case ErrIndexRange:
		return "path segment index out of range"
	}
	return string(c)
}

// An Error describes why a strict parse, a build or an edit failed: the
// first violation found.
type Error struct {
	// Offset is the byte offset in Input of the offending byte; -1 when
	// the error has no position.
	Offset int
	// Code says what is wrong; it is also the sentinel for errors.Is.
	Code Code
	// Input is the text that was parsed (for an edit, the value that was
	// refused).
	Input string
	// Component is the component being parsed, or "" when the error
	// belongs to none.
	Component Component
}

// Error returns a message such as
// `uri: offset 1 (path): "a b": ' ': character not allowed here`. It quotes
// at most 40 bytes of Input on each side of the offset, with "…" where the
// input goes on, so that its length does not depend on the input's. The
// offending character is shown whole ('§'), or as '\xNN' when the bytes at
// the offset are not valid UTF-8.
func (e *Error) Error() string {
	msg := e.Code.Message()
	if e.Offset >= 0 && e.Offset < len(e.Input) && e.Code != ErrPortRange && e.Code != ErrUnknownLevel {
		b := appendChar(make([]byte, 0, 16+len(msg)), e.Input[e.Offset:])
		b = append(b, ": "...)
		msg = string(append(b, msg...))
	}
	return diag.Error("uri", e.Offset, string(e.Component), e.Input, msg)
}

// appendChar appends, quoted, the character that s starts with: the whole
// rune when s starts with valid UTF-8 (so "§" shows as '§', not as its
// first byte read as Latin-1), else its first byte as '\xNN'.
func appendChar(b []byte, s string) []byte {
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && size <= 1 {
		const hex = "0123456789abcdef"
		return append(b, '\'', '\\', 'x', hex[s[0]>>4], hex[s[0]&0xf], '\'')
	}
	return strconv.AppendQuoteRune(b, r)
}

// Unwrap returns the error's Code, for errors.Is.
func (e *Error) Unwrap() []error { return []error{e.Code} }

// A Finding is one deviation from RFC 3986 that ParseLenient accepted. It
// carries the same facts as an [*Error].
//
// The repeats of a deviation (same Component and Code) are collapsed into
// the Finding of its first occurrence, so that the findings of a parse
// never grow with the input: Count is then the number of occurrences and
// Offsets holds the offsets of the first up to 8 of them, Offsets[0]
// being Offset. A deviation that occurred once has Count 0 and no
// Offsets.
type Finding struct {
	// Offset is the byte offset in the input of the offending byte (its
	// first occurrence).
	Offset int
	// Code says what is wrong.
	Code Code
	// Component is the component the byte belongs to.
	Component Component
	// Count is the number of occurrences; 0 or 1 means one.
	Count int
	// Offsets are the offsets of the first occurrences, at most 8 of
	// them, set only when Count > 1.
	Offsets []int
}

// merge counts one more occurrence of f's deviation, at off.
func (f *Finding) merge(off int) { collapse.Add(f.Offset, &f.Count, &f.Offsets, off) }

// Message returns the human description of the finding's code.
func (f Finding) Message() string { return f.Code.Message() }

// String returns the finding's line as every package writes it
// (internal/diag): "offset 4 (path): code: message", followed by
// " (12 times)" when it occurred more than once.
func (f Finding) String() string { return diag.FindingString(f.diag()) }

// MarshalJSON returns the finding in the record contract's names (through
// internal/diag): {"offset", "code", "message", "component", "count"?, "offsets"?}.
func (f Finding) MarshalJSON() ([]byte, error) { return diag.MarshalFinding(f.diag()) }

// diag returns the finding as internal/diag writes it.
func (f Finding) diag() diag.Finding {
	return diag.Finding{Offset: f.Offset, Code: string(f.Code), Message: f.Message(), Component: string(f.Component), Count: f.Count, Offsets: f.Offsets}
}
