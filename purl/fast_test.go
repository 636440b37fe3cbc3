package purl

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// TestFastMatchesFull is the differential test of the fast path against
// the full parse (FuzzParse checks the same on what the fuzzer finds):
// wherever fast accepts a purl, the full parse must accept it and give
// the same PURL. The purls are those of the packageurl-js differential
// test's generator and of fastPurls, which aims at what the fast path
// reads with care: the types whose rules it applies (pypi, pub, mlflow,
// cpan, git) and those it leaves to the full parse, "@" outside the
// version, empty, "." and ".." subpath segments, unsorted and repeated
// keys, long inputs, "@" at the beginning of a segment.
func TestFastMatchesFull(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	inputs := append(genPurls(r, 20000), fastPurls(r, 40000)...)
	taken := 0
	for _, s := range inputs {
		c, ok := fast(s)
		if !ok {
			continue
		}
		taken++
		var full parser
		if q, err := full.full(s); err != nil || q != c {
			t.Errorf("%q: the fast path gives %#v, the full parse %#v, %v", s, c, q, err)
		}
	}
	// The test means something only if the fast path takes a fair share.
	if taken < len(inputs)/5 {
		t.Errorf("the fast path took %d of %d purls", taken, len(inputs))
	}
	t.Logf("the fast path took %d of %d purls", taken, len(inputs))
}

// TestAppendCanonical checks AppendCanonical against Parse on purls of
// TestFastMatchesFull's generators and on the benchmark's purl set (every
// purl string of the purl-spec suite, then real packages' purls in the
// spellings producers use), accepted or not: the same canonical text
// after what the buffer holds, or the buffer unchanged and the same
// error.
func TestAppendCanonical(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	inputs := append(genPurls(r, 5000), fastPurls(r, 10000)...)
	set, err := os.ReadFile("../bench/testdata/purls.txt")
	if err != nil {
		t.Fatal(err)
	}
	inputs = append(inputs, strings.Split(strings.TrimSuffix(string(set), "\n"), "\n")...)
	ok := 0
	for _, s := range inputs {
		p, err := Parse(s)
		checkAppendCanonical(t, s, p, err)
		if err == nil {
			ok++
		}
	}
	if ok < len(inputs)/3 {
		t.Errorf("only %d of %d inputs parse", ok, len(inputs))
	}
	t.Logf("AppendCanonical agrees with Parse on %d purls (%d of them accepted)", len(inputs), ok)
}

// TestAppendCanonicalAllocs checks that AppendCanonical allocates nothing
// when its buffer has room, for a purl canonical already and for one to
// normalize (whose Parse allocates the canonical text).
func TestAppendCanonicalAllocs(t *testing.T) {
	buf := make([]byte, 0, 512)
	for _, s := range []string{
		"pkg:npm/%40angular/animation@12.3.1",
		"pkg:NPM/@angular/animation@12.3.1?b=1&a=2",
		"pkg://maven/org.apache.xmlgraphics/batik-anim@1.9.1?type=pom&classifier=sources#a/./b",
	} {
		if n := testing.AllocsPerRun(100, func() { _, _ = AppendCanonical(buf[:0], s) }); n != 0 {
			t.Errorf("AppendCanonical(%q): %v allocations", s, n)
		}
	}
}

// TestFastScope checks the fast path on an "@" at the beginning of a
// segment: the npm scope written unencoded, which it takes, and the
// spellings where the "@" begins a version after all, which it leaves to
// the full parse or reads as the full parse does.
func TestFastScope(t *testing.T) {
	for _, tc := range []struct {
		in   string
		fast bool // whether the fast path must take it
	}{
		{"pkg:npm/@babel/core@7.0.0", true},
		{"pkg://npm/@angular/core@12.3.1?vcs_url=git%2Bhttps://github.com/a/b.git%40244f#lib/x", true},
		{"pkg:npm/@types/node", true},
		{"pkg:npm/@a/@b/c", true},
		{"pkg:npm/@/c", true},
		{"pkg:npm/@a@b/c", false},
		{"pkg:npm/@a", false},
		{"pkg:npm/@a?x=/y", false},
		{"pkg:npm/@a#/y", false},
		{"pkg:npm/@a/", false},
		{"pkg:npm/x/@a/b@1", true},
		{"pkg:maven/@Org/Name@1.0", true},
		{"pkg:pypi/@x/A_b", false}, // pypi prohibits a namespace
	} {
		c, ok := fast(tc.in)
		if tc.fast && !ok {
			t.Errorf("%q: the fast path leaves it to the full parse", tc.in)
		}
		var full parser
		q, err := full.full(tc.in)
		if ok && (err != nil || q != c) {
			t.Errorf("%q: the fast path gives %#v, the full parse %#v, %v", tc.in, c, q, err)
		}
	}
}

// fastPurls returns n purls made with r for TestFastMatchesFull.
func fastPurls(r *rand.Rand, n int) []string {
	types := []string{"pypi", "pub", "mlflow", "cpan", "git", "npm", "maven", "golang", "chrome-extension",
		"julia", "swid", "alpm", "generic", "CPAN", "Pub", "MLflow"}
	parts := []string{"a", "b", "Z", "x9", "_", "-", ".", "~", ":", "::", "%3A", "@", "%40", "%41", "%5F", "%2F", "%2E",
		"%20", "+", "%2B", "%C3%A9", "databricks", "DataBricks"}
	word := func(max int) string {
		var b strings.Builder
		for range 1 + r.IntN(max) {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		return b.String()
	}
	keys := []string{"repository_url", "Repository_URL", "arch", "uuid", "tag_id", "a", "B", "9x", "k%41"}
	values := []string{"", "https://x.azuredatabricks.net/api", "https:%2F%2Fadb.example.com", "1", "a%2Fb", "%C3%A9"}
	out := make([]string, 0, n)
	for range n {
		var b strings.Builder
		b.WriteString([]string{"pkg:", "pkg://", "PKG:/"}[r.IntN(3)])
		b.WriteString(types[r.IntN(len(types))])
		for range 1 + r.IntN(4) {
			b.WriteByte('/')
			if r.IntN(10) > 0 {
				b.WriteString(word(4))
			}
		}
		if r.IntN(2) == 0 {
			b.WriteByte('@')
			b.WriteString(word(3))
		}
		if r.IntN(2) == 0 {
			b.WriteByte('?')
			for i := range r.IntN(10) {
				if i > 0 {
					b.WriteByte('&')
				}
				b.WriteString(keys[r.IntN(len(keys))])
				b.WriteByte('=')
				b.WriteString(values[r.IntN(len(values))])
			}
		}
		if r.IntN(2) == 0 {
			b.WriteByte('#')
			for i := range r.IntN(5) {
				if i > 0 || r.IntN(4) == 0 {
					b.WriteByte('/')
				}
				b.WriteString([]string{"", ".", "..", "%2E", "%2E%2E", "a", "B", "c%2Fd", "%41"}[r.IntN(9)])
			}
			if r.IntN(4) == 0 {
				b.WriteByte('/')
			}
		}
		if r.IntN(20) == 0 {
			b.WriteString(strings.Repeat("x", r.IntN(200)))
		}
		out = append(out, b.String())
	}
	return out
}
