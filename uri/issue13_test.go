package uri

import (
	"strings"
	"testing"
)

// TestErrorShowsCharacter checks that an error message names the offending
// character whole, not its first byte read as Latin-1, and shows bytes
// that are not UTF-8 as \xNN.
func TestErrorShowsCharacter(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"/p§q", `offset 2 (path): '§': non-ASCII`},
		{"http://h/é", `offset 9 (path): 'é': non-ASCII`},
		{"/a\u00a0", `offset 2 (path): '\u00a0': non-ASCII`},
		{"/p\xffq", `offset 2 (path): '\xff': raw bytes`},
		{"/p\xc3", `offset 2 (path): '\xc3': raw bytes`},
		{"/a\x00", `offset 2 (path): '\x00': character`},
		{"/a b", `offset 2 (path): ' ': character`},
		{"/a\U0001F600", `offset 2 (path): '😀': non-ASCII`},
	} {
		_, err := Parse(c.in)
		if err == nil {
			t.Errorf("Parse(%q) = nil error", c.in)
			continue
		}
		if got := err.Error(); !strings.Contains(got, c.want) {
			t.Errorf("Parse(%q): %s\nwant it to contain %s", c.in, got, c.want)
		}
	}
}
