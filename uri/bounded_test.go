package uri

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urikit/urikit/internal/boundedtest"
	"github.com/urikit/urikit/internal/window"
)

// Bounded cost: every operation that takes input text allocates at most
// 8 bytes per input byte plus a constant, on adversarial inputs too, and
// no more per byte on large inputs than on small ones (which would show a
// superlinear path). The operations whose result holds one element per
// separator of the input (RawPathSegments, QueryPairs, ...) are also
// allowed the size of those elements; see the allowance of each case.

// Adversarial shapes, each in the component it stresses.
var (
	shPct       = boundedtest.Shape{Name: "%", Prefix: "http://h/", Unit: "%"}
	shPctZZ     = boundedtest.Shape{Name: "%zz", Prefix: "http://h/", Unit: "%zz"}
	shPctC3     = boundedtest.Shape{Name: "%C3", Prefix: "http://h/", Unit: "%C3"}
	shPctU      = boundedtest.Shape{Name: "%u12", Prefix: "http://h/", Unit: "%u12"}
	shPct7e     = boundedtest.Shape{Name: "%7e", Prefix: "http://h/", Unit: "%7e"}
	shAt        = boundedtest.Shape{Name: "@", Prefix: "http://", Unit: "@", Suffix: "/"}
	shBracket   = boundedtest.Shape{Name: "[", Prefix: "http://", Unit: "[", Suffix: "/"}
	shColon     = boundedtest.Shape{Name: ":", Prefix: "http://", Unit: ":", Suffix: "/"}
	shColonRel  = boundedtest.Shape{Name: "rel:", Prefix: "a", Unit: ":"}
	shUpper     = boundedtest.Shape{Name: "HOST", Prefix: "HTTP://", Unit: "AB.", Suffix: "/"}
	shPort      = boundedtest.Shape{Name: "port0", Prefix: "http://h:", Unit: "0", Suffix: "/"}
	shDotDot    = boundedtest.Shape{Name: "dotdots", Prefix: "http://h", Unit: "/.."}
	shDotSlash  = boundedtest.Shape{Name: "dots", Prefix: "http://h/", Unit: "./"}
	shADotDot   = boundedtest.Shape{Name: "a-dotdots", Prefix: "http://h", Unit: "/a/.."}
	shRelDotDot = boundedtest.Shape{Name: "rel-dotdots", Unit: "../"}
	shRelDot    = boundedtest.Shape{Name: "rel-dots", Unit: "./"}
	shRelADot   = boundedtest.Shape{Name: "rel-a-dotdots", Unit: "a/../"}
	shSlash     = boundedtest.Shape{Name: "slashes", Prefix: "http://h", Unit: "/"}
	shNonASCII  = boundedtest.Shape{Name: "é", Prefix: "http://h/", Unit: "é"}
	shBadUTF8   = boundedtest.Shape{Name: "\\xff", Prefix: "http://h/", Unit: "\xff"}
	shSpace     = boundedtest.Shape{Name: "space", Prefix: "http://h/", Unit: " "}
	shAmp       = boundedtest.Shape{Name: "?&", Prefix: "http://h/?", Unit: "&"}
	shAmpEq     = boundedtest.Shape{Name: "?&=", Prefix: "http://h/?", Unit: "&="}
	shQPctZZ    = boundedtest.Shape{Name: "?%zz&", Prefix: "http://h/?", Unit: "%zz&"}
	shQPlus     = boundedtest.Shape{Name: "?+", Prefix: "http://h/?", Unit: "+"}
	shFragPct   = boundedtest.Shape{Name: "#%", Prefix: "http://h/#", Unit: "%"}
	shUserPct   = boundedtest.Shape{Name: "user%zz", Prefix: "http://", Unit: "%zz", Suffix: "@h/"}
	shPlain     = boundedtest.Shape{Name: "plain", Prefix: "http://h/", Unit: "abcdefgh/"}
)

// allShapes are the shapes every parse-level operation is measured on.
var allShapes = []boundedtest.Shape{
	shPct, shPctZZ, shPctC3, shPctU, shPct7e, shAt, shBracket, shColon, shColonRel, shUpper, shPort,
	shDotDot, shDotSlash, shADotDot, shRelDotDot, shRelDot, shRelADot, shSlash, shNonASCII, shBadUTF8,
	shSpace, shAmp, shAmpEq, shQPctZZ, shQPlus, shFragPct, shUserPct, shPlain,
}

