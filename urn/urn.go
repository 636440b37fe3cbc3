package urn

import (
	"unicode/utf8"

	"github.com/urikit/urikit/internal/ascii"
	"github.com/urikit/urikit/internal/bytestr"
	"github.com/urikit/urikit/internal/diag"
	"github.com/urikit/urikit/internal/hexdigit"
	"github.com/urikit/urikit/internal/textval"
)

// A URN is a parsed Uniform Resource Name: its text and the offsets of
// its components. It is a comparable value; == compares the text as
// written, [Equal] compares URN-equivalence. The zero URN has no text and
// empty components; it is equal only to itself.
type URN struct {
	s string
	// nid is the offset of the ":" that ends the NID, nss the end of the
	// NSS (of the assigned name).
	nid, nss int
	// rLo, rHi, qLo, qHi are the bounds of the r- and q-component text
	// (after "?+" and "?="), fLo the start of the f-component text (after
	// "#"); each start is 0 when the component is absent.
	rLo, rHi, qLo, qHi, fLo int
}

// Parse parses s as a URN (RFC 8141 §2, namestring). It allocates
// nothing unless it fails; the error is then an [*Error].
func Parse(s string) (URN, error) {
	fail := func(off int, comp Component, code Code) (URN, error) {
		return URN{}, &Error{Offset: off, Code: code, Input: s, Component: comp}
	}
	// "urn:" in any case.
	for i := range len(prefix) {
		if i >= len(s) || ascii.ToLower(s[i]) != prefix[i] {
			return fail(i, ComponentScheme, ErrScheme)
		}
	}
	// NID = (alphanum) 0*30(ldh) (alphanum)
	i := len(prefix)
	for ; i < len(s) && s[i] != ':'; i++ {
		c := s[i]
		switch {
		case !isAlnum(c) && c != '-':
			return fail(i, ComponentNID, ErrInvalidChar)
		case c == '-' && i == len(prefix):
			return fail(i, ComponentNID, ErrNIDHyphen)
		case i-len(prefix) == maxNID:
			return fail(i, ComponentNID, ErrNIDLength)
		}
	}
	switch {
	case i == len(s):
		return fail(i, ComponentNID, ErrMissingColon)
	case i-len(prefix) < minNID:
		return fail(len(prefix), ComponentNID, ErrNIDLength)
	case s[i-1] == '-':
		return fail(i-1, ComponentNID, ErrNIDHyphen)
	}
	u := URN{s: s, nid: i}
	// NSS = pchar *(pchar / "/")
	i++
	switch {
	case i == len(s) || s[i] == '?' || s[i] == '#':
		return fail(i, ComponentNSS, ErrEmptyNSS)
	case s[i] == '/':
		return fail(i, ComponentNSS, ErrNSSSlash)
	}
	i, code := scan(s, i, inNSS)
	if code != "" {
		return fail(i, ComponentNSS, code)
	}
	u.nss = i
	// rq-components = [ "?+" r-component ] [ "?=" q-component ]
	if i < len(s) && s[i] == '?' {
		if i+1 == len(s) || (s[i+1] != '+' && s[i+1] != '=') {
			return fail(i, ComponentNSS, ErrQuestionMark)
		}
		if s[i+1] == '+' {
			if u.rLo, u.rHi, code = component(s, i+2, inR); code != "" {
				return fail(u.rHi, ComponentR, code)
			}
			i = u.rHi
		}
		if i < len(s) && s[i] == '?' {
			// After an r-component, only "?=" ends it.
			if u.qLo, u.qHi, code = component(s, i+2, inQ); code != "" {
				return fail(u.qHi, ComponentQ, code)
			}
			i = u.qHi
		}
	}
	// [ "#" f-component ], f-component = fragment
	if i < len(s) {
		// Only "#" can be here: the scans end at nothing else.
		u.fLo = i + 1
		if i, code = scan(s, i+1, inF); code != "" {
			return fail(i, ComponentF, code)
		}
	}
	return u, nil
}

// component checks the r- or q-component that begins at lo:
// pchar *( pchar / "/" / "?" ). It returns its bounds, or the offset of
// the problem as hi with the problem's code.
func component(s string, lo int, m mode) (int, int, Code) {
	if lo >= len(s) || s[lo] == '#' || s[lo] == '/' || s[lo] == '?' {
		return lo, lo, ErrComponentStart
	}
	hi, code := scan(s, lo, m)
	return lo, hi, code
}

// A mode says which component scan reads and where it ends.
type mode int

const (
	// inNSS: pchar and "/"; ends at "?" or "#".
	inNSS mode = iota
	// inR: pchar, "/" and "?"; ends at "?=" (the q-component) or "#".
	inR
	// inQ: pchar, "/" and "?"; ends at "#".
	inQ
	// inF: pchar, "/" and "?"; ends at "#", which it may not hold.
	inF
)

