package tracking

import (
	"testing"

	"github.com/urikit/urikit/internal/boundedtest"
)

// Bounded cost: applying the built-in rules allocates at most 8 bytes
// per input byte plus a constant, on adversarial URLs of growing size.

var boundedShapes = []boundedtest.Shape{
	{Name: "params", Prefix: "https://example.com/?", Unit: "utm_source=x&"},
	{Name: "kept-params", Prefix: "https://example.com/?", Unit: "a=1&"},
	{Name: "amps", Prefix: "https://example.com/?", Unit: "&"},
	{Name: "escaped-names", Prefix: "https://example.com/?", Unit: "utm%5Fx=1&"},
	{Name: "fragment", Prefix: "https://example.com/#", Unit: "fbclid=1&"},
	{Name: "path", Prefix: "https://example.com/", Unit: "a/"},
	{Name: "amazon-raw", Prefix: "https://www.amazon.com/", Unit: "ref=x/"},
	{Name: "amazon-labels", Prefix: "https://", Unit: "a.", Suffix: "amazon.com/"},
	{Name: "google-wrapper", Prefix: "https://www.google.com/url?q=https%3A%2F%2F", Unit: "a"},
	{Name: "google-nested", Prefix: "https://www.google.com/url?", Unit: "a=1&", Suffix: "q=https://x"},
	{Name: "nested-wrappers", Prefix: "https://www.google.com/url?q=", Unit: "https://www.google.com/url?q="},
}

func boundedCases() []boundedtest.Case {
	r := Default()
	var cs []boundedtest.Case
	cs = append(cs, boundedtest.Cases("Clean", func(s string) { _ = r.Clean(s) }, boundedShapes)...)
	cs = append(cs, boundedtest.Cases("Apply", func(s string) { _ = r.Apply(s) }, boundedShapes)...)
	cs = append(cs, boundedtest.Cases("Unwrap", func(s string) { _, _ = r.Unwrap(s) }, boundedShapes)...)
	return cs
}

func TestBounded(t *testing.T) { boundedtest.CheckAll(t, boundedCases()) }

// BenchmarkBounded reports the time per input byte on the adversarial
// shapes.
func BenchmarkBounded(b *testing.B) { boundedtest.Bench(b, boundedCases()) }
