//go:build goexperiment.simd && amd64

package percent

import (
	"math/bits"
	"simd/archsimd"
	"unsafe"
)

// This file holds the AVX-512 (VBMI, VBMI2 and GFNI) loops of the encoder and
// the decoder, built with GOEXPERIMENT=simd on amd64 and used when the CPU
// has those features; vec_other.go stands in for it elsewhere. Each loop
// handles 64 input bytes per vector: VPERMB/VPERMI2B table lookups
// classify the bytes and find their hex digits (with VGF2P8AFFINEQB for
// the high nibble), and VPCOMPRESSB packs the
// output, so that dense escapes cost no more than sparse ones. Each loop
// ends with VZEROUPPER: the SSE code of the runtime (IndexByte, memmove)
// that runs next is many times slower while the upper halves of the
// vector registers are dirty.

// vecEnabled reports whether the vector loops run on this CPU.
func vecEnabled() bool {
	return archsimd.X86.AVX512VBMI() && archsimd.X86.AVX512VBMI2() && archsimd.X86.AVX512GFNI()
}

// vecConst loads 64 bytes of the constant string c from offset off.
func vecConst(c string, off int) archsimd.Uint8x64 {
	return archsimd.LoadUint8x64((*[64]uint8)(unsafe.Pointer(unsafe.StringData(c[off : off+64]))))
}

// vecLoad loads up to 64 bytes of s from i on, the bytes past the end of
// s being zero, and returns the mask of the loaded bytes.
func vecLoad(s string, i int) (archsimd.Uint8x64, uint64) {
	p := unsafe.Pointer(unsafe.StringData(s[i:]))
	if r := len(s) - i; r < 64 {
		m := uint64(1)<<r - 1
		return archsimd.LoadMaskedUint8x64((*[64]uint8)(p), archsimd.Mask8x64FromBits(m)), m
	}
	return archsimd.LoadUint8x64((*[64]uint8)(p)), ^uint64(0)
}

// vecStore stores the first k bytes of x at b[n:], with one full store
// when b has room for it.
func vecStore(x archsimd.Uint8x64, b []byte, n, k int) {
	if len(b)-n >= 64 {
		x.Store((*[64]uint8)(b[n : n+64]))
		return
	}
	x.StoreSlicePart(b[n : n+k])
}

// vecDecode decodes s[i:] into b from b[n] on, b having room for
// len(s)-i more bytes, as fastFrom does: it reports false on any escape
// that is not "%" and two hex digits. It returns the new length and
// whether any output byte is not ASCII.
func vecDecode(b []byte, n int, s string, i int, plus bool) (int, bool, bool) {
	// Full windows with nothing to decode are copied by a tight loop
	// first; whether they hold non-ASCII bytes is told once, at the end.
	var or archsimd.Uint8x64
	for i+64 <= len(s) && len(b)-n >= 64 {
		x := archsimd.LoadUint8x64((*[64]uint8)(unsafe.Pointer(unsafe.StringData(s[i:]))))
		special := x.Equal(vecConst(vecSplats, splatPercent))
		if plus {
			special = special.Or(x.Equal(vecConst(vecSplats, splatPlus)))
		}
		if special.ToBits() != 0 {
			break
		}
		or = or.Or(x)
		x.Store((*[64]uint8)(b[n : n+64]))
		n += 64
		i += 64
	}
	high := or.Greater(vecConst(vecSplats, splatASCII)).ToBits()
	for i < len(s) {
		x, valid := vecLoad(s, i)
		p := x.Equal(vecConst(vecSplats, splatPercent)).ToBits() & valid
		var q uint64
		if plus {
			q = x.Equal(vecConst(vecSplats, splatPlus)).ToBits() & valid
		}
		high |= x.Greater(vecConst(vecSplats, splatASCII)).ToBits() & valid
		if p == 0 {
			k := bits.OnesCount64(valid)
			if q != 0 {
				x = vecConst(vecSplats, splatSpace).Merge(x, archsimd.Mask8x64FromBits(q))
			}
			vecStore(x, b, n, k)
			n += k
			i += k
			continue
		}
		// An escape that starts in the last two bytes of a full window
		// is left to the next one.
		if c := p >> 62; valid == ^uint64(0) && c != 0 {
			valid = 1<<(62+bits.TrailingZeros64(c)) - 1
			p &= valid
			q &= valid
		}
		// The two hex digits of each escape, moved onto its "%": a
		// byte that is no hex digit (including the zeros past the end
		// of s) or is not ASCII has a value above 15.
		nib := vecConst(unhex, 0).ConcatPermute(vecConst(unhex, 64), x).Or(x.AndNot(vecConst(vecSplats, splatASCII)))
		d1, d2 := nib.Permute(vecConst(vecNext1, 0)), nib.Permute(vecConst(vecNext2, 0))
		pm := archsimd.Mask8x64FromBits(p)
		if d1.Or(d2).Greater(vecConst(vecSplats, splatFifteen)).ToBits()&p != 0 {
			archsimd.ClearAVXUpperBits()
			return n, false, false
		}
		dec := vecConst(vecNibbleHigh, 0).ConcatPermute(vecConst(vecNibbleHigh, 64), x).Permute(vecConst(vecNext1, 0)).Or(d2)
		high |= dec.Greater(vecConst(vecSplats, splatASCII)).ToBits() & p
		y := dec.Merge(x, pm)
		if q != 0 {
			y = vecConst(vecSplats, splatSpace).Merge(y, archsimd.Mask8x64FromBits(q))
		}
		keep := valid &^ (p<<1 | p<<2)
		k := bits.OnesCount64(keep)
		vecStore(y.Compress(archsimd.Mask8x64FromBits(keep)), b, n, k)
		n += k
		i += bits.OnesCount64(valid)
	}
	archsimd.ClearAVXUpperBits()
	return n, high != 0, true
}

