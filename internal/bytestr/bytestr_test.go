package bytestr

import (
	"testing"
	"unsafe"
)

func TestString(t *testing.T) {
	b := []byte("abc")
	s := String(b)
	if s != "abc" {
		t.Fatalf("String = %q", s)
	}
	if unsafe.StringData(s) != &b[0] {
		t.Fatal("String copied the bytes")
	}
	if String(nil) != "" || String(b[:0]) != "" {
		t.Fatal("empty slices must give the empty string")
	}
	if n := testing.AllocsPerRun(100, func() { s = String(b) }); n != 0 {
		t.Fatalf("String allocated %v times", n)
	}
}
