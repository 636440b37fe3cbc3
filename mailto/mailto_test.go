package mailto

import (
	"errors"
	"reflect"
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

// TestMustParse: MustParse takes Parse's parameters and panics with its
// error.
func TestMustParse(t *testing.T) {
	if m := MustParse("mailto:a@b"); len(m.To) != 1 {
		t.Errorf("MustParse = %v", m)
	}
	defer func() {
		r := recover()
		if err, ok := r.(error); !ok || !errors.Is(err, ErrScheme) {
			t.Errorf("MustParse(x) panicked with %v", r)
		}
	}()
	MustParse("x")
}

// TestText: the zero Message and "" go to each other; any other text
// unmarshals as Parse parses it.
func TestText(t *testing.T) {
	if b, err := (Message{}).MarshalText(); err != nil || len(b) != 0 {
		t.Errorf("zero MarshalText = %q, %v", b, err)
	}
	m := MustParse("mailto:a@b")
	if err := m.UnmarshalText(nil); err != nil || !m.IsZero() {
		t.Errorf(`UnmarshalText("") = %v, %v`, m, err)
	}
	s := "mailto:a@b,c@d?cc=e@f&subject=x%20y&X-Y=z&body=b"
	if err := m.UnmarshalText([]byte(s)); err != nil || !reflect.DeepEqual(m, MustParse(s)) {
		t.Errorf("UnmarshalText(%q) = %v, %v", s, m, err)
	}
	if b, _ := m.MarshalText(); string(b) != s {
		t.Errorf("MarshalText = %q, want %q", b, s)
	}
	if err := m.UnmarshalText([]byte("mailto:a@b?x")); !errors.Is(err, ErrMissingEquals) {
		t.Errorf("UnmarshalText(bad) = %v", err)
	}
	var e *Error
	if _, err := Parse("mailto:a@b?x"); !errors.As(err, &e) || e.Offset != 12 || e.Input != "mailto:a@b?x" || e.Component != ComponentHeaders {
		t.Errorf("error %#v", err)
	}
}
