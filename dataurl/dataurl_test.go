package dataurl

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/window"
	"github.com/urikit/urikit/percent"
	"github.com/urikit/urikit/whatwg"
)

func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		in   string
		code Code
		off  int
	}{
		{"http://example.com/", ErrNotDataURL, 0},
		{"data:text/plain", ErrMissingComma, 15},
		{"data:text/plain#a,b", ErrMissingComma, 15},
		{"", ErrInvalidURL, 0},
		{"data:;base64,ab*d", ErrInvalidBase64, 15},
		{"data:;base64,ab%2Ad", ErrInvalidBase64, 15},
		{"data:;base64,a%20b%20*", ErrInvalidBase64, 21},
		{"data:;base64,abcde", ErrBase64Length, 17},
		{"data:;base64,ab=c", ErrInvalidBase64, 15},
		// The URL parser removes the tab and encodes "é": offsets are
		// followed back to the input.
		{"data:;base\t64,é*", ErrInvalidBase64, 14},
		{"  DATA:;base64,\t*", ErrInvalidBase64, 16},
		{"data:;base64,a\u00e9", ErrInvalidBase64, 14},
		// The parser removes the dot segments and the default port:
		// the offset is found from the end.
		{"data://h:0/a/../;base64,ab*", ErrInvalidBase64, 26},
		{"data://h/a/./b/..;base64,ab*#x y \t ", ErrInvalidBase64, 27},
	} {
		d, err := Parse(c.in)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Parse(%q) = %v, %v; want %s", c.in, d, err, c.code)
			continue
		}
		if e.Code != c.code || e.Offset != c.off {
			t.Errorf("Parse(%q): %s at %d, want %s at %d (%v)", c.in, e.Code, e.Offset, c.code, c.off, err)
		}
		if c.code == ErrInvalidURL {
			var we *whatwg.Error
			if !errors.As(err, &we) {
				t.Errorf("Parse(%q): %v does not wrap a *whatwg.Error", c.in, err)
			}
		}
	}
}

func TestErrorWindow(t *testing.T) {
	in := "data:;base64," + strings.Repeat("A", 1000) + "*" + strings.Repeat("B", 1000)
	_, err := Parse(in)
	var e *Error
	if !errors.As(err, &e) || e.Offset != 1013 {
		t.Fatalf("Parse: %v", err)
	}
	want := "…" + strings.Repeat("A", 40) + "*" + strings.Repeat("B", 39) + "…"
	if e.Near != want {
		t.Errorf("Near = %q, want %q", e.Near, want)
	}
	if len(err.Error()) > 200 {
		t.Errorf("message of %d bytes: %s", len(err.Error()), err)
	}
}

func TestMIMETypeError(t *testing.T) {
	for _, c := range []struct {
		in   string
		code Code
		off  int
	}{
		{"data:text,x", ErrMissingSubtype, 9},
		{"data:te(t/plain,x", ErrInvalidType, 7},
		{"data:text/pl@in;base64,eA==", ErrInvalidSubtype, 12},
		{"data:  /plain,x", ErrInvalidType, 7},
	} {
		d, err := Parse(c.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		if d.MIMEType.String() != "text/plain;charset=US-ASCII" {
			t.Errorf("Parse(%q): MIME type %q, want the default", c.in, d.MIMEType)
		}
		if e := d.MIMETypeError; e == nil || e.Code != c.code || e.Offset != c.off {
			t.Errorf("Parse(%q): MIMETypeError %+v, want %s at %d", c.in, e, c.code, c.off)
		}
	}
	for _, in := range []string{"data:,x", "data:;base64,eA==", "data:;charset=utf-8,x", "data: ,x"} {
		d, err := Parse(in)
		if err != nil || d.MIMETypeError != nil {
			t.Errorf("Parse(%q) = %+v, %v; want no MIMETypeError", in, d, err)
		}
	}
}

func TestParseURL(t *testing.T) {
	u := whatwg.MustParse("data:text/html,%3Cp%3E#frag")
	d, err := ParseURL(&u)
	if err != nil || d.MIMEType.String() != "text/html" || string(d.Body) != "<p>" {
		t.Errorf("ParseURL = %+v, %v", d, err)
	}
	for _, u := range []*whatwg.URL{nil, {}, func() *whatwg.URL { u := whatwg.MustParse("https://x/"); return &u }()} {
		if _, err := ParseURL(u); err == nil || err.(*Error).Code != ErrNotDataURL {
			t.Errorf("ParseURL(%v) = %v, want %s", u, err, ErrNotDataURL)
		}
	}
}

func TestMIMETypeParams(t *testing.T) {
	m, err := ParseMIMEType(`a/b; X=1; y="q\"\\z"; x=2; e=""; t="tok"`)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := m.String(), `a/b;x=1;y="q\"\\z";e="";t=tok`; got != want {
		t.Errorf("String = %s, want %s", got, want)
	}
	var got []string
	for name, value := range m.Params() {
		got = append(got, name+"="+value)
	}
	if want := []string{"x=1", `y=q"\z`, "e=", "t=tok"}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Params = %q, want %q", got, want)
	}
	if m.NumParams() != 4 {
		t.Errorf("NumParams = %d", m.NumParams())
	}
	if v, ok := m.Lookup("y"); !ok || v != `q"\z` {
		t.Errorf("Lookup(y) = %q, %v", v, ok)
	}
	if _, ok := m.Lookup("X"); ok {
		t.Error("Lookup(X) found a parameter: names are lowercase")
	}
	if n, v := m.Param(4); n != "" || v != "" {
		t.Errorf("Param(4) = %q, %q", n, v)
	}
	if m.Type() != "a" || m.Subtype() != "b" || m.Essence() != "a/b" {
		t.Errorf("Type %q Subtype %q Essence %q", m.Type(), m.Subtype(), m.Essence())
	}
}

