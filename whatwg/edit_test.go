package whatwg

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/urikit/urikit/form"
)

// editCase is one Try setter call: the URL, the value, and either the
// href after it or the code of the error (the URL then unchanged).
type editCase struct {
	url, value string
	want       string // href after the call, when code is ""
	code       Code
	off        int
}

func runEditCases(t *testing.T, name string, set func(u *URL, v string) error, legacy func(u *URL, v string), cases []editCase) {
	t.Helper()
	for _, c := range cases {
		u := MustParse(c.url)
		before := u.Href()
		err := set(&u, c.value)
		if c.code != "" {
			var ee *Error
			if !errors.As(err, &ee) || ee.Code != c.code || ee.Offset != c.off {
				t.Errorf("%s(%q) on %s: %v, want code %s at %d", name, c.value, c.url, err, c.code, c.off)
				continue
			}
			if u.Href() != before {
				t.Errorf("%s(%q) on %s: refused but changed the URL to %s", name, c.value, c.url, u.Href())
			}
			if !strings.Contains(ee.Error(), string(c.code)) || !errors.Is(err, c.code) {
				t.Errorf("%s: message %q or errors.Is wrong", name, ee.Error())
			}
			// The JavaScript setter does nothing either, except for the
			// values the Try form is stricter on.
			if legacy != nil && c.code != ErrPortInvalid && c.code != ErrPortOutOfRange {
				v := MustParse(c.url)
				legacy(&v, c.value)
				if v.Href() != before {
					t.Errorf("%s(%q) on %s: the setter changed the URL to %s, the Try form refused with %s", name, c.value, c.url, v.Href(), c.code)
				}
			}
			continue
		}
		if err != nil || u.Href() != c.want {
			t.Errorf("%s(%q) on %s = %s, %v; want %s", name, c.value, c.url, u.Href(), err, c.want)
		}
		if legacy != nil {
			v := MustParse(c.url)
			legacy(&v, c.value)
			if v.Href() != u.Href() {
				t.Errorf("%s(%q) on %s = %s; the setter gives %s", name, c.value, c.url, u.Href(), v.Href())
			}
		}
		checkReparses(t, u)
	}
}

// checkReparses checks that the href of u parses back to u.
func checkReparses(t *testing.T, u URL) {
	t.Helper()
	v, err := Parse(u.Href())
	if err != nil || v != u {
		t.Errorf("%s does not parse back to itself: %v", u.Href(), err)
	}
}

func TestTrySetProtocol(t *testing.T) {
	runEditCases(t, "TrySetProtocol", (*URL).TrySetProtocol, (*URL).SetProtocol, []editCase{
		{url: "http://a/", value: "https", want: "https://a/"},
		{url: "http://a:443/", value: "https:", want: "https://a/"},
		{url: "http://a/", value: "wss:junk", want: "wss://a/"},
		{url: "sc://a/", value: "other", want: "other://a/"},
		{url: "http://a/", value: "", code: ErrInvalidScheme},
		{url: "http://a/", value: "1x", code: ErrInvalidScheme},
		{url: "http://a/", value: "ht tp", code: ErrInvalidScheme, off: 2},
		{url: "http://a/", value: "foo", code: ErrSpecialMismatch},
		{url: "foo://a/", value: "http", code: ErrSpecialMismatch},
		{url: "http://u@a/", value: "file", code: ErrFileCredentials},
		{url: "http://a:81/", value: "file", code: ErrFileCredentials},
		{url: "file:///x", value: "http", code: ErrFileEmptyHost},
		{url: "file:///x", value: "FILE", want: "file:///x"},
	})
}

