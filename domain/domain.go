package domain

//go:generate go run ./internal/gen -list ../../shared/testdata/psl/public_suffix_list.dat -out table_gen.go

import (
	"net/netip"
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/idna"
	"github.com/urikit/urikit/internal/ascii"
)

// A Suffix is the public suffix of a name, and the rule that made it.
type Suffix struct {
	// Name is the public suffix: the last labels of the name, lowercase,
	// in the name's own form (a label written as an A-label stays one, a
	// label written in Unicode comes back in Unicode, mapped and
	// normalized by UTS #46), joined by "." and followed by a final "."
	// when the name has one.
	Name string
	// ICANN reports whether the rule that decided is in the ICANN section
	// of the list. It is false for the private section (blogspot.com,
	// github.io, ...) and for the default rule.
	ICANN bool
	// Listed reports whether a rule of the list decided. It is false when
	// none matched and the list's default rule "*" made the last label
	// the suffix, as for "example", "local" or "internal".
	Listed bool
}

// Flag bits of a table key (see internal/gen).
const (
	flagExact          = 1 << 0
	flagExactICANN     = 1 << 1
	flagWildcard       = 1 << 2
	flagWildcardICANN  = 1 << 3
	flagException      = 1 << 4
	flagExceptionICANN = 1 << 5
)

// PublicSuffix returns the public suffix of name by the rules of the
// Public Suffix List (the copy of ListVersion): the longest matching rule
// prevails, a wildcard rule "*.x" matches one more label, an exception
// rule "!a.x" prevails over every other and makes "x" the suffix, and
// when nothing matches the last label is the suffix (the default rule,
// Suffix.Listed false).
//
// Matching ignores ASCII case. A name with non-ASCII characters is
// processed with UTS #46 ToASCII (the URL Standard's flags, which also
// map case and the ideographic full stops) and matched in A-label form;
// its labels come back in Unicode. ASCII labels are matched as text, with
// no IDNA validation. One final "." (a fully qualified name) is allowed
// and kept in the result.
//
// The name must be a host name, nothing more: it fails with an *Error
// when name is empty (ErrEmpty), holds a character no host name holds,
// as a URL, a "host:port", "user@host" or a name with a space does
// (ErrInvalidChar, at the character), has an empty label (a leading ".",
// "..", or more than one final dot: ErrEmptyLabel), is an IP address
// (ErrIPAddress), or has a label that UTS #46 rejects (ErrIDNA). Take
// the host of a URL first (whatwg.URL.Hostname) to look it up. Time and memory are linear in len(name);
// an ASCII name that is already lowercase costs no allocation.
func PublicSuffix(name string) (Suffix, error) {
	var p parsed
	if err := p.parse(name); err != nil {
		return Suffix{}, err
	}
	return Suffix{Name: p.tail(p.suffixLabels), ICANN: p.icann, Listed: p.listed}, nil
}

// RegistrableDomain returns the registrable domain of name (its "eTLD+1"):
// its public suffix (see PublicSuffix) and the one label before it, in
// the same form as PublicSuffix's result. "www.Example.co.uk" gives
// "example.co.uk".
//
// Besides the errors of PublicSuffix, it fails with ErrIsSuffix when the
// name is itself a public suffix ("co.uk", "github.io", or an unlisted
// single label such as "localhost"), so that nobody can register it.
//
// Its result, when it has one, is a valid name of its own:
// RegistrableDomain of it returns it again.
func RegistrableDomain(name string) (string, error) {
	var p parsed
	if err := p.parse(name); err != nil {
		return "", err
	}
	if p.suffixLabels >= p.labels {
		return "", p.errIsSuffix()
	}
	return p.tail(p.suffixLabels + 1), nil
}

