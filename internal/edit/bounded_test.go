package edit

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/boundedtest"
)

// Bounded cost: an edit allocates at most 8 bytes per input byte plus a
// constant, on adversarial records too, and no more per byte on large
// records than on small ones (which would show a superlinear path). A
// query edit splits the query into its pairs (a 16-byte string header
// each, in form.RawQuery) and a path edit into its segments: their bytes
// are allowed on top, per "&" and "/".

var boundedShapes = []boundedtest.Shape{
	{Name: "pairs a=1&b=%41&", Prefix: "http://h/?", Unit: "a=1&b=%41&"},
	{Name: "pairs UTM_A=1&b&", Prefix: "http://h/?", Unit: "UTM_A=1&b&"},
	{Name: "empty sequences", Prefix: "http://h/?a=1", Unit: "&&", Suffix: "a=2"},
	{Name: "segments /a", Prefix: "http://h", Unit: "/a"},
	{Name: "escapes %41%FF", Prefix: "http://h/", Unit: "%41%FF"},
	{Name: "not a URL", Prefix: "http://[", Unit: "1"},
	{Name: "guessed host", Unit: "a.", Suffix: "com/x"},
}

// boundedOptions are the editors measured on every shape.
var boundedOptions = []struct {
	name string
	o    Options
}{
	{"Delete", Options{Delete: []string{"query=a*"}, Set: []string{"scheme=https"}}},
	{"DeleteTracking", Options{DeleteTracking: true}},
	{"Keep", Options{Keep: []string{"query=b", "query=x*"}}},
	{"Replace+Append", Options{Replace: []string{"query=a=2"}, Append: []string{"query=c", "path=x/y"}}},
	{"SortQuery", Options{SortQuery: true}},
	{"RFC3986", Options{RFC3986: true, Delete: []string{"query=utm_*"}, Append: []string{"path=x"}, HostToASCII: true}},
	{"GuessScheme", Options{GuessScheme: true, Set: []string{"path:=/a b"}}},
	{"Iterate", Options{Iterate: []string{"scheme=http https", "port=1 2"}}},
}

func boundedCases() []boundedtest.Case {
	var cs []boundedtest.Case
	for _, b := range boundedOptions {
		ed, err := New(b.o)
		if err != nil {
			panic(err)
		}
		for _, c := range boundedtest.Cases("Edit/"+b.name, func(s string) { _, _, _ = ed.Edit(s) }, boundedShapes) {
			c.Allowance = allowance
			cs = append(cs, c)
		}
		var buf []byte
		var findings []Finding
		for _, c := range boundedtest.Cases("AppendEdit/"+b.name, func(s string) {
			buf, findings, _ = ed.AppendEdit(buf[:0], findings[:0], s, '\n')
		}, boundedShapes) {
			c.Allowance = allowance
			cs = append(cs, c)
		}
		cs = append(cs, boundedtest.Cases("Edit.Error/"+b.name, func(s string) {
			if _, _, err := ed.Edit(s); err != nil {
				_ = err.Error()
			}
		}, boundedShapes[len(boundedShapes)-2:len(boundedShapes)-1])...)
	}
	return cs
}

// allowance is the bytes of the lists an edit splits s into: a 16-byte
// string per pair or segment, twice over for the lists that grow as they
// go.
func allowance(s string) int {
	return 2 * 16 * (strings.Count(s, "&") + strings.Count(s, "/"))
}

func TestBounded(t *testing.T) { boundedtest.CheckAll(t, boundedCases()) }

func BenchmarkBounded(b *testing.B) { boundedtest.Bench(b, boundedCases()) }
