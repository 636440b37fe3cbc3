//go:build amd64 && !purego

package percent

import "unsafe"

// This file and vec_amd64.s hold the AVX-512 loops of the encoder and the
// decoder (AVX512BW with VBMI and VBMI2, and BMI2), used when the CPU has
// those features, and the dispatch to them or, on CPUs without them, to
// the AVX2 loops of avx2_amd64.go; vec_other.go stands in for all of them
// on other architectures and with the purego build tag. Each AVX-512 loop
// handles 64 input bytes per vector: VPERMB/VPERMT2B table lookups
// classify the bytes and find their hex digits, and VPCOMPRESSB packs the
// output, so that dense escapes cost no more than sparse ones. They are
// written in assembly rather than with simd/archsimd so that every build
// gets them, not only those made with GOEXPERIMENT=simd.

// vecOK is whether the CPU and the OS support the AVX-512 loops. It is set
// once, when the package is initialized, and never written again.
var vecOK = x86().avx512

// vecEnabled reports whether the vector loops run on this CPU: the
// AVX-512 ones of this file (vecOK), or else the AVX2 ones of
// avx2_amd64.go (avx2OK).
func vecEnabled() bool { return vecOK || avx2OK }

// x86Features says which vector loops the CPU and the OS support.
type x86Features struct {
	// avx512: AVX512F, BW, VBMI and VBMI2, with the opmask and ZMM
	// states saved by the OS.
	avx512 bool
	// avx2: AVX2, with the YMM state saved by the OS.
	avx2 bool
}

// x86 asks the CPU (CPUID) and the OS (XGETBV) which vector loops can run.
// Both kinds also need BMI1, BMI2 and POPCNT.
func x86() (f x86Features) {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return f
	}
	_, _, ecx1, _ := cpuid(1, 0)
	const osxsave, popcnt, avx = 1 << 27, 1 << 23, 1 << 28
	if ecx1&(osxsave|popcnt|avx) != osxsave|popcnt|avx {
		return f
	}
	_, ebx7, ecx7, _ := cpuid(7, 0)
	const (
		bmi1     = 1 << 3
		avx2     = 1 << 5
		bmi2     = 1 << 8
		avx512f  = 1 << 16
		avx512bw = 1 << 30
		vbmi     = 1 << 1
		vbmi2    = 1 << 6
	)
	if ebx7&(bmi1|bmi2) != bmi1|bmi2 {
		return f
	}
	// The states the OS saves: SSE and AVX (YMM); then opmask and both
	// halves of ZMM.
	const ymm = 1<<1 | 1<<2
	const zmm = ymm | 1<<5 | 1<<6 | 1<<7
	xcr0, _ := xgetbv()
	f.avx2 = xcr0&ymm == ymm && ebx7&avx2 != 0
	f.avx512 = xcr0&zmm == zmm && ebx7&(avx512f|avx512bw) == avx512f|avx512bw &&
		ecx7&(vbmi|vbmi2) == vbmi|vbmi2
	return f
}

// cpuid executes CPUID with EAX=leaf and ECX=sub.
func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)

// xgetbv returns the low half of XCR0 (XGETBV with ECX=0).
func xgetbv() (eax, edx uint32)

// decodeAVX512 decodes the n bytes at src into dst, which has room for n
// bytes (the output is never longer than the input), turning "+" into a
// space when plus is set. It stops and reports ok false at the first
// escape that is not "%" and two hex digits; otherwise it returns the
// number of bytes written and whether any of them is not ASCII. unhex is
// the 256-byte table of hex digit values.
//
//go:noescape
func decodeAVX512(dst, src *byte, n int, unhex *byte, plus bool) (written int, nonASCII, ok bool)

// encodeAVX512 encodes the n bytes at src into dst, which has room for the
// whole encoding, with the 256-byte table t (the lowest bit of t[c] set
// when c is encoded); with spacePlus a space that t encodes becomes "+".
// It returns the number of bytes written.
//
//go:noescape
func encodeAVX512(dst, src *byte, n int, t *[setSize]byte, spacePlus bool) (written int)

// indexAVX512 returns the index of the first of the n bytes at src that is
// in the table t, or n.
//
//go:noescape
func indexAVX512(t *[setSize]byte, src *byte, n int) int

