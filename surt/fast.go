package surt

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"
	"strings"

	"github.com/urikit/urikit/domain"
)

// The fast path: the key of a common URL in one pass over it, written
// straight into dst. It takes a URL whose host is plain ASCII (no
// userinfo, no escape, no IP address, no dot to squeeze), with at most a
// port of digits, and whose path and query have no "%" and no tab or
// line break; a URL without a host (file:///x, mailto:x) too. Whatever
// else, or anything it is unsure of (a path with a "//" or a "/." that
// may need resolving, an ".aspx" path), it leaves to the general path
// (appendKeyGeneral), which gives every key: TestFastPath and
// FuzzFastPath check that both give the same key wherever the fast path
// gives one.

// Classes of fastHostClass.
const (
	hostKept  = 0 // kept
	hostUpper = 1 // a capital, lowered
	hostDot   = 2 // "."
	hostColon = 3 // ":", before a port
	hostEnd   = 4 // "/", "?" or "#", which end the authority
	hostOther = 5 // anything the fast path leaves to the general one
)

// fastHostClass classes the bytes of a host for the fast path: "@" (a
// userinfo), brackets (an IPv6 literal, or an error), and whatever is
// escaped (escapes, non-ASCII, controls, space) are left to the general
// path.
var fastHostClass = func() (t [256]uint8) {
	for c := range 256 {
		switch {
		case c == '/', c == '?', c == '#':
			t[c] = hostEnd
		case escClass[c] == 2, c == '@', c == '[', c == ']':
			t[c] = hostOther
		case c == '.':
			t[c] = hostDot
		case c == ':':
			t[c] = hostColon
		case c >= 'A' && c <= 'Z':
			t[c] = hostUpper
		}
	}
	return t
}()

