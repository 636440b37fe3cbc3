package mailto

import (
	"errors"
	"strings"
	"testing"
)

func TestAllocations(t *testing.T) {
	m, err := Parse("mailto:joe@example.com?cc=bob@example.com&subject=caf%C3%A9&x=1&body=hello")
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 0, 256)
	if n := testing.AllocsPerRun(100, func() { buf = m.AppendTo(buf[:0]) }); n != 0 {
		t.Errorf("AppendTo into a large enough buffer allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { _ = Build(m) }); n != 1 {
		t.Errorf("Build allocates %v times, want 1", n)
	}
	// The lists, the subject's decoded text and the headers.
	if n := testing.AllocsPerRun(100, func() { _, _ = Parse("mailto:joe@example.com?cc=bob@example.com&subject=caf%C3%A9&x=1&body=hello") }); n != 4 {
		t.Errorf("Parse allocates %v times, want 4", n)
	}
}

func TestErrorWindow(t *testing.T) {
	long := "mailto:a@b?body=" + strings.Repeat("a", 1000) + "%zz" + strings.Repeat("b", 1000)
	_, err := Parse(long)
	var e *Error
	if !errors.As(err, &e) || e.Offset != 1016 || e.Code != ErrInvalidEscape || e.Component != ComponentHeaders {
		t.Fatalf("Parse: %v", err)
	}
	msg := err.Error()
	if len(msg) > 200 || !strings.Contains(msg, `…"aaaa`) || !strings.Contains(msg, `bbb"…`) {
		t.Errorf("message does not quote a window: %q", msg)
	}
}

// Addresses are split on "," outside quoted strings only, whether the
// quotes are escapes or not.
func TestAddressSplit(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"mailto:a@b,c@d", []string{"a@b", "c@d"}},
		{"mailto:%22a,b%22@x", []string{`"a,b"@x`}},
		{"mailto:%22a%5C%22,b%22@x,c@d", []string{`"a\",b"@x`, "c@d"}},
		{"mailto:%22a%2Cb%22@x", []string{`"a,b"@x`}},
		{"mailto:?bcc=%22%5C%5C%22@x,y@z", nil},
	} {
		m, err := Parse(c.in)
		got := m.To
		if c.want == nil {
			got, c.want = m.Bcc, []string{`"\\"@x`, "y@z"}
		}
		if err != nil || strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("Parse(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	// An escaped comma outside quotes is part of the address, which is
	// then not an addr-spec.
	if _, err := Parse("mailto:a%2Cb@c"); !errors.Is(err, ErrInvalidAddress) {
		t.Errorf("mailto:a%%2Cb@c: %v", err)
	}
}