func TestTrySetUserinfo(t *testing.T) {
	runEditCases(t, "TrySetUsername", (*URL).TrySetUsername, (*URL).SetUsername, []editCase{
		{url: "http://a/", value: "u s@", want: "http://u%20s%40@a/"},
		{url: "http://u@a/", value: "", want: "http://a/"},
		{url: "file:///x", value: "u", code: ErrCannotHaveUsername},
		{url: "file://h/x", value: "u", code: ErrCannotHaveUsername},
		{url: "sc:/x", value: "u", code: ErrCannotHaveUsername},
		{url: "sc:///x", value: "u", code: ErrCannotHaveUsername},
		{url: "mailto:x", value: "u", code: ErrCannotHaveUsername},
	})
	runEditCases(t, "TrySetPassword", (*URL).TrySetPassword, (*URL).SetPassword, []editCase{
		{url: "http://a/", value: "p:w", want: "http://:p%3Aw@a/"},
		{url: "file:///x", value: "p", code: ErrCannotHaveUsername},
	})
}

func TestTrySetHost(t *testing.T) {
	runEditCases(t, "TrySetHost", (*URL).TrySetHost, (*URL).SetHost, []editCase{
		{url: "http://a/p", value: "b.example:81", want: "http://b.example:81/p"},
		{url: "http://a:81/p", value: "b", want: "http://b:81/p"},
		{url: "http://a/p", value: "EXAMPLE.com:80", want: "http://example.com/p"},
		{url: "http://a/p", value: "例え.jp", want: "http://xn--r8jz45g.jp/p"},
		{url: "http://a/p", value: "[::1]:8", want: "http://[::1]:8/p"},
		{url: "sc://a/p", value: "", want: "sc:///p"},
		{url: "http://a/p", value: "b/c", want: "http://b/p"},
		{url: "http://a/p", value: "", code: ErrHostMissing},
		{url: "http://a/p", value: "a b", code: ErrDomainToASCII},
		{url: "http://a/p", value: "[::1", code: ErrIPv6Unclosed, off: 0},
		{url: "http://a/p", value: "h:99999", code: ErrPortOutOfRange, off: 2},
		{url: "http://a/p", value: "h:8x", code: ErrPortInvalid, off: 3},
		{url: "http://a/p", value: ":8", code: ErrHostMissing},
		{url: "sc://u@a/p", value: "", code: ErrHostRequired},
		{url: "sc://a:1/p", value: "", code: ErrHostRequired},
		{url: "mailto:x", value: "h", code: ErrOpaquePath},
		{url: "file:///x", value: "h", want: "file://h/x"},
		{url: "file://h/x", value: "localhost", want: "file:///x"},
		{url: "file://h/x", value: "", want: "file:///x"},
		{url: "file:///x", value: "a b", code: ErrDomainToASCII},
		{url: "file:///x", value: "[::1", code: ErrIPv6Unclosed},
	})
	runEditCases(t, "TrySetHostname", (*URL).TrySetHostname, (*URL).SetHostname, []editCase{
		{url: "http://a:81/p", value: "b", want: "http://b:81/p"},
		{url: "http://a/p", value: "b:1", code: ErrHostnameWithPort, off: 1},
		{url: "http://a/p", value: "a%zz", code: ErrDomainToASCII},
		{url: "mailto:x", value: "h", code: ErrOpaquePath},
	})
}

func TestTrySetPort(t *testing.T) {
	runEditCases(t, "TrySetPort", (*URL).TrySetPort, (*URL).SetPort, []editCase{
		{url: "http://a/", value: "8080", want: "http://a:8080/"},
		{url: "http://a:1/", value: "80", want: "http://a/"},
		{url: "http://a:1/", value: "", want: "http://a/"},
		{url: "sc://a/", value: "0", want: "sc://a:0/"},
		{url: "http://a/", value: "99999", code: ErrPortOutOfRange},
		{url: "http://a/", value: "8x", code: ErrPortInvalid, off: 1},
		{url: "http://a/", value: "x", code: ErrPortInvalid},
		{url: "file://h/", value: "1", code: ErrCannotHavePort},
		{url: "sc:/x", value: "1", code: ErrCannotHavePort},
	})
}

