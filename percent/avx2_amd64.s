//go:build amd64 && !purego

#include "textflag.h"

// The AVX2 loops of avx2_amd64.go, for CPUs with AVX2 but not the
// AVX-512 of vec_amd64.s. Go assembly operand order: sources first,
// destination last (VPCMPGTB b, a, d sets d to a > b, signed; VPBLENDVB
// m, x, y, d takes x where m is set, else y; VPSHUFB p, v, d shuffles v by
// the pattern p). AVX2 has no masked byte loads and stores nor byte
// compression: the loops read and write whole vectors only where the
// input and the output have room for them. They load the last bytes of
// the input as the 32 bytes that end it, moved down (PARTIAL; shorter
// input is copied behind zeros first), and write the output of the last
// bytes, the tail, to a buffer that avx2_amd64.go copies to its place.

// BCAST loads Y register y with the byte constant at off in avx2Bytes,
// repeated (one load, no shuffle).
#define BCAST(off, y) \
	VPBROADCASTD avx2Bytes<>+off(SB), y

// HEX turns each byte of c into its hex digit value (0-15; garbage, but
// still 0-15, where it is no hex digit) and sets ok to 0xFF where it is a
// hex digit, using t and u. The digits are 0x30-0x39 and, with bit 5 set
// (lower case), 0x61-0x66; the signed compares leave out bytes >= 0x80.
// A letter's value is its low nibble plus 9. Constants: Y6 9, Y7 0x0F,
// Y8 "g", Y9 "`", Y10 ":", Y11 "/", Y12 0x20.
#define HEX(c, ok, t, u) \
	VPCMPGTB Y11, c, ok; \
	VPCMPGTB c, Y10, t; \
	VPAND    t, ok, ok; \
	VPOR     Y12, c, t; \
	VPCMPGTB Y9, t, u; \
	VPCMPGTB t, Y8, t; \
	VPAND    u, t, t; \
	VPOR     t, ok, ok; \
	VPAND    Y6, t, t; \
	VPADDB   t, c, c; \
	VPAND    Y7, c, c

// SHIFT1 sets dst to src moved down by one byte, a zero byte coming in
// at the top (using Y3).
#define SHIFT1(src, dst) \
	VPERM2I128 $0x81, src, src, Y3; \
	VPALIGNR   $1, src, Y3, dst

// PARTIAL loads the DX < 32 bytes at SI, the last of the input, into Y0
// with zeros after them, reading nothing past them: it loads the 32 bytes
// that end with them (the input has 32 bytes, or the caller has padded
// it in front) and moves them down by s = 32-DX bytes with two VPSHUFB
// patterns from avx2Slide: per lane, bytes s to 15 of the lane and bytes
// 0 to s-1 of the next lane (zeros for the upper lane). It uses AX, BX,
// Y3, Y4 and Y5.
#define PARTIAL \
	MOVQ    $32, AX; \
	SUBQ    DX, AX; \
	VMOVDQU -32(SI)(DX*1), Y0; \
	VPERM2I128 $0x81, Y0, Y0, Y3; \
	LEAQ    avx2Slide<>(SB), BX; \
	VBROADCASTI128 (BX)(AX*1), Y4; \
	VBROADCASTI128 48(BX)(AX*1), Y5; \
	VPSHUFB Y4, Y0, Y0; \
	VPSHUFB Y5, Y3, Y3; \
	VPOR    Y3, Y0, Y0

// func decodeAVX2Loop(dst, src *byte, n int, plus bool, tdst *byte) (written, twritten int, nonASCII, ok bool)
//
// It decodes the n bytes at src in windows of 32 bytes: the output of
// those before the last 20 to 51 bytes goes to dst (written bytes), that
// of the rest, the tail, to tdst (twritten bytes, 64 bytes of room). It
// reports ok false if any "%" is not followed by two hex digits.
//
// A window's "%" and "+" are found with VPCMPEQB; the two bytes after
// each byte come from loads at +1 and +2 or, near the end, from moving
// the window down (SHIFT1), with zeros, no digits, past the end. HEX
// checks and values the digits, VPBLENDVB puts the decoded bytes and the
// spaces in place, and each 8-byte group is packed with a VPSHUFB pattern
// of avx2Pack (indexed by its 8 bits of the keep mask) and stored whole,
// advancing the output by its count of kept bytes. The stores may write
// up to 6 bytes past a window's output: before the tail, the tail's
// output (at least 6 bytes) covers them once copied to dst. An escape
// that starts in the last two bytes of a window is decoded with it; its
// digits at the start of the next window are dropped there (the carry).
//
// Registers: SI input, DX input bytes left, DI output, R11 output start,
// R10 set for the tail, R8 the carry (bits 0-1: digits at the start of
// the window), R9 the window's bytes of input, R14 the avx2Pack table, Y15
// the OR of the output vectors; Y13 "+" with plus, else "%"; Y14 "%". Per
// window: Y0 the input, Y1 and Y2 the input from the next byte and the one
// after (digit values after HEX), AX the "%" (p), R13 the bytes kept.
TEXT ·decodeAVX2Loop(SB), NOSPLIT, $0-58
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), DX
	MOVQ DI, R11
	XORQ R8, R8
	XORQ R10, R10
	MOVQ $0, written+40(FP)
	LEAQ avx2Pack<>(SB), R14
	BCAST(0, Y6)                // 9
	BCAST(4, Y7)                // 0x0F
	BCAST(8, Y8)                // "g"
	BCAST(12, Y9)               // "`"
	BCAST(16, Y10)              // ":"
	BCAST(20, Y11)              // "/"
	BCAST(24, Y12)              // " "
	BCAST(28, Y14)              // "%"
	VMOVDQA Y14, Y13
	CMPB plus+24(FP), $0
	JEQ  dnoplus
	BCAST(32, Y13)              // "+"
dnoplus:
	VPXOR Y15, Y15, Y15

dloop:
	CMPQ DX, $52
	JLT  dtail
	// A window in place, with the two bytes after it.
	VMOVDQU (SI), Y0
	VMOVDQU 1(SI), Y1
	VMOVDQU 2(SI), Y2
	MOVL $0xffffffff, R9
	JMP  dwindow

