//go:build amd64 && !purego

#include "textflag.h"

// The AVX-512 loops of vec_amd64.go. Go assembly operand order: sources
// first, destination last; an opmask register before the destination is
// its write mask (merging, or zeroing with the .Z suffix).

// func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL leaf+0(FP), AX
	MOVL sub+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// func xgetbv() (eax, edx uint32)
TEXT ·xgetbv(SB), NOSPLIT, $0-8
	MOVL $0, CX
	XGETBV
	MOVL AX, eax+0(FP)
	MOVL DX, edx+4(FP)
	RET

// LOAD loads the next window of the input (SI, DX bytes left, DX > 0)
// into Z0: 64 bytes, or the DX < 64 left with zeros after them (a masked
// load, which cannot fault past the end). AX gets the mask of the bytes
// loaded.
#define LOAD(partial, loaded) \
	MOVQ $-1, AX; \
	CMPQ DX, $64; \
	JL   partial; \
	VMOVDQU8 (SI), Z0; \
	JMP  loaded; \
partial: \
	BZHIQ DX, AX, AX; \
	KMOVQ AX, K1; \
	VMOVDQU8.Z (SI), K1, Z0; \
loaded:

// STORE stores the first count bytes of vector v at DI (a masked store,
// which writes nothing past them) and advances DI. It uses AX and K6.
#define STORE(v, count) \
	MOVQ $-1, AX; \
	BZHIQ count, AX, AX; \
	KMOVQ AX, K6; \
	VMOVDQU8 v, K6, (DI); \
	ADDQ count, DI

// MEMBERS sets CX to the mask of the bytes of Z0 that the table in Z1-Z4
// encodes (the lowest bit of t[c]; Z5 holds 64 ones), using Z14, Z15, K1
// and K2.
#define MEMBERS \
	VMOVDQA64 Z1, Z14; \
	VPERMT2B  Z2, Z0, Z14; \
	VMOVDQA64 Z3, Z15; \
	VPERMT2B  Z4, Z0, Z15; \
	VPMOVB2M  Z0, K2; \
	VMOVDQU8  Z15, K2, Z14; \
	VPTESTMB  Z5, Z14, K1; \
	KMOVQ     K1, CX

// TABLES loads the 256-byte table at AX into Z1-Z4 and 64 ones into Z5.
#define TABLES \
	VMOVDQU64 (AX), Z1; \
	VMOVDQU64 64(AX), Z2; \
	VMOVDQU64 128(AX), Z3; \
	VMOVDQU64 192(AX), Z4; \
	MOVL $1, AX; \
	VPBROADCASTB AX, Z5

// func decodeAVX512(dst, src *byte, n int, unhex *byte, plus bool) (written int, nonASCII, ok bool)
//
// Registers: SI input, DX input bytes left, DI output, R11 output start,
// R10 the non-ASCII output bytes seen (a mask, ORed), Z23 the OR of the
// windows copied as they are. Per window: AX the bytes loaded, CX the
// "%" (p), R12 the "+" to turn into spaces (q), R13 the digits of the
// escapes.
TEXT ·decodeAVX512(SB), NOSPLIT, $0-50
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), DX
	MOVQ unhex+24(FP), AX
	MOVQ DI, R11
	VMOVDQU64 (AX), Z28          // unhex[0:64]
	VMOVDQU64 64(AX), Z27        // unhex[64:128]
	MOVL $0x25, AX
	VPBROADCASTB AX, Z31         // "%"
	VMOVDQA64 Z31, Z30           // "+" with plus, else "%" again
	CMPB plus+32(FP), $0
	JEQ  noplus
	MOVL $0x2b, AX
	VPBROADCASTB AX, Z30
noplus:
	MOVL $0x20, AX
	VPBROADCASTB AX, Z29         // " "
	MOVL $0xf0, AX
	VPBROADCASTB AX, Z24         // 0xF0
	VMOVDQU64 vecNext1<>(SB), Z26
	VMOVDQU64 vecNext2<>(SB), Z25
	VPXORQ Z23, Z23, Z23
	XORQ R10, R10

dloop:
	TESTQ DX, DX
	JLE   ddone
	LOAD(dpartial, dloaded)
	VPCMPEQB Z31, Z0, K1         // p
	VPCMPEQB Z30, Z0, K2         // q (with p again)
	KORTESTQ K1, K2
	JNZ  ddirty
	// Nothing to decode: the window is copied.
	VPORQ Z0, Z23, Z23
	POPCNTQ AX, BX
	STORE(Z0, BX)
	ADDQ BX, SI
	SUBQ BX, DX
	JMP  dloop

