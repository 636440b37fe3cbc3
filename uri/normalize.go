package uri

import (
	"bytes"
	"slices"
	"strconv"
	"strings"

	"github.com/urikit/urikit/internal/ascii"
	"github.com/urikit/urikit/percent"
)

// A Level is a set of normalization steps. The named levels are ladders
// of RFC 3986 §6.2: Syntax ⊂ Scheme ⊂ Full. Steps combine with |, for
// example Scheme|DropFragment.
type Level uint16

// Normalization steps.
const (
	// Case lowercases the scheme and the host (reg-name, IPv6 and
	// IPvFuture hex; not an IPv6 zone), leaving the hex of escapes
	// uppercase (§6.2.2.1).
	Case Level = 1 << iota
	// PercentEncoding uppercases the hex digits of every escape and
	// decodes the escapes of unreserved characters in every component
	// (§6.2.2.1, §6.2.2.2).
	PercentEncoding
	// DotSegments removes "." and ".." segments from the path (§6.2.2.3)
	// so that the reference still resolves to the same target: a URI's
	// path gets remove_dot_segments (§5.2.4); a relative path keeps the
	// ".." segments that climb above its start ("../a/.." gives "../")
	// and becomes "./" rather than empty ("a/.." gives "./").
	DotSegments
	// PortZeros strips leading zeros from the port ("00080" gives "80").
	PortZeros
	// EmptyPort removes a ":" with an empty port ("http://a:/" gives
	// "http://a/"), as §3.2.3 and §6.2.3 recommend.
	EmptyPort
	// DropDefaultPort removes the port when it is the scheme's default
	// (see [DefaultPort]), §6.2.3.
	DropDefaultPort
	// EmptyPath turns the empty path of a reference with an authority
	// into "/" for http-like schemes (http, https, ws, wss, ftp, file),
	// §6.2.3.
	EmptyPath
	// SchemeSpecific applies the rules of particular schemes beyond ports
	// and paths: for mailto, the domain of each address is lowercased.
	SchemeSpecific
	// SortQuery sorts the "&"-separated query elements by key (byte
	// order of the normalized raw key), stably, so duplicate keys keep
	// their relative order. It drops nothing: empty elements (those of
	// "a&&b", or of a leading or trailing "&") go last, so "?a=b&c=d&"
	// stays "?a=b&c=d&" and "?&b&a" gives "?a&b&". An element with an
	// empty key but a value ("=v") is not empty and sorts first.
	SortQuery
	// DropEmptyQuery removes an empty query ("http://a/?" gives
	// "http://a/").
	DropEmptyQuery
	// DropFragment removes the fragment.
	DropFragment
)

// The normalization ladders.
const (
	// Syntax is syntax-based normalization (§6.2.2): case, percent-encoding
	// and dot segments, plus leading zeros of the port.
	Syntax = Case | PercentEncoding | DotSegments | PortZeros
	// SchemeBased adds scheme-based normalization (§6.2.3): empty and
	// default ports, empty http-like paths, scheme-specific rules.
	SchemeBased = Syntax | EmptyPort | DropDefaultPort | EmptyPath | SchemeSpecific
	// Full adds the steps RFC 3986 does not license but crawlers and
	// caches use to find duplicates: sorted query, no empty query, no
	// fragment. Full may equate references that name different
	// resources.
	Full = SchemeBased | SortQuery | DropEmptyQuery | DropFragment
)

// numSteps is the number of single normalization steps.
const numSteps = 11

// stepName returns the name of the step 1<<i.
func stepName(i int) string {
	switch Level(1) << i {
	case Case:
		return "case"
	case PercentEncoding:
		return "percent-encoding"
	case DotSegments:
		return "dot-segments"
	case PortZeros:
		return "port-zeros"
	case EmptyPort:
		return "empty-port"
	case DropDefaultPort:
		return "default-port"
	case EmptyPath:
		return "empty-path"
	case SchemeSpecific:
		return "scheme-specific"
	case SortQuery:
		return "sort-query"
	case DropEmptyQuery:
		return "drop-empty-query"
	case DropFragment:
		return "drop-fragment"
	}
	return ""
}

