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

var boundedShapes = []boundedtest.Shape{
	{Name: "to a@b,", Prefix: "mailto:", Unit: "a@b,", Suffix: "c@d"},
	{Name: "long address", Prefix: "mailto:", Unit: "a", Suffix: "@b"},
	{Name: "quoted %5C%22", Prefix: "mailto:%22", Unit: "%5C%22", Suffix: "%22@x"},
	{Name: "quoted ,", Prefix: "mailto:%22", Unit: ",", Suffix: "%22@x"},
	{Name: "to= fields", Prefix: "mailto:?", Unit: "to=a@b&", Suffix: "x=y"},
	{Name: "cc list", Prefix: "mailto:?cc=", Unit: "a@b,", Suffix: "c@d"},
	{Name: "headers x=1&", Prefix: "mailto:?", Unit: "x=1&", Suffix: "x=1"},
	{Name: "headers =&", Prefix: "mailto:?", Unit: "=&", Suffix: "="},
	{Name: "body %41", Prefix: "mailto:?body=", Unit: "%41"},
	{Name: "body %E4%BD%A0", Prefix: "mailto:?body=", Unit: "%E4%BD%A0"},
	{Name: "subject plain", Prefix: "mailto:?subject=", Unit: "abcdefgh"},
	{Name: "body then %zz", Prefix: "mailto:?body=", Unit: "a", Suffix: "%zz"},
	{Name: "body then %C3", Prefix: "mailto:?body=", Unit: "%41", Suffix: "%C3"},
	{Name: "to then ,,", Prefix: "mailto:", Unit: "a@b,", Suffix: ","},
	{Name: "address then space", Prefix: "mailto:", Unit: "a.", Suffix: "a @b"},
	{Name: "subject twice", Prefix: "mailto:?subject=", Unit: "a", Suffix: "&subject=b"},
	// What the lenient parser tolerates, repeated: each makes a finding.
	{Name: "body spaces", Prefix: "mailto:?body=", Unit: " "},
	{Name: "body %", Prefix: "mailto:?body=", Unit: "%"},
	{Name: "body %E9", Prefix: "mailto:?body=", Unit: "%E9"},
	{Name: "&&", Prefix: "mailto:?", Unit: "&"},
	{Name: "no =", Prefix: "mailto:?", Unit: "x&"},
	{Name: "to a b,", Prefix: "mailto:", Unit: "a b,"},
	{Name: "to ,", Prefix: "mailto:a@b", Unit: ","},
	{Name: "subjects", Prefix: "mailto:?", Unit: "subject=x&"},
	{Name: "to é", Prefix: "mailto:", Unit: "é", Suffix: "@x"},
	{Name: "# then long", Prefix: "mailto:a@b#", Unit: "a"},
}

func boundedCases() []boundedtest.Case {
	var cs []boundedtest.Case
	add := func(op string, run func(string)) {
		cs = append(cs, boundedtest.Cases(op, run, boundedShapes)...)
	}
	add("Parse", func(s string) { _, _ = Parse(s) })
	add("Parse.Error", boundedtest.ErrorText(Parse))
	add("ParseLenient", func(s string) { _, _, _ = ParseLenient(s) })
	add("ParseLenient.Finding", func(s string) {
		_, fs, _ := ParseLenient(s)
		for i := range fs {
			_ = fs[i].String()
		}
	})
	for _, sh := range boundedShapes {
		// The message is parsed (leniently, so that Build has one for
		// every shape) outside the measured call.
		cs = append(cs, boundedtest.Case{Op: "Build", Shape: sh.Name, Input: sh.Input, Prepare: func(s string) func() {
			m, _, _ := ParseLenient(s)
			return func() { _ = Build(m) }
		}})
	}
	for i := range cs {
		cs[i].Allowance = allowance
	}
	return cs
}

// allowance is the bytes of the elements of the lists of a message of s:
// a 16-byte string per "," and a 32-byte Header per "&", twice over for
// the lists that grow as they go.
func allowance(s string) int {
	return 2 * (16*strings.Count(s, ",") + 32*strings.Count(s, "&"))
}

func TestBounded(t *testing.T) { boundedtest.CheckAll(t, boundedCases()) }

func BenchmarkBounded(b *testing.B) { boundedtest.Bench(b, boundedCases()) }
