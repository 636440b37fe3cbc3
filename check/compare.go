package check

import (
	"errors"
	"github.com/urikit/urikit/internal/ascii"
	"net/netip"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/idna"
	"github.com/urikit/urikit/percent"
	"github.com/urikit/urikit/uri"
	"github.com/urikit/urikit/whatwg"
)

// isUpperASCII reports whether r is an ASCII capital letter.
func isUpperASCII(r rune) bool { return 'A' <= r && r <= 'Z' }

// maxPunycode is the longest Punycode that package idna decodes.
const maxPunycode = 1000

// A reading is one parser's view of the input reduced to comparable keys
// (or to what they are computed from, for the userinfo and the path): two
// readings agree on a component when the keys are equal. The keys remove the differences that do not change where a request goes (case,
// escapes of unreserved characters, dot segments, default ports, the
// encoding of IDN labels and IP addresses) and keep those that do.
type reading struct {
	parser string
	scheme string
	// user and pass are the username and password, escaped when
	// userEnc (the key is their decoded text: see sameUser).
	user, pass string
	userEnc    bool
	host       string
	port       string
	// path is the path as the parser stores it, "/" for the empty path
	// of a special URL with a host (see pathKey).
	path string
}

const (
	parserRFC    = "RFC 3986"
	parserWHATWG = "WHATWG"
	parserNetURL = "net/url"
)

// userKey is the key of the userinfo of r: its decoded username and
// password joined with a NUL, "" for none.
func userKey(r reading) string {
	if r.user == "" && r.pass == "" {
		return ""
	}
	if !r.userEnc {
		return r.user + "\x00" + r.pass
	}
	return decodeLenient(r.user) + "\x00" + decodeLenient(r.pass)
}

// sameUser reports whether a and b have the same userinfo key, without
// building the keys.
func sameUser(a, b reading) bool {
	return sameDecoded(a.user, a.userEnc, b.user, b.userEnc) && sameDecoded(a.pass, a.userEnc, b.pass, b.userEnc)
}

// sameDecoded reports whether a and b are the same text once decoded
// (decodeLenient) where aEnc and bEnc say they are escaped.
func sameDecoded(a string, aEnc bool, b string, bEnc bool) bool {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		x, y := a[i], b[j]
		i++
		j++
		if v, ok := escapeAt(a, i-1); aEnc && ok {
			x = v
			i += 2
		}
		if v, ok := escapeAt(b, j-1); bEnc && ok {
			y = v
			j += 2
		}
		if x != y {
			return false
		}
	}
	return i == len(a) && j == len(b)
}

// hostKey is the key of a host as a parser stores it: IP addresses in
// their canonical text, names decoded and lowercased, A-labels turned to
// Unicode (the WHATWG parser stores A-labels, the others the Unicode text
// they were given). A difference that UTS #46 mapping makes (full-width
// dots and letters, compatibility characters) stays a difference: the
// other parsers do not make it (only A-labels are decoded, see
// toUnicode).
func (c *checker) hostKey(h string) string {
	if strings.HasPrefix(h, "[") && strings.HasSuffix(h, "]") {
		h = h[1 : len(h)-1]
	}
	if a, err := netip.ParseAddr(h); err == nil {
		return a.WithZone("").String()
	}
	h = strings.ToLower(decodeLenient(h))
	if hasXN(h) {
		if u, ok := c.unicodeHost(h); ok {
			return u
		}
	}
	return h
}

// unicodeHost returns toUnicode(h), remembering the last answer: the IDN
// check, the host comparison and the target all need the Unicode form of
// the same host.
func (c *checker) unicodeHost(h string) (string, bool) {
	if !c.uniDone || c.uniIn != h {
		u, ok := toUnicode(h)
		c.uniIn, c.uniOut, c.uniOK, c.uniDone = h, u, ok, true
	}
	return c.uniOut, c.uniOK
}

