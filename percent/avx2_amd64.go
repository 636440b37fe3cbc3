//go:build amd64 && !purego

package percent

import "unsafe"

// This file and avx2_amd64.s hold the AVX2 loops of the encoder and the
// decoder, for amd64 CPUs that have AVX2 (and BMI1, BMI2 and POPCNT) but
// not the AVX-512 of vec_amd64.go, such as AMD Zen 2 and 3 and many Intel
// client CPUs. They handle 32 input bytes per vector, with VPSHUFB
// tables where AVX-512 has VPERMB and VPCOMPRESSB.

// avx2OK is whether the AVX2 loops run: the CPU and the OS support them
// and not the AVX-512 loops, which come first. It is set once, when the
// package is initialized, and never written again.
var avx2OK = !vecOK && avx2Supported()

// avx2Supported asks the CPU (CPUID) and the OS (XGETBV) whether the AVX2
// loops can run.
func avx2Supported() bool {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	_, _, ecx1, _ := cpuid(1, 0)
	const osxsave, popcnt, avx = 1 << 27, 1 << 23, 1 << 28
	if ecx1&(osxsave|popcnt|avx) != osxsave|popcnt|avx {
		return false
	}
	// The OS saves the SSE and AVX (YMM) states.
	const xcr0 = 1<<1 | 1<<2
	if eax, _ := xgetbv(); eax&xcr0 != xcr0 {
		return false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	const bmi1, avx2, bmi2 = 1 << 3, 1 << 5, 1 << 8
	return ebx7&(bmi1|avx2|bmi2) == bmi1|avx2|bmi2
}

// decodeAVX2Blocks decodes blocks windows of 32 bytes at src into dst,
// reading 32*blocks+2 bytes (the digits of an escape that starts in the
// last two bytes) and writing at most 32*blocks, then likewise tblocks
// windows at tsrc into tdst. It reports ok false if any "%" in the windows
// is not followed by two hex digits; otherwise it returns the number of
// bytes written to dst and to tdst and whether any of them is not ASCII.
// It may write up to 6 bytes past those it reports (scratch). The digits
// of an escape at the end of the last window of src are not its business:
// the caller skips them in the tail.
//
//go:noescape
func decodeAVX2Blocks(dst, src *byte, blocks int, plus bool, tdst, tsrc *byte, tblocks int) (written, twritten int, nonASCII, ok bool)

// decodeAVX2 is decodeAVX512 for AVX2 CPUs: it decodes the n bytes at src
// into dst, which has room for n bytes, turning "+" into a space when plus
// is set. It reports ok false if any escape is not "%" and two hex digits;
// otherwise it returns the number of bytes written and whether any of
// them is not ASCII. unhex is not used (the loop tests digits with
// compares); it is there for the common signature.
//
// All but the last 34 to 65 bytes are decoded in place; the rest (or all
// of short input), the tail, is copied into a zero-padded buffer on the
// stack, decoded from there into another, and copied to dst, so that no
// vector reads past src+n and, on success, nothing is written past
// dst+written (the tail's output covers the scratch bytes written past
// the rest's). A zero byte is no hex digit, so an escape cut off by the
// end fails as it should, and the padding decodes to itself.
func decodeAVX2(dst, src *byte, n int, unhex *byte, plus bool) (written int, nonASCII, ok bool) {
	i, blocks := 0, 0
	if n >= 66 {
		blocks = (n - 34) / 32
		i = 32 * blocks
		// Skip the digits of an escape in the last two bytes of the
		// windows, decoded with them (a "%" is no digit: at i-2 it
		// starts an escape).
		if *(*byte)(unsafe.Add(unsafe.Pointer(src), i-1)) == '%' {
			i += 2
		} else if *(*byte)(unsafe.Add(unsafe.Pointer(src), i-2)) == '%' {
			i++
		}
	}
	r := n - i
	var in, out [128]byte
	copy(in[:], unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(src), i)), r))
	tblocks := (r + 31) / 32
	w, tw, na, ok := decodeAVX2Blocks(dst, src, blocks, plus, &out[0], &in[0], tblocks)
	if !ok {
		return 0, false, false
	}
	// The padding came out as itself, after the tail's output.
	tw -= 32*tblocks - r
	copy(unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(dst), w)), tw), out[:tw])
	return w + tw, na, true
}

// encodeAVX2Blocks encodes blocks windows of 32 bytes at src into dst
// with the table t, as encodeAVX2 does, then likewise tblocks windows at
// tsrc into tdst, and returns the number of bytes written to each. At
// least 12 bytes of input must follow the last window of src (their
// encoding is room for its 16-byte stores), and tdst have 16 bytes of
// room past the tail's encoding.
//
//go:noescape
func encodeAVX2Blocks(dst, src *byte, blocks int, t *[setSize]byte, spacePlus bool, tdst, tsrc *byte, tblocks int) (written, twritten int)

// encodeAVX2 is encodeAVX512 for AVX2 CPUs: it encodes the n bytes at src
// into dst, which has room for the whole encoding, with the 256-byte table
// t (the lowest bit of t[c] set when c is encoded); with spacePlus a space
// that t encodes becomes "+". It returns the number of bytes written.
//
// All but the last 12 to 43 bytes are encoded in place; the rest (or all
// of short input), the tail, is copied into a zero-padded buffer on the
// stack, encoded from there into another, and the part that is the
// encoding of the input copied to dst, so that nothing is read past
// src+n nor written past dst+written.
func encodeAVX2(dst, src *byte, n int, t *[setSize]byte, spacePlus bool) (written int) {
	if n == 0 {
		return 0
	}
	i, blocks := 0, 0
	if n >= 44 {
		blocks = (n - 12) / 32
		i = 32 * blocks
	}
	r := n - i
	var in [64]byte
	var out [224]byte
	copy(in[:], unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(src), i)), r))
	tblocks := (r + 31) / 32
	w, tw := encodeAVX2Blocks(dst, src, blocks, t, spacePlus, &out[0], &in[0], tblocks)
	// The padding's zero bytes were encoded after the input's.
	pad := 32*tblocks - r
	if t[0]&1 != 0 {
		pad *= 3
	}
	tw -= pad
	copy(unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(dst), w)), tw), out[:tw])
	return w + tw
}

// indexAVX2Loop is indexAVX2 for n >= 32.
//
//go:noescape
func indexAVX2Loop(t *[setSize]byte, src *byte, n int) int

// indexAVX2 returns the index of the first of the n bytes at src that is
// in the table t, or n. Short input is looked at in a zero-padded copy.
func indexAVX2(t *[setSize]byte, src *byte, n int) int {
	if n >= 32 {
		return indexAVX2Loop(t, src, n)
	}
	var in [32]byte
	copy(in[:], unsafe.Slice(src, n))
	return min(indexAVX2Loop(t, &in[0], 32), n)
}
