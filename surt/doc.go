// Package surt computes SURT keys (Sort-friendly URI Reordering
// Transform), the first field of the CDX index lines of web archives,
// as the Internet Archive's CDX writers make them: the defaults of
// Python surt.surt(), the port of webarchive-commons'
// WaybackURLKeyMaker.
//
//	http://www.Example.com:80/a/b/?b=2&a=1#top  →  com,example)/a/b?a=1&b=2
//
// # The steps
//
// Key makes the key of a URL in these steps, each the reference's unless
// it says otherwise.
//
//  1. The empty string is "-". A text starting with "filedesc" or
//     "warcinfo" (the records of ARC and WARC files) is its own key.
//  2. White space is trimmed at both ends; tabs, CR and LF are removed
//     everywhere.
//  3. A text without a scheme gets "http://". Repeated "http://" or
//     "https://" prefixes keep the last ("http://https://a.b" is
//     "https://a.b").
//  4. The URL is split as RFC 3986 Appendix B does. The userinfo is
//     dropped, and so are colons ending the authority. The port must be
//     digits up to 65535 (ErrInvalidPort); port 0 counts as none. For
//     http(s), "http:////host/x" takes host from the path. A URL of
//     http, https, ftp, ws or wss without a host has no key
//     (ErrMissingHost).
//  5. The host is percent-decoded until no escape is left and converted
//     to A-labels when it is not ASCII (UTS #46, see package idna); each
//     ".." becomes "." (once) and dots are trimmed at both ends. An all-digit host is a
//     32-bit number ("3279880203" is 195.127.0.11), a dotted-number host
//     is read as inet_aton reads it ("017.0.0.1" is 15.0.0.1, "10.0.258"
//     is 10.0.1.2). Otherwise it is lowercased and escaped.
//  6. A first label "www", "www1", "www2"… is dropped, unless Options.KeepWWW,
//     and unless what remains is itself a public suffix (see below).
//  7. The port is dropped when it is 80 for http or 443 for https.
//  8. The path is percent-decoded until no escape is left, its dot
//     segments resolved (a ".." above the root stays) and empty segments
//     dropped, then escaped (bytes up to space, "#", "%", and from 0x7F)
//     and lowercased. ASP.NET cookieless session segments
//     "/(S(<24>))/…x.aspx" and "/(<24>)/…x.aspx" are removed. A final "/"
//     is dropped unless the path is "/".
//  9. The query is decoded and escaped as the path (so "%26" becomes an
//     argument separator, as in the reference), lowercased, its session
//     ids removed (jsessionid=, phpsessid= and sid= with 32 letters or
//     digits, aspsessionidXXXXXXXX= with 24 letters, cfid=…&cftoken=…; as
//     in the reference, the last match of each, the name need not start
//     an argument, and the "&" after the id goes with it, so that
//     "xsid=<32>&b=1" becomes "xb=1"),
//     its arguments sorted by name then value, bytewise (an argument
//     without "=" before one of the same name with "="), unless
//     Options.KeepQueryOrder; an empty query is dropped.
//  10. The fragment is dropped unless Options.Fragment.
//  11. The key is the host's labels reversed and joined by "," (the
//     numbers of an IPv4 address too: "254,1,168,192"), the port after
//     ":", ")", the path and the query. A URL without a host (dns:,
//     mailto:, urn:…) keys as its scheme, ":", its path and query.
//
// # Where the implementations disagree, and which we follow
//
// Python surt (internetarchive/surt), Java webarchive-commons
// (iipc/webarchive-commons, WaybackURLKeyMaker with the
// AggressiveIAURLCanonicalizer), and urlcanon (iipc/urlcanon)
// differ:
//
//   - "www" removal. Python removes one leading www\d*\. label; Java
//     removes them again and again ("www.www2.a.com" is "com,a)" in Java,
//     "com,a,www2)" in Python). Both turn "www1355544.com" and "www.com"
//     into "com)" and "www.co.uk" into "uk,co)", which merges unrelated
//     sites. We follow Python, once, but keep the label when what remains
//     is a public suffix (package domain).
//   - "dns:" records. Python keys "dns:alexa.com" as "dns:alexa.com"
//     (lowercased); Java (since 2017) as "com,alexa)". We follow Python.
//   - "warcinfo:" records. Java returns them as they are; Python keys them
//     as a host-less URL, lowercasing the name. We follow Java (the text
//     is a file name).
//   - URLs without a host ("mailto:", "urn:"). Java returns the input
//     unchanged (no "(" in its key); Python lowercases the path. We
//     follow Python.
//   - The scheme with Options.Scheme. Python writes it as given; Java
//     lowercases it. We lowercase.
//   - Hosts. Python reads dotted numbers with the system resolver
//     (gethostbyname), which may ask DNS; we read them as inet_aton does
//     and never resolve. Python converts non-ASCII hosts with IDNA 2003;
//     we use UTS #46 (nontransitional), and keep the bytes escaped when
//     it fails, as Python does. Python accepts an unclosed "[" and any
//     text in brackets; we fail with ErrInvalidHost.
//   - Bad URLs. Python raises on a bad port and returns "http:" for
//     "http://"; we fail with an *Error in both cases, never returning a
//     key made from a broken URL.
//   - urlcanon (its aggressive canonicalizer and ParsedUrl.surt) differs
//     more: its surt() keeps the scheme and writes the trailing comma by
//     default ("http://(com,example,)/a"); it sorts the query arguments
//     as whole strings ("a-b=1&a=2" stays, where the IA rule's sort by
//     name then value gives "a=2&a-b=1"); it does not decode the query
//     (so "%26" stays an escape); it turns https into http; it removes
//     session ids only as whole arguments (a "sid" argument, not any
//     name ending in "sid") with other lengths, and ";jsessionid=" in the
//     path; it drops empty arguments. We follow the IA rule in each case.
//     Its SSURT ("com,example,//http:/a", port and scheme after the host)
//     is another format, not produced here.
//   - CDXJ indexes (pywb, cdxj-indexer) take their key from Python surt.
//
// # Fingerprint
//
// Fingerprint is a key for "same resource" deduplication, versioned by a
// prefix ("v1:"): the tracking parameters of the built-in rule set of
// package tracking are removed, then the URL is keyed with the default
// options. A later change of the rules or of the steps gets a new
// version; keys of one version stay stable.
package surt
