package idna

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestProfiles pins the options of the ready profiles: those of the URL
// Standard's domain to ASCII and of golang.org/x/net/idna's profiles.
func TestProfiles(t *testing.T) {
	lookup := Profile{CheckHyphens: true, CheckBidi: true, CheckJoiners: true, UseSTD3ASCIIRules: true}
	for _, tc := range []struct {
		name string
		got  Profile
		want Profile
	}{
		{"URL", URL(), Profile{CheckBidi: true, CheckJoiners: true}},
		{"URLStrict", URLStrict(), Profile{CheckHyphens: true, CheckBidi: true, CheckJoiners: true, UseSTD3ASCIIRules: true, VerifyDNSLength: true}},
		{"Lookup", Lookup(), lookup},
		{"Display", Display(), lookup},
		{"Registration", Registration(), Profile{CheckHyphens: true, CheckBidi: true, CheckJoiners: true, UseSTD3ASCIIRules: true, VerifyDNSLength: true, RejectMapped: true}},
	} {
		if tc.got != tc.want {
			t.Errorf("%s() = %+v, want %+v", tc.name, tc.got, tc.want)
		}
	}
	// A profile is a value: changing a copy changes nothing else.
	p := Lookup()
	p.CheckHyphens = false
	if !Lookup().CheckHyphens {
		t.Error("changing a copy of Lookup() changed Lookup()")
	}
}

func TestRejectMapped(t *testing.T) {
	reg := Registration()
	for _, tc := range []struct {
		in     string
		want   string
		code   Code
		index  int
		offset int
	}{
		{"faß.de", "xn--fa-hia.de", "", 0, 0},
		{"bücher.example", "xn--bcher-kva.example", "", 0, 0},
		{"Faß.de", "", ErrMapped, 0, 0},
		{"example.COM", "", ErrMapped, 1, 8},
		{"bücher.Example", "", ErrMapped, 1, 8},
		{"a\u3002b", "", ErrMapped, 0, 1},    // ideographic full stop is mapped
		{"ab.c\u00ADd", "", ErrMapped, 1, 4}, // soft hyphen is ignored: a change too
		{"ab.\uFF41", "", ErrMapped, 1, 3},   // fullwidth a
		{"e\u0301.com", "", ErrNotNFC, 0, 0}, // decomposed é
	} {
		got, err := reg.ToASCII(tc.in)
		if tc.code == "" {
			if err != nil || got != tc.want {
				t.Errorf("Registration().ToASCII(%+q) = %q, %v; want %q", tc.in, got, err, tc.want)
			}
			continue
		}
		var e *Error
		if !errors.As(err, &e) || e.Code != tc.code || e.Index != tc.index || e.Offset != tc.offset {
			t.Errorf("Registration().ToASCII(%+q) = %q, %v; want %s in label %d at %d", tc.in, got, err, tc.code, tc.index, tc.offset)
		}
		// Lookup maps instead.
		if _, err := Lookup().ToASCII(tc.in); errors.Is(err, ErrMapped) {
			t.Errorf("Lookup().ToASCII(%+q) = %v", tc.in, err)
		}
	}
}

func TestAppendNoAlloc(t *testing.T) {
	buf := make([]byte, 0, 256)
	for _, p := range []Profile{URL(), Lookup(), Registration(), {}} {
		for _, d := range []string{"www.example.com", "WWW.Example.COM", "a-b.c-d.e"} {
			if p.RejectMapped && d == "WWW.Example.COM" {
				continue
			}
			var err error
			if n := testing.AllocsPerRun(100, func() { buf, err = p.AppendASCII(buf[:0], d) }); n != 0 || err != nil {
				t.Errorf("%+v.AppendASCII(%q): %v allocations, err %v", p, d, n, err)
			}
			if n := testing.AllocsPerRun(100, func() { buf, err = p.AppendUnicode(buf[:0], d) }); n != 0 || err != nil {
				t.Errorf("%+v.AppendUnicode(%q): %v allocations, err %v", p, d, n, err)
			}
		}
	}
	if n := testing.AllocsPerRun(100, func() { buf, _ = AppendPunycodeDecode(buf[:0], "bcher-kva") }); n != 0 {
		t.Errorf("AppendPunycodeDecode: %v allocations", n)
	}
	if n := testing.AllocsPerRun(100, func() { buf, _ = AppendPunycodeEncode(buf[:0], "bücher") }); n != 0 {
		t.Errorf("AppendPunycodeEncode: %v allocations", n)
	}
}

