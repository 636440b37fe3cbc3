package whatwg

import (
	"net/url"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/urikit/urikit/form"
	"github.com/urikit/urikit/internal/boundedtest"
)

// Bounded cost: every exported operation allocates at most a small constant
// times its input, whatever the input looks like. Each shape below repeats
// one adversarial unit; the operations get either a whole URL built from
// it (prefix + unit×k + suffix) or, for setters and relative references,
// the repeated unit alone. The input of an operation on a URL is the URL,
// whose size is that of its href (which can be three times the text it was
// parsed from, when that text needed percent-encoding); that of
// SetSearchParams is the serialization it writes; that of FromNetURL the
// serialization of the net/url URL. SearchParams is measured against its
// result when that is larger (a form.Pair is 32 bytes).

type boundedShape struct {
	name, prefix, unit, suffix string
}

// input returns a URL of about n bytes.
func (s boundedShape) input(n int) string {
	k := max((n-len(s.prefix)-len(s.suffix))/len(s.unit), 1)
	return s.prefix + strings.Repeat(s.unit, k) + s.suffix
}

// value returns the unit repeated to about n bytes.
func (s boundedShape) value(n int) string {
	return strings.Repeat(s.unit, max(n/len(s.unit), 1))
}

var boundedShapes = []boundedShape{
	{"idn-labels", "http://", "а.", "com/"}, // Cyrillic а: look-alike IDN labels
	{"xn-repeat", "http://", "xn--", "/"},
	{"xn-labels", "http://ü.", "xn--ls8h.", "/"},
	{"xn-bad-labels", "http://ü.", "xn--.", "/"},
	{"dots", "http://a", ".", "/"},
	{"pct", "http://h/", "%", ""},
	{"pct-zz", "http://h/", "%zz", ""},
	{"dotdot", "http://h", "/..", ""},
	{"dot-slash", "http://h/", "./", ""},
	{"backslash", "http://h", "\\", ""},
	{"tabs", "http://h/", "\t\n", "x"},
	{"tab-pct", "http://h/", "a\t%", ""},
	{"ipv4ish", "http://", "1.", "/"},
	{"brackets", "http://", "[", "/"},
	{"colons", "http://[", ":", "]/"},
	{"path-colons", "foo:/", ":", ""},
	{"at", "http://", "@", "h/"},
	{"userinfo", "http://", "a@", "h/"},
	{"query-amp", "http://h/?", "a=b&", ""},
	{"non-ascii", "http://h/", "é", ""},
	{"invalid-utf8", "http://h/", "\xff", ""},
	{"opaque-spaces", "foo:", " a", ""},
	{"controls", "http://h/", "\x01<", ""},
	{"continuation", "http://h:9x", "\x80", ""}, // fails at once: the message
}

type boundedOp struct {
	name  string
	value bool // the op takes the repeated unit, not a whole URL
	cheap bool // also measured at 1 MiB
	// prep runs outside the measurement and returns the call to measure,
	// or nil when the op does not apply. When size is not 0 it is the size
	// of what the op works on, when that is not x: the href of a URL made
	// from x, the serialization of search parameters.
	prep func(x string) (f func(), size int)
}

var boundedBase = MustParse("https://user:pw@example.org:8080/a/b/c?q=1#frag")

func setterOp(name string, set func(u *URL, v string)) boundedOp {
	return boundedOp{name: name, value: true, prep: func(x string) (func(), int) {
		return func() {
			u := boundedBase
			set(&u, x)
			_ = u.Href()
		}, 0
	}}
}

