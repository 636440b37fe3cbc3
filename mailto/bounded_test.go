package mailto

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/boundedtest"
)

// Bounded cost: every operation that takes input text allocates at most
// 8 bytes per input byte plus a constant, on adversarial inputs too, and
// no more per byte on large inputs than on small ones (which would show a
// superlinear path). A message's lists hold one element per "," or "&"
// (a 16-byte string or a 32-byte Header): their bytes are allowed on top.

// A boundedShape is an adversarial input: prefix, unit repeated, suffix.
type boundedShape struct{ name, prefix, unit, suffix string }

// make returns the shape's input of about n bytes.
func (sh boundedShape) make(n int) string {
	k := max(1, (n-len(sh.prefix)-len(sh.suffix))/len(sh.unit))
	return sh.prefix + strings.Repeat(sh.unit, k) + sh.suffix
}

// A boundedCase is one operation on one shape.
type boundedCase struct {
	op    string
	shape boundedShape
	run   func(s string)
}

var boundedShapes = []boundedShape{
	{"to a@b,", "mailto:", "a@b,", "c@d"},
	{"long address", "mailto:", "a", "@b"},
	{"quoted %5C%22", "mailto:%22", "%5C%22", "%22@x"},
	{"quoted ,", "mailto:%22", ",", "%22@x"},
	{"to= fields", "mailto:?", "to=a@b&", "x=y"},
	{"cc list", "mailto:?cc=", "a@b,", "c@d"},
	{"headers x=1&", "mailto:?", "x=1&", "x=1"},
	{"headers =&", "mailto:?", "=&", "="},
	{"body %41", "mailto:?body=", "%41", ""},
	{"body %E4%BD%A0", "mailto:?body=", "%E4%BD%A0", ""},
	{"subject plain", "mailto:?subject=", "abcdefgh", ""},
	{"body then %zz", "mailto:?body=", "a", "%zz"},
	{"body then %C3", "mailto:?body=", "%41", "%C3"},
	{"to then ,,", "mailto:", "a@b,", ","},
	{"address then space", "mailto:", "a.", "a @b"},
	{"subject twice", "mailto:?subject=", "a", "&subject=b"},
	// What the lenient parser tolerates, repeated: each makes a finding.
	{"body spaces", "mailto:?body=", " ", ""},
	{"body %", "mailto:?body=", "%", ""},
	{"body %E9", "mailto:?body=", "%E9", ""},
	{"&&", "mailto:?", "&", ""},
	{"no =", "mailto:?", "x&", ""},
	{"to a b,", "mailto:", "a b,", ""},
	{"to ,", "mailto:a@b", ",", ""},
	{"subjects", "mailto:?", "subject=x&", ""},
	{"to é", "mailto:", "é", "@x"},
	{"# then long", "mailto:a@b#", "a", ""},
}

func boundedCases() []boundedCase {
	var cs []boundedCase
	add := func(op string, run func(string)) {
		for _, sh := range boundedShapes {
			cs = append(cs, boundedCase{op, sh, run})
		}
	}
	add("Parse", func(s string) { _, _ = Parse(s) })
	add("Parse.Error", func(s string) {
		if _, err := Parse(s); err != nil {
			_ = err.Error()
		}
	})
	add("ParseLenient", func(s string) { _, _, _ = ParseLenient(s) })
	add("ParseLenient.Error", func(s string) {
		_, fs, _ := ParseLenient(s)
		for i := range fs {
			_ = fs[i].Error()
		}
	})
	add("Build", func(s string) {
		// The message is made outside the measured call: see boundedMessage.
		_ = Build(boundedMessage(s))
	})
	return cs
}

// messages holds the message of each input, parsed before it is measured.
var messages = map[string]Message{}

// boundedMessage returns the message of s, parsed once (leniently, so
// that Build has a message for every shape).
func boundedMessage(s string) Message {
	m, ok := messages[s]
	if !ok {
		m, _, _ = ParseLenient(s)
		messages[s] = m
	}
	return m
}

// allowance is the bytes of the elements of the lists of a message of s:
// a 16-byte string per "," and a 32-byte Header per "&", twice over for
// the lists that grow as they go.
func allowance(s string) int {
	return 2 * (16*strings.Count(s, ",") + 32*strings.Count(s, "&"))
}

func TestBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("measures allocations on inputs up to 256 KiB")
	}
	for _, c := range boundedCases() {
		boundedtest.Check(t, boundedtest.Case{Op: c.op, Shape: c.shape.name, Input: c.shape.make, Run: c.run, Allowance: allowance})
	}
	clear(messages)
}

func BenchmarkBounded(b *testing.B) {
	for _, c := range boundedCases() {
		for _, size := range []struct {
			name string
			n    int
		}{{"10KB", 10_000}, {"1MB", 1_000_000}, {"10MB", 10_000_000}} {
			b.Run(c.op+"/"+c.shape.name+"/"+size.name, func(b *testing.B) {
				s := c.shape.make(size.n)
				c.run(s)
				b.SetBytes(int64(len(s)))
				b.ReportAllocs()
				for b.Loop() {
					c.run(s)
				}
			})
		}
	}
	clear(messages)
}