// toUnicode returns the host name h with its A-labels decoded: each
// ASCII label that starts with "xn--" (in any case) decoded from Punycode,
// and the ASCII letters of the other labels lowercased (UTS #46 mapping
// of other characters is not done). ok is false when an A-label does not decode (it is then kept) or
// decodes to ASCII.
//
// On the host of a WHATWG reading, which is the output of UTS #46
// ToASCII, this gives what UTS #46 ToUnicode does (whose mapping and
// validation that host has passed already), in time and memory linear in
// len(h) whatever the number of labels: idna.ToUnicode costs
// several hundred bytes per call and far more per byte on names of many
// labels.
func toUnicode(h string) (string, bool) {
	if !hasXN(h) {
		return ascii.Lower(h), true
	}
	var b strings.Builder
	b.Grow(len(h))
	var runes []rune // the code points of the label being decoded
	var lower []byte // the label, its ASCII letters lowercased
	ok := true
	for i, label := range splitLabels(h) {
		if i > 0 {
			b.WriteByte('.')
		}
		if len(label) < 4 || !ascii.Is(label) || label[0]|0x20 != 'x' || label[1]|0x20 != 'n' || label[2] != '-' || label[3] != '-' {
			b.WriteString(ascii.Lower(label))
			continue
		}
		if runes == nil {
			runes = make([]rune, 0, min(longestLabel(h)-4, maxPunycode))
		}
		// Punycode's basic code points are case-insensitive; idna
		// decodes lowercase labels. The WHATWG host is lowercase
		// already: a copy is made only for a label that is not.
		var d []rune
		var err error
		if code := label[4:]; strings.IndexFunc(code, isUpperASCII) < 0 {
			d, err = idna.AppendPunycodeDecodeRunes(runes[:0], code)
		} else {
			lower = append(lower[:0], code...)
			for j, c := range lower {
				if 'A' <= c && c <= 'Z' {
					lower[j] = c + 'a' - 'A'
				}
			}
			d, err = idna.AppendPunycodeDecodeRunes(runes[:0], lower)
		}
		runes = d
		if err != nil {
			ok = false
			b.WriteString(ascii.Lower(label))
			continue
		}
		nonASCII := false
		for _, r := range d {
			nonASCII = nonASCII || r >= utf8.RuneSelf
			b.WriteRune(r)
		}
		if !nonASCII {
			ok = false // an A-label of ASCII, or of nothing
		}
	}
	return b.String(), ok
}

// splitLabels returns an iterator over the "."-separated parts of h and
// their index.
func splitLabels(h string) func(yield func(int, string) bool) {
	return func(yield func(int, string) bool) {
		i := 0
		for label := range strings.SplitSeq(h, ".") {
			if !yield(i, label) {
				return
			}
			i++
		}
	}
}

// longestLabel returns the length of the longest "."-separated part of h.
func longestLabel(h string) int {
	n := 0
	for label := range strings.SplitSeq(h, ".") {
		n = max(n, len(label))
	}
	return n
}

// hasXN reports whether s holds "xn--" in any case.
func hasXN(s string) bool {
	for i := 0; i+4 <= len(s); i++ {
		if s[i]|0x20 == 'x' && s[i+1]|0x20 == 'n' && s[i+2] == '-' && s[i+3] == '-' {
			return true
		}
	}
	return false
}

// portKey is the key of a port: digits without leading zeros, the
// scheme's default when empty.
func portKey(p, scheme string) string {
	if p == "" {
		if d, ok := uri.DefaultPort(scheme); ok {
			return strconv.Itoa(d)
		}
		return ""
	}
	t := strings.TrimLeft(p, "0")
	if t == "" && p != "" {
		return "0"
	}
	return t
}

// isSpecial reports whether the URL Standard gives scheme special
// treatment ("\" as "/", a host always, "/" as the empty path).
func isSpecial(scheme string) bool {
	switch scheme {
	case "http", "https", "ws", "wss", "ftp", "file":
		return true
	}
	return false
}

// pathText returns the path p of a reading, or "/" for the empty path of
// a special URL with a host.
func pathText(p, scheme string, hasAuth bool) string {
	if p == "" && hasAuth && isSpecial(scheme) {
		return "/"
	}
	return p
}

// pathKey is the key of a path (as pathText returns it): every byte RFC
// 3986 does not allow in a path encoded (valid escapes kept), escapes
// normalized (uppercase hex, unreserved decoded), and dot segments removed
// from an absolute path. samePath and showPath compare and show keys
// without building them, but for paths with dot segments.
func pathKey(p string) string {
	k := percent.Normalize(percent.Encoder{Set: percent.Path, KeepEscapes: true}.Encode(p))
	if strings.HasPrefix(k, "/") {
		k = uri.RemoveDotSegments(k)
	}
	return k
}

// hasDotSegments reports whether the key of p is not only encoded and
// normalized but has dot segments removed: whether p is absolute with a
// segment "." or ".." (written with "%2e" or not).
func hasDotSegments(p string) bool {
	if !strings.HasPrefix(p, "/") {
		return false
	}
	for seg := range strings.SplitSeq(p[1:], "/") {
		if dotsOf(seg) > 0 {
			return true
		}
	}
	return false
}

// A keyWalker yields the bytes of pathKey(p), for a p without dot
// segments, one at a time.
type keyWalker struct {
	p       string
	i       int
	pending [2]byte
	n       int // bytes left in pending, taken from the end
}

