package urlpattern

import (
	"unicode"
	"unicode/utf8"
)

// tokenType is the type of a token of a pattern string.
type tokenType uint8

const (
	tokInvalidChar tokenType = iota
	tokOpen
	tokClose
	tokRegexp
	tokName
	tokChar
	tokEscapedChar
	tokOtherModifier
	tokAsterisk
	tokEnd
)

// token is one lexical token: its type, the byte offset of its first code
// point in the pattern string, and its value.
type token struct {
	typ   tokenType
	index int
	value string
}

// tokenizer holds the state of the standard's tokenizer; indexes are byte
// offsets (the pattern is walked by code point).
type tokenizer struct {
	input   string
	lenient bool
	tokens  []token
	index   int
	next    int
	cp      rune
}

func (t *tokenizer) nextCodePoint() {
	r, size := utf8.DecodeRuneInString(t.input[t.next:])
	t.cp = r
	t.next += size
}

func (t *tokenizer) seek(i int) {
	t.next = i
	t.nextCodePoint()
}

func (t *tokenizer) add(typ tokenType, nextPos, valuePos, valueLen int) {
	t.tokens = append(t.tokens, token{typ: typ, index: t.index, value: t.input[valuePos : valuePos+valueLen]})
	t.index = nextPos
}

func (t *tokenizer) addDefault(typ tokenType, nextPos, valuePos int) {
	t.add(typ, nextPos, valuePos, nextPos-valuePos)
}

// tokError is a tokenizing error: in strict mode it fails, in lenient mode
// it adds an invalid-char token.
func (t *tokenizer) tokError(nextPos, valuePos int, what string) error {
	if !t.lenient {
		return &Error{Code: ErrInvalidPattern, Offset: t.index, Detail: what}
	}
	t.addDefault(tokInvalidChar, nextPos, valuePos)
	return nil
}

// tokenize splits input into tokens, with the strict or lenient policy.
func tokenize(input string, lenient bool) ([]token, error) {
	t := &tokenizer{input: input, lenient: lenient}
	n := len(input)
	for t.index < n {
		t.seek(t.index)
		switch t.cp {
		case '*':
			t.addDefault(tokAsterisk, t.next, t.index)
			continue
		case '+', '?':
			t.addDefault(tokOtherModifier, t.next, t.index)
			continue
		case '\\':
			if t.next >= n {
				if err := t.tokError(t.next, t.index, "a backslash at the end of the pattern"); err != nil {
					return nil, err
				}
				continue
			}
			escaped := t.next
			t.nextCodePoint()
			t.addDefault(tokEscapedChar, t.next, escaped)
			continue
		case '{':
			t.addDefault(tokOpen, t.next, t.index)
			continue
		case '}':
			t.addDefault(tokClose, t.next, t.index)
			continue
		case ':':
			pos := t.next
			start := pos
			for pos < n {
				t.seek(pos)
				if !validNameCodePoint(t.cp, pos == start) {
					break
				}
				pos = t.next
			}
			if pos <= start {
				if err := t.tokError(start, t.index, "a \":\" not followed by a group name"); err != nil {
					return nil, err
				}
				continue
			}
			t.addDefault(tokName, pos, start)
			continue
		case '(':
			depth := 1
			pos := t.next
			start := pos
			bad := ""
			for pos < n {
				t.seek(pos)
				if t.cp >= utf8.RuneSelf {
					bad = "a non-ASCII code point in a regexp group"
					break
				}
				if pos == start && t.cp == '?' {
					bad = "a regexp group starting with \"?\""
					break
				}
				if t.cp == '\\' {
					if pos == n-1 {
						bad = "a backslash at the end of a regexp group"
						break
					}
					t.nextCodePoint()
					if t.cp >= utf8.RuneSelf {
						bad = "a non-ASCII code point in a regexp group"
						break
					}
					pos = t.next
					continue
				}
				if t.cp == ')' {
					depth--
					if depth == 0 {
						pos = t.next
						break
					}
				} else if t.cp == '(' {
					depth++
					if pos == n-1 {
						bad = "an unclosed regexp group"
						break
					}
					tmp := t.next
					t.nextCodePoint()
					if t.cp != '?' {
						bad = "a capturing group inside a regexp group (only \"(?\" groups are allowed)"
						break
					}
					t.next = tmp
				}
				pos = t.next
			}
			if bad == "" && depth != 0 {
				bad = "an unclosed regexp group"
			}
			if bad == "" && pos-start-1 == 0 {
				bad = "an empty regexp group"
			}
			if bad != "" {
				if err := t.tokError(start, t.index, bad); err != nil {
					return nil, err
				}
				continue
			}
			t.add(tokRegexp, pos, start, pos-start-1)
			continue
		}
		t.addDefault(tokChar, t.next, t.index)
	}
	t.addDefault(tokEnd, t.index, t.index)
	return t.tokens, nil
}

// validNameCodePoint reports whether r may start (first) or continue a
// group name: ECMAScript's IdentifierStart and IdentifierPart.
func validNameCodePoint(r rune, first bool) bool {
	if r == '$' || r == '_' {
		return true
	}
	if unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) || unicode.Is(unicode.Other_ID_Start, r) {
		return !unicode.Is(unicode.Pattern_Syntax, r)
	}
	if first {
		return false
	}
	if r == 0x200C || r == 0x200D {
		return true
	}
	return unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue)
}