func TestTrySetPathSearchHash(t *testing.T) {
	runEditCases(t, "TrySetPathname", (*URL).TrySetPathname, (*URL).SetPathname, []editCase{
		{url: "http://a/x?q", value: "b c/../d", want: "http://a/d?q"},
		{url: "mailto:x", value: "y", code: ErrOpaquePath},
	})
	runEditCases(t, "TrySetSearch", (*URL).TrySetSearch, (*URL).SetSearch, []editCase{
		{url: "http://a/", value: "?a b", want: "http://a/?a%20b"},
		{url: "mailto:x", value: "q", want: "mailto:x?q"},
	})
	runEditCases(t, "TrySetHash", (*URL).TrySetHash, (*URL).SetHash, []editCase{
		{url: "http://a/#x", value: "", want: "http://a/"},
		{url: "http://a/", value: "a b", want: "http://a/#a%20b"},
	})
}

// TestEditZeroURL: every edit of the zero URL is refused with ErrNoURL.
func TestEditZeroURL(t *testing.T) {
	var u URL
	errs := []error{
		u.TrySetProtocol("http"), u.TrySetUsername("u"), u.TrySetPassword("p"), u.TrySetHost("h"),
		u.TrySetHostname("h"), u.TrySetPort("1"), u.TrySetPathname("/"), u.TrySetSearch("q"), u.TrySetHash("f"),
		u.SetComponent(ComponentQuery, "q"), u.SetComponent(ComponentFragment, "f"), u.ClearComponent(ComponentPort),
		u.SetRawPathSegments(nil), u.AppendPathSegment("x"), u.RemovePathSegment(0), u.SetQueryParams(form.ParseRaw("a")),
	}
	for i, err := range errs {
		if !errors.Is(err, ErrNoURL) {
			t.Errorf("call %d: %v, want %s", i, err, ErrNoURL)
		}
	}
	if _, err := u.JoinPath("x"); !errors.Is(err, ErrNoURL) {
		t.Errorf("JoinPath: %v", err)
	}
	if u != (URL{}) || u.Redacted() != "" {
		t.Errorf("the zero URL changed: %q", u.Href())
	}
}

func TestComponentByName(t *testing.T) {
	for name, want := range map[string]Component{
		"protocol": ComponentScheme, "scheme": ComponentScheme, "user": ComponentUsername, "username": ComponentUsername,
		"password": ComponentPassword, "host": ComponentHost, "hostname": ComponentHostname, "port": ComponentPort,
		"path": ComponentPath, "pathname": ComponentPath, "search": ComponentQuery, "query": ComponentQuery, "hash": ComponentFragment, "fragment": ComponentFragment,
	} {
		if c, ok := ComponentByName(name); !ok || c != want {
			t.Errorf("ComponentByName(%q) = %q, %v", name, c, ok)
		}
	}
	for _, name := range []string{"", "href", "origin", "Host", "userinfo"} {
		if _, ok := ComponentByName(name); ok {
			t.Errorf("ComponentByName(%q) is known", name)
		}
	}
}

