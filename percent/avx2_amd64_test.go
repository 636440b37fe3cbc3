//go:build amd64 && !purego

package percent

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
	"unsafe"
)

// guarded is a page of memory followed, where the OS lets the test map
// one (guard_linux_test.go), by an inaccessible page: a slice that ends at
// the page's end faults on any access past its end.
type guarded struct{ mem []byte }

// tail returns the last n bytes of the page, filled with the byte fill.
func (g *guarded) tail(n int, fill byte) []byte {
	b := g.mem[len(g.mem)-n:]
	for i := range b {
		b[i] = fill
	}
	return b
}

// ptr returns the address of b's first byte, or of its end if it is empty.
func ptr(b []byte) *byte {
	return (*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), 0))
}

// avx2Decode runs decodeAVX2 on s with the input at the end of one
// guarded page and an n-byte output at the end of another (n = len(s),
// the room the contract gives), and checks it against the general
// decoder: the same success, output and non-ASCII report, and, on
// success, no byte written past the output.
func avx2Decode(t *testing.T, in, out *guarded, s string, plus bool) {
	src := in.tail(len(s), 0)
	copy(src, s)
	const canary = 0xa5
	dst := out.tail(len(s), canary)
	srcp, dstp := ptr(src), ptr(dst)
	if len(s) == 0 {
		// The end of the page: the guard page, which must not be touched.
		srcp = (*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(in.mem)), len(in.mem)))
		dstp = (*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(out.mem)), len(out.mem)))
	}
	w, nonASCII, ok := decodeAVX2(dstp, srcp, len(s), nil, plus)
	want, _, werr := Decoder{PlusAsSpace: plus}.slow(nil, s, false)
	if ok != (werr == nil) {
		t.Fatalf("plus=%v: decodeAVX2(%q): ok = %v, general decoder: %v", plus, s, ok, werr)
	}
	if !ok {
		return
	}
	if !bytes.Equal(dst[:w], want) {
		t.Fatalf("plus=%v: decodeAVX2(%q) = %q, want %q", plus, s, dst[:w], want)
	}
	wantNA := false
	for _, c := range want {
		wantNA = wantNA || c >= 0x80
	}
	if nonASCII != wantNA {
		t.Fatalf("plus=%v: decodeAVX2(%q): nonASCII = %v, want %v", plus, s, nonASCII, wantNA)
	}
	for i := w; i < len(dst); i++ {
		if dst[i] != canary {
			t.Fatalf("plus=%v: decodeAVX2(%q) wrote past its output (byte %d of %d)", plus, s, i, w)
		}
	}
}

// avx2Encode runs encodeAVX2 and indexAVX2 on s with the encoder e's
// table, the input at the end of one guarded page and an output of
// exactly the encoding's length at the end of another, and checks them
// against the byte-at-a-time definitions.
func avx2Encode(t *testing.T, in, out *guarded, s string, e Encoder) {
	tab := e.table()
	src := in.tail(len(s), 0)
	copy(src, s)
	want := refEncode(s, e.Set, e.SpaceAsPlus)
	dst := out.tail(len(want), 0)
	srcp, dstp := ptr(src), ptr(dst)
	if len(s) == 0 {
		srcp = (*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(in.mem)), len(in.mem)))
	}
	if len(want) == 0 {
		dstp = (*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(out.mem)), len(out.mem)))
	}
	if w := encodeAVX2(dstp, srcp, len(s), &tab, e.SpaceAsPlus); w != len(want) || string(dst) != want {
		t.Fatalf("plus=%v: encodeAVX2(%q) = %q (%d bytes), want %q", e.SpaceAsPlus, s, dst[:min(w, len(dst))], w, want)
	}
	wantIndex := len(s)
	for i := 0; i < len(s); i++ {
		if tab[s[i]]&1 != 0 {
			wantIndex = i
			break
		}
	}
	if i := indexAVX2(&tab, srcp, len(s)); i != wantIndex {
		t.Fatalf("indexAVX2(%q) = %d, want %d", s, i, wantIndex)
	}
}

// avx2Encoders are the encoders the encode tests try: every predefined
// set and one with bytes of each half of the table, with and without
// SpaceAsPlus.
func avx2Encoders() []Encoder {
	var es []Encoder
	for _, st := range allSets {
		for _, plus := range []bool{false, true} {
			es = append(es, Encoder{Set: st.set, SpaceAsPlus: plus})
		}
	}
	for _, plus := range []bool{false, true} {
		es = append(es, Encoder{Set: none.Add("aeiou \x80\xfe"), SpaceAsPlus: plus})
	}
	return es
}

// TestEncodeAVX2 checks the AVX2 encoder and index loops, called
// directly, against the byte-at-a-time definitions for random input of
// every length up to 200 and every encoder of avx2Encoders.
func TestEncodeAVX2(t *testing.T) {
	needAVX2(t)
	in, out := newGuarded(t), newGuarded(t)
	r := rand.New(rand.NewPCG(9, 10))
	es := avx2Encoders()
	for n := 0; n <= 200; n++ {
		for rep := 0; rep < 6; rep++ {
			s := randomInput(r, n)
			for _, e := range es {
				avx2Encode(t, in, out, s, e)
			}
		}
		// Every byte value, rotated.
		var b [256]byte
		for i := range b {
			b[i] = byte(i + n)
		}
		for _, e := range es {
			avx2Encode(t, in, out, string(b[:n]), e)
			avx2Encode(t, in, out, string(b[:]), e)
		}
	}
}