// scan reads the component of mode m from i on, and returns where it
// ended; or the offset of an invalid character or escape, with its code.
func scan(s string, i int, m mode) (int, Code) {
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%':
			if i+2 >= len(s) || !hexdigit.Is(s[i+1]) || !hexdigit.Is(s[i+2]) {
				return i, ErrInvalidEscape
			}
			i += 2
		case c < utf8.RuneSelf && pchar[c]:
		case c == '/':
		case c == '?':
			switch {
			case m == inNSS:
				return i, ""
			case m == inR && i+1 < len(s) && s[i+1] == '=':
				return i, ""
			}
		case c == '#' && m != inF:
			return i, ""
		default:
			return i, ErrInvalidChar
		}
	}
	return i, ""
}

const (
	prefix = "urn:"
	// minNID and maxNID bound the length of the NID.
	minNID, maxNID = 2, 32
)

// pchar holds the ASCII characters of RFC 3986 pchar other than "%":
// unreserved, sub-delims, ":" and "@".
var pchar = func() (t [utf8.RuneSelf]bool) {
	for c := byte('0'); c <= '9'; c++ {
		t[c] = true
	}
	for c := byte('a'); c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = true, true
	}
	for _, c := range []byte("-._~!$&'()*+,;=:@") {
		t[c] = true
	}
	return t
}()

func isAlnum(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}

// MustParse is Parse for a URN known to be valid: it panics with the
// error Parse returns.
func MustParse(s string) URN {
	u, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}

// String returns the URN as it was parsed, byte for byte ("" for the zero
// URN).
func (u URN) String() string { return u.s }

// AppendTo appends the URN's text (see String) to dst and returns the
// extended buffer.
func (u URN) AppendTo(dst []byte) []byte { return append(dst, u.s...) }

// MarshalText implements encoding.TextMarshaler: the URN's text; the zero
// URN marshals to "".
func (u URN) MarshalText() ([]byte, error) { return []byte(u.s), nil }

// UnmarshalText implements encoding.TextUnmarshaler: "" is the zero URN,
// any other text is parsed as Parse parses it.
func (u *URN) UnmarshalText(text []byte) error {
	return textval.Unmarshal(u, text, Parse)
}

// NID returns the namespace identifier as written ("isbn" in
// "urn:isbn:9971-5-0210-0"; "ISBN" in "URN:ISBN:…").
func (u URN) NID() string {
	if u.s == "" {
		return ""
	}
	return u.s[len(prefix):u.nid]
}

// NSS returns the namespace specific string as written, escapes and all.
func (u URN) NSS() string {
	if u.s == "" {
		return ""
	}
	return u.s[u.nid+1 : u.nss]
}

// AssignedName returns "urn:", the NID, ":" and the NSS as written: the
// URN without its r-, q- and f-components.
func (u URN) AssignedName() string { return u.s[:u.nss] }

// RComponent returns the r-component (after "?+", as written) and whether
// there is one.
func (u URN) RComponent() (string, bool) {
	if u.rLo == 0 {
		return "", false
	}
	return u.s[u.rLo:u.rHi], true
}

// QComponent returns the q-component (after "?=", as written) and whether
// there is one.
func (u URN) QComponent() (string, bool) {
	if u.qLo == 0 {
		return "", false
	}
	return u.s[u.qLo:u.qHi], true
}

// FComponent returns the f-component (after "#", as written; it may be
// empty) and whether there is one.
func (u URN) FComponent() (string, bool) {
	if u.fLo == 0 {
		return "", false
	}
	return u.s[u.fLo:], true
}

// Equal reports whether a and b are URN-equivalent (RFC 8141 §3.1): their
// assigned names are equal octet by octet once "urn" and the NID are
// lowercased and the hex digits of escapes uppercased. The r-, q- and
// f-components are not compared, and escapes are not decoded. It
// allocates nothing.
func Equal(a, b URN) bool {
	x, y := a.AssignedName(), b.AssignedName()
	if len(x) != len(y) || a.nid != b.nid {
		return false
	}
	for i := 0; i < a.nid; i++ {
		if ascii.ToLower(x[i]) != ascii.ToLower(y[i]) {
			return false
		}
	}
	for i := a.nid; i < len(x); i++ {
		if x[i] != y[i] {
			return false
		}
		if x[i] == '%' {
			// Both are escapes: Parse checked the two hex digits.
			if upper(x[i+1]) != upper(y[i+1]) || upper(x[i+2]) != upper(y[i+2]) {
				return false
			}
			i += 2
		}
	}
	return true
}

// Key returns the normalized assigned name that [Equal] compares:
// "urn:", the NID in lowercase, ":" and the NSS with the hex digits of
// its escapes in uppercase. Two URNs are equivalent exactly when their
// Keys are equal, so Key serves as a map key. It allocates only when the
// URN is not in that form already (or has r-, q- or f-components).
func (u URN) Key() string {
	if u.normal() {
		return u.AssignedName()
	}
	b := u.AppendKey(make([]byte, 0, u.nss))
	// b was allocated here for the key and is not written again.
	return bytestr.String(b)
}

