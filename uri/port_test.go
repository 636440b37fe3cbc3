package uri

import (
	"errors"
	"strconv"
	"testing"
)

// TestPortBoundaries pins the port range at its edges: the bound of the
// digit accumulation is easy to get off by one (65535 must pass, 65536 and
// 655350 must not), and leading zeros and long runs of digits must neither
// overflow nor wrap around.
func TestPortBoundaries(t *testing.T) {
	for _, c := range []struct {
		port string
		want int // -1: out of range
	}{
		{"0", 0}, {"1", 1}, {"80", 80}, {"65534", 65534}, {"65535", 65535},
		{"065535", 65535}, {"0000000000000000000000065535", 65535},
		{"65536", -1}, {"65540", -1}, {"99999", -1}, {"100000", -1},
		{"655350", -1}, {"655359", -1}, {"6553500", -1},
		{"18446744073709551616", -1}, {"99999999999999999999999999", -1},
	} {
		s := "http://h:" + c.port + "/"
		r, err := Parse(s)
		if c.want < 0 {
			if !errors.Is(err, ErrPortRange) {
				t.Errorf("Parse(%q) = %v, want %v", s, err, ErrPortRange)
			}
			var e *Error
			if errors.As(err, &e) && e.Offset != len("http://h:") {
				t.Errorf("Parse(%q): offset %d, want %d", s, e.Offset, len("http://h:"))
			}
			_, findings := ParseLenient(s)
			if len(findings) == 0 || findings[0].Code != ErrPortRange {
				t.Errorf("ParseLenient(%q) findings %v, want %v", s, findings, ErrPortRange)
			}
			continue
		}
		if err != nil {
			t.Errorf("Parse(%q): %v", s, err)
			continue
		}
		if n, ok := r.PortNumber(); !ok || n != c.want {
			t.Errorf("Parse(%q).PortNumber() = %d, %v; want %d", s, n, ok, c.want)
		}
		if p, _ := r.Port(); p != c.port {
			t.Errorf("Parse(%q).Port() = %q, want %q (kept as written)", s, p, c.port)
		}
	}
	// Every port from 65530 to 65545 either way of the bound.
	for n := 65530; n <= 65545; n++ {
		_, err := Parse("http://h:" + strconv.Itoa(n) + "/")
		if (err == nil) != (n <= 65535) {
			t.Errorf("port %d: err = %v", n, err)
		}
	}
}
