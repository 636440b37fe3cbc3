package template

import (
	"strconv"
	"strings"

	"github.com/urikit/urikit/internal/bytestr"
	"github.com/urikit/urikit/internal/hexdigit"
	"github.com/urikit/urikit/percent"
)

// A byteSet is a set of byte values plus the end of the input.
type byteSet struct {
	b   [4]uint64
	eof bool
}

func (s *byteSet) add(c byte)      { s.b[c>>6] |= 1 << (c & 63) }
func (s *byteSet) has(c byte) bool { return s.b[c>>6]&(1<<(c&63)) != 0 }
func (s *byteSet) addString(str string) {
	for i := 0; i < len(str); i++ {
		s.add(str[i])
	}
}
func (s *byteSet) union(o *byteSet) {
	for i := range s.b {
		s.b[i] |= o.b[i]
	}
	s.eof = s.eof || o.eof
}
func (s *byteSet) meets(o *byteSet) bool {
	for i := range s.b {
		if s.b[i]&o.b[i] != 0 {
			return true
		}
	}
	return false
}

const unreservedChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"

// alphabet returns the bytes the expansion of an expression with the
// operator op may hold after its first character: for the operators that
// encode with the Unreserved set, unreserved characters, "%" (escapes),
// "," (list items) and, for named operators, "=" and the separator; for
// "+" and "#", every byte that is not encoded.
func alphabet(op byte) byteSet {
	var a byteSet
	o := operatorOf(op)
	if o.reserved {
		for c := 0; c < 256; c++ {
			if !percent.Reserved.Contains(byte(c)) {
				a.add(byte(c))
			}
		}
		a.add('%')
		return a
	}
	a.addString(unreservedChars + "%,")
	if o.named {
		a.add('=')
		a.add(o.sep)
	}
	return a
}

// Match reads uri back into the variables of the template: it returns
// values whose expansion is uri (up to the case of hex digits in escapes,
// and escapes of unreserved characters, which it decodes). Each variable
// of an expression is a string, except that an unescaped "," in the value
// of an expression that encodes with the Unreserved set makes it a list (a
// list of one item cannot be told from a string: it comes back as a
// string). A variable whose expansion was empty is the empty string for
// {var} and {+var}, and missing otherwise; when the empty string does not
// expand to uri (a variable also used in an expression that writes its
// operator even for an empty value, as {a}/{/a} and "/"), it is missing.
//
// Match reads back the templates whose answer is unique, those in which
// every expression
//
//   - has no prefix modifier (which drops text) and no explode modifier;
//   - has one variable, unless its operator is ";", "?" or "&" (whose
//     names tell its variables apart), and names each variable once;
//   - is followed by literal text only, or else can be told from what
//     follows: no character its expansion may hold (unreserved characters,
//     "%", "," and, for ";", "?" and "&", "=" and the separator) and not its
//     operator's first character can begin the next part, or the part
//     after it when the next is an expression that may be empty;
//   - has the operator "+" or "#" only when literal text alone follows it.
//
// For any other template Match returns an [*Error] with the code
// ErrAmbiguous and the offset of the expression that makes it so. A URI
// the template cannot produce is an error with the code ErrNoMatch and
// the offset in uri where it stops matching. Before it returns values,
// Match expands them and compares the expansion with uri; when neither
// the values it read nor those values with the variables it read as
// empty left undefined expand to uri, it returns ErrUndecided rather than
// values that do not.
func (t Template) Match(uri string) (Vars, error) {
	if err := t.matchable(); err != nil {
		return nil, err
	}
	// The map is made at its largest size when the first variable is
	// read, so that it never grows.
	var vs Vars
	// empties are the variables read as "" from an empty {var} or
	// {+var}, which may as well be undefined.
	var empties []string
	pos := 0
	for i := range t.parts {
		p := &t.parts[i]
		if p.isLit() {
			if !strings.HasPrefix(uri[pos:], t.lit(p)) {
				return nil, t.noMatch(uri, pos, i)
			}
			pos += int(p.b - p.a)
			continue
		}
		// The expression's text ends where the literal suffix begins,
		// when only literals follow, or else where its alphabet ends.
		end := -1
		suffix := 0
		last := true
		for j := i + 1; j < len(t.parts); j++ {
			if q := &t.parts[j]; !q.isLit() {
				last = false
				break
			} else {
				suffix += int(q.b - q.a)
			}
		}
		if last {
			end = len(uri) - suffix
			if end < pos {
				return nil, t.noMatch(uri, pos, i)
			}
		} else {
			a := alphabet(p.op)
			end = pos
			if o := operatorOf(p.op); o.first != "" && end < len(uri) && uri[end] == o.first[0] {
				end++
			}
			for end < len(uri) && a.has(uri[end]) {
				end++
			}
		}
		if vs == nil {
			vs = make(Vars, len(t.vars))
		}
		if err := t.matchExpr(vs, &empties, i, uri, pos, end); err != nil {
			return nil, err
		}
		pos = end
	}
	if pos != len(uri) {
		return nil, &Error{Offset: pos, Code: ErrNoMatch, Input: uri, Detail: "text after the end of the template"}
	}
	if vs == nil {
		vs = Vars{}
	}
	if t.expandsTo(vs, uri) {
		return vs, nil
	}
	undefined := false
	for _, name := range empties {
		if v, ok := vs[name]; ok && v.kind == KindString && v.str == "" {
			delete(vs, name)
			undefined = true
		}
	}
	if undefined && t.expandsTo(vs, uri) {
		return vs, nil
	}
	return nil, &Error{Offset: -1, Code: ErrUndecided, Input: uri}
}

