package template

import (
	"hash/maphash"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/internal/bytestr"
	"github.com/urikit/urikit/internal/hexdigit"
	"github.com/urikit/urikit/percent"
)

// A Template is a parsed URI Template, a value. Parse it once with
// [Parse] and expand it as often as needed; a Template is immutable, so it
// may be used by many goroutines at once. The zero Template is the empty
// template: it expands to "" and has no variables.
type Template struct {
	src string
	// lits holds the literals that needed encoding, encoded; the others
	// are read from src.
	lits  string
	parts []part
	vars  []varSpec
	// mods holds the modifier of each variable of vars, or is nil when
	// no variable has one.
	mods []modifier
}

// A part is a literal run or an expression of the template, in 12 bytes
// (a template is at most 4 GiB).
type part struct {
	// op is the expression's operator ('0' for none, else one of
	// "+#./;?&"), or for a literal litSrc (the text is src[a:b]) or
	// litEnc (it is lits[a:b]).
	op byte
	// oi is the index of the expression's operator in operators.
	oi uint8
	// a and b are the literal's bounds, or the expression's variables
	// vars[a:b].
	a, b uint32
}

// The op of a literal part.
const (
	litSrc = 0
	litEnc = 1
)

// A varSpec is one variable of an expression: its name src[off:end]. Its
// modifier is in Template.mods, so that a template without modifiers
// costs 8 bytes per variable.
type varSpec struct {
	off, end uint32
}

// A modifier is the modifier of a variable: the :n of a prefix modifier
// (1 to 9999; 0 when none), or explode.
type modifier uint16

// explode is the bit of the * modifier.
const explode modifier = 1 << 15

// prefix returns the :n of m, 0 when none.
func (m modifier) prefix() int { return int(m &^ explode) }

// mod returns the modifier of the variable t.vars[i].
func (t *Template) mod(i int) modifier {
	if t.mods == nil {
		return 0
	}
	return t.mods[i]
}

// isLit reports whether p is a literal.
func (p *part) isLit() bool { return p.op <= litEnc }

// lit returns the text of the literal p, percent-encoded where RFC 6570
// §3.1 says.
func (t *Template) lit(p *part) string {
	if p.op == litEnc {
		return t.lits[p.a:p.b]
	}
	return t.src[p.a:p.b]
}

// varsOf returns the variables of the expression p.
func (t *Template) varsOf(p *part) []varSpec { return t.vars[p.a:p.b] }

// name returns the name of v.
func (t *Template) name(v *varSpec) string { return t.src[v.off:v.end] }

// exprOff returns the offset of the "{" of the expression p.
func (t *Template) exprOff(p *part) int {
	off := int(t.vars[p.a].off) - 1
	if p.op != '0' {
		off--
	}
	return off
}

// An operator holds the expansion rules of RFC 6570 Appendix A for one
// expression operator.
type operator struct {
	first    string // written before the first defined variable
	sep      byte   // between variables (and exploded items)
	named    bool   // name=value pairs
	ifEmpty  string // after the name of an empty value, when named
	reserved bool   // allow reserved characters and keep escapes (U+R)
}

// operators holds the rules of each operator, at the index opIndex
// gives: a table, read only, so that an expansion finds them at once.
var operators = [...]operator{
	{sep: ','},
	{sep: ',', reserved: true},
	{first: "#", sep: ',', reserved: true},
	{first: ".", sep: '.'},
	{first: "/", sep: '/'},
	{first: ";", sep: ';', named: true},
	{first: "?", sep: '&', named: true, ifEmpty: "="},
	{first: "&", sep: '&', named: true, ifEmpty: "="},
}

// opChars are the operators in the order of the table operators; '0'
// stands for none.
const opChars = "0+#./;?&"

// opIndex returns the index in operators of the operator op ('0' for
// none).
func opIndex(op byte) uint8 { return uint8(strings.IndexByte(opChars, op)) }

