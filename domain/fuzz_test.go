package domain

import (
	"errors"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/ascii"
)

var fuzzSeeds = []string{
	"", ".", "..", "com", "example.com", "www.Example.CO.UK", "example.com.", "example.com..", ".com",
	"a.b.city.kobe.jp", "city.kobe.jp", "c.kobe.jp", "www.ck", "a.ck", "foo.github.io", "github.io",
	"食狮.公司.cn", "www.食狮。公司．cn｡", "xn--85x722f.公司.cn", "ÉXAMPLE.fr", "127.0.0.1", "0x7f.1", "[::1]",
	"１２７.０.０.１", "a\u00ad.com", "\u00ad.com", "a.\xff.com", "xn--a.com", "\u05d0.com", "a.\u05d0",
	"localhost", "a.b.compute.amazonaws.com", "x.ms.fun", "⒈.com", "a\u3002",
	// Not host names (issues 25 and 28).
	"www.[evil.com", "www.exa mple.com", "user@www.example.com", "www.example.com?x", "example.com:443",
	"ü.example？x.com", "::1", "[fe80::1]",
	// Adversarial shapes (see bounded_test.go), short enough for a seed.
	strings.Repeat("a.", 300) + "co.uk", strings.Repeat("city.", 200) + "kobe.jp", strings.Repeat("а.", 200) + "com",
	strings.Repeat("é", 600), "a" + strings.Repeat(".", 300), strings.Repeat("A.", 300) + "COM",
}

// FuzzRegistrableDomain checks the invariants that tie the two functions
// together: they never panic, fail together on the same Code (or
// RegistrableDomain alone with ErrIsSuffix, exactly when the name is its
// own suffix, which is when IsPublicSuffix is true), the registrable domain ends with the public suffix and has
// one more label, each result is a valid input of the same call and its
// own fixed point, results hold no ASCII capital (UTS #46 maps the rest:
// it maps Cherokee small letters to capitals, so "Ꮴ" stays), and error
// messages stay short.
func FuzzRegistrableDomain(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		ps, perr := PublicSuffix(name)
		rd, rerr := RegistrableDomain(name)
		if is := IsPublicSuffix(name); is != errors.Is(rerr, ErrIsSuffix) {
			t.Fatalf("%q: IsPublicSuffix %v, RegistrableDomain error %v", name, is, rerr)
		}
		for _, err := range []error{perr, rerr} {
			if err != nil && len(err.Error()) > 400 {
				t.Fatalf("%q: a message of %d bytes", name, len(err.Error()))
			}
		}
		if perr != nil {
			var e *Error
			if !errors.As(perr, &e) || !errors.Is(rerr, e.Code) || rd != "" || ps != (Suffix{}) {
				t.Fatalf("%q: PublicSuffix error %v, RegistrableDomain %q, %v", name, perr, rd, rerr)
			}
			if e.Code == ErrIsSuffix || e.Offset < -1 || e.Offset > len(name) || e.Input != name {
				t.Fatalf("%q: PublicSuffix error %#v", name, e)
			}
			if e.Code == ErrInvalidChar && e.Offset < 0 {
				t.Fatalf("%q: ErrInvalidChar without an offset", name)
			}
			return
		}
		if ps.Name == "" || (ps.ICANN && !ps.Listed) {
			t.Fatalf("%q: suffix %+v", name, ps)
		}
		if ascii.HasUpper(ps.Name) {
			t.Fatalf("%q: suffix %q holds an ASCII capital", name, ps.Name)
		}
		if rerr != nil {
			if !errors.Is(rerr, ErrIsSuffix) {
				t.Fatalf("%q: suffix %+v but RegistrableDomain error %v", name, ps, rerr)
			}
			// The name is a suffix: as many labels as its suffix.
			if n, m := labelCount(name), strings.Count(strings.TrimSuffix(ps.Name, "."), ".")+1; n != m {
				t.Fatalf("%q: ErrIsSuffix but %d labels and suffix %q of %d", name, n, ps.Name, m)
			}
			return
		}
		if !strings.HasSuffix(rd, "."+ps.Name) {
			t.Fatalf("%q: registrable domain %q does not end with .%q", name, rd, ps.Name)
		}
		if label := strings.TrimSuffix(rd, "."+ps.Name); label == "" || strings.Contains(label, ".") {
			t.Fatalf("%q: registrable domain %q is not one label before %q", name, rd, ps.Name)
		}
		// The result of any call is a valid input of the same call, and
		// its own fixed point (issue 28 item 5: "www.[evil.com" gave
		// "[evil.com", which RegistrableDomain refuses).
		// (A suffix is not always its own suffix: the exception
		// "!city.kobe.jp" makes "kobe.jp" the suffix of "city.kobe.jp",
		// and the suffix of "kobe.jp" is "jp".)
		if _, err := PublicSuffix(ps.Name); err != nil {
			t.Fatalf("%q: PublicSuffix(%q): %v", name, ps.Name, err)
		}
		if rd2, err := RegistrableDomain(rd); err != nil || rd2 != rd {
			t.Fatalf("%q: RegistrableDomain(%q) = %q, %v", name, rd, rd2, err)
		}
		if ps2, err := PublicSuffix(rd); err != nil || ps2 != ps {
			t.Fatalf("%q: PublicSuffix(%q) = %+v, %v; want %+v", name, rd, ps2, err, ps)
		}
	})
}

// labelCount counts the labels of a name that PublicSuffix accepted,
// without its final dot.
func labelCount(name string) int {
	n := 1
	for i, r := range name {
		if isDot(r) && i+len(string(r)) < len(name) {
			n++
		}
	}
	return n
}
