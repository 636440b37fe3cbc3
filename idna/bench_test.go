package idna

import "testing"

var benchDomains = []struct{ name, domain string }{
	{"ascii-lower", "www.example.com"},
	{"ascii-upper", "WWW.Example.COM"},
	{"punycode", "xn--bcher-kva.example"},
	{"latin", "bücher.example"},
	{"arabic", "نامه\u200cای.com"},
	{"cjk", "例え.テスト"},
}

func BenchmarkDomainToASCII(b *testing.B) {
	for _, d := range benchDomains {
		b.Run(d.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(d.domain)))
			for b.Loop() {
				if _, err := DomainToASCII(d.domain); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkToASCIIStrict(b *testing.B) {
	o := urlOptions(true)
	for _, d := range benchDomains {
		b.Run(d.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(d.domain)))
			buf := make([]byte, 0, 64)
			for b.Loop() {
				var err error
				if buf, err = o.AppendASCII(buf[:0], d.domain); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkToUnicode(b *testing.B) {
	o := urlOptions(false)
	for _, d := range benchDomains {
		b.Run(d.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := o.ToUnicode(d.domain); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
