package template

import (
	"errors"
	"unicode/utf8"

	"github.com/urikit/urikit/internal/bytestr"
	"github.com/urikit/urikit/internal/hexdigit"
	"github.com/urikit/urikit/percent"
)

// Expand returns the expansion of the template with the values vs (RFC
// 6570 §3): undefined variables are skipped, strings, lists and pairs are
// written as each operator says, and data is percent-encoded with package
// percent's Unreserved set ({var}, {.var}, {/var}, {;var}, {?var},
// {&var}) or Reserved set keeping existing escapes ({+var}, {#var}). The
// only expansion error is a prefix modifier on a list or pairs value
// (ErrPrefixComposite).
func (t Template) Expand(vs Vars) (string, error) {
	if len(t.parts) == 1 && t.parts[0].isLit() {
		return t.lit(&t.parts[0]), nil
	}
	// Most expansions are short: they are made on the stack and copied
	// once. The first pass gives up, without growing the buffer, when a
	// part may not fit.
	var buf [256]byte
	b, err := t.appendExpand(buf[:0], vs, true)
	if err == nil {
		return string(b), nil
	}
	if err != errNoRoom {
		return "", err
	}
	// One allocation of the bound; the result is copied to its own size
	// only when the bound wastes more than half of it.
	n := t.MaxLen(vs)
	long, err := t.appendExpand(make([]byte, 0, n), vs, false)
	if err != nil {
		return "", err
	}
	if len(long) < n/2 {
		return string(long), nil
	}
	// long was allocated for this result and is not written again.
	return bytestr.String(long), nil
}

// errNoRoom stops an expansion into a fixed buffer that may not hold the
// next part.
var errNoRoom = errors.New("template: no room")

// ExpandMap is Expand with the values converted by [FromMap]: strings,
// numbers, bools, lists and maps (whose pairs are sorted by key).
func (t Template) ExpandMap(m map[string]any) (string, error) {
	vs, err := FromMap(m)
	if err != nil {
		return "", err
	}
	return t.Expand(vs)
}

// AppendExpand appends the expansion of the template with vs to dst and
// returns the extended buffer. It allocates nothing when dst has room for
// the expansion ([Template.MaxLen] is always enough). On error it returns
// dst as it was.
func (t Template) AppendExpand(dst []byte, vs Vars) ([]byte, error) {
	return t.appendExpand(dst, vs, false)
}

// appendExpand is AppendExpand; with fixed set, it returns errNoRoom
// rather than grow dst.
func (t *Template) appendExpand(dst []byte, vs Vars, fixed bool) ([]byte, error) {
	b := dst
	for i := range t.parts {
		p := &t.parts[i]
		if p.isLit() {
			lit := t.lit(p)
			if fixed && cap(b)-len(b) < len(lit) {
				return dst, errNoRoom
			}
			b = append(b, lit...)
			continue
		}
		var err error
		b, err = t.appendExpr(b, p, vs, fixed)
		if err != nil {
			return dst, err
		}
	}
	return b, nil
}

