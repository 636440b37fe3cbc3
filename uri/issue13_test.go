package uri

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestErrorShowsCharacter checks that an error message names the offending
// character whole, not its first byte read as Latin-1, and shows bytes
// that are not UTF-8 as \xNN.
func TestErrorShowsCharacter(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"/p§q", `offset 2 (path): "/p§q": '§': non-ASCII`},
		{"http://h/é", `offset 9 (path): "http://h/é": 'é': non-ASCII`},
		{"/a\u00a0", `": '\u00a0': non-ASCII`},
		{"/p\xffq", `": '\xff': raw bytes`},
		{"/p\xc3", `": '\xc3': raw bytes`},
		{"/a\x00", `": '\x00': character`},
		{"/a b", `": ' ': character`},
		{"/a\U0001F600", `": '😀': non-ASCII`},
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

// TestRelativizeNeverLonger checks Relativize on fixed cases where a
// relative path would be longer than the target.
func TestRelativizeNeverLonger(t *testing.T) {
	for _, c := range []struct{ base, target, want string }{
		{"ftp://h/a/b/c/", "ftp://h//c//b?q", "/.//c//b?q"},
		{"http://h/a/b/c/d/e", "http://h/x", "/x"},
		{"http://h/a/b/c/d/e", "http://h//x", "/.//x"},
		{"http://h/a/", "http://h//x", "..//x"},
		{"http://h/a/b", "http://h/a/c", "c"},
		{"f:/a/b/c/d/e", "f:/x/y", "/x/y"},
	} {
		base, target := MustParse(c.base), MustParse(c.target)
		got := Relativize(base, target)
		if got.String() != c.want {
			t.Errorf("Relativize(%q, %q) = %q, want %q", c.base, c.target, got, c.want)
		}
		if back := mustResolve(base, got); back != target {
			t.Errorf("Resolve(%q, %q) = %q, want %q", c.base, got, back, c.target)
		}
	}
}

// TestRelativizeProperty checks, for random pairs of URIs built from
// parts that provoke the edge cases (empty segments, colons, shared
// prefixes), that Relativize inverts Resolve and is never longer than
// the target, and that RelativizePath inverts Resolve too.
func TestRelativizeProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 13))
	pick := func(xs ...string) string { return xs[rng.IntN(len(xs))] }
	segs := []string{"", "", "a", "b", "c", "a:b", "%2E", "..a", "x.y"}
	path := func() string {
		var b strings.Builder
		for range rng.IntN(6) {
			b.WriteString("/")
			b.WriteString(pick(segs...))
		}
		return b.String()
	}
	gen := func() string {
		s := pick("ftp:", "http:", "http:")
		auth := rng.IntN(4) > 0
		if auth {
			s += "//" + pick("h", "g", "", "u@h:1")
		}
		p := path()
		if !auth && strings.HasPrefix(p, "//") {
			p = "/" + strings.TrimLeft(p, "/")
		}
		s += p
		if rng.IntN(2) == 0 {
			s += "?" + pick("", "q", "a=b")
		}
		if rng.IntN(3) == 0 {
			s += "#" + pick("", "f")
		}
		return s
	}
	checked := 0
	for range 20000 {
		bs, ts := gen(), gen()
		base, err1 := ParseURI(bs)
		target, err2 := ParseURI(ts)
		if err1 != nil || err2 != nil {
			t.Fatalf("generated an invalid URI: %v %v", err1, err2)
		}
		rel := Relativize(base, target)
		if back, err := Resolve(base, rel); err != nil || back != target {
			t.Fatalf("Resolve(%q, Relativize(%q) = %q) = %q, %v", bs, ts, rel, back, err)
		}
		if len(rel.String()) > len(ts) {
			t.Fatalf("Relativize(%q, %q) = %q is longer than the target", bs, ts, rel)
		}
		relp := RelativizePath(base, target)
		if back, err := Resolve(base, relp); err != nil || back != target {
			t.Fatalf("Resolve(%q, RelativizePath(%q) = %q) = %q, %v", bs, ts, relp, back, err)
		}
		checked++
	}
	t.Logf("%d pairs checked", checked)
}

// TestSortQueryEmptyElements checks that sorting the query drops nothing
// and puts empty elements last.
func TestSortQueryEmptyElements(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"http://a/?a=b&c=d&", "http://a/?a=b&c=d&"},
		{"http://a/?c=d&a=b&", "http://a/?a=b&c=d&"},
		{"http://a/?&b&a", "http://a/?a&b&"},
		{"http://a/?b&&a", "http://a/?a&b&"},
		{"http://a/?&&", "http://a/?&&"},
		{"http://a/?b=1&=v&a", "http://a/?=v&a&b=1"},
		{"http://a/?b=2&&a=1&b=1&", "http://a/?a=1&b=2&b=1&&"},
		{"http://a/?%62=2&a&", "http://a/?a&b=2&"},
	} {
		got := Normalize(MustParse(c.in), Syntax|SortQuery)
		if got.String() != c.want {
			t.Errorf("Normalize(%q, sort-query) = %q, want %q", c.in, got, c.want)
		}
		if again := Normalize(got, Syntax|SortQuery); again != got {
			t.Errorf("Normalize(%q) again = %q", got, again)
		}
	}
}