ddirty:
	KMOVQ K1, CX
	KMOVQ K2, R12
	ANDNQ R12, CX, R12           // q &^ p
	// An escape that starts in the last two bytes of a full window is
	// left to the next window.
	CMPQ DX, $64
	JL   dcut
	MOVQ CX, BX
	SHRQ $62, BX
	JZ   dcut
	TZCNTQ BX, BX
	ADDQ $62, BX
	BZHIQ BX, AX, AX
	ANDQ AX, CX
	ANDQ AX, R12
dcut:
	LEAQ (CX)(CX*1), R13
	MOVQ CX, BX
	SHLQ $2, BX
	ORQ  BX, R13                 // the digits: p<<1 | p<<2
	// The hex value of each byte from its low 7 bits (0xFF for no
	// digit); the digits must be hex and ASCII. A digit past the end of
	// the input is a zero byte, no digit.
	VMOVDQA64 Z28, Z1
	VPERMT2B  Z27, Z0, Z1
	VPTESTMB  Z24, Z1, K3        // no hex digit
	VPMOVB2M  Z0, K4             // not ASCII
	KORQ  K3, K4, K3
	KMOVQ K3, BX
	TESTQ R13, BX
	JNZ   dfail
	// Onto each "%", the value of the two digits after it.
	VPERMB Z1, Z26, Z2           // nib[k+1]
	VPERMB Z1, Z25, Z3           // nib[k+2]
	VPSLLW $4, Z2, Z2
	VPTERNLOGD $0xea, Z3, Z24, Z2 // Z2&0xF0 | Z3
	KMOVQ CX, K1
	VMOVDQU8 Z2, K1, Z0
	KMOVQ R12, K2
	VMOVDQU8 Z29, K2, Z0
	// Drop the digits.
	ANDNQ AX, R13, R13           // keep: the window but the digits
	KMOVQ R13, K5
	VPMOVB2M Z0, K4
	KMOVQ K4, BX
	ANDQ R13, BX
	ORQ  BX, R10
	VPCOMPRESSB Z0, K5, Z4
	POPCNTQ R13, BX
	POPCNTQ AX, R13              // (STORE uses AX)
	STORE(Z4, BX)
	ADDQ R13, SI
	SUBQ R13, DX
	JMP  dloop

ddone:
	VPMOVB2M Z23, K1
	KMOVQ K1, AX
	ORQ   AX, R10
	SUBQ  R11, DI
	MOVQ  DI, written+40(FP)
	TESTQ R10, R10
	SETNE nonASCII+48(FP)
	MOVB  $1, ok+49(FP)
	VZEROUPPER
	RET

dfail:
	SUBQ R11, DI
	MOVQ DI, written+40(FP)
	MOVB $0, nonASCII+48(FP)
	MOVB $0, ok+49(FP)
	VZEROUPPER
	RET

// STEP encodes bytes off to off+20 of the window Z0 (twice being
// vecTwice for off), of which DX-off > 0 are input: each byte becomes the
// triple (byte, or "%" or "+", high digit, low digit), and VPCOMPRESSB
// keeps the first byte of a triple alone where the byte is not escaped.
// CX holds the window's escapes, R12 its spaces that become "+".
#define STEP(off, twice) \
	VPERMB Z0, twice, Z16; \
	MOVQ CX, R13; \
	SHRQ $off, R13; \
	ANDQ $0x1fffff, R13; \
	KMOVQ R13, K3; \
	VPBLENDMB Z6, Z16, K3, Z17; \
	MOVQ R12, BX; \
	SHRQ $off, BX; \
	KMOVQ BX, K4; \
	VMOVDQU8 Z7, K4, Z17; \
	VPSRLW $4, Z16, Z18; \
	VMOVDQU8 Z18, K7, Z16; \
	VPERMB Z9, Z16, Z16; \
	VPERMT2B Z16, Z10, Z17; \
	PDEPQ R8, R13, BX; \
	LEAQ (BX)(BX*2), BX; \
	MOVQ DX, AX; \
	SUBQ $off, AX; \
	CMPQ AX, $21; \
	CMOVQGT R14, AX; \
	LEAQ (AX)(AX*2), AX; \
	BZHIQ AX, R9, AX; \
	ORQ AX, BX; \
	KMOVQ BX, K5; \
	VPCOMPRESSB Z17, K5, Z18; \
	POPCNTQ BX, BX; \
	STORE(Z18, BX)

