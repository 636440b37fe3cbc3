// Package uri implements RFC 3986 URI references: strict and lenient
// parsing, lossless values, building, reference resolution,
// relativization, normalization and comparison, and conversion to and
// from net/url.
//
// # Values
//
// A [Reference] is a small comparable value holding the input string and
// the offsets of its components, modelled on net/netip.Addr. [Parse]
// allocates nothing for a valid input, String returns the input byte for
// byte, and absent components differ from empty ones ("a:" has no query,
// "a:?" an empty one, "//" an empty host). Raw accessors (Scheme,
// Userinfo, Host, Port, Path, Query, Fragment) return slices of the input;
// decoded views (PathSegments, QueryPairs, DecodedHost, ...) decode each
// piece on its own, so "/a%2Fb" is the one segment "a/b".
//
// # Strict and lenient
//
// [Parse] and [ParseURI] follow the ABNF of RFC 3986 (with RFC 6874 zone
// identifiers in IPv6 literals) and fail on the first violation with an
// [*Error] that gives the byte offset, the [Component] and a stable
// [Code]; the codes are sentinels for errors.Is. Ports above 65535 are
// rejected too. [ParseLenient] splits the same way but accepts what real
// URLs contain and returns every deviation as a [Finding], the repeats of
// one counted in a single Finding; a Finding marshals to the JSON of the
// library's findings ({"offset", "code", "message", "component", "count",
// "offsets"}).
//
// # Editing
//
// [Reference.With], [Reference.WithDecoded] and [Reference.Without] set
// and remove components; the path is also a list of segments
// ([Reference.AppendPathSegment] and the like: "/" in a segment is
// encoded, never splitting it) and the query a form.RawQuery
// ([Reference.EditQuery]), which keeps every pair it does not change byte
// for byte. [Reference.JoinPath] and [Reference.Redacted] are those of
// net/url. Every edit is checked by a strict parse.
//
// # Resolution and normalization
//
// [Resolve] is RFC 3986 §5.2 for a strict parser; it resolves only
// against an absolute base URI and returns an error for a base without a
// scheme. [Relativize] is its inverse, never longer than the target; like
// Resolve, it takes the base first.
// [Normalize] applies a [Level], a set of steps: [Syntax] (§6.2.2),
// [SchemeBased] (§6.2.3) and [Full] (which also sorts the query and drops
// empty queries and fragments) are the ladders. [Equal]
// compares under a level.
//
// Where this package goes beyond the letter of the RFC it says so: when a
// recomposed reference has no authority and a path starting with "//", a
// "/." is put in front of the path (otherwise the path would read as an
// authority), and a relative path whose first segment holds a ":" gets
// "./" in front.
//
// # net/url
//
// [Reference.NetURL] gives the *url.URL that url.Parse gives for the same
// text, field by field, and [FromNetURL] converts back. [DefaultPort] is
// the table of default ports that normalization uses.
package uri
