package mailto

import (
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/internal/ascii"
	"github.com/urikit/urikit/internal/collapse"
	"github.com/urikit/urikit/internal/diag"
	"github.com/urikit/urikit/internal/hexdigit"
	"github.com/urikit/urikit/percent"
)

// A Message is what a mailto: URL says: the addresses to send to, the
// subject, the body and the other header fields, decoded. The zero
// Message is the URL "mailto:".
type Message struct {
	// To are the addresses of the URL's path, then those of its "to"
	// header fields, in order (RFC 6068 §2 makes the two equivalent).
	To []string
	// Cc and Bcc are the addresses of the "cc" and "bcc" header fields.
	Cc, Bcc []string
	// Subject is the "subject" header field; Body is the "body" pseudo
	// header field, the text of the message (line breaks are "\r\n").
	// Empty when absent.
	Subject, Body string
	// Headers are the other header fields, in order, with their names as
	// written (decoded); names compare without regard to case.
	Headers []Header
}

// A Header is one header field of a mailto: URL.
type Header struct {
	Name, Value string
}

// scheme is the scheme and its colon.
const scheme = "mailto:"

// Parse parses s as a mailto: URL (RFC 6068 §2) into its message. It
// fails, with an [*Error], on any text the RFC's grammar does not allow
// and on:
//   - an address that is not an addr-spec (local-part "@" domain, without
//     comments or whitespace): in the path and in "to", "cc" and "bcc"
//     header fields alike, which hold addr-specs separated by ","; a ","
//     inside a quoted local-part is part of it;
//   - a character that §2 says must be percent-encoded in an address
//     ("/", "?", "#", "[", "]", "&", ";", "=") written as it is;
//   - escapes that decode to bytes that are not UTF-8;
//   - a second "subject" or "body" field (a message holds one subject,
//     and §2 forbids creators to repeat such fields);
//   - a fragment: "#" must be percent-encoded in a mailto: URL.
//
// Header field names are matched without regard to case; escapes are
// decoded, and "+" is a plus sign, not a space.
func Parse(s string) (Message, error) {
	p := parser{s: s}
	m, err := p.parse()
	if err != nil {
		return Message{}, err
	}
	return m, nil
}

// MustParse is Parse for a mailto: URL known to be valid: it panics with
// the error Parse returns.
func MustParse(s string) Message {
	m, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return m
}

// ParseLenient parses s as Parse does, but fails only when s does not
// begin with "mailto:". Every other problem is tolerated and reported in
// the findings, which are collapsed: one [Finding] per code and component,
// in the order the parser first meets them (which is about the order of
// their offsets), whose Count and Offsets say how often and where it
// occurred. What is tolerated, and how:
//   - a character that must be percent-encoded (invalid-char), and a "%"
//     that starts no escape (invalid-escape), are taken as they are;
//   - escapes of bytes that are not UTF-8 stay as written (invalid-utf8);
//   - an address that is not an addr-spec is kept as decoded, an empty
//     one dropped (invalid-address);
//   - a header field without "=" is a name with an empty value, an empty
//     one is dropped (missing-equals);
//   - a second "subject" or "body" goes to Headers (duplicate-field);
//   - a fragment is dropped ("fragment").
func ParseLenient(s string) (Message, []Finding, error) {
	p := parser{s: s, lenient: true}
	m, err := p.parse()
	if err != nil {
		return Message{}, nil, err
	}
	return m, p.findings, nil
}

// A parser holds the state of one parse.
type parser struct {
	s        string
	lenient  bool
	findings []Finding
}

// problem reports the problem code at off in comp. A strict parser
// returns it as the error; a lenient one adds it to the findings, merged
// into the finding of the same code and component, and returns nil.
func (p *parser) problem(off int, comp Component, code Code) error {
	if !p.lenient {
		return &Error{Offset: off, Code: code, Input: p.s, Component: comp}
	}
	for i := range p.findings {
		f := &p.findings[i]
		if f.Code != code || f.Component != comp {
			continue
		}
		collapse.Add(f.Offset, &f.Count, &f.Offsets, off)
		return nil
	}
	p.findings = append(p.findings, Finding{Offset: off, Code: code, Component: comp})
	return nil
}

