package urlpattern

import (
	"fmt"
	"github.com/urikit/urikit/internal/hexdigit"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// ECMAScript and RE2 read the same regexp text differently in a few
// places; these are the RE2 forms of what the standard's regexps mean
// (ECMAScript with the v flag).
const (
	// dotRE2 is ECMAScript's "." without the s flag: any code point but a
	// line terminator.
	dotRE2 = `[^\n\r\x{2028}\x{2029}]`
	// anyRE2 is ECMAScript's "[^]": any code point.
	anyRE2 = `[\x00-\x{10FFFF}]`
	// noneRE2 is ECMAScript's "[]": no code point.
	noneRE2 = `[^\x00-\x{10FFFF}]`
	// spaceRanges are ECMAScript's \s (WhiteSpace and LineTerminator), as
	// the inside of an RE2 class; notSpaceRanges is its complement.
	spaceRanges    = `\t\n\x0B\f\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}`
	notSpaceRanges = `\x00-\x08\x0E-\x1F!-\x{9F}\x{A1}-\x{167F}\x{1681}-\x{1FFF}\x{200B}-\x{2027}\x{202A}-\x{202E}\x{2030}-\x{205E}\x{2060}-\x{2FFF}\x{3001}-\x{FEFE}\x{FF00}-\x{10FFFF}`
	// maxRepeat is RE2's largest repetition count.
	maxRepeat = 1000
)

// regexpError is what translateRegexp returns: the offset in the regexp
// text, and whether the construct is valid ECMAScript that RE2 lacks
// (unsupported) or not a valid regexp at all.
type regexpError struct {
	off         int
	unsupported bool
	construct   string
}

func (e *regexpError) Error() string { return e.construct }

// translateRegexp turns the text of a custom regexp group (ECMAScript, v
// flag, ASCII only as the tokenizer makes sure) into RE2 syntax with the
// same meaning, or fails naming the construct.
func translateRegexp(src string) (string, error) {
	t := &translator{src: src}
	if err := t.run(); err != nil {
		return "", err
	}
	return string(t.out), nil
}

func (t *translator) write(s string)   { t.out = append(t.out, s...) }
func (t *translator) writeByte(c byte) { t.out = append(t.out, c) }

type translator struct {
	src string
	i   int
	out []byte
	// atom is true when the last thing written can take a quantifier.
	atom bool
	// unionLen counts the operands of the class union being parsed.
	unionLen int
}

func unsupported(off int, format string, args ...any) error {
	return &regexpError{off: off, unsupported: true, construct: fmt.Sprintf(format, args...)}
}

func invalid(off int, format string, args ...any) error {
	return &regexpError{off: off, construct: fmt.Sprintf(format, args...)}
}

func (t *translator) run() error {
	s := t.src
	for t.i < len(s) {
		c := s[t.i]
		start := t.i
		switch c {
		case '\\':
			if err := t.escape(false); err != nil {
				return err
			}
			continue
		case '(':
			if strings.HasPrefix(s[t.i:], "(?:") {
				t.write("(?:")
				t.i += 3
			} else if strings.HasPrefix(s[t.i:], "(?=") || strings.HasPrefix(s[t.i:], "(?!") {
				return unsupported(start, "lookahead %q", s[t.i:t.i+3])
			} else if strings.HasPrefix(s[t.i:], "(?<=") || strings.HasPrefix(s[t.i:], "(?<!") {
				return unsupported(start, "lookbehind %q", s[t.i:t.i+4])
			} else if strings.HasPrefix(s[t.i:], "(?<") {
				j := strings.IndexByte(s[t.i:], '>')
				if j < 0 {
					return invalid(start, "unterminated group name")
				}
				name := s[t.i+3 : t.i+j]
				if !validGroupName(name) {
					return invalid(start, "invalid group name %q", name)
				}
				t.write("(?P<" + name + ">")
				t.i += j + 1
			} else if strings.HasPrefix(s[t.i:], "(?") {
				// Modifiers (?ims-ims:...): only i means the same in RE2 here.
				j := t.i + 2
				for j < len(s) && (s[j] == 'i' || s[j] == 'm' || s[j] == 's' || s[j] == '-') {
					j++
				}
				if j == t.i+2 || j >= len(s) || s[j] != ':' {
					return invalid(start, "invalid group %q", s[t.i:min(j+1, len(s))])
				}
				flags := s[t.i+2 : j]
				if strings.ContainsAny(flags, "ms") {
					return unsupported(start, "regexp modifier %q (only i is translated)", "(?"+flags+":")
				}
				t.write("(?" + flags + ":")
				t.i = j + 1
			} else {
				t.writeByte('(')
				t.i++
			}
			t.atom = false
			continue
		case ')':
			t.writeByte(')')
			t.i++
			t.atom = true
			continue
		case '[':
			if err := t.class(); err != nil {
				return err
			}
			t.atom = true
			continue
		case '.':
			t.write(dotRE2)
			t.i++
			t.atom = true
			continue
		case '{':
			j := t.i + 1
			lo, hi, ok := 0, -1, false
			k := j
			for k < len(s) && isASCIIDigit(s[k]) {
				k++
			}
			if k > j {
				lo, _ = strconv.Atoi(s[j:min(k, j+9)])
				if k-j > 9 {
					lo = maxRepeat + 1
				}
				hi = lo
				if k < len(s) && s[k] == ',' {
					k++
					m := k
					for k < len(s) && isASCIIDigit(s[k]) {
						k++
					}
					hi = -2
					if k > m {
						hi, _ = strconv.Atoi(s[m:min(k, m+9)])
						if k-m > 9 {
							hi = maxRepeat + 1
						}
					}
				}
				ok = k < len(s) && s[k] == '}'
			}
			if !ok || !t.atom {
				return invalid(start, "a lone \"{\" (a quantifier is {n}, {n,} or {n,m} after an atom)")
			}
			if lo > maxRepeat || hi > maxRepeat {
				return unsupported(start, "repetition count over %d in %q", maxRepeat, s[start:k+1])
			}
			if hi >= 0 && hi < lo {
				return invalid(start, "numbers out of order in %q", s[start:k+1])
			}
			t.write(s[start : k+1])
			t.i = k + 1
			t.atom = false
			if t.i < len(s) && s[t.i] == '?' {
				t.writeByte('?')
				t.i++
			}
			continue
		case '}', ']':
			return invalid(start, "a lone %q", string(c))
		case '*', '+', '?':
			if !t.atom {
				return invalid(start, "nothing to repeat before %q", string(c))
			}
			t.writeByte(c)
			t.i++
			t.atom = false
			if t.i < len(s) && s[t.i] == '?' {
				t.writeByte('?')
				t.i++
			}
			continue
		case '|', '^', '$':
			t.writeByte(c)
			t.i++
			t.atom = c != '|'
			if c == '^' || c == '$' {
				// Assertions take no quantifier in ECMAScript's u/v mode.
				t.atom = false
			}
			continue
		}
		t.literal(rune(c))
		t.i++
		t.atom = true
	}
	return nil
}

func (t *translator) literal(r rune) {
	t.write(regexpQuoteRune(r))
}

func regexpQuoteRune(r rune) string {
	if r < 0x80 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
		return string(r)
	}
	return fmt.Sprintf(`\x{%X}`, r)
}

