package uri

import (
	"encoding/json"
	"errors"
	"net/url"
	"slices"
	"testing"
)

func TestAbsentVersusEmpty(t *testing.T) {
	tests := []struct {
		in                         string
		query, fragment, authority bool
		host                       string
	}{
		{"a:", false, false, false, ""},
		{"a:?", true, false, false, ""},
		{"a:#", false, true, false, ""},
		{"a:?#", true, true, false, ""},
		{"//", false, false, true, ""},
		{"file:///x", false, false, true, ""},
		{"", false, false, false, ""},
	}
	for _, tt := range tests {
		r, err := Parse(tt.in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.in, err)
		}
		q, hq := r.Query()
		f, hf := r.Fragment()
		h, ha := r.Host()
		if hq != tt.query || hf != tt.fragment || ha != tt.authority || q != "" || f != "" || h != tt.host {
			t.Errorf("Parse(%q): query %v fragment %v authority %v host %q", tt.in, hq, hf, ha, h)
		}
		if r.String() != tt.in {
			t.Errorf("String() = %q, want %q", r, tt.in)
		}
	}
	if MustParse("a:") == MustParse("a:?") {
		t.Error(`"a:" == "a:?"`)
	}
	if !MustParse("").IsZero() {
		t.Error(`Parse("") is not the zero Reference`)
	}
}

