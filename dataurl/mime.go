package dataurl

import (
	"hash/maphash"
	"iter"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/internal/ascii"
	"github.com/urikit/urikit/internal/textval"
)

// A MIMEType is a MIME type record of the MIME Sniffing Standard: a type,
// a subtype and an ordered list of parameters whose names are distinct.
// It comes from ParseMIMEType (or a DataURL); it holds its serialization
// once, and the getters slice it. When the input is already serialized
// ("text/html"), the serialization is the input string itself.
//
// The zero MIMEType is not a MIME type: its type, subtype and
// serialization are "" and it has no parameters. Encode writes it as the
// default type of data: URLs, text/plain;charset=US-ASCII.
type MIMEType struct {
	// s is the serialization ("type/subtype;name=value..."), slash the
	// index of "/" in it and end the length of the essence.
	s          string
	slash, end int
	// params holds the index in s of the ";" of each parameter.
	params []int32
}

// Type returns the type, in lowercase ("text" of text/html).
func (m MIMEType) Type() string { return m.s[:m.slash] }

// Subtype returns the subtype, in lowercase ("html" of text/html).
func (m MIMEType) Subtype() string {
	if m.s == "" {
		return ""
	}
	return m.s[m.slash+1 : m.end]
}

// Essence returns "type/subtype", or "" for the zero MIMEType.
func (m MIMEType) Essence() string { return m.s[:m.end] }

// String returns the serialization of the MIME type as the MIME Sniffing
// Standard's "serialize a MIME type" gives it: the essence, then for each
// parameter ";name=value", the value as a quoted string (with "\" before
// each `"` and "\") when it is empty or holds a byte that is not an HTTP
// token code point. It is "" for the zero MIMEType.
func (m MIMEType) String() string { return m.s }

// NumParams returns the number of parameters.
func (m MIMEType) NumParams() int { return len(m.params) }

// Param returns the name and the value of the i-th parameter (from 0),
// or "", "" when i is out of range. The value is unquoted: it allocates
// only for a quoted value that holds `"` or "\".
func (m MIMEType) Param(i int) (name, value string) {
	if i < 0 || i >= len(m.params) {
		return "", ""
	}
	start := int(m.params[i]) + 1
	end := len(m.s)
	if i+1 < len(m.params) {
		end = int(m.params[i+1])
	}
	seg := m.s[start:end]
	eq := strings.IndexByte(seg, '=')
	name, value = seg[:eq], seg[eq+1:]
	if len(value) >= 2 && value[0] == '"' {
		value = value[1 : len(value)-1]
		if strings.IndexByte(value, '\\') >= 0 {
			b := make([]byte, 0, len(value))
			for j := 0; j < len(value); j++ {
				if value[j] == '\\' {
					j++
				}
				b = append(b, value[j])
			}
			value = string(b)
		}
	}
	return name, value
}

// Lookup returns the value of the parameter called name (a lowercase
// name: parameter names are stored in lowercase) and whether there is one.
func (m MIMEType) Lookup(name string) (string, bool) {
	for i := range m.params {
		if n, v := m.Param(i); n == name {
			return v, true
		}
	}
	return "", false
}

// Params returns the parameters in order, as name and value.
func (m MIMEType) Params() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for i := range m.params {
			if !yield(m.Param(i)) {
				return
			}
		}
	}
}

// IsZero reports whether m is the zero MIMEType.
func (m MIMEType) IsZero() bool { return m.s == "" }

// isHTTPWhitespace reports whether c is HTTP whitespace (TAB, LF, CR,
// SPACE).
func isHTTPWhitespace(c byte) bool { return c == '\t' || c == '\n' || c == '\r' || c == ' ' }

// tokenChars marks the HTTP token code points.
var tokenChars = func() (t [256]bool) {
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] = true
		t[c-'a'+'A'] = true
	}
	for _, c := range "!#$%&'*+-.^_`|~" {
		t[c] = true
	}
	return t
}()

// firstNonToken returns the index of the first byte of s that is not an
// HTTP token code point, or -1.
func firstNonToken(s string) int {
	for i := 0; i < len(s); i++ {
		if !tokenChars[s[i]] {
			return i
		}
	}
	return -1
}

// isQuotedStringText reports whether s holds only HTTP quoted-string
// token code points (TAB, U+0020 to U+007E, U+0080 to U+00FF), s being
// UTF-8: a byte that is not part of valid UTF-8 is not one.
func isQuotedStringText(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c != '\t' && (c < 0x20 || c == 0x7F) {
				return false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r > 0xFF || size == 1 { // size 1: not UTF-8 (U+0080-U+00FF take 2)
			return false
		}
		i += size
	}
	return true
}

