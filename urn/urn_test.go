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
