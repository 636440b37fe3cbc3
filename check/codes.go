package check

// A Code is the stable, kebab-case name of a kind of finding. The package
// doc has the table of codes; Codes lists them.
type Code string

// The finding codes, grouped as in the package doc.
const (
	// Parsers disagree.

	SchemeMismatch   Code = "scheme-mismatch"
	UserinfoMismatch Code = "userinfo-mismatch"
	HostMismatch     Code = "host-mismatch"
	PortMismatch     Code = "port-mismatch"
	PathMismatch     Code = "path-mismatch"
	ParserReject     Code = "parser-reject"
	RFC3986Invalid   Code = "rfc3986-invalid"

	// Characters written as they are.

	TabOrNewline  Code = "tab-or-newline"
	ControlChar   Code = "control-char"
	Whitespace    Code = "whitespace"
	Backslash     Code = "backslash"
	InvisibleChar Code = "invisible-char"
	InvalidUTF8   Code = "invalid-utf8"

	// Escapes and dot segments.

	EncodedSlash      Code = "encoded-slash"
	EncodedBackslash  Code = "encoded-backslash"
	EncodedDotSegment Code = "encoded-dot-segment"
	DotSegment        Code = "dot-segment"
	Traversal         Code = "traversal"
	DoubleEncoding    Code = "double-encoding"
	LegacyUEscape     Code = "legacy-u-escape"
	OverlongUTF8      Code = "overlong-utf8"
	InvalidUTF8Escape Code = "invalid-utf8-escape"
	EncodedNull       Code = "encoded-null"
	EncodedControl    Code = "encoded-control"
	InvalidEscape     Code = "invalid-escape"
	EncodedHost       Code = "encoded-host"

	// Authority.

	Credentials       Code = "credentials"
	DeceptiveUserinfo Code = "deceptive-userinfo"
	MultipleAt        Code = "multiple-at"
	IPv4NonCanonical  Code = "ipv4-noncanonical"
	TrailingDotHost   Code = "trailing-dot-host"
	Loopback          Code = "loopback"
	PrivateAddress    Code = "private-address"
	LinkLocal         Code = "link-local"
	SpecialAddress    Code = "special-address"
	IPHost            Code = "ip-host"
	NonDefaultPort    Code = "non-default-port"
	IDN               Code = "idn"
	IDNMixedScript    Code = "idn-mixed-script"
	IDNConfusable     Code = "idn-confusable"

	// Scheme.

	NonHTTPScheme     Code = "non-http-scheme"
	ScriptScheme      Code = "script-scheme"
	RelativeReference Code = "relative-reference"
)

// Codes returns every code, in the order of the package doc's table.
func Codes() []Code {
	return []Code{
		SchemeMismatch, UserinfoMismatch, HostMismatch, PortMismatch, PathMismatch, ParserReject, RFC3986Invalid,
		TabOrNewline, ControlChar, Whitespace, Backslash, InvisibleChar, InvalidUTF8,
		EncodedSlash, EncodedBackslash, EncodedDotSegment, DotSegment, Traversal, DoubleEncoding, LegacyUEscape,
		OverlongUTF8, InvalidUTF8Escape, EncodedNull, EncodedControl, InvalidEscape, EncodedHost,
		Credentials, DeceptiveUserinfo, MultipleAt, IPv4NonCanonical, TrailingDotHost, Loopback, PrivateAddress, LinkLocal,
		SpecialAddress, IPHost, NonDefaultPort, IDN, IDNMixedScript, IDNConfusable, LookalikeDomain,
		EmbeddedIPv4, CloudMetadata, InternalName, DelimiterBeforeAt, IDNADeviation, HostPunctuation, PortZero, HostUnresolved,
		NonHTTPScheme, ScriptScheme, RelativeReference,
	}
}

// Severity returns the code's severity. For the codes marked "info in the
// query or fragment" in the package doc (Whitespace, Backslash,
// EncodedSlash, EncodedBackslash, DoubleEncoding, InvalidUTF8Escape,
// EncodedControl), a
// finding in the query or the fragment is Info instead; Severity returns the
// level elsewhere. It returns None for an unknown code.
func (c Code) Severity() Severity {
	switch c {
	case SchemeMismatch, UserinfoMismatch, HostMismatch, PortMismatch,
		OverlongUTF8, DeceptiveUserinfo, MultipleAt, IPv4NonCanonical,
		IDNMixedScript, IDNConfusable, ScriptScheme, CloudMetadata, DelimiterBeforeAt:
		return Danger
	case PathMismatch, ParserReject,
		TabOrNewline, ControlChar, Whitespace, Backslash, InvisibleChar, InvalidUTF8,
		EncodedSlash, EncodedBackslash, EncodedDotSegment, Traversal, DoubleEncoding, LegacyUEscape,
		InvalidUTF8Escape, EncodedNull, EncodedControl, EncodedHost,
		Credentials, TrailingDotHost, Loopback, PrivateAddress, LinkLocal, SpecialAddress, LookalikeDomain,
		EmbeddedIPv4, InternalName, IDNADeviation, HostPunctuation, PortZero,
		NonHTTPScheme, RelativeReference:
		return Warn
	case RFC3986Invalid, DotSegment, InvalidEscape, IPHost, NonDefaultPort, IDN, HostUnresolved:
		return Info
	}
	return None
}

// dataSensitive reports whether c is Info rather than its Severity when
// found in the query or the fragment, where the text is data that no
// parser splits further.
func (c Code) dataSensitive() bool {
	switch c {
	case Backslash, EncodedSlash, EncodedBackslash, DoubleEncoding, InvalidUTF8Escape, EncodedControl, Whitespace:
		return true
	}
	return false
}

