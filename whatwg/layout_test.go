package whatwg

import (
	"math/rand"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"
)

// The URL is 32 bytes, a smaller size class than the 48 bytes of 32-bit
// offsets: Parse's one allocation depends on it.
func TestURLSize(t *testing.T) {
	if n := unsafe.Sizeof(URL{}); n != 32 {
		t.Errorf("URL is %d bytes, want 32", n)
	}
}

// A URL whose href is longer than its 16-bit offsets reach finds its
// offsets by parsing the href again: they must be the parser's.
func TestLongLayout(t *testing.T) {
	long := strings.Repeat("a", maxShort)
	for _, s := range []string{
		"https://example.org/" + long,
		"https://example.org:8080/" + long + "?q#f",
		"https://example.org/p?" + long + "#f",
		"https://example.org/p?q#" + long,
		"https://user:" + long + "@example.org:81/p?q#f",
		"https://" + long + ":pw@example.org/p",
		"https://" + long + ".example.org:65535/p",
		"http://[::1]:8/" + long,
		"file:///" + long,
		"file://host/" + long + "?q",
		"foo://" + long + ":9/x",
		"web+x:/.//" + long,
		"web+x:" + long + "?q#f",
		"a" + long + "://h:1/p?q#f",
		"HTTP://EXAMPLE.ORG/a/../b/" + long + "/./c?%zz#\x01",
		"mailto:" + long,
	} {
		var p parser
		p.virt = true
		if !p.parse(s) {
			t.Fatalf("%.40q…: does not parse", s)
		}
		u, err := Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		if len(u.href) <= maxShort {
			t.Fatalf("%.40q…: href of %d bytes, want a long one", s, len(u.href))
		}
		if got := u.layout(); got != p.u {
			t.Errorf("%.40q…: layout %s, parser %s", s, got.debugString(), p.u.debugString())
		}
		var v URL
		if err := ParseInto(&v, s); err != nil || !sameURL(v, u) {
			t.Errorf("%.40q…: ParseInto %s, Parse %s", s, v.debugString(), u.debugString())
		}
		// The same URL relative to itself as the base, and the getters.
		// A setter and an edit on the long URL.
		e := u
		e.SetSearch("x")
		if e.Search() != "?x" || !strings.HasPrefix(e.Href(), u.Href()[:len(u.Href())-len(u.Search())-len(u.Hash())]) {
			t.Errorf("%.40q…: SetSearch gives %.40q…", s, e.Search())
		}
		if err := e.TrySetHash("h"); err != nil || e.Hash() != "#h" {
			t.Errorf("%.40q…: TrySetHash: %v, %q", s, err, e.Hash())
		}
		if w, err := Parse(e.Href()); err != nil || !sameURL(w, e) {
			t.Errorf("%.40q…: edited URL does not parse to itself", s)
		}
		if u.HasOpaquePath() {
			continue
		}
		w, err := u.Parse("")
		if err != nil || w.Href() != strings.SplitN(u.Href(), "#", 2)[0] {
			t.Errorf("%.40q…: relative to itself: %v", s, err)
		}
		if u.Protocol()+"//" != u.Href()[:len(u.Protocol())+2] && u.HasHost() {
			t.Errorf("%.40q…: protocol %.40q", s, u.Protocol())
		}
	}
}

// TestLongRedacted: Redacted reads the layout, not the 16-bit offsets,
// which are capped when the host starts past 64 KiB (a password that
// long).
func TestLongRedacted(t *testing.T) {
	long := strings.Repeat("p", maxShort)
	u := MustParse("https://user:pw@example.org/" + long)
	if r := u.Redacted(); r != "https://user:xxxxx@example.org/"+long {
		t.Errorf("Redacted %.40q…", r)
	}
	u = MustParse("https://user:" + long + "@example.org/x")
	if r := u.Redacted(); r != "https://user:xxxxx@example.org/x" {
		t.Errorf("Redacted of a URL whose host starts past 64 KiB: %.40q…", r)
	}
}

// TestSerializedLayout checks serializedLayout, which long URLs use,
// against the parser's offsets on every URL of the datasets, the WPT
// inputs and mutations of both, with and without bases, and after
// setters.
func TestSerializedLayout(t *testing.T) {
	bases := append([]URL{{}}, mustBases(t)...)
	inputs, _ := corpusSeeds()
	inputs = append(inputs, canParseInputs...)
	files, _ := filepath.Glob(filepath.Join("..", "..", "shared", "datasets", "*.txt"))
	for _, f := range files {
		lines, _ := readLines(t, f)
		inputs = append(inputs, lines...)
	}
	r := rand.New(rand.NewSource(19))
	check := func(u URL, what string) {
		t.Helper()
		l := u.layout()
		if got := serializedLayout(u.href, u.scheme, u.host, u.opaque); got != l {
			t.Fatalf("%s %q: serializedLayout %s, parser %s", what, u.href, got.debugString(), l.debugString())
		}
	}
	n := 0
	for k, s := range inputs {
		for _, v := range []string{s, mutate(r, s)} {
			for _, b := range bases[:1+k%len(bases)] {
				u, err := b.Parse(v)
				if err != nil {
					continue
				}
				check(u, "parsed")
				n++
				e := u
				switch k % 4 {
				case 0:
					e.SetPathname("//x/./y")
				case 1:
					e.SetUsername("u:@")
				case 2:
					e.SetHost("[::1]:8")
				default:
					e.SetSearch("?a#b")
				}
				check(e, "set")
			}
		}
	}
	t.Logf("%d URLs", n)
}
