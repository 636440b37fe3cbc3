package gitaddr

import (
	"errors"
	"testing"
)

// FuzzParse checks that Parse never panics; that a parsed address gives
// its text back and parses again to the same value; that its URL and
// scp-like forms parse to an address Equal to it (EqualStrict too, except
// for the relative scp-like path that URL makes absolute); that keys are
// stable; and that a failure is an *Error inside the input.
func FuzzParse(f *testing.F) {
	for _, c := range allCases() {
		f.Add(c.in)
	}
	for _, s := range diagInputs {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := Parse(s)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(s) || e.Input != s || e.Code.Message() == string(e.Code) {
				t.Fatalf("Parse(%q): bad error %#v", s, err)
			}
			_ = err.Error()
			return
		}
		if a.String() != s || string(a.AppendTo([]byte("x"))) != "x"+s {
			t.Fatalf("Parse(%q).String() = %q", s, a.String())
		}
		b, err := Parse(a.String())
		if err != nil || b != a {
			t.Fatalf("Parse(String(%q)) = %+v, %v; want %+v", s, b, err, a)
		}
		var c Addr
		if txt, _ := a.MarshalText(); c.UnmarshalText(txt) != nil || c != a {
			t.Fatalf("text round trip of %q gives %+v", s, c)
		}
		if !Equal(a, a) || !EqualStrict(a, a) || a.Key() == "" || a.StrictKey() == "" {
			t.Fatalf("%q is not equal to itself (keys %q, %q)", s, a.Key(), a.StrictKey())
		}
		if u := a.URL(); u != "" {
			b, err := Parse(u)
			if err != nil {
				t.Fatalf("URL %q of %q does not parse: %v", u, s, err)
			}
			if !Equal(a, b) {
				t.Fatalf("URL %q of %q: keys %q and %q differ", u, s, b.Key(), a.Key())
			}
			relative := a.form == FormSCP && a.path[0] != '/' && a.path[0] != '~'
			if !relative && !EqualStrict(a, b) {
				t.Fatalf("URL %q of %q: strict keys %q and %q differ", u, s, b.StrictKey(), a.StrictKey())
			}
			if b.form != FormURL {
				t.Fatalf("URL %q of %q is not a URL: %s", u, s, b.form)
			}
		}
		if sc := a.SCP(); sc != "" {
			b, err := Parse(sc)
			if err != nil || b.form != FormSCP || !EqualStrict(a, b) {
				t.Fatalf("SCP %q of %q: %+v, %v", sc, s, b, err)
			}
		}
	})
}

// FuzzNewRewriter checks that NewRewriter never panics, that its errors
// are *Error inside the text, and that rewriting keeps what follows the
// prefix.
func FuzzNewRewriter(f *testing.F) {
	f.Add("[url \"git@github.com:\"]\n\tinsteadOf = https://github.com/\n", "https://github.com/o/r")
	f.Add("[url.x]\ninsteadof=\"a b\"\\\n c ; comment\n[url \"y\"] pushInsteadOf = a\n", "a b co")
	f.Add("[url \"a\\\"b\"]\r\n insteadOf\n", "x")
	f.Fuzz(func(t *testing.T, config, addr string) {
		r, err := NewRewriter(config)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(config) || e.Component != ComponentConfig {
				t.Fatalf("NewRewriter(%q): bad error %#v", config, err)
			}
			return
		}
		_ = r.Rewrite(addr)
		_ = r.RewritePush(addr)
	})
}