// expandsTo reports whether vs expand to uri, up to the case of hex
// digits in escapes and to escapes of unreserved characters in uri.
func (t *Template) expandsTo(vs Vars, uri string) bool {
	var buf [256]byte
	b, err := t.appendExpand(buf[:0], vs, false)
	return err == nil && sameExpansion(b, uri)
}

// sameExpansion reports whether the expansion b is uri, up to the case of
// hex digits in escapes and to escapes of unreserved characters in uri.
func sameExpansion(b []byte, uri string) bool {
	i, j := 0, 0
	for i < len(b) && j < len(uri) {
		switch {
		case b[i] == uri[j]:
			if b[i] == '%' && i+2 < len(b) && j+2 < len(uri) {
				// An escape: its hex digits in either case.
				if !strings.EqualFold(string(b[i+1:i+3]), uri[j+1:j+3]) {
					return false
				}
				i += 3
				j += 3
				continue
			}
			i++
			j++
		case uri[j] == '%' && j+2 < len(uri) && hexdigit.Is(uri[j+1]) && hexdigit.Is(uri[j+2]) &&
			hexdigit.Value(uri[j+1])<<4|hexdigit.Value(uri[j+2]) == b[i] && !percent.Unreserved.Contains(b[i]):
			// An escape of an unreserved character, which Match decodes.
			i++
			j += 3
		default:
			return false
		}
	}
	return i == len(b) && j == len(uri)
}

// noMatch returns the error of a uri that does not match the part p at pos.
func (t *Template) noMatch(uri string, pos int, i int) *Error {
	return &Error{Offset: pos, Code: ErrNoMatch, Input: uri,
		Detail: "does not match the template from its offset " + strconv.Itoa(t.partOff(i))}
}

