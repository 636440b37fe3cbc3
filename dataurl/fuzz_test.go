package dataurl

import (
	"bytes"
	"strings"
	"testing"
)

// allCarriable reports whether Encode writes every parameter of m.
func allCarriable(m MIMEType) bool {
	for i := range m.params {
		end := len(m.s)
		if i+1 < len(m.params) {
			end = int(m.params[i+1])
		}
		if !carriable(m.s[m.params[i]:end]) {
			return false
		}
	}
	return true
}

// checkRoundTrip checks that Parse(Encode(body, m)) gives body and m back
// (m less what Encode leaves out).
func checkRoundTrip(t *testing.T, body []byte, m MIMEType) {
	t.Helper()
	u := Encode(body, m)
	d, err := Parse(u)
	if err != nil {
		t.Fatalf("Parse(Encode(%q, %q)) = %v (URL %q)", body, m, err, u)
	}
	if !bytes.Equal(d.Body, body) {
		t.Fatalf("Parse(Encode(%q, %q)).Body = %q (URL %q)", body, m, d.Body, u)
	}
	want := m.String()
	if m.IsZero() {
		want = "text/plain;charset=US-ASCII"
	}
	if strings.IndexByte(m.Essence(), '#') >= 0 {
		want = "text/plain;charset=US-ASCII"
	}
	if allCarriable(m) && d.MIMEType.String() != want {
		t.Fatalf("Parse(Encode(%q, %q)).MIMEType = %q (URL %q)", body, m, d.MIMEType, u)
	}
	if len(u) > len("data:")+len(m.String())+len(";base64,")+(len(body)+2)/3*4 {
		t.Fatalf("Encode(%q, %q) = %q: longer than base64", body, m, u)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"data:,X", "data:text/plain;charset=utf-8;base64,aGk=", "data:;base64,W%20A",
		"data:text/plain;a=\",\",X", "DATA:x/x;base64;charset=x,WA#f", "data://h/a/../,x",
		"data:\t;base64,\t%61%62", "data:a/b;" + strings.Repeat("p=1;", 20) + ",x",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, fs, err := ParseWithFindings(s)
		if err != nil {
			e := err.(*Error)
			if e.Offset < 0 || e.Offset > len(s) {
				t.Fatalf("Parse(%q): offset %d out of range", s, e.Offset)
			}
			return
		}
		if d.MIMEType.IsZero() {
			t.Fatalf("Parse(%q): zero MIME type", s)
		}
		if d2, err := Parse(s); err != nil || d2.MIMEType.String() != d.MIMEType.String() || !bytes.Equal(d2.Body, d.Body) {
			t.Fatalf("Parse(%q) = %+v, %v; ParseWithFindings %+v", s, d2, err, d)
		}
		// Offsets point at the "%" of each kept escape, unless dot
		// segments both before and after it were removed (then neither
		// end of the URL matches the input up to it).
		dots := strings.Contains(s, ".") || strings.Contains(strings.ToLower(s), "%2e")
		for _, e := range fs {
			if e.Offset < 0 || e.Offset > len(s) {
				t.Fatalf("Parse(%q): finding %+v out of range", s, e)
			}
			if e.Code != ErrInvalidEscape && e.Code != ErrTruncatedEscape {
				continue
			}
			for _, off := range append([]int{e.Offset}, e.Offsets...) {
				if off < 0 || off > len(s) || !dots && s[off] != '%' && off != len(s) {
					t.Fatalf("Parse(%q): kept escape %+v at offset %d, not a %%", s, e, off)
				}
			}
		}
		again, err := ParseMIMEType(d.MIMEType.String())
		if err != nil || again.String() != d.MIMEType.String() {
			t.Fatalf("Parse(%q): MIME type %q does not parse to itself: %q, %v", s, d.MIMEType, again, err)
		}
		checkRoundTrip(t, d.Body, d.MIMEType)
	})
}

func FuzzEncode(f *testing.F) {
	f.Add([]byte("hello"), "text/plain;charset=utf-8")
	f.Add([]byte{0, 0xFF, '#', '%', ' '}, `a/b;q="x,y";r=1`)
	f.Add([]byte(""), "")
	f.Fuzz(func(t *testing.T, body []byte, mime string) {
		m, err := ParseMIMEType(mime)
		if err != nil {
			m = MIMEType{}
		} else if again, err := ParseMIMEType(m.String()); err != nil || again.String() != m.String() {
			t.Fatalf("ParseMIMEType(%q) = %q: does not parse to itself (%q, %v)", mime, m, again, err)
		}
		checkRoundTrip(t, body, m)
	})
}
