// Package percent implements percent-encoding as RFC 3986 §2 defines it, the
// percent-encode sets of the WHATWG URL Standard, the
// application/x-www-form-urlencoded byte serializer, and the JavaScript
// encodeURI/encodeURIComponent sets.
//
// An encode set ([Set]) names the bytes that must be encoded; every byte not
// in the set is copied as it is. A Set is opaque: it comes from the
// predefined sets, from [SetByName] (the names of "urikit encode --set"),
// or from the methods that derive one set from another, never from a
// string. Producers emit uppercase hex digits, never
// encode unreserved characters (ALPHA, DIGIT, "-", ".", "_", "~") in the
// RFC 3986 sets, and encode non-ASCII text as its UTF-8 octets.
//
// Decoding is strict by default: a "%" not followed by two hex digits, an
// escape cut off by the end of the input, a legacy %uXXXX escape and (for
// text) a result that is not valid UTF-8 are errors of type [*Error], which
// carry the byte offset of the offending escape and a stable [Code]; the
// codes are sentinels for errors.Is. The tolerant calls,
// [Decoder.DecodeLenient] and its siblings, keep every invalid escape byte
// for byte and return what they kept as [Finding]s, the repeats of one
// problem counted in a single Finding (Decoder.Lenient makes the other
// methods as tolerant, reporting nothing, for hot paths that have nothing
// to report). Nothing is replaced by U+FFFD unless the caller asks for it
// (Decoder.ReplaceInvalidUTF8).
//
// Every encoder and decoder has an Append form (as strconv.AppendInt) that
// allocates nothing when dst has room; the string forms return their input
// without allocating when it needs no change.
//
// On amd64, the encoder and the decoder run vector loops written in
// assembly: AVX-512 ones (BW, VBMI and VBMI2; 64 input bytes per vector) or,
// on CPUs without those, AVX2 ones (32 bytes per vector), with the same
// results as the portable loops, which every other CPU and architecture
// uses, as does a build with the purego tag.
package percent
