// Package boundedtest measures the allocations of an operation on
// adversarial inputs of growing size, for the bounded-cost tests of the
// library packages (their bounded_test.go): an operation allocates at most
// 8 bytes per input byte plus a constant, and no more per byte on large
// inputs than on small ones (which would show a superlinear path). It also
// holds what those files share: the adversarial Shape (a unit repeated
// between a prefix and a suffix), CheckAll for TestBounded and Bench for
// BenchmarkBounded. It is imported by tests only.
package boundedtest

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// sizes are the input sizes Check measures: the largest is 16 times the
// reference size, enough for a quadratic path to stand out.
var sizes = [...]int{1 << 10, 16 << 10, 256 << 10}

// refSize is the size whose bytes per byte the largest size is held to.
const refSize = 16 << 10

// A Case is one operation on one input shape.
type Case struct {
	// Op and Shape name the case in messages.
	Op, Shape string
	// Input returns the shape's input of about n bytes.
	Input func(n int) string
	// Run runs the operation on s.
	Run func(s string)
	// Allowance, when set, is the bytes the result may hold beyond 8 per
	// input byte (the elements of a list that has one per separator).
	Allowance func(s string) int
	// Size, when set, is the size the bound is taken on instead of
	// len(s), when larger (an operation whose input is made from s).
	Size func(s string) int
	// Prepare, when set, is used instead of Run: it returns the call to
	// measure on s, and runs once per input, outside the measurement
	// (to parse what the measured operation takes, say). Check and Bench
	// call Prepare and Size on the input that Input has just returned.
	// Prepare may return nil when the operation does not apply to s: Bench
	// then skips that size, and Check fails.
	Prepare func(s string) func()
	// Cheap, when set, measures at 1 MiB too (an operation cheap enough
	// that the larger size costs little).
	Cheap bool
}

// call returns the call c measures on s.
func (c Case) call(s string) func() {
	if c.Prepare != nil {
		return c.Prepare(s)
	}
	return func() { c.Run(s) }
}

// A Shape is an adversarial input: Prefix, then Unit repeated, then
// Suffix.
type Shape struct{ Name, Prefix, Unit, Suffix string }

// Input returns the shape's input of about n bytes (Unit at least once).
func (sh Shape) Input(n int) string {
	k := max(1, (n-len(sh.Prefix)-len(sh.Suffix))/len(sh.Unit))
	return sh.Prefix + strings.Repeat(sh.Unit, k) + sh.Suffix
}

// Cases returns the Case of op, run by run, on each of shapes.
func Cases(op string, run func(s string), shapes []Shape) []Case {
	cs := make([]Case, len(shapes))
	for i, sh := range shapes {
		cs[i] = Case{Op: op, Shape: sh.Name, Input: sh.Input, Run: run}
	}
	return cs
}

// ErrorText returns a run function that calls f and, when it fails,
// builds the error's message: the operation of a case named "X.Error".
func ErrorText[T any](f func(s string) (T, error)) func(s string) {
	return func(s string) {
		if _, err := f(s); err != nil {
			_ = err.Error()
		}
	}
}

// SkipShort skips a bounded-cost test under -short, the fast inner loop:
// such a test measures allocations on inputs of up to 256 KiB. The default
// run ("go test ./...") and CI run them at their full sizes.
func SkipShort(t testing.TB) {
	t.Helper()
	if testing.Short() {
		t.Skip("bounded-cost test, measures allocations on inputs up to 256 KiB: run without -short")
	}
}

// SkipIfRace skips the test when the race detector is on (see Race):
// allocation counts mean nothing there.
func SkipIfRace(t testing.TB) {
	t.Helper()
	if Race {
		t.Skip("allocation counts differ under the race detector")
	}
}

// CheckAll runs Check on every case; with -short it skips them (they
// measure inputs of up to 256 KiB).
func CheckAll(t *testing.T, cases []Case) {
	t.Helper()
	SkipIfRace(t)
	SkipShort(t)
	for _, c := range cases {
		Check(t, c)
	}
}