func (w *keyWalker) next() (byte, bool) {
	if w.n > 0 {
		w.n--
		return w.pending[1-w.n], true
	}
	if w.i >= len(w.p) {
		return 0, false
	}
	b := w.p[w.i]
	if v, ok := escapeAt(w.p, w.i); ok {
		w.i += 3
		if !percent.Unreserved.Contains(v) {
			return v, true // normalized: an unreserved character decoded
		}
		b = v
	} else {
		w.i++
		if !percent.Path.Contains(b) {
			return b, true
		}
	}
	w.pending = [2]byte{upperHex[b>>4], upperHex[b&15]}
	w.n = 2
	return '%', true
}

// pathKeys compares and shows path keys, building them only for paths
// with dot segments (and then once for each distinct path).
type pathKeys struct{ memo keyMemo }

func (k *pathKeys) key(p string) string {
	return k.memo.get("", p, func() string { return pathKey(p) })
}

// same reports whether a and b have the same key.
func (k *pathKeys) same(a, b string) bool {
	if a == b {
		return true
	}
	if hasDotSegments(a) || hasDotSegments(b) {
		return k.key(a) == k.key(b)
	}
	wa, wb := keyWalker{p: a}, keyWalker{p: b}
	for {
		x, okA := wa.next()
		y, okB := wb.next()
		if okA != okB || x != y {
			return false
		}
		if !okA {
			return true
		}
	}
}

// show quotes the key of p for a message, as showKey does, reading it
// twice rather than building it.
func (k *pathKeys) show(p string) string {
	if hasDotSegments(p) || len(p) <= quoteHead+quoteTail {
		return showKey(k.key(p))
	}
	var head []byte
	var tail [quoteTail]byte
	n := 0
	w := keyWalker{p: p}
	for b, ok := w.next(); ok; b, ok = w.next() {
		if n < quoteHead {
			head = append(head, b)
		}
		tail[n%quoteTail] = b
		n++
	}
	if n <= quoteHead+quoteTail+8 {
		return showKey(pathKey(p))
	}
	t := make([]byte, 0, quoteTail)
	for i := range quoteTail {
		t = append(t, tail[(n+i)%quoteTail])
	}
	return quoteCut(string(head), string(t), n) // the key is ASCII
}

// keyMemo computes keys, reusing the key of an equal argument: the
// parsers often store the same text, and a key costs a copy or more of
// it.
// A tag holds the other arguments of the key function.
type keyMemo struct {
	tag [3]string
	in  [3]string
	out [3]string
	n   int
}

func (m *keyMemo) get(tag, in string, f func() string) string {
	for i := range m.n {
		if m.tag[i] == tag && m.in[i] == in {
			return m.out[i]
		}
	}
	out := f()
	if m.n < len(m.in) {
		m.tag[m.n], m.in[m.n], m.out[m.n] = tag, in, out
		m.n++
	}
	return out
}

// readings returns the readings of the parsers that accepted the input
// (RFC 3986 always does, leniently).
func (c *checker) readings() []reading {
	rs := make([]reading, 0, 3)
	var hosts keyMemo
	hostKey := func(h string) string { return hosts.get("", h, func() string { return c.hostKey(h) }) }
	r := c.ref
	sch, _ := r.Scheme()
	sch = strings.ToLower(sch)
	ui, _ := r.Userinfo()
	user, pass, _ := strings.Cut(ui, ":")
	h, _ := r.Host()
	p, _ := r.Port()
	rs = append(rs, reading{parser: parserRFC, scheme: sch, user: user, pass: pass, userEnc: true, host: hostKey(h),
		port: portKey(p, sch), path: pathText(r.Path(), sch, r.HasAuthority())})
	if w := c.w; w != nil {
		rs = append(rs, reading{parser: parserWHATWG, scheme: w.Scheme(), user: w.Username(), pass: w.Password(), userEnc: true,
			host: hostKey(w.Hostname()), port: portKey(w.Port(), w.Scheme()), path: pathText(w.Pathname(), w.Scheme(), w.HasHost())})
	}
	if u := c.nu; u != nil {
		rd := reading{parser: parserNetURL, scheme: u.Scheme, host: hostKey(u.Hostname()), port: portKey(u.Port(), u.Scheme)}
		if u.User != nil {
			// Username and Password are decoded already.
			rd.user = u.User.Username()
			rd.pass, _ = u.User.Password()
		}
		if u.Opaque != "" {
			rd.path = u.Opaque
		} else {
			rd.path = pathText(c.nuPath, u.Scheme, netURLHasAuthority(u, c.text))
		}
		rs = append(rs, rd)
	}
	return rs
}