// matchable returns the ErrAmbiguous error of a template Match does not
// read back uniquely, or nil.
func (t *Template) matchable() error {
	ambiguous := func(p *part, why string) error {
		return &Error{Offset: t.exprOff(p), Code: ErrAmbiguous, Input: t.src, Detail: why}
	}
	// follow is the set of first bytes of the expansion of the parts
	// after the current one, computed from the end.
	var follow byteSet
	follow.eof = true
	onlyLiterals := true
	for i := len(t.parts) - 1; i >= 0; i-- {
		p := &t.parts[i]
		if p.isLit() {
			if lit := t.lit(p); lit != "" {
				follow = byteSet{}
				follow.add(lit[0])
			}
			continue
		}
		o := operatorOf(p.op)
		var names nameSet
		vars := t.varsOf(p)
		for k := range vars {
			v := &vars[k]
			m := t.mod(int(p.a) + k)
			if m.prefix() > 0 {
				return ambiguous(p, "a prefix modifier drops text")
			}
			if m&explode != 0 {
				return ambiguous(p, "an explode modifier")
			}
			if !names.add(t.name(v)) {
				return ambiguous(p, "a variable named twice in one expression")
			}
		}
		if !o.named && len(vars) > 1 {
			return ambiguous(p, "several variables without names")
		}
		if o.reserved && !onlyLiterals {
			return ambiguous(p, "a reserved expansion followed by another expression")
		}
		a := alphabet(p.op)
		if o.first != "" {
			a.add(o.first[0])
		}
		if !onlyLiterals && a.meets(&follow) {
			return ambiguous(p, "what follows may begin with a character of its expansion")
		}
		// An expression may expand to nothing: what follows it can begin
		// with its own first characters or with what follows it.
		if o.first != "" {
			follow.add(o.first[0])
		} else {
			follow.union(&a)
		}
		onlyLiterals = false
	}
	return nil
}

// matchExpr reads uri[pos:end], the text of the expression t.parts[i],
// into vs.
func (t *Template) matchExpr(vs Vars, empties *[]string, i int, uri string, pos, end int) error {
	p := &t.parts[i]
	o := operatorOf(p.op)
	s := uri[pos:end]
	start := pos
	if s == "" {
		if o.first == "" {
			name := t.name(&t.vars[p.a])
			*empties = append(*empties, name)
			return setVar(vs, name, String(""), uri, pos)
		}
		return nil
	}
	if o.first != "" {
		if s[0] != o.first[0] {
			return t.noMatch(uri, pos, i)
		}
		s = s[1:]
		pos++
	}
	if !o.named {
		v, ok := matchValue(s, o.reserved)
		if !ok {
			return t.noMatch(uri, pos, i)
		}
		name := t.name(&t.vars[p.a])
		if old, set := vs[name]; set && o.reserved && !sameValue(old, v) && !joinsEither(old, v) {
			// A reserved expansion keeps the escapes of its value, so
			// that "%00" may be a value "%00" or a NUL byte: the value
			// an earlier expression read (without reserved expansion,
			// as only literals follow a reserved one) stands when it
			// expands to the same text here.
			b, err := t.appendExpr(nil, p, Vars{name: old}, false)
			if err == nil && sameExpansion(b, uri[start:end]) {
				return nil
			}
			return t.noMatch(uri, start, i)
		}
		return setVar(vs, name, v, uri, pos)
	}
	next := 0 // the index of the first variable not yet read
	for {
		item := s
		if k := strings.IndexByte(s, o.sep); k >= 0 {
			item = s[:k]
		}
		name, val, eq := strings.Cut(item, "=")
		vars := t.varsOf(p)
		k := next
		for k < len(vars) && t.name(&vars[k]) != name {
			k++
		}
		if k == len(vars) || eq == (val == "" && o.ifEmpty == "") {
			// An unknown or repeated name, "name" where the operator
			// writes "name=" or "name=" where it writes "name".
			return t.noMatch(uri, pos, i)
		}
		next = k + 1
		v, ok := matchValue(val, false)
		if !ok {
			return t.noMatch(uri, pos, i)
		}
		if err := setVar(vs, name, v, uri, pos); err != nil {
			return err
		}
		if len(item) == len(s) {
			return nil
		}
		pos += len(item) + 1
		s = s[len(item)+1:]
	}
}

// setVar sets vs[name] to v, unless an earlier expression of the same
// variable read a different value. A list and a string that is its items
// joined with "," are the same value, read from an expression that
// encodes with the Unreserved set ("," separates the items) and from a
// reserved one ("," is kept): the list is kept.
func setVar(vs Vars, name string, v Value, uri string, pos int) error {
	old, ok := vs[name]
	switch {
	case !ok:
	case old.kind == KindList && v.kind == KindString && joins(old.list, v.str):
		return nil
	case joinsEither(old, v):
	case !sameValue(old, v):
		return &Error{Offset: pos, Code: ErrNoMatch, Input: uri, Var: name, Detail: "two different values"}
	}
	vs[name] = v
	return nil
}

