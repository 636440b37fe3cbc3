package whatwg

import (
	"math/bits"

	"github.com/urikit/urikit/internal/hexdigit"
	"github.com/urikit/urikit/percent"
)

// The whole-URL fast path. Most URLs met in bulk are absolute and already
// in their serialized form: the basic URL parser would copy them byte for
// byte. parseCanonical recognizes such an input in one pass over it, with
// a table lookup per byte, and fills in the offsets of the URL record
// without writing anything: the href is the input itself. Anything it is
// not sure of (upper case, percent-encoding to add, dot segments, a host
// that may be an IPv4 address or needs IDNA, credentials, a default or
// non-canonical port, a Windows drive letter, a missing path, ...) makes
// it give up, and the general state machine (run) parses the input from
// the start. It is checked against the state machine by
// TestFastPathDifferential and FuzzFastPath.

// parseCanonical parses input as an absolute URL when input is one of
// these, in serialized form:
//
//	special://host[:port]/path[?query][#fragment]   http, https, ws, wss, ftp
//	file:///path[?query][#fragment]                 file, empty host
//	file://host/path[?query][#fragment]             file, a domain other than localhost
//	scheme:opaque-path[?query][#fragment]           a non-special scheme with an opaque path
//
// where the scheme is lower case, the host a lower-case ASCII domain that
// does not end in a number, the port (if any) in decimal without leading
// zeros and not the scheme's default, and every byte of the path, query
// and fragment one that its percent-encode set leaves alone, with no dot
// segment in the path. It then stores the URL in *u and reports true; the
// result is the one the basic URL parser gives, with any base (an
// absolute URL with a scheme and "//" does not look at the base).
// Otherwise it reports false and leaves *u alone.
func parseCanonical(s string, u *URL) bool {
	// The offsets are kept in variables and stored at the end at once.
	n := len(s)
	var (
		j, schemeEnd int
		scheme       schemeType
		host         hostKind
	)
	// "https://", "http://" and "file://" are most URLs: one comparison
	// of a word.
	if n >= 8 {
		switch w := load8(s); {
		case w == wordHTTPS:
			schemeEnd, scheme, j = 5, schemeHTTPS, 8
		case w&0xffffffffffffff == wordHTTP:
			schemeEnd, scheme, j = 4, schemeHTTP, 7
		case w&0xffffffffffffff == wordFile:
			schemeEnd, scheme, j = 4, schemeFile, 7
		}
	}
	if j == 0 {
		// Scheme: a lower-case letter, then lower-case letters, digits,
		// "+", "-" and ".", then ":".
		if n == 0 || s[0]-'a' > 'z'-'a' {
			return false
		}
		i := 1
		for i < n && classes[s[i]]&clSchemeLower != 0 {
			i++
		}
		if i == n || s[i] != ':' {
			return false
		}
		schemeEnd = i
		scheme = schemeTypeFold(s[:i])
		j = i + 1
		if scheme == schemeOther {
			// An opaque path ("mailto:x", "node:url"): C0-control set, no
			// space (which may need encoding before "?" or "#").
			if j < n && s[j] == '/' {
				return false
			}
			q, f, ok := canonicalTail(s, span8(s, j, &spanTables[spanOpaque]), &spanTables[spanQuery])
			if !ok {
				return false
			}
			p := uint32(i + 1)
			if n > maxShort {
				u.setFields(s, uint32(i), p, p, p, p, q, f, schemeOther, hostNone, true)
				return true
			}
			u.setShort(s, uint32(i), p, p, p, p, q, f, schemeOther, hostNone, true)
			return true
		}
		if n-j < 2 || s[j] != '/' || s[j+1] != '/' {
			return false
		}
		j += 2
	}
	hs := j
	j = span8(s, j, &spanTables[spanDomain])
	he := j
	if scheme == schemeFile {
		switch h := s[hs:he]; {
		case h == "":
			host = hostEmpty
		case h == "localhost" || mayEndInNumber(h[len(h)-1]) && endsInNumber(h):
			return false
		default:
			host = hostDomain
		}
	} else {
		if hs == he || mayEndInNumber(s[he-1]) && endsInNumber(s[hs:he]) {
			return false
		}
		host = hostDomain
		if j < n && s[j] == ':' {
			// A port: 1 to 5 digits, no leading zero, at most 65535,
			// not the default port.
			ps := j + 1
			j = ps
			port := int32(0)
			for j < n && j-ps < 6 && isDigit(s[j]) {
				port = port*10 + int32(s[j]-'0')
				j++
			}
			if k := j - ps; k == 0 || k > 5 || (k > 1 && s[ps] == '0') || port > 65535 || port == scheme.defaultPort() {
				return false
			}
		}
	}
	// The path: it must start with "/" (an empty path serializes as "/").
	if j == n || s[j] != '/' {
		return false
	}
	ps := j
	j = canonicalPath(s, j, scheme == schemeFile)
	if j < 0 {
		return false
	}
	q, f, ok := canonicalTail(s, j, &spanTables[spanSpQuery])
	if !ok {
		return false
	}
	if n > maxShort {
		u.setFields(s, uint32(schemeEnd), uint32(hs), uint32(hs), uint32(he), uint32(ps), q, f, scheme, host, false)
		return true
	}
	u.setShort(s, uint32(schemeEnd), uint32(hs), uint32(hs), uint32(he), uint32(ps), q, f, scheme, host, false)
	return true
}

