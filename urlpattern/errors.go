package urlpattern

import (
	"strconv"
	"unicode/utf8"
)

// Error codes of *Error.
const (
	// ErrInvalidPattern: the pattern string does not tokenize or parse
	// (an unclosed group, a ":" without a name, a stray token).
	ErrInvalidPattern = "invalid-pattern"
	// ErrDuplicateName: two groups of one component have the same name.
	ErrDuplicateName = "duplicate-name"
	// ErrInvalidComponent: fixed text of the pattern is not valid in its
	// component (the URL parser's canonicalization failed on it).
	ErrInvalidComponent = "invalid-component"
	// ErrInvalidRegexp: a custom regexp group is not a valid ECMAScript
	// regexp (with the v flag).
	ErrInvalidRegexp = "invalid-regexp"
	// ErrUnsupportedRegexp: a custom regexp group uses a construct that
	// ECMAScript has and RE2 lacks (lookaround, backreferences, v-flag set
	// operations, repetition counts over 1000…); Construct names it.
	ErrUnsupportedRegexp = "unsupported-regexp"
	// ErrInvalidBaseURL: the base URL does not parse.
	ErrInvalidBaseURL = "invalid-base-url"
	// ErrMissingProtocol: a constructor string without a protocol and
	// without a base URL.
	ErrMissingProtocol = "missing-protocol"
	// ErrBaseURLWithInit: a base URL given both in an Init and as an
	// argument, which the standard rejects.
	ErrBaseURLWithInit = "base-url-with-init"
	// ErrGenerate: Pattern.Generate cannot fill the component.
	ErrGenerate = "generate"
	// ErrTooLong: the pattern is longer than MaxPatternLength.
	ErrTooLong = "too-long"
)

// Error is the error of New and of the functions that build a pattern.
// Component is the component whose pattern failed ("protocol" …
// "hash"; "" for the constructor string or the base URL), Offset the byte
// offset in that component's pattern string (or in the base URL), Input the
// text the offset is in. For ErrUnsupportedRegexp and ErrInvalidRegexp,
// Construct names what RE2 cannot express or what is malformed.
type Error struct {
	Component string
	Code      string
	Offset    int
	Input     string
	Construct string
	Message   string
	err       error
}

// Error returns the code, the component, the offset, a window of the input
// around the offset (at most 40 bytes each side) and the message.
func (e *Error) Error() string {
	s := "urlpattern: "
	if e.Component != "" {
		s += e.Component + " "
	}
	s += e.Code + " at offset " + strconv.Itoa(e.Offset)
	if e.Input != "" {
		s += " in " + quoteWindow(e.Input, e.Offset)
	}
	if e.Construct != "" {
		s += ": " + e.Construct
	} else if e.Message != "" {
		s += ": " + e.Message
	}
	return s
}

// Unwrap returns the underlying error (the whatwg error of a component
// that failed canonicalization), if any.
func (e *Error) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.err
}

const window = 40

func quoteWindow(s string, off int) string {
	off = min(max(off, 0), len(s))
	start, end := max(off-window, 0), min(off+window, len(s))
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
