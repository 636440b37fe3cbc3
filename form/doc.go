// Package form implements application/x-www-form-urlencoded as the WHATWG
// URL Standard defines it, with the semantics of the URLSearchParams
// interface that browsers expose.
//
// # Parsing
//
// [Parse] is the standard's urlencoded parser: the input is split on "&",
// empty sequences are dropped, each sequence is split on its first "=",
// "+" becomes a space, escapes are percent-decoded to bytes and the bytes
// are decoded as UTF-8 without BOM handling, each maximal invalid
// subsequence becoming U+FFFD. A "%" that does not start a valid escape is
// kept as it is. Parse never fails; that is what the standard asks for, and
// it means that invalid UTF-8 is replaced. [ParseStrict] reports the first
// malformed escape or invalid UTF-8 sequence instead, as an [*Error]
// whose Offset is a byte offset in the whole input (its cause is the
// [*percent.Error] of the name or value). [ParseSearchParams] is
// Parse after stripping one leading "?", as the URLSearchParams
// constructor does.
//
// # Values
//
// [Values] is an ordered list of name/value [Pair]s. Its methods follow
// URLSearchParams: Append, Delete, DeleteValue, Get, GetAll, Has, HasValue,
// Set, Sort (stable, comparing names by UTF-16 code units as the standard
// says, not by UTF-8 bytes), Len, All (a range-over-func iterator) and
// String, the standard's urlencoded serializer. Names and values are Go
// strings, serialized byte by byte: non-ASCII text comes out as UTF-8
// escapes. A string that is not valid UTF-8 is serialized without loss
// ("\xff" becomes "%FF"), but Parse decodes such escapes to U+FFFD.
//
// [Values.URLValues] and [FromURLValues] convert to and from net/url.Values,
// which is a map: it loses the order of the pairs across names.
//
// # Raw-preserving editing
//
// Code that signs URLs must not re-encode what it did not change. [RawQuery]
// keeps the raw bytes of every pair: [ParseRaw] followed by
// [RawQuery.String] gives back the input byte for byte, and Set, Append and
// Delete touch only the pairs they change, so "a=%7e&b=1" with b set to 2
// becomes "a=%7e&b=2". Replace changes a pair only when there is one.
//
// # Performance
//
// Parse returns names and values that share memory with the input when they
// need no decoding, and puts every decoded name and value of one call into
// a single string: a parse allocates the list of pairs and, when anything
// needs decoding, that one string. String allocates once for the result
// and [Values.AppendTo] appends to a caller's buffer without allocating
// (or grows it once, to the exact size).
//
// What a call allocates is bounded by its input, whatever the input: the
// list of pairs takes 32 bytes per pair (a Pair is two string headers), so
// up to 16 bytes per input byte for a form of one-byte pairs ("a&a&…"),
// while empty sequences ("&&&…") take nothing; everything else takes at
// most 8 bytes per input byte. A [RawQuery] takes 16 bytes per pair. Time
// is linear in the input, except for sorting (n log n comparisons).
//
// # Design
//
// The project's design notes model parsed values on net/netip (a
// comparable value of offsets into the input). Values is instead a plain
// slice of pairs, because URLSearchParams is an editing interface: pairs
// are appended, set, deleted and sorted, and a slice makes those cheap and
// lets callers range, index and build literals. The lossless
// representation the notes ask for is [RawQuery], whose String is its input
// byte for byte until it is edited.
package form
