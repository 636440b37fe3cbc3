// Package boundedtest measures the allocations of an operation on
// adversarial inputs of growing size, for the bounded-cost tests of the
// library packages (their bounded_test.go): an operation allocates at most
// 8 bytes per input byte plus a constant, and no more per byte on large
// inputs than on small ones (which would show a superlinear path). It is
// imported by tests only.
package boundedtest

import (
	"fmt"
	"runtime"
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
}

// BytesPerCall returns the bytes f allocates per call, after one call to
// warm up.
func BytesPerCall(f func(), runs int) float64 {
	f()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	for range runs {
		f()
	}
	runtime.ReadMemStats(&m1)
	return float64(m1.TotalAlloc-m0.TotalAlloc) / float64(runs)
}

// Check measures c at every size, logs the bytes allocated per input
// byte, and fails when a size allocates more than 8 per byte (plus the
// allowance and 4096), or when the largest size allocates more per byte
// than 1.5 times the 16 KiB one (below that, stack buffers and the
// constant blur the ratio).
func Check(t *testing.T, c Case) {
	t.Helper()
	ratios := ""
	var ref float64
	for i, n := range sizes {
		s := c.Input(n)
		got := BytesPerCall(func() { c.Run(s) }, max(1, (64<<10)/n))
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
		} else if i == len(sizes)-1 && ratio > 1.5*ref+0.25 {
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