dtail:
	TESTQ R10, R10
	JNZ   dtail1
	// The tail's output goes to tdst.
	MOVQ DI, BX
	SUBQ R11, BX
	MOVQ BX, written+40(FP)
	MOVQ tdst+32(FP), DI
	MOVQ DI, R11
	MOVL $1, R10
dtail1:
	TESTQ DX, DX
	JLE   ddone
	MOVL  $0xffffffff, R9
	CMPQ  DX, $32
	JLT   dpartial
	VMOVDQU (SI), Y0
	JMP   dnext1
dpartial:
	PARTIAL
	BZHIL DX, R9, R9
dnext1:
	CMPQ DX, $33
	JLT  dshift1
	VMOVDQU 1(SI), Y1
	JMP  dnext2
dshift1:
	SHIFT1(Y0, Y1)
dnext2:
	CMPQ DX, $34
	JLT  dshift2
	VMOVDQU 2(SI), Y2
	JMP  dwindow
dshift2:
	SHIFT1(Y1, Y2)

dwindow:
	VPCMPEQB Y14, Y0, Y3         // "%"
	VPCMPEQB Y13, Y0, Y4         // "+" (or "%" again)
	VPOR     Y3, Y4, Y5
	VPMOVMSKB Y5, AX
	ORL  R8, AX
	JNZ  ddirty
	// Nothing to decode: the window is copied.
	VMOVDQU Y0, (DI)
	VPOR Y0, Y15, Y15
	POPCNTL R9, BX
	ADDQ BX, DI
	ADDQ $32, SI
	SUBQ $32, DX
	JMP  dloop

ddirty:
	VPMOVMSKB Y3, AX             // p
	// The values of the two bytes after each byte; each "%" must be
	// followed by two hex digits.
	HEX(Y1, Y3, Y4, Y5)
	VPMOVMSKB Y3, BX
	HEX(Y2, Y3, Y4, Y5)
	VPMOVMSKB Y3, R12
	ANDL  R12, BX
	ANDNL AX, BX, R12            // p &^ (both digits hex)
	JNZ   dfail
	// Onto each "%", the value of the two digits after it; onto each
	// "+", a space (with no plus, Y13 is "%": the spaces put onto "%"
	// are overwritten).
	VPSLLW $4, Y1, Y1            // values <= 15: no carry into the next byte
	VPOR   Y2, Y1, Y1
	VPCMPEQB Y14, Y0, Y3
	VPCMPEQB Y13, Y0, Y4
	VPBLENDVB Y4, Y12, Y0, Y0
	VPBLENDVB Y3, Y1, Y0, Y0
	VPOR   Y0, Y15, Y15          // (the bytes dropped are hex digits or padding, ASCII)
	// The digits: p<<1 | p<<2 and the carry; those of the last two bytes'
	// escapes are the next window's carry.
	LEAQ (AX)(AX*1), R13
	LEAQ (R8)(AX*4), R8
	ORQ  R13, R8
	MOVL R8, R13
	SHRQ $32, R8
	ANDNL R9, R13, R13           // keep: the window's input but the digits
	// Pack each 8-byte group's kept bytes to its front: Y3 gets the
	// patterns of the four groups, each indexed by its 8 bits of keep
	// (those of the groups 1 and 3, in the upper halves of the lanes,
	// offset by 8).
	MOVBLZX R13B, BX
	VMOVQ   (R14)(BX*8), X3
	MOVL    R13, BX
	SHRL    $8, BX
	MOVBLZX BL, BX
	VPINSRQ $1, (R14)(BX*8), X3, X3
	MOVL    R13, BX
	SHRL    $16, BX
	MOVBLZX BL, BX
	VMOVQ   (R14)(BX*8), X4
	MOVL    R13, BX
	SHRL    $24, BX
	VPINSRQ $1, (R14)(BX*8), X4, X4
	VINSERTI128 $1, X4, Y3, Y3
	VPADDB  avx2Hi8<>(SB), Y3, Y3
	VPSHUFB Y3, Y0, Y0
	// Store the groups one after another, each advancing the output by
	// its count of kept bytes.
	MOVBLZX R13B, BX
	POPCNTL BX, BX
	VMOVQ   X0, (DI)
	ADDQ    BX, DI
	MOVL    R13, BX
	ANDL    $0xff00, BX
	POPCNTL BX, BX
	VPEXTRQ $1, X0, (DI)
	ADDQ    BX, DI
	VEXTRACTI128 $1, Y0, X0
	MOVL    R13, BX
	ANDL    $0xff0000, BX
	POPCNTL BX, BX
	VMOVQ   X0, (DI)
	ADDQ    BX, DI
	SHRL    $24, R13
	POPCNTL R13, R13
	VPEXTRQ $1, X0, (DI)
	ADDQ    R13, DI
	ADDQ $32, SI
	SUBQ $32, DX
	JMP  dloop

ddone:
	VPMOVMSKB Y15, AX
	SUBQ  R11, DI
	MOVQ  DI, twritten+48(FP)
	TESTL AX, AX
	SETNE nonASCII+56(FP)
	MOVB  $1, ok+57(FP)
	VZEROUPPER
	RET

dfail:
	MOVQ $0, twritten+48(FP)
	MOVB $0, nonASCII+56(FP)
	MOVB $0, ok+57(FP)
	VZEROUPPER
	RET

// avx2Slide holds the patterns of PARTIAL: at s (1 to 31), 16 bytes
// taking the bytes s to 15 of a lane to its front; at 48+s, 16 bytes
// taking the bytes 0 to s-1 of a lane (the next one) behind them.
DATA avx2Slide<>+0(SB)/8, $0x0706050403020100
DATA avx2Slide<>+8(SB)/8, $0x0f0e0d0c0b0a0908
DATA avx2Slide<>+16(SB)/8, $0x8080808080808080
DATA avx2Slide<>+24(SB)/8, $0x8080808080808080
DATA avx2Slide<>+32(SB)/8, $0x8080808080808080
DATA avx2Slide<>+40(SB)/8, $0x8080808080808080
DATA avx2Slide<>+48(SB)/8, $0x8080808080808080
DATA avx2Slide<>+56(SB)/8, $0x8080808080808080
DATA avx2Slide<>+64(SB)/8, $0x0706050403020100
DATA avx2Slide<>+72(SB)/8, $0x0f0e0d0c0b0a0908
DATA avx2Slide<>+80(SB)/8, $0x8080808080808080
DATA avx2Slide<>+88(SB)/8, $0x8080808080808080
GLOBL avx2Slide<>(SB), RODATA|NOPTR, $96