// rfcDetail is the detail of the rfc3986-invalid finding: the first
// RFC 3986 finding's component and message (its code is in the message
// of the finding already), and how many times it occurs.
func rfcDetail(f uri.Finding) string {
	s := f.Code.Message()
	if f.Component != "" {
		s = string(f.Component) + ": " + s
	}
	if f.Count > 1 {
		s += " (" + strconv.Itoa(f.Count) + " times)"
	}
	return s
}

// checkParsers reports the parsers that reject the input and the
// components on which those that accept it disagree.
func (c *checker) checkParsers() {
	if len(c.rfcFs) > 0 {
		var codes []string
		for _, f := range c.rfcFs {
			if s := string(f.Code); !contains(codes, s) {
				codes = append(codes, s)
			}
		}
		c.add(RFC3986Invalid, Info, c.rfcFs[0].Offset, "not a valid RFC 3986 URI ("+strings.Join(codes, ", ")+"), so the lenient reading is used", rfcDetail(c.rfcFs[0]))
	}
	var rejects []string
	off := len(c.in)
	if c.w == nil {
		var we *whatwg.Error
		if errors.As(c.wErr, &we) {
			off = we.Offset
		}
		rejects = append(rejects, "the WHATWG parser (browsers): "+whatwgError(c.wErr))
	}
	if c.nu == nil {
		rejects = append(rejects, "net/url: "+netURLError(c.nuErr))
		off = min(off, c.netURLOffset())
	}
	if len(rejects) > 0 {
		c.add(ParserReject, Warn, off, "rejected by "+strings.Join(rejects, ", and by "), "")
	}

	if c.w == nil && c.nu == nil {
		return // one reading: nothing to compare
	}
	rs := c.readings()
	sp := c.sp
	c.compare(rs, SchemeMismatch, "scheme", c.lead, byKey(func(r reading) string { return r.scheme }))
	userOff := sp.hostStart
	if sp.userStart >= 0 {
		userOff = sp.userStart
	}
	c.compare(rs, UserinfoMismatch, "userinfo", userOff, comparison{sameUser, func(r reading) string { return showKey(userKey(r)) }})
	if !c.ipv4Explained() {
		c.compare(rs, HostMismatch, "host", sp.hostStart, byKey(func(r reading) string { return r.host }))
	}
	portOff := sp.hostEnd
	if sp.portStart >= 0 {
		portOff = sp.portStart
	}
	c.compare(rs, PortMismatch, "port", portOff, byKey(func(r reading) string { return r.port }))
	var paths pathKeys
	c.compare(rs, PathMismatch, "path", sp.pathStart, comparison{
		func(a, b reading) bool { return paths.same(a.path, b.path) },
		func(r reading) string { return paths.show(r.path) },
	})
}

// netURLOffset estimates where net/url stopped: the first control
// character or "%" escape it rejects is not reported by offset, so the
// start of the input is used unless a control character shows where.
func (c *checker) netURLOffset() int {
	for i := 0; i < len(c.text); i++ {
		if c.text[i] < 0x20 || c.text[i] == 0x7f {
			return c.lead + i
		}
	}
	return c.lead
}

// A comparison tells whether two readings agree on a component (same)
// and shows the key of a reading, quoted, for a message (show).
type comparison struct {
	same func(a, b reading) bool
	show func(reading) string
}

// byKey is the comparison of a component whose key the reading holds.
func byKey(key func(reading) string) comparison {
	return comparison{func(a, b reading) bool { return key(a) == key(b) }, func(r reading) string { return showKey(key(r)) }}
}

// compare reports code when the readings do not all agree, with the key
// of each in the message.
func (c *checker) compare(rs []reading, code Code, what string, off int, by comparison) {
	agree := true
	for _, r := range rs[1:] {
		if !by.same(rs[0], r) {
			agree = false
			break
		}
	}
	if agree {
		return
	}
	var b strings.Builder
	b.WriteString("parsers disagree on the " + what + ": ")
	for i, r := range rs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(r.parser + " ")
		b.WriteString(by.show(r))
	}
	if c.w == nil {
		b.WriteString(", WHATWG rejects")
	}
	if c.nu == nil {
		b.WriteString(", net/url rejects")
	}
	c.add(code, code.Severity(), off, b.String(), "")
}

// showKey quotes a key for a message (a window of it when it is long),
// "(none)" when empty.
func showKey(k string) string {
	if k == "" {
		return "(none)"
	}
	if u, p, ok := strings.Cut(k, "\x00"); ok {
		return quote(u) + " password " + quote(p)
	}
	return quote(k)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