// operatorOf returns the rules of the operator op ('0' for none).
func operatorOf(op byte) *operator { return &operators[opIndex(op)] }

// Encoders of the two kinds of expansion, built from package percent's
// sets: U encodes everything but unreserved characters; U+R keeps reserved
// characters and existing escapes too (and is also the encoding of
// literals).
var (
	encU  = percent.Encoder{Set: percent.Unreserved}
	encUR = percent.Encoder{Set: percent.Reserved, KeepEscapes: true}
)

// String returns the template's source text, as given to Parse.
func (t Template) String() string { return t.src }

// AppendTo appends the template's source text to b.
func (t Template) AppendTo(b []byte) []byte { return append(b, t.src...) }

// Names returns the names of the template's variables, each once, in the
// order of their first use. Each call returns a new slice.
func (t Template) Names() []string {
	if len(t.vars) == 0 {
		return nil
	}
	seen := nameSet{names: make([]string, 0, len(t.vars))}
	for i := range t.vars {
		seen.add(t.name(&t.vars[i]))
	}
	return seen.names
}

// A nameSet is a set of names that costs nothing while small: up to 8
// names are scanned, beyond that an open-addressing table with a random
// seed indexes them, so that adding n names costs O(n) (expected, however
// the names are chosen) and about 4 bytes of table per name.
type nameSet struct {
	names []string // the distinct names, in the order of their first add
	slots []uint32 // index+1 into names, 0 for an empty slot
	seed  maphash.Seed
}

// add adds name and reports whether it was new.
func (s *nameSet) add(name string) bool {
	if s.slots == nil {
		for _, n := range s.names {
			if n == name {
				return false
			}
		}
		s.names = append(s.names, name)
		if len(s.names) > 8 {
			s.seed = maphash.MakeSeed()
			s.rehash(64)
		}
		return true
	}
	mask := uint64(len(s.slots) - 1)
	for h := maphash.String(s.seed, name) & mask; ; h = (h + 1) & mask {
		k := s.slots[h]
		if k == 0 {
			s.names = append(s.names, name)
			s.slots[h] = uint32(len(s.names))
			if 2*len(s.names) > len(s.slots) {
				s.rehash(2 * len(s.slots))
			}
			return true
		}
		if s.names[k-1] == name {
			return false
		}
	}
}

// rehash rebuilds the table with n slots (a power of two).
func (s *nameSet) rehash(n int) {
	s.slots = make([]uint32, n)
	mask := uint64(n - 1)
	for i, name := range s.names {
		h := maphash.String(s.seed, name) & mask
		for s.slots[h] != 0 {
			h = (h + 1) & mask
		}
		s.slots[h] = uint32(i + 1)
	}
}

// MarshalText returns the template's source text.
func (t Template) MarshalText() ([]byte, error) {
	return []byte(t.src), nil
}

// UnmarshalText parses text as a template into t, as Parse does; on error
// t is left as it was.
func (t *Template) UnmarshalText(text []byte) error {
	p, err := Parse(string(text))
	if err != nil {
		return err
	}
	*t = p
	return nil
}

// MustParse is like Parse but panics with Parse's error when s is not a
// valid template. It is meant for templates written in the program's
// source.
func MustParse(s string) Template {
	t, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return t
}

// maxPrefix is the largest prefix length RFC 6570 allows (:1 to :9999).
const maxPrefix = 9999

// Parse parses s as a URI Template of any level of RFC 6570. A malformed
// template gives an [*Error] with the byte offset of the problem and one
// of the parse codes (see [Code]).
//
// Literal text may hold what RFC 6570 §2.1 allows: unreserved and
// reserved characters (the "'" included, as erratum 6937 says), %XX
// escapes, which are kept, and non-ASCII characters of the ucschar and
// iprivate ranges, which are written as escapes of their UTF-8 bytes
// (§3.1). Any other character (a control, a space, one of
// " < > \ ^ ` |, a "%" not followed by two hex digits) is an error with its
// offset (ErrInvalidLiteral, ErrInvalidEscape), as §3 asks of a
// processor; [ParseLenient] encodes it instead. A "{" or "}" outside its
// expression is an error.
func Parse(s string) (Template, error) {
	t, _, err := parse(s, false)
	return t, err
}