func TestComponents(t *testing.T) {
	r := MustParse("HTTP://us%65r:pa%3Ass@[fe80::1%25eth0]:8080/a/b%2Fc/?x=1&y=a+b&x=%26#fr%20ag")
	check := func(name, got, want string) {
		t.Helper()
		if got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	s, _ := r.Scheme()
	check("Scheme", s, "HTTP")
	u, _ := r.Userinfo()
	check("Userinfo", u, "us%65r:pa%3Ass")
	du, _ := r.DecodedUserinfo()
	check("DecodedUserinfo", du, "user:pa:ss")
	name, _ := r.Username()
	check("Username", name, "user")
	pw, ok, _ := r.Password()
	check("Password", pw, "pa:ss")
	if !ok {
		t.Error("Password: no password")
	}
	h, _ := r.Host()
	check("Host", h, "[fe80::1%25eth0]")
	dh, _ := r.DecodedHost()
	check("DecodedHost", dh, "fe80::1%eth0")
	check("HostType", r.HostType().String(), "ipv6")
	p, _ := r.Port()
	check("Port", p, "8080")
	if n, ok := r.PortNumber(); !ok || n != 8080 {
		t.Errorf("PortNumber = %d, %v", n, ok)
	}
	check("Path", r.Path(), "/a/b%2Fc/")
	segs, _ := r.PathSegments()
	if !slices.Equal(segs, []string{"a", "b/c", ""}) {
		t.Errorf("PathSegments = %q", segs)
	}
	pairs, _ := r.QueryPairs()
	want := []QueryPair{{"x", "1", true}, {"y", "a b", true}, {"x", "&", true}}
	if !slices.Equal(pairs, want) {
		t.Errorf("QueryPairs = %+v", pairs)
	}
	raw := r.RawQueryPairs()
	if raw[2].Value != "%26" {
		t.Errorf("RawQueryPairs = %+v", raw)
	}
	f, _ := r.DecodedFragment()
	check("DecodedFragment", f, "fr ag")
	a, _ := r.Authority()
	check("Authority", a, "us%65r:pa%3Ass@[fe80::1%25eth0]:8080")

	one := MustParse("/path%2Fto%2Ffile")
	if segs, _ := one.PathSegments(); !slices.Equal(segs, []string{"path/to/file"}) {
		t.Errorf("PathSegments(/path%%2Fto%%2Ffile) = %q", segs)
	}
	if pairs := MustParse("?a&b=&=c&&").RawQueryPairs(); !slices.Equal(pairs, []QueryPair{{"a", "", false}, {"b", "", true}, {"", "c", true}, {}, {}}) {
		t.Errorf("RawQueryPairs = %+v", pairs)
	}
}

func TestHostTypes(t *testing.T) {
	tests := map[string]HostType{
		"//example.com": HostRegName, "//": HostRegName, "//1.2.3.4": HostIPv4, "//1.2.3.04": HostRegName,
		"//256.1.1.1": HostRegName, "//[::]": HostIPv6, "//[::ffff:1.2.3.4]": HostIPv6,
		"//[1:2:3:4:5:6:7:8]": HostIPv6, "//[v7.x:y]": HostIPvFuture, "/a": HostNone,
		"//[fe80::1%25en0]": HostIPv6, "//[1::2:3:4:5:6:7]": HostIPv6,
	}
	for in, want := range tests {
		r, err := Parse(in)
		if err != nil || r.HostType() != want {
			t.Errorf("Parse(%q).HostType() = %v, %v; want %v", in, r.HostType(), err, want)
		}
	}
}

func TestStrictErrors(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		comp   Component
		code   Code
	}{
		{"http://a:65536/", 9, ComponentPort, ErrPortRange},
		{"http://a:8x/", 10, ComponentPort, ErrInvalidPort},
		{"a b", 1, ComponentPath, ErrInvalidChar},
		{"a:b c", 3, ComponentPath, ErrInvalidChar},
		{"a:/%zz", 3, ComponentPath, ErrInvalidEscape},
		{"a:/%4", 3, ComponentPath, ErrTruncatedEscape},
		{"a:?%", 3, ComponentQuery, ErrTruncatedEscape},
		{"a:#a#", 4, ComponentFragment, ErrInvalidChar},
		{"x:y", -1, "", ""},
		{"1x:y", 2, ComponentPath, ErrColonInFirstSegment},
		{"//[::1", 6, ComponentHost, ErrUnclosedIPLiteral},
		{"//[1:2:3:4:5:6:7:8:9]", 3, ComponentHost, ErrInvalidIPv6},
		{"//[fe80::1%eth0]", 10, ComponentHost, ErrInvalidZone},
		{"//[fe80::1%25]", 10, ComponentHost, ErrInvalidZone},
		{"//[v1.]", 6, ComponentHost, ErrInvalidIPvFuture},
		{"//[::1]x", 7, ComponentHost, ErrInvalidChar},
		{"//a@b@c", 5, ComponentHost, ErrInvalidChar},
		{"//u{@h", 3, ComponentUserinfo, ErrInvalidChar},
		{"/é", 1, ComponentPath, ErrNonASCII},
		{"/\xff", 1, ComponentPath, ErrInvalidUTF8},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		if tt.code == "" {
			if err != nil {
				t.Errorf("Parse(%q): %v", tt.in, err)
			}
			continue
		}
		var e *Error
		if !errors.As(err, &e) || e.Offset != tt.offset || e.Component != tt.comp || e.Code != tt.code {
			t.Errorf("Parse(%q) = %v; want offset %d %s %s", tt.in, err, tt.offset, tt.comp, tt.code)
			continue
		}
		if !errors.Is(err, tt.code) {
			t.Errorf("errors.Is(%v, %s) = false", err, tt.code)
		}
		if e.Error() == "" || tt.code.Message() == string(tt.code) {
			t.Errorf("no message for %s", tt.code)
		}
	}
	if _, err := ParseURI("a/b"); !errors.Is(err, ErrMissingScheme) {
		t.Errorf("ParseURI(a/b) = %v", err)
	}
	if _, err := ParseURI("1a:b"); !errors.Is(err, ErrInvalidScheme) {
		t.Errorf("ParseURI(1a:b) = %v", err)
	}
}