// func encodeAVX512(dst, src *byte, n int, t *[setSize]byte, spacePlus bool) (written int)
//
// Registers: SI input, DX input bytes left, DI output, R11 output start,
// R10 spacePlus; Z1-Z5 the table, Z6-Z8 "%", "+" and " ", Z9-Z13 the
// constant vectors below, K7 the first 21 bytes, R8, R9 and R14 the
// constants of the keep masks.
TEXT ·encodeAVX512(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), DX
	MOVQ t+24(FP), AX
	MOVBLZX spacePlus+32(FP), R10
	MOVQ DI, R11
	TABLES
	MOVL $0x25, AX
	VPBROADCASTB AX, Z6
	MOVL $0x2b, AX
	VPBROADCASTB AX, Z7
	MOVL $0x20, AX
	VPBROADCASTB AX, Z8
	VMOVDQU64 vecHex<>(SB), Z9
	VMOVDQU64 vecTriples<>(SB), Z10
	VMOVDQU64 vecTwice0<>(SB), Z11
	VMOVDQU64 vecTwice1<>(SB), Z12
	VMOVDQU64 vecTwice2<>(SB), Z13
	MOVL $0x1fffff, AX
	KMOVQ AX, K7
	MOVQ $0x2492492492492492, R8 // bit 3k+1 for each triple k
	MOVQ $0x1249249249249249, R9 // bit 3k
	MOVQ $21, R14

eloop:
	TESTQ DX, DX
	JLE   edone
	LOAD(epartial, eloaded)
	MEMBERS
	ANDQ AX, CX
	JNZ  edirty
	// Nothing to encode: the window is copied.
	POPCNTQ AX, BX
	STORE(Z0, BX)
	ADDQ BX, SI
	SUBQ BX, DX
	JMP  eloop

edirty:
	XORQ  R12, R12
	TESTQ R10, R10
	JZ    esteps
	VPCMPEQB Z8, Z0, K1
	KMOVQ K1, R12
	ANDQ  CX, R12                // spaces that become "+"
	ANDNQ CX, R12, CX            // the rest is escaped
esteps:
	// Three steps of 21 bytes take 63 bytes of the window; the next
	// window starts after them.
	STEP(0, Z11)
	CMPQ DX, $21
	JLE  edone
	STEP(21, Z12)
	CMPQ DX, $42
	JLE  edone
	STEP(42, Z13)
	CMPQ DX, $63
	JLE  edone
	ADDQ $63, SI
	SUBQ $63, DX
	JMP  eloop

edone:
	SUBQ R11, DI
	MOVQ DI, written+40(FP)
	VZEROUPPER
	RET

// func indexAVX512(t *[setSize]byte, src *byte, n int) int
TEXT ·indexAVX512(SB), NOSPLIT, $0-32
	MOVQ t+0(FP), AX
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), DX
	MOVQ SI, R11
	TABLES

iloop:
	TESTQ DX, DX
	JLE   inone
	LOAD(ipartial, iloaded)
	MEMBERS
	ANDQ AX, CX
	JNZ  ifound
	ADDQ $64, SI
	SUBQ $64, DX
	JMP  iloop

ifound:
	TZCNTQ CX, CX
	ADDQ  CX, SI
	SUBQ  R11, SI
	MOVQ  SI, ret+24(FP)
	VZEROUPPER
	RET

inone:
	MOVQ n+16(FP), DX
	MOVQ DX, ret+24(FP)
	VZEROUPPER
	RET

// vecNext1 selects byte k+1 for each byte k.
DATA vecNext1<>+0(SB)/8, $0x0807060504030201
DATA vecNext1<>+8(SB)/8, $0x100f0e0d0c0b0a09
DATA vecNext1<>+16(SB)/8, $0x1817161514131211
DATA vecNext1<>+24(SB)/8, $0x201f1e1d1c1b1a19
DATA vecNext1<>+32(SB)/8, $0x2827262524232221
DATA vecNext1<>+40(SB)/8, $0x302f2e2d2c2b2a29
DATA vecNext1<>+48(SB)/8, $0x3837363534333231
DATA vecNext1<>+56(SB)/8, $0x003f3e3d3c3b3a39
GLOBL vecNext1<>(SB), RODATA|NOPTR, $64