var boundedBase = MustParse("http://a/b/c/d;p?q")

// lenient parses s leniently, for the operations that take a Reference.
func lenient(s string) Reference {
	r, _ := ParseLenient(s)
	return r
}

// boundedCases lists every operation on text with the shapes it is
// measured on.
func boundedCases() []boundedtest.Case {
	var cs []boundedtest.Case
	add := func(op string, shapes []boundedtest.Shape, run func(string), allowance func(string) int) {
		for _, sh := range shapes {
			cs = append(cs, boundedtest.Case{Op: op, Shape: sh.Name, Input: sh.Input, Run: run, Allowance: allowance})
		}
	}
	// Operations on a parsed reference are measured without the parse,
	// which has its own cases.
	onRef := func(op string, shapes []boundedtest.Shape, f func(Reference), allowance func(string) int) {
		for _, sh := range shapes {
			cs = append(cs, boundedtest.Case{Op: op, Shape: sh.Name, Input: sh.Input, Prepare: func(s string) func() {
				r := lenient(s)
				return func() { f(r) }
			}, Allowance: allowance})
		}
	}
	segs := func(s string) int { return 16 * (strings.Count(s, "/") + 1) }
	pairs := func(s string) int { return 40 * (strings.Count(s, "&") + 1) }
	add("Parse", allShapes, func(s string) { _, _ = Parse(s) }, nil)
	add("ParseURI", allShapes, func(s string) { _, _ = ParseURI(s) }, nil)
	add("ParseLenient", allShapes, func(s string) { _, _ = ParseLenient(s) }, nil)
	add("Parse.Error", allShapes, func(s string) {
		if _, err := Parse(s); err != nil {
			_ = err.Error()
		}
	}, nil)
	add("UnmarshalText", allShapes, func(s string) {
		var r Reference
		_ = r.UnmarshalText([]byte(s))
	}, nil)
	add("NormalizeString", allShapes, func(s string) { _, _ = NormalizeString(s, Full) }, nil)
	add("ResolveString", allShapes, func(s string) { _, _ = ResolveString("http://a/b/c/d;p?q", s) }, nil)
	onRef("AppendTo", allShapes, func(r Reference) { _ = r.AppendTo(nil) }, nil)
	onRef("Normalize(Syntax)", allShapes, func(r Reference) { _ = Normalize(r, Syntax) }, nil)
	onRef("Normalize(Full)", allShapes, func(r Reference) { _ = Normalize(r, Full) }, nil)
	onRef("Equal(Full)", allShapes, func(r Reference) { _ = Equal(r, boundedBase, Full) }, nil)
	onRef("Resolve", allShapes, func(r Reference) { _, _ = Resolve(boundedBase, r) }, nil)
	onRef("ResolveNonStrict", allShapes, func(r Reference) { _, _ = ResolveNonStrict(boundedBase, r) }, nil)
	onRef("Relativize", allShapes, func(r Reference) { _ = Relativize(boundedBase, r) }, nil)
	onRef("Relativize(base)", allShapes, func(r Reference) { _ = RelativizePath(r, MustParse("http://h/x")) }, nil)
	onRef("RawPathSegments", allShapes, func(r Reference) { _ = r.RawPathSegments() }, segs)
	onRef("PathSegments", allShapes, func(r Reference) { _, _ = r.PathSegments() }, segs)
	onRef("RawQueryPairs", allShapes, func(r Reference) { _ = r.RawQueryPairs() }, pairs)
	onRef("QueryPairs", allShapes, func(r Reference) { _, _ = r.QueryPairs() }, pairs)
	onRef("Decoded", allShapes, func(r Reference) {
		_, _ = r.DecodedUserinfo()
		_, _ = r.DecodedHost()
		_, _ = r.DecodedPath()
		_, _ = r.DecodedFragment()
		_, _ = r.Username()
		_, _, _ = r.Password()
	}, nil)
	onRef("URL", allShapes, func(r Reference) { _, _ = r.NetURL() }, nil)
	onRef("Without", allShapes, func(r Reference) { _ = r.Without(ComponentFragment) }, nil)
	add("WithDecoded(path)", allShapes, func(s string) { _, _ = boundedBase.WithDecoded(ComponentPath, s) }, nil)
	add("WithDecoded(query)", allShapes, func(s string) { _, _ = boundedBase.WithDecoded(ComponentQuery, s) }, nil)
	add("Build(segment)", allShapes, func(s string) { _, _ = Build(Parts{Scheme: "http", Host: "h", Segments: []string{s}}) }, nil)
	add("Build(query)", allShapes, func(s string) { _, _ = Build(Parts{Query: []QueryPair{{Key: s}}}) }, nil)
	return cs
}

