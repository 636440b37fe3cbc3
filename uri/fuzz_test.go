package uri

import (
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/window"
)

var fuzzSeeds = []string{
	"", "http://a/b/c/d;p?q", "HTTP://User@Ex%41mple.COM:080/./a/../b?y=2&x=1#f",
	"//[fe80::1%25eth0]:8/x", "//[v7.a:b]/", "a:b:c", "./a:b", "../../x/./y/..", "/.//g",
	"mailto:Joe@Example.COM", "http://a:99999/ b", "%zz", "f:/a", "//", "?#", "a/..//b",
	"http://[::ffff:1.2.3.4]/", "http://a/%7e%2f?%41#%42",
	// Adversarial repeats: findings collapse, messages stay short.
	"http://" + strings.Repeat("@", 40) + "/", "http://h/" + strings.Repeat("%", 30), "http://h/" + strings.Repeat("%zz", 12),
	"http://" + strings.Repeat("[", 20), "http://h" + strings.Repeat("/..", 20), "http://h/" + strings.Repeat("./", 20),
	"http://h/?" + strings.Repeat("&", 30), "a" + strings.Repeat(":", 20), "http://h/" + strings.Repeat("é \xff", 10),
}

// FuzzParse checks that parsing never panics, that a strict parse
// round-trips and agrees with the lenient one, and that lenient parsing
// keeps every byte.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 300 {
			return // long inputs add nothing but slow minimization down
		}
		r, err := Parse(s)
		lr, findings := ParseLenient(s)
		if lr.String() != s {
			t.Fatalf("ParseLenient(%q).String() = %q", s, lr)
		}
		checkFindings(t, s, findings)
		checkShortcut(t, lr)
		// Everything works on lenient references too, without panics.
		nl := Normalize(lr, Full)
		if again := Normalize(nl, Full); again != nl {
			t.Fatalf("Normalize(ParseLenient(%q)) = %q, again %q", s, nl, again)
		}
		_ = mustResolve(MustParse("http://a/b/c"), lr)
		_, _ = lr.PathSegments()
		_, _ = lr.QueryPairs()
		_, _ = lr.NetURL()
		if err != nil {
			e := err.(*Error)
			if e.Offset < 0 || e.Offset > len(s) {
				t.Fatalf("error offset %d out of range: %v", e.Offset, err)
			}
			if msg := err.Error(); len(msg) > maxMessage {
				t.Fatalf("Parse(%q): message of %d bytes: %s", s, len(msg), msg)
			}
			if len(findings) == 0 {
				t.Fatalf("Parse(%q) failed (%v) but ParseLenient found nothing", s, err)
			}
			return
		}
		if r.String() != s || r != lr || len(findings) != 0 {
			t.Fatalf("Parse(%q) = %q; lenient %q %v", s, r, lr, findings)
		}
		// Recomposing the components gives the input back.
		x := r.raw()
		if got := x.string(); got != s {
			t.Fatalf("recompose(%q) = %q", s, got)
		}
		if r.HasAuthority() {
			a, _ := r.Authority()
			if strings.ContainsAny(a, "/?#") {
				t.Fatalf("authority %q holds a delimiter", a)
			}
		}
	})
}

// maxMessage bounds the length of an error message: a window of 80
// bytes of input, each quoted in at most 4 bytes, and the rest.
const maxMessage = 4*2*window.Side + 200

// checkFindings checks the findings of ParseLenient(s): in order of their
// offsets, at most one per component and code, each with a Count that
// covers its Offsets, at most 8 of them and the first being Offset, in
// increasing order, all within s.
func checkFindings(t *testing.T, s string, findings []Finding) {
	t.Helper()
	type id struct {
		c    Component
		code Code
	}
	seen := map[id]bool{}
	for i, f := range findings {
		if f.Offset < 0 || f.Offset > len(s) {
			t.Fatalf("finding offset %d out of range for %q", f.Offset, s)
		}
		if seen[id{f.Component, f.Code}] {
			t.Fatalf("ParseLenient(%q): %s %s twice in %v", s, f.Component, f.Code, findings)
		}
		seen[id{f.Component, f.Code}] = true
		if i > 0 && findings[i-1].Offset > f.Offset {
			t.Fatalf("ParseLenient(%q): findings out of order: %v", s, findings)
		}
		if len(f.Offsets) > 8 || f.Count < len(f.Offsets) || (f.Count > 1) != (len(f.Offsets) > 0) {
			t.Fatalf("ParseLenient(%q): count %d with offsets %v", s, f.Count, f.Offsets)
		}
		for j, off := range f.Offsets {
			if j == 0 && off != f.Offset || j > 0 && off <= f.Offsets[j-1] || off > len(s) {
				t.Fatalf("ParseLenient(%q): finding at %d with offsets %v", s, f.Offset, f.Offsets)
			}
		}
	}
}