// IsPublicSuffix reports whether name is itself a public suffix: whether
// PublicSuffix returns all of it ("com", "co.uk", "github.io", "a.kobe.jp"
// under the wildcard "*.kobe.jp", an unlisted single label such as
// "localhost"), which is when RegistrableDomain fails with ErrIsSuffix.
// A name that PublicSuffix refuses (an IP address, an empty label, ...)
// is not one.
//
// It asks only that question: it builds no result, so it allocates
// nothing for a valid ASCII name in any letter case, where PublicSuffix
// lowers the suffix it returns and turns A-labels back to Unicode.
func IsPublicSuffix(name string) bool {
	if notSuffix(name) {
		return false
	}
	var p parsed
	return p.parse(name) == nil && p.suffixLabels >= p.labels
}

// notSuffix reports, when it can tell from the last labels of name
// alone, that name is no public suffix: it walks them from the right as
// match does, and a suffix of name that is not in the table (and not
// covered by a wildcard) leaves a label out of the public suffix. That
// holds whether or not name passes parse, since a name that fails it is
// no public suffix either; and the ASCII labels it reads are the same
// (but for case) in the key parse would match. It reports false (not
// known) at a byte from 0x80, an empty label, a final dot, or when every
// label is in the table.
func notSuffix(name string) bool {
	if name == "" || name[len(name)-1] == '.' {
		return false
	}
	suffix, n := 1, 0 // as suffixLabels in match, and the candidate's labels
	h := hashStart
	start := len(name) + 1
	for start > 0 {
		end := start - 1
		if end < len(name) {
			h = hashByte(h, '.')
		}
		i := end - 1
		for ; i >= 0; i-- {
			c := name[i]
			if c == '.' {
				break
			}
			if c >= utf8.RuneSelf {
				return false
			}
			h = hashByte(h, ascii.ToLower(c))
		}
		if i == end-1 {
			return false // an empty label
		}
		start = i + 1
		n++
		f, ok := lookup(name[start:], h)
		if !ok {
			// Label n is out of the suffix, unless a wildcard took it;
			// then a label before it is.
			return suffix < n || start > 0
		}
		if f&flagException != 0 {
			return true // the suffix is n-1 labels of at least n
		}
		if f&flagExact != 0 && n >= suffix {
			suffix = n
		}
		if f&flagWildcard != 0 && start > 0 && n+1 >= suffix {
			suffix = n + 1
		}
	}
	return false
}

// parsed is a name checked and matched against the table.
type parsed struct {
	in    string // the input
	name  string // the input without its final dot
	dot   bool   // the input has a final dot
	ascii string // name in lowercase ASCII form, when it had non-ASCII characters
	// labels is the number of labels of name, counted up to
	// suffixLabels+1 only on the ASCII path (no more are needed).
	labels       int
	suffixLabels int
	icann        bool
	listed       bool
}

// isDot reports whether the rune r is one of the four dots UTS #46 maps
// to ".".
func isDot(r rune) bool {
	return r == '.' || r == '\u3002' || r == '\uff0e' || r == '\uff61'
}

// fail returns the *Error of code at off in the name being parsed.
func (p *parsed) fail(code Code, off int) error {
	return &Error{Offset: off, Code: code, Input: p.in}
}