// mayEndInNumber reports whether a domain whose last byte is c may end
// in a number (see endsInNumber): c is a hex digit, "x" or ".". Most
// domains end in a letter that is none of these. (Looking back for the
// start of the last label as well costs more than it saves: measured
// with cachegrind on kasztp, 12 more instructions a URL.)
func mayEndInNumber(c byte) bool {
	return hexdigit.Is(c) || c|0x20 == 'x' || c == '.'
}

// canonicalPath returns the end of the serialized path of a special URL
// starting with the "/" at s[j], or -1 when the path is not in serialized
// form: a byte that needs percent-encoding, a "\\", a dot segment, or, in
// a file URL, a first segment that is a Windows drive letter. It does not
// stop at every "/": it scans up to the next "." or "%" (eight bytes a
// step, or with the percent package's vector loops when the rest of the
// input is long), and looks there for a dot segment, which can only start
// with one of them right after a "/"; the rest of that segment is then
// skipped in one run, so that a segment of dots or "%" costs no more
// than any other.
func canonicalPath(s string, j int, file bool) int {
	n := len(s)
	if file && j+3 <= n && isAlpha(s[j+1]) && (s[j+2] == ':' || s[j+2] == '|') {
		return -1
	}
	if n-j < vecPathMin {
		// Most paths: one pass, unless a "/" is followed by "." or "%".
		if e, dot := pathScan(s, j); !dot {
			if e < n && s[e] != '?' && s[e] != '#' {
				return -1
			}
			return e
		}
	}
	e := j
	vec := true // the last run was long: the vector loops may pay
	for {
		// A run of bytes other than "." and "%".
		if vec && n-e >= vecPathMin {
			if k := pathStop.Index(s[e:]); k < 0 {
				e = n
			} else {
				e += k
			}
		} else {
			start := e
			e = span8(s, e, &spanTables[spanPath])
			vec = e-start >= vecPathMin
		}
		if e == n || s[e] != '.' && s[e] != '%' {
			break
		}
		// e > j, as s[j] is "/". Only right after a "/" may a dot
		// segment start; either way the rest of the segment cannot.
		if s[e-1] == '/' && isDotSegment(s[e:]) {
			return -1
		}
		if e = span8(s, e+1, &spanTables[spanSegment]); e == n || s[e] != '/' {
			break
		}
	}
	if e < n && s[e] != '?' && s[e] != '#' {
		return -1
	}
	return e
}