func TestSetComponent(t *testing.T) {
	for _, c := range []struct {
		url  string
		comp Component
		v    string
		raw  bool
		want string
		code Code
		off  int
	}{
		{url: "http://a/", comp: ComponentPath, v: "/a b/100%/c", want: "http://a/a%20b/100%25/c"},
		{url: "http://a/", comp: ComponentPath, v: `/a\b`, want: "http://a/a%5Cb"},
		{url: "sc://a/", comp: ComponentPath, v: `/a\b`, want: `sc://a/a\b`},
		{url: "http://a/", comp: ComponentQuery, v: "a=1&b=x y'%", want: "http://a/?a=1&b=x%20y%27%25"},
		{url: "sc://a/", comp: ComponentQuery, v: "b='", want: "sc://a/?b='"},
		{url: "http://a/", comp: ComponentQuery, v: "?x", want: "http://a/??x"},
		{url: "http://a/", comp: ComponentQuery, v: "", want: "http://a/?"},
		{url: "http://a/", comp: ComponentFragment, v: "#f g%", want: "http://a/##f%20g%25"},
		{url: "http://a/", comp: ComponentUsername, v: "a@b%", want: "http://a%40b%25@a/"},
		{url: "http://a/", comp: ComponentHost, v: "B.example", want: "http://b.example/"},
		{url: "http://a/", comp: ComponentHostname, v: "a%41", code: ErrDomainToASCII},
		{url: "http://a/", comp: ComponentScheme, v: "https", want: "https://a/"},
		{url: "http://a/", comp: ComponentPort, v: "81", want: "http://a:81/"},
		{url: "http://a/", comp: "origin", v: "x", code: ErrUnknownComponent},
		// Raw values are kept, or refused where the component would
		// change them.
		{url: "http://a/", comp: ComponentPath, v: "/a%2fb/%7e", raw: true, want: "http://a/a%2fb/%7e"},
		{url: "http://a/", comp: ComponentPath, v: "/a b", raw: true, code: ErrUnencoded, off: 2},
		{url: "http://a/", comp: ComponentPath, v: "/é", raw: true, code: ErrUnencoded, off: 1},
		{url: "http://a/", comp: ComponentPath, v: "/%zz", raw: true, code: ErrInvalidEscape, off: 1},
		{url: "http://a/", comp: ComponentQuery, v: "a=%4", raw: true, code: ErrInvalidEscape, off: 2},
		{url: "http://a/", comp: ComponentQuery, v: "a='", raw: true, code: ErrUnencoded, off: 2},
		{url: "sc://a/", comp: ComponentQuery, v: "a='", raw: true, want: "sc://a/?a='"},
		{url: "http://a/", comp: ComponentFragment, v: "a%20b", raw: true, want: "http://a/#a%20b"},
		{url: "http://a/", comp: ComponentFragment, v: "a`", raw: true, code: ErrUnencoded, off: 1},
		{url: "http://a/", comp: ComponentUsername, v: "a:b", raw: true, code: ErrUnencoded, off: 1},
		{url: "http://a/", comp: ComponentHost, v: "h:1", raw: true, want: "http://h:1/"},
	} {
		u := MustParse(c.url)
		var err error
		if c.raw {
			err = u.SetComponentRaw(c.comp, c.v)
		} else {
			err = u.SetComponent(c.comp, c.v)
		}
		if c.code != "" {
			var ee *Error
			if !errors.As(err, &ee) || ee.Code != c.code || ee.Offset != c.off || ee.Component != c.comp || u.Href() != c.url {
				t.Errorf("Set %s %q (raw %v) on %s: %v (%s), want %s at %d", c.comp, c.v, c.raw, c.url, err, u.Href(), c.code, c.off)
			}
			continue
		}
		if err != nil || u.Href() != c.want {
			t.Errorf("Set %s %q (raw %v) on %s = %s, %v; want %s", c.comp, c.v, c.raw, c.url, u.Href(), err, c.want)
		}
		checkReparses(t, u)
	}
}

// TestSetComponentDecodes: a decoded value set comes back when decoded.
func TestSetComponentDecodes(t *testing.T) {
	for _, v := range []string{"a b", "100%", "%41", "é/ü", "x?y#z", "a'b`c"} {
		u := MustParse("http://h/")
		if err := u.SetComponent(ComponentFragment, v); err != nil {
			t.Fatal(err)
		}
		f, _ := u.Fragment()
		if got := decodeKeep(f); got != v {
			t.Errorf("fragment %q decodes to %q", v, got)
		}
		if err := u.SetComponent(ComponentUsername, v); err != nil {
			t.Fatal(err)
		}
		if got := decodeKeep(u.Username()); got != v {
			t.Errorf("username %q decodes to %q", v, got)
		}
	}
}

