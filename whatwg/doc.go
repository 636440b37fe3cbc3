// Package whatwg implements the WHATWG URL Standard (https://url.spec.whatwg.org/):
// the basic URL parser with an optional base URL, the host parser (domains
// through UTS #46 IDNA, IPv4 in all its legacy number forms, IPv6 with
// compressed serialization, opaque hosts), the URL serializer, and the
// JavaScript URL API's getters and setters with their state overrides.
//
// A URL is a value, as netip.Addr is. Parse parses an absolute URL; a
// base URL's Parse method resolves a reference against it (JavaScript's
// new URL(ref, base)):
//
//	base, _ := whatwg.Parse("https://example.org/a/b")
//	u, err := base.Parse("../c?x#y") // https://example.org/c?x#y
//
// ParseInto parses into a caller's URL and CanParse only reports whether
// the input parses, without allocating unless the input is long or its
// host needs IDNA or percent-decoding; each has a method form on a base.
// ParseWithFindings also returns the validation errors the parser met, as
// Findings with the URL Standard's names ("invalid-URL-unit",
// "special-scheme-missing-following-solidus", ...) and byte offsets into
// the input, whether or not parsing succeeded; each code is reported once,
// with a count and its first offsets, so the list stays short. A failed
// parse returns an *Error holding the validation error that caused it;
// the codes are typed constants (Code) that errors.Is matches:
// errors.Is(err, whatwg.ErrHostMissing).
//
// # Cost
//
// Every operation takes time linear in its input and allocates at most a
// small multiple of it whatever the input (bounded_test.go allows 8 bytes
// for each byte of input; a parse that percent-encodes everything takes
// about 3, a setter about 6 with the new href): error lists are merged,
// messages quote at most 40 bytes either side of the offset, and hosts go
// through IDNA one label at a time.
//
// # Representation
//
// A URL stores its serialization (href) once plus the offsets of the
// components, in the manner of ada's url_aggregator, so getters are
// slicing and allocate nothing. The offsets are 16-bit, which keeps a URL
// at 32 bytes; an href longer than 64 KiB is parsed again by the getters
// to find them. The parser writes the serialization in one
// forward pass; while the output equals the input it copies nothing, so
// parsing an already-normalized URL allocates nothing: its href is the
// input string itself. An absolute URL already in
// serialized form (most URLs met in bulk: lower-case scheme and domain,
// nothing to percent-encode, no dot segment) does not even enter the
// state machine: a separate fast path checks it in one pass, eight bytes
// a step, and fills in the offsets; anything else it leaves to the state
// machine, which gives the same result.
//
// The setters (SetHref, SetProtocol, SetUsername, ...) follow the URL
// Standard's API: they rerun the relevant parser state with a state
// override and silently ignore values the standard ignores; only SetHref
// reports an error.
//
// # Editing
//
// For Go callers, who need to know when a change did not apply, each
// setter has a Try form (TrySetProtocol, TrySetHost, TrySetPort, ...)
// returning an *Error with the component, a code and the offset in
// the value. SetComponent takes a decoded value and encodes it with the
// component's percent-encode set ("%" included); SetComponentRaw takes an
// encoded value and refuses it where the component would change it. The
// path is also a list of segments (AppendPathSegment, InsertPathSegment,
// ReplacePathSegment, RemovePathSegment: "/" in a segment is encoded,
// never splitting it) and the query a form.RawQuery (QueryParams,
// SetQueryParams, EditQuery), which keeps every pair it does not change
// byte for byte. JoinPath and Redacted are those of net/url.
//
// # Deviations
//
// Input is a Go string, which may hold invalid UTF-8. Where the standard's
// input would be a scalar value string, each byte of an invalid sequence is
// kept and percent-encoded (as %XX) rather than replaced by U+FFFD, so no
// data is silently lost; in a domain, invalid UTF-8 makes the host (and
// the parse) fail, as U+FFFD would. Only UTF-8 is supported as the query
// encoding.
//
// UTS #46 ToASCII comes from package idna (idna.go is the only file that
// calls it), with the standard's options. The host parser lowercases ASCII
// domains itself, whatever their labels ("xn--" included), as the
// standard's domain parser does; only ParseWithFindings asks strict ToASCII
// about them, to report domain-to-ASCII.
//
// Search parameters (URLSearchParams) are provided by the form package.
package whatwg
