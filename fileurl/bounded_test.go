package fileurl

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/boundedtest"
)

// Bounded cost: every operation allocates at most 8 bytes per input byte
// plus a constant, on adversarial inputs too, and no more per byte on
// large inputs than on small ones (which would show a superlinear path).

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

// pathShapes are paths for FromPath, of both styles: plain names, names
// that are all escapes, dot segments, runs of separators, UNC servers
// that go through the host parser, and relative paths (errors).
var pathShapes = []boundedShape{
	{"posix plain", "/", "abcdefg/", ""},
	{"posix é", "/", "é", ""},
	{"posix \\xff", "/", "\xff", ""},
	{"posix space", "/", " ", ""},
	{"posix %", "/", "%", ""},
	{"posix ..", "/", "a/../", ""},
	{"posix a/", "/", "a/", ""},
	{"posix /..", "/", "/..", ""},
	{"posix //", "/", "/", "a"},
	{"posix relative", "", "a", ""},
	{"windows plain", `C:\`, `abcdefg\`, ""},
	{"windows é", `C:\`, "é", ""},
	{"windows a\\", `C:\`, `a\`, ""},
	{"windows ..", `C:\`, `a\..\`, ""},
	{"windows \\?\\", `\\?\C:\`, `a/`, ""},
	{"unc path", `\\s\share\`, `a\`, ""},
	{"unc server", `\\`, "a", `\s`},
	{"unc server é.", `\\`, "é.", `\s`},
	{"unc bad server", `\\`, "a ", `\s`},
	{"windows relative", `C:`, "a", ""},
}

// urlShapes are URLs for ToPath, of both styles: escapes to decode,
// characters the URL parser encodes, dot segments, escaped separators and
// bad escapes (errors), hosts.
var urlShapes = []boundedShape{
	{"plain", "file:///", "abcdefg/", ""},
	{"%41", "file:///", "%41", ""},
	{"%FF", "file:///", "%FF", ""},
	{"é", "file:///", "é", ""},
	{"\\xff", "file:///", "\xff", ""},
	{"space", "file:///", " ", "a"},
	{"../", "file:///", "a/../", ""},
	{"%2F", "file:///", "%2F", ""},
	{"%zz", "file:///", "%zz", ""},
	{"%5C", "file:///", "%5C", ""},
	{"drive", "file:///C:/", "abcdefg/", ""},
	{"host", "file://", "a", "/x"},
	{"host xn--", "file://", "xn--bcher-kva.", "/s"},
	{"not file", "http://h/", "a", ""},
}

// boundedCases lists every operation with the shapes it is measured on.
func boundedCases() []boundedCase {
	var cs []boundedCase
	add := func(op string, shapes []boundedShape, run func(string)) {
		for _, sh := range shapes {
			cs = append(cs, boundedCase{op: op, shape: sh, run: run})
		}
	}
	withError := func(f func(string) (string, error)) func(string) {
		return func(s string) {
			if _, err := f(s); err != nil {
				_ = err.Error()
			}
		}
	}
	for _, st := range []Style{POSIX, Windows} {
		add("FromPath "+st.String(), pathShapes, func(s string) { _, _ = FromPath(s, st) })
		add("AppendFromPath "+st.String(), pathShapes, func(s string) { _, _ = AppendFromPath(nil, s, st) })
		add("FromPath.Error "+st.String(), pathShapes, withError(func(s string) (string, error) { return FromPath(s, st) }))
		add("ToPath "+st.String(), urlShapes, func(s string) { _, _ = ToPath(s, st) })
		add("AppendToPath "+st.String(), urlShapes, func(s string) { _, _ = AppendToPath(nil, s, st) })
		add("ToPath.Error "+st.String(), urlShapes, withError(func(s string) (string, error) { return ToPath(s, st) }))
	}
	return cs
}

func TestBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("measures allocations on inputs up to 256 KiB")
	}
	for _, c := range boundedCases() {
		boundedtest.Check(t, boundedtest.Case{Op: c.op, Shape: c.shape.name, Input: c.shape.make, Run: c.run})
	}
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
}