// Message returns a one-line description of what the code means, or ""
// for an unknown code.
func (c Code) Message() string {
	switch c {
	case SchemeMismatch:
		return "RFC 3986, WHATWG and net/url read different schemes"
	case UserinfoMismatch:
		return "the parsers read different credentials (decoded username and password)"
	case HostMismatch:
		return "the parsers read different hosts (compared decoded, lowercased, IDNA to Unicode, IPs canonical)"
	case PortMismatch:
		return "the parsers read different ports (default ports filled in, leading zeros dropped)"
	case PathMismatch:
		return "the parsers read different paths (compared percent-normalized, dot segments removed)"
	case ParserReject:
		return "the WHATWG parser (browsers) or Go's net/url rejects the URL"
	case RFC3986Invalid:
		return "not a valid RFC 3986 URI: the lenient reading is shown"
	case TabOrNewline:
		return "a tab, CR or LF, which WHATWG parsers delete and others keep or reject"
	case ControlChar:
		return "a C0 control character or DEL written as it is"
	case Whitespace:
		return "a space or Unicode space character written as it is, or C0 controls and spaces at the start or end, which WHATWG parsers strip"
	case Backslash:
		return `a "\", which WHATWG reads as "/" in special URLs and others keep as data`
	case InvisibleChar:
		return "an invisible or bidirectional-control character (zero-width, BOM, soft hyphen, bidi overrides)"
	case InvalidUTF8:
		return "raw bytes that are not valid UTF-8"
	case EncodedSlash:
		return `"%2F", a "/" that servers may decode before or after routing`
	case EncodedBackslash:
		return `"%5C", a "\" that Windows servers may read as a separator`
	case EncodedDotSegment:
		return `a path segment that decodes to "." or ".." ("%2e%2e"), which WHATWG removes and servers may not`
	case DotSegment:
		return `a "." or ".." path segment written as it is, removed by every parser`
	case Traversal:
		return `a ".." segment that climbs above the root of the path`
	case DoubleEncoding:
		return `an escape encoded more than once, which takes several rounds of decoding to undo ("%252F", "%25%32%46")`
	case LegacyUEscape:
		return `a "%uXXXX" escape of JavaScript's escape(), decoded by some servers (IIS) only`
	case OverlongUTF8:
		return `escapes that form an overlong UTF-8 sequence ("%C0%AF" for "/"), a classic filter bypass`
	case InvalidUTF8Escape:
		return "escapes that decode to invalid UTF-8 (a legacy charset, or a truncated sequence)"
	case EncodedNull:
		return `"%00", which truncates strings in C code`
	case EncodedControl:
		return `an escaped control character ("%0D%0A" header injection)`
	case InvalidEscape:
		return `a "%" not followed by two hex digits`
	case EncodedHost:
		return "escapes in the host, which WHATWG decodes and other parsers may not"
	case Credentials:
		return "a userinfo (user name and maybe password) in the URL"
	case DeceptiveUserinfo:
		return `a userinfo that looks like a host or URL ("http://good.com@evil.com")`
	case MultipleAt:
		return `more than one "@" in the authority, which parsers split at different ones`
	case IPv4NonCanonical:
		return `an IPv4 address in hex, octal, or fewer than four parts ("0x7f.1", "2130706433")`
	case TrailingDotHost:
		return `a host name ending with "." ("good.com."): the same DNS name as without it, but not the same text`
	case Loopback:
		return `a loopback address (127.0.0.0/8, ::1) or name ("localhost", "ip6-localhost", "localhost.localdomain")`
	case PrivateAddress:
		return "a private address (RFC 1918, RFC 6598 shared space, IPv6 unique-local and site-local)"
	case LinkLocal:
		return "a link-local address (169.254.0.0/16 with cloud metadata endpoints, fe80::/10)"
	case SpecialAddress:
		return "an unspecified, this-network, broadcast, multicast, documentation, benchmarking or reserved address"
	case IPHost:
		return "the host is an IP address rather than a name"
	case NonDefaultPort:
		return "an explicit port other than the scheme's default"
	case IDN:
		return "an internationalized host name, shown as A-label and Unicode"
	case IDNMixedScript:
		return "a host label mixing scripts (Latin with Cyrillic, ...) beyond the CJK combinations UTS #39 allows"
	case IDNConfusable:
		return `a host label made of characters that look like Latin letters ("аррӏе" in Cyrillic)`
	case LookalikeDomain:
		return `a host whose leading labels spell another registrable domain ("paypal.com.evil.example" belongs to evil.example)`
	case EmbeddedIPv4:
		return "an IPv6 host carrying an IPv4 address (IPv4-mapped or -compatible, NAT64, 6to4, Teredo), which IPv4 filters miss"
	case CloudMetadata:
		return `the address or name of a cloud metadata service ("169.254.169.254", "metadata.google.internal")`
	case InternalName:
		return "a single-label host name or one under a private-use zone (internal, local, home.arpa, ...)"
	case DelimiterBeforeAt:
		return `an "@" after the host and a "?", "#" or "\" ("http://evil.com#@good.com"), which naive filters read as userinfo`
	case IDNADeviation:
		return `a host with ß, ς, ZWJ or ZWNJ, which IDNA2003 and IDNA2008 send to different hosts ("faß.de")`
	case HostPunctuation:
		return `a domain host holding punctuation no DNS name has ("evil.com,good.com")`
	case PortZero:
		return "the port 0, which filters may read as no port"
	case HostUnresolved:
		return "the host did not resolve (Resolved only)"
	case NonHTTPScheme:
		return "a scheme other than http and https"
	case ScriptScheme:
		return "a javascript:, vbscript: or data: URL, which runs or carries content"
	case RelativeReference:
		return "no scheme: a relative reference, resolved against whatever base the reader uses"
	}
	return ""
}
