package window

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestAppendQuoted(t *testing.T) {
	long := strings.Repeat("a", 50) + " " + strings.Repeat("b", 50)
	for _, c := range []struct {
		s    string
		off  int
		want string
	}{
		{"", 0, `""`},
		{"a b", 1, `"a b"`},
		{"a b", -5, `"a b"`},
		{"a b", 99, `"a b"`},
		{long, 50, `…"` + strings.Repeat("a", 40) + " " + strings.Repeat("b", 39) + `"…`},
		{long, 0, `"` + strings.Repeat("a", 40) + `"…`},
		{long, len(long), `…"` + strings.Repeat("b", 40) + `"`},
		// Cut on code point boundaries: é is 2 bytes, so 40 bytes from
		// the offset fall inside one after it.
		{strings.Repeat("é", 30) + "x" + strings.Repeat("é", 30), 60, `…"` + strings.Repeat("é", 20) + "x" + strings.Repeat("é", 19) + `"…`},
		// Not UTF-8: a long run of continuation bytes is cut 3 bytes in.
		{strings.Repeat("\x80", 100), 50, `…"` + strings.Repeat(`\x80`, 74) + `"…`},
	} {
		if got := string(AppendQuoted(nil, c.s, c.off)); got != c.want {
			t.Errorf("AppendQuoted(%q, %d) = %s, want %s", c.s, c.off, got, c.want)
		}
	}
}

func TestPlain(t *testing.T) {
	long := strings.Repeat("a", 50) + " " + strings.Repeat("b", 50)
	for _, c := range []struct {
		s    string
		off  int
		want string
	}{
		{"", 0, ""},
		{"a b", 1, "a b"},
		{long, 50, "…" + strings.Repeat("a", 40) + " " + strings.Repeat("b", 39) + "…"},
		{"x." + strings.Repeat("é", 30), 2, "x." + strings.Repeat("é", 20) + "…"},
	} {
		if got := Plain(c.s, c.off); got != c.want {
			t.Errorf("Plain(%q, %d) = %q, want %q", c.s, c.off, got, c.want)
		}
	}
	// A sub-range: the marks say where the range, not s, goes on.
	s := "head." + strings.Repeat("c", 60) + ".tail"
	if got, want := string(AppendPlain(nil, s, 5, 65, 5)), strings.Repeat("c", 40)+"…"; got != want {
		t.Errorf("AppendPlain of the label = %q, want %q", got, want)
	}
	if got, want := string(AppendPlain(nil, s, 5, 65, 64)), "…"+strings.Repeat("c", 41); got != want {
		t.Errorf("AppendPlain at the label's end = %q, want %q", got, want)
	}
}

// TestBounds checks the invariants of every window over inputs with
// multi-byte characters and stray bytes: within the range, at most Side
// bytes each side, holding the offset, and on UTF-8 boundaries where the
// input is UTF-8.
func TestBounds(t *testing.T) {
	inputs := []string{
		strings.Repeat("a", 200),
		strings.Repeat("é", 100),
		strings.Repeat("日本", 50),
		strings.Repeat("😀", 40),
		strings.Repeat("\x80", 200),
		strings.Repeat("\xff", 200),
		"ab\x80\x80\x80\x80\x80\x80cdé日😀" + strings.Repeat("\x80\xbf", 40) + "z",
	}
	for _, s := range inputs {
		for start := 0; start <= len(s); start += 17 {
			for end := start; end <= len(s); end += 23 {
				for off := start - 2; off <= end+2; off++ {
					lo, hi := Bounds(s, start, end, off)
					o := min(max(off, start), end)
					if lo < start || hi > end || lo > o || hi < min(o+1, end) || o-lo > Side || hi-o > Side {
						t.Fatalf("Bounds(%q, %d, %d, %d) = %d, %d", s, start, end, off, lo, hi)
					}
					if utf8.ValidString(s) {
						if lo > start && !utf8.RuneStart(s[lo]) || hi < end && !utf8.RuneStart(s[hi]) {
							t.Fatalf("Bounds(%q, %d, %d, %d) = %d, %d: not on a boundary", s, start, end, off, lo, hi)
						}
					}
				}
			}
		}
	}
}

func TestAllocs(t *testing.T) {
	s := strings.Repeat("x", 1<<20)
	b := make([]byte, 0, 256)
	if n := testing.AllocsPerRun(10, func() { b = AppendQuoted(b[:0], s, 1<<19) }); n != 0 {
		t.Errorf("AppendQuoted into room: %v allocations", n)
	}
	if n := testing.AllocsPerRun(10, func() { _ = Plain(s, 1<<19) }); n > 2 {
		t.Errorf("Plain: %v allocations", n)
	}
}

func TestAppendHead(t *testing.T) {
	if got, want := string(AppendHead(nil, "uri: ", "a b", 1)), `uri: "a b": offset 1`; got != want {
		t.Errorf("AppendHead = %s, want %s", got, want)
	}
	if got, want := string(AppendHead(nil, "x: ", "", -1)), `x: "": offset -1`; got != want {
		t.Errorf("AppendHead of the zero Error = %s, want %s", got, want)
	}
}

func TestClip(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{
		{"abc", 3, "abc"},
		{"abcd", 3, "abc…"},
		{"aéb", 2, "a…"},
		{"日本", 4, "日…"},
		{"abc", 0, "…"},
		{strings.Repeat("\x80", 10), 6, strings.Repeat("\x80", 3) + "…"},
	} {
		if got := Clip(c.s, c.n); got != c.want {
			t.Errorf("Clip(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
}
