//go:build amd64 && !purego && !linux

package percent

import "testing"

// newGuarded returns a page with no guard after it: on this OS the tests
// compare results but cannot catch an access past the end.
func newGuarded(t testing.TB) *guarded {
	return &guarded{make([]byte, 4096)}
}