func (p *parser) parse() (Message, error) {
	var m Message
	s := p.s
	for i := range len(scheme) {
		if i >= len(s) || ascii.ToLower(s[i]) != scheme[i] {
			return Message{}, &Error{Input: s, Offset: i, Component: ComponentScheme, Code: ErrScheme}
		}
	}
	// A lenient parse drops a fragment; a strict one fails at its "#".
	end := len(s)
	if p.lenient {
		if h := strings.IndexByte(s, '#'); h >= 0 {
			end = h
		}
	}
	q := strings.IndexByte(s[:end], '?')
	if q < 0 {
		q = end
	}
	if end < len(s) {
		// The fragment is the last thing a lenient parse meets.
		defer func() {
			comp := ComponentTo
			if q < end {
				comp = ComponentHeaders
			}
			_ = p.problem(end, comp, ErrFragment) // nil: lenient
		}()
	}
	var err error
	if m.To, err = p.addresses(len(scheme), q, m.To, ComponentTo, addrChar); err != nil {
		return Message{}, err
	}
	if q == end {
		return m, nil
	}
	// hfields = "?" hfield *( "&" hfield )
	seenSubject, seenBody := false, false
	for lo := q + 1; lo <= end; {
		hi := strings.IndexByte(s[lo:end], '&')
		if hi < 0 {
			hi = end
		} else {
			hi += lo
		}
		next := hi + 1
		eq := strings.IndexByte(s[lo:hi], '=')
		if eq < 0 {
			if err := p.problem(hi, ComponentHeaders, ErrMissingEquals); err != nil {
				return Message{}, err
			}
			if lo == hi {
				lo = next
				continue
			}
			eq = hi
		} else {
			eq += lo
		}
		if err := p.check(lo, eq, qchar, ComponentHeaders); err != nil {
			return Message{}, err
		}
		name, err := p.decode(lo, eq, ComponentHeaders)
		if err != nil {
			return Message{}, err
		}
		vlo := min(eq+1, hi)
		list := (*[]string)(nil)
		switch {
		case strings.EqualFold(name, "to"):
			list = &m.To
		case strings.EqualFold(name, "cc"):
			list = &m.Cc
		case strings.EqualFold(name, "bcc"):
			list = &m.Bcc
		}
		if list != nil {
			if *list, err = p.addresses(vlo, hi, *list, ComponentHeaders, qchar); err != nil {
				return Message{}, err
			}
			lo = next
			continue
		}
		// A second subject or body is reported at its start, before
		// what its value holds.
		var field *string
		duplicate := false
		switch {
		case strings.EqualFold(name, "subject"):
			duplicate = seenSubject
			if !seenSubject {
				field, seenSubject = &m.Subject, true
			}
		case strings.EqualFold(name, "body"):
			duplicate = seenBody
			if !seenBody {
				field, seenBody = &m.Body, true
			}
		}
		if duplicate {
			if err := p.problem(lo, ComponentHeaders, ErrDuplicate); err != nil {
				return Message{}, err
			}
		}
		if field == nil && m.Headers == nil {
			// Room for every header field left: no append slack.
			m.Headers = make([]Header, 0, strings.Count(s[hi:end], "&")+1)
		}
		if err := p.check(vlo, hi, qchar, ComponentHeaders); err != nil {
			return Message{}, err
		}
		value, err := p.decode(vlo, hi, ComponentHeaders)
		if err != nil {
			return Message{}, err
		}
		if field != nil {
			*field = value
		} else {
			m.Headers = append(m.Headers, Header{name, value})
		}
		lo = next
	}
	return m, nil
}

// A charClass is the set of ASCII bytes a part of the URL may hold as
// they are (besides escapes).
type charClass *[utf8.RuneSelf]bool

var (
	// qchar is RFC 6068 qchar without pct-encoded: unreserved and
	// some-delims.
	qchar = classOf("!$'()*+,;:@")
	// addrChar is what an addr-spec in the path may hold as it is: the
	// URI characters but "%", the gen-delims other than "@" and ":", and
	// "&", ";" and "=" (§2, item 1).
	addrChar = classOf("!$'()*+,:@")
)

