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

func TestViewAndBytes(t *testing.T) {
	b := []byte("record")
	v := View(b)
	if v != "record" || unsafe.StringData(v) != &b[0] {
		t.Fatalf("View = %q, shares memory %v", v, unsafe.StringData(v) == &b[0])
	}
	s := "immutable"
	bs := Bytes(s)
	if string(bs) != s || &bs[0] != unsafe.StringData(s) || len(bs) != len(s) {
		t.Fatalf("Bytes = %q", bs)
	}
	if len(Bytes("")) != 0 || View(nil) != "" {
		t.Fatal("empty inputs must give empty results")
	}
	if n := testing.AllocsPerRun(100, func() { v = View(b); bs = Bytes(s) }); n != 0 {
		t.Fatalf("View and Bytes allocated %v times", n)
	}
}