// pathScan returns the end of the run of bytes that a special URL's
// serialized path may hold ("/", "." and "%" included) from s[j], and
// whether a "/" followed by "." or "%" occurs in it: only there may a dot
// segment start, and canonicalPath then looks again segment by segment.
// Like span8, it looks at eight bytes a step, with the flags of
// pathTable packed into a word: bit 0 the byte may be in the run, bit 1
// it is "/", bit 2 it is "." or "%".
func pathScan(s string, j int) (end int, dot bool) {
	t := &pathTable
	n := len(s)
	// carry: the byte before the word is "/"; acc: the pairs of the
	// words before.
	var carry, acc uint64
	for j+8 <= n {
		c := s[j : j+8]
		w := uint64(t[c[0]]) | uint64(t[c[1]])<<8 | uint64(t[c[2]])<<16 | uint64(t[c[3]])<<24 |
			uint64(t[c[4]])<<32 | uint64(t[c[5]])<<40 | uint64(t[c[6]])<<48 | uint64(t[c[7]])<<56
		// Bit 0 of byte i: a "/" there and a dot at i+1 (bit 1 of byte
		// i and bit 2 of byte i+1), or at byte 0 a dot after a "/" that
		// ended the last word. The flags of a byte outside the run are 0.
		pairs := ((w>>1)&(w>>10) | carry&(w>>2)) & swarOnes
		if bad := ^w & swarOnes; bad != 0 {
			k := bits.TrailingZeros64(bad)
			// Flags after the end of the run do not count.
			return j + k/8, acc != 0 || pairs&(1<<k-1) != 0
		}
		acc |= pairs
		carry = w >> 57
		j += 8
	}
	dot = acc != 0
	if j == n {
		return n, dot
	}
	if n < 8 {
		// Too short for a word: the input is at most 7 bytes.
		for ; j < n && t[s[j]]&1 != 0; j++ {
			dot = dot || s[j] == '/' && j+1 < n && t[s[j+1]]&4 != 0
		}
		return j, dot
	}
	// The window s[n-8:] holds the n-j bytes left at its end.
	c := s[n-8:]
	w := uint64(t[c[0]]) | uint64(t[c[1]])<<8 | uint64(t[c[2]])<<16 | uint64(t[c[3]])<<24 |
		uint64(t[c[4]])<<32 | uint64(t[c[5]])<<40 | uint64(t[c[6]])<<48 | uint64(t[c[7]])<<56
	w >>= 8 * uint(8-(n-j))
	pairs := ((w>>1)&(w>>10) | carry&(w>>2)) & swarOnes
	k := 8 * (n - j)
	if bad := ^w & swarOnes & (1<<k - 1); bad != 0 {
		k = bits.TrailingZeros64(bad)
	}
	return j + k/8, dot || pairs&(1<<k-1) != 0
}

// pathTable holds the flags of pathScan for each byte, built once from
// classes and never written again.
var pathTable = func() (t spanTable) {
	for c := range 256 {
		if classes[c]&clPathCanon != 0 {
			t[c] = 1
		}
		switch c {
		case '/':
			t[c] |= 2
		case '.', '%':
			t[c] |= 4
		}
	}
	return t
}()

// pathStop is the set of the bytes that end a run of canonicalPath: the
// path percent-encode set (with "?" and "#"), "\\", "." and "%". It is not
// written after package initialization.
var pathStop = percent.WHATWGPath.Add("\\.%")

// vecPathMin is the length of the rest of the input from which
// canonicalPath looks for the end of a run with pathStop.Index: on
// shorter input the fixed cost of the call exceeds what it saves. (At 48
// bytes, the vector loops made kasztp's URLs about 4% slower and isaacs'
// long file paths 5% faster; at 256 they serve long paths only.)
const vecPathMin = 256

// wordHTTPS, wordHTTP and wordFile are "https://", "http://" and
// "file://" as load8 reads them.
const (
	wordHTTPS = 0x2f2f3a7370747468
	wordHTTP  = 0x2f2f3a70747468
	wordFile  = 0x2f2f3a656c6966
)