func TestClearComponent(t *testing.T) {
	for _, c := range []struct {
		url  string
		comp Component
		want string
		code Code
	}{
		{"http://u:p@a:81/x?q#f", ComponentUsername, "http://:p@a:81/x?q#f", ""},
		{"http://u:p@a:81/x?q#f", ComponentPassword, "http://u@a:81/x?q#f", ""},
		{"http://u:p@a:81/x?q#f", ComponentPort, "http://u:p@a/x?q#f", ""},
		{"http://u:p@a:81/x?q#f", ComponentQuery, "http://u:p@a:81/x#f", ""},
		{"http://u:p@a:81/x?q#f", ComponentFragment, "http://u:p@a:81/x?q", ""},
		{"http://a/", ComponentUsername, "http://a/", ""},
		{"http://a/", ComponentPath, "http://a/", ""},
		{"http://a/x", ComponentPath, "", ErrNoPath},
		{"sc://a/x", ComponentPath, "sc://a", ""},
		{"sc://a/x", ComponentHost, "sc:/x", ""},
		{"sc://a//x", ComponentHost, "sc:/.//x", ""},
		{"sc:/x", ComponentHost, "sc:/x", ""},
		{"a://", ComponentHost, "", ErrHostRequired},
		{"sc:/x", ComponentPath, "", ErrNoPath},
		{"sc:/", ComponentPath, "sc:/", ""},
		{"sc://u@a/x", ComponentHost, "", ErrHostRequired},
		{"http://a/x", ComponentHost, "", ErrHostRequired},
		{"mailto:x", ComponentPath, "", ErrOpaquePath},
		{"http://a/", ComponentScheme, "", ErrInvalidScheme},
		{"http://a/", "href", "", ErrUnknownComponent},
	} {
		u := MustParse(c.url)
		err := u.ClearComponent(c.comp)
		if c.code != "" {
			if !errors.Is(err, c.code) || u.Href() != c.url {
				t.Errorf("Clear %s on %s: %v, %s; want %s", c.comp, c.url, err, u.Href(), c.code)
			}
			continue
		}
		if err != nil || u.Href() != c.want {
			t.Errorf("Clear %s on %s = %s, %v; want %s", c.comp, c.url, u.Href(), err, c.want)
		}
		checkReparses(t, u)
	}
}

func TestPathSegments(t *testing.T) {
	for _, c := range []struct {
		url      string
		raw, dec []string
	}{
		{"http://a/", []string{""}, []string{""}},
		{"http://a/x/y%2Fz/", []string{"x", "y%2Fz", ""}, []string{"x", "y/z", ""}},
		{"http://a/%ff/%zz", []string{"%ff", "%zz"}, []string{"%ff", "%zz"}},
		{"sc://a", nil, nil},
		{"mailto:a/b", []string{"a/b"}, []string{"a/b"}},
	} {
		u := MustParse(c.url)
		if got := u.RawPathSegments(); !slices.Equal(got, c.raw) {
			t.Errorf("RawPathSegments(%s) = %q, want %q", c.url, got, c.raw)
		}
		if got := u.PathSegments(); !slices.Equal(got, c.dec) {
			t.Errorf("PathSegments(%s) = %q, want %q", c.url, got, c.dec)
		}
	}
}