// vecMember returns the mask of the bytes of x that are in the table t
// (the lowest bit of each table byte).
//
// The loops load their constant vectors where they use them, from
// read-only data, rather than once before the loop: the compiler keeps
// only 16 vectors in registers and would spill every constant to the
// stack on each call, which costs short input more than the loads.
func vecMember(t *[setSize]byte, x archsimd.Uint8x64) uint64 {
	tc := unsafe.String(&t[0], setSize)
	low := x.LessEqual(vecConst(vecSplats, splatASCII))
	lo := vecConst(tc, 0).ConcatPermute(vecConst(tc, 64), x)
	hi := vecConst(tc, 128).ConcatPermute(vecConst(tc, 192), x)
	member := lo.Merge(hi, low).And(vecConst(vecSplats, splatOne))
	return member.NotEqual(archsimd.Uint8x64{}).ToBits()
}

// vecIndex returns the index of the first byte of s in the table t, or
// len(s).
func vecIndex(t *[setSize]byte, s string) int {
	i := 0
	for i < len(s) {
		x, valid := vecLoad(s, i)
		if m := vecMember(t, x) & valid; m != 0 {
			i += bits.TrailingZeros64(m)
			break
		}
		i += bits.OnesCount64(valid)
	}
	archsimd.ClearAVXUpperBits()
	return i
}

// vecEncode encodes s[i:] into b from b[n] on with the 256-byte table t
// (the lowest bit of t[c] set when c is encoded), b having room for the
// whole encoding; with spacePlus a space becomes "+". It returns the new
// length.
func vecEncode(t *[setSize]byte, b []byte, n int, s string, i int, spacePlus bool) int {
	for i < len(s) {
		x, valid := vecLoad(s, i)
		m := vecMember(t, x) & valid
		if m == 0 {
			k := bits.OnesCount64(valid)
			vecStore(x, b, n, k)
			n += k
			i += k
			continue
		}
		// Encode the first 21 bytes (or fewer at the end): each becomes
		// the triple (byte or "%", high digit, low digit), of which
		// VPCOMPRESSB keeps the first alone for a byte that stays.
		w := min(21, bits.OnesCount64(valid))
		esc := m & (1<<w - 1)
		first := vecConst(vecSplats, splatPercent).Merge(x, archsimd.Mask8x64FromBits(esc))
		if spacePlus {
			if sp := x.Equal(vecConst(vecSplats, splatSpace)).ToBits() & esc; sp != 0 {
				esc &^= sp
				first = vecConst(vecSplats, splatPlus).Merge(first, archsimd.Mask8x64FromBits(sp))
			}
		}
		// Bytes 0-20 of twice are those of x, and so are bytes 21-41:
		// the first get their high nibble, the others their low one,
		// and one lookup turns the nibbles into hex digits.
		twice := x.Permute(vecConst(vecTwice, 0))
		shift4 := archsimd.LoadUint64x8((*[8]uint64)(unsafe.Pointer(unsafe.StringData(vecShiftRight4))))
		nibbles := twice.GaloisFieldAffineTransform(shift4, 0).Merge(twice.And(vecConst(vecSplats, splatFifteen)), archsimd.Mask8x64FromBits(1<<21-1))
		digits := vecConst(vecHexLow, 0).Permute(nibbles)
		y := first.ConcatPermute(digits, vecConst(vecTriples, 0))
		ones := vecConst(vecSplats, splatOnes)
		flags := ones.Masked(archsimd.Mask8x64FromBits(esc)).ConcatPermute(ones, vecConst(vecKeep, 0))
		keep := flags.NotEqual(archsimd.Uint8x64{}).And(archsimd.Mask8x64FromBits(uint64(1)<<(3*w) - 1))
		k := w + 2*bits.OnesCount64(esc)
		vecStore(y.Compress(keep), b, n, k)
		n += k
		i += w
	}
	archsimd.ClearAVXUpperBits()
	return n
}