// avx2Hi8 adds 8 to the patterns of the upper half of each lane.
DATA avx2Hi8<>+0(SB)/8, $0
DATA avx2Hi8<>+8(SB)/8, $0x0808080808080808
DATA avx2Hi8<>+16(SB)/8, $0
DATA avx2Hi8<>+24(SB)/8, $0x0808080808080808
GLOBL avx2Hi8<>(SB), RODATA|NOPTR, $32

// NIBBLES folds 128 bytes of a table (at AX) into the 16-byte bitmap dst,
// repeated in both lanes: bit h of dst[lo] is the lowest bit of the
// table's byte 16*h+lo, for h 0-7. A 32-byte load holds the rows 2k and
// 2k+1 (16 bytes each) in its two lanes: each row's bit is shifted to bit
// 2k, the odd rows' then to bit 2k+1 (doubled), and the two lanes ORed.
// Y5 holds 32 ones; it uses Y0 and Y1.
#define NIBBLES(dst) \
	VMOVDQU (AX), Y0; \
	VPAND   Y5, Y0, Y0; \
	VMOVDQU 32(AX), Y1; \
	VPAND   Y5, Y1, Y1; \
	VPSLLW  $2, Y1, Y1; \
	VPOR    Y1, Y0, Y0; \
	VMOVDQU 64(AX), Y1; \
	VPAND   Y5, Y1, Y1; \
	VPSLLW  $4, Y1, Y1; \
	VPOR    Y1, Y0, Y0; \
	VMOVDQU 96(AX), Y1; \
	VPAND   Y5, Y1, Y1; \
	VPSLLW  $6, Y1, Y1; \
	VPOR    Y1, Y0, Y0; \
	VPAND   avx2Lane1<>(SB), Y0, Y1; \
	VPADDB  Y1, Y0, Y0; \
	VPERMQ  $0x4e, Y0, Y1; \
	VPOR    Y1, Y0, dst

// TABLES folds the 256-byte table at AX into Y15 (bytes 0x00-0x7F) and
// Y14 (0x80-0xFF) with NIBBLES, and loads Y11 with the bit of each high
// nibble's row and Y13 with 0x0F. It uses AX, Y0, Y1 and Y5.
#define TABLES \
	VMOVDQU avx2Ones<>(SB), Y5; \
	NIBBLES(Y15); \
	ADDQ $128, AX; \
	NIBBLES(Y14); \
	VMOVDQU avx2Pow2<>(SB), Y11; \
	BCAST(4, Y13)               // 0x0F

// MEMBERS sets the bytes of Y2 to 0xFF where the byte of Y0 is in the
// table and Y1 to the high nibbles of Y0, using Y3. VPSHUFB looks at
// bit 7 and the low nibble of an index only, and gives zero where bit 7
// is set: Y0 indexes the bitmap of the low half, Y0^0x80 that of the
// high half.
#define MEMBERS \
	VPSRLW   $4, Y0, Y1; \
	VPAND    Y13, Y1, Y1; \
	VPSHUFB  Y0, Y15, Y2; \
	VPXOR    avx2X80<>(SB), Y0, Y3; \
	VPSHUFB  Y3, Y14, Y3; \
	VPOR     Y3, Y2, Y2; \
	VPSHUFB  Y1, Y11, Y3; \
	VPAND    Y3, Y2, Y2; \
	VPCMPEQB Y3, Y2, Y2

// GROUP writes the encoding of 4 input bytes, whose dwords (the byte or
// "%" or "+", the high digit, the low digit, a spare byte) are in x and
// whose escapes are the bits shift to shift+3 of R12: the avx2Expand
// pattern for those 4 bits packs them into up to 12 bytes. It stores 16
// bytes and advances DI by the 4 to 12 of the encoding.
#define GROUP(x, shift) \
	MOVL    R12, BX; \
	SHRL    $shift, BX; \
	ANDL    $15, BX; \
	POPCNTL BX, CX; \
	SHLL    $4, BX; \
	VPSHUFB (R14)(BX*1), x, X1; \
	VMOVDQU X1, (DI); \
	LEAQ    4(DI)(CX*2), DI

// func encodeAVX2Loop(dst, src *byte, n int, t *[setSize]byte, spacePlus bool, tdst *byte) (written, twritten int)
//
// It encodes the n bytes at src in windows of 32 bytes: the output of
// those before the last 12 to 43 bytes goes to dst (written bytes), that
// of the rest, the tail, to tdst (twritten bytes, 224 bytes of room); the
// last window of the tail is padded with zero bytes (PARTIAL), whose
// encoding follows the tail's.
//
// MEMBERS finds the window's bytes to encode. A window with none is
// stored whole; else each byte becomes a dword (the byte or "%" or "+",
// its high and its low hex digit, a spare byte) and each 4 input bytes
// are written with one VPSHUFB (GROUP) as 16 bytes of which 4 to 12 are
// output. Before the tail, the encoding goes on for at least 16 bytes
// after any 4 input bytes (as at least 12 follow the window), so that no
// store passes the end of dst, and the tail's output, at least 12 bytes,
// covers what the stores wrote past a window's output once copied to dst.
//
// Registers: SI input, DX input bytes left, DI output, R11 output start,
// R10 set for the tail, R14 the avx2Expand table; Y15, Y14, Y13 and Y11
// the table (see TABLES), Y12 the hex digits, Y10 "%", Y9 "+", Y8 " ", Y7
// 0xFF with spacePlus, else 0, Y6 zero. Per window: Y0 the input, R12 its
// escapes.
TEXT ·encodeAVX2Loop(SB), NOSPLIT, $0-64
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), DX
	MOVQ t+24(FP), AX
	MOVQ DI, R11
	XORQ R10, R10
	MOVQ $0, written+48(FP)
	TABLES
	VMOVDQU avx2Hex<>(SB), Y12
	BCAST(28, Y10)              // "%"
	BCAST(32, Y9)               // "+"
	BCAST(24, Y8)               // " "
	VPXOR Y7, Y7, Y7
	CMPB  spacePlus+32(FP), $0
	JEQ   enoplus
	VPCMPEQB Y7, Y7, Y7
