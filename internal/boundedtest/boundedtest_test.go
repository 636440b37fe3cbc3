package boundedtest

import (
	"strings"
	"testing"
)

func TestShapeInput(t *testing.T) {
	sh := Shape{Name: "x", Prefix: "p:", Unit: "ab", Suffix: "!"}
	if got := sh.Input(9); got != "p:ababab!" {
		t.Errorf("Input(9) = %q", got)
	}
	if got := sh.Input(0); got != "p:ab!" {
		t.Errorf("Input(0) = %q, want the unit once", got)
	}
	if got := len(sh.Input(1 << 16)); got < 1<<16-2 || got > 1<<16 {
		t.Errorf("Input(64 KiB) has %d bytes", got)
	}
}

// TestCheck: a linear operation passes, measured at 1 MiB too when
// cheap, and Cases names one case per shape.
func TestCheck(t *testing.T) {
	var sink []byte
	Check(t, Case{Op: "copy", Shape: "a", Input: Shape{Unit: "a"}.Input, Run: func(s string) { sink = []byte(s) }, Cheap: true})
	Check(t, Case{Op: "copy prepared", Shape: "a", Input: Shape{Unit: "a"}.Input, Prepare: func(s string) func() {
		return func() { sink = []byte(s) }
	}})
	_ = sink
	if got := Cases("op", func(string) {}, []Shape{{Name: "a", Unit: "a"}, {Name: "b", Unit: "b"}}); len(got) != 2 || got[1].Shape != "b" || !strings.HasPrefix(got[1].Input(4), "bbbb") {
		t.Errorf("Cases: %+v", got)
	}
}

// TestBytesPerCall: the mean per call of a call that allocates a known
// size, small (many calls share a span) and large (a span of its own),
// and the number of calls: 64 KiB of input in all, at least 1, at most 64.
func TestBytesPerCall(t *testing.T) {
	SkipIfRace(t)
	var sink []byte
	for _, c := range []struct{ size, n, calls int }{
		{1024, 1024, 64}, {1024, 16, 64}, {300 << 10, 300 << 10, 1}, {16 << 10, 16 << 10, 4},
	} {
		calls := 0
		got := BytesPerCall(func() { calls++; sink = make([]byte, c.size) }, c.n)
		if calls != c.calls+1 {
			t.Errorf("%d bytes on an input of %d: %d calls, want %d and one to warm up", c.size, c.n, calls, c.calls)
		}
		// The runtime rounds a size up to its size class, and a small
		// allocation's span is charged whole when the first call takes it.
		if got < float64(c.size) || got > 1.5*float64(c.size) {
			t.Errorf("%d bytes on an input of %d: %.0f bytes per call", c.size, c.n, got)
		}
	}
	_ = sink
}
