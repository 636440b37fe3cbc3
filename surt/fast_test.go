package surt

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/urikit/urikit/internal/conformance"
)

// fastOptions are the option sets the fast path is checked under.
var fastOptions = []Options{
	{},
	{KeepWWW: true},
	{Scheme: true, TrailingComma: true},
	{HostOnly: true},
	{KeepQueryOrder: true},
	{Fragment: true},
}

// fastCases are inputs at the edges of what the fast path takes.
var fastCases = []string{
	"http://a.com", "http://a.com/", "http://a.com?", "http://a.com?b", "http://a.com#x", "http://A.COM/B/C/",
	"https://www.example.com/", "http://www.com/", "http://www.co.uk/", "http://www1.a.co.uk/x", "http://WWW.A.com/",
	"http://www./", "http://www.a/", "http://wwwx.a.com/", "http://www2a.b.com/",
	"http://a.com:80/", "http://a.com:0/", "https://a.com:443/", "https://a.com:80/", "http://a.com:080/",
	"http://a.com:65535/", "http://a.com:65536/", "http://a.com:/", "http://a.com:8x/", "http://:80/",
	"http://a.com./", "http://.a.com/", "http://a..com/", "http://1.2.3.4/", "http://1a.com/",
	"http://a@b.com/", "http://[::1]/", "http://a%41.com/", "http://a\tb.com/",
	"http://a.com/a//b", "http://a.com//", "http://a.com/./b", "http://a.com/a/..", "http://a.com/.well-known/x",
	"http://a.com/a/.b/c/", "http://a.com/..", "http://a.com/a.", "http://a.com/.", "http://a.com/a/b/../c",
	"http://a.com/x.ASPX", "http://a.com/(S(4hqa0555fwsecu455xqckv45))/m.aspx", "http://a.com/a.asp?x.aspx",
	"http://a.com/?b=1&a=2", "http://a.com/?a=1&b=2", "http://a.com/?&&", "http://a.com/?jsessionid=" + sid32,
	"http://a.com/?x=1&JSESSIONID=" + sid32 + "&y", "http://a.com/?ID=1", "http://a.com/?i&d", "http://a.com/?cfid=1&cftoken=2&x=1",
	"http://a.com/?a=1&b=2&a=0#f", "http://a.com/a b/\x01\x7f\xff?c d", "http://a.com/a%20b", "http://a.com/a?b%20c",
	"http://a.com/x\n", "http://a.com/x#\ny", "http://a.com/\x01", "http://a.com/a?b?c", "http://a.com/?#",
	"file:///Users/x/a.JS?tapmock=1.2", "file://node.gypi", "file://deps/a/b", "file://", "file:", "file:?x", "file:#x",
	"node:url", "mailto:A@B.com", "urn:isbn:1", "dns:www.alexa.com", "dns://www.alexa.com/", "DNS://www.a.com/",
	"http:a.com", "http:///a.com/x", "HTTP://A.COM/", "ftp://a.com/", "ftp:///x", "ws:x",
	"www.example.com", "www.example.com/a?b", "a.com:8080/x", "http://https://a.com/", "https://http:/a.com",
	"filedesc:x", "warcinfo:x", " http://a.com/", "http://a.com/ ", "\x01http://a.com/", "-", "x:",
	"http://a.com/aaaaaaa/bbbbbbb/cccccccc?dddddddd&eeeeeeee&iiiiiiii&dddddddd",
	"http://a.com/aaaaaaa?Sid=0123456789ABCDEF0123456789abcdef",
	"http://a.com/aaaaaaaaaaaaaaa/.aaaaaaaaaaaa", "http://a.com/aaaaaaaaaaaaaa//aaaaaaaaaaaa", "http://a.com/aaaaaaa//",
	"http://Ab.Cd", "http://WWW.Example-Domain-Long.COM", "http://x.ABCDEFGHIJ.com/", "http://abcdefgh.ABCDEFGH.Ab:81",
	"http://a.com/aaaaaaaaaaaaaaaa/", "http://a.com/aaaaaaaa?aaaaaaaa", "http://a.com/aaaaaaaa#aaaaaaaa", "http://a.com/aaaaaa.aspx",
}

