package urlpattern

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

type partType uint8

const (
	partFixed partType = iota
	partRegexp
	partSegmentWildcard
	partFullWildcard
)

type modifier uint8

const (
	modNone modifier = iota
	modOptional
	modZeroOrMore
	modOneOrMore
)

func (m modifier) String() string {
	switch m {
	case modZeroOrMore:
		return "*"
	case modOptional:
		return "?"
	case modOneOrMore:
		return "+"
	}
	return ""
}

// part is one piece of a parsed pattern string.
type part struct {
	typ    partType
	value  string // fixed text, or the regexp of a regexp part
	mod    modifier
	name   string
	prefix string
	suffix string
	offset int // byte offset in the pattern string
	reOff  int // byte offset of a regexp part's regexp
}

// options are the standard's options of a component.
type options struct {
	delimiter  string // "" or one ASCII code point
	prefix     string // "" or one ASCII code point
	ignoreCase bool
}

var (
	defaultOptions  = options{}
	hostnameOptions = options{delimiter: "."}
	pathnameOptions = options{delimiter: "/", prefix: "/"}
)

// fullWildcardRegexp is the standard's full wildcard regexp value.
const fullWildcardRegexp = ".*"

func segmentWildcardRegexp(o options) string {
	return "[^" + escapeRegexpString(o.delimiter) + "]+?"
}

// encodingCallback validates and encodes a fixed piece of a pattern.
type encodingCallback func(string) (string, error)

type patternParser struct {
	tokens      []token
	encode      encodingCallback
	segWildcard string
	parts       []part
	pending     []byte
	names       map[string]bool
	pendingOff  int
	index       int
	nextNumeric int
	opts        options
}

func (p *patternParser) try(typ tokenType) *token {
	t := &p.tokens[p.index]
	if t.typ != typ {
		return nil
	}
	p.index++
	return t
}

func (p *patternParser) tryModifier() *token {
	if t := p.try(tokOtherModifier); t != nil {
		return t
	}
	return p.try(tokAsterisk)
}

func (p *patternParser) tryRegexpOrWildcard(name *token) *token {
	t := p.try(tokRegexp)
	if name == nil && t == nil {
		t = p.try(tokAsterisk)
	}
	return t
}

func (p *patternParser) required(typ tokenType) error {
	if p.try(typ) == nil {
		t := p.tokens[p.index]
		what := "the end of the pattern"
		if typ == tokClose {
			what = "\"}\""
		}
		got := strconv.Quote(t.value)
		if t.typ == tokEnd {
			got = "the end of the pattern"
		}
		return &Error{Code: ErrInvalidPattern, Offset: t.index, Detail: "expected " + what + ", found " + got}
	}
	return nil
}

func (p *patternParser) consumeText() string {
	var b strings.Builder
	for {
		t := p.try(tokChar)
		if t == nil {
			t = p.try(tokEscapedChar)
		}
		if t == nil {
			break
		}
		b.WriteString(t.value)
	}
	return b.String()
}

func (p *patternParser) encodeAt(s string, off int) (string, error) {
	v, err := p.encode(s)
	if err != nil {
		return "", &Error{Code: ErrInvalidComponent, Offset: off, Detail: "the text " + strconv.Quote(clip(s)) + " is not valid in this component: " + err.Error(), Err: err}
	}
	return v, nil
}

func (p *patternParser) flushPending() error {
	if len(p.pending) == 0 {
		return nil
	}
	v, err := p.encodeAt(string(p.pending), p.pendingOff)
	if err != nil {
		return err
	}
	p.pending = p.pending[:0]
	p.parts = append(p.parts, part{typ: partFixed, value: v, offset: p.pendingOff})
	return nil
}

func (p *patternParser) appendPending(s string, off int) {
	if len(p.pending) == 0 {
		p.pendingOff = off
	}
	p.pending = append(p.pending, s...)
}