// appendExpr appends the expansion of the expression p (RFC 6570 Appendix
// A).
func (t *Template) appendExpr(b []byte, p *part, vs Vars, fixed bool) ([]byte, error) {
	op := &operators[p.oi]
	enc := encU
	if op.reserved {
		enc = encUR
	}
	first := true
	vars := t.varsOf(p)
	for k := range vars {
		v := &vars[k]
		m := t.mod(int(p.a) + k)
		name := t.name(v)
		val := vs[name]
		if val.kind == Undefined {
			continue
		}
		// With a fixed buffer, a value whose text does not fit even
		// unencoded stops the expansion; one that fits unencoded is
		// expanded, and may grow the buffer once by a bounded amount.
		if fixed && cap(b)-len(b) < 1+sizeOf(name, &val, 1) {
			return b, errNoRoom
		}
		if first {
			b = append(b, op.first...)
			first = false
		} else {
			b = append(b, op.sep)
		}
		if val.kind == KindString {
			s := val.str
			if op.named {
				b = append(b, name...)
				if s == "" {
					b = append(b, op.ifEmpty...)
					continue
				}
				b = append(b, '=')
			}
			if n := m.prefix(); n > 0 {
				s = prefix(s, n, op.reserved)
			}
			b = appendEncoded(enc, b, s)
			continue
		}
		if m.prefix() > 0 {
			return b, &Error{Offset: int(v.off), Code: ErrPrefixComposite, Input: t.src, Var: name}
		}
		if m&explode == 0 {
			if op.named {
				b = append(b, name...)
				b = append(b, '=')
			}
			if val.kind == KindList {
				for i, s := range val.list {
					if i > 0 {
						b = append(b, ',')
					}
					b = appendEncoded(enc, b, s)
				}
			} else {
				for i, pr := range val.pairs {
					if i > 0 {
						b = append(b, ',')
					}
					b = appendEncoded(enc, b, pr.Key)
					b = append(b, ',')
					b = appendEncoded(enc, b, pr.Value)
				}
			}
			continue
		}
		if val.kind == KindList {
			for i, s := range val.list {
				if i > 0 {
					b = append(b, op.sep)
				}
				if op.named {
					b = append(b, name...)
					if s == "" {
						b = append(b, op.ifEmpty...)
						continue
					}
					b = append(b, '=')
				}
				b = appendEncoded(enc, b, s)
			}
			continue
		}
		for i, pr := range val.pairs {
			if i > 0 {
				b = append(b, op.sep)
			}
			b = appendEncoded(enc, b, pr.Key)
			if op.named && pr.Value == "" {
				b = append(b, op.ifEmpty...)
				continue
			}
			b = append(b, '=')
			b = appendEncoded(enc, b, pr.Value)
		}
	}
	return b, nil
}

// prefix returns the first n characters of s: n Unicode characters, a
// byte that is not valid UTF-8 counting as one, and in reserved expansion
// ({+var}, {#var}, which keep escapes) an escape %XX counting as one, so
// that neither a UTF-8 sequence nor an escape is ever split.
func prefix(s string, n int, reserved bool) string {
	i := 0
	for ; n > 0 && i < len(s); n-- {
		c := s[i]
		switch {
		case c < utf8.RuneSelf:
			if reserved && c == '%' && i+2 < len(s) && hexdigit.Is(s[i+1]) && hexdigit.Is(s[i+2]) {
				i += 3
			} else {
				i++
			}
		default:
			_, size := utf8.DecodeRuneInString(s[i:])
			i += size
		}
	}
	return s[:i]
}

// MaxLen returns an upper bound of the length of the expansion with vs:
// every literal, plus for each variable reference its name, the operator's
// punctuation and three bytes per byte of its value. A buffer of that
// capacity lets AppendExpand run without allocating. It is also the
// bound of the expansion's cost: the output of a template that refers to
// a long value many times can be much longer than the template and the
// values together, and a service can refuse it before expanding.
func (t Template) MaxLen(vs Vars) int {
	n := 0
	for i := range t.parts {
		p := &t.parts[i]
		if p.isLit() {
			n += int(p.b - p.a)
			continue
		}
		n++ // the operator's first character
		vars := t.varsOf(p)
		for k := range vars {
			name := t.name(&vars[k])
			val := vs[name]
			n += sizeOf(name, &val, 3)
		}
	}
	return n
}

// appendEncoded appends s encoded with enc. Most values need no encoding:
// one scan finds that, and the value is copied as it is.
func appendEncoded(enc percent.Encoder, b []byte, s string) []byte {
	if len(s) < 32 {
		// Short values (most of them): a byte loop over the set's
		// table costs less than setting up the encoder's loops.
		for i := 0; i < len(s); i++ {
			if enc.Set.Contains(s[i]) {
				return enc.AppendEncode(b, s)
			}
		}
		return append(b, s...)
	}
	if enc.Set.Index(s) < 0 {
		return append(b, s...)
	}
	return enc.AppendEncode(b, s)
}

// sizeOf returns the bytes the variable name with the value val adds to
// an expansion, with per bytes for each byte of its value (3, at most: its
// separator, name, "=" and three bytes per byte of its value, for each
// item; 1, the least when nothing needs encoding).
func sizeOf(name string, val *Value, per int) int {
	switch val.kind {
	case KindString:
		return len(name) + 2 + per*len(val.str)
	case KindList:
		n := 0
		for _, s := range val.list {
			n += len(name) + 2 + per*len(s)
		}
		return n
	case KindPairs:
		n := 0
		for _, pr := range val.pairs {
			n += len(name) + 3 + per*(len(pr.Key)+len(pr.Value))
		}
		return n
	}
	return 0
}
