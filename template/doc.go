// Package template implements URI Templates (RFC 6570), all four levels.
//
// [Parse] compiles a template once; [Template.Expand] and
// [Template.AppendExpand] fill it in with [Vars] (strings, lists and
// ordered pairs), percent-encoding the data with the sets of package
// github.com/urikit/urikit/percent. [Template.Match] reads a URI back into
// the variables of a template that could have produced it, for the
// templates where the answer is unique.
package template
