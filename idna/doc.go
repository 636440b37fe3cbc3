// Package uts46 implements Unicode IDNA Compatibility Processing (UTS #46)
// and RFC 3492 Punycode, as the WHATWG URL Standard uses them for hosts.
//
// Options carries the UTS #46 flags; Options.ToASCII and Options.ToUnicode
// run the ToASCII and ToUnicode operations. DomainToASCII and DomainToUnicode
// are the URL Standard's "domain to ASCII" and "domain to Unicode".
//
// The IDNA mapping table, the character properties (Bidi_Class,
// Joining_Type, General_Category, virama) and the normalization data are
// generated from Unicode data files by internal/gentables into
// tables_gen.go, so the package does not depend on the Unicode version of
// golang.org/x/net/idna or golang.org/x/text (15.0 with Go 1.26), which lag
// behind the version the web-platform-tests expect. The IDNA mapping table and
// the properties are Unicode 17.0, as IdnaTestV2 in web-platform-tests is. NFC
// is implemented here too, on Unicode 17.0 data (the generator's UnicodeData is
// 16.0; it adds the combining classes of the marks new in 17.0, which brought
// no new decompositions).
//
// Work on hostile input is bounded: time and memory are linear in the input.
// A domain is processed one label at a time, in work space that is reused
// from label to label, so that many labels cost no more than one of their
// total length; Punycode, which takes quadratic time, is refused for labels
// of more than 1000 code points (CodeTooLong), which ToASCII reports as soon
// as mapping has made that certain; and long runs of combining marks are
// reordered by a counting sort. Results are built with few allocations:
// about the input's size for ToASCII and DomainToASCII, and the result's for
// ToUnicode (which can be longer than the input: U+FDFA maps to 18 code
// points).
//
// Errors are *Error values with a stable Code, the label index and a byte
// offset; each Code is itself an error usable with errors.Is.
package idna
