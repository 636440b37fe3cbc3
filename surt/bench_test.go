package surt

import (
	"testing"

	"github.com/urikit/urikit/internal/conformance"
	"github.com/urikit/urikit/uri"
)

// BenchmarkKey makes the key of every line of the datasets, with Key and
// with AppendKey into a buffer used again (as bulk callers do), beside
// urikit's parse and normalization of the same lines.
func BenchmarkKey(b *testing.B) {
	for _, d := range conformance.Datasets(b) {
		b.Run("key/"+d.Name, func(b *testing.B) {
			b.SetBytes(int64(d.Bytes))
			b.ReportAllocs()
			for b.Loop() {
				for _, l := range d.Lines {
					_, _ = Key(l, Options{})
				}
			}
		})
		b.Run("appendkey/"+d.Name, func(b *testing.B) {
			b.SetBytes(int64(d.Bytes))
			b.ReportAllocs()
			var buf []byte
			for b.Loop() {
				for _, l := range d.Lines {
					buf, _ = AppendKey(buf[:0], l, Options{})
				}
			}
		})
		b.Run("normalize/"+d.Name, func(b *testing.B) {
			b.SetBytes(int64(d.Bytes))
			b.ReportAllocs()
			for b.Loop() {
				for _, l := range d.Lines {
					_, _ = uri.NormalizeString(l, uri.SchemeBased)
				}
			}
		})
	}
}