func TestLenient(t *testing.T) {
	in := `http://us@er@ex ample.com:99999/a b/[x]/é\?q={"a"}#f#g`
	r, findings := ParseLenient(in)
	if r.String() != in {
		t.Fatalf("String() = %q", r)
	}
	h, _ := r.Host()
	p, _ := r.Port()
	u, _ := r.Userinfo()
	q, _ := r.Query()
	f, _ := r.Fragment()
	if u != "us@er" || h != "ex ample.com" || p != "99999" || r.Path() != `/a b/[x]/é\` || q != `q={"a"}` || f != "f#g" {
		t.Errorf("split: %q %q %q %q %q %q", u, h, p, r.Path(), q, f)
	}
	var codes []Code
	var counts []int
	for i, fi := range findings {
		codes = append(codes, fi.Code)
		counts = append(counts, max(fi.Count, 1))
		if i > 0 && findings[i-1].Offset > fi.Offset {
			t.Errorf("findings out of order: %v", findings)
		}
		if fi.String() == "" || fi.Message() == "" {
			t.Error("empty finding text")
		}
	}
	// The repeats of a code in a component are one finding with a count:
	// the path's " ", "[" "]" and "\\", the query's four.
	want := []Code{ErrInvalidChar, ErrInvalidChar, ErrPortRange, ErrInvalidChar, ErrNonASCII, ErrInvalidChar, ErrInvalidChar}
	wantCounts := []int{1, 1, 1, 4, 1, 4, 1}
	if !slices.Equal(codes, want) || !slices.Equal(counts, wantCounts) {
		t.Errorf("codes = %v %v\nwant    %v %v\n%v", codes, counts, want, wantCounts, findings)
	}
	if path := findings[3]; path.Component != ComponentPath || !slices.Equal(path.Offsets, []int{33, 36, 38, 42}) {
		t.Errorf("path finding = %+v, want offsets 33 36 38 42", path)
	}
	// A valid input gives the strict result and no findings.
	for _, s := range []string{"http://a/b?c#d", "", "//[::1]:80", "a:b:c"} {
		lr, fs := ParseLenient(s)
		if sr := MustParse(s); lr != sr || len(fs) != 0 {
			t.Errorf("ParseLenient(%q) = %v %v", s, lr, fs)
		}
	}
	// Bare zone, unclosed bracket, colon in a relative path.
	for _, s := range []string{"//[fe80::1%eth0]/", "//[::1/x", "1a:b", "//h:x"} {
		r, fs := ParseLenient(s)
		if r.String() != s || len(fs) == 0 {
			t.Errorf("ParseLenient(%q) = %q %v", s, r, fs)
		}
	}
}

func TestBuild(t *testing.T) {
	r, err := Build(Parts{
		Scheme:   "http",
		Userinfo: "a b",
		Host:     "example.com",
		Port:     "8080",
		Segments: []string{"a?b", "c/d", "e f"},
		Query:    []QueryPair{{Key: "k", Value: "v&w=x", HasValue: true}, {Key: "flag"}, {Key: "p", Value: "1+1", HasValue: true}},
		Fragment: "frag ment",
	})
	want := "http://a%20b@example.com:8080/a%3Fb/c%2Fd/e%20f?k=v%26w%3Dx&flag&p=1%2B1#frag%20ment"
	if err != nil || r.String() != want {
		t.Fatalf("Build = %q, %v; want %q", r, err, want)
	}
	segs, _ := r.PathSegments()
	if !slices.Equal(segs, []string{"a?b", "c/d", "e f"}) {
		t.Errorf("segments = %q", segs)
	}
	pairs, _ := r.QueryPairs()
	if pairs[0].Value != "v&w=x" || pairs[2].Value != "1+1" || pairs[1].HasValue {
		t.Errorf("pairs = %+v", pairs)
	}
	for _, tt := range []struct {
		p    Parts
		want string
	}{
		{Parts{Host: "::1"}, "//[::1]"},
		{Parts{Host: "fe80::1%eth0", Scheme: "http", AbsolutePath: true}, "http://[fe80::1%25eth0]/"},
		{Parts{Segments: []string{"a:b", "c"}}, "a%3Ab/c"},
		{Parts{Scheme: "mailto", Segments: []string{"a@b"}}, "mailto:a@b"},
		{Parts{Scheme: "file", HasAuthority: true, Segments: []string{"x"}}, "file:///x"},
		{Parts{HasQuery: true, HasFragment: true}, "?#"},
	} {
		r, err := Build(tt.p)
		if err != nil || r.String() != tt.want {
			t.Errorf("Build(%+v) = %q, %v; want %q", tt.p, r, err, tt.want)
		}
	}
	if _, err := Build(Parts{AbsolutePath: true, Segments: []string{"", "x"}}); !errors.Is(err, ErrAmbiguousPath) {
		t.Errorf("Build(//x without authority) = %v", err)
	}
	if _, err := Build(Parts{Scheme: "1x"}); !errors.Is(err, ErrInvalidScheme) {
		t.Errorf("Build with bad scheme: %v", err)
	}
	if _, err := Build(Parts{Scheme: "a b"}); !errors.Is(err, ErrInvalidScheme) {
		t.Errorf("Build with bad scheme: %v", err)
	}
}

func TestWith(t *testing.T) {
	r := MustParse("http://u@h:1/p?q#f")
	tests := []struct {
		got  func() (Reference, error)
		want string
	}{
		{func() (Reference, error) { return r.With(ComponentScheme, "https") }, "https://u@h:1/p?q#f"},
		{func() (Reference, error) { return r.With(ComponentHost, "[::1]") }, "http://u@[::1]:1/p?q#f"},
		{func() (Reference, error) { return r.With(ComponentQuery, "") }, "http://u@h:1/p?#f"},
		{func() (Reference, error) { return r.WithDecoded(ComponentPath, "/a b?") }, "http://u@h:1/a%20b%3F?q#f"},
		{func() (Reference, error) { return r.WithDecoded(ComponentFragment, "x y") }, "http://u@h:1/p?q#x%20y"},
		{func() (Reference, error) { return MustParse("/p").With(ComponentHost, "h") }, "//h/p"},
		{func() (Reference, error) { return r.Without(ComponentUserinfo), nil }, "http://h:1/p?q#f"},
		{func() (Reference, error) { return r.Without(ComponentPort), nil }, "http://u@h/p?q#f"},
		{func() (Reference, error) { return r.Without(ComponentAuthority), nil }, "http:/p?q#f"},
		{func() (Reference, error) { return r.Without(ComponentQuery), nil }, "http://u@h:1/p#f"},
		{func() (Reference, error) { return r.Without(ComponentFragment), nil }, "http://u@h:1/p?q"},
		{func() (Reference, error) { return MustParse("a:b:c").Without(ComponentScheme), nil }, "./b:c"},
		{func() (Reference, error) { return MustParse("x://h//p").Without(ComponentAuthority), nil }, "x:/.//p"},
	}
	for i, tt := range tests {
		got, err := tt.got()
		if err != nil || got.String() != tt.want {
			t.Errorf("%d: got %q, %v; want %q", i, got, err, tt.want)
		}
	}
	if _, err := r.With(ComponentPort, "x"); !errors.Is(err, ErrInvalidPort) {
		t.Errorf("With(port, x) = %v", err)
	}
	if _, err := r.With(ComponentPath, "p"); err == nil {
		t.Error("With(path, rootless) with authority succeeded")
	}
}

func TestNormalizeRules(t *testing.T) {
	tests := []struct {
		in   string
		l    Level
		want string
	}{
		{"HTTP://Ex%41mple.COM:80/%7Euser/./a/../b?%2f#%7e", SchemeBased, "http://example.com/~user/b?%2F#~"},
		{"https://a:443", SchemeBased, "https://a/"},
		{"https://a:0443/", Syntax, "https://a:443/"},
		{"ftp://a:21/", SchemeBased, "ftp://a/"},
		{"foo://a:/", SchemeBased, "foo://a/"},
		{"foo://a", SchemeBased, "foo://a"},
		{"http://a/?", Full, "http://a/"},
		{"http://a/?b=2&a=1&b=1#x", Full, "http://a/?a=1&b=2&b=1"},
		{"http://a/?b=2&a=1", SchemeBased | SortQuery, "http://a/?a=1&b=2"},
		{"//[FE80::A%25En0]/", Syntax, "//[fe80::a%25En0]/"},
		{"mailto:Joe@Example.COM", SchemeBased, "mailto:Joe@example.com"},
		{"a/../../b", Syntax, "../b"},
		{"a/..//b", Syntax, ".//b"},
		{"/a/..//b", Syntax, "/.//b"},
		{"./a:b", Syntax, "./a:b"},
		{"%2E%2E/a", Syntax, "../a"},
		{".", Syntax, "./"},
		{"a/..", Syntax, "./"},
		{"s:a/../../b", Syntax, "s:/b"},
		{"s:./a:b", Syntax, "s:a:b"},
		{"path?key", Syntax, "path?key"},
	}
	for _, tt := range tests {
		got := Normalize(MustParse(tt.in), tt.l)
		if got.String() != tt.want {
			t.Errorf("Normalize(%q, %v) = %q, want %q", tt.in, tt.l, got, tt.want)
		}
		if again := Normalize(got, tt.l); again != got {
			t.Errorf("Normalize not idempotent on %q: %q", got, again)
		}
	}
	eq := []struct {
		a, b string
		l    Level
		want bool
	}{
		{"path?key", "path%3Fkey", Full, false},
		{"/a%2f", "/a%2F", Syntax, true},
		{"/%7Euser", "/~user", Syntax, true},
		{"http://a/b", "http://a/b#f", SchemeBased, false},
		{"http://a/b", "http://a/b#f", Full, true},
		{"http://a/b", "http://a/b#f", SchemeBased | DropFragment, true},
		{"HTTP://A", "http://a/", SchemeBased, true},
		{"HTTP://A", "http://a/", Syntax, false},
		{"http://a/b", "http://a/B", Full, false},
	}
	for _, tt := range eq {
		a, b := MustParse(tt.a), MustParse(tt.b)
		if got := Equal(a, b, tt.l); got != tt.want || Equal(b, a, tt.l) != got {
			t.Errorf("Equal(%q, %q, %v) = %v, want %v", tt.a, tt.b, tt.l, got, tt.want)
		}
	}
}

func TestMustParseLevelPanics(t *testing.T) {
	defer func() {
		if err, _ := recover().(error); !errors.Is(err, ErrUnknownLevel) {
			t.Errorf("MustParseLevel(nope) panicked with %v, want ErrUnknownLevel", err)
		}
	}()
	MustParseLevel("nope")
}

func TestLevelNames(t *testing.T) {
	for _, l := range []Level{Syntax, SchemeBased, Full, SchemeBased | SortQuery, 0, DropFragment | Case} {
		got, err := ParseLevel(l.String())
		if err != nil || got != l {
			t.Errorf("ParseLevel(%q) = %v, %v; want %v", l.String(), got, err, l)
		}
	}
	if l := MustParseLevel("scheme,drop-fragment"); l != SchemeBased|DropFragment {
		t.Errorf("MustParseLevel(scheme,drop-fragment) = %v", l)
	}
	if DropFragment != 1<<(numSteps-1) {
		t.Error("numSteps is out of date")
	}
	for i := range numSteps {
		l, err := ParseLevel(stepName(i))
		if err != nil || l != 1<<i || l.String() != stepName(i) {
			t.Errorf("step %d: ParseLevel(%q) = %v, %v", i, stepName(i), l, err)
		}
	}
	if _, err := ParseLevel("bogus"); err == nil {
		t.Error("ParseLevel(bogus) succeeded")
	}
}

func TestRelativize(t *testing.T) {
	base := MustParse("http://a/b/c/d;p?q")
	for _, tt := range []struct{ target, want string }{
		{"http://a/b/c/g", "g"},
		{"http://a/b/c/d;p?q", ""},
		{"http://a/b/c/d;p?q#f", "#f"},
		{"http://a/b/c/d;p?y", "?y"},
		{"http://a/b/c/d;p", "d;p"},
		{"http://a/b/c/", "./"},
		{"http://a/b/g", "../g"},
		{"http://a/x", "/x"},
		{"http://a/b/c/g:h", "./g:h"},
		{"http://a", "//a"},
		{"http://b/c", "//b/c"},
		{"https://a/b", "https://a/b"},
		{"http://a//x", "/.//x"},
	} {
		target := MustParse(tt.target)
		got := Relativize(base, target)
		if got.String() != tt.want {
			t.Errorf("Relativize(%q) = %q, want %q", tt.target, got, tt.want)
		}
		if back := mustResolve(base, got); back != target {
			t.Errorf("Resolve(base, %q) = %q, want %q", got, back, tt.target)
		}
	}
}

// TestRelativizeDotBase: a base whose directory holds dot segments (found
// by FuzzResolve).
func TestRelativizeDotBase(t *testing.T) {
	for _, tt := range []struct{ base, target, want string }{
		{"A:/0/./", "A:/0/0", "0"},
		{"A:/0/./x", "A:/0/", "./"},
		{"http://h/a/b/../c", "http://h/a/d", "d"},
		{"http://h/a/b/..", "http://h/a/b/d", "d"},
	} {
		base, target := MustParse(tt.base), MustParse(tt.target)
		got := Relativize(base, target)
		if got.String() != tt.want {
			t.Errorf("Relativize(%q, %q) = %q, want %q", tt.base, tt.target, got, tt.want)
		}
		if back := mustResolve(base, got); back != target {
			t.Errorf("Resolve(%q, %q) = %q, want %q", tt.base, got, back, tt.target)
		}
	}
}

func TestResolveGuards(t *testing.T) {
	for _, tt := range []struct{ base, ref, want string }{
		{"f:/a", ".//g", "f:/.//g"},
		{"http://a/b", "//c", "http://c"},
		{"http://a", "b", "http://a/b"},
	} {
		got, err := ResolveString(tt.base, tt.ref)
		if err != nil || got != tt.want {
			t.Errorf("Resolve(%q, %q) = %q, %v; want %q", tt.base, tt.ref, got, err, tt.want)
		}
	}
}

func TestNetURL(t *testing.T) {
	for _, s := range []string{
		"http://a/b%2Fc?q#f%20g", "a:/x", "mailto:joe@x", "file:///x", "//h/p", "a:?", "x:/a?",
		"http://[fe80::1%25eth0]:8/", "http://u:p@h/", "http://a:/", "rel/path?x", "http://A/",
		"///x", "///", "a:", "a:?#f", "x:///y",
	} {
		r := MustParse(s)
		u, err := r.NetURL()
		if err != nil {
			t.Fatalf("URL(%q): %v", s, err)
		}
		if u.String() != s {
			t.Errorf("URL(%q).String() = %q", s, u)
		}
		back, err := FromNetURL(u)
		if err != nil || back != r {
			t.Errorf("FromNetURL(URL(%q)) = %q, %v", s, back, err)
		}
	}
	u, _ := url.Parse("http://example.com/a b")
	if r, err := FromNetURL(u); err != nil || r.String() != "http://example.com/a%20b" {
		t.Errorf("FromNetURL = %q, %v", r, err)
	}
}

func TestText(t *testing.T) {
	var v struct{ U Reference }
	if err := json.Unmarshal([]byte(`{"U":"http://a/b?c"}`), &v); err != nil || v.U.String() != "http://a/b?c" {
		t.Fatalf("Unmarshal: %v %q", err, v.U)
	}
	b, err := json.Marshal(v)
	if err != nil || string(b) != `{"U":"http://a/b?c"}` {
		t.Errorf("Marshal = %s, %v", b, err)
	}
	if err := json.Unmarshal([]byte(`{"U":"a b"}`), &v); err == nil {
		t.Error("Unmarshal of invalid reference succeeded")
	}
	if got := string(MustParse("a:b").AppendTo([]byte("x "))); got != "x a:b" {
		t.Errorf("AppendTo = %q", got)
	}
}

func TestAllocs(t *testing.T) {
	const s = "https://user@www.example.com:8080/a/b/c%20d?q=1&r=2#frag"
	if n := testing.AllocsPerRun(100, func() { _, _ = Parse(s) }); n != 0 {
		t.Errorf("Parse allocs = %v, want 0", n)
	}
	r := MustParse(s)
	if n := testing.AllocsPerRun(100, func() { Normalize(r, SchemeBased) }); n != 0 {
		t.Errorf("Normalize (unchanged) allocs = %v, want 0", n)
	}
	r2 := MustParse("HTTPS://WWW.example.com:443/a/./b/../c%7e?q#f")
	if n := testing.AllocsPerRun(100, func() { Normalize(r2, SchemeBased) }); n > 1 {
		t.Errorf("Normalize (changed) allocs = %v, want <= 1", n)
	}
	for _, s := range []string{
		"https://example.com/a-path-segment-longer-than-thirty-two-bytes/x",
		"mailto:a-mailbox-name-longer-than-thirty-two-bytes@example.com",
		"a-relative-path-segment-longer-than-thirty-two-bytes/x?y",
	} {
		r := MustParse(s)
		if n := testing.AllocsPerRun(100, func() { Normalize(r, SchemeBased) }); n != 0 {
			t.Errorf("Normalize(%q) (unchanged) allocs = %v, want 0", s, n)
		}
	}
	if n := testing.AllocsPerRun(100, func() { Equal(r, r2, SchemeBased) }); n != 0 {
		t.Errorf("Equal allocs = %v, want 0", n)
	}
}

func TestNormalizeFullAllocs(t *testing.T) {
	r := MustParse("http://a/?z=1&%61=2&m=%7e&b")
	if got := Normalize(r, Full).String(); got != "http://a/?a=2&b&m=~&z=1" {
		t.Errorf("Normalize(Full) = %q", got)
	}
	if n := testing.AllocsPerRun(100, func() { Normalize(r, Full) }); n > 1 {
		t.Errorf("Normalize(Full) allocs = %v, want <= 1", n)
	}
}

// TestNormalizedShortcut checks Normalize's shortcut: it must say yes for
// common normalized references (or it buys nothing) and no whenever a
// step changes the text, and a yes must agree with the full computation.
func TestNormalizedShortcut(t *testing.T) {
	tests := []struct {
		in   string
		l    Level
		want bool
	}{
		{"file:///Users/x/dev/node_modules/ts-node/esm.mjs", SchemeBased, true},
		{"https://www.example.com/a/b.html?q=1&r=%C3%A9#top", SchemeBased, true},
		{"node:url", SchemeBased, true},
		{"a/b/c..d/.e/f.", Syntax, true},
		{"//h/%2F%3A", Syntax, true},
		{"http://a/?b=1", Full, true},
		{"HTTP://a/", SchemeBased, false},
		{"HTTP://a/", DotSegments, true},
		{"http://A/", SchemeBased, false},
		{"http://%C3%A9/", SchemeBased, false}, // conservative: hex in a host
		{"http://a/%7e", SchemeBased, false},
		{"http://a/%7E", SchemeBased, false},
		{"http://a/%c3", SchemeBased, false},
		{"http://a/%c3", DotSegments, true},
		{"http://a/%2D", PercentEncoding, false},
		{"http://a/%5F%", PercentEncoding, false},
		{"http://a/%5B%30", PercentEncoding, false},
		{"http://a/%5B%3A", PercentEncoding, true},
		{"http://a:080/", PortZeros, false},
		{"http://a:0/", PortZeros, true},
		{"http://a:/", EmptyPort, false},
		{"http://a:80/", DropDefaultPort, false},
		{"http://a:8080/", SchemeBased, true},
		{"http://a", EmptyPath, false},
		{"foo://a", EmptyPath, true},
		{"mailto:a@b.c", SchemeBased, false}, // conservative: mailto
		{"/a/./b", DotSegments, false},
		{"/a/../b", DotSegments, false},
		{"..", DotSegments, false},
		{".", DotSegments, false},
		{"a/.", DotSegments, false},
		{"s:a/..", DotSegments, false},
		{"/a/.../b", DotSegments, true},
		{"/a/../b", PercentEncoding, true},
		{"http://a/?", DropEmptyQuery, false},
		{"http://a/?x", DropEmptyQuery, true},
		{"http://a/?b&a", SortQuery, false}, // conservative: several elements
		{"http://a/#f", DropFragment, false},
		{"http://a/#f", SchemeBased, true},
	}
	for _, tt := range tests {
		r, _ := ParseLenient(tt.in) // as Parse for all but "%5F%"
		if got := normalized(r, tt.l); got != tt.want {
			t.Errorf("normalized(%q, %v) = %v, want %v", tt.in, tt.l, got, tt.want)
		}
		checkShortcut(t, r)
	}
	// Lenient references: a colon in the first segment of a relative
	// path gets a "./" guard.
	r, _ := ParseLenient("%zz:b")
	if normalized(r, Syntax) {
		t.Errorf("normalized(ParseLenient(%q)) = true", r)
	}
	checkShortcut(t, r)
}

// TestHasUpper checks the word-at-a-time test against the byte loop on
// every byte value at every position of strings of 1 to 17 bytes.
func TestHasUpper(t *testing.T) {
	slow := func(s string) bool {
		for i := 0; i < len(s); i++ {
			if 'A' <= s[i] && s[i] <= 'Z' {
				return true
			}
		}
		return false
	}
	for n := 1; n <= 17; n++ {
		for _, fill := range []byte{'a', 0xFF, '@', '[', 0xC1, 0xDA} {
			for pos := 0; pos < n; pos++ {
				for c := 0; c < 256; c++ {
					b := make([]byte, n)
					for i := range b {
						b[i] = fill
					}
					b[pos] = byte(c)
					if got, want := hasUpper(string(b)), slow(string(b)); got != want {
						t.Fatalf("hasUpper(%q) = %v, want %v", b, got, want)
					}
				}
			}
		}
	}
	if hasUpper("") {
		t.Error(`hasUpper("") = true`)
	}
}

// TestNormalizeLenientPorts: a lenient host that ends with ":" or ":" and
// digits reads as host and port once its own port is dropped; Normalize
// follows that to the end in one pass (FuzzParse: "//::::::::::").
func TestNormalizeLenientPorts(t *testing.T) {
	for _, tt := range []struct {
		in   string
		l    Level
		want string
	}{
		{"//::::::::::", SchemeBased, "//"},
		{"//::::::::::", Syntax, "//::::::::::"},
		{"http://h:80:/", SchemeBased, "http://h/"},
		{"http://h:0080:/", SchemeBased, "http://h/"},
		{"http://h:0081:/", SchemeBased, "http://h:81/"},
		{"http://h:x:/", SchemeBased, "http://h:x/"},
		{"http://h:81:80/", SchemeBased, "http://h:81/"},
	} {
		r, _ := ParseLenient(tt.in)
		got := Normalize(r, tt.l)
		if got.String() != tt.want {
			t.Errorf("Normalize(ParseLenient(%q), %v) = %q, want %q", tt.in, tt.l, got, tt.want)
		}
		if again := Normalize(got, tt.l); again != got {
			t.Errorf("Normalize(%q) = %q, again %q", tt.in, got, again)
		}
	}
}

// TestAPIRules checks the rules of API.md this package must follow: the
// JSON of a Finding, the text of a Level and of a Reference from and to
// the zero value, DefaultPort, and MustParseURI's panic.
func TestAPIRules(t *testing.T) {
	_, fs := ParseLenient("http://a b c/")
	if len(fs) != 1 {
		t.Fatalf("findings %v", fs)
	}
	b, err := json.Marshal(fs[0])
	want := `{"offset":8,"code":"invalid-char","message":"character not allowed here","component":"host","count":2,"offsets":[8,10]}`
	if err != nil || string(b) != want {
		t.Errorf("JSON of a Finding = %s, %v; want %s", b, err, want)
	}
	var l Level
	if text, err := l.MarshalText(); err != nil || len(text) != 0 {
		t.Errorf("zero Level marshals to %q, %v", text, err)
	}
	if err := l.UnmarshalText(nil); err != nil || l != 0 {
		t.Errorf(`"" unmarshals to %v, %v`, l, err)
	}
	if err := l.UnmarshalText([]byte("scheme+drop-fragment")); err != nil || l != SchemeBased|DropFragment {
		t.Errorf("UnmarshalText = %v, %v", l, err)
	}
	if text, _ := l.MarshalText(); string(text) != "scheme+drop-fragment" {
		t.Errorf("MarshalText = %q", text)
	}
	_, err = ParseLevel("syntax+ bogus")
	var e *Error
	if !errors.As(err, &e) || e.Code != ErrUnknownLevel || e.Offset != 8 || !errors.Is(err, ErrUnknownLevel) {
		t.Errorf("ParseLevel(bogus) = %v", err)
	}
	var r Reference
	if text, err := r.MarshalText(); err != nil || len(text) != 0 {
		t.Errorf("zero Reference marshals to %q, %v", text, err)
	}
	r = MustParse("x:y")
	if err := r.UnmarshalText(nil); err != nil || r != (Reference{}) {
		t.Errorf(`"" unmarshals to %#v, %v`, r, err)
	}
	for scheme, want := range map[string]int{"http": 80, "HTTPS": 443, "ftp": 21, "x-unknown": 0} {
		if p, ok := DefaultPort(scheme); p != want || ok != (want != 0) {
			t.Errorf("DefaultPort(%q) = %d, %v", scheme, p, ok)
		}
	}
	_, err = MustParse("http://h/").With("bogus", "x")
	if !errors.As(err, &e) || e.Offset != -1 || e.Code != ErrUnknownComponent || err.Error() != `uri: "bogus": unknown component` {
		t.Errorf("With(bogus) = %v", err)
	}
	func() {
		defer func() {
			if !errors.Is(recover().(error), ErrMissingScheme) {
				t.Errorf("MustParseURI panics without the error of ParseURI")
			}
		}()
		MustParseURI("a/b")
	}()
}
