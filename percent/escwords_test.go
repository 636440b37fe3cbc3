package percent

import (
	"fmt"
	"strings"
	"testing"
)

// TestEscWords rebuilds the branch-free encoder's word table from its
// definition.
func TestEscWords(t *testing.T) {
	if len(escWords) != 2*setSize*4 {
		t.Fatalf("len(escWords) = %d, want %d", len(escWords), 2*setSize*4)
	}
	for c := range setSize {
		if got, want := escWords[4*c:4*c+4], string([]byte{byte(c), 0, 0, 1}); got != want {
			t.Errorf("plain word of %#x = %q, want %q", c, got, want)
		}
		want := fmt.Sprintf("%%%02X\x03", c)
		if got := escWords[4*(setSize+c) : 4*(setSize+c)+4]; got != want {
			t.Errorf("escape word of %#x = %q, want %q", c, got, want)
		}
	}
}

// TestEncodeChunkBoundaries encodes every length around the 8-byte chunks
// of the branch-free loop, with members at every position, through both
// APIs (the string one writes into an exact-size buffer), and checks the
// result byte by byte.
func TestEncodeChunkBoundaries(t *testing.T) {
	const alphabet = "a/b%c d\xffe"
	for _, n := range []int{0, 1, 7, 8, 9, 15, 16, 17, 24, 25, 26, 31, 33, 40, 180, 181, 200, 255} {
		for off := range len(alphabet) {
			var sb strings.Builder
			for k := range n {
				sb.WriteByte(alphabet[(k*7+off)%len(alphabet)])
			}
			s := sb.String()
			var want strings.Builder
			for k := 0; k < len(s); k++ {
				if PathSegment.Contains(s[k]) {
					fmt.Fprintf(&want, "%%%02X", s[k])
				} else {
					want.WriteByte(s[k])
				}
			}
			if got := string(AppendEncode([]byte("x"), s, PathSegment)); got != "x"+want.String() {
				t.Errorf("AppendEncode(%q) = %q, want %q", s, got, "x"+want.String())
			}
			// The string API encodes into an exact-size buffer.
			if got := Encode(s, PathSegment); got != want.String() {
				t.Errorf("Encode(%q) = %q, want %q", s, got, want.String())
			}
		}
	}
}