enoplus:
	VPXOR Y6, Y6, Y6
	LEAQ  avx2Expand<>(SB), R14

eloop:
	CMPQ DX, $44
	JLT  etail
	VMOVDQU (SI), Y0
	JMP  ewindow

etail:
	TESTQ R10, R10
	JNZ   etail1
	// The tail's output goes to tdst.
	MOVQ DI, BX
	SUBQ R11, BX
	MOVQ BX, written+48(FP)
	MOVQ tdst+40(FP), DI
	MOVQ DI, R11
	MOVL $1, R10
etail1:
	TESTQ DX, DX
	JLE   edone
	CMPQ  DX, $32
	JLT   epartial
	VMOVDQU (SI), Y0
	JMP   ewindow
epartial:
	PARTIAL

ewindow:
	MEMBERS
	VPMOVMSKB Y2, CX
	TESTL CX, CX
	JNZ   edirty
	// Nothing to encode: the window is copied.
	VMOVDQU Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	SUBQ $32, DX
	JMP  eloop

edirty:
	VPCMPEQB Y8, Y0, Y3
	VPAND    Y7, Y3, Y3
	VPAND    Y2, Y3, Y3          // the spaces that become "+"
	VPANDN   Y2, Y3, Y2          // the rest is escaped
	VPMOVMSKB Y2, R12
	VPBLENDVB Y2, Y10, Y0, Y4
	VPBLENDVB Y3, Y9, Y4, Y4     // each byte, "%" or "+"
	VPSHUFB  Y1, Y12, Y1         // its high digit
	VPAND    Y13, Y0, Y5
	VPSHUFB  Y5, Y12, Y5         // its low digit
	// Interleave them into dwords (per lane: bytes 0-7 and 8-15 of the
	// lane, as (byte, high) and (low, zero) words, then dwords).
	VPUNPCKLBW Y1, Y4, Y0
	VPUNPCKLBW Y6, Y5, Y2
	VPUNPCKLWD Y2, Y0, Y3        // bytes 0-3 (lane 1: 16-19)
	VPUNPCKHWD Y2, Y0, Y0        // 4-7 (20-23)
	VPUNPCKHBW Y1, Y4, Y2
	VPUNPCKHBW Y6, Y5, Y1
	VPUNPCKLWD Y1, Y2, Y4        // 8-11 (24-27)
	VPUNPCKHWD Y1, Y2, Y5        // 12-15 (28-31)
	GROUP(X3, 0)
	GROUP(X0, 4)
	GROUP(X4, 8)
	GROUP(X5, 12)
	VEXTRACTI128 $1, Y3, X3
	VEXTRACTI128 $1, Y0, X0
	VEXTRACTI128 $1, Y4, X4
	VEXTRACTI128 $1, Y5, X5
	GROUP(X3, 16)
	GROUP(X0, 20)
	GROUP(X4, 24)
	GROUP(X5, 28)
	ADDQ $32, SI
	SUBQ $32, DX
	JMP  eloop

edone:
	SUBQ R11, DI
	MOVQ DI, twritten+56(FP)
	VZEROUPPER
	RET

// func indexAVX2Loop(t *[setSize]byte, src *byte, n int) int
//
// It returns the index of the first of the n >= 32 bytes at src that is
// in the table t, or n, testing 32 bytes at a time with MEMBERS. The last
// window is the last 32 bytes of the input, so that no load passes its
// end; it may overlap the one before, whose bytes are no members.
//
// Registers: SI the window, R8 the last window, R11 the input start.
TEXT ·indexAVX2Loop(SB), NOSPLIT, $0-32
	MOVQ t+0(FP), AX
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), DX
	MOVQ SI, R11
	LEAQ -32(SI)(DX*1), R8       // the last window
	TABLES

iloop:
	VMOVDQU (SI), Y0
	MEMBERS
	VPMOVMSKB Y2, CX
	TESTL CX, CX
	JNZ   ifound
	CMPQ  SI, R8
	JEQ   inone
	ADDQ  $32, SI
	CMPQ  SI, R8
	JLE   iloop
	MOVQ  R8, SI
	JMP   iloop

ifound:
	TZCNTL CX, CX
	ADDQ  CX, SI
	SUBQ  R11, SI
	MOVQ  SI, ret+24(FP)
	VZEROUPPER
	RET

inone:
	MOVQ DX, ret+24(FP)
	VZEROUPPER
	RET

// avx2Bytes holds the byte constants of BCAST, 4 of each.
DATA avx2Bytes<>+0(SB)/4, $0x09090909
DATA avx2Bytes<>+4(SB)/4, $0x0f0f0f0f
DATA avx2Bytes<>+8(SB)/4, $0x67676767
DATA avx2Bytes<>+12(SB)/4, $0x60606060
DATA avx2Bytes<>+16(SB)/4, $0x3a3a3a3a
DATA avx2Bytes<>+20(SB)/4, $0x2f2f2f2f
DATA avx2Bytes<>+24(SB)/4, $0x20202020
DATA avx2Bytes<>+28(SB)/4, $0x25252525
DATA avx2Bytes<>+32(SB)/4, $0x2b2b2b2b
GLOBL avx2Bytes<>(SB), RODATA|NOPTR, $36

// avx2Ones is 32 ones.
DATA avx2Ones<>+0(SB)/8, $0x0101010101010101
DATA avx2Ones<>+8(SB)/8, $0x0101010101010101
DATA avx2Ones<>+16(SB)/8, $0x0101010101010101
DATA avx2Ones<>+24(SB)/8, $0x0101010101010101
GLOBL avx2Ones<>(SB), RODATA|NOPTR, $32

