package iri

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urikit/urikit/internal/window"
	"github.com/urikit/urikit/percent"
	"github.com/urikit/urikit/uri"
)

func TestToURI(t *testing.T) {
	tests := []struct{ in, want string }{
		// The example of the task and RFC 3987 §3.1 / §3.2.
		{"http://例え.jp/引き出し", "http://xn--r8jz45g.jp/%E5%BC%95%E3%81%8D%E5%87%BA%E3%81%97"},
		{"http://r\u00e9sum\u00e9.example.org", "http://xn--rsum-bpad.example.org"},
		{"http://www.example.org/D\u00fcrst", "http://www.example.org/D%C3%BCrst"},
		{"http://www.example.org/red%09ros\u00e9#red", "http://www.example.org/red%09ros%C3%A9#red"},
		{"http://納豆.example.org/%e2%80%ae", "http://xn--99zt52a.example.org/%e2%80%ae"},
		// Every component but the scheme and port.
		{"s://ü@ö:1/ä?ß=\U000F0000#é", "s://%C3%BC@xn--nda:1/%C3%A4?%C3%9F=%F3%B0%80%80#%C3%A9"},
		{"already/ascii?x#y", "already/ascii?x#y"},
		{"", ""},
	}
	for _, tt := range tests {
		got, err := ToURI(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ToURI(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
			continue
		}
		if _, err := uri.Parse(got); err != nil {
			t.Errorf("ToURI(%q) = %q is not a URI: %v", tt.in, got, err)
		}
	}
	for _, tt := range []struct {
		in   string
		code error
	}{
		{"http://a/b c", uri.ErrInvalidChar},
		{"http://a/\u202e", ErrNotIRIChar}, // bidi formatting (§4.1)
		{"http://a/?\u200f", ErrNotIRIChar},
		{"http://a/\ufffe", ErrNotIRIChar},
		{"http://a/\ue000", ErrNotIRIChar}, // iprivate outside the query
		{"http://a/\xff", uri.ErrInvalidUTF8},
		{"http://a\u00a0b/", ErrIDNA},
	} {
		_, err := ToURI(tt.in)
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, tt.code) {
			t.Errorf("ToURI(%q) = %v, want %s", tt.in, err, tt.code)
		} else if e.Error() == "" {
			t.Error("empty message")
		} else if tt.code == ErrIDNA && e.Offset != len("http://") {
			t.Errorf("ToURI(%q): offset %d", tt.in, e.Offset)
		}
	}
}

