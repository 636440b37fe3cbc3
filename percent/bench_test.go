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

// BenchmarkEncode compares the append API with net/url.QueryEscape, one
// op being one pass over the input. Sub-benchmarks are impl/input. The
// "urikit" rows use the set that writes what QueryEscape writes (every
// byte but the unreserved ones encoded, space as "+"), and the setup
// checks that both produce the same output on every item; the
// "urikit.queryvalue" rows show the query-value set (which leaves more
// bytes as they are, so writes less) and have no ratio.
func BenchmarkEncode(b *testing.B) { benchEncode(b, true, false) }

// BenchmarkEncodeString is BenchmarkEncode through the string API.
func BenchmarkEncodeString(b *testing.B) { benchEncode(b, false, false) }

// BenchmarkEncodePath compares the append API with net/url.PathEscape:
// the "urikit" rows use the set that writes what PathEscape writes
// (unreserved and "$&+:=@" kept), checked in the setup; the
// "urikit.pathsegment" rows show the RFC 3986 path-segment set.
func BenchmarkEncodePath(b *testing.B) { benchEncode(b, true, true) }

// BenchmarkEncodePathString is BenchmarkEncodePath through the string API.
func BenchmarkEncodePathString(b *testing.B) { benchEncode(b, false, true) }

// neturlQueryEscape and neturlPathEscape are the encoders that write what
// net/url.QueryEscape and net/url.PathEscape write.
var (
	neturlQueryEscape = Encoder{Set: Unreserved, SpaceAsPlus: true}
	neturlPathEscape  = Encoder{Set: Unreserved.Remove("$&+:=@")}
)

// sameOutput fails b unless f and peer give the same output for every
// item of in: a benchmark compares like with like.
func sameOutput(b *testing.B, in benchInput, f func(string) string, peer func(string) (string, error)) {
	b.Helper()
	for _, s := range in.items {
		want, err := peer(s)
		if err != nil {
			b.Fatalf("%s: peer: %v", in.name, err)
		}
		if got := f(s); got != want {
			b.Fatalf("%s: outputs differ on %q:\nurikit %q\npeer   %q", in.name, s, got, want)
		}
	}
}

func benchEncode(b *testing.B, appendAPI, path bool) {
	buf := make([]byte, 0, 256<<10)
	like, labelled, peer := neturlQueryEscape, Encoder{Set: QueryValue, SpaceAsPlus: true}, url.QueryEscape
	label := "urikit.queryvalue/"
	if path {
		like, labelled, peer = neturlPathEscape, Encoder{Set: PathSegment}, url.PathEscape
		label = "urikit.pathsegment/"
	}
	encoder := func(e Encoder) func(string) {
		if appendAPI {
			return func(s string) { buf = e.AppendEncode(buf[:0], s) }
		}
		return func(s string) { _ = e.Encode(s) }
	}
	for _, in := range benchInputs(b) {
		sameOutput(b, in, like.Encode, func(s string) (string, error) { return peer(s), nil })
		b.Run("urikit/"+in.name, func(b *testing.B) { run(b, in, encoder(like)) })
		b.Run("neturl/"+in.name, func(b *testing.B) { run(b, in, func(s string) { _ = peer(s) }) })
		b.Run(label+in.name, func(b *testing.B) { run(b, in, encoder(labelled)) })
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
			sameOutput(b, enc, func(s string) string { d, _ := plus.Decode(s); return d }, url.QueryUnescape)
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
		sameOutput(b, enc, func(s string) string { d, _ := Decode(s); return d }, url.PathUnescape)
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
	sameOutput(b, plain, func(s string) string { d, _ := Decode(s); return d }, url.PathUnescape)
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
