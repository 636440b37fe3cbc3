package purl

import "strings"

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
	b := make([]byte, 0, 16+len(c.Type)+3*(len(c.Namespace)+len(c.Name)+len(c.Version)+len(c.Subpath)))
	b = append(b, scheme...)
	b = append(b, c.Type...)
	b = append(b, '/')
	if c.Namespace != "" {
		b = appendEscaped(b, []byte(c.Namespace), true)
		b = append(b, '/')
	}
	b = appendEscaped(b, []byte(c.Name), nameHasSlashes(strings.ToLower(c.Type)))
	if c.Version != "" {
		b = append(b, '@')
		b = appendEscaped(b, []byte(c.Version), false)
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
		b = appendEscaped(b, []byte(q.Value), false)
	}
	if c.Subpath != "" {
		b = append(b, '#')
		b = appendEscaped(b, []byte(c.Subpath), true)
	}
	p, err := Parse(string(b))
	if err != nil {
		e := err.(*Error)
		e.Input, e.Offset = "", -1
		return PURL{}, e
	}
	return p, nil
}
