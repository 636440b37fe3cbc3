// Package template implements URI Templates (RFC 6570), all four levels.
//
// [Parse] compiles a template once into a [Template] value;
// [Template.Expand] and [Template.AppendExpand] fill it in with [Vars]
// (strings, lists and ordered pairs), percent-encoding the data with the
// sets of package github.com/urikit/urikit/percent. [Template.Match] reads
// a URI back into the variables of a template that could have produced it,
// for the templates where the answer is unique, and only returns values
// that expand to the URI.
//
// Parse refuses literal text that RFC 6570 §2.1 does not allow (a space,
// a control, one of " < > \ ^ ` |, a "%" not followed by two hex digits)
// with the byte offset of the character, as §3 asks; [ParseLenient]
// percent-encodes such text instead and reports it as [Finding]s.
//
// Errors are [*Error] values whose [Code] is also the sentinel for
// errors.Is (ErrUnclosed, ErrInvalidLiteral, ErrNoMatch …).
package template