// TestManyParams covers the hash table of names: beyond smallSet
// parameters, duplicates are still dropped and the first kept.
func TestManyParams(t *testing.T) {
	var in, want strings.Builder
	in.WriteString("x/y")
	want.WriteString("x/y")
	for i := range 200 {
		fmt.Fprintf(&in, ";P%d=%d", i%150, i)
		if i < 150 {
			fmt.Fprintf(&want, ";p%d=%d", i, i)
		}
	}
	m, err := ParseMIMEType(in.String())
	if err != nil {
		t.Fatal(err)
	}
	if m.String() != want.String() {
		t.Errorf("String = %.200s…, want %.200s…", m, want.String())
	}
	if m.NumParams() != 150 {
		t.Errorf("NumParams = %d, want 150", m.NumParams())
	}
	if v, ok := m.Lookup("p149"); !ok || v != "149" {
		t.Errorf("Lookup(p149) = %q, %v", v, ok)
	}
}

func TestParseMIMETypeNoCopy(t *testing.T) {
	s := "text/html"
	allocs := testing.AllocsPerRun(100, func() {
		m, err := ParseMIMEType(s)
		if err != nil || m.String() != s {
			t.Fatal(m, err)
		}
	})
	if allocs != 0 {
		t.Errorf("ParseMIMEType(%q): %v allocations, want 0", s, allocs)
	}
}

func TestEncode(t *testing.T) {
	mustMIME := func(s string) MIMEType {
		m, err := ParseMIMEType(s)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	for _, c := range []struct {
		body []byte
		mime MIMEType
		want string
	}{
		{nil, MIMEType{}, "data:,"},
		{[]byte("a#b%c d"), MIMEType{}, "data:,a%23b%25c%20d"},
		{[]byte("x"), mustMIME("text/plain;charset=US-ASCII"), "data:,x"},
		{[]byte("x"), mustMIME("text/plain;charset=us-ascii"), "data:text/plain;charset=us-ascii,x"},
		{[]byte("x"), mustMIME(`a/b;p=",";q=1;r="#";s="é";t="a b"`), `data:a/b;q=1;t="a b",x`},
		{[]byte{0, 1, 2, 3, 4, 5}, mustMIME("a/b"), "data:a/b;base64,AAECAwQF"},
	} {
		got := Encode(c.body, c.mime)
		if got != c.want {
			t.Errorf("Encode(%q, %q) = %q, want %q", c.body, c.mime, got, c.want)
		}
		d, err := Parse(got)
		if err != nil || !bytes.Equal(d.Body, c.body) {
			t.Errorf("Parse(%q) = %+v, %v", got, d, err)
		}
	}
}

func TestEncodeAllocatesOnce(t *testing.T) {
	m, _ := ParseMIMEType("text/plain;charset=utf-8;x=\"a,b\"")
	body := []byte(strings.Repeat("a b#", 100))
	if n := testing.AllocsPerRun(100, func() { _ = Encode(body, m) }); n != 1 {
		t.Errorf("Encode: %v allocations, want 1", n)
	}
	dst := make([]byte, 0, 1024)
	if n := testing.AllocsPerRun(100, func() { _ = AppendEncode(dst, body, m) }); n != 0 {
		t.Errorf("AppendEncode with room: %v allocations, want 0", n)
	}
}

// TestWindowInvalidUTF8: a window of bytes that are all UTF-8
// continuation bytes (no boundary to cut on) is cut at the window's
// edges, never outside the input.
func TestWindowInvalidUTF8(t *testing.T) {
	s := strings.Repeat("\x89", 100)
	for _, off := range []int{0, 1, 50, 99, 100} {
		w := window.Plain(s, off)
		if len(w) > 2*window.Side+2*len("…") {
			t.Errorf("window(%d) of %d bytes", off, len(w))
		}
	}
	if _, err := ParseMIMEType(s); err == nil || err.(*Error).Offset != 0 {
		t.Errorf("ParseMIMEType of continuation bytes: %v", err)
	}
}

func TestKept(t *testing.T) {
	d, err := Parse("data:,100%25%zz%\t%4")
	if err != nil {
		t.Fatal(err)
	}
	if string(d.Body) != "100%%zz%%4" {
		t.Errorf("Body = %q", d.Body)
	}
	if len(d.Kept) != 2 {
		t.Fatalf("Kept = %v, want two entries", d.Kept)
	}
	// The tab is gone from the URL: the offsets are the input's.
	if e := d.Kept[0]; e.Code != percent.ErrInvalidEscape || e.Offset != 12 || e.Count != 2 || fmt.Sprint(e.Offsets) != "[12 15]" {
		t.Errorf("Kept[0] = %+v", e)
	}
	if e := d.Kept[1]; e.Code != percent.ErrTruncatedEscape || e.Offset != 17 {
		t.Errorf("Kept[1] = %+v", e)
	}
	if d, _ := Parse("data:,a%41"); d.Kept != nil {
		t.Errorf("Kept = %v, want nil", d.Kept)
	}
}

// TestOffsetRewrittenBothEnds: where the URL parser rewrote the URL both
// before and after the offending byte (dot segments on each side), the
// offset is where the rewriting begins, inside the input.
func TestOffsetRewrittenBothEnds(t *testing.T) {
	in := "data://h/./;base64,a*/./x"
	_, err := Parse(in)
	e, ok := err.(*Error)
	if !ok || e.Code != ErrInvalidBase64 || e.Offset != 9 {
		t.Errorf("Parse(%q) = %v, want %s at 9", in, err, ErrInvalidBase64)
	}
}