// vecChunk is the most input one call of an assembly loop takes. The
// loops cannot be preempted, so long input is cut into pieces of well
// under a millisecond each, lest a garbage collection wait for them.
const vecChunk = 256 << 10

// vecDecode decodes s[i:] into b from b[n] on, b having room for
// len(s)-i more bytes, as fastFrom does: it reports false on any escape
// that is not "%" and two hex digits. It returns the new length and
// whether any output byte is not ASCII.
func vecDecode(b []byte, n int, s string, i int, plus bool) (int, bool, bool) {
	return vecDecodeOn(vecOK, b, n, s, i, plus)
}

// vecDecodeOn is vecDecode with the AVX-512 loop if avx512 is set, else
// with the AVX2 one (the tests try both).
func vecDecodeOn(avx512 bool, b []byte, n int, s string, i int, plus bool) (int, bool, bool) {
	nonASCII := false
	for i < len(s) {
		end := len(s)
		if end-i > vecChunk {
			// No escape may straddle two pieces.
			end = i + vecChunk
			if s[end-2] == '%' {
				end -= 2
			} else if s[end-1] == '%' {
				end--
			}
		}
		var w int
		var na, ok bool
		if avx512 {
			w, na, ok = decodeAVX512(&b[n], unsafe.StringData(s[i:end]), end-i, unsafe.StringData(unhex), plus)
		} else {
			w, na, ok = decodeAVX2(&b[n], unsafe.StringData(s[i:end]), end-i, unsafe.StringData(unhex), plus)
		}
		n += w
		if !ok {
			return n, false, false
		}
		nonASCII = nonASCII || na
		i = end
	}
	return n, nonASCII, true
}

// vecEncode encodes s[i:] into b from b[n] on with the 256-byte table t,
// b having room for the whole encoding; with spacePlus a space becomes
// "+". It returns the new length.
func vecEncode[T table](t T, b []byte, n int, s string, i int, spacePlus bool) int {
	return vecEncodeOn(vecOK, tableArray(t), b, n, s, i, spacePlus)
}

// vecEncodeOn is vecEncode with the AVX-512 loop if avx512 is set, else
// with the AVX2 one.
func vecEncodeOn(avx512 bool, t *[setSize]byte, b []byte, n int, s string, i int, spacePlus bool) int {
	for i < len(s) {
		end := min(len(s), i+vecChunk)
		if avx512 {
			n += encodeAVX512(&b[n], unsafe.StringData(s[i:end]), end-i, t, spacePlus)
		} else {
			n += encodeAVX2(&b[n], unsafe.StringData(s[i:end]), end-i, t, spacePlus)
		}
		i = end
	}
	return n
}

// vecIndex returns the index of the first byte of s in the table t, or
// len(s).
func vecIndex[T table](t T, s string) int {
	return vecIndexOn(vecOK, tableArray(t), s)
}

// vecIndexOn is vecIndex with the AVX-512 loop if avx512 is set, else
// with the AVX2 one.
func vecIndexOn(avx512 bool, t *[setSize]byte, s string) int {
	for i := 0; i < len(s); i += vecChunk {
		end := min(len(s), i+vecChunk)
		var j int
		if avx512 {
			j = indexAVX512(t, unsafe.StringData(s[i:end]), end-i)
		} else {
			j = indexAVX2(t, unsafe.StringData(s[i:end]), end-i)
		}
		if j < end-i {
			return i + j
		}
	}
	return len(s)
}

// tableArray returns the 256 bytes of the table t as the array pointer
// the assembly loops take. A Set's table is a string (so that Sets
// compare by content with ==): its bytes are passed to the loops, which
// only read them, as the input string's are, through unsafe.StringData.
// The safe equivalent, a copy of the table, made AppendEncode of a
// 23-byte path six times slower (about 20 ns to 130 ns an op, measured
// with AVX-512 when this moved here from encode.go).
func tableArray[T table](t T) *[setSize]byte {
	switch t := any(t).(type) {
	case string:
		return (*[setSize]byte)(unsafe.Pointer(unsafe.StringData(t[:setSize])))
	case []byte:
		return (*[setSize]byte)(t)
	}
	panic("percent: unknown table type")
}
