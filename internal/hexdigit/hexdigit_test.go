package hexdigit

import (
	"strconv"
	"testing"
)

func TestDigits(t *testing.T) {
	for c := range 256 {
		b := byte(c)
		v, err := strconv.ParseUint(string(rune(b)), 16, 8)
		if want := err == nil && b < 0x80; Is(b) != want {
			t.Errorf("Is(%q) = %v", b, !want)
		} else if want && uint64(Value(b)) != v {
			t.Errorf("Value(%q) = %d, want %d", b, Value(b), v)
		}
	}
}