func TestPathSegmentEdits(t *testing.T) {
	type op func(u *URL) error
	for _, c := range []struct {
		url  string
		op   op
		want string
		code Code
	}{
		{"http://a/x", func(u *URL) error { return u.AppendPathSegment("y/z w") }, "http://a/x/y%2Fz%20w", ""},
		{"http://a/x/", func(u *URL) error { return u.AppendPathSegment("y") }, "http://a/x/y", ""},
		{"http://a/", func(u *URL) error { return u.AppendPathSegment("y") }, "http://a/y", ""},
		{"sc://a", func(u *URL) error { return u.AppendPathSegment("y") }, "sc://a/y", ""},
		{"sc:/x", func(u *URL) error { return u.AppendPathSegment(`a\b`) }, `sc:/x/a\b`, ""},
		{"http://a/x", func(u *URL) error { return u.AppendPathSegment(`a\b`) }, "http://a/x/a%5Cb", ""},
		{"http://a/x", func(u *URL) error { return u.AppendPathSegment("%2e") }, "http://a/x/%252e", ""},
		{"http://a/x?q#f", func(u *URL) error { return u.AppendPathSegment("?#") }, "http://a/x/%3F%23?q#f", ""},
		{"http://a/x", func(u *URL) error { return u.AppendPathSegment("..") }, "", ErrDotSegment},
		{"http://a/x", func(u *URL) error { return u.AppendPathSegment(".") }, "", ErrDotSegment},
		{"mailto:x", func(u *URL) error { return u.AppendPathSegment("y") }, "", ErrOpaquePath},
		{"http://a/x/y", func(u *URL) error { return u.InsertPathSegment(0, "w") }, "http://a/w/x/y", ""},
		{"http://a/x/y", func(u *URL) error { return u.InsertPathSegment(2, "w") }, "http://a/x/y/w", ""},
		{"http://a/x/y", func(u *URL) error { return u.InsertPathSegment(3, "w") }, "", ErrIndexOutOfRange},
		{"http://a/x/y", func(u *URL) error { return u.InsertPathSegment(-1, "w") }, "", ErrIndexOutOfRange},
		{"http://a/x/y", func(u *URL) error { return u.ReplacePathSegment(1, "w") }, "http://a/x/w", ""},
		{"http://a/x/y", func(u *URL) error { return u.ReplacePathSegment(2, "w") }, "", ErrIndexOutOfRange},
		{"http://a/x/y", func(u *URL) error { return u.RemovePathSegment(0) }, "http://a/y", ""},
		{"http://a/x", func(u *URL) error { return u.RemovePathSegment(0) }, "http://a/", ""},
		{"sc://a/x", func(u *URL) error { return u.RemovePathSegment(0) }, "sc://a/", ""},
		{"sc://a", func(u *URL) error { return u.RemovePathSegment(0) }, "", ErrIndexOutOfRange},
		{"mailto:x", func(u *URL) error { return u.RemovePathSegment(0) }, "", ErrOpaquePath},
		{"sc:/x/y", func(u *URL) error { return u.RemovePathSegment(0) }, "sc:/y", ""},
		{"sc:/x/y", func(u *URL) error { return u.InsertPathSegment(0, "") }, "sc:/.//x/y", ""},
		{"file:///x", func(u *URL) error { return u.InsertPathSegment(0, "c:") }, "file:///c:/x", ""},
		{"http://a/x", func(u *URL) error { return u.SetRawPathSegments([]string{"a%2Fb", "%7e"}) }, "http://a/a%2Fb/%7e", ""},
		{"http://a/x", func(u *URL) error { return u.SetRawPathSegments(nil) }, "http://a/", ""},
		{"sc://a/x", func(u *URL) error { return u.SetRawPathSegments(nil) }, "sc://a", ""},
		{"http://a/x", func(u *URL) error { return u.SetRawPathSegments([]string{"a/b"}) }, "", ErrUnencoded},
		{"http://a/x", func(u *URL) error { return u.SetRawPathSegments([]string{`a\b`}) }, "", ErrUnencoded},
		{"http://a/x", func(u *URL) error { return u.SetRawPathSegments([]string{"%2E%2e"}) }, "", ErrDotSegment},
		{"http://a/x", func(u *URL) error { return u.SetRawPathSegments([]string{"%2"}) }, "", ErrInvalidEscape},
	} {
		u := MustParse(c.url)
		err := c.op(&u)
		if c.code != "" {
			if !errors.Is(err, c.code) || u.Href() != c.url {
				t.Errorf("%s: %v, %s; want %s", c.url, err, u.Href(), c.code)
			}
			continue
		}
		if err != nil || u.Href() != c.want {
			t.Errorf("%s: %s, %v; want %s", c.url, u.Href(), err, c.want)
		}
		checkReparses(t, u)
	}
}