func TestAppendUnicode(t *testing.T) {
	for _, p := range []Profile{URL(), Display(), Registration(), {}} {
		for _, d := range []string{"", "Example.COM", "xn--bcher-kva.de", "a.xn--zz", "Bücher.DE", "a_b.de", "-x.y", "\ufdfa.com", "a\xffb"} {
			want, werr := p.ToUnicode(d)
			got, err := p.AppendUnicode([]byte("p:"), d)
			if string(got) != "p:"+want || (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
				t.Errorf("%+v.AppendUnicode(%+q) = %+q, %v; ToUnicode = %+q, %v", p, d, got, err, want, werr)
			}
		}
	}
	// The result comes with the error.
	got, err := Display().AppendUnicode(nil, "xn--bcher-kva.a_b")
	if string(got) != "bücher.a_b" || !errors.Is(err, ErrSTD3) {
		t.Errorf("AppendUnicode = %q, %v", got, err)
	}
}

func TestAppendDecode(t *testing.T) {
	for _, s := range []string{"bcher-kva", "", "abc-", "tda", strings.Repeat("a", 200)} {
		want, werr := PunycodeDecode(s)
		got, err := AppendPunycodeDecode([]byte("x"), s)
		if string(got) != "x"+want && werr == nil || (err == nil) != (werr == nil) {
			t.Errorf("AppendPunycodeDecode(%q) = %q, %v; PunycodeDecode = %q, %v", s, got, err, want, werr)
		}
		if werr != nil && string(got) != "x" {
			t.Errorf("AppendPunycodeDecode(%q) failed but changed dst: %q", s, got)
		}
	}
}

// TestErrorLabel checks the label an error carries: its offset, and its
// text windowed around the offset.
func TestErrorLabel(t *testing.T) {
	long := strings.Repeat("a", 500) + "_" + strings.Repeat("b", 500)
	for _, tc := range []struct {
		in        string
		labelOff  int
		label     string
		maxLength int
	}{
		{"ok.b_d.com", 3, "b_d", 3},
		{"x." + long + ".y", 2, "…" + strings.Repeat("a", 40) + "_" + strings.Repeat("b", 39) + "…", 86},
		{"a\u3002b_", 4, "b_", 2},
		{"\u00e9\u00e9\u00e9." + strings.Repeat("\u00e9", 30) + "_" + strings.Repeat("\u00e9", 30), 7, "…" + strings.Repeat("\u00e9", 20) + "_" + strings.Repeat("\u00e9", 19) + "…", 86},
	} {
		_, err := Lookup().ToASCII(tc.in)
		var e *Error
		if !errors.As(err, &e) || e.Code != ErrSTD3 {
			t.Errorf("ToASCII(%+q) = %v", tc.in, err)
			continue
		}
		if e.LabelOffset != tc.labelOff || e.Label != tc.label || len(e.Label) > tc.maxLength+6 || !utf8.ValidString(e.Label) {
			t.Errorf("ToASCII(%+q): label at %d %+q, want at %d %+q", tc.in, e.LabelOffset, e.Label, tc.labelOff, tc.label)
		}
		if len(e.Error()) > 200 {
			t.Errorf("ToASCII(%+q): message of %d bytes", tc.in, len(e.Error()))
		}
	}
	// Invalid UTF-8: the label around it.
	_, err := Profile{}.ToASCII("ab.c\xffd.e")
	var e *Error
	if !errors.As(err, &e) || e.Code != ErrInvalidUTF8 || e.Offset != 4 || e.LabelOffset != 3 || e.Label != "c\xffd" {
		t.Errorf("ToASCII(invalid UTF-8) = %#v", err)
	}
	// Punycode errors are about their argument: no label.
	_, err = PunycodeDecode("a!")
	if !errors.As(err, &e) || e.Index != -1 || e.LabelOffset != -1 || e.Label != "" || e.Input != "a!" || e.Error() != `idna: offset 1: "a!": invalid punycode [P4]` {
		t.Errorf("Decode(a!) = %#v", err)
	}
	// The zero Error says so.
	if s := (&Error{}).Error(); s != "idna: no error" {
		t.Errorf("zero Error = %q", s)
	}
}