// ParseLenient is Parse tolerating literal text that RFC 6570 §2.1 does
// not allow: such a character is percent-encoded (a space as "%20", a "%"
// not followed by two hex digits as "%25", each byte that is not UTF-8 as
// its escape) and reported as a [Finding] (ErrInvalidLiteral,
// ErrInvalidEscape). Errors of expressions are still errors.
func ParseLenient(s string) (Template, []Finding, error) {
	return parse(s, true)
}

// MustParseLenient is like ParseLenient but panics with its error.
func MustParseLenient(s string) (Template, []Finding) {
	t, fs, err := ParseLenient(s)
	if err != nil {
		panic(err)
	}
	return t, fs
}

// parse is Parse, and ParseLenient when lenient is set.
func parse(s string, lenient bool) (Template, []Finding, error) {
	if uint64(len(s)) > math.MaxUint32 {
		return Template{}, nil, newError(s[:0], 0, ErrTooLong)
	}
	if s == "" {
		// The zero Template, exactly: "" unmarshals to the zero value.
		return Template{}, nil, nil
	}
	t := Template{src: s}
	// Count the parts and variables first, so that each slice is
	// allocated once at its size.
	nparts, nvars, nlits := 0, 0, 0
	inExpr := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '{':
			nparts++
			nvars++
			inExpr = true
		case c == '}':
			inExpr = false
		case inExpr:
			if c == ',' {
				nvars++
			}
		case i == 0 || s[i-1] == '}':
			nparts++
		}
		if !inExpr && c != '}' {
			nlits++
		}
	}
	t.parts = make([]part, 0, nparts)
	t.vars = make([]varSpec, 0, nvars)
	var lits []byte
	var findings []Finding
	for i := 0; i < len(s); {
		if s[i] == '}' {
			return Template{}, nil, newError(s, i, ErrUnopened)
		}
		if s[i] != '{' {
			j := i
			for j < len(s) && s[j] != '{' && s[j] != '}' {
				j++
			}
			if n := encUR.EncodedLen(s[i:j]); n == j-i {
				t.parts = append(t.parts, part{op: litSrc, a: uint32(i), b: uint32(j)})
			} else {
				// Text that needs encoding: what §2.1 allows is only
				// non-ASCII ucschar and iprivate characters.
				for k := i; k < j; {
					code, size := checkLiteral(s, k)
					if code != "" {
						if !lenient {
							return Template{}, nil, newError(s, k, code)
						}
						findings = addFinding(findings, code, k)
					}
					k += size
				}
				if lits == nil {
					lits = make([]byte, 0, max(n, nlits))
				}
				a := len(lits)
				lits = encUR.AppendEncode(lits, s[i:j])
				t.parts = append(t.parts, part{op: litEnc, a: uint32(a), b: uint32(len(lits))})
			}
			i = j
			continue
		}
		end, err := t.parseExpr(i)
		if err != nil {
			return Template{}, nil, err
		}
		i = end
	}
	// lits was allocated here and is not written again.
	t.lits = bytestr.String(lits)
	return t, findings, nil
}

// checkLiteral returns the code of the literal character at s[k] that RFC
// 6570 §2.1 does not allow ("" when it allows it) and its length in bytes.
func checkLiteral(s string, k int) (Code, int) {
	c := s[k]
	if c < utf8.RuneSelf {
		switch {
		case c == '%':
			if k+2 < len(s) && hexdigit.Is(s[k+1]) && hexdigit.Is(s[k+2]) {
				return "", 3
			}
			return ErrInvalidEscape, 1
		case c <= ' ' || c == 0x7f || strings.IndexByte(`"<>\^`+"`"+`{|}`, c) >= 0:
			return ErrInvalidLiteral, 1
		}
		return "", 1
	}
	r, size := utf8.DecodeRuneInString(s[k:])
	if r == utf8.RuneError && size == 1 || !isUcscharOrPrivate(r) {
		return ErrInvalidLiteral, size
	}
	return "", size
}