// avx2X80 is 32 bytes 0x80.
DATA avx2X80<>+0(SB)/8, $0x8080808080808080
DATA avx2X80<>+8(SB)/8, $0x8080808080808080
DATA avx2X80<>+16(SB)/8, $0x8080808080808080
DATA avx2X80<>+24(SB)/8, $0x8080808080808080
GLOBL avx2X80<>(SB), RODATA|NOPTR, $32

// avx2Lane1 selects the upper lane.
DATA avx2Lane1<>+0(SB)/8, $0
DATA avx2Lane1<>+8(SB)/8, $0
DATA avx2Lane1<>+16(SB)/8, $-1
DATA avx2Lane1<>+24(SB)/8, $-1
GLOBL avx2Lane1<>(SB), RODATA|NOPTR, $32

// avx2Pow2 maps a high nibble h to the bit h%8 of its row.
DATA avx2Pow2<>+0(SB)/8, $0x8040201008040201
DATA avx2Pow2<>+8(SB)/8, $0x8040201008040201
DATA avx2Pow2<>+16(SB)/8, $0x8040201008040201
DATA avx2Pow2<>+24(SB)/8, $0x8040201008040201
GLOBL avx2Pow2<>(SB), RODATA|NOPTR, $32

// avx2Hex maps a nibble to its uppercase hex digit.
DATA avx2Hex<>+0(SB)/8, $0x3736353433323130
DATA avx2Hex<>+8(SB)/8, $0x4645444342413938
DATA avx2Hex<>+16(SB)/8, $0x3736353433323130
DATA avx2Hex<>+24(SB)/8, $0x4645444342413938
GLOBL avx2Hex<>(SB), RODATA|NOPTR, $32

