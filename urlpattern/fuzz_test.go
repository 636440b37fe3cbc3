package urlpattern

import (
	"errors"
	"testing"

	"github.com/urikit/urikit/whatwg"
)

var fuzzSeeds = [][2]string{
	{"https://*.example.com/books/:id(\\d+)", "https://store.example.com/books/123"},
	{"http{s}?://{:sub.}?shop.example/products/:id([0-9]+)#reviews", "https://a.shop.example/products/1#reviews"},
	{"*://*/*", "file:///tmp/x"},
	{"/foo/:bar*", "https://h/foo/a/b"},
	{"https://h/:a?/:b+/*", "https://h/x/y"},
	{"data\\:foo*", "data:foobar"},
	{"https://[\\:\\:1]:8080/(.*)", "https://[::1]:8080/x"},
	{"https://h/([[a-z]--[aeiou]]+)", "https://h/bcd"},
	{"https://h/(a(?=b))", "https://h/ab"},
	{"(", ""},
	{"https://h/{", "https://h/{"},
	{"https://h/\\", "https://h/"},
	{"https://u:p@h:1/p?q#f", "https://u:p@h:1/p?q#f"},
}

// FuzzNew: building a pattern never panics and fails only with an *Error
// whose offset is in its input; a pattern's Test agrees with its Exec, on
// the URL given and on the pattern's own string; each group list has the
// pattern's names.
func FuzzNew(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s[0], s[1], false)
	}
	f.Fuzz(func(t *testing.T, pattern, input string, ignoreCase bool) {
		if len(pattern) > 1024 {
			// Long patterns are bounded_test.go's: here they would only
			// slow the fuzzer down (a regexp compile per wildcard).
			pattern = pattern[:1024]
		}
		p, err := New(pattern, Options{IgnoreCase: ignoreCase})
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("New(%q): %T %v", pattern, err, err)
			}
			if e.Offset < -1 || e.Offset > len(e.Input) {
				t.Fatalf("New(%q): offset %d outside %q", pattern, e.Offset, e.Input)
			}
			if len(err.Error()) > 1500 { // windows of at most 40 bytes each side, quoted
				t.Fatalf("New(%q): message of %d bytes", pattern, len(err.Error()))
			}
			return
		}
		for _, in := range []string{input, pattern, p.String()} {
			r := p.Exec(in)
			if p.Test(in) != (r != nil) {
				t.Fatalf("pattern %q, input %q: Test %v, Exec %v", pattern, in, p.Test(in), r)
			}
			if r == nil {
				continue
			}
			for i, name := range componentNames {
				c := r.at(i)
				if len(c.Groups) != len(p.c[i].names) {
					t.Fatalf("pattern %q, input %q: %s has %d groups, the pattern %d", pattern, in, name, len(c.Groups), len(p.c[i].names))
				}
			}
		}
		for i := range p.c {
			if len(p.c[i].pattern) > MaxPatternLength-1 {
				// Canonicalization made it longer than New takes.
				return
			}
		}
		// The pattern strings compile again to the same strings (an Init
		// loses one ":" after the protocol, one "?" before the search and
		// one "#" before the hash).
		q, err := NewInit(&Init{
			Protocol: Str(p.Protocol() + ":"), Username: Str(p.Username()), Password: Str(p.Password()),
			Hostname: Str(p.Hostname()), Port: Str(p.Port()), Pathname: Str(p.Pathname()),
			Search: Str("?" + p.Search()), Hash: Str("#" + p.Hash()),
		}, Options{IgnoreCase: ignoreCase})
		if err != nil {
			t.Fatalf("pattern %q: its components %s do not compile again: %v", pattern, p, err)
		}
		if q.String() != p.String() {
			t.Fatalf("pattern %q: %s compiles again to %s", pattern, p, q)
		}
	})
}

// FuzzSelfMatch: a pattern made of a URL's own components, escaped,
// matches that URL.
func FuzzSelfMatch(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s[1])
	}
	f.Add("https://user:pass@EXAMPLE.com:8443/a/./b/../c?x=1&y#frag")
	f.Add("foo://h/p?q'r#s")
	f.Add("mailto:a@b")
	f.Fuzz(func(t *testing.T, input string) {
		u, err := whatwg.Parse(input)
		if err != nil {
			return
		}
		v := urlComponents(&u)
		for _, c := range v {
			if len(c) > MaxPatternLength/2 {
				return
			}
		}
		if !u.IsSpecial() {
			// The standard canonicalizes hostname and search patterns on
			// a special dummy URL (https): an opaque host keeps its case
			// and a non-special query keeps "'", which the pattern's
			// canonical form changes.
			return
		}
		in := &Init{}
		fields := []**string{&in.Protocol, &in.Username, &in.Password, &in.Hostname, &in.Port, &in.Pathname, &in.Search, &in.Hash}
		for i, c := range v {
			*fields[i] = Str(escapePatternString(c))
		}
		// An Init drops one ":" after the protocol, one "?" before the
		// search and one "#" before the hash.
		*in.Protocol += ":"
		*in.Search = "?" + *in.Search
		*in.Hash = "#" + *in.Hash
		p, err := NewInit(in, Options{})
		if err != nil {
			var e *Error
			if errors.As(err, &e) && e.Code == ErrInvalidComponent {
				// A component the URL parser keeps but cannot parse
				// alone (a host with a port-like ":" in an opaque URL).
				return
			}
			t.Fatalf("%q: components %+v: %v", input, v, err)
		}
		if !p.TestURL(&u) {
			t.Fatalf("%q: the pattern of its own components %s does not match it (components %q)", input, p, v)
		}
		if r := p.ExecURL(&u); r == nil || r.Pathname.Input != v[cPathname] {
			t.Fatalf("%q: Exec %+v", input, r)
		}
	})
}
