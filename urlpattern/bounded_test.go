package urlpattern

import (
	"strconv"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/boundedtest"
)

// Bounded cost. Matching (Exec, Test, Set.Match) takes a URL of any size:
// it allocates the URL's parse (package whatwg) and the regexp's
// capture slots, a small constant times the input, checked with
// internal/boundedtest on adversarial URL shapes. Building a pattern
// (New) compiles an RE2 program whose size is a large constant times the
// pattern: the pattern is bounded instead (MaxPatternLength), a longer one
// is refused before any work, and below the bound the bytes allocated per
// pattern byte are held to maxNewBytesPerByte and must not grow with the
// size.

// maxNewBytesPerByte is the most New may allocate per byte of pattern
// (the worst shape, a pattern of "*" wildcards, allocates about 1,400).
const maxNewBytesPerByte = 2048

type boundedShape struct{ name, prefix, unit, suffix string }

func (s boundedShape) input(n int) string {
	var b strings.Builder
	b.WriteString(s.prefix)
	for i := 0; b.Len() < n-len(s.suffix); i++ {
		b.WriteString(strings.ReplaceAll(s.unit, "%d", strconv.Itoa(i)))
	}
	b.WriteString(s.suffix)
	return b.String()
}

// patternShapes are adversarial constructor strings.
var patternShapes = []boundedShape{
	{name: "fixed", prefix: "https://h/", unit: "a"},
	{name: "names", prefix: "https://h/", unit: "/:a%d"},
	{name: "regexp", prefix: "https://h/", unit: "/(a)"},
	{name: "regexp-class", prefix: "https://h/", unit: `/([\d\s&&[^0]])`},
	{name: "escaped", prefix: "https://h/", unit: `\:`},
	{name: "optional", prefix: "https://h/", unit: "{a}?"},
	{name: "repeat", prefix: "https://h/", unit: "/:a%d+"},
	{name: "host-labels", prefix: "https://", unit: "a."},
	{name: "host-groups", prefix: "https://", unit: ":h%d."},
	{name: "wildcards", prefix: "https://h/", unit: "*"},
	{name: "pct", prefix: "https://h/", unit: "%"},
	{name: "non-ascii", prefix: "https://h/", unit: "é"},
	{name: "braces", prefix: "https://h/", unit: "{"},
	{name: "colons", prefix: "", unit: ":"},
	{name: "authority", prefix: "https://", unit: "u:p@"},
	{name: "search", prefix: "https://h/?", unit: "a=:v%d&"},
}

func TestBoundedNew(t *testing.T) {
	for _, sh := range patternShapes {
		ratios := ""
		for _, n := range []int{256, 1 << 10, MaxPatternLength, 16 << 10, 256 << 10} {
			s := sh.input(n)
			if len(s) > MaxPatternLength && n <= MaxPatternLength {
				s = s[:MaxPatternLength]
			}
			var err error
			got := boundedtest.LeastBytes(func() { _, err = New(s, Options{}) })
			ratio := float64(got) / float64(len(s))
			ratios += " " + strconv.FormatFloat(ratio, 'f', 1, 64)
			switch {
			case len(s) > MaxPatternLength:
				if err == nil || err.(*Error).Code != ErrTooLong {
					t.Errorf("%s (%d bytes): err %v, want %s", sh.name, len(s), err, ErrTooLong)
				}
				if got > 1024 {
					t.Errorf("%s (%d bytes): refusing it allocated %d bytes", sh.name, len(s), got)
				}
			case ratio > maxNewBytesPerByte:
				t.Errorf("%s (%d bytes): %.0f bytes per byte, more than %d", sh.name, len(s), ratio, maxNewBytesPerByte)
			}
		}
		t.Logf("New %-14s B/B at 256 B, 1 KiB, 4 KiB, 16 KiB, 256 KiB:%s", sh.name, ratios)
	}
	// The base URL is bounded too.
	if _, err := NewBase("/x", "https://h/"+strings.Repeat("a", MaxPatternLength), Options{}); err == nil || err.(*Error).Code != ErrTooLong {
		t.Errorf("a long base URL: err %v, want %s", err, ErrTooLong)
	}
	long := strings.Repeat("a", MaxPatternLength+1)
	if _, err := NewInit(&Init{Pathname: &long}, Options{}); err == nil || err.(*Error).Code != ErrTooLong {
		t.Errorf("a long Init component: err %v, want %s", err, ErrTooLong)
	}
}

// urlShapes are adversarial URLs to match.
var urlShapes = []boundedShape{
	{name: "path-segments", prefix: "https://h/", unit: "a/"},
	{name: "one-segment", prefix: "https://h/", unit: "a"},
	{name: "dot-segments", prefix: "https://h/", unit: "../"},
	{name: "pct", prefix: "https://h/", unit: "%41"},
	{name: "to-encode", prefix: "https://h/", unit: "^ "},
	{name: "non-ascii", prefix: "https://h/", unit: "é"},
	{name: "host-labels", prefix: "https://", unit: "a.", suffix: "/x"},
	{name: "query", prefix: "https://h/x?", unit: "a=b&"},
	{name: "fragment", prefix: "https://h/x#", unit: "a"},
	{name: "userinfo", prefix: "https://", unit: "u", suffix: ":p@h/"},
	{name: "opaque", prefix: "mailto:", unit: "a"},
}

var matchPatterns = []string{
	"https://h/*",
	"https://h/:a/:b*",
	"https://*.:tld/(.*)x",
	"*://*/*/:last?#*",
}

func TestBoundedAllocation(t *testing.T) {
	boundedtest.SkipShort(t)
	var set Set
	var ps []*Pattern
	for _, s := range matchPatterns {
		p, err := New(s, Options{})
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
		set.Add(p)
	}
	ops := []struct {
		name string
		run  func(s string)
	}{
		{"Exec", func(s string) {
			for _, p := range ps {
				_ = p.Exec(s)
			}
		}},
		{"Test", func(s string) {
			for _, p := range ps {
				_ = p.Test(s)
			}
		}},
		{"Set.Match", func(s string) { _ = set.Match(s, nil) }},
	}
	for _, op := range ops {
		for _, sh := range urlShapes {
			boundedtest.Check(t, boundedtest.Case{
				Op:    op.name,
				Shape: sh.name,
				Input: sh.input,
				Run:   op.run,
				// Each of the four patterns parses the URL again.
				Size: func(s string) int { return len(matchPatterns) * len(s) },
			})
		}
	}
}

func BenchmarkBounded(b *testing.B) {
	var ps []*Pattern
	for _, s := range matchPatterns {
		p, err := New(s, Options{})
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, p)
	}
	for _, sh := range urlShapes {
		for _, n := range []int{10_000, 1_000_000, 10_000_000} {
			x := sh.input(n)
			b.Run("Exec/"+sh.name+"/"+sizeName(n), func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(x) * len(ps)))
				for b.Loop() {
					for _, p := range ps {
						_ = p.Exec(x)
					}
				}
			})
		}
	}
	for _, sh := range patternShapes {
		x := sh.input(MaxPatternLength)[:MaxPatternLength]
		b.Run("New/"+sh.name+"/4KB", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(x)))
			for b.Loop() {
				_, _ = New(x, Options{})
			}
		})
	}
}

func sizeName(n int) string {
	if n >= 1_000_000 {
		return strconv.Itoa(n/1_000_000) + "MB"
	}
	return strconv.Itoa(n/1_000) + "KB"
}