// isUcscharOrPrivate reports whether r is a ucschar or an iprivate of RFC
// 3987 §2.2, the non-ASCII characters RFC 6570 §2.1 allows in literals.
func isUcscharOrPrivate(r rune) bool {
	switch {
	case r < 0xA0:
		return false
	case r <= 0xD7FF:
		return true
	case r < 0xE000:
		return false
	case r <= 0xFDCF:
		return true // iprivate E000-F8FF, then ucschar F900-FDCF
	case r < 0xFDF0:
		return false
	case r <= 0xFFEF:
		return true
	case r < 0x10000:
		return false
	case r >= 0xE0000 && r < 0xE1000:
		return false
	}
	// ucschar 10000-EFFFD and iprivate F0000-10FFFD, less the last two
	// code points of each plane.
	return r&0xFFFF <= 0xFFFD
}

// parseExpr parses the expression that starts with the "{" at src[i]
// into a part and its variables, and returns the offset after its "}".
func (t *Template) parseExpr(i int) (int, error) {
	s := t.src
	p := part{op: '0', a: uint32(len(t.vars))}
	j := i + 1
	if j < len(s) {
		switch c := s[j]; c {
		case '+', '#', '.', '/', ';', '?', '&':
			p.op = c
			j++
		case '=', ',', '!', '@', '|':
			return 0, newError(s, j, ErrReservedOperator)
		}
	}
	for {
		// One varspec: varname [":" max-length / "*"].
		start := j
		for j < len(s) {
			c := s[j]
			if isVarchar(c) {
				j++
			} else if c == '%' && j+2 < len(s) && hexdigit.Is(s[j+1]) && hexdigit.Is(s[j+2]) {
				j += 3
			} else if c == '.' && j > start && j+1 < len(s) && (isVarchar(s[j+1]) || s[j+1] == '%') {
				j++
			} else {
				break
			}
		}
		if j == len(s) {
			return 0, newError(s, i, ErrUnclosed)
		}
		if j == start {
			return 0, newError(s, j, ErrBadVarname)
		}
		v := varSpec{off: uint32(start), end: uint32(j)}
		var m modifier
		switch s[j] {
		case ':':
			k := j + 1
			n := 0
			for k < len(s) && k-j <= 4 && s[k] >= '0' && s[k] <= '9' {
				if k == j+1 && s[k] == '0' {
					return 0, newError(s, k, ErrBadPrefix)
				}
				n = n*10 + int(s[k]-'0')
				k++
			}
			if k == j+1 || n > maxPrefix || (k < len(s) && s[k] >= '0' && s[k] <= '9') {
				return 0, newError(s, j, ErrBadPrefix)
			}
			m = modifier(n)
			j = k
		case '*':
			m = explode
			j++
		}
		if m != 0 && t.mods == nil {
			t.mods = make([]modifier, len(t.vars), cap(t.vars))
		}
		if t.mods != nil {
			t.mods = append(t.mods, m)
		}
		t.vars = append(t.vars, v)
		if j == len(s) {
			return 0, newError(s, i, ErrUnclosed)
		}
		switch s[j] {
		case ',':
			j++
			continue
		case '}':
			p.b = uint32(len(t.vars))
			p.oi = opIndex(p.op)
			t.parts = append(t.parts, p)
			return j + 1, nil
		case '{':
			return 0, newError(s, i, ErrUnclosed)
		}
		return 0, newError(s, j, ErrBadVarname)
	}
}

// isVarchar reports whether c is ALPHA, DIGIT or "_" (the varchar of RFC
// 6570 without pct-encoded).
func isVarchar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}
