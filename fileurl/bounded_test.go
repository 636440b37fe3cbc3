package fileurl

import (
	"testing"

	"github.com/urikit/urikit/internal/boundedtest"
)

// Bounded cost: every operation allocates at most 8 bytes per input byte
// plus a constant, on adversarial inputs too, and no more per byte on
// large inputs than on small ones (which would show a superlinear path).

// pathShapes are paths for FromPath, of both styles: plain names, names
// that are all escapes, dot segments, runs of separators, UNC servers
// that go through the host parser, and relative paths (errors).
var pathShapes = []boundedtest.Shape{
	{Name: "posix plain", Prefix: "/", Unit: "abcdefg/"},
	{Name: "posix é", Prefix: "/", Unit: "é"},
	{Name: "posix \\xff", Prefix: "/", Unit: "\xff"},
	{Name: "posix space", Prefix: "/", Unit: " "},
	{Name: "posix %", Prefix: "/", Unit: "%"},
	{Name: "posix ..", Prefix: "/", Unit: "a/../"},
	{Name: "posix a/", Prefix: "/", Unit: "a/"},
	{Name: "posix /..", Prefix: "/", Unit: "/.."},
	{Name: "posix //", Prefix: "/", Unit: "/", Suffix: "a"},
	{Name: "posix relative", Unit: "a"},
	{Name: "windows plain", Prefix: `C:\`, Unit: `abcdefg\`},
	{Name: "windows é", Prefix: `C:\`, Unit: "é"},
	{Name: "windows a\\", Prefix: `C:\`, Unit: `a\`},
	{Name: "windows ..", Prefix: `C:\`, Unit: `a\..\`},
	{Name: "windows \\?\\", Prefix: `\\?\C:\`, Unit: `a/`},
	{Name: "unc path", Prefix: `\\s\share\`, Unit: `a\`},
	{Name: "unc server", Prefix: `\\`, Unit: "a", Suffix: `\s`},
	{Name: "unc server é.", Prefix: `\\`, Unit: "é.", Suffix: `\s`},
	{Name: "unc bad server", Prefix: `\\`, Unit: "a ", Suffix: `\s`},
	{Name: "windows relative", Prefix: `C:`, Unit: "a"},
}

// urlShapes are URLs for ToPath, of both styles: escapes to decode,
// characters the URL parser encodes, dot segments, escaped separators and
// bad escapes (errors), hosts.
var urlShapes = []boundedtest.Shape{
	{Name: "plain", Prefix: "file:///", Unit: "abcdefg/"},
	{Name: "%41", Prefix: "file:///", Unit: "%41"},
	{Name: "%FF", Prefix: "file:///", Unit: "%FF"},
	{Name: "é", Prefix: "file:///", Unit: "é"},
	{Name: "\\xff", Prefix: "file:///", Unit: "\xff"},
	{Name: "space", Prefix: "file:///", Unit: " ", Suffix: "a"},
	{Name: "../", Prefix: "file:///", Unit: "a/../"},
	{Name: "%2F", Prefix: "file:///", Unit: "%2F"},
	{Name: "%zz", Prefix: "file:///", Unit: "%zz"},
	{Name: "%5C", Prefix: "file:///", Unit: "%5C"},
	{Name: "drive", Prefix: "file:///C:/", Unit: "abcdefg/"},
	{Name: "host", Prefix: "file://", Unit: "a", Suffix: "/x"},
	{Name: "host xn--", Prefix: "file://", Unit: "xn--bcher-kva.", Suffix: "/s"},
	{Name: "not file", Prefix: "http://h/", Unit: "a"},
}

// boundedCases lists every operation with the shapes it is measured on.
func boundedCases() []boundedtest.Case {
	var cs []boundedtest.Case
	add := func(op string, shapes []boundedtest.Shape, run func(string)) {
		cs = append(cs, boundedtest.Cases(op, run, shapes)...)
	}
	for _, st := range []Style{POSIX, Windows} {
		add("FromPath "+st.String(), pathShapes, func(s string) { _, _ = FromPath(s, st) })
		add("AppendFromPath "+st.String(), pathShapes, func(s string) { _, _ = AppendFromPath(nil, s, st) })
		add("FromPath.Error "+st.String(), pathShapes, boundedtest.ErrorText(func(s string) (string, error) { return FromPath(s, st) }))
		add("ToPath "+st.String(), urlShapes, func(s string) { _, _ = ToPath(s, st) })
		add("AppendToPath "+st.String(), urlShapes, func(s string) { _, _ = AppendToPath(nil, s, st) })
		add("ToPath.Error "+st.String(), urlShapes, boundedtest.ErrorText(func(s string) (string, error) { return ToPath(s, st) }))
	}
	return cs
}

func TestBounded(t *testing.T) { boundedtest.CheckAll(t, boundedCases()) }

func BenchmarkBounded(b *testing.B) { boundedtest.Bench(b, boundedCases()) }