// classOf returns the class of the unreserved characters and extra.
func classOf(extra string) charClass {
	var t [utf8.RuneSelf]bool
	for c := byte('0'); c <= '9'; c++ {
		t[c] = true
	}
	for c := byte('a'); c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = true, true
	}
	for _, c := range []byte("-._~" + extra) {
		t[c] = true
	}
	return &t
}

// check reports each byte of s[lo:hi] that class does not allow and that
// does not start a valid escape.
func (p *parser) check(lo, hi int, class charClass, comp Component) error {
	s := p.s
	for i := lo; i < hi; i++ {
		c := s[i]
		switch {
		case c == '%':
			if validEscape(s, i, hi) {
				i += 2
				continue
			}
		case c < utf8.RuneSelf && class[c]:
			continue
		}
		code := ErrInvalidChar
		switch c {
		case '%':
			code = ErrInvalidEscape
		case '#':
			code = ErrFragment
		}
		if err := p.problem(i, comp, code); err != nil {
			return err
		}
	}
	return nil
}

// validEscape reports whether s[i:hi] begins with "%" and two hex digits.
func validEscape(s string, i, hi int) bool {
	return i+2 < hi && s[i] == '%' && hexdigit.Is(s[i+1]) && hexdigit.Is(s[i+2])
}

// decode percent-decodes s[lo:hi]. The result must be UTF-8: a lenient
// parser keeps the escapes of bytes that are not (and what check
// reported) as written.
func (p *parser) decode(lo, hi int, comp Component) (string, error) {
	if !p.lenient {
		out, err := percent.Decode(p.s[lo:hi])
		if err != nil {
			off := lo
			var pe *percent.Error
			if errors.As(err, &pe) {
				off += pe.Offset
			}
			return "", p.problem(off, comp, ErrInvalidUTF8)
		}
		return out, nil
	}
	out, kept := percent.Decoder{}.DecodeLenient(p.s[lo:hi])
	for _, e := range kept {
		if e.Code != percent.ErrInvalidUTF8 {
			continue // check reported it
		}
		for k := range max(e.Count, 1) {
			off := e.Offset
			if k < len(e.Offsets) {
				off = e.Offsets[k]
			}
			_ = p.problem(lo+off, comp, ErrInvalidUTF8) // nil: lenient
		}
	}
	return out, nil
}

// addresses appends to list the addr-specs of s[lo:hi], separated by ","
// (outside quoted strings), checking the characters with class. An
// empty s[lo:hi] holds no address.
func (p *parser) addresses(lo, hi int, list []string, comp Component, class charClass) ([]string, error) {
	s := p.s
	if err := p.check(lo, hi, class, comp); err != nil {
		return nil, err
	}
	if lo == hi {
		return list, nil
	}
	// Room for the addresses; empty ones (which a lenient parse drops)
	// take none.
	n := 0
	for i := lo; i <= hi; {
		end := nextComma(s, i, hi)
		if end > i {
			n++
		}
		i = end + 1
	}
	list = growFor(list, n)
	for i := lo; i <= hi; {
		end := nextComma(s, i, hi)
		a, err := p.decode(i, end, comp)
		if err != nil {
			return nil, err
		}
		if k := checkAddrSpec(a); k >= 0 {
			if err := p.problem(rawOffset(s, i, end, k), comp, ErrInvalidAddress); err != nil {
				return nil, err
			}
		}
		if a != "" {
			list = append(list, a)
		}
		i = end + 1
	}
	return list, nil
}

// nextComma returns the offset of the first "," of s[lo:hi] that is not
// inside a quoted string (whose quotes and backslashes may be escapes),
// or hi.
func nextComma(s string, lo, hi int) int {
	quoted, escaped := false, false
	for i := lo; i < hi; {
		c, n := s[i], 1
		switch {
		case c == ',' && !quoted:
			return i
		case validEscape(s, i, hi):
			c, n = hexdigit.Value(s[i+1])<<4|hexdigit.Value(s[i+2]), 3
		}
		switch {
		case escaped:
			escaped = false
		case quoted && c == '\\':
			escaped = true
		case c == '"':
			quoted = !quoted
		}
		i += n
	}
	return hi
}