// shortcutLevels are the levels checkShortcut tries: each step alone and
// the ladders.
var shortcutLevels = []Level{Case, PercentEncoding, DotSegments, PortZeros, EmptyPort, DropDefaultPort,
	EmptyPath, SchemeSpecific, SortQuery, DropEmptyQuery, DropFragment, Syntax, SchemeBased, Full,
	Case | DropDefaultPort, PercentEncoding | DotSegments}

// checkShortcut checks that Normalize's shortcut, normalized, only says
// yes when normalizing gives the text back.
func checkShortcut(t *testing.T, r Reference) {
	t.Helper()
	for _, l := range shortcutLevels {
		if normalized(r, l) {
			if got := string(appendNormalized(nil, r, l)); got != r.String() {
				t.Fatalf("normalized(%q, %v) but it normalizes to %q", r, l, got)
			}
		}
	}
}

// FuzzNormalize checks that normalization is idempotent, keeps validity
// and that Equal is reflexive and symmetric.
func FuzzNormalize(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, s)
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		if len(a)+len(b) > 600 {
			return
		}
		ra, err := Parse(a)
		if err != nil {
			return
		}
		for _, l := range []Level{Syntax, SchemeBased, Full, PercentEncoding, DotSegments} {
			n := Normalize(ra, l)
			if _, err := Parse(n.String()); err != nil {
				t.Fatalf("Normalize(%q, %v) = %q is invalid: %v", a, l, n, err)
			}
			if n2 := Normalize(n, l); n2 != n {
				t.Fatalf("Normalize(%q, %v) = %q, again %q", a, l, n, n2)
			}
			if !Equal(ra, ra, l) || !Equal(ra, n, l) {
				t.Fatalf("Equal not reflexive for %q at %v", a, l)
			}
			if rb, err := Parse(b); err == nil && Equal(ra, rb, l) != Equal(rb, ra, l) {
				t.Fatalf("Equal(%q, %q, %v) not symmetric", a, b, l)
			}
		}
		// Syntax normalization keeps what a reference resolves to.
		for _, base := range []Reference{MustParse("http://h/p/q/r?s"), MustParse("x:/p/q")} {
			t1 := Normalize(mustResolve(base, ra), Syntax)
			t2 := Normalize(mustResolve(base, Normalize(ra, Syntax)), Syntax)
			if t1 != t2 {
				t.Fatalf("Resolve(%q, %q) = %q normalizes to %q, but resolving Normalize(%q) = %q gives %q",
					base, a, mustResolve(base, ra), t1, a, Normalize(ra, Syntax), t2)
			}
		}
	})
}

// FuzzResolve checks that resolution gives a valid reference and that
// Relativize inverts it.
func FuzzResolve(f *testing.F) {
	for i, s := range fuzzSeeds {
		f.Add("http://a/b/c/d;p?q", s)
		f.Add(fuzzSeeds[(i+3)%len(fuzzSeeds)], s)
	}
	f.Fuzz(func(t *testing.T, base, ref string) {
		if len(base)+len(ref) > 600 {
			return
		}
		b, err := ParseURI(base)
		if err != nil {
			return
		}
		r, err := Parse(ref)
		if err != nil {
			return
		}
		b = b.Without(ComponentFragment)
		target := mustResolve(b, r)
		if _, err := Parse(target.String()); err != nil {
			t.Fatalf("Resolve(%q, %q) = %q is invalid: %v", base, ref, target, err)
		}
		if !target.HasScheme() {
			t.Fatalf("Resolve(%q, %q) = %q has no scheme", base, ref, target)
		}
		if hasDotSegment(target.Path()) {
			return // only "/." guards, which Relativize need not keep
		}
		for _, rel := range []Reference{Relativize(b, target), RelativizePath(b, target)} {
			if back := mustResolve(b, rel); back != target {
				t.Fatalf("Resolve(%q, Relativize(base, %q) = %q) = %q", b, target, rel, back)
			}
		}
	})
}