// ParseMIMEType parses s as the MIME Sniffing Standard's "parse a MIME
// type" does: HTTP whitespace around it is ignored, the type and subtype
// must be non-empty HTTP tokens (else an *Error with the offset of the
// offending byte), and are lowercased; parameters whose name is not a
// token, whose value is empty or holds a character outside the
// quoted-string range, or whose (lowercased) name came before, are left
// out, as the standard says, without an error. A value in double quotes
// is read as an HTTP quoted string (backslash escapes; what follows the
// closing quote up to the next ";" is ignored).
//
// s is read as UTF-8; a byte that is not part of valid UTF-8 is not a
// quoted-string code point (a value holding one is left out), as U+FFFD
// would not be either.
//
// A MIME type with parameters whose serialization would take 2 GiB or
// more fails with ErrTooLong.
//
// It runs in time linear in len(s); the result takes at most about twice
// len(s) plus 4 bytes per parameter (and, for more than 16 parameters, a
// table of 8 to 16 bytes per parameter while it runs).
func ParseMIMEType(s string) (MIMEType, error) {
	return parseMIMEType(s)
}

// MustParseMIMEType is ParseMIMEType for a MIME type known to be valid:
// it panics with the error ParseMIMEType returns.
func MustParseMIMEType(s string) MIMEType {
	m, err := ParseMIMEType(s)
	if err != nil {
		panic(err)
	}
	return m
}

// AppendTo appends the MIME type's serialization (see String) to dst and
// returns the extended buffer.
func (m MIMEType) AppendTo(dst []byte) []byte { return append(dst, m.s...) }

// MarshalText implements encoding.TextMarshaler: the serialization; the
// zero MIMEType marshals to "".
func (m MIMEType) MarshalText() ([]byte, error) { return []byte(m.s), nil }

// UnmarshalText implements encoding.TextUnmarshaler: "" is the zero
// MIMEType, any other text is parsed as ParseMIMEType parses it.
func (m *MIMEType) UnmarshalText(text []byte) error {
	return textval.Unmarshal(m, text, ParseMIMEType)
}