// parse checks name and finds its public suffix.
func (p *parsed) parse(name string) error {
	p.in = name
	if name == "" {
		return p.fail(ErrEmpty, -1)
	}
	// One pass says which of the checks below can find anything: a
	// name without a forbidden byte holds no ":" (so no IPv6 address),
	// and one without a byte from 0x80 is ASCII.
	var class uint8
	for i := 0; i < len(name); i++ {
		class |= byteClass[name[i]]
	}
	if class&classForbidden != 0 {
		if isIPv6(name) {
			return p.fail(ErrIPAddress, -1)
		}
		if i := forbidden(name); i >= 0 {
			return p.fail(ErrInvalidChar, i)
		}
	}
	s := name
	ascii := class&classNonASCII == 0
	if ascii {
		if s[len(s)-1] == '.' {
			s, p.dot = s[:len(s)-1], true
		}
	} else if r, size := utf8.DecodeLastRuneInString(s); isDot(r) {
		s, p.dot = s[:len(s)-size], true
	}
	if s == "" {
		return p.fail(ErrEmptyLabel, 0)
	}
	p.name = s
	key := s
	if ascii {
		// An empty label: a leading dot, two dots in a row, or a final
		// dot left after the one taken off.
		if s[0] == '.' {
			return p.fail(ErrEmptyLabel, 0)
		}
		if i := strings.Index(s, ".."); i >= 0 {
			return p.fail(ErrEmptyLabel, i+1)
		}
		if s[len(s)-1] == '.' {
			return p.fail(ErrEmptyLabel, len(s))
		}
	} else {
		if i := emptyLabel(s); i >= 0 {
			return p.fail(ErrEmptyLabel, i)
		}
		a, err := idna.URL().ToASCII(s)
		if err != nil {
			off := -1
			if e, ok := err.(*idna.Error); ok {
				off = e.Offset
			}
			return &Error{Offset: off, Code: ErrIDNA, Input: name, Err: err}
		}
		if i := strings.Index(a, ".."); a == "" || a[0] == '.' || a[len(a)-1] == '.' || i >= 0 {
			// Mapping made a label empty (a label of ignored code points).
			return p.fail(ErrEmptyLabel, 0)
		}
		if isIPv6(a) {
			return p.fail(ErrIPAddress, -1)
		}
		if i := forbidden(a); i >= 0 {
			// Mapping made a forbidden character (U+FF1F FULLWIDTH
			// QUESTION MARK is "?"): the offset of its label, or of
			// the name when mapping changed the number of labels.
			off := 0
			if strings.Count(a, ".")+1 == p.countInputLabels() {
				off = p.inputLabelStart(strings.Count(a[:i], "."))
			}
			return p.fail(ErrInvalidChar, max(off, 0))
		}
		p.ascii, key = a, a
	}
	if endsInNumber(key) {
		return p.fail(ErrIPAddress, -1)
	}
	p.match(key)
	return nil
}

// The classes of byteClass.
const (
	classForbidden = 1 << 0 // a byte forbidden reports
	classNonASCII  = 1 << 1 // a byte from 0x80
)

// byteClass classes each byte for parse's first pass.
var byteClass = func() (t [256]uint8) {
	for c := range 256 {
		if forbidden(string([]byte{byte(c)})) == 0 {
			t[c] |= classForbidden
		}
		if c >= utf8.RuneSelf {
			t[c] |= classNonASCII
		}
	}
	return t
}()

// forbidden returns the offset of the first byte of s that is a
// forbidden domain code point of the URL Standard (C0 controls, space,
// "#%/:<>?@[\]^|" and DEL), or -1. Such a name is not a host name.
func forbidden(s string) int {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '#', '%', '/', ':', '<', '>', '?', '@', '[', '\\', ']', '^', '|', 0x7f:
			return i
		default:
			if c < ' ' {
				return i
			}
		}
	}
	return -1
}

// isIPv6 reports whether s is an IPv6 address: bracketed as a URL writes
// one ("[::1]"), or bare ("::1", "fe80::1%eth0").
func isIPv6(s string) bool {
	if len(s) >= 2 && s[0] == '[' && s[len(s)-1] == ']' {
		s = s[1 : len(s)-1]
	}
	if strings.IndexByte(s, ':') < 0 {
		return false
	}
	a, err := netip.ParseAddr(s)
	return err == nil && a.Is6()
}

// inputLabelStart returns the byte offset in the input of its label k
// (counted from 0, labels split at any dot of isDot), or -1 when it has
// fewer labels.
func (p *parsed) inputLabelStart(k int) int {
	if k == 0 {
		return 0
	}
	for i, r := range p.in {
		if isDot(r) {
			if k--; k == 0 {
				return i + utf8.RuneLen(r)
			}
		}
	}
	return -1
}