// FuzzRemoveDotSegments checks that the RFC algorithm and the
// normalizer's segment algorithm agree on absolute paths.
func FuzzRemoveDotSegments(f *testing.F) {
	for _, s := range []string{"/a/b/c/./../../g", "/..", "/a/..///..", "/./", "/a/.", "/%2E/x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		if len(p) > 300 || !strings.HasPrefix(p, "/") || strings.ContainsAny(p, "%?#") {
			return
		}
		want := RemoveDotSegments(p)
		got := string(appendPathNorm(nil, p, DotSegments, false))
		if got != want {
			t.Fatalf("appendPathNorm(%q) = %q, RemoveDotSegments = %q", p, got, want)
		}
	})
}

// FuzzBuild checks that Build encodes each part so that the decoded
// accessors give it back.
func FuzzBuild(f *testing.F) {
	f.Add(uint8(0), "u:p", "example.com", "a?b", "c/d", "k&=", "v+w #", "fr#ag", true)
	f.Add(uint8(1), "", "::1", "", "", "", "", "", false)
	f.Add(uint8(2), "é", "ex ample", "%2F", "..", "+", "%", "?", true)
	f.Fuzz(func(t *testing.T, sch uint8, user, host, seg1, seg2, key, value, frag string, abs bool) {
		schemes := []string{"", "http", "mailto", "x-y.z+w"}
		p := Parts{
			Scheme:       schemes[int(sch)%len(schemes)],
			Userinfo:     user,
			Host:         host,
			Segments:     []string{seg1, seg2},
			AbsolutePath: abs,
			Query:        []QueryPair{{Key: key, Value: value, HasValue: true}},
			Fragment:     frag,
		}
		if strings.HasPrefix(host, "[") || strings.Contains(host, "%") {
			return // literal hosts are written as given
		}
		r, err := Build(p)
		if err != nil {
			auth := user != "" || host != ""
			if !auth && seg1 == "" {
				return // ambiguous paths are refused
			}
			t.Fatalf("Build(%+v): %v", p, err)
		}
		if u, _ := r.DecodedUserinfo(); u != user {
			t.Fatalf("Build(%+v) = %q: userinfo %q", p, r, u)
		}
		if h, _ := r.DecodedHost(); h != host {
			t.Fatalf("Build(%+v) = %q: host %q", p, r, h)
		}
		if segs, _ := r.PathSegments(); len(segs) != 2 || segs[0] != seg1 || segs[1] != seg2 {
			t.Fatalf("Build(%+v) = %q: segments %q", p, r, segs)
		}
		pairs, _ := r.QueryPairs()
		if len(pairs) != 1 || pairs[0].Key != key || pairs[0].Value != value {
			t.Fatalf("Build(%+v) = %q: pairs %+v", p, r, pairs)
		}
		if fr, _ := r.DecodedFragment(); fr != frag {
			t.Fatalf("Build(%+v) = %q: fragment %q", p, r, fr)
		}
	})
}

// FuzzNetURL checks that NetURL gives what url.Parse gives and keeps
// everything net/url can express.
func FuzzNetURL(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 300 {
			return
		}
		r, err := Parse(s)
		if err != nil {
			return
		}
		u, err := r.NetURL()
		if err != nil {
			t.Fatalf("NetURL(%q): %v", s, err)
		}
		if want, err := url.Parse(s); err == nil && !reflect.DeepEqual(u, want) {
			t.Fatalf("Parse(%q).NetURL() =\n\t%s\nurl.Parse gives\n\t%s", s, fields(u), fields(want))
		}
		if netURLLoses(r) {
			return
		}
		if got := u.String(); got != s {
			t.Fatalf("NetURL(%q).String() = %q", s, got)
		}
		if back, err := FromNetURL(u); err != nil || back != r {
			t.Fatalf("FromNetURL(NetURL(%q)) = %q, %v", s, back, err)
		}
	})
}

// netURLLoses reports whether r has something the URL doc says net/url
// cannot express.
func netURLLoses(r Reference) bool {
	f, hasF := r.Fragment()
	h, _ := r.Host()
	scheme, _ := r.Scheme()
	return hasF && f == "" || r.HasUserinfo() || strings.Contains(h, "%") ||
		scheme != strings.ToLower(scheme) ||
		r.HasAuthority() && h == "" && !r.HasPort() && r.Path() == "" ||
		r.Path() == "%2A"
}