// parseMIMEType is ParseMIMEType.
func parseMIMEType(s string) (MIMEType, error) {
	lo, hi := 0, len(s)
	for lo < hi && isHTTPWhitespace(s[lo]) {
		lo++
	}
	for hi > lo && isHTTPWhitespace(s[hi-1]) {
		hi--
	}
	in := s[lo:hi]
	slash := strings.IndexByte(in, '/')
	typ := in
	if slash >= 0 {
		typ = in[:slash]
	}
	if typ == "" {
		return MIMEType{}, newError(ErrInvalidType, s, lo)
	}
	if k := firstNonToken(typ); k >= 0 {
		return MIMEType{}, newError(ErrInvalidType, s, lo+k)
	}
	if slash < 0 {
		return MIMEType{}, newError(ErrMissingSubtype, s, hi)
	}
	pos := slash + 1
	semi := strings.IndexByte(in[pos:], ';')
	rest := len(in)
	if semi >= 0 {
		rest = pos + semi
	}
	sub := in[pos:rest]
	for sub != "" && isHTTPWhitespace(sub[len(sub)-1]) {
		sub = sub[:len(sub)-1]
	}
	if sub == "" {
		return MIMEType{}, newError(ErrInvalidSubtype, s, lo+pos)
	}
	if k := firstNonToken(sub); k >= 0 {
		return MIMEType{}, newError(ErrInvalidSubtype, s, lo+pos+k)
	}

	// The parameters, in two passes: the first counts those whose
	// syntax is valid and the room their serialization takes, so that
	// the second allocates once.
	n, size := 0, len(typ)+1+len(sub)
	eachParam(in[rest:], func(name, value string, quoted bool) {
		n++
		size += 2 + len(name) + len(value)
		if !isTokenValue(value, quoted) {
			size += 2 + strings.Count(value, `"`) + strings.Count(value, `\`)
		}
	})
	if size > math.MaxInt32 {
		// The parameters' offsets are int32.
		return MIMEType{}, newError(ErrTooLong, s, lo+rest)
	}
	if n == 0 && !ascii.HasUpper(typ) && !ascii.HasUpper(sub) && len(in) == len(typ)+1+len(sub) {
		return MIMEType{s: in, slash: slash, end: len(in)}, nil
	}
	b := make([]byte, 0, size)
	b = ascii.AppendLower(b, typ)
	b = append(b, '/')
	b = ascii.AppendLower(b, sub)
	m := MIMEType{slash: len(typ), end: len(b)}
	if n > 0 {
		var seen nameSet
		if n > smallSet {
			seen.init(n)
		}
		params := make([]int32, 0, n)
		eachParam(in[rest:], func(name, value string, quoted bool) {
			at := len(b)
			b = append(b, ';')
			b = ascii.AppendLower(b, name)
			if !seen.add(b, params, b[at+1:]) {
				b = b[:at]
				return
			}
			params = append(params, int32(at))
			b = append(b, '=')
			if isTokenValue(value, quoted) {
				for j := 0; j < len(value); j++ {
					if value[j] == '\\' {
						j++
					}
					b = append(b, value[j])
				}
				return
			}
			b = append(b, '"')
			if quoted {
				// value is the quoted string as written: its escapes
				// are read, and ", \ written escaped.
				for j := 0; j < len(value); j++ {
					c := value[j]
					if c == '\\' && j+1 < len(value) {
						j++
						c = value[j]
					}
					if c == '"' || c == '\\' {
						b = append(b, '\\')
					}
					b = append(b, c)
				}
			} else {
				for j := 0; j < len(value); j++ {
					if c := value[j]; c == '"' || c == '\\' {
						b = append(b, '\\')
					}
					b = append(b, value[j])
				}
			}
			b = append(b, '"')
		})
		if len(params) > 0 {
			m.params = params
		}
	}
	m.s = string(b)
	return m, nil
}

// eachParam calls f with each parameter of rest (the part of a MIME type
// from the ";" after the subtype) that the standard keeps if its name is
// new: the name as written, and the value (the text between the quotes,
// escapes not yet read, when quoted is set). The value of a quoted one
// holds only quoted-string code points once its escapes are read.
func eachParam(rest string, f func(name, value string, quoted bool)) {
	pos := 0
	for pos < len(rest) {
		pos++ // the ";"
		for pos < len(rest) && isHTTPWhitespace(rest[pos]) {
			pos++
		}
		start := pos
		for pos < len(rest) && rest[pos] != ';' && rest[pos] != '=' {
			pos++
		}
		name := rest[start:pos]
		if pos < len(rest) {
			if rest[pos] == ';' {
				continue
			}
			pos++ // the "="
		}
		if pos >= len(rest) {
			break
		}
		var value string
		quoted := false
		if rest[pos] == '"' {
			quoted = true
			pos++
			start := pos
			for pos < len(rest) {
				c := rest[pos]
				if c == '"' {
					break
				}
				if c == '\\' && pos+1 < len(rest) {
					pos++
				}
				pos++
			}
			value = rest[start:min(pos, len(rest))]
			for pos < len(rest) && rest[pos] != ';' {
				pos++
			}
		} else {
			start := pos
			for pos < len(rest) && rest[pos] != ';' {
				pos++
			}
			value = rest[start:pos]
			for value != "" && isHTTPWhitespace(value[len(value)-1]) {
				value = value[:len(value)-1]
			}
			if value == "" {
				continue
			}
		}
		if name == "" || firstNonToken(name) >= 0 || !isQuotedStringText(value) {
			continue
		}
		f(name, value, quoted)
	}
}

// isTokenValue reports whether the value (the text between the quotes,
// escapes not yet read, when quoted) is a non-empty HTTP token once its
// escapes are read, which is written without quotes.
func isTokenValue(value string, quoted bool) bool {
	if !quoted {
		return value != "" && firstNonToken(value) < 0
	}
	n := 0
	for j := 0; j < len(value); j++ {
		if value[j] == '\\' && j+1 < len(value) {
			j++
		}
		if !tokenChars[value[j]] {
			return false
		}
		n++
	}
	return n > 0
}

// smallSet is the number of parameters up to which the names are
// compared one by one.
const smallSet = 16

// nameSet tells which parameter names came already: by comparing with
// each when there are few, else by a hash table of parameter indexes
// (open addressing, at most half full).
type nameSet struct {
	seed  maphash.Seed
	slots []int32 // index+1 into params, 0 when free
}

func (t *nameSet) init(n int) {
	size := 1
	for size < 2*n {
		size <<= 1
	}
	t.seed = maphash.MakeSeed()
	t.slots = make([]int32, size)
}

// add reports whether name is new among the names of params (each the
// ";" of a parameter in b, whose name follows up to "=") and records it
// as the next one when so.
func (t *nameSet) add(b []byte, params []int32, name []byte) bool {
	nameAt := func(k int32) []byte {
		p := int(params[k]) + 1
		e := p
		for b[e] != '=' {
			e++
		}
		return b[p:e]
	}
	if t.slots == nil {
		for k := range params {
			if string(nameAt(int32(k))) == string(name) {
				return false
			}
		}
		return true
	}
	mask := len(t.slots) - 1
	i := int(maphash.Bytes(t.seed, name)) & mask
	for t.slots[i] != 0 {
		if string(nameAt(t.slots[i]-1)) == string(name) {
			return false
		}
		i = (i + 1) & mask
	}
	t.slots[i] = int32(len(params)) + 1
	return true
}