// benchSizes are the input sizes of every BenchmarkBounded.
var benchSizes = [...]struct {
	name string
	n    int
}{{"10KB", 10_000}, {"1MB", 1_000_000}, {"10MB", 10_000_000}}

// Bench runs every case at 10 KB, 1 MB and 10 MB, as the sub-benchmarks
// Op/Shape/10KB (1MB, 10MB) of b that report bytes per second and
// allocations: the body of a package's BenchmarkBounded. An input is
// built inside its sub-benchmark, so that -bench skips building the
// others, and the call runs once before the timing.
func Bench(b *testing.B, cases []Case) {
	for _, c := range cases {
		for _, size := range benchSizes {
			b.Run(c.Op+"/"+c.Shape+"/"+size.name, func(b *testing.B) {
				s := c.Input(size.n)
				call := c.call(s)
				if call == nil {
					b.Skip("the operation does not apply to this input")
				}
				call()
				b.SetBytes(int64(len(s)))
				b.ReportAllocs()
				for b.Loop() {
					call()
				}
			})
		}
	}
}

// BytesPerCall returns the bytes f allocates per call (f must be
// repeatable) on an input of n bytes: the mean of the calls that make
// 64 KiB of input in all (at least one, at most 64), after one call that
// warms up. The runtime charges small allocations a span at a time, per
// processor, so that a single call can be charged tens of KB of spans that
// later calls use; over 64 KiB of input, that is below a byte per byte.
func BytesPerCall(f func(), n int) float64 {
	runs := max(1, min(64, (64<<10)/max(n, 1)))
	f()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	for range runs {
		f()
	}
	runtime.ReadMemStats(&m1)
	return float64(m1.TotalAlloc-m0.TotalAlloc) / float64(runs)
}

// Check measures c at every size (1, 16 and 256 KiB, and 1 MiB when
// c.Cheap), logs the bytes allocated per input byte, and fails when a size
// allocates more than 8 per byte (plus the allowance and 4096), or when
// the largest size allocates more per byte than 1.5 times the 16 KiB one
// (below that, stack buffers and the constant blur the ratio).
func Check(t *testing.T, c Case) {
	t.Helper()
	SkipIfRace(t)
	ratios := ""
	var ref float64
	ns := sizes[:]
	if c.Cheap {
		ns = append(ns, 1<<20)
	}
	for i, n := range ns {
		s := c.Input(n)
		call := c.call(s)
		if call == nil {
			t.Errorf("%s on %s (%d bytes): the operation does not apply", c.Op, c.Shape, len(s))
			return
		}
		got := BytesPerCall(call, n)
		size := len(s)
		if c.Size != nil {
			size = max(size, c.Size(s))
		}
		limit := 8*size + 4096
		if c.Allowance != nil {
			limit += c.Allowance(s)
		}
		ratio := got / float64(max(size, 1))
		ratios += fmt.Sprintf(" %.2f", ratio)
		if got > float64(limit) {
			t.Errorf("%s on %s (%d bytes): %.0f bytes allocated (%.2f per byte), limit %d", c.Op, c.Shape, len(s), got, ratio, limit)
		}
		if n == refSize {
			ref = ratio
		} else if i == len(ns)-1 && ratio > 1.5*ref+0.25 {
			t.Errorf("%s on %s: %.2f bytes per byte at %d bytes, %.2f at 16 KiB: superlinear", c.Op, c.Shape, ratio, len(s), ref)
		}
	}
	t.Logf("%-22s %-14s B/B%s", c.Op, c.Shape, ratios)
}

// LeastBytes returns the bytes allocated by one call of f (after a first
// call that warms up whatever is built once). The counter is the
// process's, and the runtime may allocate meanwhile: f is measured again
// until two measurements agree (at most three times), and the least
// counts.
func LeastBytes(f func()) uint64 {
	f()
	least := ^uint64(0)
	for range 3 {
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		f()
		runtime.ReadMemStats(&m1)
		b := m1.TotalAlloc - m0.TotalAlloc
		if b == least {
			break
		}
		least = min(least, b)
	}
	return least
}
