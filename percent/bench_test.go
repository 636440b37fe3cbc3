package percent

import (
	"net/url"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/conformance"
)

// benchInput is one named input of the encode/decode benchmarks: the
// dataset files (one URL per line, each encoded as a value) and synthetic
// 1 KiB and 64 KiB texts.
type benchInput struct {
	name  string
	items []string
	bytes int
}

func synthetic(n int) string {
	const unit = "GET /search?q=caf\u00e9 & cr\u00e8me+br\u00fbl\u00e9e/\u4f60\u597d #top; "
	return strings.Repeat(unit, n/len(unit)+1)[:n]
}

func benchInputs(b *testing.B) []benchInput {
	var ins []benchInput
	for _, d := range conformance.Datasets(b) {
		ins = append(ins, benchInput{d.Name, d.Lines, d.Bytes})
	}
	for _, n := range []struct {
		name string
		size int
	}{{"1KiB", 1 << 10}, {"64KiB", 64 << 10}} {
		s := strings.ToValidUTF8(synthetic(n.size), "")
		ins = append(ins, benchInput{n.name, []string{s}, len(s)})
	}
	return ins
}

func run(b *testing.B, in benchInput, f func(string)) {
	b.SetBytes(int64(in.bytes))
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range in.items {
			f(s)
		}
	}
}

// BenchmarkEncode compares the append API (the query-value set with
// space as "+") with net/url.QueryEscape, one op being one pass over the
// input. Sub-benchmarks are impl/input.
func BenchmarkEncode(b *testing.B) { benchEncode(b, true, false) }

// BenchmarkEncodeString is BenchmarkEncode through the string API.
func BenchmarkEncodeString(b *testing.B) { benchEncode(b, false, false) }

// BenchmarkEncodePath compares the path-segment set (append API) with
// net/url.PathEscape.
func BenchmarkEncodePath(b *testing.B) { benchEncode(b, true, true) }

// BenchmarkEncodePathString is BenchmarkEncodePath through the string API.
func BenchmarkEncodePathString(b *testing.B) { benchEncode(b, false, true) }

func benchEncode(b *testing.B, appendAPI, path bool) {
	buf := make([]byte, 0, 256<<10)
	query := Encoder{Set: QueryValue, SpaceAsPlus: true}
	for _, in := range benchInputs(b) {
		if path {
			b.Run("urikit/"+in.name, func(b *testing.B) {
				run(b, in, func(s string) {
					if appendAPI {
						buf = AppendEncode(buf[:0], s, PathSegment)
					} else {
						_ = Encode(s, PathSegment)
					}
				})
			})
			b.Run("neturl/"+in.name, func(b *testing.B) { run(b, in, func(s string) { _ = url.PathEscape(s) }) })
			continue
		}
		b.Run("urikit/"+in.name, func(b *testing.B) {
			run(b, in, func(s string) {
				if appendAPI {
					buf = query.AppendEncode(buf[:0], s)
				} else {
					_ = query.Encode(s)
				}
			})
		})
		b.Run("neturl/"+in.name, func(b *testing.B) { run(b, in, func(s string) { _ = url.QueryEscape(s) }) })
	}
}

// BenchmarkDecode compares the append API (strict, UTF-8 checked, "+" as
// space) with net/url.QueryUnescape on QueryEscape'd inputs, plus a 64 KiB
// input with no "%" next to a plain copy of the same bytes (impl "copy").
func BenchmarkDecode(b *testing.B) { benchDecode(b, true, false) }

// BenchmarkDecodeString is BenchmarkDecode through the string API.
func BenchmarkDecodeString(b *testing.B) { benchDecode(b, false, false) }

// BenchmarkDecodePath compares strict decoding ("+" kept) with
// net/url.PathUnescape.
func BenchmarkDecodePath(b *testing.B) { benchDecode(b, true, true) }

// BenchmarkDecodePathString is BenchmarkDecodePath through the string API.
func BenchmarkDecodePathString(b *testing.B) { benchDecode(b, false, true) }

func benchDecode(b *testing.B, appendAPI, path bool) {
	buf := make([]byte, 0, 256<<10)
	plus := Decoder{PlusAsSpace: true}
	for _, in := range benchInputs(b) {
		enc := benchInput{name: in.name}
		for _, s := range in.items {
			e := url.QueryEscape(s)
			enc.items = append(enc.items, e)
			enc.bytes += len(e)
		}
		if !path {
			b.Run("urikit/"+in.name, func(b *testing.B) {
				run(b, enc, func(s string) {
					var err error
					if appendAPI {
						buf, err = plus.AppendDecode(buf[:0], s)
					} else {
						_, err = plus.Decode(s)
					}
					if err != nil {
						b.Fatal(err)
					}
				})
			})
			b.Run("neturl/"+in.name, func(b *testing.B) {
				run(b, enc, func(s string) {
					if _, err := url.QueryUnescape(s); err != nil {
						b.Fatal(err)
					}
				})
			})
			continue
		}
		b.Run("urikit/"+in.name, func(b *testing.B) {
			run(b, enc, func(s string) {
				var err error
				if appendAPI {
					buf, err = AppendDecode(buf[:0], s)
				} else {
					_, err = Decode(s)
				}
				if err != nil {
					b.Fatal(err)
				}
			})
		})
		b.Run("neturl/"+in.name, func(b *testing.B) {
			run(b, enc, func(s string) {
				if _, err := url.PathUnescape(s); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
	if !path {
		return
	}
	plain := benchInput{name: "64KiB-no-escapes", items: []string{strings.Repeat("abcdefghij/klmnopqrst?uvwxyz=0123456789&", 64<<10/40)}}
	plain.bytes = len(plain.items[0])
	b.Run("urikit/"+plain.name, func(b *testing.B) {
		run(b, plain, func(s string) {
			if appendAPI {
				buf, _ = AppendDecode(buf[:0], s)
			} else {
				_, _ = Decode(s)
			}
		})
	})
	b.Run("neturl/"+plain.name, func(b *testing.B) { run(b, plain, func(s string) { _, _ = url.PathUnescape(s) }) })
	b.Run("copy/"+plain.name, func(b *testing.B) { run(b, plain, func(s string) { buf = append(buf[:0], s...) }) })
}
