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
var avx2OK = !vecOK && x86().avx2

// decodeAVX2Loop decodes the n bytes at src, the output of all but the
// last 20 to 51 bytes (all of input shorter than 52 bytes) into dst
// (written bytes) and the output of the rest, the tail, into tdst,
// which has room for 64 bytes (twritten bytes). It reports ok false if any
// "%" is not followed by two hex digits; otherwise it also reports
// whether any output byte is not ASCII. It reads nothing past src+n and,
// for n < 32, the 32 bytes before src+n. It may write up to 6 bytes past
// the output in dst, always covered by the output in tdst, and past it
// in tdst.
//
//go:noescape
func decodeAVX2Loop(dst, src *byte, n int, plus bool, tdst *byte) (written, twritten int, nonASCII, ok bool)

// decodeAVX2 is decodeAVX512 for AVX2 CPUs: it decodes the n bytes at src
// into dst, which has room for n bytes, turning "+" into a space when plus
// is set. It reports ok false if any escape is not "%" and two hex digits;
// otherwise it returns the number of bytes written and whether any of
// them is not ASCII. unhex is not used (the loop tests digits with
// compares); it is there for the common signature.
//
// decodeAVX2Loop decodes the tail (the last 20 to 51 bytes) into a buffer
// on the stack, copied to dst after the rest, so that on success nothing
// is written past dst+written. Input shorter than a vector is copied
// behind 32 zero bytes first, for the loop's load that ends with it.
func decodeAVX2(dst, src *byte, n int, unhex *byte, plus bool) (written int, nonASCII, ok bool) {
	var in [64]byte
	if n < 32 {
		copy(in[32:], unsafe.Slice(src, n))
		src = &in[32]
	}
	var out [64]byte
	w, tw, na, ok := decodeAVX2Loop(dst, src, n, plus, &out[0])
	if !ok {
		return 0, false, false
	}
	copy(unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(dst), w)), tw), out[:tw])
	return w + tw, na, true
}

// encodeAVX2Loop encodes the n bytes at src with the table t, as
// encodeAVX2 does, the output of all but the last 12 to 43 bytes (all of
// input shorter than 44 bytes) into dst (written bytes) and the output of
// the rest, the tail, into tdst, which has room for 224 bytes,
// followed by the encoding of the zero bytes that pad the last of them to
// a multiple of 32 (twritten bytes in all). It reads nothing past src+n
// and, for n < 32, the 32 bytes before src+n. It may write past the
// output in dst, never past what the output in tdst adds to it.
//
//go:noescape
func encodeAVX2Loop(dst, src *byte, n int, t *[setSize]byte, spacePlus bool, tdst *byte) (written, twritten int)

// encodeAVX2 is encodeAVX512 for AVX2 CPUs: it encodes the n bytes at src
// into dst, which has room for the whole encoding, with the 256-byte table
// t (the lowest bit of t[c] set when c is encoded); with spacePlus a space
// that t encodes becomes "+". It returns the number of bytes written.
//
// encodeAVX2Loop encodes the tail (the last 12 to 43 bytes) into a buffer
// on the stack, whose part that encodes the input is copied to dst after
// the rest, so that nothing is written past dst+written. Input shorter
// than a vector is copied behind 32 zero bytes first, for the loop's load
// that ends with it.
func encodeAVX2(dst, src *byte, n int, t *[setSize]byte, spacePlus bool) (written int) {
	if n == 0 {
		return 0
	}
	var in [64]byte
	if n < 32 {
		copy(in[32:], unsafe.Slice(src, n))
		src = &in[32]
	}
	var out [224]byte
	w, tw := encodeAVX2Loop(dst, src, n, t, spacePlus, &out[0])
	r := n // the tail
	if n >= 44 {
		r = n - 32*((n-44)/32+1)
	}
	// The padding's zero bytes were encoded after the tail's.
	if pad := (32 - r%32) % 32; pad > 0 {
		if t[0]&1 != 0 {
			pad *= 3
		}
		tw -= pad
	}
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
