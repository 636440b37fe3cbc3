package guard

import (
	"context"
	"net/netip"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/boundedtest"
)

// A boundedShape builds an adversarial input of about n bytes: a prefix,
// one unit repeated, a suffix.
type boundedShape struct {
	name                 string
	prefix, unit, suffix string
}

func (sh boundedShape) make(n int) string {
	k := max((n-len(sh.prefix)-len(sh.suffix))/len(sh.unit), 1)
	return sh.prefix + strings.Repeat(sh.unit, k) + sh.suffix
}

// boundedShapes are the URLs whose checks could cost more than their
// size: long hosts of many labels, many "@", long userinfo, long paths of
// escapes, delimiters before "@", IPv6-looking hosts.
var boundedShapes = []boundedShape{
	{"host-labels", "http://", "a.", "com/"},
	{"host-long-label", "http://", "a", ".com/"},
	{"host-punct", "http://a", ",b", ".com/"},
	{"host-deviation", "http://", "ß.", "de/"},
	{"at", "http://", "a@", "h/"},
	{"userinfo-long", "http://", "a", "@h/"},
	{"path-escapes", "http://h/", "%2e%2e/", ""},
	{"query", "http://h/?", "a=b&", ""},
	{"delims-at", "http://h", "#?\\", "@good.com"},
	{"fragment-at", "http://h/#", "@a.b", ""},
	{"ipv6ish", "http://[", "1:", ":1]/"},
	{"ipv4-dots", "http://", "1.", "1/"},
}

// checkCost are the shapes on which package check's URL, which CheckURL
// calls, allocates more than 8 bytes per byte by itself (measured before
// guard existed: 13.4, 10.7, 10.0 B/B for delims-at, 14.0, 10.3, 11.1
// for ipv6ish, at 1, 16 and 256 KiB).
var checkCost = map[string]bool{"delims-at": true, "ipv6ish": true}

// TestBoundedAllocs checks that CheckURL, and Resolve of a long host,
// allocate in proportion to the input (issue 12).
func TestBoundedAllocs(t *testing.T) {
	boundedtest.SkipShort(t)
	var p Policy
	for _, sh := range boundedShapes {
		c := boundedtest.Case{Op: "CheckURL", Shape: sh.name, Input: sh.make,
			Run: func(s string) { _ = p.CheckURL(s) }}
		if checkCost[sh.name] {
			// check.URL itself allocates 10 to 14 bytes per byte on
			// these shapes (the three parsers' copies of a rejected
			// host); guard may add 8 per byte on top of it, not more.
			c.Allowance = func(s string) int { return 8 * len(s) }
		}
		boundedtest.Check(t, c)
	}
	r := Policy{Resolver: fixedResolver{netip.MustParseAddr("127.0.0.1")}}
	ctx := context.Background()
	boundedtest.Check(t, boundedtest.Case{Op: "Resolve", Shape: "long-name", Input: boundedShape{"", "", "a.", "com"}.make,
		Run: func(s string) { _, _ = r.Resolve(ctx, "tcp", s) }})
}

// fixedResolver answers every name with the same addresses.
type fixedResolver []netip.Addr

func (f fixedResolver) LookupNetIP(context.Context, string, string) ([]netip.Addr, error) {
	return f, nil
}

// BenchmarkBounded times CheckURL per byte on each shape.
func BenchmarkBounded(b *testing.B) {
	var p Policy
	for _, sh := range boundedShapes {
		for _, size := range []struct {
			name string
			n    int
		}{{"10KB", 10_000}, {"1MB", 1_000_000}, {"10MB", 10_000_000}} {
			b.Run(sh.name+"/"+size.name, func(b *testing.B) {
				s := sh.make(size.n)
				b.SetBytes(int64(len(s)))
				b.ReportAllocs()
				for b.Loop() {
					_ = p.CheckURL(s)
				}
			})
		}
	}
}
