package purl

import (
	"errors"
	"strings"
	"testing"
)

// checkAppendCanonical checks that AppendCanonical agrees with Parse on s,
// whose result is p, err: the canonical text appended after what dst
// holds, or dst unchanged and the same error.
func checkAppendCanonical(t *testing.T, s string, p PURL, err error) {
	t.Helper()
	dst := []byte("x ")
	got, aerr := AppendCanonical(dst, s)
	if err != nil {
		if aerr == nil || aerr.Error() != err.Error() || string(got) != "x " {
			t.Fatalf("AppendCanonical(%q) = %q, %v; Parse fails with %v", s, got, aerr, err)
		}
		return
	}
	if aerr != nil || string(got) != "x "+p.String() {
		t.Fatalf("AppendCanonical(%q) = %q, %v; want %q", s, got, aerr, "x "+p.String())
	}
}

// FuzzParse checks that Parse never panics; that an error names an offset
// inside the input and a code with a message; that the canonical form is
// a fixed point (it parses to itself, Parse(String(p)) == p); that
// AppendCanonical gives the same text or error; that
// Build of the components gives the purl back; and that the accessors
// agree with Components.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"", "pkg:npm/%40angular/animation@12.3.1", "pkg://npm/@babel/core#/a/./b/../",
		"pkg:maven/org.apache.xmlgraphics/batik-anim@1.9.1?packaging=sources&B=1&c=",
		"pkg:golang/google.golang.org/genproto#googleapis/api/annotations",
		"pkg:PYPI/Django_package@1.11.1.dev1", "pkg:git/codeberg.org/forgejo/forgejo@a#x",
		"pkg:brew/node@20@20.10.0", "pkg:generic/a%2Fb/c%3A@1%2B2?k=%2F%26#%2E%2E",
		"pkg:julia/Dates?uuid=x", "pkg:swid/a?tag_id=", "pkg:a/b?x=1&X=2", "pkg:3a/b",
		"pkg:mlflow/M?repository_url=https://adb-1.azuredatabricks.net", "pkg:pub/Caf%C3%A9",
		"pkg:cpan/a/b::c", "pkg:chrome-extension/" + strings.Repeat("a", 32) + "@1.2",
		"pkg:a/b%FF", "pkg:a/b@", "pkg:a/b#%2F", "pkg:a/?", "pkg:/a//b//", "pkg:a/b?k", "pkg:a/b?k=v?x=y", "pkg:a/b?a=1&b=2#c/d",
		"pkg:maven/a/b@1?a=1&a=2", "pkg:npm/%40a/b%2Fc@1%2B2#x", "pkg:pypi/a_b", "pkg:github/A/b",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if c, ok := fast(s); ok {
			var full parser
			if q, err := full.full(s); err != nil || q != c {
				t.Fatalf("%q: the fast path gives %#v, the full parse %#v, %v", s, c, q, err)
			}
		}
		p, err := Parse(s)
		checkAppendCanonical(t, s, p, err)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(s) || e.Code.Message() == string(e.Code) || e.Input != s {
				t.Fatalf("Parse(%q): bad error %#v", s, err)
			}
			_ = err.Error()
			return
		}
		c := p.String()
		if !strings.HasPrefix(c, "pkg:") || strings.HasPrefix(c, "pkg:/") {
			t.Fatalf("Parse(%q) = %q", s, c)
		}
		q, err := Parse(c)
		if err != nil || q != p || q.String() != c {
			t.Fatalf("Parse(%q) = %q; Parse of that = %q, %v", s, c, q, err)
		}
		comps := p.Components()
		if comps.Type != p.Type() || comps.Name != p.Name() || comps.Name == "" || comps.Type == "" {
			t.Fatalf("components of %q: %+v", c, comps)
		}
		b, err := Build(comps)
		if err != nil || b != p {
			t.Fatalf("Build(%+v) = %q, %v; want %q", comps, b, err, c)
		}
		for _, kv := range comps.Qualifiers {
			if v, ok := p.Qualifier(kv.Key); !ok || v != kv.Value {
				t.Fatalf("%q: Qualifier(%q) = %q, %v; want %q", c, kv.Key, v, ok, kv.Value)
			}
		}
		if !Equal(p, q) {
			t.Fatalf("%q is not Equal to itself", c)
		}
		if u, ok := p.RepositoryURL(); ok {
			if r, err := FromRepositoryURL(u); err == nil && r.Type() != p.Type() {
				t.Fatalf("%q: RepositoryURL %q reads back as %q", c, u, r)
			}
		}
	})
}