// growFor returns list with room for n more elements: as many as it
// needs when it must grow, or twice its capacity when that is more (many
// header fields of one address each).
func growFor(list []string, n int) []string {
	if cap(list)-len(list) >= n {
		return list
	}
	out := make([]string, len(list), max(len(list)+n, 2*cap(list)))
	copy(out, list)
	return out
}

// rawOffset returns the offset in s of the k-th decoded byte of the text
// s[lo:hi] (an escape is one byte, any other byte itself).
func rawOffset(s string, lo, hi, k int) int {
	i := lo
	for ; k > 0 && i < hi; k-- {
		if validEscape(s, i, hi) {
			i += 3
		} else {
			i++
		}
	}
	return i
}

// checkAddrSpec checks that a is an RFC 5322 addr-spec as RFC 6068 §2
// allows it: dot-atom-text or quoted-string (without folding
// whitespace), "@", dot-atom-text or a domain literal of dtext-no-obs.
// Characters beyond ASCII are allowed where atext and qtext are (the
// internationalized forms of §2, items 4 and 5). It returns the offset
// of the first byte that does not fit, or -1.
func checkAddrSpec(a string) int {
	i := 0
	if len(a) > 0 && a[0] == '"' {
		for i = 1; ; {
			if i == len(a) {
				return i
			}
			c := a[i]
			if c == '"' {
				i++
				break
			}
			if c == '\\' {
				// quoted-pair = "\" (VCHAR / WSP)
				if i+1 == len(a) || !(a[i+1] == ' ' || a[i+1] == '\t' || '!' <= a[i+1] && a[i+1] <= '~' || a[i+1] >= utf8.RuneSelf) {
					return i
				}
				i += 2
				continue
			}
			if !isQtext(c) {
				return i
			}
			i++
		}
	} else if i = dotAtom(a, i); i < 0 {
		return -i - 1
	}
	if i == len(a) || a[i] != '@' {
		return i
	}
	i++
	if i < len(a) && a[i] == '[' {
		for i++; i < len(a) && a[i] != ']'; i++ {
			if c := a[i]; c < 33 || c > 126 || (91 <= c && c <= 93) {
				return i
			}
		}
		if i == len(a) {
			return i
		}
		i++
	} else if i = dotAtom(a, i); i < 0 {
		return -i - 1
	}
	if i != len(a) {
		return i
	}
	return -1
}

// dotAtom reads dot-atom-text from a[i:] and returns where it ends, or
// -1-off for a problem at off (an empty atom).
func dotAtom(a string, i int) int {
	for {
		start := i
		for i < len(a) && isAtext(a[i]) {
			i++
		}
		if i == start {
			return -1 - i
		}
		if i == len(a) || a[i] != '.' {
			return i
		}
		i++
	}
}

func isAtext(c byte) bool {
	return c >= utf8.RuneSelf || c < utf8.RuneSelf && addrAtext[c]
}

// addrAtext holds the ASCII atext of RFC 5322.
var addrAtext = func() (t [utf8.RuneSelf]bool) {
	for c := byte('0'); c <= '9'; c++ {
		t[c] = true
	}
	for c := byte('a'); c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = true, true
	}
	for _, c := range []byte("!#$%&'*+-/=?^_`{|}~") {
		t[c] = true
	}
	return t
}()

// isQtext reports whether c is RFC 5322 qtext (or part of a character
// beyond ASCII).
func isQtext(c byte) bool {
	return c == 33 || 35 <= c && c <= 91 || 93 <= c && c <= 126 || c >= utf8.RuneSelf
}

// A Component names the part of a mailto: URL that holds a problem.
type Component string

// The parts of a mailto: URL.
const (
	ComponentScheme  Component = "scheme"
	ComponentTo      Component = "to"
	ComponentHeaders Component = "hfields"
)

// A Code is a stable, machine-readable name for a kind of problem. Codes
// are errors themselves, so they serve as sentinels:
// errors.Is(err, mailto.ErrInvalidAddress).
type Code string

// Error returns the code's text.
func (c Code) Error() string { return string(c) }

