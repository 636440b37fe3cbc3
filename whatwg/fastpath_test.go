package whatwg

import (
	"math/rand"
	"path/filepath"
	"strings"
	"testing"
)

// parseGeneral runs the basic URL parser's state machine without the
// whole-URL fast path.
func parseGeneral(input string, base URL) (URL, error) {
	return parseSlow(input, base.baseLayout())
}

// fastBases are the bases the fast path is checked with: it ignores the
// base, which must be right for every input it takes.
var fastBases = []string{"http://example.org/foo/bar?b#x", "https://a.b/c", "file:///C:/a/b", "file://host/x", "foo:/a/b", "mailto:x", "ws://w/"}

// checkAll checks the fast path on s with no base and with each of
// bases, and that Parse, ParseInto and CanParse give the state machine's
// result, error included.
func checkAll(t testing.TB, s string, bases []URL) bool {
	t.Helper()
	took := false
	for _, base := range append([]URL{{}}, bases...) {
		took = checkFast(t, s, base) || took
		g, gerr := parseGeneral(s, base)
		u, err := base.Parse(s)
		// A URL that already holds one with every field set, so that a
		// field ParseInto leaves alone shows.
		v := URL{href: "x", schemeEnd16: 1, userEnd: 2, hostStart: 3, pathStart16: 5, queryStart16: 6, fragStart16: 7,
			portLen: 1, scheme: schemeFile, host: hostIPv6, opaque: true}
		old := v
		ierr := base.ParseInto(&v, s)
		if ierr != nil && v != old {
			t.Fatalf("%q: ParseInto failed and changed its URL", s)
		}
		can := base.CanParse(s)
		if (gerr == nil) != (err == nil) || (gerr == nil) != (ierr == nil) || (gerr == nil) != can {
			t.Fatalf("%q (base %v): state machine error %v, Parse %v, ParseInto %v, CanParse %v", s, base, gerr, err, ierr, can)
		}
		if gerr != nil {
			if gerr.Error() != err.Error() || gerr.Error() != ierr.Error() {
				t.Fatalf("%q: errors differ: %v, %v, %v", s, gerr, err, ierr)
			}
			continue
		}
		if !sameURL(u, g) || !sameURL(v, g) {
			t.Fatalf("%q: Parse %s, ParseInto %s, state machine %s", s, u.debugString(), v.debugString(), g.debugString())
		}
	}
	return took
}

func mustBases(t testing.TB) []URL {
	var bs []URL
	for _, b := range fastBases {
		u, err := Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		bs = append(bs, u)
	}
	return bs
}

// mutate returns s with a few random edits: a byte replaced, inserted or
// deleted, with bytes that matter to the fast path.
func mutate(r *rand.Rand, s string) string {
	const pieces = "aZ09.-+/\\?#%:@[]|^`{}\"'<> \t\n\x00\x7f\xc3\xa9\xff"
	b := []byte(s)
	for k := r.Intn(3); k >= 0; k-- {
		c := pieces[r.Intn(len(pieces))]
		i := 0
		if len(b) > 0 {
			i = r.Intn(len(b) + 1)
		}
		switch op := r.Intn(4); {
		case op == 0 && i < len(b):
			b[i] = c
		case op == 1 && i < len(b):
			b = append(b[:i], b[i+1:]...)
		case op == 2:
			ins := []string{"/.", "/..", "/%2e", "/%2E%2e", ":80", ":443", ":0", ":065535", ":65536", "xn--", "1.2.3.4", "0x", "localhost", "C:", "c|", "//", "?", "#", "."}
			b = append(b[:i], append([]byte(ins[r.Intn(len(ins))]), b[i:]...)...)
		default:
			b = append(b[:i], append([]byte{c}, b[i:]...)...)
		}
	}
	return string(b)
}

// checkFast compares the fast path with the state machine on s: when the
// fast path takes s, the URL must be the state machine's, byte for byte.
// It reports whether the fast path took s.
func checkFast(t testing.TB, s string, base URL) bool {
	t.Helper()
	var u URL
	if !parseCanonical(s, &u) {
		return false
	}
	g, err := parseGeneral(s, base)
	if err != nil {
		t.Fatalf("%q: fast path accepts, state machine fails: %v", s, err)
	}
	if u != g {
		t.Fatalf("%q: fast path %s, state machine %s", s, u.debugString(), g.debugString())
	}
	return true
}

