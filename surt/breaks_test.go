package surt

import (
	"strings"
	"testing"
)

// TestBreaksKeepBytes checks that the tabs and line breaks a key drops
// change nothing else: a byte that is not UTF-8 keeps its own escape
// (never U+FFFD), and the key is the one of the same URL without them.
func TestBreaksKeepBytes(t *testing.T) {
	for _, in := range []string{
		"http://a.com/\x86", "http://a.com/\x86#x", "http://a.com/p?q=\xff\xfe", "http://a.com/\xe4\xbd",
		"http://www.a.com/x/\xc3?\x80=1", "http://a.com/\xf0\x9f\x98",
	} {
		want, err := Key(in, Options{})
		if err != nil {
			t.Fatalf("Key(%q): %v", in, err)
		}
		for _, with := range []string{in + "\r", in[:10] + "\t" + in[10:] + "\n", "\n" + in, strings.Replace(in, "/", "/\r\n", 1)} {
			got, err := Key(with, Options{})
			if err != nil || got != want {
				t.Errorf("Key(%q) = %q, %v; want %q, the key of %q", with, got, err, want, in)
			}
			if strings.Contains(strings.ToLower(got), "%ef%bf%bd") {
				t.Errorf("Key(%q) = %q: a U+FFFD that the input does not hold", with, got)
			}
		}
	}
}
