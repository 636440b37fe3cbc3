// Package dataurl implements the Fetch Standard's data: URL processor
// (https://fetch.spec.whatwg.org/#data-urls) and the MIME Sniffing
// Standard's MIME type parser and serializer
// (https://mimesniff.spec.whatwg.org/#parsing-a-mime-type).
//
// Parse parses a data: URL as a browser does: the URL Standard's parser
// first (package whatwg), then the processor's steps: the MIME type is
// what precedes the first ",", the body what follows it, percent-decoded
// as bytes (package percent), then, when the MIME type ends with
// ";base64", decoded with the Infra Standard's forgiving-base64 decode. A
// MIME type that does not parse is replaced by text/plain;charset=US-ASCII,
// as the standard says, and a "%" of the body not followed by two hex
// digits stays as it is. The standard says nothing of either;
// ParseWithFindings reports them as findings ([Finding], with the record
// contract's JSON). MustParse panics on what Parse refuses; FromURL runs
// the processor on a URL already parsed.
//
//	d, _ := dataurl.Parse("data:text/plain;charset=utf-8;base64,aGk=")
//	d.MIMEType.String() // text/plain;charset=utf-8
//	d.Body              // []byte("hi")
//
// ParseMIMEType parses a MIME type on its own ("Content-Type" values);
// a MIMEType keeps its parameters in order and serializes as the standard
// says. Encode builds a data: URL from bytes and a MIME type (the zero
// MIMEType for the default, text/plain;charset=US-ASCII), choosing base64
// or percent-encoding by whichever is shorter; Parse gives the bytes back.
//
// A DataURL is a value with a text form: String, AppendTo and
// MarshalText/UnmarshalText (hence JSON) write it as Encode does, the zero
// DataURL as ""; MIMEType has the same.
//
// Errors are of type *Error: a stable Code (itself an error, for
// errors.Is), the byte offset in the input and the input, whose message
// quotes a window of at most 40 bytes each side of the offset.
//
// # Cost
//
// Every operation takes time linear in its input and allocates at most a
// small multiple of it (bounded_test.go holds each to 8 bytes per input
// byte): the body once, the URL's serialization when the input is not
// one already, and the MIME type's serialization when it is not written
// as the standard serializes it. Duplicate parameter names are found
// with a hash table (hash/maphash) beyond 16 parameters, so that a MIME
// type of many parameters costs no quadratic time.
//
// The implementation follows the standards' texts; the conformance tests
// run the web-platform-tests corpora data-urls.json, base64.json,
// mime-types.json and generated-mime-types.json in full.
package dataurl
