package urlpattern

import (
	"strconv"
	"strings"

	"github.com/urikit/urikit/internal/window"
)

// componentIndex returns the index of a component name, or -1.
func componentIndex(name Component) int {
	for i, n := range componentNames {
		if n == name {
			return i
		}
	}
	return -1
}

// typeRank orders part types: fixed text first, then regexp, segment
// wildcard and full wildcard.
func typeRank(t partType) int {
	switch t {
	case partFixed:
		return 3
	case partRegexp:
		return 2
	case partSegmentWildcard:
		return 1
	}
	return 0
}

// modRank orders modifiers: none, then "+", "?" and "*".
func modRank(m modifier) int {
	switch m {
	case modNone:
		return 3
	case modOneOrMore:
		return 2
	case modOptional:
		return 1
	}
	return 0
}

func compareInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func comparePart(a, b *part) int {
	if c := compareInt(typeRank(a.typ), typeRank(b.typ)); c != 0 {
		return c
	}
	if c := compareInt(modRank(a.mod), modRank(b.mod)); c != 0 {
		return c
	}
	if c := strings.Compare(a.prefix, b.prefix); c != 0 {
		return c
	}
	if c := strings.Compare(a.value, b.value); c != 0 {
		return c
	}
	return strings.Compare(a.suffix, b.suffix)
}

// CompareComponent orders two patterns by one component, from the less
// to the more specific, as the compareComponent
// proposal of the standard (and Chromium) does: part by part, fixed text
// before regexps before segment wildcards before full wildcards, no
// modifier before "+", "?" and "*", then the prefix, the value and the
// suffix in code point order; a part list that ends first compares as if
// it went on with empty fixed text (so "/foo/" sorts above "/foo/:bar"). It
// returns -1, 0 or 1, and false for an unknown component name or a nil or
// zero pattern.
func CompareComponent(component Component, left, right *Pattern) (int, bool) {
	i := componentIndex(component)
	if i < 0 || left == nil || right == nil || !left.valid || !right.valid {
		return 0, false
	}
	a, b := left.c[i].parts, right.c[i].parts
	k := 0
	for ; k < len(a) && k < len(b); k++ {
		if c := comparePart(&a[k], &b[k]); c != 0 {
			return c, true
		}
	}
	var empty part
	switch {
	case k < len(a):
		return comparePart(&a[k], &empty), true
	case k < len(b):
		return comparePart(&empty, &b[k]), true
	}
	return 0, true
}

// Generate builds the component of a URL that the
// pattern matches, from values for its named groups, as the generate
// proposal of the standard does: each value is canonicalized as the
// component's fixed text is and must then fit its group (a segment
// wildcard's value must not hold the delimiter, as "/" in a pathname). It
// fails when the component has a part it cannot fill: a full wildcard, a
// custom regexp group, a modifier, or a group without a value.
func (p *Pattern) Generate(component Component, groups map[string]string) (string, error) {
	i := componentIndex(component)
	if i < 0 {
		return "", &Error{Offset: -1, Code: ErrGenerate, Detail: "no component named " + strconv.Quote(window.Clip(string(component), 40))}
	}
	if !p.valid {
		return "", &Error{Offset: -1, Component: component, Code: ErrGenerate, Detail: "the zero Pattern"}
	}
	c := &p.c[i]
	var b strings.Builder
	for k := range c.parts {
		pt := &c.parts[k]
		fail := func(msg string) error {
			return &Error{Component: component, Code: ErrGenerate, Offset: pt.offset, Input: c.pattern, Detail: msg}
		}
		if pt.mod != modNone {
			return "", fail("a part with a modifier cannot be generated")
		}
		switch pt.typ {
		case partFixed:
			b.WriteString(pt.value)
			continue
		case partFullWildcard:
			return "", fail("a full wildcard cannot be generated")
		case partRegexp:
			return "", fail("a custom regexp group cannot be generated")
		}
		v, ok := groups[pt.name]
		if !ok {
			return "", fail("no value for the group " + strconv.Quote(window.Clip(string(pt.name), 40)))
		}
		if (i == cHostname || i == cPort) && strings.ContainsAny(v, "/?#\\@:") {
			// The URL parser would stop at these and drop the rest.
			return "", fail("the value of " + strconv.Quote(window.Clip(string(pt.name), 40)) + " holds a delimiter of the URL")
		}
		enc, err := c.encode(v)
		if err != nil {
			return "", &Error{Component: component, Code: ErrGenerate, Offset: pt.offset, Input: c.pattern, Detail: "the value of " + strconv.Quote(window.Clip(string(pt.name), 40)) + ": " + err.Error(), Err: err}
		}
		if enc == "" || c.opts.delimiter != "" && strings.Contains(enc, c.opts.delimiter) {
			return "", fail("the value of " + strconv.Quote(window.Clip(string(pt.name), 40)) + " does not fit a segment")
		}
		b.WriteString(pt.prefix)
		b.WriteString(enc)
		b.WriteString(pt.suffix)
	}
	return b.String(), nil
}