// needAVX2 skips t on a CPU without the AVX2 loops' features.
func needAVX2(t *testing.T) {
	if !x86().avx2 {
		t.Skip("no AVX2 on this CPU")
	}
}

// TestDecodeAVX2 checks the AVX2 decoder, called directly (dispatch picks
// it only on CPUs without AVX-512), against the general decoder for
// random input of every length up to 200 and for escapes at every
// position around the window boundaries.
func TestDecodeAVX2(t *testing.T) {
	needAVX2(t)
	in, out := newGuarded(t), newGuarded(t)
	r := rand.New(rand.NewPCG(5, 6))
	for n := 0; n <= 200; n++ {
		for rep := 0; rep < 20; rep++ {
			s := randomInput(r, n)
			for _, plus := range []bool{false, true} {
				avx2Decode(t, in, out, s, plus)
			}
		}
	}
	fill := "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-._~/abcdefghijklmnopqrstuvwxyz0123456789"
	for n := 0; n <= len(fill); n++ {
		for at := 0; at <= n; at++ {
			for _, piece := range []string{"%41", "%e9", "%C3%A9", "%4", "%", "%zz", "%4g", "%\xc3\xa9", "+", "%%41", "%2B+"} {
				s := fill[:at] + piece + fill[at:n]
				for _, plus := range []bool{false, true} {
					avx2Decode(t, in, out, s, plus)
				}
			}
		}
	}
}

// FuzzAVX2 checks the AVX2 loops, called directly, against the general
// decoder and the byte-at-a-time encoding for any input.
func FuzzAVX2(f *testing.F) {
	for _, s := range []string{"", "%41", "a+b%20c", "%C3%A9t%C3%A9", "%zz", "%4", "abc%", "\xff%ff+",
		"0123456789012345678901234567890%41%42%43%44%45%46%47%48%49%4a%4b%4c%4d%4e%4f%50%51%52%53%54%55"} {
		f.Add(s)
	}
	f.Add(randomInput(rand.New(rand.NewPCG(7, 8)), 150))
	if !x86().avx2 {
		f.Skip("no AVX2 on this CPU")
	}
	// The guarded pages are mapped once, for all inputs.
	in, out := newGuarded(f), newGuarded(f)
	es := avx2Encoders()
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 4000 {
			s = s[:4000]
		}
		for _, plus := range []bool{false, true} {
			avx2Decode(t, in, out, s, plus)
		}
		if len(s) > 1300 {
			s = s[:1300] // the encoding fits in the page
		}
		for _, e := range es {
			avx2Encode(t, in, out, s, e)
		}
	})
}

// TestAVX2Chunks is TestVecChunks for the AVX2 loops, through the
// wrappers of vec_amd64.go that cut long input into pieces: the result
// does not change whatever escape or member byte lands on a cut.
func TestAVX2Chunks(t *testing.T) {
	needAVX2(t)
	fill := strings.Repeat("abc/", vecChunk/4+1)
	tab := Encoder{Set: QueryValue, SpaceAsPlus: true}.table()
	path := Encoder{Set: Path}.table()
	for _, at := range []int{-3, -2, -1, 0, 1} {
		for _, piece := range []string{"%41", "%C3%A4", "%zz", "%4", "+", " ", "\xff"} {
			s := fill[:vecChunk+at] + piece + fill[:vecChunk-len(piece)] + piece + "tail"
			for _, plus := range []bool{false, true} {
				want, _, werr := Decoder{PlusAsSpace: plus}.slow(nil, s, false)
				b := make([]byte, len(s))
				n, _, ok := vecDecodeOn(false, b, 0, s, 0, plus)
				if ok != (werr == nil) || (ok && !bytes.Equal(b[:n], want)) {
					t.Fatalf("at=%d piece=%q plus=%v: decoding differs (ok=%v, err=%v)", at, piece, plus, ok, werr)
				}
			}
			wantEnc := refEncode(s, QueryValue, true)
			b := make([]byte, len(wantEnc))
			if n := vecEncodeOn(false, &tab, b, 0, s, 0, true); string(b[:n]) != wantEnc {
				t.Fatalf("at=%d piece=%q: encoding differs", at, piece)
			}
			wantIndex := len(s)
			for i := 0; i < len(s); i++ {
				if path[s[i]]&1 != 0 {
					wantIndex = i
					break
				}
			}
			if i := vecIndexOn(false, &path, s); i != wantIndex {
				t.Fatalf("at=%d piece=%q: index = %d, want %d", at, piece, i, wantIndex)
			}
			if wantIndex < vecChunk+at {
				t.Fatalf("at=%d piece=%q: the index test ends before the cut", at, piece)
			}
		}
	}
}