func (p *patternParser) addPart(prefix string, name, re *token, suffix string, mod *token, off int) error {
	m := modNone
	if mod != nil {
		switch mod.value {
		case "?":
			m = modOptional
		case "*":
			m = modZeroOrMore
		case "+":
			m = modOneOrMore
		}
	}
	if name == nil && re == nil && m == modNone {
		p.appendPending(prefix, off)
		return nil
	}
	if err := p.flushPending(); err != nil {
		return err
	}
	if name == nil && re == nil {
		if prefix == "" {
			return nil
		}
		v, err := p.encodeAt(prefix, off)
		if err != nil {
			return err
		}
		p.parts = append(p.parts, part{typ: partFixed, value: v, mod: m, offset: off})
		return nil
	}
	value := ""
	switch {
	case re == nil:
		value = p.segWildcard
	case re.typ == tokAsterisk:
		value = fullWildcardRegexp
	default:
		value = re.value
	}
	typ := partRegexp
	if value == p.segWildcard {
		typ, value = partSegmentWildcard, ""
	} else if value == fullWildcardRegexp {
		typ, value = partFullWildcard, ""
	}
	nm := ""
	if name != nil {
		nm = name.value
	} else {
		nm = strconv.Itoa(p.nextNumeric)
		p.nextNumeric++
	}
	if p.names == nil {
		p.names = map[string]bool{}
	}
	if p.names[nm] {
		at := off
		if name != nil {
			at = name.index
		}
		return &Error{Code: ErrDuplicateName, Offset: at, Detail: "the group name " + strconv.Quote(clip(nm)) + " is used twice"}
	}
	p.names[nm] = true
	ep, err := p.encodeAt(prefix, off)
	if err != nil {
		return err
	}
	es, err := p.encodeAt(suffix, off)
	if err != nil {
		return err
	}
	pt := part{typ: typ, value: value, mod: m, name: nm, prefix: ep, suffix: es, offset: off}
	if re != nil && re.typ == tokRegexp {
		pt.reOff = re.index + 1
	}
	p.parts = append(p.parts, pt)
	return nil
}

// parsePatternString is the standard's "parse a pattern string".
func parsePatternString(input string, o options, encode encodingCallback) ([]part, error) {
	toks, err := tokenize(input, false)
	if err != nil {
		return nil, err
	}
	p := &patternParser{tokens: toks, encode: encode, segWildcard: segmentWildcardRegexp(o), opts: o}
	for p.index < len(p.tokens) {
		start := p.tokens[p.index].index
		char := p.try(tokChar)
		name := p.try(tokName)
		re := p.tryRegexpOrWildcard(name)
		if name != nil || re != nil {
			prefix := ""
			if char != nil {
				prefix = char.value
			}
			if prefix != "" && prefix != o.prefix {
				p.appendPending(prefix, start)
				prefix = ""
			}
			if err := p.flushPending(); err != nil {
				return nil, err
			}
			mod := p.tryModifier()
			if err := p.addPart(prefix, name, re, "", mod, start); err != nil {
				return nil, err
			}
			continue
		}
		fixed := char
		if fixed == nil {
			fixed = p.try(tokEscapedChar)
		}
		if fixed != nil {
			p.appendPending(fixed.value, fixed.index)
			continue
		}
		if open := p.try(tokOpen); open != nil {
			prefix := p.consumeText()
			name = p.try(tokName)
			re = p.tryRegexpOrWildcard(name)
			suffix := p.consumeText()
			if err := p.required(tokClose); err != nil {
				return nil, err
			}
			mod := p.tryModifier()
			if err := p.addPart(prefix, name, re, suffix, mod, open.index); err != nil {
				return nil, err
			}
			continue
		}
		if err := p.flushPending(); err != nil {
			return nil, err
		}
		if err := p.required(tokEnd); err != nil {
			return nil, err
		}
	}
	return p.parts, nil
}