// avx2Pack holds, for each 8-bit keep mask m, the VPSHUFB pattern that
// packs the kept bytes of an 8-byte group to its front (generated by
// avx2_gen.go).
DATA avx2Pack<>+0(SB)/8, $0x8080808080808080
DATA avx2Pack<>+8(SB)/8, $0x8080808080808000
DATA avx2Pack<>+16(SB)/8, $0x8080808080808001
DATA avx2Pack<>+24(SB)/8, $0x8080808080800100
DATA avx2Pack<>+32(SB)/8, $0x8080808080808002
DATA avx2Pack<>+40(SB)/8, $0x8080808080800200
DATA avx2Pack<>+48(SB)/8, $0x8080808080800201
DATA avx2Pack<>+56(SB)/8, $0x8080808080020100
DATA avx2Pack<>+64(SB)/8, $0x8080808080808003
DATA avx2Pack<>+72(SB)/8, $0x8080808080800300
DATA avx2Pack<>+80(SB)/8, $0x8080808080800301
DATA avx2Pack<>+88(SB)/8, $0x8080808080030100
DATA avx2Pack<>+96(SB)/8, $0x8080808080800302
DATA avx2Pack<>+104(SB)/8, $0x8080808080030200
DATA avx2Pack<>+112(SB)/8, $0x8080808080030201
DATA avx2Pack<>+120(SB)/8, $0x8080808003020100
DATA avx2Pack<>+128(SB)/8, $0x8080808080808004
DATA avx2Pack<>+136(SB)/8, $0x8080808080800400
DATA avx2Pack<>+144(SB)/8, $0x8080808080800401
DATA avx2Pack<>+152(SB)/8, $0x8080808080040100
DATA avx2Pack<>+160(SB)/8, $0x8080808080800402
DATA avx2Pack<>+168(SB)/8, $0x8080808080040200
DATA avx2Pack<>+176(SB)/8, $0x8080808080040201
DATA avx2Pack<>+184(SB)/8, $0x8080808004020100
DATA avx2Pack<>+192(SB)/8, $0x8080808080800403
DATA avx2Pack<>+200(SB)/8, $0x8080808080040300
DATA avx2Pack<>+208(SB)/8, $0x8080808080040301
DATA avx2Pack<>+216(SB)/8, $0x8080808004030100
DATA avx2Pack<>+224(SB)/8, $0x8080808080040302
DATA avx2Pack<>+232(SB)/8, $0x8080808004030200
DATA avx2Pack<>+240(SB)/8, $0x8080808004030201
DATA avx2Pack<>+248(SB)/8, $0x8080800403020100
DATA avx2Pack<>+256(SB)/8, $0x8080808080808005
DATA avx2Pack<>+264(SB)/8, $0x8080808080800500
DATA avx2Pack<>+272(SB)/8, $0x8080808080800501
DATA avx2Pack<>+280(SB)/8, $0x8080808080050100
DATA avx2Pack<>+288(SB)/8, $0x8080808080800502
DATA avx2Pack<>+296(SB)/8, $0x8080808080050200
DATA avx2Pack<>+304(SB)/8, $0x8080808080050201
DATA avx2Pack<>+312(SB)/8, $0x8080808005020100
DATA avx2Pack<>+320(SB)/8, $0x8080808080800503
DATA avx2Pack<>+328(SB)/8, $0x8080808080050300
DATA avx2Pack<>+336(SB)/8, $0x8080808080050301
DATA avx2Pack<>+344(SB)/8, $0x8080808005030100
DATA avx2Pack<>+352(SB)/8, $0x8080808080050302
DATA avx2Pack<>+360(SB)/8, $0x8080808005030200
DATA avx2Pack<>+368(SB)/8, $0x8080808005030201
DATA avx2Pack<>+376(SB)/8, $0x8080800503020100
DATA avx2Pack<>+384(SB)/8, $0x8080808080800504
DATA avx2Pack<>+392(SB)/8, $0x8080808080050400
DATA avx2Pack<>+400(SB)/8, $0x8080808080050401
DATA avx2Pack<>+408(SB)/8, $0x8080808005040100
DATA avx2Pack<>+416(SB)/8, $0x8080808080050402
DATA avx2Pack<>+424(SB)/8, $0x8080808005040200
DATA avx2Pack<>+432(SB)/8, $0x8080808005040201
DATA avx2Pack<>+440(SB)/8, $0x8080800504020100
DATA avx2Pack<>+448(SB)/8, $0x8080808080050403
DATA avx2Pack<>+456(SB)/8, $0x8080808005040300
DATA avx2Pack<>+464(SB)/8, $0x8080808005040301
DATA avx2Pack<>+472(SB)/8, $0x8080800504030100
DATA avx2Pack<>+480(SB)/8, $0x8080808005040302
DATA avx2Pack<>+488(SB)/8, $0x8080800504030200
DATA avx2Pack<>+496(SB)/8, $0x8080800504030201
DATA avx2Pack<>+504(SB)/8, $0x8080050403020100
DATA avx2Pack<>+512(SB)/8, $0x8080808080808006
DATA avx2Pack<>+520(SB)/8, $0x8080808080800600
DATA avx2Pack<>+528(SB)/8, $0x8080808080800601
DATA avx2Pack<>+536(SB)/8, $0x8080808080060100
DATA avx2Pack<>+544(SB)/8, $0x8080808080800602
DATA avx2Pack<>+552(SB)/8, $0x8080808080060200
DATA avx2Pack<>+560(SB)/8, $0x8080808080060201
DATA avx2Pack<>+568(SB)/8, $0x8080808006020100
DATA avx2Pack<>+576(SB)/8, $0x8080808080800603
DATA avx2Pack<>+584(SB)/8, $0x8080808080060300
DATA avx2Pack<>+592(SB)/8, $0x8080808080060301
DATA avx2Pack<>+600(SB)/8, $0x8080808006030100
DATA avx2Pack<>+608(SB)/8, $0x8080808080060302
DATA avx2Pack<>+616(SB)/8, $0x8080808006030200
DATA avx2Pack<>+624(SB)/8, $0x8080808006030201
DATA avx2Pack<>+632(SB)/8, $0x8080800603020100
DATA avx2Pack<>+640(SB)/8, $0x8080808080800604
DATA avx2Pack<>+648(SB)/8, $0x8080808080060400
DATA avx2Pack<>+656(SB)/8, $0x8080808080060401
DATA avx2Pack<>+664(SB)/8, $0x8080808006040100
DATA avx2Pack<>+672(SB)/8, $0x8080808080060402
DATA avx2Pack<>+680(SB)/8, $0x8080808006040200
DATA avx2Pack<>+688(SB)/8, $0x8080808006040201
DATA avx2Pack<>+696(SB)/8, $0x8080800604020100
DATA avx2Pack<>+704(SB)/8, $0x8080808080060403
DATA avx2Pack<>+712(SB)/8, $0x8080808006040300
DATA avx2Pack<>+720(SB)/8, $0x8080808006040301
DATA avx2Pack<>+728(SB)/8, $0x8080800604030100
DATA avx2Pack<>+736(SB)/8, $0x8080808006040302
DATA avx2Pack<>+744(SB)/8, $0x8080800604030200
DATA avx2Pack<>+752(SB)/8, $0x8080800604030201
DATA avx2Pack<>+760(SB)/8, $0x8080060403020100
DATA avx2Pack<>+768(SB)/8, $0x8080808080800605
DATA avx2Pack<>+776(SB)/8, $0x8080808080060500
DATA avx2Pack<>+784(SB)/8, $0x8080808080060501
DATA avx2Pack<>+792(SB)/8, $0x8080808006050100
DATA avx2Pack<>+800(SB)/8, $0x8080808080060502
DATA avx2Pack<>+808(SB)/8, $0x8080808006050200
DATA avx2Pack<>+816(SB)/8, $0x8080808006050201
DATA avx2Pack<>+824(SB)/8, $0x8080800605020100
DATA avx2Pack<>+832(SB)/8, $0x8080808080060503
DATA avx2Pack<>+840(SB)/8, $0x8080808006050300
DATA avx2Pack<>+848(SB)/8, $0x8080808006050301
DATA avx2Pack<>+856(SB)/8, $0x8080800605030100
DATA avx2Pack<>+864(SB)/8, $0x8080808006050302
DATA avx2Pack<>+872(SB)/8, $0x8080800605030200
DATA avx2Pack<>+880(SB)/8, $0x8080800605030201
DATA avx2Pack<>+888(SB)/8, $0x8080060503020100
DATA avx2Pack<>+896(SB)/8, $0x8080808080060504
DATA avx2Pack<>+904(SB)/8, $0x8080808006050400
DATA avx2Pack<>+912(SB)/8, $0x8080808006050401
DATA avx2Pack<>+920(SB)/8, $0x8080800605040100
DATA avx2Pack<>+928(SB)/8, $0x8080808006050402
DATA avx2Pack<>+936(SB)/8, $0x8080800605040200
DATA avx2Pack<>+944(SB)/8, $0x8080800605040201
DATA avx2Pack<>+952(SB)/8, $0x8080060504020100
DATA avx2Pack<>+960(SB)/8, $0x8080808006050403
DATA avx2Pack<>+968(SB)/8, $0x8080800605040300
DATA avx2Pack<>+976(SB)/8, $0x8080800605040301
DATA avx2Pack<>+984(SB)/8, $0x8080060504030100
DATA avx2Pack<>+992(SB)/8, $0x8080800605040302
DATA avx2Pack<>+1000(SB)/8, $0x8080060504030200
DATA avx2Pack<>+1008(SB)/8, $0x8080060504030201
DATA avx2Pack<>+1016(SB)/8, $0x8006050403020100
DATA avx2Pack<>+1024(SB)/8, $0x8080808080808007
DATA avx2Pack<>+1032(SB)/8, $0x8080808080800700
DATA avx2Pack<>+1040(SB)/8, $0x8080808080800701
DATA avx2Pack<>+1048(SB)/8, $0x8080808080070100
DATA avx2Pack<>+1056(SB)/8, $0x8080808080800702
DATA avx2Pack<>+1064(SB)/8, $0x8080808080070200
DATA avx2Pack<>+1072(SB)/8, $0x8080808080070201
DATA avx2Pack<>+1080(SB)/8, $0x8080808007020100
DATA avx2Pack<>+1088(SB)/8, $0x8080808080800703
DATA avx2Pack<>+1096(SB)/8, $0x8080808080070300
DATA avx2Pack<>+1104(SB)/8, $0x8080808080070301
DATA avx2Pack<>+1112(SB)/8, $0x8080808007030100
DATA avx2Pack<>+1120(SB)/8, $0x8080808080070302
DATA avx2Pack<>+1128(SB)/8, $0x8080808007030200
DATA avx2Pack<>+1136(SB)/8, $0x8080808007030201
DATA avx2Pack<>+1144(SB)/8, $0x8080800703020100
DATA avx2Pack<>+1152(SB)/8, $0x8080808080800704
DATA avx2Pack<>+1160(SB)/8, $0x8080808080070400
DATA avx2Pack<>+1168(SB)/8, $0x8080808080070401
DATA avx2Pack<>+1176(SB)/8, $0x8080808007040100
DATA avx2Pack<>+1184(SB)/8, $0x8080808080070402
DATA avx2Pack<>+1192(SB)/8, $0x8080808007040200
DATA avx2Pack<>+1200(SB)/8, $0x8080808007040201
DATA avx2Pack<>+1208(SB)/8, $0x8080800704020100
DATA avx2Pack<>+1216(SB)/8, $0x8080808080070403
DATA avx2Pack<>+1224(SB)/8, $0x8080808007040300
DATA avx2Pack<>+1232(SB)/8, $0x8080808007040301
DATA avx2Pack<>+1240(SB)/8, $0x8080800704030100
DATA avx2Pack<>+1248(SB)/8, $0x8080808007040302
DATA avx2Pack<>+1256(SB)/8, $0x8080800704030200
DATA avx2Pack<>+1264(SB)/8, $0x8080800704030201
DATA avx2Pack<>+1272(SB)/8, $0x8080070403020100
DATA avx2Pack<>+1280(SB)/8, $0x8080808080800705
DATA avx2Pack<>+1288(SB)/8, $0x8080808080070500
DATA avx2Pack<>+1296(SB)/8, $0x8080808080070501
DATA avx2Pack<>+1304(SB)/8, $0x8080808007050100
DATA avx2Pack<>+1312(SB)/8, $0x8080808080070502
DATA avx2Pack<>+1320(SB)/8, $0x8080808007050200
DATA avx2Pack<>+1328(SB)/8, $0x8080808007050201
DATA avx2Pack<>+1336(SB)/8, $0x8080800705020100
DATA avx2Pack<>+1344(SB)/8, $0x8080808080070503
DATA avx2Pack<>+1352(SB)/8, $0x8080808007050300
DATA avx2Pack<>+1360(SB)/8, $0x8080808007050301
DATA avx2Pack<>+1368(SB)/8, $0x8080800705030100
DATA avx2Pack<>+1376(SB)/8, $0x8080808007050302
DATA avx2Pack<>+1384(SB)/8, $0x8080800705030200
DATA avx2Pack<>+1392(SB)/8, $0x8080800705030201
DATA avx2Pack<>+1400(SB)/8, $0x8080070503020100
DATA avx2Pack<>+1408(SB)/8, $0x8080808080070504
DATA avx2Pack<>+1416(SB)/8, $0x8080808007050400
DATA avx2Pack<>+1424(SB)/8, $0x8080808007050401
DATA avx2Pack<>+1432(SB)/8, $0x8080800705040100
DATA avx2Pack<>+1440(SB)/8, $0x8080808007050402
DATA avx2Pack<>+1448(SB)/8, $0x8080800705040200
DATA avx2Pack<>+1456(SB)/8, $0x8080800705040201
DATA avx2Pack<>+1464(SB)/8, $0x8080070504020100
DATA avx2Pack<>+1472(SB)/8, $0x8080808007050403
DATA avx2Pack<>+1480(SB)/8, $0x8080800705040300
DATA avx2Pack<>+1488(SB)/8, $0x8080800705040301
DATA avx2Pack<>+1496(SB)/8, $0x8080070504030100
DATA avx2Pack<>+1504(SB)/8, $0x8080800705040302
DATA avx2Pack<>+1512(SB)/8, $0x8080070504030200
DATA avx2Pack<>+1520(SB)/8, $0x8080070504030201
DATA avx2Pack<>+1528(SB)/8, $0x8007050403020100
DATA avx2Pack<>+1536(SB)/8, $0x8080808080800706
DATA avx2Pack<>+1544(SB)/8, $0x8080808080070600
DATA avx2Pack<>+1552(SB)/8, $0x8080808080070601
DATA avx2Pack<>+1560(SB)/8, $0x8080808007060100
DATA avx2Pack<>+1568(SB)/8, $0x8080808080070602
DATA avx2Pack<>+1576(SB)/8, $0x8080808007060200
DATA avx2Pack<>+1584(SB)/8, $0x8080808007060201
DATA avx2Pack<>+1592(SB)/8, $0x8080800706020100
DATA avx2Pack<>+1600(SB)/8, $0x8080808080070603
DATA avx2Pack<>+1608(SB)/8, $0x8080808007060300
DATA avx2Pack<>+1616(SB)/8, $0x8080808007060301
DATA avx2Pack<>+1624(SB)/8, $0x8080800706030100
DATA avx2Pack<>+1632(SB)/8, $0x8080808007060302
DATA avx2Pack<>+1640(SB)/8, $0x8080800706030200
DATA avx2Pack<>+1648(SB)/8, $0x8080800706030201
DATA avx2Pack<>+1656(SB)/8, $0x8080070603020100
DATA avx2Pack<>+1664(SB)/8, $0x8080808080070604
DATA avx2Pack<>+1672(SB)/8, $0x8080808007060400
DATA avx2Pack<>+1680(SB)/8, $0x8080808007060401
DATA avx2Pack<>+1688(SB)/8, $0x8080800706040100
DATA avx2Pack<>+1696(SB)/8, $0x8080808007060402
DATA avx2Pack<>+1704(SB)/8, $0x8080800706040200
DATA avx2Pack<>+1712(SB)/8, $0x8080800706040201
DATA avx2Pack<>+1720(SB)/8, $0x8080070604020100
DATA avx2Pack<>+1728(SB)/8, $0x8080808007060403
DATA avx2Pack<>+1736(SB)/8, $0x8080800706040300
DATA avx2Pack<>+1744(SB)/8, $0x8080800706040301
DATA avx2Pack<>+1752(SB)/8, $0x8080070604030100
DATA avx2Pack<>+1760(SB)/8, $0x8080800706040302
DATA avx2Pack<>+1768(SB)/8, $0x8080070604030200
DATA avx2Pack<>+1776(SB)/8, $0x8080070604030201
DATA avx2Pack<>+1784(SB)/8, $0x8007060403020100
DATA avx2Pack<>+1792(SB)/8, $0x8080808080070605
DATA avx2Pack<>+1800(SB)/8, $0x8080808007060500
DATA avx2Pack<>+1808(SB)/8, $0x8080808007060501
DATA avx2Pack<>+1816(SB)/8, $0x8080800706050100
DATA avx2Pack<>+1824(SB)/8, $0x8080808007060502
DATA avx2Pack<>+1832(SB)/8, $0x8080800706050200
DATA avx2Pack<>+1840(SB)/8, $0x8080800706050201
DATA avx2Pack<>+1848(SB)/8, $0x8080070605020100
DATA avx2Pack<>+1856(SB)/8, $0x8080808007060503
DATA avx2Pack<>+1864(SB)/8, $0x8080800706050300
DATA avx2Pack<>+1872(SB)/8, $0x8080800706050301
DATA avx2Pack<>+1880(SB)/8, $0x8080070605030100
DATA avx2Pack<>+1888(SB)/8, $0x8080800706050302
DATA avx2Pack<>+1896(SB)/8, $0x8080070605030200
DATA avx2Pack<>+1904(SB)/8, $0x8080070605030201
DATA avx2Pack<>+1912(SB)/8, $0x8007060503020100
DATA avx2Pack<>+1920(SB)/8, $0x8080808007060504
DATA avx2Pack<>+1928(SB)/8, $0x8080800706050400
DATA avx2Pack<>+1936(SB)/8, $0x8080800706050401
DATA avx2Pack<>+1944(SB)/8, $0x8080070605040100
DATA avx2Pack<>+1952(SB)/8, $0x8080800706050402
DATA avx2Pack<>+1960(SB)/8, $0x8080070605040200
DATA avx2Pack<>+1968(SB)/8, $0x8080070605040201
DATA avx2Pack<>+1976(SB)/8, $0x8007060504020100
DATA avx2Pack<>+1984(SB)/8, $0x8080800706050403
DATA avx2Pack<>+1992(SB)/8, $0x8080070605040300
DATA avx2Pack<>+2000(SB)/8, $0x8080070605040301
DATA avx2Pack<>+2008(SB)/8, $0x8007060504030100
DATA avx2Pack<>+2016(SB)/8, $0x8080070605040302
DATA avx2Pack<>+2024(SB)/8, $0x8007060504030200
DATA avx2Pack<>+2032(SB)/8, $0x8007060504030201
DATA avx2Pack<>+2040(SB)/8, $0x0706050403020100
GLOBL avx2Pack<>(SB), RODATA|NOPTR, $2048