func validGroupName(name string) bool {
	if name == "" {
		return false
	}
	for i, r := range name {
		if !validNameCodePoint(r, i == 0) || r >= 0x80 {
			return false
		}
	}
	return true
}

// escape translates the escape at t.i; inClass says it is inside [...].
func (t *translator) escape(inClass bool) error {
	s := t.src
	start := t.i
	if t.i+1 >= len(s) {
		return invalid(start, "a backslash at the end")
	}
	c := s[t.i+1]
	t.i += 2
	t.atom = true
	switch c {
	case 'd', 'D', 'w', 'W':
		t.write(`\` + string(c))
	case 's':
		if inClass {
			t.write(spaceRanges)
		} else {
			t.write("[" + spaceRanges + "]")
		}
	case 'S':
		if inClass {
			t.write(notSpaceRanges)
		} else {
			t.write("[" + notSpaceRanges + "]")
		}
	case 'b':
		if inClass {
			t.write(`\x08`)
		} else {
			t.write(`\b`)
			t.atom = false
		}
	case 'B':
		if inClass {
			return invalid(start, `\B in a class`)
		}
		t.write(`\B`)
		t.atom = false
	case 't', 'n', 'r', 'f', 'v':
		t.write(`\` + string(c))
	case '0':
		if t.i < len(s) && isASCIIDigit(s[t.i]) {
			return invalid(start, "a legacy octal escape")
		}
		t.write(`\x00`)
	case '1', '2', '3', '4', '5', '6', '7', '8', '9':
		if inClass {
			return invalid(start, "a legacy octal escape")
		}
		return unsupported(start, "backreference %q", s[start:t.i])
	case 'k':
		if inClass {
			return invalid(start, `\k in a class`)
		}
		return unsupported(start, "named backreference \\k")
	case 'x':
		if t.i+2 > len(s) || !hexdigit.Is(s[t.i]) || !hexdigit.Is(s[t.i+1]) {
			return invalid(start, `a malformed \x escape`)
		}
		v, _ := strconv.ParseUint(s[t.i:t.i+2], 16, 32)
		t.write(regexpQuoteRune(rune(v)))
		t.i += 2
	case 'u':
		r, n, err := parseUnicodeEscape(s, t.i)
		if err != nil {
			return invalid(start, "%s", err.Error())
		}
		if r >= 0xD800 && r <= 0xDFFF && t.i+n+1 < len(s) && s[t.i+n] == '\\' && s[t.i+n+1] == 'u' && r < 0xDC00 {
			if lo, m, err := parseUnicodeEscape(s, t.i+n+2); err == nil && lo >= 0xDC00 && lo <= 0xDFFF {
				r = 0x10000 + (r-0xD800)<<10 + (lo - 0xDC00)
				n += m + 2
			}
		}
		if r >= 0xD800 && r <= 0xDFFF {
			return unsupported(start, "a lone surrogate %q (Go strings are UTF-8)", s[start:t.i+n])
		}
		t.write(regexpQuoteRune(r))
		t.i += n
	case 'c':
		if t.i >= len(s) || !(s[t.i]|0x20 >= 'a' && s[t.i]|0x20 <= 'z') {
			return invalid(start, `a malformed \c escape`)
		}
		t.write(regexpQuoteRune(rune(s[t.i] % 32)))
		t.i++
	case 'p', 'P':
		if t.i >= len(s) || s[t.i] != '{' {
			return invalid(start, `a malformed \%c escape`, c)
		}
		j := strings.IndexByte(s[t.i:], '}')
		if j < 0 {
			return invalid(start, `a malformed \%c escape`, c)
		}
		name := s[t.i+1 : t.i+j]
		t.i += j + 1
		if k := strings.IndexByte(name, '='); k >= 0 {
			switch name[:k] {
			case "General_Category", "gc", "Script", "sc":
				name = name[k+1:]
			default:
				return unsupported(start, "Unicode property %q", name)
			}
		}
		if _, err := syntax.Parse(`\p{`+name+`}`, syntax.Perl); err != nil {
			return unsupported(start, "Unicode property %q (RE2 knows general categories by their short names and scripts)", name)
		}
		t.write(`\` + string(c) + `{` + name + `}`)
	case 'q':
		if inClass {
			return unsupported(start, `string literal \q{...} in a class`)
		}
		return invalid(start, `\q outside a class`)
	case '^', '$', '\\', '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '/':
		t.write(regexpQuoteRune(rune(c)))
	case '-':
		if !inClass {
			return invalid(start, `\- outside a class`)
		}
		t.write(`\-`)
	case '&', '!', '#', '%', ',', ':', ';', '<', '=', '>', '@', '`', '~':
		if !inClass {
			return invalid(start, "the identity escape %q", s[start:t.i])
		}
		t.write(regexpQuoteRune(rune(c)))
	default:
		return invalid(start, "the identity escape %q", s[start:t.i])
	}
	return nil
}

// parseUnicodeEscape parses what follows "\u" at s[i:]: XXXX or {X...}.
func parseUnicodeEscape(s string, i int) (rune, int, error) {
	if i < len(s) && s[i] == '{' {
		j := strings.IndexByte(s[i:], '}')
		if j < 2 {
			return 0, 0, fmt.Errorf(`a malformed \u{...} escape`)
		}
		v, err := strconv.ParseUint(s[i+1:i+j], 16, 32)
		if err != nil || v > 0x10FFFF {
			return 0, 0, fmt.Errorf(`a malformed \u{...} escape`)
		}
		return rune(v), j + 1, nil
	}
	if i+4 > len(s) {
		return 0, 0, fmt.Errorf(`a malformed \u escape`)
	}
	for k := i; k < i+4; k++ {
		if !hexdigit.Is(s[k]) {
			return 0, 0, fmt.Errorf(`a malformed \u escape`)
		}
	}
	v, _ := strconv.ParseUint(s[i:i+4], 16, 32)
	return rune(v), 4, nil
}

// runeSet is a set of code points: sorted, disjoint, non-adjacent ranges.
type runeSet [][2]rune

func (a runeSet) norm() runeSet {
	slices.SortFunc(a, func(x, y [2]rune) int { return int(x[0] - y[0]) })
	var out runeSet
	for _, r := range a {
		if n := len(out); n > 0 && r[0] <= out[n-1][1]+1 {
			out[n-1][1] = max(out[n-1][1], r[1])
			continue
		}
		out = append(out, r)
	}
	return out
}

func (a runeSet) union(b runeSet) runeSet {
	return append(append(runeSet{}, a...), b...).norm()
}

func (a runeSet) complement() runeSet {
	var out runeSet
	next := rune(0)
	for _, r := range a {
		if r[0] > next {
			out = append(out, [2]rune{next, r[0] - 1})
		}
		next = r[1] + 1
	}
	if next <= unicode.MaxRune {
		out = append(out, [2]rune{next, unicode.MaxRune})
	}
	return out
}

func (a runeSet) intersect(b runeSet) runeSet {
	var out runeSet
	for i, j := 0, 0; i < len(a) && j < len(b); {
		lo, hi := max(a[i][0], b[j][0]), min(a[i][1], b[j][1])
		if lo <= hi {
			out = append(out, [2]rune{lo, hi})
		}
		if a[i][1] < b[j][1] {
			i++
		} else {
			j++
		}
	}
	return out
}

func (a runeSet) re2() string {
	if len(a) == 0 {
		return noneRE2
	}
	var b strings.Builder
	b.WriteByte('[')
	for _, r := range a {
		fmt.Fprintf(&b, `\x{%X}`, r[0])
		if r[1] != r[0] {
			fmt.Fprintf(&b, `-\x{%X}`, r[1])
		}
	}
	b.WriteByte(']')
	return b.String()
}

func tableSet(t *unicode.RangeTable) runeSet {
	var out runeSet
	for _, r := range t.R16 {
		for c := rune(r.Lo); c <= rune(r.Hi); c += rune(r.Stride) {
			if r.Stride == 1 {
				out = append(out, [2]rune{c, rune(r.Hi)})
				break
			}
			out = append(out, [2]rune{c, c})
		}
	}
	for _, r := range t.R32 {
		for c := rune(r.Lo); c <= rune(r.Hi); c += rune(r.Stride) {
			if r.Stride == 1 {
				out = append(out, [2]rune{c, rune(r.Hi)})
				break
			}
			out = append(out, [2]rune{c, c})
		}
	}
	return out.norm()
}

var (
	digitSet = runeSet{{'0', '9'}}
	wordSet  = runeSet{{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}}
	spaceSet = runeSet{{'\t', '\r'}, {' ', ' '}, {0xA0, 0xA0}, {0x1680, 0x1680}, {0x2000, 0x200A},
		{0x2028, 0x2029}, {0x202F, 0x202F}, {0x205F, 0x205F}, {0x3000, 0x3000}, {0xFEFF, 0xFEFF}}
)

// class translates the character class at t.i (v flag syntax: nested
// classes, "--" and "&&" are computed here as sets of code points).
func (t *translator) class() error {
	set, err := t.classSet()
	if err != nil {
		return err
	}
	t.write(set.re2())
	return nil
}

// classSet parses the class at t.i ("[" ... "]") into a set.
func (t *translator) classSet() (runeSet, error) {
	s := t.src
	start := t.i
	t.i++
	neg := false
	if t.i < len(s) && s[t.i] == '^' {
		neg = true
		t.i++
	}
	var acc runeSet
	op := byte(0) // 0 union, '-' subtraction, '&' intersection
	first := true
	for {
		if t.i >= len(s) {
			return nil, invalid(start, "an unterminated class")
		}
		if s[t.i] == ']' {
			t.i++
			break
		}
		if t.i+1 < len(s) && (s[t.i] == '-' && s[t.i+1] == '-' || s[t.i] == '&' && s[t.i+1] == '&') {
			o := s[t.i]
			if first || (op != 0 && op != o) || (op == 0 && !first && t.unionLen > 1) {
				return nil, invalid(t.i, "a misplaced %q in a class", s[t.i:t.i+2])
			}
			op = o
			t.i += 2
			opnd, _, _, err := t.classOperand()
			if err != nil {
				return nil, err
			}
			if o == '-' {
				acc = acc.intersect(opnd.complement())
			} else {
				acc = acc.intersect(opnd)
			}
			continue
		}
		if op != 0 {
			return nil, invalid(t.i, "a class mixes set operations and a union")
		}
		opnd, r, isChar, err := t.classOperand()
		if err != nil {
			return nil, err
		}
		if first {
			t.unionLen = 0
		}
		t.unionLen++
		first = false
		if isChar && t.i+1 < len(s) && s[t.i] == '-' && s[t.i+1] != '-' {
			t.i++
			_, hi, hiChar, err := t.classOperand()
			if err != nil {
				return nil, err
			}
			if !hiChar {
				return nil, invalid(t.i, "a class escape as a range end")
			}
			if hi < r {
				return nil, invalid(start, "a range out of order in a class")
			}
			opnd = runeSet{{r, hi}}
		}
		acc = acc.union(opnd)
	}
	if neg {
		acc = acc.complement()
	}
	return acc, nil
}

// classOperand parses one operand of a class: a nested class, an escape
// or a character. isChar says it is the single code point r.
func (t *translator) classOperand() (runeSet, rune, bool, error) {
	s := t.src
	if t.i >= len(s) {
		return nil, 0, false, invalid(t.i, "an unterminated class")
	}
	c := s[t.i]
	switch {
	case c == '[':
		saved := t.unionLen
		set, err := t.classSet()
		t.unionLen = saved
		return set, 0, false, err
	case c == '\\':
		return t.classEscape()
	case strings.IndexByte("(){}/|-]", c) >= 0:
		return nil, 0, false, invalid(t.i, "an unescaped %q in a class (v flag)", string(c))
	case t.i+1 < len(s) && c == s[t.i+1] && strings.IndexByte("!#$%*+,.:;<=>?@^`~&", c) >= 0:
		return nil, 0, false, invalid(t.i, "the reserved double punctuator %q in a class", s[t.i:t.i+2])
	}
	t.i++
	return runeSet{{rune(c), rune(c)}}, rune(c), true, nil
}

// classEscape parses an escape inside a class.
func (t *translator) classEscape() (runeSet, rune, bool, error) {
	s := t.src
	start := t.i
	if t.i+1 >= len(s) {
		return nil, 0, false, invalid(start, "a backslash at the end")
	}
	switch c := s[t.i+1]; c {
	case 'd', 'D', 'w', 'W', 's', 'S':
		t.i += 2
		set := map[byte]runeSet{'d': digitSet, 'w': wordSet, 's': spaceSet}[c|0x20]
		if c < 'a' {
			set = set.complement()
		}
		return set, 0, false, nil
	case 'p', 'P':
		t.i += 2
		if t.i >= len(s) || s[t.i] != '{' {
			return nil, 0, false, invalid(start, `a malformed \%c escape`, c)
		}
		j := strings.IndexByte(s[t.i:], '}')
		if j < 0 {
			return nil, 0, false, invalid(start, `a malformed \%c escape`, c)
		}
		name := s[t.i+1 : t.i+j]
		t.i += j + 1
		if k := strings.IndexByte(name, '='); k >= 0 {
			switch name[:k] {
			case "General_Category", "gc", "Script", "sc":
				name = name[k+1:]
			default:
				return nil, 0, false, unsupported(start, "Unicode property %q", name)
			}
		}
		tab := unicode.Categories[name]
		if tab == nil {
			tab = unicode.Scripts[name]
		}
		if tab == nil {
			return nil, 0, false, unsupported(start, "Unicode property %q (RE2 knows general categories by their short names and scripts)", name)
		}
		set := tableSet(tab)
		if c == 'P' {
			set = set.complement()
		}
		return set, 0, false, nil
	case 'q':
		t.i += 2
		if t.i >= len(s) || s[t.i] != '{' {
			return nil, 0, false, invalid(start, `a malformed \q escape`)
		}
		j := strings.IndexByte(s[t.i:], '}')
		if j < 0 {
			return nil, 0, false, invalid(start, `a malformed \q escape`)
		}
		body := s[t.i+1 : t.i+j]
		t.i += j + 1
		var set runeSet
		for _, alt := range strings.Split(body, "|") {
			if len(alt) != 1 || alt[0] == '\\' {
				return nil, 0, false, unsupported(start, `a string of more than one code point in \q{...}`)
			}
			set = set.union(runeSet{{rune(alt[0]), rune(alt[0])}})
		}
		return set, 0, false, nil
	}
	// A character escape: translate it alone and read its code point back.
	saved, savedAtom := t.out, t.atom
	t.out = nil
	err := t.escape(true)
	text := string(t.out)
	t.out, t.atom = saved, savedAtom
	if err != nil {
		return nil, 0, false, err
	}
	re, perr := syntax.Parse(text, syntax.Perl)
	if perr != nil || re.Op != syntax.OpLiteral || len(re.Rune) != 1 {
		return nil, 0, false, invalid(start, "an invalid escape %q in a class", s[start:t.i])
	}
	r := re.Rune[0]
	return runeSet{{r, r}}, r, true, nil
}