func TestFastPathDatasets(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "shared", "datasets", "*.txt"))
	if len(files) == 0 {
		t.Skip("no datasets")
	}
	for _, f := range files {
		lines, _ := readLines(t, f)
		fast := 0
		for _, s := range lines {
			if checkFast(t, s, URL{}) {
				fast++
			}
		}
		if fast < len(lines)*9/10 {
			t.Errorf("%s: only %d of %d lines on the fast path", filepath.Base(f), fast, len(lines))
		}
		t.Logf("%s: %d of %d lines on the fast path", filepath.Base(f), fast, len(lines))
	}
}

// TestFastPathDifferential checks the fast path against the state machine
// on random URLs built from pieces, many of them in serialized form, and
// on mutations of the dataset lines, with and without bases.
func TestFastPathDifferential(t *testing.T) {
	bases := mustBases(t)
	r := rand.New(rand.NewSource(15))
	schemes := []string{"http://", "https://", "ws://", "wss://", "ftp://", "file://", "file:///", "node:", "mailto:", "a+b-c.d:", "HTTP://", "http:/", "http:", "blob:"}
	hosts := []string{"example.com", "a", "a.b.", "xn--nxasmq6b.com", "xn--a", "1.2.3.4", "1.2.3", "0x7f.1", "a.0x", "a.09", "localhost", "a_b", "A.com", "a..b", "[::1]", "u@h", "u:p@h", ""}
	ports := []string{"", ":", ":0", ":1", ":80", ":443", ":21", ":8080", ":65535", ":65536", ":08", ":123456"}
	segs := []string{"a", "b.html", ".", "..", "%2e", ".%2E", "%2e%2e", "...", ".a", "%41", "%zz", "C:", "c|", "~u", "x y", "é", "a\\b", "^", "{}", "'", ""}
	tails := []string{"", "?", "?q=1&r=2", "?a'b", "?a b", "?^{}", "#", "#f", "#a#b", "#x y", "?q#f", "#?", "?#"}
	var sb strings.Builder
	n := 100000
	if testing.Short() {
		n = 10000
	}
	fast := 0
	for i := 0; i < n; i++ {
		sb.Reset()
		sb.WriteString(schemes[r.Intn(len(schemes))])
		if r.Intn(4) > 0 {
			sb.WriteString(hosts[r.Intn(len(hosts))])
			sb.WriteString(ports[r.Intn(len(ports))])
		}
		for k := r.Intn(5); k > 0; k-- {
			sb.WriteByte('/')
			sb.WriteString(segs[r.Intn(len(segs))])
		}
		sb.WriteString(tails[r.Intn(len(tails))])
		s := sb.String()
		if r.Intn(3) == 0 {
			s = mutate(r, s)
		}
		if checkAll(t, s, bases) {
			fast++
		}
	}
	t.Logf("random: %d of %d inputs took the fast path", fast, n)
	files, _ := filepath.Glob(filepath.Join("..", "..", "shared", "datasets", "*.txt"))
	for _, f := range files {
		lines, _ := readLines(t, f)
		step := 1
		if testing.Short() {
			step = 10
		}
		fast := 0
		for k := 0; k < len(lines); k += step {
			if checkAll(t, mutate(r, lines[k]), bases[:2]) {
				fast++
			}
		}
		t.Logf("%s mutated: %d took the fast path", filepath.Base(f), fast)
	}
}

// FuzzFastPath checks the fast path against the state machine: when it
// takes an input, its URL is the state machine's, with and without a
// base; Parse, ParseInto and CanParse agree with the state machine.
func FuzzFastPath(f *testing.F) {
	for _, s := range []string{"https://example.com/a/b.html?q=1#f", "http://a:8080/", "file:///x/y", "file://h/C:/x",
		"node:url", "mailto:a@b", "http://a/./b", "http://a/%2e%2E/b", "ws://1.2.3.4/", "http://a.0x/", "ftp://a:21/",
		"http://A/", "http://a/b c", "file://localhost/x", "a:b?c#d"} {
		f.Add(s)
	}
	for _, s := range canParseInputs { // CanParse's stack output
		f.Add(s)
	}
	bases := mustBases(f)
	f.Fuzz(func(t *testing.T, s string) {
		checkAll(t, s, bases[:3])
	})
}

// BenchmarkCanParse runs CanParse over each dataset (ns/URL metric).
func BenchmarkCanParse(b *testing.B) {
	for _, file := range datasetFiles(b) {
		lines, size := readLines(b, file)
		b.Run(filepath.Base(file), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(size)
			n := 0
			for b.Loop() {
				for _, s := range lines {
					if CanParse(s) {
						n++
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/URL")
		})
	}
}