func TestToIRI(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://xn--r8jz45g.jp/%E5%BC%95%E3%81%8D%E5%87%BA%E3%81%97", "http://例え.jp/引き出し"},
		{"http://www.example.org/D%C3%BCrst", "http://www.example.org/D\u00fcrst"},
		{"http://www.example.org/D%FCrst", "http://www.example.org/D%FCrst"},
		{"http://xn--99zt52a.example.org/%e2%80%ae", "http://納豆.example.org/%e2%80%ae"},
		{"http://www.example.org/red%09ros%C3%A9#red", "http://www.example.org/red%09ros\u00e9#red"},
		{"http://a/%41%2F%25", "http://a/%41%2F%25"},                               // ASCII escapes stay
		{"http://a/%E2%80%8F%E3%80%80%C2%A0", "http://a/%E2%80%8F%E3%80%80%C2%A0"}, // RLM, ideographic space, NBSP
		{"http://a/%ED%A0%80", "http://a/%ED%A0%80"},                               // encoded surrogate
		{"http://a/%C3", "http://a/%C3"},                                           // truncated sequence
		{"http://a/%C3%A9%C3", "http://a/é%C3"},
		{"http://a/?%EE%80%80#%EE%80%80", "http://a/?\ue000#%EE%80%80"}, // iprivate only in the query
		{"http://xn--zz/", "http://xn--zz/"},                            // bad punycode stays
		{"http://[::1]/", "http://[::1]/"},
	}
	for _, tt := range tests {
		got, err := ToIRI(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ToIRI(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	if _, err := ToIRI("http://a/b c"); !errors.Is(err, uri.ErrInvalidChar) {
		t.Errorf("ToIRI(invalid) = %v", err)
	}
}

func FuzzRoundTrip(f *testing.F) {
	for _, s := range []string{
		"http://xn--r8jz45g.jp/%E5%BC%95%E3%81%8D", "http://例え.jp/引き出し", "http://a/%C3%A9%C3?%EE%80%80",
		"s://ü@ö:1/ä?ß#é", "http://xn--99zt52a.example.org/%e2%80%ae", "", "a:b",
		// Repeats, with a character an IRI may not hold after them.
		"http://a/" + strings.Repeat("é", 30) + "\u202e", "http://a/?" + strings.Repeat("\ue000", 10) + "#\ue000",
		"http://" + strings.Repeat("ü", 10) + "@h/" + strings.Repeat("é ", 10), "http://a/é\xffé\ufffe",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 300 {
			return
		}
		u, err := ToURI(s)
		if err == nil {
			if _, err := uri.Parse(u); err != nil {
				t.Fatalf("ToURI(%q) = %q is not a URI: %v", s, u, err)
			}
		}
		checkFirstError(t, s, err)
		if err != nil && len(err.Error()) > 4*2*window.Side+200 {
			t.Fatalf("ToURI(%q): message of %d bytes", s, len(err.Error()))
		}
		r, err := uri.Parse(s)
		if err != nil {
			return
		}
		i, err := ToIRI(s)
		if err != nil {
			t.Fatalf("ToIRI(%q): %v", s, err)
		}
		back, err := ToURI(i)
		if err != nil {
			t.Fatalf("ToURI(ToIRI(%q) = %q): %v", s, i, err)
		}
		br, err := uri.Parse(back)
		if err != nil || !uri.Equal(r, br, uri.Case|uri.PercentEncoding) {
			t.Fatalf("ToURI(ToIRI(%q)) = %q (IRI %q)", s, back, i)
		}
	})
}

// checkFirstError checks that ToURI(s) failed (err) at the first
// character an IRI may not hold, if any: no such character comes before
// the error's offset, and with ErrNotIRIChar the character at the offset
// is one. (IP literals, whose errors point at their start, are left out.)
func checkFirstError(t *testing.T, s string, err error) {
	t.Helper()
	if strings.Contains(s, "[") {
		return
	}
	limit := len(s)
	var e *Error
	if errors.As(err, &e) {
		limit = e.Offset
		if e.Code == ErrNotIRIChar {
			c, _ := utf8.DecodeRuneInString(s[e.Offset:])
			if !isBidiFormat(c) && isUCSChar(c) {
				t.Fatalf("ToURI(%q): %v, but %q is allowed", s, err, c)
			}
		}
	}
	r, _ := uri.ParseLenient(s)
	q, hasQ := r.Query()
	qStart := len(s) - len(q)
	if f, ok := r.Fragment(); ok {
		qStart -= len(f) + 1
	}
	for i, c := range s[:limit] {
		if c < utf8.RuneSelf || c == utf8.RuneError {
			continue
		}
		inQuery := hasQ && i >= qStart && i < qStart+len(q)
		if isBidiFormat(c) || !isUCSChar(c) && !(inQuery && isIPrivate(c)) {
			t.Fatalf("ToURI(%q) = %v: missed %q at %d", s, err, c, i)
		}
	}
}

// TestToURIEveryCharacter checks that ToURI checks every non-ASCII
// character, though ParseLenient reports the first of each component
// only, and that its messages quote a window of the input.
func TestToURIEveryCharacter(t *testing.T) {
	long := strings.Repeat("é", 1000)
	for _, tt := range []struct {
		in     string
		offset int
		code   error
	}{
		{"http://a/" + long + "\u202e", 9 + len(long), ErrNotIRIChar},
		{"http://a/?" + long + "\ue000#" + long + "\ue000", 10 + 2*len(long) + 4, ErrNotIRIChar},
		{"http://" + long + "\ufffe@a/", 7 + len(long), ErrNotIRIChar},
		{"http://a/" + long + " " + long + "\u202e", 9 + len(long), uri.ErrInvalidChar},
		{"http://a/" + long + "\u202e " + long, 9 + len(long), ErrNotIRIChar},
		{"http://a/é?é#é\xff" + long, 17, uri.ErrInvalidUTF8},
	} {
		_, err := ToURI(tt.in)
		var e *Error
		if !errors.As(err, &e) || e.Offset != tt.offset || !errors.Is(err, tt.code) {
			t.Errorf("ToURI(%.40q…) = %v, want %s at %d", tt.in, err, tt.code, tt.offset)
			continue
		}
		if msg := err.Error(); len(msg) > 4*2*window.Side+200 || !strings.Contains(msg, "…") {
			t.Errorf("message of %d bytes: %s", len(msg), msg)
		}
	}
	if got, err := ToURI("http://a/" + long + "?" + strings.Repeat("\ue000", 3)); err != nil || !strings.HasSuffix(got, "?"+strings.Repeat("%EE%80%80", 3)) {
		t.Errorf("ToURI with iprivate in the query: %.40q…, %v", got, err)
	}
	_, err := ToURI("http://a b")
	if got := err.Error(); got != `iri: offset 8 (host): "http://a b": character not allowed here` {
		t.Errorf("short message: %s", got)
	}
	var e *Error
	var ue *uri.Error
	if !errors.As(err, &e) || e.Code != ErrSyntax || e.Input != "http://a b" || !errors.As(err, &ue) || ue.Code != uri.ErrInvalidChar {
		t.Errorf("error %#v", err)
	}
}

// TestToIRILongHost checks that ToIRI leaves as they are the A-labels of
// a host too long to be a DNS name, and labels too long to be DNS labels.
func TestToIRILongHost(t *testing.T) {
	for _, in := range []string{
		"http://" + strings.Repeat("xn--9ca.", 32) + "com/",       // 263 bytes
		"http://xn--" + strings.Repeat("a", 60) + "-zjf.example/", // a 68-byte label, "a"×60 + "é"
	} {
		if got, err := ToIRI(in); err != nil || got != in {
			t.Errorf("ToIRI(%.40q…) = %.40q…, %v; want it unchanged", in, got, err)
		}
	}
	// Within the limits, the labels are shown in Unicode.
	in := "http://" + strings.Repeat("xn--9ca.", 30) + "com/"
	if got, err := ToIRI(in); err != nil || got != "http://"+strings.Repeat("é.", 30)+"com/" {
		t.Errorf("ToIRI(%.40q…) = %.40q…, %v", in, got, err)
	}
}

func TestNonASCIISet(t *testing.T) {
	var none percent.Set
	if want := none.AddRange(0x80, 0xff); nonASCII != want {
		t.Errorf("nonASCII = %v, want %v", nonASCII, want)
	}
}
