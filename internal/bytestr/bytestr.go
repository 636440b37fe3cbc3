// Package bytestr holds the unsafe conversions between strings and byte
// slices that urikit allows itself, each with its invariant written here
// once. Outside it, only the vector loops of percent-encoding and the
// CLI's terminal check import unsafe (API.md, rule 8).
//
// The invariant, in one sentence: a string is immutable, so no byte a
// string shares may be written while the string is in use. Concretely:
//
//   - String(b): the caller never writes b[0:len(b)] again, through b or
//     any slice sharing its array (typically: b was allocated for this
//     result and goes out of scope). The string keeps the array alive.
//   - View(b): the caller neither keeps the string nor writes b while the
//     string is in use; the string is dead before b is written again.
//   - Bytes(s): the caller never writes the bytes.
//
// Every caller states at its call site why the invariant holds.
package bytestr

import "unsafe"

// String returns a string holding the bytes of b without copying them.
// The caller must never write b[0:len(b)] again (see the package doc).
func String(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// View returns a string holding the bytes of b without copying them, for a
// string that lives shorter than b's contents: the caller must not keep the
// string (nor anything sliced from it) past the next write to b. The CLI's
// record loop uses it to hand a record to the library without a copy while
// the batch holding the record is refilled only after the record's output
// is written.
func View(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// Bytes returns the bytes of s without copying them. The caller must never
// write them: s is immutable, and so is the memory behind it.
func Bytes(s string) []byte {
	return unsafe.Slice(unsafe.StringData(s), len(s))
}
