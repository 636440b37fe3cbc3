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
