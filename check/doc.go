// Package check tells what a URL really points at, and what about it
// should worry an application that accepts, filters or fetches URLs.
//
// URL reads the input with three parsers: RFC 3986 (package uri, leniently,
// so that every input has a reading), the WHATWG URL Standard (package
// whatwg: what browsers, Node.js and most new code do), and Go's net/url.
// It compares what they read, scans the characters and escapes, and looks
// at the host the browser would connect to. The Report holds the findings,
// each with a stable Code, a Severity, the byte offset in the input and a
// one-line message; the three readings (Views); and the Target: the
// decoded, normalized host, port and path a browser fetches.
//
// An application that matches URLs against a list (an allow list of hosts,
// a deny list of paths) must compare Target values, never the input text:
// "http://evil.com%2f@good.com", "http://0x7f.1/" and "http://a/%2e%2e/b"
// do not go where they seem to. A host name may end with the dot of the
// DNS root ("https://good.com./"): Target.Host keeps it, as browsers do,
// and Target.HostNoDot drops it, so that a list can compare either.
//
// # Severities
//
// Info is a fact (an IDN host, a non-default port); Warn is a URL a careful
// application should not accept without a look; Danger is a URL built to
// deceive. A plain https URL to a public DNS name with an ordinary path and
// query has no finding at Warn or above.
//
// # Codes
//
// Parsers disagree (the components are compared after the normalizations
// that do not change where a request goes: case, escapes of unreserved
// characters, dot segments, default ports, IDNA A-labels against Unicode,
// IP address text):
//
//	scheme-mismatch      danger  the parsers read different schemes
//	userinfo-mismatch    danger  ... different credentials
//	host-mismatch        danger  ... different hosts ("http://a\b@c/", "http:/\evil.com", full-width dots)
//	port-mismatch        danger  ... different ports
//	path-mismatch        warn    ... different paths ("\" read as "/" by WHATWG only, a tab deleted)
//	parser-reject        warn    the WHATWG parser or net/url rejects the input
//	rfc3986-invalid      info    not a valid RFC 3986 URI; the lenient reading is used
//
// Characters written as they are:
//
//	tab-or-newline       warn    tab, CR or LF: WHATWG deletes them, net/url rejects them
//	control-char         warn    another C0 control character, or DEL
//	whitespace           warn*   a space or Unicode space; C0 controls and spaces at the start or end (warn there)
//	backslash            warn*   "\": WHATWG reads it as "/" in special URLs
//	invisible-char       warn    zero-width, BOM, soft hyphen, bidi controls (also when escaped)
//	invalid-utf8         warn    raw bytes that are not UTF-8
//
// Escapes and dot segments:
//
//	encoded-slash        warn*   %2F
//	encoded-backslash    warn*   %5C
//	encoded-dot-segment  warn    a segment "%2e%2e" or ".%2E", or one decoding to "../" ("..%2f")
//	dot-segment          info    a "." or ".." segment written as it is
//	traversal            warn    a ".." segment that climbs above the root ("/../etc")
//	double-encoding      warn*   an escape that takes 2 rounds of decoding or more ("%252F", "%25%32%46")
//	legacy-u-escape      warn    %uXXXX (IIS)
//	overlong-utf8        danger  an overlong UTF-8 sequence ("%C0%AF" for "/")
//	invalid-utf8-escape  warn*   escapes that do not decode to UTF-8
//	encoded-null         warn    %00
//	encoded-control      warn*   another escaped control character ("%0D%0A")
//	invalid-escape       info    "%" not followed by two hex digits
//	encoded-host         warn    escapes in the host
//
// Authority:
//
//	credentials          warn    a userinfo: user name, maybe a password
//	deceptive-userinfo   danger  a userinfo that looks like a host or holds "/", "\" or "@"
//	multiple-at          danger  several "@" in the authority ("http://a@b@c/")
//	ipv4-noncanonical    danger  IPv4 in hex, octal, fewer parts ("0x7f.1", "2130706433", "017700000001")
//	trailing-dot-host    warn    a host name ending with "." ("good.com."), which DNS resolves as "good.com"
//	loopback             warn    127.0.0.0/8, ::1, "localhost", "*.localhost", "ip6-localhost", "localhost.localdomain"
//	private-address      warn    RFC 1918, 100.64.0.0/10, fc00::/7, fec0::/10
//	link-local           warn    169.254.0.0/16, fe80::/10
//	special-address      warn    unspecified, 0.0.0.0/8, broadcast, multicast, documentation, benchmarking, reserved
//	cloud-metadata       danger  169.254.169.254 and the other metadata endpoints, "metadata.google.internal", "instance-data"
//	embedded-ipv4        warn    an IPv6 form carrying IPv4: mapped, compatible, NAT64, 6to4, Teredo ("[::127.0.0.1]")
//	internal-name        warn    a single-label host, or one under internal, local, lan, home.arpa, ...
//	ip-host              info    any other IP address as host
//	host-punctuation     warn    a domain host with "," ";" "!" "$" "&" "'" "(" ")" "*" "+" "=" ("evil.com,good.com")
//	idna-deviation       warn    ß, ς, ZWJ, ZWNJ: IDNA2003 and IDNA2008 go to different hosts ("faß.de")
//	delimiter-before-at  danger  "?", "#" or "\" then "@host" after the host ("http://evil.com#@good.com")
//	non-default-port     info    an explicit port other than the scheme's default
//	port-zero            warn    the port 0
//	host-unresolved      info    the host did not resolve (Resolved only)
//	idn                  info    an internationalized host: the A-label and Unicode forms
//	idn-mixed-script     danger  a label mixing scripts beyond UTS #39's Highly Restrictive CJK sets
//	idn-confusable       danger  a label whose non-ASCII characters all look like Latin letters
//	lookalike-domain     warn    leading labels that spell another registrable domain ("paypal.com.evil.example")
//
// Scheme:
//
//	non-http-scheme      warn    a scheme other than http and https
//	script-scheme        danger  javascript:, vbscript:, data:
//	relative-reference   warn    no scheme at all
//
// The WHATWG parser strips the C0 controls and spaces (U+0000 to U+0020)
// at the start and the end of its input, which RFC 3986 keeps and net/url
// keeps or rejects. Each such run gets one whitespace finding (warn),
// merged into one with Count 2 when both ends have one, instead of
// tab-or-newline or control-char findings; and the parsers are compared on
// the input without those runs, so that a mismatch or a parser-reject is a
// disagreement that remains once they are gone. The Views still show what
// each parser reads of the whole input.
//
// # Special-purpose addresses
//
// An IP host is looked up in one table (AddrRanges, ClassifyAddr): the
// ranges of the IANA IPv4 and IPv6 Special-Purpose Address Registries,
// the cloud metadata endpoints, and the IPv6 forms that carry an IPv4
// address, which is looked up in turn ("[64:ff9b::a9fe:a9fe]" is NAT64
// carrying 169.254.169.254: embedded-ipv4 and cloud-metadata). Package
// guard refuses connections with the same table. Resolved classifies the
// addresses the host resolved to as well, with the same findings.
//
// A * marks the codes that are info, not warn, in the query and the
// fragment, where the text is data that no parser splits further (a "%2F"
// inside a query value is ordinary). Code.Message has the one-line
// meaning of each code and Code.Severity its level.
//
// A code appears at most once per severity in a report: repeats are
// merged into one finding at the first (lowest) offset, whose Count is the
// number of occurrences and Offsets the first 8 of them. Messages quote at
// most a few dozen bytes of the input, around "…" when they cut it, and
// are 400 bytes at most: a report's findings never grow with the input,
// and URL runs in time and memory linear in the input's length.
//
// A double-encoding finding says how many rounds of decoding its escape
// takes ("%25%32%35" decodes to "%25", then to "%": 2 rounds), in its
// message and in its Detail, "decoding rounds: N". The rounds are
// followed up to 6 ("%2525…25" takes one round per "25"): beyond that, N
// reads "at least 6".
//
// # Limits
//
// The confusable check uses a short hand-made table of the Cyrillic,
// Greek, Armenian and Latin letters that look like lowercase ASCII letters
// (from the Unicode confusables data), not the whole of UTS #39; the
// mixed-script check uses the scripts of package unicode. IPv4 forms are
// judged by the WHATWG parser, which reads them as inet_aton does. When
// the WHATWG parser rejects the URL, the IDN checks look at the RFC 3986
// host only when it is at most 253 bytes long (the longest DNS name).
// Target.Segments holds the first MaxSegments segments of the path.
package check