// avx2Expand holds, for each 4-bit escape mask m, the VPSHUFB pattern
// that writes 4 (byte, high digit, low digit, spare) dwords as the
// encoding of 4 input bytes (generated by avx2_gen.go).
DATA avx2Expand<>+0(SB)/8, $0x808080800c080400
DATA avx2Expand<>+8(SB)/8, $0x8080808080808080
DATA avx2Expand<>+16(SB)/8, $0x80800c0804020100
DATA avx2Expand<>+24(SB)/8, $0x8080808080808080
DATA avx2Expand<>+32(SB)/8, $0x80800c0806050400
DATA avx2Expand<>+40(SB)/8, $0x8080808080808080
DATA avx2Expand<>+48(SB)/8, $0x0c08060504020100
DATA avx2Expand<>+56(SB)/8, $0x8080808080808080
DATA avx2Expand<>+64(SB)/8, $0x80800c0a09080400
DATA avx2Expand<>+72(SB)/8, $0x8080808080808080
DATA avx2Expand<>+80(SB)/8, $0x0c0a090804020100
DATA avx2Expand<>+88(SB)/8, $0x8080808080808080
DATA avx2Expand<>+96(SB)/8, $0x0c0a090806050400
DATA avx2Expand<>+104(SB)/8, $0x8080808080808080
DATA avx2Expand<>+112(SB)/8, $0x0908060504020100
DATA avx2Expand<>+120(SB)/8, $0x8080808080800c0a
DATA avx2Expand<>+128(SB)/8, $0x80800e0d0c080400
DATA avx2Expand<>+136(SB)/8, $0x8080808080808080
DATA avx2Expand<>+144(SB)/8, $0x0e0d0c0804020100
DATA avx2Expand<>+152(SB)/8, $0x8080808080808080
DATA avx2Expand<>+160(SB)/8, $0x0e0d0c0806050400
DATA avx2Expand<>+168(SB)/8, $0x8080808080808080
DATA avx2Expand<>+176(SB)/8, $0x0c08060504020100
DATA avx2Expand<>+184(SB)/8, $0x8080808080800e0d
DATA avx2Expand<>+192(SB)/8, $0x0e0d0c0a09080400
DATA avx2Expand<>+200(SB)/8, $0x8080808080808080
DATA avx2Expand<>+208(SB)/8, $0x0c0a090804020100
DATA avx2Expand<>+216(SB)/8, $0x8080808080800e0d
DATA avx2Expand<>+224(SB)/8, $0x0c0a090806050400
DATA avx2Expand<>+232(SB)/8, $0x8080808080800e0d
DATA avx2Expand<>+240(SB)/8, $0x0908060504020100
DATA avx2Expand<>+248(SB)/8, $0x808080800e0d0c0a
GLOBL avx2Expand<>(SB), RODATA|NOPTR, $256