// vecNext2 selects byte k+2 for each byte k.
DATA vecNext2<>+0(SB)/8, $0x0908070605040302
DATA vecNext2<>+8(SB)/8, $0x11100f0e0d0c0b0a
DATA vecNext2<>+16(SB)/8, $0x1918171615141312
DATA vecNext2<>+24(SB)/8, $0x21201f1e1d1c1b1a
DATA vecNext2<>+32(SB)/8, $0x2928272625242322
DATA vecNext2<>+40(SB)/8, $0x31302f2e2d2c2b2a
DATA vecNext2<>+48(SB)/8, $0x3938373635343332
DATA vecNext2<>+56(SB)/8, $0x01003f3e3d3c3b3a
GLOBL vecNext2<>(SB), RODATA|NOPTR, $64

// vecHex maps the low 4 bits of an index (VPERMB uses 6) to an
// uppercase hex digit.
DATA vecHex<>+0(SB)/8, $0x3736353433323130
DATA vecHex<>+8(SB)/8, $0x4645444342413938
DATA vecHex<>+16(SB)/8, $0x3736353433323130
DATA vecHex<>+24(SB)/8, $0x4645444342413938
DATA vecHex<>+32(SB)/8, $0x3736353433323130
DATA vecHex<>+40(SB)/8, $0x4645444342413938
DATA vecHex<>+48(SB)/8, $0x3736353433323130
DATA vecHex<>+56(SB)/8, $0x4645444342413938
GLOBL vecHex<>(SB), RODATA|NOPTR, $64

// vecTriples interleaves byte k of the first table (the byte or "%")
// with bytes k and 21+k of the second (its two hex digits).
DATA vecTriples<>+0(SB)/8, $0x4202564101554000
DATA vecTriples<>+8(SB)/8, $0x0559440458430357
DATA vecTriples<>+16(SB)/8, $0x5c47075b46065a45
DATA vecTriples<>+24(SB)/8, $0x4a0a5e49095d4808
DATA vecTriples<>+32(SB)/8, $0x0d614c0c604b0b5f
DATA vecTriples<>+40(SB)/8, $0x644f0f634e0e624d
DATA vecTriples<>+48(SB)/8, $0x5212665111655010
DATA vecTriples<>+56(SB)/8, $0x0069541468531367
GLOBL vecTriples<>(SB), RODATA|NOPTR, $64

// vecTwice0 repeats input bytes 0-20 at 0-20 and at 21-41.
DATA vecTwice0<>+0(SB)/8, $0x0706050403020100
DATA vecTwice0<>+8(SB)/8, $0x0f0e0d0c0b0a0908
DATA vecTwice0<>+16(SB)/8, $0x0201001413121110
DATA vecTwice0<>+24(SB)/8, $0x0a09080706050403
DATA vecTwice0<>+32(SB)/8, $0x1211100f0e0d0c0b
DATA vecTwice0<>+40(SB)/8, $0x0000000000001413
DATA vecTwice0<>+48(SB)/8, $0x0000000000000000
DATA vecTwice0<>+56(SB)/8, $0x0000000000000000
GLOBL vecTwice0<>(SB), RODATA|NOPTR, $64

// vecTwice1 repeats input bytes 21-41 at 0-20 and at 21-41.
DATA vecTwice1<>+0(SB)/8, $0x1c1b1a1918171615
DATA vecTwice1<>+8(SB)/8, $0x24232221201f1e1d
DATA vecTwice1<>+16(SB)/8, $0x1716152928272625
DATA vecTwice1<>+24(SB)/8, $0x1f1e1d1c1b1a1918
DATA vecTwice1<>+32(SB)/8, $0x2726252423222120
DATA vecTwice1<>+40(SB)/8, $0x0000000000002928
DATA vecTwice1<>+48(SB)/8, $0x0000000000000000
DATA vecTwice1<>+56(SB)/8, $0x0000000000000000
GLOBL vecTwice1<>(SB), RODATA|NOPTR, $64

// vecTwice2 repeats input bytes 42-62 at 0-20 and at 21-41.
DATA vecTwice2<>+0(SB)/8, $0x31302f2e2d2c2b2a
DATA vecTwice2<>+8(SB)/8, $0x3938373635343332
DATA vecTwice2<>+16(SB)/8, $0x2c2b2a3e3d3c3b3a
DATA vecTwice2<>+24(SB)/8, $0x34333231302f2e2d
DATA vecTwice2<>+32(SB)/8, $0x3c3b3a3938373635
DATA vecTwice2<>+40(SB)/8, $0x0000000000003e3d
DATA vecTwice2<>+48(SB)/8, $0x0000000000000000
DATA vecTwice2<>+56(SB)/8, $0x0000000000000000
GLOBL vecTwice2<>(SB), RODATA|NOPTR, $64