// emptyLabel returns the byte offset of the first empty label of s, whose
// labels are separated by any of the dots of isDot, or -1.
func emptyLabel(s string) int {
	start := true // at the start of a label
	for i, r := range s {
		if isDot(r) {
			if start {
				return i
			}
			start = true
			continue
		}
		start = false
	}
	if start {
		return len(s)
	}
	return -1
}

// endsInNumber reports whether the last label of the (non-empty, ASCII)
// name is a number as the URL Standard's IPv4 parser reads one: decimal
// digits, or "0x" and hex digits. Such a name is an IPv4 address (or no
// valid host), never a domain.
func endsInNumber(s string) bool {
	last := s[strings.LastIndexByte(s, '.')+1:]
	if len(last) >= 2 && last[0] == '0' && (last[1] == 'x' || last[1] == 'X') {
		for i := 2; i < len(last); i++ {
			if c := last[i] | 0x20; !('0' <= last[i] && last[i] <= '9' || 'a' <= c && c <= 'f') {
				return false
			}
		}
		return true
	}
	for i := 0; i < len(last); i++ {
		if last[i] < '0' || last[i] > '9' {
			return false
		}
	}
	return true
}

// match finds the public suffix of key (ASCII, no empty label, any case)
// and sets suffixLabels, icann, listed and labels. It walks the labels
// from the right and stops at the first sequence that is not in the
// table, so it looks at no more than maxRuleLabels+1 labels. The hash of
// each candidate continues that of the one before (see hashByte).
func (p *parsed) match(key string) {
	p.suffixLabels, p.icann, p.listed = 1, false, false
	n := 0 // labels of the candidate
	h := hashStart
	start := len(key) + 1
	for start > 0 {
		// The candidate grows by one label to the left.
		end := start - 1
		if end < len(key) {
			h = hashByte(h, '.')
		}
		// Hash the label back to its dot (or the start of key).
		i := end - 1
		for ; i >= 0 && key[i] != '.'; i-- {
			h = hashByte(h, ascii.ToLower(key[i]))
		}
		start = i + 1
		n++
		f, ok := lookup(key[start:], h)
		if !ok {
			break
		}
		if f&flagException != 0 {
			// An exception prevails: its suffix is the candidate
			// without its first label.
			p.suffixLabels, p.icann, p.listed = n-1, f&flagExceptionICANN != 0, true
			p.labels = countUpTo(key, n)
			return
		}
		if f&flagExact != 0 && n >= p.suffixLabels {
			p.suffixLabels, p.icann, p.listed = n, f&flagExactICANN != 0, true
		}
		if f&flagWildcard != 0 && start > 0 && n+1 >= p.suffixLabels {
			p.suffixLabels, p.icann, p.listed = n+1, f&flagWildcardICANN != 0, true
		}
	}
	p.labels = countUpTo(key, p.suffixLabels+1)
}

// hashStart and hashByte make the hash of the table (FNV-1a, 32 bits),
// fed the bytes of a key from the last to the first, so that the hash of
// a longer suffix continues that of a shorter one. The generator uses
// the same.
const hashStart uint32 = 2166136261

func hashByte(h uint32, c byte) uint32 { return (h ^ uint32(c)) * 16777619 }

// countUpTo returns the number of labels of s, counting no further than
// limit.
func countUpTo(s string, limit int) int {
	n := 1
	for i := len(s) - 1; i >= 0 && n < limit; i-- {
		if s[i] == '.' {
			n++
		}
	}
	return n
}

// lookup returns the flags of key (compared ASCII-case-insensitively),
// whose hash is h, in the table.
func lookup(key string, h uint32) (byte, bool) {
	const mask = 1<<hashBits - 1
	for slot := h & mask; ; slot = (slot + 1) & mask {
		i := int(tableSlots[2*slot])<<8 | int(tableSlots[2*slot+1])
		if i == 0 {
			return 0, false
		}
		if equalFold(tableKey(i-1), key) {
			return tableIndex[4*(i-1)+3], true
		}
	}
}

