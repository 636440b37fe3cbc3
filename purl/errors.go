package purl

import "github.com/urikit/urikit/internal/diag"

// A Component names a part of a purl.
type Component string

// The components of a purl, in the order a purl writes them.
const (
	ComponentScheme     Component = "scheme"
	ComponentType       Component = "type"
	ComponentNamespace  Component = "namespace"
	ComponentName       Component = "name"
	ComponentVersion    Component = "version"
	ComponentQualifiers Component = "qualifiers"
	ComponentSubpath    Component = "subpath"
)

// A Code is a stable, machine-readable name for a reason a text is not a
// purl, or components do not make one. Codes are errors themselves, so
// they serve as sentinels: errors.Is(err, purl.ErrMissingName).
type Code string

// Error returns the code's name.
func (c Code) Error() string { return string(c) }

// The codes of the errors of Parse, Build and FromRepositoryURL.
const (
	// ErrScheme: the text does not begin with "pkg:" (in any case).
	ErrScheme Code = "invalid-scheme"
	// ErrInvalidChar: a byte a purl may not hold even percent-encoded
	// elsewhere: a control, a space, or a byte outside ASCII (a purl is an
	// ASCII string: such characters are written percent-encoded as UTF-8).
	ErrInvalidChar Code = "invalid-char"
	// ErrInvalidEscape: a "%" not followed by two hex digits.
	ErrInvalidEscape Code = "invalid-escape"
	// ErrInvalidUTF8: a component whose percent-decoded bytes are not
	// UTF-8.
	ErrInvalidUTF8 Code = "invalid-utf8"
	// ErrMissingType: no type follows "pkg:".
	ErrMissingType Code = "missing-type"
	// ErrInvalidType: the type holds a character other than ASCII letters,
	// digits, ".", "+" and "-", or begins with a digit.
	ErrInvalidType Code = "invalid-type"
	// ErrMissingName: the name is empty.
	ErrMissingName Code = "missing-name"
	// ErrEmptyVersion: an "@" followed by nothing.
	ErrEmptyVersion Code = "empty-version"
	// ErrNamespaceRequired: the type's definition requires a namespace
	// and there is none.
	ErrNamespaceRequired Code = "namespace-required"
	// ErrNamespaceProhibited: the type's definition prohibits a namespace
	// and there is one.
	ErrNamespaceProhibited Code = "namespace-prohibited"
	// ErrSlashInSegment: a namespace or subpath segment holds "/" once
	// percent-decoded.
	ErrSlashInSegment Code = "slash-in-segment"
	// ErrInvalidKey: a qualifier key that is empty, holds a character other
	// than ASCII letters, digits, ".", "-" and "_", or begins with a digit.
	ErrInvalidKey Code = "invalid-qualifier-key"
	// ErrMissingEquals: a qualifier without "=".
	ErrMissingEquals Code = "missing-equals"
	// ErrDuplicateKey: a qualifier key given twice.
	ErrDuplicateKey Code = "duplicate-qualifier-key"
	// ErrQualifierRequired: the type's definition requires a qualifier the
	// purl does not have.
	ErrQualifierRequired Code = "qualifier-required"
	// ErrNotPermitted: a component that the type's definition does not
	// permit (its permitted_characters, or a rule of its notes).
	ErrNotPermitted Code = "not-permitted"
	// ErrTooLong: the input is longer than 1 GiB.
	ErrTooLong Code = "input-too-long"
	// ErrNoRepository: FromRepositoryURL does not know the URL's
	// repository, or the URL does not name one package there.
	ErrNoRepository Code = "unknown-repository-url"
)

// Message returns a one-line human description of the code.
func (c Code) Message() string {
	switch c {
	case ErrScheme:
		return `a purl begins with "pkg:"`
	case ErrInvalidChar:
		return "character not allowed in a purl (controls, space and non-ASCII are percent-encoded)"
	case ErrInvalidEscape:
		return "% not followed by two hex digits"
	case ErrInvalidUTF8:
		return "percent-decoded bytes are not valid UTF-8"
	case ErrMissingType:
		return "the type is missing"
	case ErrInvalidType:
		return `a type is ASCII letters, digits, ".", "+" and "-", not beginning with a digit`
	case ErrMissingName:
		return "the name is missing"
	case ErrEmptyVersion:
		return `"@" is not followed by a version`
	case ErrNamespaceRequired:
		return "this type requires a namespace"
	case ErrNamespaceProhibited:
		return "this type has no namespace"
	case ErrSlashInSegment:
		return `a namespace or subpath segment does not hold "/" (not even percent-encoded)`
	case ErrInvalidKey:
		return `a qualifier key is ASCII letters, digits, ".", "-" and "_", not beginning with a digit`
	case ErrMissingEquals:
		return `a qualifier is key=value`
	case ErrDuplicateKey:
		return "a qualifier key appears once"
	case ErrQualifierRequired:
		return "this type requires a qualifier that is missing"
	case ErrNotPermitted:
		return "this type does not permit this value"
	case ErrTooLong:
		return "the input is longer than 1 GiB"
	case ErrNoRepository:
		return "not the URL of a package in a known repository"
	}
	return string(c)
}

// An Error describes why a text is not a purl, or why components do not
// make one.
type Error struct {
	// Input is the text that was parsed; empty for Build.
	Input string
	// Offset is the byte offset of the problem in Input, or -1 when the
	// error has no position (Build).
	Offset int
	// Component is the component holding the problem.
	Component Component
	// Code says what is wrong; it is the sentinel for errors.Is.
	Code Code
	// Key is the qualifier key of ErrQualifierRequired and
	// ErrDuplicateKey.
	Key string
}

// Error returns a message such as
// `purl: offset 4 (type): "pkg:3nginx/nginx": a type is ...`. It quotes at
// most about 40 bytes of the input on each side of the offset.
func (e *Error) Error() string {
	msg := e.Code.Message()
	if e.Key != "" {
		msg += ": " + e.Key
	}
	return diag.Error("purl", e.Offset, string(e.Component), e.Input, msg)
}

// Unwrap returns the code, for errors.Is.
func (e *Error) Unwrap() []error { return []error{e.Code} }
