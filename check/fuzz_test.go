package check

import (
	"cmp"
	"net/netip"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// maxMessage is the bound FuzzURL holds messages and details to, whatever
// the input's length.
const maxMessage = 512

func FuzzURL(f *testing.F) {
	for _, s := range []string{
		"", "https://example.com/", `http://a\b@c/`, "http://a@b@c/", `http:/\evil.com`, "http://evil\t.com/",
		"http://evil.com%2f@good.com", "http://example．com/", "http://0x7f.1/", "http://2130706433/",
		"http://017700000001/", "https://аррӏе.com/", "https://pаypal.com/", "https://a/%2e%2e/%252e/%u002e/%c0%af/%ff",
		"\uFEFFhttps://x/", "http://[::ffff:10.0.0.1]:0080/", "javascript:alert(1)", "//x", "%", "%%", "%2", "%u12",
		"http://a/..%2f", "file:///C:/x", "http://xn--/", "http://xn--a.com/", "a:\x00", "http://a/\xc0\xaf",
		"http://host/%25%32%35", "%25%32%35%25%32%35", "asdf%25%32%35asd", "http://h/%2%35%32%46", "http://h/%252525252525252525",
		" http://a.com/", "http://a.com/ ", "\x01http://a.com/\x00", "\t http://a\\b@c/ \n", " ", "\x00",
		"https://GOOD.com./x", "http://a../", "http://./", "ssh://host./", "http://good.com%2e/",
		"http://[::7f00:1]/", "http://[64:ff9b::a9fe:a9fe]/", "http://[2002:7f00:1::]/", "http://evil.com#@good.com/",
		"http://faß.de/", "http://evil.com,good.com/", "http://h:0/", "http://metadata/",
	} {
		f.Add(s)
	}
	// The adversarial shapes of issue 12, short and long.
	for _, sh := range boundedShapes {
		f.Add(sh.make(40))
		f.Add(sh.make(3000))
	}
	f.Fuzz(func(t *testing.T, s string) {
		r := URL(s)
		if r.Input != s {
			t.Fatalf("input %q", r.Input)
		}
		type key struct {
			c Code
			s Severity
		}
		seen := map[key]bool{}
		for i, fd := range r.Findings {
			if fd.Offset < 0 || fd.Offset > len(s) {
				t.Errorf("%s: offset out of range [0, %d]", fd, len(s))
			}
			checkCollapsed(t, s, fd)
			if strings.ContainsAny(fd.Message(), "\n\r") || fd.Message() == "" {
				t.Errorf("%q: message %q", s, fd.Message())
			}
			if seen[key{fd.Code, fd.Severity}] {
				t.Errorf("%q: %s twice", s, fd)
			}
			seen[key{fd.Code, fd.Severity}] = true
			if fd.Severity != fd.Code.Severity() && !(fd.Severity == Info && fd.Code.dataSensitive()) && !(fd.Code == Whitespace && fd.Severity == Warn) {
				t.Errorf("%q: %s has severity %v, code says %v", s, fd, fd.Severity, fd.Code.Severity())
			}
			if i > 0 && findingOrder(r.Findings[i-1], fd) >= 0 {
				t.Errorf("%q: findings out of order: %s before %s", s, r.Findings[i-1], fd)
			}
		}
		if again := URL(s); !reflect.DeepEqual(again, r) {
			t.Errorf("%q: not deterministic", s)
		}
		checkSpans(t, s)
		checkRounds(t, s)
		sameAsNetURL(t, s)
		if len(r.Target.Segments) > MaxSegments || r.Target.SegmentsTruncated != (len(r.Target.Segments) == MaxSegments && strings.Count(r.Target.Path, "/") > MaxSegments) {
			t.Errorf("%q: %d segments, truncated %v", s, len(r.Target.Segments), r.Target.SegmentsTruncated)
		}
		if h, nd := r.Target.Host, r.Target.HostNoDot; nd != h && nd+"." != h || (h != nd) != r.Has(TrailingDotHost) && r.WHATWG.OK {
			t.Errorf("%q: host %q, without the dot %q, findings:\n%s", s, h, nd, show(r))
		}
		if r.Target.OK != r.WHATWG.OK {
			t.Errorf("%q: target %v, WHATWG %v", s, r.Target.OK, r.WHATWG.OK)
		}
		// An IP host that a public fetch must not reach always has a
		// finding at warn or above (issue 19).
		if a, err := netip.ParseAddr(strings.Trim(r.Target.Host, "[]")); err == nil && !ClassifyAddr(a).Global() && !r.AtLeast(Warn) {
			t.Errorf("%q: host %v without a warn finding:\n%s", s, ClassifyAddr(a), show(r))
		}
	})
}

// findingOrder is the order Report.Findings documents: by offset, then by
// decreasing severity, then by code.
func findingOrder(a, b Finding) int {
	return cmp.Or(cmp.Compare(a.Offset, b.Offset), -cmp.Compare(a.Severity, b.Severity), strings.Compare(string(a.Code), string(b.Code)))
}

// checkCollapsed checks the collapse rule and the bounds on one finding:
// Count and Offsets agree, the offsets are the lowest first ones in
// order, and the message and detail are short.
func checkCollapsed(t *testing.T, s string, f Finding) {
	t.Helper()
	switch {
	case f.Count < 0 || f.Count == 1:
		t.Errorf("%q: %s: count %d", s, f, f.Count)
	case f.Count == 0 && f.Offsets != nil:
		t.Errorf("%q: %s: offsets %v without a count", s, f, f.Offsets)
	case f.Count > 1 && (len(f.Offsets) != min(f.Count, maxOffsets) || f.Offsets[0] != f.Offset || !slices.IsSorted(f.Offsets)):
		t.Errorf("%q: %s: count %d, offsets %v", s, f, f.Count, f.Offsets)
	}
	for _, o := range f.Offsets {
		if o < 0 || o > len(s) {
			t.Errorf("%q: %s: offset %d out of range", s, f, o)
		}
	}
	if len(f.Message()) >= maxMessage || len(f.Detail) >= maxMessage {
		t.Errorf("%q: %s: message of %d bytes, detail of %d", s, f.Code, len(f.Message()), len(f.Detail))
	}
}
