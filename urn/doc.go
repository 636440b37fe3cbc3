// Package urn parses Uniform Resource Names as RFC 8141 defines them:
//
//	urn:<NID>:<NSS>[?+<r-component>][?=<q-component>][#<f-component>]
//
// [Parse] follows the RFC's ABNF exactly. The scheme "urn" is matched in
// any case. The namespace identifier (NID) is 2 to 32 letters, digits and
// hyphens, beginning and ending with a letter or digit. The namespace
// specific string (NSS) is one or more RFC 3986 pchar (unreserved,
// percent-encoded, sub-delims, ":" and "@") or "/", not beginning with
// "/". The r-component (after "?+") and the q-component (after "?=") each
// begin with a pchar and go on with pchar, "/" and "?"; the r-component
// ends at the first "?=" or "#", the q-component at "#". The
// f-component is an RFC 3986 fragment and may be empty. Every "%" must
// start an escape of two hex digits. Characters outside ASCII are not
// allowed: a URN carries them percent-encoded as UTF-8 (§2.2).
//
// A failure is an [*Error] with the byte offset of the problem, the
// component it is in and a stable [Code]; its message quotes at most
// about 40 bytes of the input on each side of the offset. [MustParse]
// panics on what Parse refuses. A URN is text: [URN.String],
// [URN.AppendTo] and MarshalText/UnmarshalText (hence JSON) give it, the
// zero URN as "", as netip.Addr does.
//
// # Equivalence
//
// [Equal] is URN-equivalence (§3.1): the two assigned names ("urn:", NID,
// ":", NSS) are compared octet by octet after the "urn" scheme and the NID
// are lowercased and the hex digits of every escape are uppercased. The
// r-, q- and f-components are ignored. Escapes are not decoded: "%2C" and
// "," differ. The NSS is otherwise case-sensitive; namespaces that define
// more equivalences (case-insensitive NSS, say) need code of their own,
// and no namespace needs any here. [URN.Key] is the normalized assigned
// name that Equal compares, usable as a map key.
//
// # Cost
//
// A URN is a comparable value holding its input and the offsets of its
// components. Parse, the accessors and Equal allocate nothing; a failing
// Parse allocates its *Error; Key allocates the normalized name (unless
// the input is in normal form already), and [URN.AppendKey] appends it to
// a caller's buffer. Every operation runs in time linear in its input.
//
// The package uses the standard library only.
package urn
