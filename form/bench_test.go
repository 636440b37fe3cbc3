package form

import (
	"bufio"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// realistic holds query strings of the kinds real URLs carry: tracking
// parameters, search forms with UTF-8 text, API filters with escaped
// delimiters, and signed URLs.
var realistic = []string{
	"utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale_2024&utm_content=hero_button",
	"q=caf%C3%A9+au+lait+recette&hl=fr&safe=active&start=10&num=20",
	"filter%5Bstatus%5D=active&filter%5Btags%5D=go%2Curl&sort=-created_at&page%5Bsize%5D=50&page%5Bnumber%5D=3",
	"X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404",
	"id=12345",
	"redirect_uri=https%3A%2F%2Fexample.com%2Fcallback%3Fnext%3D%252Fhome&response_type=code&client_id=abc123&scope=openid+profile+email&state=xyz",
	"name=%E5%B1%B1%E7%94%B0+%E5%A4%AA%E9%83%8E&city=%E6%9D%B1%E4%BA%AC&zip=100-0001",
	"a=1&b=2&c=3&d=4&e=5&f=6&g=7&h=8&i=9&j=10",
}

// datasetQueries returns the query strings of the shared URL datasets
// (../shared/datasets next to the conformance corpora), or nil when they
// are absent.
func datasetQueries() []string {
	var qs []string
	dir := os.Getenv("URIKIT_CONFORMANCE")
	if dir == "" {
		dir = filepath.Join("..", "..", "shared", "testdata")
	}
	for _, name := range []string{"kasztp.txt", "isaacs_files.txt"} {
		f, err := os.Open(filepath.Join(dir, "..", "datasets", name))
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			_, q, ok := strings.Cut(sc.Text(), "?")
			if !ok {
				continue
			}
			q, _, _ = strings.Cut(q, "#")
			if q != "" {
				qs = append(qs, q)
			}
		}
		f.Close()
	}
	return qs
}

// corpora runs f on the realistic queries and on the dataset queries.
func corpora(b *testing.B, f func(b *testing.B, qs []string)) {
	b.Run("realistic", func(b *testing.B) { f(b, realistic) })
	b.Run("datasets", func(b *testing.B) {
		qs := datasetQueries()
		if len(qs) == 0 {
			b.Skip("no URL datasets found")
		}
		f(b, qs)
	})
}

func totalLen(qs []string) int64 {
	n := 0
	for _, q := range qs {
		n += len(q)
	}
	return int64(n)
}

func BenchmarkParse(b *testing.B) {
	corpora(b, func(b *testing.B, qs []string) {
		b.Run("form.Parse", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(totalLen(qs))
			for b.Loop() {
				for _, q := range qs {
					_ = Parse(q)
				}
			}
		})
		b.Run("form.ParseRaw", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(totalLen(qs))
			for b.Loop() {
				for _, q := range qs {
					_ = ParseRaw(q)
				}
			}
		})
		b.Run("url.ParseQuery", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(totalLen(qs))
			for b.Loop() {
				for _, q := range qs {
					_, _ = url.ParseQuery(q)
				}
			}
		})
	})
}

func BenchmarkEncode(b *testing.B) {
	corpora(b, func(b *testing.B, qs []string) {
		vs := make([]Values, len(qs))
		us := make([]url.Values, len(qs))
		var n int64
		for i, q := range qs {
			vs[i] = Parse(q)
			vs[i].Sort() // url.Values.Encode sorts; compare like with like
			us[i] = vs[i].URLValues()
			n += int64(len(vs[i].String()))
		}
		b.Run("form.String", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(n)
			for b.Loop() {
				for _, v := range vs {
					_ = v.String()
				}
			}
		})
		b.Run("form.AppendTo", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(n)
			var buf []byte
			for b.Loop() {
				for _, v := range vs {
					buf = v.AppendTo(buf[:0])
				}
			}
		})
		b.Run("url.Values.Encode", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(n)
			for b.Loop() {
				for _, u := range us {
					_ = u.Encode()
				}
			}
		})
	})
}

func BenchmarkRawSet(b *testing.B) {
	const q = "X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=old"
	b.Run("form.RawQuery", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			r := ParseRaw(q)
			r.Set("X-Amz-Signature", "aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404")
			_ = r.String()
		}
	})
	b.Run("url.Values", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			u, _ := url.ParseQuery(q)
			u.Set("X-Amz-Signature", "aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404")
			_ = u.Encode()
		}
	})
}
