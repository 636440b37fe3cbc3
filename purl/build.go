package purl

import (
	"strings"

	"github.com/urikit/urikit/internal/bytestr"
)

// Components are the decoded parts of a purl: what [Build] takes and
// [PURL.Components] returns. An empty string is an absent component.
type Components struct {
	// Type is the package type ("npm", "maven"), in any case.
	Type string
	// Namespace is the namespace, its segments separated by "/"
	// ("org.apache.commons"; "@angular").
	Namespace string
	// Name is the package name.
	Name string
	// Version is the package version.
	Version string
	// Qualifiers are key=value pairs in any order; keys are matched in any
	// case, and a pair with an empty value is left out.
	Qualifiers []Qualifier
	// Subpath is a path inside the package, its segments separated by "/".
	Subpath string
}

// Build returns the purl of the components c, in canonical form, as the
// specification's building steps make it: the namespace and the subpath
// are split on "/" (empty, "." and ".." subpath segments, and empty
// namespace segments, are left out); each component is normalized as its
// type's definition says and percent-encoded. A failure is an [*Error]
// with Offset -1 and the component at fault.
func Build(c Components) (PURL, error) {
	fail := func(comp Component, code Code) (PURL, error) {
		return PURL{}, &Error{Offset: -1, Component: comp, Code: code}
	}
	if c.Type == "" {
		return fail(ComponentType, ErrMissingType)
	}
	for i := 0; i < len(c.Type); i++ {
		ch := c.Type[i]
		if !(isAlpha(ch) || '0' <= ch && ch <= '9' && i > 0 || ch == '.' || ch == '+' || ch == '-') {
			return fail(ComponentType, ErrInvalidType)
		}
	}
	if c.Name == "" {
		return fail(ComponentName, ErrMissingName)
	}
	n := len(scheme) + len(c.Type) + 3 + escapedLen(c.Namespace) + escapedLen(c.Name) + escapedLen(c.Version) + escapedLen(c.Subpath)
	for _, q := range c.Qualifiers {
		n += len(q.Key) + 2 + escapedLen(q.Value)
	}
	b := make([]byte, 0, n)
	b = append(b, scheme...)
	b = append(b, c.Type...)
	b = append(b, '/')
	if c.Namespace != "" {
		b = appendEscaped(b, c.Namespace, true)
		b = append(b, '/')
	}
	b = appendEscaped(b, c.Name, nameHasSlashes(strings.ToLower(c.Type)))
	if c.Version != "" {
		b = append(b, '@')
		b = appendEscaped(b, c.Version, false)
	}
	first := true
	for _, q := range c.Qualifiers {
		if !validKey(q.Key) {
			e := &Error{Offset: -1, Component: ComponentQualifiers, Code: ErrInvalidKey, Key: shortKey(q.Key)}
			return PURL{}, e
		}
		if first {
			b = append(b, '?')
			first = false
		} else {
			b = append(b, '&')
		}
		b = append(b, q.Key...)
		b = append(b, '=')
		b = appendEscaped(b, q.Value, false)
	}
	if c.Subpath != "" {
		b = append(b, '#')
		b = appendEscaped(b, c.Subpath, true)
	}
	// b was allocated here and is not written again.
	p, err := Parse(bytestr.String(b))
	if err != nil {
		e := err.(*Error)
		e.Input, e.Offset = "", -1
		return PURL{}, e
	}
	return p, nil
}

// escapedLen returns the length of s percent-encoded (at most: "/" may be
// kept).
func escapedLen(s string) int {
	n := len(s)
	for i := 0; i < len(s); i++ {
		if !plain[s[i]] {
			n += 2
		}
	}
	return n
}