// AppendKey appends [URN.Key] to dst and returns the extended buffer.
func (u URN) AppendKey(dst []byte) []byte {
	x := u.AssignedName()
	for i := 0; i < u.nid; i++ {
		dst = append(dst, ascii.ToLower(x[i]))
	}
	for i := u.nid; i < len(x); i++ {
		c := x[i]
		if c == '%' {
			dst = append(dst, '%', upper(x[i+1]), upper(x[i+2]))
			i += 2
			continue
		}
		dst = append(dst, c)
	}
	return dst
}

// normal reports whether the assigned name is its own Key.
func (u URN) normal() bool {
	x := u.AssignedName()
	for i := 0; i < u.nid; i++ {
		if 'A' <= x[i] && x[i] <= 'Z' {
			return false
		}
	}
	for i := u.nid; i < len(x); i++ {
		if x[i] == '%' && ('a' <= x[i+1] || 'a' <= x[i+2]) {
			return false
		}
	}
	return true
}

// A Component names the part of a URN that holds a problem.
type Component string

// The components of a URN.
const (
	ComponentScheme Component = "scheme"
	ComponentNID    Component = "nid"
	ComponentNSS    Component = "nss"
	ComponentR      Component = "r-component"
	ComponentQ      Component = "q-component"
	ComponentF      Component = "f-component"
)

// A Code is a stable, machine-readable name for a kind of syntax error.
// Codes are errors themselves, so they serve as sentinels:
// errors.Is(err, urn.ErrNIDLength).
type Code string

// Error returns the code's text.
func (c Code) Error() string { return string(c) }

// The codes of URN syntax errors.
const (
	// ErrScheme: the text does not begin with "urn:" (in any case).
	ErrScheme Code = "invalid-scheme"
	// ErrNIDLength: the NID is shorter than 2 or longer than 32
	// characters.
	ErrNIDLength Code = "invalid-nid-length"
	// ErrNIDHyphen: the NID begins or ends with "-".
	ErrNIDHyphen Code = "nid-hyphen"
	// ErrMissingColon: no ":" ends the NID.
	ErrMissingColon Code = "missing-colon"
	// ErrEmptyNSS: the NSS is empty.
	ErrEmptyNSS Code = "empty-nss"
	// ErrNSSSlash: the NSS begins with "/".
	ErrNSSSlash Code = "nss-leading-slash"
	// ErrInvalidChar: a character the component may not hold (any
	// character outside ASCII among them).
	ErrInvalidChar Code = "invalid-char"
	// ErrInvalidEscape: a "%" not followed by two hex digits.
	ErrInvalidEscape Code = "invalid-escape"
	// ErrQuestionMark: a "?" after the NSS that begins neither "?+" nor
	// "?=".
	ErrQuestionMark Code = "invalid-question-mark"
	// ErrComponentStart: an r- or q-component that is empty or begins with
	// "/" or "?".
	ErrComponentStart Code = "invalid-component-start"
)

// Message returns a one-line human description of the code.
func (c Code) Message() string {
	switch c {
	case ErrScheme:
		return `a URN begins with "urn:"`
	case ErrNIDLength:
		return "the NID is 2 to 32 characters long"
	case ErrNIDHyphen:
		return `the NID does not begin or end with "-"`
	case ErrMissingColon:
		return `no ":" ends the NID`
	case ErrEmptyNSS:
		return "the NSS is empty"
	case ErrNSSSlash:
		return `the NSS does not begin with "/"`
	case ErrInvalidChar:
		return "character not allowed here"
	case ErrInvalidEscape:
		return "% not followed by two hex digits"
	case ErrQuestionMark:
		return `"?" after the NSS must begin "?+" (r-component) or "?=" (q-component)`
	case ErrComponentStart:
		return `an r- or q-component is not empty and does not begin with "/" or "?"`
	}
	return string(c)
}

// An Error describes why a text is not a URN.
type Error struct {
	// Offset is the byte offset of the problem in Input.
	Offset int
	// Code says what is wrong; it is the sentinel for errors.Is.
	Code Code
	// Input is the text that was parsed.
	Input string
	// Component is the component holding the problem.
	Component Component
}

// Error returns the library's one error text (internal/diag), such as
// `urn: offset 4 (nid): "urn:x:a": the NID is 2 to 32 characters long`. It
// quotes at most 40 bytes of the input on each side of the offset, with
// "…" where the input goes on.
func (e *Error) Error() string {
	return diag.Error("urn", e.Offset, string(e.Component), e.Input, e.Code.Message())
}

// Unwrap returns the code, for errors.Is.
func (e *Error) Unwrap() []error { return []error{e.Code} }
