//go:build amd64 && !purego

package percent

import (
	"bytes"
	"strings"
	"testing"
)

// TestVecChunks checks that input longer than one call of the assembly
// loops takes is cut into pieces without changing the result, whatever
// escape or member byte lands on a cut.
func TestVecChunks(t *testing.T) {
	if !vecEnabled() {
		t.Skip("no AVX-512 on this CPU")
	}
	fill := strings.Repeat("abc/", vecChunk/4+1)
	for _, at := range []int{-3, -2, -1, 0, 1} {
		for _, piece := range []string{"%41", "%C3%A4", "%zz", "%4", "+", " ", "\xff"} {
			// The piece starts at the cut plus at, twice over.
			s := fill[:vecChunk+at] + piece + fill[:vecChunk-len(piece)] + piece + "tail"
			for _, d := range []Decoder{{}, {PlusAsSpace: true}} {
				for _, text := range []bool{true, false} {
					want, _, werr := d.slow(nil, s, text)
					got, _, gerr := d.appendDecodeFrom(make([]byte, 0, len(s)), s, 0, text)
					if (werr == nil) != (gerr == nil) || (werr == nil && !bytes.Equal(got, want)) {
						t.Fatalf("at=%d piece=%q plus=%v text=%v: got %v, want %v", at, piece, d.PlusAsSpace, text, gerr, werr)
					}
				}
			}
			if valid := !strings.Contains(piece, "z") && piece != "%4"; valid {
				// The cut moves before an escape rather than split it.
				if _, _, ok := vecDecode(make([]byte, len(s)), 0, s, 0, false); !ok {
					t.Fatalf("at=%d piece=%q: the vector decoder gave up on valid input", at, piece)
				}
			}
			for _, plus := range []bool{false, true} {
				want := refEncode(s, QueryValue, plus)
				if got := (Encoder{Set: QueryValue, SpaceAsPlus: plus}).Encode(s); got != want {
					t.Fatalf("at=%d piece=%q plus=%v: encoding differs", at, piece, plus)
				}
			}
			// The first byte that Path encodes: "%", " " or 0xFF here.
			want := len(s)
			for j := 0; j < len(s); j++ {
				if c := s[j]; c == '%' || c == ' ' || c == 0xff {
					want = j
					break
				}
			}
			if i := firstChange(Encoder{Set: Path}, Path.t, s); i != want {
				t.Fatalf("at=%d piece=%q: firstChange = %d, want %d", at, piece, i, want)
			}
		}
	}
}
