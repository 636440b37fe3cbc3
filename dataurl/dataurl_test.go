package dataurl

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/window"
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
	want := `…"` + strings.Repeat("A", 40) + "*" + strings.Repeat("B", 39) + `"…`
	if !strings.Contains(err.Error(), want) || e.Input != in {
		t.Errorf("message %q, want the window %q", err, want)
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
		d, fs, err := ParseWithFindings(c.in)
		if err != nil {
			t.Errorf("ParseWithFindings(%q): %v", c.in, err)
			continue
		}
		if d.MIMEType.String() != "text/plain;charset=US-ASCII" {
			t.Errorf("ParseWithFindings(%q): MIME type %q, want the default", c.in, d.MIMEType)
		}
		if len(fs) != 1 || fs[0].Code != c.code || fs[0].Offset != c.off {
			t.Errorf("ParseWithFindings(%q): findings %+v, want %s at %d", c.in, fs, c.code, c.off)
		}
		if d2, err := Parse(c.in); err != nil || d2.MIMEType.String() != d.MIMEType.String() || !bytes.Equal(d2.Body, d.Body) {
			t.Errorf("Parse(%q) = %+v, %v; ParseWithFindings %+v", c.in, d2, err, d)
		}
	}
	for _, in := range []string{"data:,x", "data:;base64,eA==", "data:;charset=utf-8,x", "data: ,x"} {
		d, fs, err := ParseWithFindings(in)
		if err != nil || fs != nil {
			t.Errorf("ParseWithFindings(%q) = %+v, %v, %v; want no findings", in, d, fs, err)
		}
	}
}

func TestFromURL(t *testing.T) {
	u := whatwg.MustParse("data:text/html,%3Cp%3E#frag")
	d, err := FromURL(u)
	if err != nil || d.MIMEType.String() != "text/html" || string(d.Body) != "<p>" {
		t.Errorf("FromURL = %+v, %v", d, err)
	}
	for _, u := range []whatwg.URL{{}, whatwg.MustParse("https://x/")} {
		if _, err := FromURL(u); !errors.Is(err, ErrNotDataURL) {
			t.Errorf("FromURL(%v) = %v, want %s", u, err, ErrNotDataURL)
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
	d, fs, err := ParseWithFindings("data:,100%25%zz%\t%4")
	if err != nil {
		t.Fatal(err)
	}
	if string(d.Body) != "100%%zz%%4" {
		t.Errorf("Body = %q", d.Body)
	}
	if len(fs) != 2 {
		t.Fatalf("findings = %v, want two entries", fs)
	}
	// The tab is gone from the URL: the offsets are the input's.
	if f := fs[0]; f.Code != ErrInvalidEscape || f.Offset != 12 || f.Count != 2 || fmt.Sprint(f.Offsets) != "[12 15]" {
		t.Errorf("findings[0] = %+v", f)
	}
	if f := fs[1]; f.Code != ErrTruncatedEscape || f.Offset != 17 {
		t.Errorf("findings[1] = %+v", f)
	}
	if b, _ := json.Marshal(fs[0]); string(b) != `{"offset":12,"code":"invalid-escape","message":"% not followed by two hex digits, kept as it is","count":2,"offsets":[12,15]}` {
		t.Errorf("JSON %s", b)
	}
	if _, fs, _ := ParseWithFindings("data:,a%41"); fs != nil {
		t.Errorf("findings = %v, want nil", fs)
	}
}

// TestMustParse: MustParse and MustParseMIMEType take the parameters of
// their Parse and panic with its error.
func TestMustParse(t *testing.T) {
	if d := MustParse("data:,x"); string(d.Body) != "x" {
		t.Errorf("MustParse = %+v", d)
	}
	if m := MustParseMIMEType("text/html"); m.Essence() != "text/html" {
		t.Errorf("MustParseMIMEType = %v", m)
	}
	for _, f := range []func(){func() { MustParse("data:x") }, func() { MustParseMIMEType("x") }} {
		func() {
			defer func() {
				if _, ok := recover().(*Error); !ok {
					t.Error("no *Error panic")
				}
			}()
			f()
		}()
	}
}

// TestText: the zero DataURL and MIMEType go to "" and back; other text
// unmarshals as Parse parses it; String is Encode's URL.
func TestText(t *testing.T) {
	if b, err := (DataURL{}).MarshalText(); err != nil || len(b) != 0 || (DataURL{}).String() != "" {
		t.Errorf("zero MarshalText = %q, %v", b, err)
	}
	d := MustParse("data:,x")
	if err := d.UnmarshalText(nil); err != nil || !d.isZero() || d.Body != nil {
		t.Errorf(`UnmarshalText("") = %+v, %v`, d, err)
	}
	in := "data:text/plain;charset=utf-8;base64,aGVsbG8gd29ybGQ="
	if err := d.UnmarshalText([]byte(in)); err != nil || string(d.Body) != "hello world" {
		t.Errorf("UnmarshalText(%q) = %+v, %v", in, d, err)
	}
	if s := d.String(); s != "data:text/plain;charset=utf-8,hello%20world" || string(d.AppendTo([]byte("x"))) != "x"+s {
		t.Errorf("String = %q", s)
	}
	if err := d.UnmarshalText([]byte("data:x")); !errors.Is(err, ErrMissingComma) {
		t.Errorf("UnmarshalText(bad) = %v", err)
	}
	var m MIMEType
	if b, _ := m.MarshalText(); len(b) != 0 {
		t.Errorf("zero MIMEType MarshalText = %q", b)
	}
	if err := m.UnmarshalText([]byte("Text/HTML")); err != nil || m.String() != "text/html" {
		t.Errorf("MIMEType.UnmarshalText = %v, %v", m, err)
	}
	if err := m.UnmarshalText(nil); err != nil || !m.IsZero() {
		t.Errorf(`MIMEType.UnmarshalText("") = %v, %v`, m, err)
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