// joinsEither reports whether one of a and b is a list and the other the
// string of its items joined with ",".
func joinsEither(a, b Value) bool {
	switch {
	case a.kind == KindList && b.kind == KindString:
		return joins(a.list, b.str)
	case a.kind == KindString && b.kind == KindList:
		return joins(b.list, a.str)
	}
	return false
}

// joins reports whether s is the items joined with ",".
func joins(items []string, s string) bool {
	for i, it := range items {
		if i > 0 {
			if s == "" || s[0] != ',' {
				return false
			}
			s = s[1:]
		}
		if !strings.HasPrefix(s, it) {
			return false
		}
		s = s[len(it):]
	}
	return s == ""
}

func sameValue(a, b Value) bool {
	if a.kind != b.kind || a.str != b.str || len(a.list) != len(b.list) {
		return false
	}
	for i := range a.list {
		if a.list[i] != b.list[i] {
			return false
		}
	}
	return true
}

// matchValue decodes the expansion s of one value: with the Unreserved
// set, every escape is decoded, and an unescaped "," separates list items;
// in reserved expansion, only the escapes (in uppercase hex) of bytes
// that expansion would have encoded are decoded (other escapes were in
// the value). ok is false
// when s holds a byte the expansion cannot produce.
func matchValue(s string, reserved bool) (Value, bool) {
	if reserved {
		return decodeReserved(s)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' {
			if i+2 >= len(s) || !hexdigit.Is(s[i+1]) || !hexdigit.Is(s[i+2]) {
				return Value{}, false
			}
		} else if c != ',' && percent.Unreserved.Contains(c) {
			return Value{}, false
		}
	}
	if strings.IndexByte(s, ',') < 0 {
		d, ok := decode(s)
		return String(d), ok
	}
	items := strings.Split(s, ",")
	for i, it := range items {
		d, ok := decode(it)
		if !ok {
			return Value{}, false
		}
		items[i] = d
	}
	return List(items...), true
}

// decode decodes every escape of s into octets: s itself when it has no
// escape, else one new string.
func decode(s string) (string, bool) {
	if strings.IndexByte(s, '%') < 0 {
		return s, true
	}
	b, err := percent.DecodeBytes(s)
	if err != nil {
		return "", false
	}
	// b was allocated by DecodeBytes for this result and is not written
	// again.
	return bytestr.String(b), true
}

// decodeReserved decodes the text of a reserved expansion.
func decodeReserved(s string) (Value, bool) {
	var b []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' {
			if i+2 >= len(s) || !hexdigit.Is(s[i+1]) || !hexdigit.Is(s[i+2]) {
				return Value{}, false
			}
			// The encoder writes uppercase hex: an escape with a
			// lowercase digit was in the value as it is.
			d := hexdigit.Value(s[i+1])<<4 | hexdigit.Value(s[i+2])
			if d != '%' && percent.Reserved.Contains(d) && !isLower(s[i+1]) && !isLower(s[i+2]) {
				if b == nil {
					b = append(make([]byte, 0, len(s)), s[:i]...)
				}
				b = append(b, d)
				i += 2
				continue
			}
		} else if percent.Reserved.Contains(c) {
			return Value{}, false
		}
		if b != nil {
			b = append(b, c)
		}
	}
	if b == nil {
		return String(s), true
	}
	// b was allocated here and is not written again.
	return String(bytestr.String(b)), true
}

func isLower(c byte) bool { return 'a' <= c && c <= 'z' }

// partOff returns the offset in the source of the part t.parts[i].
func (t *Template) partOff(i int) int {
	p := &t.parts[i]
	switch {
	case !p.isLit():
		return t.exprOff(p)
	case p.op == litSrc:
		return int(p.a)
	case i == 0:
		return 0
	}
	// An encoded literal starts after the "}" of the expression before it
	// (two literals are one part).
	last := t.vars[t.parts[i-1].b-1]
	return int(last.end) + strings.IndexByte(t.src[last.end:], '}') + 1
}
