package idna

import (
	"math"
	"math/rand/v2"
	"testing"
)

// encodeRunesRFC is RFC 3492's encoder as the RFC writes it (a scan of all
// the code points for each value), to check appendEncodeRunes against.
func encodeRunesRFC(dst []byte, runes []rune) ([]byte, *Error) {
	if len(runes) > maxPunycode {
		return dst, pcErr(ErrTooLong, -1)
	}
	start := len(dst)
	basic := 0
	for _, r := range runes {
		if r < 0x80 {
			dst = append(dst, byte(r))
			basic++
		}
	}
	if basic > 0 {
		dst = append(dst, pcDelimiter)
	}
	n := int64(pcInitialN)
	delta := int64(0)
	bias := pcInitialBias
	for h := basic; h < len(runes); {
		// m is the smallest code point >= n in the input.
		m := int64(math.MaxInt32)
		for _, r := range runes {
			if int64(r) >= n && int64(r) < m {
				m = int64(r)
			}
		}
		if (m - n) > (pcMax-delta)/int64(h+1) {
			return dst[:start], pcErr(ErrOverflow, -1)
		}
		delta += (m - n) * int64(h+1)
		n = m
		for _, r := range runes {
			c := int64(r)
			if c < n {
				delta++
				if delta > pcMax {
					return dst[:start], pcErr(ErrOverflow, -1)
				}
			}
			if c == n {
				q := delta
				for k := pcBase; ; k += pcBase {
					t := k - bias
					if t < pcTMin {
						t = pcTMin
					} else if t > pcTMax {
						t = pcTMax
					}
					if q < int64(t) {
						break
					}
					dst = append(dst, pcEncodeDigit(t+int((q-int64(t))%int64(pcBase-t))))
					q = (q - int64(t)) / int64(pcBase-t)
				}
				dst = append(dst, pcEncodeDigit(int(q)))
				bias = pcAdapt(delta, h+1, h == basic)
				delta = 0
				h++
			}
		}
		delta++
		n++
	}
	return dst, nil
}

func TestEncodeRunesAgainstRFC(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	ranges := [][2]rune{{'a', 'z'}, {0x80, 0x100}, {0x400, 0x450}, {0x4E00, 0x9FFF}, {0x1F300, 0x1F6FF}, {0x10FF00, 0x10FFFF}}
	for i := 0; i < 20000; i++ {
		n := rng.IntN(40)
		if i%50 == 0 {
			n = rng.IntN(maxPunycode + 2)
		}
		rs := make([]rune, n)
		k := 1 + rng.IntN(len(ranges))
		for j := range rs {
			g := ranges[rng.IntN(k)]
			rs[j] = g[0] + rng.Int32N(g[1]-g[0]+1)
		}
		want, werr := encodeRunesRFC([]byte("p:"), rs)
		got, gerr := appendEncodeRunes([]byte("p:"), rs)
		if string(got) != string(want) || (werr == nil) != (gerr == nil) || werr != nil && werr.Code != gerr.Code {
			t.Fatalf("%+q: got %q %v, RFC %q %v", string(rs), got, gerr, want, werr)
		}
	}
}

// TestAppendDecodePunycode: the append form decodes as PunycodeDecode does,
// into the caller's slice, and leaves it unchanged on failure.
func TestAppendDecodePunycode(t *testing.T) {
	buf := make([]rune, 0, 64)
	for _, s := range []string{"bcher-kva", "80ak6aa92e", "a-", "", "99999999999", "a-é"} {
		want, werr := PunycodeDecode(s)
		got, err := AppendPunycodeDecodeRunes(buf[:0], s)
		if (err == nil) != (werr == nil) || string(got) != want {
			t.Errorf("%q: %q, %v; PunycodeDecode %q, %v", s, string(got), err, want, werr)
		}
		if err != nil && len(got) != 0 {
			t.Errorf("%q: failure left %d runes", s, len(got))
		}
		if b, _ := AppendPunycodeDecodeRunes([]rune("x"), []byte(s)); err == nil && string(b) != "x"+want {
			t.Errorf("%q: appended to x: %q", s, string(b))
		}
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = AppendPunycodeDecodeRunes(buf[:0], "80ak6aa92e") }); n != 0 {
		t.Errorf("%v allocations with room in the slice", n)
	}
}