// TestAppendRemoveSegment: removing the segment appended gives the URL
// back byte for byte, when the path does not end with "/".
func TestAppendRemoveSegment(t *testing.T) {
	for _, in := range []string{"http://a/x", "http://a/", "sc://a/%7e/b?q#f", "sc:/x", "file:///c:/x"} {
		u := MustParse(in)
		if err := u.AppendPathSegment("new seg/1"); err != nil {
			t.Fatal(err)
		}
		n := len(u.RawPathSegments())
		if err := u.RemovePathSegment(n - 1); err != nil || u.Href() != in {
			t.Errorf("%s: append then remove gives %s, %v", in, u.Href(), err)
		}
	}
}

func TestQueryParams(t *testing.T) {
	u := MustParse("https://h/p?utm_source=x&id=%7e1&&utm_medium=y&Z=%ZZ#f")
	err := u.EditQuery(func(q *form.RawQuery) {
		q.Delete("utm_source")
		q.Delete("utm_medium")
		q.Append("a b", "c&d")
	})
	if want := "https://h/p?id=%7e1&&Z=%ZZ&a+b=c%26d#f"; err != nil || u.Href() != want {
		t.Errorf("EditQuery: %s, %v; want %s", u.Href(), err, want)
	}
	if v, ok := u.QueryParams().Get("a b"); !ok || v != "c&d" {
		t.Errorf("Get: %q %v", v, ok)
	}
	// Deleting every pair makes the query null.
	if err := u.EditQuery(func(q *form.RawQuery) { *q = form.RawQuery{} }); err != nil || u.Href() != "https://h/p#f" {
		t.Errorf("empty query: %s, %v", u.Href(), err)
	}
	// An empty query that was empty stays.
	v := MustParse("http://h/?")
	if err := v.EditQuery(func(*form.RawQuery) {}); err != nil || v.Href() != "http://h/?" {
		t.Errorf("empty query kept: %s, %v", v.Href(), err)
	}
	// A raw pair with a byte the query encodes is refused.
	w := MustParse("http://h/?a=1")
	q := w.QueryParams()
	_ = q.AppendRaw("b=x y")
	if err := w.SetQueryParams(q); !errors.Is(err, ErrUnencoded) || w.Href() != "http://h/?a=1" {
		t.Errorf("raw pair: %v, %s", err, w.Href())
	}
	// A query starting with "?" keeps it.
	x := MustParse("http://h/??a=1&b")
	if err := x.EditQuery(func(q *form.RawQuery) { q.Delete("b") }); err != nil || x.Href() != "http://h/??a=1" {
		t.Errorf("?-query: %s, %v", x.Href(), err)
	}
	// Sorting.
	y := MustParse("http://h/?b=1&a=2&b=0")
	if err := y.EditQuery(func(q *form.RawQuery) { q.Sort() }); err != nil || y.Href() != "http://h/?a=2&b=1&b=0" {
		t.Errorf("sort: %s, %v", y.Href(), err)
	}
}

// TestAppendDeletePair: deleting the pair appended gives the URL back
// byte for byte, whatever the query held, but for a query that ends with
// "&", whose last "&" the append uses ("a&" becomes "a&b=1", then "a").
func TestAppendDeletePair(t *testing.T) {
	for _, in := range []string{"http://a/", "http://a/?x=%7e&&y", "sc:x?a&&b", "http://a/?a=1#f", "http://a/?=&=#"} {
		u := MustParse(in)
		if err := u.EditQuery(func(q *form.RawQuery) { q.Append("new name", "v&w") }); err != nil {
			t.Fatal(err)
		}
		if err := u.EditQuery(func(q *form.RawQuery) { q.Delete("new name") }); err != nil || u.Href() != in {
			t.Errorf("%s: append then delete gives %s, %v", in, u.Href(), err)
		}
	}
}