var boundedOps = []boundedOp{
	{name: "Parse", cheap: true, prep: func(x string) (func(), int) {
		return func() {
			if _, err := Parse(x); err != nil {
				_ = err.Error()
			}
		}, 0
	}},
	{name: "Parse/base", value: true, prep: func(x string) (func(), int) {
		return func() {
			if _, err := boundedBase.Parse(x); err != nil {
				_ = err.Error()
			}
		}, 0
	}},
	{name: "ParseInto", cheap: true, prep: func(x string) (func(), int) {
		var u URL
		return func() { _ = ParseInto(&u, x) }, 0
	}},
	{name: "CanParse", cheap: true, prep: func(x string) (func(), int) {
		return func() { CanParse(x) }, 0
	}},
	{name: "ParseWithFindings", prep: func(x string) (func(), int) {
		return func() {
			_, errs, err := ParseWithFindings(x)
			for _, e := range errs {
				_ = e.String()
			}
			if err != nil {
				_ = err.Error()
			}
		}, 0
	}},
	{name: "ParseWithFindings/base", value: true, prep: func(x string) (func(), int) {
		return func() { _, _, _ = boundedBase.ParseWithFindings(x) }, 0
	}},
	{name: "UnmarshalText", prep: func(x string) (func(), int) {
		b := []byte(x)
		return func() {
			var u URL
			_ = u.UnmarshalText(b)
		}, 0
	}},
	{name: "getters", cheap: true, prep: func(x string) (func(), int) {
		u, err := Parse(x)
		if err != nil {
			return nil, 0
		}
		v := u
		return func() {
			_, _ = u.Href(), u.String()
			_, _, _, _ = u.Protocol(), u.Scheme(), u.Username(), u.Password()
			_, _, _, _ = u.Host(), u.Hostname(), u.Port(), u.PortNumber()
			_, _, _ = u.Pathname(), u.Search(), u.Hash()
			_, _ = u.Query()
			_, _ = u.Fragment()
			_, _, _ = u.HasOpaquePath(), u.HasHost(), u.IsSpecial()
			_ = u.Origin()
			_ = Equal(u, v)
			_ = EqualIgnoringFragment(u, v)
		}, len(u.Href())
	}},
	{name: "MarshalText+AppendTo", prep: func(x string) (func(), int) {
		u, err := Parse(x)
		if err != nil {
			return nil, 0
		}
		return func() {
			b, _ := u.MarshalText()
			_ = u.AppendTo(b[:0])
		}, len(u.Href())
	}},
	{name: "Origin/blob", value: true, prep: func(x string) (func(), int) {
		u, err := Parse("blob:https://example.org/" + x)
		if err != nil {
			return nil, 0
		}
		return func() { _ = u.Origin() }, len(u.Href())
	}},
	{name: "SearchParams", prep: func(x string) (func(), int) {
		u, err := Parse(x)
		if err != nil {
			return nil, 0
		}
		// The result, a slice of pairs, takes more room than the query
		// when the pairs are short: count that.
		pairs := len(u.SearchParams()) * int(unsafe.Sizeof(form.Pair{}))
		return func() { _ = u.SearchParams() }, max(len(u.Href()), pairs)
	}},
	{name: "SetSearchParams", value: true, prep: func(x string) (func(), int) {
		v := form.Parse(x)
		return func() {
			u := boundedBase
			u.SetSearchParams(v)
		}, len(v.String())
	}},
	{name: "NetURL", prep: func(x string) (func(), int) {
		u, err := Parse(x)
		if err != nil {
			return nil, 0
		}
		return func() { _, _ = u.NetURL() }, len(u.Href())
	}},
	{name: "FromNetURL", prep: func(x string) (func(), int) {
		nu, err := url.Parse(x)
		if err != nil {
			return nil, 0
		}
		return func() {
			if _, err := FromNetURL(nu); err != nil {
				_ = err.Error()
			}
		}, len(nu.String())
	}},
	setterOp("SetHref", func(u *URL, v string) { _ = u.SetHref("http://h/" + v) }),
	setterOp("SetProtocol", func(u *URL, v string) { u.SetProtocol(v) }),
	setterOp("SetUsername", func(u *URL, v string) { u.SetUsername(v) }),
	setterOp("SetPassword", func(u *URL, v string) { u.SetPassword(v) }),
	setterOp("SetHost", func(u *URL, v string) { u.SetHost(v) }),
	setterOp("SetHostname", func(u *URL, v string) { u.SetHostname(v) }),
	setterOp("SetPort", func(u *URL, v string) { u.SetPort(v) }),
	setterOp("SetPathname", func(u *URL, v string) { u.SetPathname(v) }),
	setterOp("SetSearch", func(u *URL, v string) { u.SetSearch(v) }),
	setterOp("SetHash", func(u *URL, v string) { u.SetHash(v) }),
}

const (
	boundedFactor = 8    // bytes allocated per input byte, at most
	boundedConst  = 4096 // plus this many bytes
	boundedGrowth = 1.5  // ratio at the largest size / ratio at the smallest
)

// checkGrowth measures f at each size and fails when the allocation per
// input byte exceeds the bound or grows with the size.
func checkGrowth(t *testing.T, sizes []int, mk func(n int) (int, func())) {
	t.Helper()
	var ratios []float64
	for _, n := range sizes {
		size, f := mk(n)
		if f == nil {
			t.Skip("does not apply to this shape")
		}
		b := boundedtest.LeastBytes(f)
		r := float64(b) / float64(size)
		ratios = append(ratios, r)
		if b > uint64(boundedFactor*size+boundedConst) {
			t.Errorf("input %d bytes: allocated %d bytes (%.2f per byte), want at most %d×+%d", size, b, r, boundedFactor, boundedConst)
		}
	}
	first, last := ratios[0], ratios[len(ratios)-1]
	// The constant part weighs on the smallest size: compare with slack.
	if last > boundedGrowth*first+0.25 {
		t.Errorf("allocation per byte grows with the input: %.3f at %d bytes, %.3f at %d bytes", first, sizes[0], last, sizes[len(sizes)-1])
	}
	t.Logf("bytes allocated per byte: %.3f (at %d) → %.3f (at %d)", first, sizes[0], last, sizes[len(sizes)-1])
}

func TestBoundedAllocation(t *testing.T) {
	boundedtest.SkipIfRace(t)
	if testing.Short() {
		t.Skip("measures inputs of up to 1 MiB")
	}
	for _, op := range boundedOps {
		for _, s := range boundedShapes {
			t.Run(op.name+"/"+s.name, func(t *testing.T) {
				sizes := []int{1 << 10, 16 << 10, 256 << 10}
				if op.cheap {
					sizes = append(sizes, 1<<20)
				}
				checkGrowth(t, sizes, func(n int) (int, func()) {
					x := s.input(n)
					if op.value {
						x = s.value(n)
					}
					f, size := op.prep(x)
					return max(len(x), size), f
				})
			})
		}
	}
}

// BenchmarkBounded reports the time per input byte of the operations on
// the adversarial shapes at 10 KB, 1 MB and 10 MB.
func BenchmarkBounded(b *testing.B) {
	for _, op := range boundedOps {
		for _, s := range boundedShapes {
			for _, n := range []int{10_000, 1_000_000, 10_000_000} {
				x := s.input(n)
				if op.value {
					x = s.value(n)
				}
				f, _ := op.prep(x)
				if f == nil {
					continue
				}
				b.Run(op.name+"/"+s.name+"/"+sizeName(n), func(b *testing.B) {
					b.ReportAllocs()
					b.SetBytes(int64(len(x)))
					for b.Loop() {
						f()
					}
				})
			}
		}
	}
}

func sizeName(n int) string {
	if n >= 1_000_000 {
		return strconv.Itoa(n/1_000_000) + "MB"
	}
	return strconv.Itoa(n/1_000) + "KB"
}