// String returns "syntax", "scheme" or "full" for the ladders, and
// otherwise the step names joined with "+" ("scheme+drop-fragment" for
// SchemeBased|DropFragment).
func (l Level) String() string {
	var parts []string
	rest := l
	switch {
	case l&Full == Full:
		parts, rest = append(parts, "full"), l&^Full
	case l&SchemeBased == SchemeBased:
		parts, rest = append(parts, "scheme"), l&^SchemeBased
	case l&Syntax == Syntax:
		parts, rest = append(parts, "syntax"), l&^Syntax
	}
	for i := range numSteps {
		if rest&(1<<i) != 0 {
			parts = append(parts, stepName(i))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, "+")
}

// MustParseLevel is like [ParseLevel] but panics if s is not a level.
func MustParseLevel(s string) Level {
	l, err := ParseLevel(s)
	if err != nil {
		panic(err)
	}
	return l
}

// ParseLevel parses a level: "syntax", "scheme", "full", "none", a step
// name ("sort-query", "drop-fragment", ...), or several joined with "+"
// or ","; the empty string is the zero Level. It is the inverse of
// Level.String. An unknown name is an [*Error] of code [ErrUnknownLevel]
// at its offset in s.
func ParseLevel(s string) (Level, error) {
	var l Level
	for start := 0; start <= len(s); {
		end := strings.IndexAny(s[start:], "+,")
		if end < 0 {
			end = len(s)
		} else {
			end += start
		}
		field := s[start:end]
		name := strings.TrimSpace(field)
		switch name {
		case "syntax":
			l |= Syntax
		case "scheme":
			l |= SchemeBased
		case "full":
			l |= Full
		case "none":
		default:
			if field == "" {
				break // as between "++": nothing
			}
			i := 0
			for i < numSteps && stepName(i) != name {
				i++
			}
			if i == numSteps {
				off := start + strings.Index(field, name)
				return 0, &Error{Offset: off, Code: ErrUnknownLevel, Input: s}
			}
			l |= 1 << i
		}
		start = end + 1
	}
	return l, nil
}

// AppendTo appends the level's text (see [Level.String]) to b; for the
// zero Level it appends nothing, so that the zero Level's text is "".
func (l Level) AppendTo(b []byte) []byte {
	if l == 0 {
		return b
	}
	return append(b, l.String()...)
}

// MarshalText returns the level's text as AppendTo writes it: "" for the
// zero Level.
func (l Level) MarshalText() ([]byte, error) { return l.AppendTo(nil), nil }

// UnmarshalText sets *l to the level text names, as ParseLevel parses
// it; "" is the zero Level.
func (l *Level) UnmarshalText(text []byte) error {
	v, err := ParseLevel(string(text))
	if err != nil {
		return err
	}
	*l = v
	return nil
}

// DefaultPort returns the default port of a scheme and whether the table
// has one: http 80, https 443, ws 80, wss 443, ftp 21, and the registered
// ports of other common schemes. The scheme is matched without regard to
// ASCII case.
func DefaultPort(scheme string) (port int, ok bool) {
	var buf [16]byte
	if len(scheme) <= len(buf) && ascii.HasUpper(scheme) {
		scheme = string(ascii.AppendLower(buf[:0], scheme))
	}
	p := defaultPort(scheme)
	if p == "" {
		return 0, false
	}
	n, _ := strconv.Atoi(p)
	return n, true
}

// defaultPort returns the default port of a scheme (lowercase) as
// digits, or "" when the scheme has none in the table.
func defaultPort(scheme string) string {
	switch scheme {
	case "http", "ws":
		return "80"
	case "https", "wss":
		return "443"
	case "ftp":
		return "21"
	case "ssh", "sftp":
		return "22"
	case "telnet":
		return "23"
	case "smtp":
		return "25"
	case "tftp":
		return "69"
	case "gopher":
		return "70"
	case "pop":
		return "110"
	case "nntp", "news":
		return "119"
	case "imap":
		return "143"
	case "snmp":
		return "161"
	case "ldap":
		return "389"
	case "rtsp":
		return "554"
	case "ipp", "ipps":
		return "631"
	case "ldaps":
		return "636"
	case "rsync":
		return "873"
	case "imaps":
		return "993"
	case "pop3s":
		return "995"
	case "mqtt":
		return "1883"
	case "nfs":
		return "2049"
	case "coap":
		return "5683"
	case "coaps":
		return "5684"
	case "sip":
		return "5060"
	case "sips":
		return "5061"
	case "xmpp":
		return "5222"
	case "amqp":
		return "5672"
	case "amqps":
		return "5671"
	case "vnc":
		return "5900"
	case "redis":
		return "6379"
	case "git":
		return "9418"
	}
	return ""
}

func httpLike(scheme string) bool {
	switch scheme {
	case "http", "https", "ws", "wss", "ftp", "file":
		return true
	}
	return false
}

// Normalize returns r normalized with the steps of l. It is idempotent,
// and the result parses as r did (strictly when r was valid). It returns
// r itself, without allocating, when nothing changes, and allocates the
// new text once otherwise.
func Normalize(r Reference, l Level) Reference {
	if normalized(r, l) {
		return r
	}
	var stack [512]byte
	b := appendNormalized(normBuf(stack[:0], r), r, l)
	if string(b) == r.s {
		return r
	}
	s := string(b)
	n, err := Parse(s)
	if err == nil {
		if _, err := Parse(r.s); err == nil {
			return n
		}
	} else {
		n, _ = ParseLenient(s)
	}
	// A reference from ParseLenient can split differently once
	// normalized ("//h::" loses its empty port and then reads as host
	// "h:" with an empty port): normalize until nothing changes.
	for range 8 {
		b = appendNormalized(b[:0], n, l)
		if string(b) == n.s {
			break
		}
		n, _ = ParseLenient(string(b))
	}
	return n
}

// normSlack bounds how much longer than its input a normalized reference
// can be: the "/" of an empty http path, a "/." or "./" guard, and the
// "./" of a relative path that dot segments empty ("." gives "./").
const normSlack = 16

// normBuf returns a buffer with room for the normalization of r: stack
// when it fits there, or one allocation, so that appendNormalized never
// grows it (growing by appends allocates several times the result).
func normBuf(stack []byte, r Reference) []byte {
	if n := len(r.s) + normSlack; n > cap(stack) {
		return make([]byte, 0, n)
	}
	return stack
}

// NormalizeString parses s strictly and normalizes it.
func NormalizeString(s string, l Level) (string, error) {
	r, err := Parse(s)
	if err != nil {
		return "", err
	}
	return Normalize(r, l).String(), nil
}

// Equal reports whether a and b are equivalent under the steps of l: the
// normalized texts are identical. With l == 0 it is a == b. It is
// reflexive and symmetric.
func Equal(a, b Reference, l Level) bool {
	if a == b {
		return true
	}
	if normalized(a, l) && normalized(b, l) {
		return a.s == b.s
	}
	var ba, bb [512]byte
	return string(appendNormalized(normBuf(ba[:0], a), a, l)) == string(appendNormalized(normBuf(bb[:0], b), b, l))
}

// normalized reports, conservatively, whether r is already normalized
// under l: when it returns true, appendNormalized(r, l) gives r's text.
// It only reads r, so the common case (most real URLs are normalized)
// costs a few scans and no copy; whatever it is unsure of is left to
// appendNormalized.
func normalized(r Reference, l Level) bool {
	s := r.s
	hasScheme := r.flags&fScheme != 0
	scheme := s[:0]
	if hasScheme {
		scheme = s[:r.schemeEnd]
		if l&Case != 0 && hasUpper(scheme) {
			return false
		}
	}
	if l&PercentEncoding != 0 && pctNormChanges(s[len(scheme):]) {
		return false
	}
	path := s[r.pathStart:r.pathEnd]
	if r.flags&fAuthority != 0 {
		if l&Case != 0 && hasUpper(s[r.hostStart:r.hostEnd]) {
			return false
		}
		if r.flags&fPort != 0 {
			port := s[r.hostEnd+1 : r.pathStart]
			switch {
			case l&PortZeros != 0 && len(port) > 1 && port[0] == '0',
				l&EmptyPort != 0 && port == "",
				l&DropDefaultPort != 0 && port != "" && port == defaultPort(scheme):
				return false
			}
		}
		if path == "" && l&EmptyPath != 0 && httpLike(scheme) {
			return false
		}
	} else {
		var g [2]byte
		if len(appendPathGuard(g[:0], path, hasScheme)) > 0 {
			return false
		}
		if hasScheme && l&SchemeSpecific != 0 && scheme == "mailto" {
			return false
		}
	}
	if l&DotSegments != 0 && hasDotSeg(path) {
		return false
	}
	if r.flags&fQuery != 0 {
		q := s[r.pathEnd+1 : r.queryEnd]
		if l&DropEmptyQuery != 0 && q == "" || l&SortQuery != 0 && strings.IndexByte(q, '&') >= 0 {
			return false
		}
	}
	return r.flags&fFragment == 0 || l&DropFragment == 0
}

// hasUpper reports whether s holds an ASCII uppercase letter. It tests
// eight bytes at a time (see upperIn), the last word overlapping the one
// before it; shorter strings are tested as two overlapping halves.
func hasUpper(s string) bool {
	n := len(s)
	switch {
	case n >= 8:
		for i := 0; i+8 <= n; i += 8 {
			if upperIn(load8(s, i)) {
				return true
			}
		}
		return n%8 != 0 && upperIn(load8(s, n-8))
	case n >= 4:
		return upperIn(load4(s, 0) | load4(s, n-4)<<32)
	}
	for i := 0; i < n; i++ {
		if s[i]-'A' < 26 {
			return true
		}
	}
	return false
}

// load8 returns s[i:i+8] as a little-endian word.
func load8(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// load4 returns s[i:i+4] as a little-endian word.
func load4(s string, i int) uint64 {
	s = s[i : i+4]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24
}

// upperIn reports whether one of the eight bytes of w is an ASCII
// uppercase letter. With the top bit of each byte cleared (so that no sum
// carries into the next byte), adding 0x3F sets the top bit of the bytes
// >= 'A' and adding 0x25 that of the bytes > 'Z'; bytes that had the top
// bit (non-ASCII) are masked out.
func upperIn(w uint64) bool {
	const ones, high = 0x0101010101010101, 0x8080808080808080
	w7 := w &^ high
	return (w7+(0x80-'A')*ones)&^(w7+(0x80-'Z'-1)*ones)&^w&high != 0
}

// pctNormChanges reports whether percent.Normalize would change s: some
// escape has lowercase hex digits or encodes an unreserved character.
// Components end at delimiters that are not hex digits, so an escape of
// a component is an escape of the whole reference and the answer for the
// whole text covers every component.
func pctNormChanges(s string) bool {
	for {
		i := strings.IndexByte(s, '%')
		if i < 0 {
			return false
		}
		if i+2 < len(s) && classes[s[i+1]]&classes[s[i+2]]&cHex != 0 {
			h, l := s[i+1], s[i+2]
			if h >= 'a' || l >= 'a' || unreservedEscape(h, l) {
				return true
			}
			s = s[i+3:]
			continue
		}
		s = s[i+1:]
	}
}

// unreservedEscape reports whether the escape with the uppercase hex
// digits h and l encodes an unreserved character (ALPHA, DIGIT, "-", ".",
// "_", "~").
func unreservedEscape(h, l byte) bool {
	switch h {
	case '2': // "-" 2D, "." 2E
		return l == 'D' || l == 'E'
	case '3': // digits 30-39
		return l <= '9'
	case '4': // A-O 41-4F
		return l != '0'
	case '5': // P-Z 50-5A, "_" 5F
		return l <= 'A' || l == 'F'
	case '6': // a-o 61-6F
		return l != '0'
	case '7': // p-z 70-7A, "~" 7E
		return l <= 'A' || l == 'E'
	}
	return false
}

// hasDotSeg is hasDotSegment for strings, skipping to each "." with
// IndexByte: most paths have few dots.
func hasDotSeg(p string) bool {
	for i := 0; ; {
		j := strings.IndexByte(p[i:], '.')
		if j < 0 {
			return false
		}
		i += j
		if i == 0 || p[i-1] == '/' {
			k := i + 1
			if k < len(p) && p[k] == '.' {
				k++
			}
			if k == len(p) || p[k] == '/' {
				return true
			}
		}
		i++
	}
}

func appendNormalized(b []byte, r Reference, l Level) []byte {
	x := r.raw()
	var schemeBuf [16]byte
	scheme := x.scheme
	if x.hasScheme && l&Case != 0 {
		scheme = string(ascii.AppendLower(schemeBuf[:0], scheme))
	}
	if x.hasScheme {
		b = append(b, scheme...)
		b = append(b, ':')
	}
	if x.hasAuth {
		b = append(b, '/', '/')
		if x.hasUser {
			b = appendPct(b, x.userinfo, l)
			b = append(b, '@')
		}
		hostStart := len(b)
		b = appendHostNorm(b, x.host, r.host, l)
		if x.hasPort {
			if z, keep := normPort(x.port, scheme, l); keep {
				b = append(b, ':')
				b = append(b, x.port[z:]...)
			} else if r.host == HostRegName {
				b = dropLenientPorts(b, hostStart, scheme, l)
			}
		}
	}
	ps := len(b)
	if l&DotSegments != 0 {
		b = appendPathNorm(b, x.path, l, x.hasScheme)
	} else {
		b = appendPct(b, x.path, l)
	}
	if x.hasAuth && len(b) == ps && l&EmptyPath != 0 && httpLike(scheme) {
		b = append(b, '/')
	}
	if !x.hasAuth {
		// Re-apply the guards of recomposition on the new path.
		var g [2]byte
		guard := appendPathGuard(g[:0], b[ps:], x.hasScheme)
		if len(guard) > 0 {
			b = append(b, 0, 0)
			copy(b[ps+2:], b[ps:])
			b[ps], b[ps+1] = guard[0], guard[1]
		}
		if x.hasScheme && l&SchemeSpecific != 0 && scheme == "mailto" {
			lowerMailDomains(b[ps:])
		}
	}
	if x.hasQ && !(l&DropEmptyQuery != 0 && x.query == "") {
		b = append(b, '?')
		if l&SortQuery != 0 && strings.IndexByte(x.query, '&') >= 0 {
			b = appendSortedQuery(b, x.query, l)
		} else {
			b = appendPct(b, x.query, l)
		}
	}
	if x.hasF && l&DropFragment == 0 {
		b = append(b, '#')
		b = appendPct(b, x.fragment, l)
	}
	return b
}

// normPort applies the port steps of l to port: the normalized port is
// port[z:], and keep is false when the port goes.
func normPort[T string | []byte](port T, scheme string, l Level) (z int, keep bool) {
	if l&PortZeros != 0 {
		for z < len(port)-1 && port[z] == '0' {
			z++
		}
	}
	switch {
	case l&EmptyPort != 0 && len(port) == 0,
		l&DropDefaultPort != 0 && len(port) > 0 && string(port[z:]) == defaultPort(scheme):
		return z, false
	}
	return z, true
}

// dropLenientPorts handles a host from ParseLenient that ends with ":" and
// digits, or ":", after its port was dropped: a parse of the result would
// read those as the port ("//h:80:" loses its empty port, then reads as
// host "h" and port "80"). It applies the port steps to each such port in
// turn, as normalizing the result again would, so that Normalize reaches
// its fixed point in one pass however many there are.
func dropLenientPorts(b []byte, hostStart int, scheme string, l Level) []byte {
	for {
		c := bytes.LastIndexByte(b[hostStart:], ':')
		if c < 0 {
			return b
		}
		c += hostStart
		port := b[c+1:]
		for _, d := range port {
			if !isDigit(d) {
				return b
			}
		}
		if z, keep := normPort(port, scheme, l); keep {
			return append(b[:c+1], port[z:]...)
		}
		b = b[:c]
	}
}

func appendPct(b []byte, s string, l Level) []byte {
	if l&PercentEncoding != 0 {
		return percent.AppendNormalize(b, s)
	}
	return append(b, s...)
}

// lowerEscaped lowercases the ASCII letters of b outside "%XX" escapes.
func lowerEscaped(b []byte) {
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c == '%' {
			i += 2
			continue
		}
		if c-'A' < 26 {
			b[i] = c + 'a' - 'A'
		}
	}
}

func appendHostNorm(b []byte, h string, t HostType, l Level) []byte {
	start := len(b)
	if t == HostIPv6 {
		z := strings.IndexByte(h, '%')
		if z < 0 {
			z = len(h)
		}
		b = append(b, h[:z]...)
		if l&Case != 0 {
			lowerEscaped(b[start:])
		}
		return appendPct(b, h[z:], l) // the zone keeps its case
	}
	b = appendPct(b, h, l)
	if l&Case != 0 {
		lowerEscaped(b[start:])
	}
	return b
}

// appendPathNorm appends path with its escapes normalized (when l says
// so) and its dot segments removed, keeping what the reference resolves
// to. A rooted path loses the ".." segments that would climb above the
// root, as in §5.2.4. The rootless path of a URI (with scheme) is
// resolved by §5.2.4 as it stands, so it gets exactly that algorithm. The
// rootless path of a relative reference keeps the ".." segments that
// climb above its start, and becomes "./" rather than empty, since the
// empty reference names the base document, not its directory.
func appendPathNorm(b []byte, path string, l Level, hasScheme bool) []byte {
	rooted := strings.HasPrefix(path, "/")
	if !rooted && hasScheme && path != "" {
		start := len(b)
		b = appendPct(b, path, l)
		if hasDotSegment(b[start:]) {
			// The output is no longer than the path, so it fits where
			// the path was.
			p := string(b[start:])
			b = append(b[:start], appendRemoveDotSegments(b[start:start], p)...)
		}
		return b
	}
	if rooted {
		b = append(b, '/')
		path = path[1:]
	} else if path == "" {
		return b
	}
	start := len(b)
	nseg, nup := 0, 0
	for {
		seg, rest, more := strings.Cut(path, "/")
		last := !more
		segStart := len(b)
		if nseg > 0 {
			b = append(b, '/')
		}
		b = appendPct(b, seg, l)
		w := b[segStart:]
		if nseg > 0 {
			w = w[1:]
		}
		dots := 0
		if isDots(w) {
			dots = len(w)
		}
		switch dots {
		case 1:
			b = b[:segStart]
			if last {
				b, nseg = appendSegment(b, nseg, ""), nseg+1
			}
		case 2:
			b = b[:segStart]
			switch {
			case nseg > nup:
				p := popSegment(b[start:])
				b = b[:start+len(p)]
				nseg--
			case !rooted:
				b, nseg = appendSegment(b, nseg, ".."), nseg+1
				nup++
			}
			if last {
				b, nseg = appendSegment(b, nseg, ""), nseg+1
			}
		default:
			nseg++
		}
		if last {
			break
		}
		path = rest
	}
	if !rooted && len(b) == start {
		b = append(b, '.', '/')
	}
	if !rooted && len(b) > start && b[start] == '/' {
		// An empty first segment left by ".." ("a/..//b"): keep the path
		// relative.
		b = append(b, 0, 0)
		copy(b[start+2:], b[start:])
		b[start], b[start+1] = '.', '/'
	}
	return b
}

func appendSegment(b []byte, nseg int, seg string) []byte {
	if nseg > 0 {
		b = append(b, '/')
	}
	return append(b, seg...)
}

// lowerMailDomains lowercases the domain of each address in a mailto
// path ("Joe@Example.COM,b@X.org").
func lowerMailDomains(p []byte) {
	at := -1
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '@':
			at = i
		case c == ',':
			at = -1
		case at >= 0 && c == '%':
			i += 2
		case at >= 0 && c-'A' < 26:
			p[i] = c + 'a' - 'A'
		}
	}
}

