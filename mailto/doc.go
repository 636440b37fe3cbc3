// Package mailto parses and builds mailto: URLs as RFC 6068 defines them:
//
//	mailto:addr1@example.org,addr2@example.org?cc=c@example.org&subject=Hi&body=Hello%20there
//
// [Parse] reads a URL into a [Message]: the addresses of its path and of
// its "to" header fields (which §2 makes equivalent) in To, those of "cc"
// and "bcc" in Cc and Bcc, the "subject" field, the "body" pseudo field,
// and every other header field in order, all percent-decoded as UTF-8.
// "+" is a plus sign, never a space. Parse is strict: it fails with an
// [*Error] (byte offset, part of the URL, stable [Code]) on what the RFC's
// grammar and §2 forbid, among them an address that is not an RFC 5322
// addr-spec (a display name, a comment, whitespace), a character that
// must be percent-encoded, a second subject or body, a fragment, escapes
// that are not UTF-8. Its messages quote at most about 40 bytes of the
// input on each side of the offset. [MustParse] panics on what Parse
// refuses.
//
// [ParseLenient] takes what links in the wild hold (raw spaces and
// characters beyond ASCII, display names, "%" alone, a repeated subject,
// a fragment), fails only on a missing "mailto:", and reports what it
// tolerated as findings: one [Finding] per code and part of the URL, with
// the number of occurrences and their first offsets, so that the list
// never grows with the input; a Finding marshals to the record contract's
// JSON.
//
// [Build] (and [Message.String], [Message.AppendTo], [Message.MarshalText],
// which writes the zero Message as "") writes a message as a
// mailto: URL with RFC 6068's encoding rules, which are not those of HTML
// forms: space is "%20", never "+"; in addresses "%", "/", "?", "#", "[",
// "]", "&", ";", "=" and "," are encoded (and "@" in the local-part, so
// that one "@" shows), in header fields "&", "=", "#", ";" and "+" too;
// characters beyond ASCII are encoded as UTF-8. The encode sets are made
// from package percent's sets with its set API. Parse(Build(m)) is m for
// every message whose addresses are addr-specs.
//
// Parse allocates the lists of the message and the decoded text of what
// holds escapes; text without escapes shares the input's memory. The
// lists take 16 bytes per address and 32 per header field, so up to 16
// bytes per input byte for a URL of one-byte fields ("?=&=&=…"); the rest
// takes at most one byte per input byte. Build allocates its result once;
// [Message.AppendTo] into a large enough buffer allocates nothing. Both
// directions run in time linear in their input.
//
// The package uses the standard library and package percent.
package mailto
