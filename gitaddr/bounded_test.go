package gitaddr

import (
	"testing"

	"github.com/urikit/urikit/internal/boundedtest"
)

// Bounded cost: every operation that takes input text allocates at most
// 8 bytes per input byte plus a constant, on adversarial inputs too, and
// no more per byte on large inputs than on small ones (which would show a
// superlinear path).

var boundedShapes = []boundedtest.Shape{
	{Name: "scp path", Prefix: "git@github.com:", Unit: "a/"},
	{Name: "scp spaces", Prefix: "host:", Unit: " "},
	{Name: "scp ~", Prefix: "host:", Unit: "~"},
	{Name: "@[", Prefix: "", Unit: "@[", Suffix: "]:p"},
	{Name: "[", Prefix: "", Unit: "[", Suffix: ":p"},
	{Name: "colons", Prefix: "h", Unit: ":"},
	{Name: "@ then host", Prefix: "", Unit: "@", Suffix: "h:p"},
	{Name: "user @", Prefix: "u", Unit: "@u", Suffix: "@h:p"},
	{Name: "ipv6 host", Prefix: "[", Unit: "1:", Suffix: ":1]:p"},
	{Name: "ssh escapes", Prefix: "ssh://h/", Unit: "%41"},
	{Name: "ssh %", Prefix: "ssh://h/", Unit: "%"},
	{Name: "ssh host escapes", Prefix: "ssh://", Unit: "%61", Suffix: "/p"},
	{Name: "ssh @[", Prefix: "ssh://", Unit: "@[", Suffix: "/p"},
	{Name: "https @", Prefix: "https://", Unit: "@", Suffix: "h/p"},
	{Name: "https path", Prefix: "https://www.Example.com/", Unit: "a%2F/", Suffix: ".git/"},
	{Name: "helper", Prefix: "", Unit: "a", Suffix: "::x"},
	{Name: "scheme run", Prefix: "", Unit: "a+", Suffix: "://h/p"},
	{Name: "local slashes", Prefix: "/", Unit: "a//./", Suffix: ".git"},
	{Name: "file", Prefix: "file:///", Unit: "%20/"},
	{Name: "non-ASCII", Prefix: "host:", Unit: "é"},
	{Name: "dash", Prefix: "-", Unit: "a"},
}

var configShapes = []boundedtest.Shape{
	{Name: "value", Prefix: "[url \"x\"]\n\tinsteadOf = ", Unit: "a"},
	{Name: "quoted value", Prefix: "[url \"x\"]\n\tinsteadOf = \"", Unit: "a\\\"", Suffix: "\""},
	{Name: "rules", Prefix: "", Unit: "[url \"x\"]\ninsteadOf = a\n"},
	{Name: "bases", Prefix: "", Unit: "[url \"xy\"]\ninsteadOf = a\n[url \"y\"]\ninsteadOf = ab\n"},
	{Name: "comments", Prefix: "", Unit: "#\n"},
	{Name: "spaces", Prefix: "[url \"x\"]\ninsteadOf = a", Unit: " \t"},
	{Name: "subsection", Prefix: "[url \"", Unit: "\\a"},
	{Name: "unterminated", Prefix: "[url \"x\"]\ninsteadOf = \"", Unit: "a"},
}

func boundedCases() []boundedtest.Case {
	var cs []boundedtest.Case
	add := func(op string, run func(string)) {
		cs = append(cs, boundedtest.Cases(op, run, boundedShapes)...)
	}
	parsed := func(f func(Addr)) func(string) {
		return func(s string) {
			if a, err := Parse(s); err == nil {
				f(a)
			}
		}
	}
	add("Parse", func(s string) { _, _ = Parse(s) })
	add("Parse.Error", boundedtest.ErrorText(Parse))
	add("URL", parsed(func(a Addr) { _ = a.URL() }))
	add("SCP", parsed(func(a Addr) { _ = a.SCP() }))
	add("Key", parsed(func(a Addr) { _ = a.Key() }))
	add("StrictKey", parsed(func(a Addr) { _ = a.StrictKey() }))
	add("Equal", parsed(func(a Addr) { _ = Equal(a, a) }))
	rw := MustNewRewriter("[url \"ssh://git@example.com/\"]\n\tinsteadOf = host:\n\tinsteadOf = h\n")
	add("Rewrite", func(s string) { _ = rw.Rewrite(s); _ = rw.RewritePush(s) })
	cs = append(cs, boundedtest.Cases("NewRewriter", func(s string) { _, _ = NewRewriter(s) }, configShapes)...)
	cs = append(cs, boundedtest.Cases("NewRewriter.Error", boundedtest.ErrorText(NewRewriter), configShapes)...)
	cs = append(cs, boundedtest.Cases("Rewriter.Rewrite", func(s string) {
		if r, err := NewRewriter(s); err == nil {
			_ = r.Rewrite(s)
		}
	}, configShapes)...)
	return cs
}

func TestBounded(t *testing.T) { boundedtest.CheckAll(t, boundedCases()) }

func BenchmarkBounded(b *testing.B) { boundedtest.Bench(b, boundedCases()) }
