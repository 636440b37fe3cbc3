// Package idna implements Unicode IDNA Compatibility Processing (UTS #46)
// and RFC 3492 Punycode: domain names to and from their ASCII (A-label)
// form, on Unicode 17.0 data.
//
// A Profile is a plain struct of the UTS #46 options (CheckHyphens,
// CheckBidi, CheckJoiners, UseSTD3ASCIIRules, Transitional,
// VerifyDNSLength, IgnoreInvalidPunycode; and RejectMapped, for names to
// register); its zero value is safe. Ready profiles are returned by value:
// URL and URLStrict (the URL Standard's "domain to ASCII" with beStrict
// false and true), and Lookup, Display and Registration (the options of
// golang.org/x/net/idna's profiles of the same names). Profile.ToASCII and
// Profile.ToUnicode, and their Append forms, run the UTS #46 operations;
// ToUnicode returns its result together with the error, since the result
// is still fit to show. ToASCII and ToUnicode, the functions, are those
// of the zero Profile: the entry points for a name to convert
// (ToASCII("bücher.de") is "xn--bcher-kva.de"). DomainToASCII and
// DomainToUnicode are the URL
// Standard's "domain to ASCII" (with its shortcut for ASCII names) and
// "domain to Unicode" with beStrict false, DomainToASCIIStrict and
// DomainToUnicodeStrict with beStrict true. PunycodeEncode and
// PunycodeDecode (and their Append forms) are raw RFC 3492 Punycode of one
// label: no mapping, no "xn--" prefix; they are not ToASCII.
//
// Errors are *Error values (API.md §2): a Code that names the rule
// violated (a stable string, which is also an error usable with
// errors.Is), its UTS #46 rule ("V7", "B1-B6"...), the byte offset of the
// problem in the input (-1 for none), the input, the index and offset of
// the label, and the label's text, cut to a window of 40 bytes each side
// of the offset. The message quotes the same window of the input, so that
// it never grows with the input.
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
// no new decompositions). The package imports the standard library only.
//
// Work on hostile input is bounded: time and memory are linear in the input.
// A domain is processed one label at a time, in work space that is reused
// from label to label, so that many labels cost no more than one of their
// total length; Punycode, which takes quadratic time, is refused for labels
// of more than 1000 code points (ErrTooLong), which ToASCII reports as soon
// as mapping has made that certain; and long runs of combining marks are
// reordered by a counting sort. Results are built with few allocations:
// about the input's size for ToASCII and DomainToASCII, and the result's for
// ToUnicode (which can be longer than the input: U+FDFA maps to 18 code
// points). AppendASCII and AppendUnicode do not allocate when their dst has
// room and the domain is ASCII without "xn--" labels.
package idna