// appendSortedQuery appends the query with its "&"-separated elements
// sorted stably by key, each element normalized as l says. The keys are
// compared after normalization, so "%61=1" and "a=2" sort together.
func appendSortedQuery(b []byte, q string, l Level) []byte {
	if l&PercentEncoding != 0 && pctNormChanges(q) {
		// Normalize the query into a scratch buffer, then sort it: no
		// allocation for common queries.
		var scratch [512]byte
		nq := scratch[:0]
		if len(q) > len(scratch) {
			nq = make([]byte, 0, len(q))
		}
		return appendSorted(b, appendPct(nq, q, l))
	}
	return appendSorted(b, q)
}

// appendSorted appends the "&"-separated elements of q sorted by key,
// empty elements last (see SortQuery). It
// sorts their start offsets (4 bytes each, so that a query of empty
// elements costs 4 bytes per "&") by key then by offset: the order of a
// stable sort, without its cost.
func appendSorted[T string | []byte](b []byte, q T) []byte {
	n := 1
	for i := 0; i < len(q); i++ {
		if q[i] == '&' {
			n++
		}
	}
	var stack [64]int32
	starts := stack[:0]
	if n > len(stack) {
		starts = make([]int32, 0, n)
	}
	starts = append(starts, 0)
	for i := 0; i < len(q); i++ {
		if q[i] == '&' {
			starts = append(starts, int32(i+1))
		}
	}
	slices.SortFunc(starts, func(x, y int32) int {
		// Empty elements ("a&&b", a trailing "&") go last.
		ex := int(x) == len(q) || q[x] == '&'
		ey := int(y) == len(q) || q[y] == '&'
		if ex != ey {
			if ex {
				return +1
			}
			return -1
		}
		if c := compareKeys(q, int(x), int(y)); c != 0 {
			return c
		}
		return int(x - y)
	})
	for k, st := range starts {
		if k > 0 {
			b = append(b, '&')
		}
		end := int(st)
		for end < len(q) && q[end] != '&' {
			end++
		}
		b = append(b, q[st:end]...)
	}
	return b
}

// compareKeys compares, byte by byte, the keys of the query elements that
// start at q[i] and q[j]: each runs up to its first "=" or its end.
func compareKeys[T string | []byte](q T, i, j int) int {
	for ; ; i, j = i+1, j+1 {
		endI := i == len(q) || q[i] == '=' || q[i] == '&'
		endJ := j == len(q) || q[j] == '=' || q[j] == '&'
		switch {
		case endI && endJ:
			return 0
		case endI:
			return -1
		case endJ:
			return +1
		case q[i] != q[j]:
			if q[i] < q[j] {
				return -1
			}
			return +1
		}
	}
}