// appendKeyFast appends the key of s under o to dst and reports true, or
// reports false (and dst is to be discarded) when s needs the general
// path.
func appendKeyFast(dst []byte, s string, o Options) ([]byte, bool) {
	if s == "" || s[0] <= ' ' || s[len(s)-1] <= ' ' {
		return dst, false
	}
	if (s[0] == 'f' || s[0] == 'w') && (strings.HasPrefix(s, "filedesc") || strings.HasPrefix(s, "warcinfo")) {
		return dst, false
	}
	// The scheme, "http" when there is none.
	scheme, rest := "http", s
	hasAuth := true
	if n := schemeLen(s); n > 0 {
		scheme, rest = s[:n], s[n+1:]
		hasAuth = strings.HasPrefix(rest, "//")
		if hasAuth {
			rest = rest[2:]
			if strings.HasPrefix(rest, "http") && httpPrefix(s) > 0 && httpPrefix(rest) > 0 {
				return dst, false // repeated prefixes
			}
		}
	}
	// The host and the port.
	var host string
	port := 0
	i := 0
	var dots [maxFastDots]int32 // the offsets of the host's dots
	nd := 0
	var upper uint8 // hostUpper when the host has a capital
	if hasAuth {
		last := -1 // the last dot; a leading "." is left to the general path
		for ; i < len(rest); i++ {
			cl := fastHostClass[rest[i]]
			if cl <= hostUpper {
				upper |= cl
				continue
			}
			if cl != hostDot {
				break
			}
			if i == last+1 || nd == len(dots) {
				return dst, false // "..", a leading ".", many labels
			}
			dots[nd] = int32(i)
			nd++
			last = i
		}
		if i < len(rest) && fastHostClass[rest[i]] == hostOther {
			return dst, false
		}
		host = rest[:i]
		if host != "" && last == i-1 {
			return dst, false // a final "."
		}
		if i < len(rest) && rest[i] == ':' {
			// Digits up to 65535, and at least one.
			i++
			d := i
			for ; i < len(rest) && rest[i] >= '0' && rest[i] <= '9'; i++ {
				if port = port*10 + int(rest[i]-'0'); port > 65535 {
					return dst, false
				}
			}
			if i == d || host == "" || (i < len(rest) && rest[i] != '/' && rest[i] != '?' && rest[i] != '#') {
				return dst, false
			}
		}
		if host != "" && host[0] >= '0' && host[0] <= '9' {
			return dst, false // maybe an IPv4 address
		}
	}
	p := rest[i:] // the path, the query and the fragment
	if host == "" {
		// A URL without a host keys as its scheme, ":" and its path,
		// unless the general path takes the host from the path
		// ("http:///host"), refuses it, or has to add a "/" before a
		// query.
		if strings.HasPrefix(scheme, "http") || needsHost(scheme) || (p != "" && (p[0] == '?' || p[0] == '#')) {
			return dst, false
		}
		dst = append(dst, scheme...)
		dst = append(dst, ':')
	} else {
		if o.Scheme {
			dst = appendSchemeOpen(dst, scheme)
		}
		dst = appendFastHost(dst, rest, len(host), dots[:nd], upper != 0, o.KeepWWW || strings.EqualFold(scheme, "dns"))
		if port == defaultPort(scheme) {
			port = 0
		}
		dst = appendHostEnd(dst, port, o)
		if o.HostOnly {
			return dst, true
		}
	}

	// The path and the query, lowered and escaped into dst eight bytes at
	// a time while none needs a change but lowering, with what the
	// general path would do differently noted on the way: "//", "/."
	// in the path (susp: maybe a segment to drop or resolve), ".aspx" in
	// the path (a session id may follow). The query is looked at once
	// written: "id" (maybe a session id), "&" (maybe arguments to sort).
	start := len(dst)
	if host != "" && (p == "" || p[0] != '/') {
		dst = append(dst, '/')
	}
	var susp, aspx, inQuery bool
	stop := uint64(ones * '?') // a byte the words may not hold: "?" in the path, "#" in the query
	pathLen := len(p)          // the path's length in p
	qs := 0                    // the query's offset in dst
	j := 0
	dst = slices.Grow(dst, len(p)+8)
scan:
	for j < len(p) {
		var su, as bool
		dst, j, su, as = appendPlain(dst, p, j, stop, !inQuery)
		susp, aspx = susp || su, aspx || as
		if j == len(p) {
			break
		}
		switch c := p[j]; {
		case c == '?' && !inQuery:
			pathLen = j
			if n := len(dst); n-start > 1 && dst[n-1] == '/' {
				dst = dst[:n-1]
			}
			dst = append(dst, '?')
			qs, inQuery, stop = len(dst), true, ones*'#'
		case c == '#':
			if o.Fragment || strings.ContainsAny(p[j:], "\t\r\n") {
				// The general path removes tabs and line breaks from
				// the whole text first.
				return dst, false
			}
			if !inQuery {
				pathLen = j
			}
			break scan
		case c == '%', c == '\t', c == '\r', c == '\n':
			return dst, false
		default: // a byte to escape
			dst = append(dst, '%', lowerHex[c>>4], lowerHex[c&15])
		}
		j++
	}
	if aspx || (susp && host != "" && !plainPath(p[:pathLen])) {
		return dst, false
	}
	if !inQuery {
		if n := len(dst); n-start > 1 && dst[n-1] == '/' {
			dst = dst[:n-1]
		}
		return dst, true
	}
	q := dst[qs:]
	if containsID(q) {
		q = stripQuerySessionID(q)
		dst = dst[:qs+len(q)]
	}
	switch {
	case len(q) == 0:
		dst = dst[:qs-1]
	case !o.KeepQueryOrder && bytes.IndexByte(q, '&') >= 0 && !querySorted(q):
		var sb [128]byte
		dst = appendSortedQuery(dst[:qs], append(sb[:0], q...))
	}
	return dst, true
}

// maxFastDots is the most dots of a host the fast path takes.
const maxFastDots = 16

// appendPlain appends p from j on, lowered, up to the first byte that
// needs more than lowering (escClass 2, or a byte equal to those of
// stop), and returns the offset of that byte (or len(p)). In a path, it
// notes "//" or "/." (susp) and ".aspx". It stops only before a byte
// that is no "/", so a "//" never spans two calls. It keeps to few
// variables, so that its loop runs in registers.
func appendPlain(dst []byte, p string, j int, stop uint64, path bool) (_ []byte, _ int, susp, aspx bool) {
	var carry uint64 // 0x80 when the byte before the word is a "/"
	for j < len(p) {
		// Eight bytes, or the last few padded with "x" (which is kept
		// and sets no note).
		x, n := uint64(0), len(p)-j
		if n >= 8 {
			x, n = load8(p, j), 8
		} else {
			x = loadTail(p, j)
		}
		k := n
		if sp := specialMask(x) | zeroByte(x^stop)&highs; sp != 0 {
			k = bits.TrailingZeros64(sp) >> 3
			if k == 0 {
				break
			}
		}
		lx := x | upperMask(x)>>2
		m := len(dst)
		dst = binary.LittleEndian.AppendUint64(dst, lx)[:m+k]
		if path {
			// "/" and "." differ in the lowest bit only.
			sd := zeroMask(lx|ones^ones*'/') & (highs >> (64 - 8*k))
			sl := sd & (lx << 7)
			if (sl<<8|carry)&sd != 0 {
				susp = true
			}
			carry = sl >> (8*k - 8) & 0x80
			for m := sd &^ sl; m != 0; m &= m - 1 {
				if isASPX(p, j+bits.TrailingZeros64(m)>>3) {
					aspx = true
				}
			}
		}
		j += k
		if k < n {
			break
		}
	}
	return dst, j, susp, aspx
}