// hashKey returns the hash of key, as match computes it.
func hashKey(key string) uint32 {
	h := hashStart
	for i := len(key) - 1; i >= 0; i-- {
		h = hashByte(h, ascii.ToLower(key[i]))
	}
	return h
}

// tableKey returns the i-th key of the table.
func tableKey(i int) string {
	end := int(tableIndex[4*i])<<16 | int(tableIndex[4*i+1])<<8 | int(tableIndex[4*i+2])
	start := 0
	if i > 0 {
		start = int(tableIndex[4*i-4])<<16 | int(tableIndex[4*i-3])<<8 | int(tableIndex[4*i-2])
	}
	return tableKeys[start:end]
}

// equalFold reports whether the lowercase key k equals s read in ASCII
// lowercase.
func equalFold(k, s string) bool {
	if len(k) != len(s) {
		return false
	}
	for i := 0; i < len(k); i++ {
		if k[i] != ascii.ToLower(s[i]) {
			return false
		}
	}
	return true
}

// tail returns the last k labels of the name in its output form.
func (p *parsed) tail(k int) string {
	if p.ascii == "" {
		s := p.name
		start := len(s)
		for range k {
			start = strings.LastIndexByte(s[:max(start-1, 0)], '.') + 1
			if start == 0 {
				break
			}
		}
		if p.dot {
			s = p.in
		}
		return ascii.Lower(s[start:])
	}
	return p.unicodeTail(k)
}

// unicodeTail is tail for a name with non-ASCII characters: the last k
// labels of its ASCII form, each turned back to Unicode when the name
// wrote it in Unicode.
func (p *parsed) unicodeTail(k int) string {
	a := p.ascii
	start := len(a)
	for range k {
		start = strings.LastIndexByte(a[:max(start-1, 0)], '.') + 1
		if start == 0 {
			break
		}
	}
	in := inputLabels(p.name, k)
	// The labels of a[start:] pair with the last labels of the input when
	// mapping kept the label count (it does unless a code point maps to
	// text with a dot); otherwise every A-label is shown in Unicode.
	pair := len(in) == k && strings.Count(p.ascii, ".")+1 == p.countInputLabels()
	var buf [maxRuleLabels + 2]string
	parts := buf[:0]
	size := 0
	for label := range strings.SplitSeq(a[start:], ".") {
		i := len(parts)
		switch {
		case pair && !ascii.Is(in[i]):
			// Mapping and normalizing the label as written costs
			// less than decoding its A-label.
			if u, err := idna.URL().ToUnicode(in[i]); err == nil {
				label = u
			}
		case !pair && strings.HasPrefix(label, "xn--"):
			if u, err := idna.URL().ToUnicode(label); err == nil {
				label = u
			}
		}
		parts = append(parts, label)
		size += len(label) + 1
	}
	if len(parts) == 1 && !p.dot {
		return parts[0]
	}
	var b strings.Builder
	b.Grow(size)
	for i, label := range parts {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(label)
	}
	if p.dot {
		b.WriteByte('.')
	}
	return b.String()
}

// inputLabels returns the last k labels of s, split at any dot of isDot
// (fewer when s has fewer).
func inputLabels(s string, k int) []string {
	out := make([]string, k)
	n := 0
	end := len(s)
	for i := len(s); i > 0 && n < k; {
		r, size := utf8.DecodeLastRuneInString(s[:i])
		i -= size
		if isDot(r) {
			out[k-1-n] = s[i+size : end]
			n++
			end = i
		} else if i == 0 {
			out[k-1-n] = s[:end]
			n++
		}
	}
	return out[k-n:]
}

// countInputLabels returns the number of labels of the input, split at
// any dot of isDot.
func (p *parsed) countInputLabels() int {
	n := 1
	for _, r := range p.name {
		if isDot(r) {
			n++
		}
	}
	return n
}

// errIsSuffix returns the ErrIsSuffix error of a name that is a public
// suffix.
func (p *parsed) errIsSuffix() error {
	return p.fail(ErrIsSuffix, -1)
}