// checkFast fails when the fast path gives a key for u under o that is
// not the general path's; it reports whether the fast path took u.
func checkFast(t *testing.T, u string, o Options) bool {
	t.Helper()
	f, ok := appendKeyFast([]byte("x"), u, o)
	if !ok {
		return false
	}
	g, err := appendKeyGeneral([]byte("x"), u, o)
	if err != nil || string(f) != string(g) {
		t.Errorf("%q %+v: fast path %q, general path %q, %v", u, o, f, g, err)
	}
	return true
}

// TestFastPath checks the fast path against the general one on the
// edge cases, the fuzz seeds, the conformance file and every line of the
// datasets, under several option sets, and that it takes most lines.
func TestFastPath(t *testing.T) {
	inputs := append(append([]string{}, fastCases...), fuzzSeeds...)
	data, err := os.ReadFile("testdata/conformance.json")
	if err != nil {
		t.Fatal(err)
	}
	var c conformanceFile
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	for _, tc := range c.Cases {
		inputs = append(inputs, tc.URL)
		checkFast(t, tc.URL, parseOptions(t, tc.Options))
	}
	for _, d := range c.Differences {
		inputs = append(inputs, d.URL)
		checkFast(t, d.URL, parseOptions(t, d.Options))
	}
	for _, u := range inputs {
		for _, o := range fastOptions {
			checkFast(t, u, o)
		}
	}
	if testing.Short() {
		return
	}
	for _, d := range conformance.Datasets(t) {
		taken := 0
		for _, l := range d.Lines {
			for i, o := range fastOptions {
				if checkFast(t, l, o) && i == 0 {
					taken++
				}
			}
		}
		t.Logf("%s: the fast path takes %d of %d lines", d.Name, taken, len(d.Lines))
		if taken < len(d.Lines)*9/10 {
			t.Errorf("%s: the fast path takes only %d of %d lines", d.Name, taken, len(d.Lines))
		}
	}
}

// FuzzFastPath checks the fast path against the general one.
func FuzzFastPath(f *testing.F) {
	for _, s := range append(append([]string{}, fastCases...), fuzzSeeds...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, u string) {
		for _, o := range fastOptions {
			checkFast(t, u, o)
		}
	})
}

// TestSpecialMask checks that the lowest bit of specialMask is at the
// first byte escClass marks 2, on words of bytes around each class
// boundary, and that the word tests of the fast path are exact.
func TestSpecialMask(t *testing.T) {
	probe := []byte{0, 1, '\t', ' ', '!', '"', '#', '$', '%', '&', '-', '.', '/', '0', '?', '@', 'A', 'Z', '[', '`', 'a', 'i', 'z', '~', 0x7f, 0x80, 0xa0, 0xa1, 0xff}
	var w [8]byte
	for seed := range 20000 {
		r := uint32(seed)*2654435761 + 12345
		for i := range w {
			r = r*1664525 + 1013904223
			w[i] = probe[int(r>>16)%len(probe)]
		}
		x := load8(string(w[:]), 0)
		first := 8
		for i, c := range w {
			if escClass[c] == 2 {
				first = i
				break
			}
		}
		got := 8
		if m := specialMask(x); m != 0 {
			got = bitsTrailing(m) >> 3
		}
		if got != first {
			t.Fatalf("%q: specialMask says byte %d, want %d", w, got, first)
		}
		if first < 8 {
			continue
		}
		for i, c := range w {
			bit := uint64(0x80) << (8 * i)
			if (upperMask(x)&bit != 0) != (c >= 'A' && c <= 'Z') || (zeroMask(x^ones*'/')&bit != 0) != (c == '/') {
				t.Fatalf("%q: byte %d", w, i)
			}
		}
	}
}

func bitsTrailing(m uint64) int {
	n := 0
	for m&1 == 0 {
		m >>= 1
		n++
	}
	return n
}

// TestLoadTail checks loadTail against a padded copy.
func TestLoadTail(t *testing.T) {
	s := "abcdefghijklmnop"
	for end := 1; end <= len(s); end++ {
		for j := max(0, end-7); j < end; j++ {
			b := []byte("xxxxxxxx")
			copy(b, s[j:end])
			if got, want := loadTail(s[:end], j), load8(string(b), 0); got != want {
				t.Errorf("loadTail(%q, %d) = %#x, want %#x", s[:end], j, got, want)
			}
		}
	}
}
