package urn

import (
	"errors"
	"strings"
	"testing"
)

func TestZeroURN(t *testing.T) {
	var z URN
	if z.String() != "" || z.NID() != "" || z.NSS() != "" || z.AssignedName() != "" || z.Key() != "" {
		t.Errorf("zero URN has text: %q %q %q %q", z.String(), z.NID(), z.NSS(), z.Key())
	}
	if _, ok := z.RComponent(); ok {
		t.Error("zero URN has an r-component")
	}
	if _, ok := z.QComponent(); ok {
		t.Error("zero URN has a q-component")
	}
	if _, ok := z.FComponent(); ok {
		t.Error("zero URN has an f-component")
	}
	u, _ := Parse("urn:ab:c")
	if !Equal(z, z) || Equal(z, u) || Equal(u, z) {
		t.Error("the zero URN is equal only to itself")
	}
}

func TestKeyAllocations(t *testing.T) {
	normal, _ := Parse("urn:example:a%2Cb/c")
	if n := testing.AllocsPerRun(100, func() { _ = normal.Key() }); n != 0 {
		t.Errorf("Key of a URN in normal form allocates %v times", n)
	}
	mixed, _ := Parse("URN:Example:a%2cb/c?+r#f")
	if got := mixed.Key(); got != "urn:example:a%2Cb/c" {
		t.Errorf("Key = %q", got)
	}
	if n := testing.AllocsPerRun(100, func() { _ = mixed.Key() }); n != 1 {
		t.Errorf("Key of a URN not in normal form allocates %v times, want 1", n)
	}
	withR, _ := Parse("urn:example:a?+r")
	if got := withR.Key(); got != "urn:example:a" {
		t.Errorf("Key = %q", got)
	}
	if n := testing.AllocsPerRun(100, func() {
		_, _ = Parse("urn:example:weather?=op=map&lat=39.56#x")
		_ = Equal(mixed, normal)
	}); n != 0 {
		t.Errorf("Parse and Equal allocate %v times", n)
	}
}

func TestErrorWindow(t *testing.T) {
	long := "urn:example:" + strings.Repeat("a", 1000) + " " + strings.Repeat("b", 1000)
	_, err := Parse(long)
	var e *Error
	if !errors.As(err, &e) || e.Offset != 1012 || e.Code != ErrInvalidChar || e.Component != ComponentNSS {
		t.Fatalf("Parse: %v", err)
	}
	msg := err.Error()
	if len(msg) > 200 || !strings.Contains(msg, `…"aaaa`) || !strings.Contains(msg, `bbb"…`) {
		t.Errorf("message does not quote a window: %q", msg)
	}
}

// TestMustParse: MustParse takes Parse's parameters and panics with its
// error.
func TestMustParse(t *testing.T) {
	if u := MustParse("urn:isbn:1"); u.NID() != "isbn" {
		t.Errorf("MustParse = %v", u)
	}
	defer func() {
		r := recover()
		if err, ok := r.(error); !ok || !errors.Is(err, ErrScheme) {
			t.Errorf("MustParse(x) panicked with %v", r)
		}
	}()
	MustParse("x")
}

// TestText: the zero URN and "" go to each other; any other text
// unmarshals as Parse parses it, and marshals back byte for byte.
func TestText(t *testing.T) {
	if b, err := (URN{}).MarshalText(); err != nil || len(b) != 0 {
		t.Errorf("zero MarshalText = %q, %v", b, err)
	}
	u := MustParse("urn:ab:c")
	if err := u.UnmarshalText(nil); err != nil || u != (URN{}) {
		t.Errorf(`UnmarshalText("") = %v, %v`, u, err)
	}
	for _, s := range []string{"URN:Example:a%2f?+r?=q#f", "urn:isbn:9971-5-0210-0"} {
		var v URN
		if err := v.UnmarshalText([]byte(s)); err != nil || v != MustParse(s) {
			t.Errorf("UnmarshalText(%q) = %v, %v", s, v, err)
		}
		if b, _ := v.MarshalText(); string(b) != s || string(v.AppendTo([]byte("x"))) != "x"+s {
			t.Errorf("MarshalText(%q) = %q", s, b)
		}
	}
	var v URN
	if err := v.UnmarshalText([]byte("urn:x:a")); !errors.Is(err, ErrNIDLength) {
		t.Errorf("UnmarshalText(bad) = %v", err)
	}
	var e *Error
	if _, err := Parse("urn:x:a"); !errors.As(err, &e) || e.Offset != 4 || e.Input != "urn:x:a" || e.Component != ComponentNID {
		t.Errorf("error %#v", err)
	}
}
