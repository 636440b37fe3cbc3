package uri

import (
	"errors"
	"strings"
	"testing"
)

// TestErrorShowsCharacter checks that an error message names the offending
// character whole, not its first byte read as Latin-1, and shows bytes
// that are not UTF-8 as \xNN.
func TestErrorShowsCharacter(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"/p§q", `offset 2 (path): '§': non-ASCII`},
		{"http://h/é", `offset 9 (path): 'é': non-ASCII`},
		{"/a\u00a0", `offset 2 (path): '\u00a0': non-ASCII`},
		{"/p\xffq", `offset 2 (path): '\xff': raw bytes`},
		{"/p\xc3", `offset 2 (path): '\xc3': raw bytes`},
		{"/a\x00", `offset 2 (path): '\x00': character`},
		{"/a b", `offset 2 (path): ' ': character`},
		{"/a\U0001F600", `offset 2 (path): '😀': non-ASCII`},
	} {
		_, err := Parse(c.in)
		if err == nil {
			t.Errorf("Parse(%q) = nil error", c.in)
			continue
		}
		if got := err.Error(); !strings.Contains(got, c.want) {
			t.Errorf("Parse(%q): %s\nwant it to contain %s", c.in, got, c.want)
		}
	}
}

// mustResolve is Resolve for tests whose base is an absolute URI: it
// panics if Resolve fails.
func mustResolve(base, ref Reference) Reference {
	t, err := Resolve(base, ref)
	if err != nil {
		panic(err)
	}
	return t
}

// mustResolveNonStrict is ResolveNonStrict that panics on error.
func mustResolveNonStrict(base, ref Reference) Reference {
	t, err := ResolveNonStrict(base, ref)
	if err != nil {
		panic(err)
	}
	return t
}

// TestResolveRelativeBase checks that a base without a scheme is refused
// by every resolving function, instead of being resolved against.
func TestResolveRelativeBase(t *testing.T) {
	ref := MustParse("../c:d")
	for _, b := range []string{"a/b", "//h/p", "/p/q", "", "?q", "#f"} {
		base := MustParse(b)
		for name, f := range map[string]func() (Reference, error){
			"Resolve":          func() (Reference, error) { return Resolve(base, ref) },
			"ResolveNonStrict": func() (Reference, error) { return ResolveNonStrict(base, ref) },
			"ResolveReference": func() (Reference, error) { return base.ResolveReference(ref) },
			"ResolveString": func() (Reference, error) {
				s, err := ResolveString(b, "../c:d")
				return MustParse(s), err
			},
		} {
			got, err := f()
			if err == nil || !errors.Is(err, ErrMissingScheme) || !got.IsZero() {
				t.Errorf("%s(%q, %q) = %q, %v; want the zero Reference and ErrMissingScheme", name, b, ref, got, err)
			}
		}
	}
	// An absolute base still resolves, with or without authority, and
	// its fragment is ignored.
	for _, c := range []struct{ base, ref, want string }{
		{"foo:a/b", "../c", "foo:/c"},
		{"f:/a#x", ".//g", "f:/.//g"},
		{"HTTP://a/b", "c", "HTTP://a/c"},
	} {
		got, err := Resolve(MustParse(c.base), MustParse(c.ref))
		if err != nil || got.String() != c.want {
			t.Errorf("Resolve(%q, %q) = %q, %v; want %q", c.base, c.ref, got, err, c.want)
		}
	}
}