// appendFastHost appends the SURT form of a plain host h = s[:hn] (ASCII,
// no byte to escape, no empty label, not an IPv4 address) whose dots are
// at dots, with capitals when upper: its "www" label dropped unless
// keepWWW (as massageHost does), its labels reversed and joined by ",",
// lowered.
func appendFastHost(dst []byte, s string, hn int, dots []int32, upper, keepWWW bool) []byte {
	h := s[:hn]
	first := 0 // where the first label kept starts
	if !keepWWW && len(dots) >= 2 && dots[0] >= 3 && lower(h[0]) == 'w' && lower(h[1]) == 'w' && lower(h[2]) == 'w' {
		i := 3
		for i < len(h) && h[i] >= '0' && h[i] <= '9' {
			i++
		}
		if i == int(dots[0]) && !domain.IsPublicSuffix(h[i+1:]) {
			first, dots = i+1, dots[1:]
		}
	}
	end := len(h)
	for k := len(dots) - 1; k >= -1; k-- {
		a := first
		if k >= 0 {
			a = int(dots[k]) + 1
		}
		if end-a <= 8 && a+8 <= len(s) {
			// A short label as a word, lowered (what follows it in s is
			// written and cut off again).
			x := load8(s, a)
			m := len(dst)
			dst = binary.LittleEndian.AppendUint64(dst, x|upperMask(x)>>2)[:m+end-a]
		} else {
			m := len(dst)
			dst = append(dst, s[a:end]...)
			if upper {
				for j := m; j < len(dst); j++ {
					dst[j] = lower(dst[j])
				}
			}
		}
		if k >= 0 {
			dst = append(dst, ',')
			end = int(dots[k])
		}
	}
	return dst
}

// isASPX reports whether ".aspx", in any case, is at p[i:].
func isASPX(p string, i int) bool {
	return len(p)-i >= 5 && p[i] == '.' && p[i+1]|0x20 == 'a' && p[i+2]|0x20 == 's' && p[i+3]|0x20 == 'p' && p[i+4]|0x20 == 'x'
}

// loadTail returns the bytes of s from j on (fewer than 8) as load8
// would, padded with "x": from the last 8 bytes of s when it has them,
// without a call to copy.
func loadTail(s string, j int) uint64 {
	n := len(s) - j
	if len(s) >= 8 {
		return load8(s, len(s)-8)>>(64-8*n) | ones*'x'<<(8*n)
	}
	x := uint64(ones * 'x')
	for i := len(s) - 1; i >= j; i-- {
		x = x<<8 | uint64(s[i])
	}
	return x
}

// containsID reports whether q holds "id", which every session id of
// stripQuerySessionID does.
func containsID(q []byte) bool {
	for {
		i := bytes.IndexByte(q, 'i')
		if i < 0 || i == len(q)-1 {
			return false
		}
		if q[i+1] == 'd' {
			return true
		}
		q = q[i+1:]
	}
}

// specialMask has the high bit of the first byte of x that appendEscaped
// changes other than by lowering (escClass 2) set, maybe with bits of
// later bytes (a borrow goes up), and no bit of an earlier byte: the
// tests of plain8, each exact up to its first byte.
func specialMask(x uint64) uint64 {
	low := x & (ones * 0x7f)
	bad := x | (low + ones*1) | ((x - ones*0x21) &^ x) | zeroByte(x^ones*'#') | zeroByte(x^ones*'%')
	return bad & highs
}

// zeroMask has the high bit of each byte of v that is 0 set, and no
// other bit: exact for each byte (zeroByte is exact only for "some
// byte").
func zeroMask(v uint64) uint64 {
	const lows = ones * 0x7f
	return ^((v&lows + lows) | v | lows)
}

// upperMask has the high bit of each byte of x that is an ASCII capital
// set, and no other bit, for an x without bytes from 0x80.
func upperMask(x uint64) uint64 {
	return (x + ones*(0x80-'A')) &^ (x + ones*(0x80-'Z'-1)) & highs
}