// vecShiftRight4 is the GF(2) matrix (eight times over) with which
// VGF2P8AFFINEQB shifts each byte right by 4.
const vecShiftRight4 = "" +
	"\x00\x00\x00\x00\x80\x40\x20\x10\x00\x00\x00\x00\x80\x40\x20\x10" +
	"\x00\x00\x00\x00\x80\x40\x20\x10\x00\x00\x00\x00\x80\x40\x20\x10" +
	"\x00\x00\x00\x00\x80\x40\x20\x10\x00\x00\x00\x00\x80\x40\x20\x10" +
	"\x00\x00\x00\x00\x80\x40\x20\x10\x00\x00\x00\x00\x80\x40\x20\x10"

// vecNext1 selects byte k+1 for each byte k (Permute wraps 64 to 0).
const vecNext1 = "" +
	"\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10" +
	"\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\x20" +
	"\x21\x22\x23\x24\x25\x26\x27\x28\x29\x2a\x2b\x2c\x2d\x2e\x2f\x30" +
	"\x31\x32\x33\x34\x35\x36\x37\x38\x39\x3a\x3b\x3c\x3d\x3e\x3f\x40"

// vecNext2 selects byte k+2 for each byte k.
const vecNext2 = "" +
	"\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11" +
	"\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\x20\x21" +
	"\x22\x23\x24\x25\x26\x27\x28\x29\x2a\x2b\x2c\x2d\x2e\x2f\x30\x31" +
	"\x32\x33\x34\x35\x36\x37\x38\x39\x3a\x3b\x3c\x3d\x3e\x3f\x40\x41"

// vecNibbleHigh maps an ASCII hex digit to its value shifted up by 4.
const vecNibbleHigh = "" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x10\x20\x30\x40\x50\x60\x70\x80\x90\x00\x00\x00\x00\x00\x00" +
	"\x00\xa0\xb0\xc0\xd0\xe0\xf0\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\xa0\xb0\xc0\xd0\xe0\xf0\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"

// vecHexLow maps the low 6 bits of a byte to the uppercase hex digit of its low nibble.
const vecHexLow = "" +
	"\x30\x31\x32\x33\x34\x35\x36\x37\x38\x39\x41\x42\x43\x44\x45\x46" +
	"\x30\x31\x32\x33\x34\x35\x36\x37\x38\x39\x41\x42\x43\x44\x45\x46" +
	"\x30\x31\x32\x33\x34\x35\x36\x37\x38\x39\x41\x42\x43\x44\x45\x46" +
	"\x30\x31\x32\x33\x34\x35\x36\x37\x38\x39\x41\x42\x43\x44\x45\x46"

// vecTwice repeats bytes 0-20 at 21-41.
const vecTwice = "" +
	"\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f" +
	"\x10\x11\x12\x13\x14\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a" +
	"\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"

// vecTriples interleaves byte k of the first vector with bytes k and 21+k of the second.
const vecTriples = "" +
	"\x00\x40\x55\x01\x41\x56\x02\x42\x57\x03\x43\x58\x04\x44\x59\x05" +
	"\x45\x5a\x06\x46\x5b\x07\x47\x5c\x08\x48\x5d\x09\x49\x5e\x0a\x4a" +
	"\x5f\x0b\x4b\x60\x0c\x4c\x61\x0d\x4d\x62\x0e\x4e\x63\x0f\x4f\x64" +
	"\x10\x50\x65\x11\x51\x66\x12\x52\x67\x13\x53\x68\x14\x54\x69\x00"

// vecKeep spreads flag k of the first vector to the last two bytes of
// triple k, the first byte taking byte 0 of the second vector.
const vecKeep = "" +
	"\x40\x00\x00\x40\x01\x01\x40\x02\x02\x40\x03\x03\x40\x04\x04\x40" +
	"\x05\x05\x40\x06\x06\x40\x07\x07\x40\x08\x08\x40\x09\x09\x40\x0a" +
	"\x0a\x40\x0b\x0b\x40\x0c\x0c\x40\x0d\x0d\x40\x0e\x0e\x40\x0f\x0f" +
	"\x40\x10\x10\x40\x11\x11\x40\x12\x12\x40\x13\x13\x40\x14\x14\x00"

// vecSplats holds 64 copies of each of 0x01, 0x0F, " ", "%", "+", 0x7F
// and 0xFF, in that order: the vectors of one byte repeated are loaded
// from it (a broadcast goes through an SSE register, which costs dearly
// next to AVX-512 code when it is spilled).
const vecSplats = "" +
	"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01" +
	"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01" +
	"\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f" +
	"\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f" +
	"\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20" +
	"\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20\x20" +
	"\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25" +
	"\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25\x25" +
	"\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b" +
	"\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b\x2b" +
	"\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f" +
	"\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f" +
	"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff" +
	"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"

// Offsets of the splats in vecSplats.
const (
	splatOne     = 0 * 64
	splatFifteen = 1 * 64
	splatSpace   = 2 * 64
	splatPercent = 3 * 64
	splatPlus    = 4 * 64
	splatASCII   = 5 * 64
	splatOnes    = 6 * 64
)
