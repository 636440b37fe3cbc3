package whatwg

import (
	"math/rand"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/boundedtest"
)

// canParseInputs are inputs that are not in serialized form (the fast path
// leaves them to the state machine), of the kinds CanParse validates
// without allocating: each is checked to be off the fast path. (A host
// with percent-encoding or non-ASCII bytes may allocate: see CanParse.)
var canParseInputs = []string{
	"HTTP://example.com/",
	"https://EXAMPLE.Com/a",
	"http://example.com",
	"http://example.com:80/",
	"https://example.com:0443/x",
	"http://example.com:/",
	"http://a/b/./c/../d",
	"http://a/%2e/%2E%2e/x",
	"http://a/b c?d e#f g",
	"http://a/é?é#é",
	"http://a/<>\"`{}",
	"http:\\\\a\\b\\c",
	"http:/a/b",
	"http:a/b",
	"  http://a/  ",
	"http://1.2.3.4/",
	"http://0x7f.1/",
	"http://0177.0.0.1/",
	"http://2130706433/",
	"http://a.b.1/",
	"http://[::1]/",
	"http://[0:0:0:0:0:0:0:1]:8080/",
	"http://[::ffff:1.2.3.4]/",
	"http://u:p@a/",
	"http://u:p%@a@b/",
	"file:///C|/x/../y",
	"file://localhost/x",
	"file:c:\\x",
	"FILE:///x",
	"foo://ex ample/",
	"foo://Host:9/a/../b",
	"foo:/a/../b",
	"foo:/.//x",
	"mailto:a b",
	"non-spec:/..//p",
	"//a/b",
	"/x/y",
	"../z?q",
	"#frag",
	"?q",
	// Failures.
	"http://a b/",
	"http://999.1.1.1/",
	"http://1.2.3.4.5/",
	"http://[::1/",
	"http://a:99999/",
	"http://a<b/",
	"http://",
	"foo",
	"",
	"https://" + strings.Repeat("a", 200) + "/" + strings.Repeat("b ", 30),
}

// TestCanParseNoAlloc checks that CanParse allocates nothing for inputs
// off the fast path, and that it agrees with Parse.
func TestCanParseNoAlloc(t *testing.T) {
	base := MustParse("http://example.org/foo/bar?b#x")
	for _, s := range canParseInputs {
		var u URL
		if parseCanonical(s, &u) {
			t.Errorf("%q is on the fast path", s)
		}
		for _, b := range []URL{{}, base} {
			_, err := b.Parse(s)
			if b.CanParse(s) != (err == nil) {
				t.Errorf("%q (base %v): CanParse %v, Parse %v", s, b, b.CanParse(s), err)
			}
			if n := testing.AllocsPerRun(20, func() { b.CanParse(s) }); n != 0 && !boundedtest.Race {
				t.Errorf("%q (base %v): CanParse allocates %v times", s, b, n)
			}
		}
	}
}

// allocFree reports whether CanParse should not allocate for s: it is
// short, ASCII, without tabs and newlines (whose removal makes a copy of
// the input) or "%" (a host may need percent-decoding).
func allocFree(s string) bool {
	if len(s) > 200 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x80 || c == '\t' || c == '\n' || c == '\r' || c == '%' {
			return false
		}
	}
	return true
}

// TestCanParseDifferential checks CanParse against the state machine on
// every dataset line, the WPT inputs and mutations of both, with and
// without bases, and that it allocates nothing on those allocFree admits.
func TestCanParseDifferential(t *testing.T) {
	if boundedtest.Race && testing.Short() {
		t.Skip("a corpus test, slow under the race detector (TestStackGrowth is the one for it)")
	}
	bases := append([]URL{{}}, mustBases(t)...)
	inputs, _ := corpusSeeds()
	inputs = append(inputs, canParseInputs...)
	files, _ := filepath.Glob(filepath.Join("..", "..", "shared", "datasets", "*.txt"))
	for _, f := range files {
		lines, _ := readLines(t, f)
		inputs = append(inputs, lines...)
	}
	r := rand.New(rand.NewSource(16))
	checked, free := 0, 0
	for k, s := range inputs {
		for _, v := range []string{s, mutate(r, s)} {
			for _, b := range bases[:1+k%len(bases)] {
				_, err := parseGeneral(v, b)
				if b.CanParse(v) != (err == nil) {
					t.Fatalf("%q (base %v): CanParse %v, state machine %v", v, b, !(err == nil), err)
				}
				checked++
				if k%7 == 0 && allocFree(v) && !boundedtest.Race {
					free++
					if n := testing.AllocsPerRun(1, func() { b.CanParse(v) }); n != 0 {
						t.Errorf("%q (base %v): CanParse allocates %v times", v, b, n)
					}
				}
			}
		}
	}
	t.Logf("%d checks, %d of them for allocations", checked, free)
}

// TestPathScan checks pathScan against a byte loop on random paths.
func TestPathScan(t *testing.T) {
	r := rand.New(rand.NewSource(17))
	const pieces = "a/.%?#\\ b/"
	for i := 0; i < 200000; i++ {
		b := make([]byte, 1+r.Intn(30))
		for k := range b {
			b[k] = pieces[r.Intn(len(pieces))]
		}
		s := string(b)
		j := r.Intn(len(s))
		e, dot := pathScan(s, j)
		we, wdot := j, false
		for we < len(s) && classes[s[we]]&clPathCanon != 0 {
			if s[we] == '/' && we+1 < len(s) && (s[we+1] == '.' || s[we+1] == '%') {
				wdot = true
			}
			we++
		}
		if e != we || dot != wdot {
			t.Fatalf("pathScan(%q, %d) = %d, %v, want %d, %v", s, j, e, dot, we, wdot)
		}
	}
}