// A spanTable holds 1 for each byte that a run may hold, 0 for the
// others: one byte per entry, so that eight lookups pack into a word.
type spanTable [256]byte

// spanTables are the runs of the fast path, built once from classes and
// never written again.
var spanTables = buildSpanTables()

// Indexes of spanTables.
const (
	spanDomain   = iota // clDomainPlain
	spanPath            // clPathPlain
	spanSegment         // clPathRun
	spanSpQuery         // clSpQuery
	spanQuery           // clQuery
	spanFragment        // clFragment
	spanOpaque          // clOpaqueCanon
	spanCount
)

func buildSpanTables() (ts [spanCount]spanTable) {
	for k, cl := range [spanCount]uint32{clDomainPlain, clPathPlain, clPathRun, clSpQuery, clQuery, clFragment, clOpaqueCanon} {
		for c := range 256 {
			if classes[c]&cl != 0 {
				ts[k][c] = 1
			}
		}
	}
	return ts
}

// span8 returns the index of the first byte of s[j:] that t does not
// hold, or len(s). It looks at eight bytes per step, packing their table
// entries into a word, so that the word both tells whether all eight are
// held and, when not, which one is first; the last few bytes are looked
// at in the eight-byte window that ends s. A run of any length costs
// about one mispredicted branch.
func span8(s string, j int, t *spanTable) int {
	// The gather is written out twice: a helper would not be inlined.
	n := len(s)
	for j+8 <= n {
		c := s[j : j+8]
		w := uint64(t[c[0]]) | uint64(t[c[1]])<<8 | uint64(t[c[2]])<<16 | uint64(t[c[3]])<<24 |
			uint64(t[c[4]])<<32 | uint64(t[c[5]])<<40 | uint64(t[c[6]])<<48 | uint64(t[c[7]])<<56
		if w != swarOnes {
			return j + bits.TrailingZeros64(^w&swarOnes)/8
		}
		j += 8
	}
	if j == n {
		return n
	}
	if n < 8 {
		for j < n && t[s[j]] != 0 {
			j++
		}
		return j
	}
	// The window s[n-8:] holds the n-j bytes left at its end.
	c := s[n-8:]
	w := uint64(t[c[0]]) | uint64(t[c[1]])<<8 | uint64(t[c[2]])<<16 | uint64(t[c[3]])<<24 |
		uint64(t[c[4]])<<32 | uint64(t[c[5]])<<40 | uint64(t[c[6]])<<48 | uint64(t[c[7]])<<56
	bad := (^w & swarOnes) >> (8 * uint(8-(n-j)))
	if bad == 0 {
		return n
	}
	return j + bits.TrailingZeros64(bad)/8
}

// swarOnes has 1 in each byte.
const swarOnes = 0x0101010101010101

// load8 returns s[0:8] as a little-endian word.
func load8(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// isDotSegment reports whether the path segment at the start of s (up to
// the first byte that a run of a path does not hold, such as "/", "?" or
// "#") is a dot segment.
func isDotSegment(s string) bool {
	e := 0
	for e < len(s) && e <= 6 && classes[s[e]]&clPathRun != 0 {
		e++
	}
	k := segKindOf(s[:e])
	return k == segSingleDot || k == segDoubleDot
}

// canonicalTail finishes parseCanonical after the path, at s[j]: an
// optional query (bytes that qt holds) and an optional fragment, in
// serialized form. It returns the URL's queryStart and fragStart, and
// false when the rest of s is not in serialized form.
func canonicalTail(s string, j int, qt *spanTable) (q, f uint32, ok bool) {
	n := len(s)
	qs, fs := n, n
	if j < n && s[j] == '?' {
		qs = j
		j = span8(s, j+1, qt)
	}
	if j < n && s[j] == '#' {
		fs = j
		if qs == n {
			qs = j
		}
		j = span8(s, j+1, &spanTables[spanFragment])
	}
	return uint32(qs), uint32(fs), j == n
}
