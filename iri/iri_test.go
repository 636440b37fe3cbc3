package iri

import (
	"errors"
	"github.com/urikit/urikit/percent"
	"testing"

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
		code uri.Code
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
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 300 {
			return
		}
		if u, err := ToURI(s); err == nil {
			if _, err := uri.Parse(u); err != nil {
				t.Fatalf("ToURI(%q) = %q is not a URI: %v", s, u, err)
			}
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

func TestNonASCIISet(t *testing.T) {
	var none percent.Set
	if want := none.AddRange(0x80, 0xff); nonASCII != want {
		t.Errorf("nonASCII = %v, want %v", nonASCII, want)
	}
}
