package ascii

import "testing"

func TestLower(t *testing.T) {
	for in, want := range map[string]string{
		"":            "",
		"abc":         "abc",
		"HTTP":        "http",
		"ExAmPle.COM": "example.com",
		"BÜCHER":      "bÜcher",
		"\xffA@[`Z{":  "\xffa@[`z{",
	} {
		if got := Lower(in); got != want {
			t.Errorf("Lower(%q) = %q, want %q", in, got, want)
		}
		if got := string(AppendLower([]byte("x"), in)); got != "x"+want {
			t.Errorf("AppendLower(%q) = %q", in, got)
		}
		if HasUpper(in) != (in != want) {
			t.Errorf("HasUpper(%q) = %v", in, HasUpper(in))
		}
	}
	s := "already.lower"
	if n := testing.AllocsPerRun(100, func() { s = Lower(s) }); n != 0 {
		t.Errorf("Lower of a lowered string allocated %v times", n)
	}
}

func TestIs(t *testing.T) {
	base := "abcdefghijklmnopqrstuvwxyz0123"
	for n := 0; n <= len(base); n++ {
		s := base[:n]
		if !Is(s) {
			t.Errorf("Is(%q) = false", s)
		}
		for i := 0; i < n; i++ {
			for _, c := range []byte{0x80, 0xc3, 0xff} {
				b := []byte(s)
				b[i] = c
				if Is(string(b)) {
					t.Errorf("Is(%q) = true", b)
				}
			}
		}
	}
}
