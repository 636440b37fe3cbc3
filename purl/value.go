package purl

import (
	"strings"

	"github.com/urikit/urikit/internal/hexdigit"
	"github.com/urikit/urikit/internal/textval"
)

// String returns the purl's canonical form ("" for the zero PURL).
func (p PURL) String() string { return p.s }

// AppendTo appends the canonical form to b and returns the extended
// buffer.
func (p PURL) AppendTo(b []byte) []byte { return append(b, p.s...) }

// MarshalText returns the canonical form; the zero PURL marshals to "".
func (p PURL) MarshalText() ([]byte, error) { return []byte(p.s), nil }

// UnmarshalText sets p to the purl text parses to, as [Parse] does; ""
// sets the zero PURL.
func (p *PURL) UnmarshalText(text []byte) error {
	return textval.Unmarshal(p, text, Parse)
}

// Equal reports whether a and b are the same package: whether their
// canonical forms are equal (as a == b does).
func Equal(a, b PURL) bool { return a.s == b.s }

// Type returns the type, in lowercase ("npm").
func (p PURL) Type() string {
	if p.s == "" {
		return ""
	}
	return p.s[len(scheme):p.typeEnd()]
}

// Namespace returns the decoded namespace, its segments joined by "/"
// ("@angular" in pkg:npm/%40angular/animation), or "" when there is none.
func (p PURL) Namespace() string {
	typ := p.typeEnd()
	if p.ns == typ {
		return ""
	}
	return unescape(p.s[typ+1 : p.ns])
}

// Name returns the decoded name.
func (p PURL) Name() string {
	if p.s == "" {
		return ""
	}
	typ := p.typeEnd()
	lo := typ + 1
	if p.ns != typ {
		lo = p.ns + 1
	}
	return unescape(p.s[lo:p.name])
}

// Version returns the decoded version, or "" when there is none.
func (p PURL) Version() string {
	if p.ver == p.name {
		return ""
	}
	return unescape(p.s[p.name+1 : p.ver])
}

// Subpath returns the decoded subpath, its segments joined by "/", or ""
// when there is none.
func (p PURL) Subpath() string {
	qual := p.qualEnd()
	if int(qual) >= len(p.s) {
		return ""
	}
	return unescape(p.s[qual+1:])
}

// Qualifiers returns the decoded qualifiers, sorted by key (keys are
// lowercase and unique), or nil when there are none.
func (p PURL) Qualifiers() []Qualifier {
	qual := p.qualEnd()
	if qual == p.ver {
		return nil
	}
	raw := p.s[p.ver+1 : qual]
	qs := make([]Qualifier, 0, strings.Count(raw, "&")+1)
	for pair := range strings.SplitSeq(raw, "&") {
		k, v, _ := strings.Cut(pair, "=")
		qs = append(qs, Qualifier{Key: k, Value: unescape(v)})
	}
	return qs
}

// Qualifier returns the decoded value of the qualifier key (in any case)
// and whether the purl has it.
func (p PURL) Qualifier(key string) (string, bool) {
	qual := p.qualEnd()
	if qual == p.ver {
		return "", false
	}
	for pair := range strings.SplitSeq(p.s[p.ver+1:qual], "&") {
		k, v, _ := strings.Cut(pair, "=")
		if strings.EqualFold(k, key) {
			return unescape(v), true
		}
	}
	return "", false
}

// Components returns the decoded components of the purl.
func (p PURL) Components() Components {
	return Components{
		Type:       p.Type(),
		Namespace:  p.Namespace(),
		Name:       p.Name(),
		Version:    p.Version(),
		Qualifiers: p.Qualifiers(),
		Subpath:    p.Subpath(),
	}
}

// unescape decodes the escapes of canonical text (all well formed); it
// returns s itself when it has none.
func unescape(s string) string {
	n := strings.Count(s, "%")
	if n == 0 {
		return s
	}
	b := make([]byte, 0, len(s)-2*n)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' {
			c = hexdigit.Value(s[i+1])<<4 | hexdigit.Value(s[i+2])
			i += 2
		}
		b = append(b, c)
	}
	return string(b)
}