func TestJoinPath(t *testing.T) {
	for _, c := range []struct {
		url  string
		elem []string
		want string
	}{
		{"http://a/b/c", []string{"d", "e"}, "http://a/b/c/d/e"},
		{"http://a/b/c/", []string{"../d/"}, "http://a/b/d/"},
		{"http://a/b", []string{"../../x"}, "http://a/x"},
		{"http://a/b", []string{"x y", "%7e"}, "http://a/b/x%20y/%7e"},
		{"http://a/b?q#f", nil, "http://a/b?q#f"},
		{"sc://a", []string{"x"}, "sc://a/x"},
		{"sc:/p", []string{"x"}, "sc:/p/x"},
	} {
		u := MustParse(c.url)
		v, err := u.JoinPath(c.elem...)
		if err != nil || v.Href() != c.want || u.Href() != c.url {
			t.Errorf("JoinPath(%s, %q) = %v, %v; want %s", c.url, c.elem, v, err, c.want)
		}
	}
	if _, err := MustParse("mailto:x").JoinPath("y"); !errors.Is(err, ErrOpaquePath) {
		t.Errorf("JoinPath on an opaque path: %v", err)
	}
}

func TestRedacted(t *testing.T) {
	for in, want := range map[string]string{
		"http://u:p@a/":     "http://u:xxxxx@a/",
		"http://:p@a/":      "http://:xxxxx@a/",
		"http://u@a/":       "http://u@a/",
		"http://a/?p=u:p@x": "http://a/?p=u:p@x",
		"sc:x":              "sc:x",
	} {
		if got := MustParse(in).Redacted(); got != want {
			t.Errorf("Redacted(%s) = %s, want %s", in, got, want)
		}
	}
}

func TestEditErrorMessage(t *testing.T) {
	long := strings.Repeat("a", 100) + " " + strings.Repeat("b", 100)
	u := MustParse("http://h/")
	err := u.SetComponentRaw(ComponentPath, long)
	var ee *Error
	if !errors.As(err, &ee) || ee.Offset != 100 {
		t.Fatalf("%v", err)
	}
	if msg := err.Error(); len(msg) > 200 || !strings.Contains(msg, "…") || !strings.HasPrefix(msg, "whatwg: offset 100 (path): ") || !strings.HasSuffix(msg, "(unencoded)") {
		t.Errorf("message %q", msg)
	}
	if !errors.Is(err, ErrUnencoded) || ee.Component != ComponentPath {
		t.Error("errors.Is or the component wrong")
	}
}

// TestSegmentEditsAgree checks the path splicing against the list: each
// edit gives the path that joining the edited RawPathSegments gives.
func TestSegmentEditsAgree(t *testing.T) {
	join := func(segs []string) string {
		if len(segs) == 0 {
			return ""
		}
		return "/" + strings.Join(segs, "/")
	}
	for _, in := range []string{"http://h/", "sc://h", "sc://h/", "http://h/a", "http://h/a/", "http://h/a//b/", "sc:/a/b", "sc:/", "http://h/a/b/c"} {
		u := MustParse(in)
		segs := u.RawPathSegments()
		for i := 0; i <= len(segs); i++ {
			v := u
			if err := v.InsertPathSegment(i, "N"); err != nil || v.Pathname() != join(slices.Insert(slices.Clone(segs), i, "N")) {
				t.Errorf("Insert(%d) on %s: %s, %v", i, in, v.Pathname(), err)
			}
			if i == len(segs) {
				continue
			}
			v = u
			if err := v.ReplacePathSegment(i, "N"); err != nil || v.Pathname() != join(slices.Replace(slices.Clone(segs), i, i+1, "N")) {
				t.Errorf("Replace(%d) on %s: %s, %v", i, in, v.Pathname(), err)
			}
			v = u
			want := join(slices.Delete(slices.Clone(segs), i, i+1))
			if len(segs) == 1 {
				want = "/"
			}
			if err := v.RemovePathSegment(i); err != nil || v.Pathname() != want {
				t.Errorf("Remove(%d) on %s: %s, %v; want %s", i, in, v.Pathname(), err, want)
			}
		}
	}
}