// The codes of the problems Parse reports.
const (
	// ErrScheme: the text does not begin with "mailto:" (in any case).
	ErrScheme Code = "invalid-scheme"
	// ErrInvalidChar: a character that must be percent-encoded where it
	// is (any character outside ASCII among them).
	ErrInvalidChar Code = "invalid-char"
	// ErrInvalidEscape: a "%" not followed by two hex digits.
	ErrInvalidEscape Code = "invalid-escape"
	// ErrInvalidUTF8: escapes that decode to bytes that are not UTF-8.
	ErrInvalidUTF8 Code = "invalid-utf8"
	// ErrMissingEquals: a header field without "=".
	ErrMissingEquals Code = "missing-equals"
	// ErrInvalidAddress: an address that is not an addr-spec.
	ErrInvalidAddress Code = "invalid-address"
	// ErrDuplicate: a second "subject" or "body" header field.
	ErrDuplicate Code = "duplicate-field"
	// ErrFragment: a "#", which starts a fragment, meaningless in a
	// mailto: URL (§2: "#" must be encoded as %23).
	ErrFragment Code = "fragment"
)

// Message returns a one-line human description of the code.
func (c Code) Message() string {
	switch c {
	case ErrScheme:
		return `a mailto: URL begins with "mailto:"`
	case ErrInvalidChar:
		return "character must be percent-encoded here"
	case ErrInvalidEscape:
		return "% not followed by two hex digits"
	case ErrInvalidUTF8:
		return "decoded bytes are not valid UTF-8"
	case ErrMissingEquals:
		return `a header field is a name, "=" and a value`
	case ErrInvalidAddress:
		return "not an address (addr-spec: local-part@domain)"
	case ErrDuplicate:
		return `a second "subject" or "body" field`
	case ErrFragment:
		return `"#" must be encoded as %23: a mailto: URL has no fragment`
	}
	return string(c)
}

// An Error describes why a text is not a mailto: URL.
type Error struct {
	// Offset is the byte offset of the problem in Input.
	Offset int
	// Code says what is wrong; it is the sentinel for errors.Is.
	Code Code
	// Input is the text that was parsed.
	Input string
	// Component is the part of the URL holding the problem.
	Component Component
}

// Error returns the library's one error text (internal/diag), such as
// `mailto: offset 10 (hfields): "mailto:a@b?x": a header field is a name,
// "=" and a value`. It quotes at most 40 bytes of the input on each side
// of the offset, with "…" where the input goes on.
func (e *Error) Error() string {
	return diag.Error("mailto", e.Offset, string(e.Component), e.Input, e.Code.Message())
}

// Unwrap returns the code, for errors.Is.
func (e *Error) Unwrap() []error { return []error{e.Code} }

// A Finding is a problem that ParseLenient tolerated: what Parse would
// have refused, and where.
//
// Findings are collapsed so that their list never grows with the input:
// the repeats of a problem (same Code and Component) are merged into the
// Finding of its first occurrence, whose Count is then the number of
// occurrences and Offsets the offsets of the first up to 8 of them
// (Offsets[0] == Offset). A finding that occurred once has Count 0 and no
// Offsets.
type Finding struct {
	// Offset is the byte offset of the problem in the input (its first
	// occurrence).
	Offset int
	// Code says what is wrong.
	Code Code
	// Component is the part of the URL holding the problem.
	Component Component
	// Count is the number of occurrences; 0 or 1 means one.
	Count int
	// Offsets are the offsets of the first occurrences, at most 8 of
	// them, set only when Count > 1.
	Offsets []int
}

// Message returns the human description of the finding's code.
func (f Finding) Message() string { return f.Code.Message() }

// String returns the finding's line as every package writes it
// (internal/diag): "offset 4 (path): code: message", followed by
// " (12 times)" when it occurred more than once.
func (f Finding) String() string { return diag.FindingString(f.diag()) }

// MarshalJSON returns the finding in the record contract's names (through
// internal/diag): {"offset", "code", "message", "component", "count"?, "offsets"?}.
func (f Finding) MarshalJSON() ([]byte, error) { return diag.MarshalFinding(f.diag()) }

// diag returns the finding as internal/diag writes it.
func (f Finding) diag() diag.Finding {
	return diag.Finding{Offset: f.Offset, Code: string(f.Code), Message: f.Message(), Component: string(f.Component), Count: f.Count, Offsets: f.Offsets}
}