// escapeRegexpString escapes the regexp syntax characters of s (the
// standard's "escape a regexp string"; the escapes are valid in RE2 too).
func escapeRegexpString(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '.', '+', '*', '?', '^', '$', '{', '}', '(', ')', '[', ']', '|', '/', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// escapePatternString escapes the pattern syntax characters of s.
func escapePatternString(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '+', '*', '?', ':', '{', '}', '(', ')', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// generateRegexp is the standard's "generate a regular expression and
// name list", with each piece in its RE2 form: value(part) gives the RE2
// text of a group's regexp value.
func generateRegexp(parts []part, o options, value func(*part) string) (string, []string) {
	var b strings.Builder
	b.WriteString("^")
	var names []string
	for i := range parts {
		pt := &parts[i]
		if pt.typ == partFixed {
			if pt.mod == modNone {
				b.WriteString(escapeRegexpString(pt.value))
			} else {
				b.WriteString("(?:" + escapeRegexpString(pt.value) + ")" + pt.mod.String())
			}
			continue
		}
		names = append(names, pt.name)
		rv := value(pt)
		if pt.prefix == "" && pt.suffix == "" {
			if pt.mod == modNone || pt.mod == modOptional {
				b.WriteString("(" + rv + ")" + pt.mod.String())
			} else {
				b.WriteString("((?:" + rv + ")" + pt.mod.String() + ")")
			}
			continue
		}
		pre, suf := escapeRegexpString(pt.prefix), escapeRegexpString(pt.suffix)
		if pt.mod == modNone || pt.mod == modOptional {
			b.WriteString("(?:" + pre + "(" + rv + ")" + suf + ")" + pt.mod.String())
			continue
		}
		b.WriteString("(?:" + pre + "((?:" + rv + ")(?:" + suf + pre + "(?:" + rv + "))*)" + suf + ")")
		if pt.mod == modZeroOrMore {
			b.WriteString("?")
		}
	}
	b.WriteString("$")
	return b.String(), names
}

// generatePatternString is the standard's "generate a pattern string".
func generatePatternString(parts []part, o options) string {
	var b strings.Builder
	for i := range parts {
		pt := &parts[i]
		var prev, next *part
		if i > 0 {
			prev = &parts[i-1]
		}
		if i < len(parts)-1 {
			next = &parts[i+1]
		}
		if pt.typ == partFixed {
			if pt.mod == modNone {
				b.WriteString(escapePatternString(pt.value))
				continue
			}
			b.WriteString("{" + escapePatternString(pt.value) + "}" + pt.mod.String())
			continue
		}
		customName := !isASCIIDigit(pt.name[0])
		needsGrouping := pt.suffix != "" || (pt.prefix != "" && pt.prefix != o.prefix)
		if !needsGrouping && customName && pt.typ == partSegmentWildcard && pt.mod == modNone &&
			next != nil && next.prefix == "" && next.suffix == "" {
			if next.typ == partFixed {
				r, _ := utf8.DecodeRuneInString(next.value)
				needsGrouping = next.value != "" && validNameCodePoint(r, false)
			} else {
				needsGrouping = isASCIIDigit(next.name[0])
			}
		}
		if !needsGrouping && pt.prefix == "" && prev != nil && prev.typ == partFixed &&
			o.prefix != "" && strings.HasSuffix(prev.value, o.prefix) {
			needsGrouping = true
		}
		if needsGrouping {
			b.WriteString("{")
		}
		b.WriteString(escapePatternString(pt.prefix))
		if customName {
			b.WriteString(":" + pt.name)
		}
		switch {
		case pt.typ == partRegexp:
			b.WriteString("(" + pt.value + ")")
		case pt.typ == partSegmentWildcard && !customName:
			b.WriteString("(" + segmentWildcardRegexp(o) + ")")
		case pt.typ == partFullWildcard:
			if !customName && (prev == nil || prev.typ == partFixed || prev.mod != modNone || needsGrouping || pt.prefix != "") {
				b.WriteString("*")
			} else {
				b.WriteString("(" + fullWildcardRegexp + ")")
			}
		}
		if pt.typ == partSegmentWildcard && customName && pt.suffix != "" {
			if r, _ := utf8.DecodeRuneInString(pt.suffix); validNameCodePoint(r, false) {
				b.WriteString("\\")
			}
		}
		b.WriteString(escapePatternString(pt.suffix))
		if needsGrouping {
			b.WriteString("}")
		}
		b.WriteString(pt.mod.String())
	}
	return b.String()
}

func isASCIIDigit(c byte) bool { return c >= '0' && c <= '9' }

// clip cuts s to a window of at most 80 bytes for messages.
func clip(s string) string {
	if len(s) <= 80 {
		return s
	}
	i := 80
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}
