package urlpattern

import "strings"

// A simple component is matched without a regexp: a sequence of literal
// text, segment wildcards and at most one full wildcard near the end,
// with no modifier and case-sensitive, whose match the regexp would find
// without choice. A segment wildcard ([^d]+? for the delimiter d) is
// followed by the end or by text that starts with d, so it ends at the
// next d; a full wildcard (any code point but a line terminator, greedy)
// is followed by the end or by one literal that must end the string.

type stepKind uint8

const (
	stepLit stepKind = iota
	stepSeg
	stepAny
)

type step struct {
	kind stepKind
	lit  string
}

// simpleSteps returns the steps of parts, or false when they are not a
// simple component.
func simpleSteps(parts []part, o options) ([]step, bool) {
	if o.ignoreCase {
		return nil, false
	}
	var steps []step
	lit := func(s string) {
		if s == "" {
			return
		}
		if n := len(steps); n > 0 && steps[n-1].kind == stepLit {
			steps[n-1].lit += s
			return
		}
		steps = append(steps, step{kind: stepLit, lit: s})
	}
	for i := range parts {
		pt := &parts[i]
		if pt.mod != modNone {
			return nil, false
		}
		switch pt.typ {
		case partFixed:
			lit(pt.value)
		case partSegmentWildcard:
			if o.delimiter == "" {
				return nil, false
			}
			lit(pt.prefix)
			steps = append(steps, step{kind: stepSeg})
			lit(pt.suffix)
		case partFullWildcard:
			lit(pt.prefix)
			steps = append(steps, step{kind: stepAny})
			lit(pt.suffix)
		default:
			return nil, false
		}
	}
	for i, s := range steps {
		next := i + 1
		switch s.kind {
		case stepSeg:
			if next < len(steps) && (steps[next].kind != stepLit || !strings.HasPrefix(steps[next].lit, o.delimiter)) {
				return nil, false
			}
		case stepAny:
			if next < len(steps) && (steps[next].kind != stepLit || next != len(steps)-1) {
				return nil, false
			}
		}
	}
	return steps, true
}

// matchSteps matches s against the steps; groups, when non-nil, receives
// the value of each wildcard in order.
func (c *component) matchSteps(s string, groups []Group) bool {
	i, g := 0, 0
	for k := 0; k < len(c.steps); k++ {
		st := &c.steps[k]
		switch st.kind {
		case stepLit:
			if !strings.HasPrefix(s[i:], st.lit) {
				return false
			}
			i += len(st.lit)
		case stepSeg:
			j := strings.Index(s[i:], c.opts.delimiter)
			if j < 0 {
				j = len(s) - i
			}
			if j == 0 {
				return false
			}
			if groups != nil {
				groups[g].Value, groups[g].Matched = s[i:i+j], true
			}
			g++
			i += j
		case stepAny:
			end := len(s)
			if k+1 < len(c.steps) {
				suffix := c.steps[k+1].lit
				if len(s)-i < len(suffix) || !strings.HasSuffix(s, suffix) {
					return false
				}
				end = len(s) - len(suffix)
			}
			if hasLineTerminator(s[i:end]) {
				return false
			}
			if groups != nil {
				groups[g].Value, groups[g].Matched = s[i:end], true
			}
			g++
			i = end
		}
	}
	return i == len(s)
}
