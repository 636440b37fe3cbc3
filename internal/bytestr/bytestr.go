// Package bytestr holds the one unsafe conversion the library allows
// itself: a string that shares the memory of a byte slice the caller has
// finished writing. It is the only place outside the percent package's
// vector loops where the library imports unsafe.
//
// The invariant, written once: after String(b) the caller never writes
// b[0:len(b)] again, through b or any slice sharing its array. The string
// keeps the array alive, so the memory stays valid; what the invariant
// rules out is a later write changing an immutable string. Every caller
// states at its call site why b is not written again (typically: b was
// allocated for this result and goes out of scope).
package bytestr

import "unsafe"

// String returns a string holding the bytes of b without copying them.
// The caller must never write b[0:len(b)] again (see the package doc).
func String(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}
