package percent

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// refEncode is the byte-at-a-time definition of encoding that the fast
// loops (portable or vector) must match; with spacePlus a space becomes
// "+" when the set encodes it, and "+" is encoded.
func refEncode(s string, set Set, spacePlus bool) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ' ' && spacePlus && set.Contains(' '):
			b = append(b, '+')
		case set.Contains(c) || (c == '+' && spacePlus):
			b = append(b, '%', upperhex[c>>4], upperhex[c&15])
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

// randomInput returns a string of n bytes drawn mostly from URL text,
// with escapes (valid, invalid, truncated), "+", spaces, UTF-8 and
// arbitrary octets mixed in, so that each lands at every position of the
// vector loops' 64-byte windows and 21-byte steps.
func randomInput(r *rand.Rand, n int) string {
	const text = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?#[]@!$&'()*+,;= %\"<>\\^`{|}"
	pieces := []string{"%41", "%7e", "%2F", "%C3%A4", "%E4%BD%A0", "%", "%4", "%zz", "%u00e4", "+", " ", "é", "你", "\xff", "\x00", "%C3", "%ED%A0%80"}
	var b []byte
	for len(b) < n {
		if r.IntN(4) == 0 {
			b = append(b, pieces[r.IntN(len(pieces))]...)
		} else {
			b = append(b, text[r.IntN(len(text))])
		}
	}
	return string(b[:n])
}

// TestFastLoopsMatchReference checks the encoder and decoder loops of this
// build (the AVX-512 ones on an amd64 CPU that has them, unless built with
// the purego tag; the portable ones otherwise) against the byte-at-a-time
// definitions, for every predefined set, both options and lengths across
// several vector windows, into buffers with and without spare room.
func TestFastLoopsMatchReference(t *testing.T) {
	t.Logf("vector loops enabled: %v", vecEnabled())
	r := rand.New(rand.NewPCG(1, 2))
	custom := none.Add("aeiou \x80\xfe")
	sets := append(allSets[:len(allSets):len(allSets)], struct {
		name string
		set  Set
	}{"custom", custom})
	cases := 0
	for n := 0; n <= 200; n++ {
		for rep := 0; rep < 6; rep++ {
			s := randomInput(r, n)
			for _, st := range sets {
				for _, plus := range []bool{false, true} {
					e := Encoder{Set: st.set, SpaceAsPlus: plus}
					want := refEncode(s, st.set, plus)
					if got := e.Encode(s); got != want {
						t.Fatalf("%s plus=%v: Encode(%q) = %q, want %q", st.name, plus, s, got, want)
					}
					// An exact-size buffer makes the last stores partial.
					exact := e.AppendEncode(make([]byte, 0, len(want)), s)
					if string(exact) != want {
						t.Fatalf("%s plus=%v: AppendEncode(exact, %q) = %q, want %q", st.name, plus, s, exact, want)
					}
					got := e.AppendEncode([]byte("pre"), s)
					if string(got) != "pre"+want {
						t.Fatalf("%s plus=%v: AppendEncode(pre, %q) = %q", st.name, plus, s, got)
					}
					cases++
				}
			}
			for _, d := range []Decoder{{}, {PlusAsSpace: true}} {
				for _, text := range []bool{true, false} {
					want, _, werr := d.slow(nil, s, text)
					got, _, gerr := d.appendDecodeFrom(make([]byte, 0, len(s)), s, 0, text)
					if (werr == nil) != (gerr == nil) || (werr == nil && !bytes.Equal(got, want)) {
						t.Fatalf("plus=%v text=%v: decode(%q) = %q, %v; general decoder: %q, %v", d.PlusAsSpace, text, s, got, gerr, want, werr)
					}
					cases++
				}
			}
		}
	}
	t.Logf("%d cases", cases)
}

// FuzzFastLoops checks, for any input, that encoding with each predefined
// set matches the byte-at-a-time definition and that the fast decoder
// agrees with the general one (in the vector build, the vector loops).
func FuzzFastLoops(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Add(randomInput(rand.New(rand.NewPCG(3, 4)), 150))
	f.Fuzz(func(t *testing.T, s string) {
		for _, st := range allSets {
			for _, plus := range []bool{false, true} {
				want := refEncode(s, st.set, plus)
				if got := (Encoder{Set: st.set, SpaceAsPlus: plus}).Encode(s); got != want {
					t.Fatalf("%s plus=%v: Encode(%q) = %q, want %q", st.name, plus, s, got, want)
				}
			}
		}
		for _, d := range []Decoder{{}, {PlusAsSpace: true}} {
			for _, text := range []bool{true, false} {
				want, _, werr := d.slow(nil, s, text)
				got, _, gerr := d.appendDecodeFrom(nil, s, 0, text)
				if (werr == nil) != (gerr == nil) || (werr == nil && !bytes.Equal(got, want)) {
					t.Fatalf("plus=%v text=%v: decode(%q) = %q, %v; general decoder: %q, %v", d.PlusAsSpace, text, s, got, gerr, want, werr)
				}
			}
		}
	})
}
