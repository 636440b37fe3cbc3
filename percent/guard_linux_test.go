//go:build amd64 && !purego

package percent

import (
	"syscall"
	"testing"
)

// newGuarded maps a guarded page (and its guard), unmapped when t ends.
func newGuarded(t testing.TB) *guarded {
	ps := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 2*ps, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	if err := syscall.Mprotect(mem[ps:], syscall.PROT_NONE); err != nil {
		t.Fatalf("mprotect: %v", err)
	}
	t.Cleanup(func() { syscall.Munmap(mem) })
	return &guarded{mem[:ps]}
}