func TestBounded(t *testing.T) { boundedtest.CheckAll(t, boundedCases()) }

// TestFindingsCollapse checks that ParseLenient reports the repeats of a
// deviation once, with their count and first offsets.
func TestFindingsCollapse(t *testing.T) {
	const n = 1 << 20
	in := "http://" + strings.Repeat("@", n) + "/" + strings.Repeat("a b", 3)
	_, fs := ParseLenient(in)
	if len(fs) != 2 {
		t.Fatalf("%d findings, want 2: %v", len(fs), fs)
	}
	user, path := fs[0], fs[1]
	if user.Component != ComponentUserinfo || user.Code != ErrInvalidChar || user.Offset != 7 || user.Count != n-1 ||
		!slices.Equal(user.Offsets, []int{7, 8, 9, 10, 11, 12, 13, 14}) {
		t.Errorf("userinfo finding = %+v", user)
	}
	if path.Component != ComponentPath || path.Offset != n+9 || path.Count != 3 || !slices.Equal(path.Offsets, []int{n + 9, n + 12, n + 15}) {
		t.Errorf("path finding = %+v", path)
	}
	if got := path.String(); got != "offset "+strconv.Itoa(n+9)+" (path): invalid-char: character not allowed here (3 times)" {
		t.Errorf("String() = %q", got)
	}
}

// TestErrorWindow checks that an error message quotes a bounded window of
// the input around the offset, cut on UTF-8 boundaries.
func TestErrorWindow(t *testing.T) {
	long := strings.Repeat("a", 1000)
	_, err := Parse("http://h/" + long + " " + long)
	want := `uri: offset 1009 (path): …"` + strings.Repeat("a", window.Side) + " " + strings.Repeat("a", window.Side-1) + `"…: ' ': character not allowed here`
	if got := err.Error(); got != want {
		t.Errorf("message\n%s\nwant\n%s", got, want)
	}
	_, err = Parse(" " + long)
	if got := err.Error(); !strings.HasPrefix(got, `uri: offset 0 (path): "`) || !strings.Contains(got, `a"…: ' '`) {
		t.Errorf("message at the start: %s", got)
	}
	if got := (&Error{Input: long, Offset: len(long), Code: ErrTruncatedEscape}).Error(); !strings.HasPrefix(got, `uri: offset 1000: …"a`) || !strings.HasSuffix(got, `a": escape cut off by the end of the component`) {
		t.Errorf("message at the end: %s", got)
	}
	// Cut on rune boundaries, whatever the offset.
	e := strings.Repeat("é", 100)
	for off := 0; off <= len(e); off++ {
		w := string(window.AppendQuoted(nil, e, off))
		q := strings.TrimSuffix(strings.TrimPrefix(w, "…"), "…")
		text, err := strconv.Unquote(q)
		if err != nil || !utf8.ValidString(text) || len(text) > 2*window.Side || !strings.Contains(e, text) {
			t.Fatalf("window at %d = %s (%q, %v)", off, w, text, err)
		}
	}
	// Short input is quoted whole, with no marks.
	if got := (&Error{Input: "a b", Offset: 1, Component: ComponentPath, Code: ErrInvalidChar}).Error(); got != `uri: offset 1 (path): "a b": ' ': character not allowed here` {
		t.Errorf("short message: %s", got)
	}
}

func BenchmarkBounded(b *testing.B) { boundedtest.Bench(b, boundedCases()) }
