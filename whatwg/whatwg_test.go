package whatwg

import (
	"encoding/json"
	"errors"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urikit/urikit/idna"
	"github.com/urikit/urikit/internal/boundedtest"
)

// The examples of the URL Standard's validation error table: each input
// must report the named error (and fail when the table says so).
func TestValidationErrors(t *testing.T) {
	tests := []struct {
		input, base string
		code        Code
		offset      int
		failure     bool
	}{
		{"https://exa%23mple.org", "", ErrDomainToASCII, 8, true},
		{"https://exa mple.org", "", ErrDomainToASCII, 8, true},
		{"https://exam%70le.org", "", ErrDomainPercentEncoded, 12, false},
		{"foo://exa[mple.org", "", ErrHostInvalidCodePoint, 9, true},
		{"https://127.0.0.1./", "", ErrIPv4EmptyPart, 8, false},
		{"https://1.2.3/", "", ErrIPv4TooFewParts, 8, false},
		{"https://1.2.3.4.5/", "", ErrIPv4TooManyParts, 8, true},
		{"https://test.42", "", ErrIPv4NonNumericPart, 8, true},
		{"https://127.0.0x0.1", "", ErrIPv4NonDecimalPart, 8, false},
		{"https://255.255.4000.1", "", ErrIPv4OutOfRangePart, 8, true},
		{"https://①.②.③.④", "", ErrIPv4NonASCIIInput, 8, false},
		{"https://[::1", "", ErrIPv6Unclosed, 8, true},
		{"https://[:1]", "", ErrIPv6InvalidCompression, 9, true},
		{"https://[1:2:3:4:5:6:7:8:9]", "", ErrIPv6TooManyPieces, 25, true},
		{"https://[1::1::1]", "", ErrIPv6MultipleCompression, 14, true},
		{"https://[1:2:3!:4]", "", ErrIPv6InvalidCodePoint, 14, true},
		{"https://[1:2:3:]", "", ErrIPv6InvalidCodePoint, 15, true},
		{"https://[1:2:3]", "", ErrIPv6TooFewPieces, 14, true},
		{"https://[::01]", "", ErrIPv6PieceLeadingZero, 13, false},
		{"https://[1:1:1:1:1:1:1:127.0.0.1]", "", ErrIPv4InIPv6TooManyPieces, 23, true},
		{"https://[ffff::.0.0.1]", "", ErrIPv4InIPv6InvalidCodePoint, 15, true},
		{"https://[ffff::127.0.xyz.1]", "", ErrIPv4InIPv6InvalidCodePoint, 21, true},
		{"https://[ffff::127.00.0.1]", "", ErrIPv4InIPv6InvalidCodePoint, 20, true},
		{"https://[ffff::127.0.0.1.2]", "", ErrIPv4InIPv6InvalidCodePoint, 24, true},
		{"https://[ffff::127.0.0.4000]", "", ErrIPv4InIPv6OutOfRangePart, 25, true},
		{"https://[ffff::127.0.0]", "", ErrIPv4InIPv6TooFewParts, 22, true},
		{"https://example.org/>", "", ErrInvalidURLUnit, 20, false},
		{" https://example.org ", "", ErrInvalidURLUnit, 0, false},
		{"ht\ntps://example.org", "", ErrInvalidURLUnit, 2, false},
		{"https://example.org/%s", "", ErrInvalidURLUnit, 20, false},
		{"file:c:/my-secret-folder", "", ErrSpecialSchemeMissingSolidus, 5, false},
		{"https:example.org", "", ErrSpecialSchemeMissingSolidus, 6, false},
		{"https:foo.html", "https://example.org/", ErrSpecialSchemeMissingSolidus, 6, false},
		{"💩", "", ErrMissingSchemeNonRelativeURL, 0, true},
		{"💩", "mailto:user@example.org", ErrMissingSchemeNonRelativeURL, 0, true},
		{"https://example.org\\path\\to\\file", "", ErrInvalidReverseSolidus, 19, false},
		{"https://user@example.org", "", ErrInvalidCredentials, 12, false},
		{"ssh://user@example.org", "", ErrInvalidCredentials, 10, false},
		{"https://#fragment", "", ErrHostMissing, 8, true},
		{"https://:443", "", ErrHostMissing, 8, true},
		{"https://user:pass@", "", ErrHostMissing, 18, true},
		{"https://example.org:70000", "", ErrPortOutOfRange, 20, true},
		{"https://example.org:7z", "", ErrPortInvalid, 21, true},
		{"c|/path/to/file", "file:///c:/", ErrFileInvalidWindowsDriveLetter, 0, false},
		{"file://c:", "", ErrFileInvalidWindowsDriveLetterHost, 7, false},
		{"https://xn--a.example/", "", ErrDomainToASCII, 8, false},
	}
	for _, tt := range tests {
		var base URL
		if tt.base != "" {
			base = MustParse(tt.base)
		}
		u, errs, err := base.ParseWithFindings(tt.input)
		if (err != nil) != tt.failure {
			t.Errorf("%q: err = %v, want failure %v", tt.input, err, tt.failure)
		}
		found := false
		for _, e := range errs {
			if e.Code == tt.code && e.Offset == tt.offset {
				found = true
			}
		}
		if !found {
			t.Errorf("%q: errors %v, want %s at %d", tt.input, errs, tt.code, tt.offset)
		}
		if tt.failure {
			var perr *Error
			if !errors.As(err, &perr) || perr.Code != tt.code || perr.Offset != tt.offset || perr.Input != tt.input {
				t.Errorf("%q: error %#v, want code %s offset %d", tt.input, err, tt.code, tt.offset)
			}
			if !errors.Is(err, tt.code) {
				t.Errorf("%q: errors.Is(%v, %s) is false", tt.input, err, tt.code)
			}
			if _, err2 := base.Parse(tt.input); err2 == nil || err2.Error() != err.Error() {
				t.Errorf("%q: Parse error %v, ParseWithFindings error %v", tt.input, err2, err)
			}
		} else if u == (URL{}) {
			t.Errorf("%q: zero URL", tt.input)
		}
	}
}

func TestValidInputHasNoErrors(t *testing.T) {
	for _, s := range []string{
		"https://example.com/././foo",
		"https://EXAMPLE.com/../x",
		"https://example.org//",
		"https://example/%25?%25#%25",
		"file:///C:/demo",
		"http://[::1]:8080/a?b#c",
		"foo:bar",
	} {
		_, errs, err := ParseWithFindings(s)
		if err != nil || len(errs) != 0 {
			t.Errorf("%q: errs %v err %v, want none", s, errs, err)
		}
	}
}

func TestParseAllocs(t *testing.T) {
	boundedtest.SkipIfRace(t)
	for _, s := range []string{
		"https://www.example.com/a/b.html?q=1#f",
		"file:///Users/x/node_modules/y.js",
		"node:url",
	} {
		var u URL
		n := testing.AllocsPerRun(50, func() { u, _ = Parse(s) })
		if n != 0 {
			t.Errorf("%q: %v allocs, want 0", s, n)
		}
		if u.Href() != s {
			t.Errorf("%q: href %q", s, u.Href())
		}
	}
	s := "HTTP://Example.COM"
	n := testing.AllocsPerRun(50, func() { _, _ = Parse(s) })
	if n > 1 {
		t.Errorf("%q: %v allocs, want at most 1", s, n)
	}
}

func TestHosts(t *testing.T) {
	tests := []struct{ in, host string }{
		{"http://0x7f.1/", "127.0.0.1"},
		{"http://2130706433/", "127.0.0.1"},
		{"http://0177.0.0.1/", "127.0.0.1"},
		{"http://0x7F000001/", "127.0.0.1"},
		{"http://127.1/", "127.0.0.1"},
		{"http://0xffffffff/", "255.255.255.255"},
		{"http://1.2.3.4./", "1.2.3.4"},
		{"http://[0:0:0:0:0:0:0:1]/", "[::1]"},
		{"http://[1:0:0:2:0:0:0:3]/", "[1:0:0:2::3]"},
		{"http://[1:0:0:2:0:0:3:4]/", "[1::2:0:0:3:4]"},
		{"http://[::]/", "[::]"},
		{"http://[1:2:3:4:5:6:7:8]/", "[1:2:3:4:5:6:7:8]"},
		{"http://[0:f:0:0:f:f:0:0]/", "[0:f::f:f:0:0]"},
		{"http://[::127.0.0.1]/", "[::7f00:1]"},
		{"http://[ABCD::]/", "[abcd::]"},
		{"http://ExAmPlE.CoM/", "example.com"},
		{"http://a.b.c.xn--pokxncvks/", "a.b.c.xn--pokxncvks"},
		{"http://%65xample.com/", "example.com"},
		{"http://ÉXAMPLE.com/", "xn--xample-9ua.com"},
		{"foo://ExAmPlE/", "ExAmPlE"},
		{"foo://%41/", "%41"},
		{"foo://ä/", "%C3%A4"},
		{"foo://[::1]/", "[::1]"},
		{"foo://0x7f.1/", "0x7f.1"},
		{"file://LOCALHOST/x", ""},
	}
	for _, tt := range tests {
		u, err := Parse(tt.in)
		if err != nil {
			t.Errorf("%q: %v", tt.in, err)
			continue
		}
		if u.Hostname() != tt.host {
			t.Errorf("%q: hostname %q, want %q", tt.in, u.Hostname(), tt.host)
		}
	}
	for _, s := range []string{"http://0x100000000/", "http://256.0.0.0.0/", "http://1.2.3.09/", "http://[1::2::3]/", "http://a b/", "http://%/", "http://a%00b/", "http://\xff/", "http://[::1]x/"} {
		if u, err := Parse(s); err == nil {
			t.Errorf("%q: parsed as %q, want failure", s, u.Href())
		}
	}
}

func TestSetters(t *testing.T) {
	u := MustParse("https://user:pass@example.org:8080/a/b?q#f")
	u.SetProtocol("http:ignored")
	u.SetUsername("us er")
	u.SetPassword("")
	u.SetHostname("EXAMPLE.net:99") // ignored: hostname with a port
	u.SetPort("80")
	u.SetPathname("x/../y z")
	u.SetSearch("?a=b c")
	u.SetHash("#h")
	if got, want := u.Href(), "http://us%20er@example.org/y%20z?a=b%20c#h"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	u.SetProtocol("foo") // special to non-special: ignored
	u.SetSearch("")
	u.SetHash("")
	u.SetUsername("")
	if got, want := u.Href(), "http://example.org/y%20z"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if err := u.SetHref("not a url"); err == nil || u.Href() != "http://example.org/y%20z" {
		t.Errorf("SetHref of a relative string: err %v href %q", err, u.Href())
	}
	o := MustParse("mailto:me@example.org")
	o.SetHost("example.com")
	o.SetPathname("/x")
	o.SetPort("1")
	if o.Href() != "mailto:me@example.org" {
		t.Errorf("opaque URL changed: %q", o.Href())
	}
	n := MustParse("foo:/a")
	n.SetPathname("//b")
	if n.Href() != "foo:/.//b" || n.Pathname() != "//b" {
		t.Errorf("got %q path %q", n.Href(), n.Pathname())
	}
	n.SetHost("h")
	if n.Href() != "foo://h//b" {
		t.Errorf("got %q", n.Href())
	}
}

func TestEqualAndText(t *testing.T) {
	a := MustParse("http://example.org/#x")
	b := MustParse("HTTP://example.org:80/#y")
	if Equal(a, b) || !EqualIgnoringFragment(a, b) {
		t.Errorf("Equal(%q, %q) wrong", a, b)
	}
	data, err := json.Marshal(map[string]URL{"u": a})
	if err != nil || string(data) != `{"u":"http://example.org/#x"}` {
		t.Errorf("json: %s %v", data, err)
	}
	var m map[string]*URL
	if err := json.Unmarshal([]byte(`{"u":"HTTP://A/b/../c"}`), &m); err != nil || m["u"].Href() != "http://a/c" {
		t.Errorf("unmarshal: %v %v", m, err)
	}
	if err := json.Unmarshal([]byte(`{"u":"rel"}`), &m); err == nil {
		t.Errorf("unmarshal of a relative URL succeeded")
	}
	if got := string(a.AppendTo([]byte("<"))); got != "<http://example.org/#x" {
		t.Errorf("AppendTo: %q", got)
	}
}

func TestNetURL(t *testing.T) {
	for _, s := range []string{"https://user:p@example.org:8080/a%20b?q=1&r#f", "file:///tmp/x", "http://[::1]/"} {
		u := MustParse(s)
		nu, err := u.NetURL()
		if err != nil {
			t.Errorf("%q: %v", s, err)
			continue
		}
		if nu.String() != u.Href() {
			t.Errorf("%q: net/url %q", s, nu.String())
		}
		back, err := FromNetURL(nu)
		if err != nil || !reflect.DeepEqual(back, u) {
			t.Errorf("%q: back %v %v", s, back, err)
		}
	}
	nu, _ := url.Parse("HTTP://Example.COM:80/a/../b")
	u, err := FromNetURL(nu)
	if err != nil || u.Href() != "http://example.com/b" {
		t.Errorf("FromNetURL: %v %v", u, err)
	}
	if _, err := FromNetURL(&url.URL{Path: "rel"}); err == nil {
		t.Errorf("FromNetURL of a relative URL succeeded")
	}
	if _, err := MustParse("foo://a%zz/").NetURL(); err == nil {
		t.Errorf("NetURL of an opaque host net/url rejects succeeded")
	}
}

// The encode sets used by the parser must be the URL Standard's.
func TestEncodeSets(t *testing.T) {
	c0 := func(c byte) bool { return c < 0x20 || c > 0x7e }
	query := func(c byte) bool { return c0(c) || c == ' ' || c == '"' || c == '#' || c == '<' || c == '>' }
	spQuery := func(c byte) bool { return query(c) || c == '\'' }
	frag := func(c byte) bool { return c0(c) || c == ' ' || c == '"' || c == '<' || c == '>' || c == '`' }
	path := func(c byte) bool { return query(c) || c == '?' || c == '^' || c == '`' || c == '{' || c == '}' }
	userinfo := func(c byte) bool {
		return path(c) || c == '/' || c == ':' || c == ';' || c == '=' || c == '@' || (c >= '[' && c <= ']') || c == '|'
	}
	for i := 0; i < 256; i++ {
		c := byte(i)
		for _, s := range []struct {
			name string
			bit  uint32
			enc  bool
		}{
			{"C0", clC0, c0(c)}, {"query", clQuery, query(c)}, {"special-query", clSpQuery, spQuery(c)},
			{"fragment", clFragment, frag(c)}, {"path", clPath, path(c)}, {"userinfo", clUserinfo, userinfo(c)},
		} {
			if (classes[c]&s.bit == 0) != s.enc {
				t.Errorf("%s set: byte %#x encoded %v, want %v", s.name, c, classes[c]&s.bit == 0, s.enc)
			}
		}
	}
}

func TestParseInto(t *testing.T) {
	var u URL
	s := "https://www.example.com/a/b.html?q=1#f"
	n := testing.AllocsPerRun(50, func() {
		if err := ParseInto(&u, s); err != nil {
			t.Fatal(err)
		}
	})
	if n != 0 && !boundedtest.Race || u.Href() != s {
		t.Errorf("ParseInto: %v allocs, href %q", n, u.Href())
	}
	before := u
	if err := ParseInto(&u, "http://["); err == nil || u != before {
		t.Errorf("failed ParseInto: err %v, URL changed to %q", err, u.Href())
	}
	base := MustParse("https://example.org/a/")
	if err := base.ParseInto(&u, "b"); err != nil || u.Href() != "https://example.org/a/b" {
		t.Errorf("ParseInto with base: %v %q", err, u.Href())
	}
}

func TestZeroURL(t *testing.T) {
	var u URL
	for _, attr := range []string{"href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"} {
		if got := getter(u, attr); got != "" {
			t.Errorf("zero URL %s = %q", attr, got)
		}
	}
	if u.Origin() != "null" || u.PortNumber() != -1 || u.HasHost() {
		t.Errorf("zero URL: origin %q port %d", u.Origin(), u.PortNumber())
	}
	for _, attr := range []string{"protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"} {
		applySetter(&u, attr, "x")
		if u != (URL{}) {
			t.Errorf("zero URL: %s setter changed it to %q", attr, u.Href())
		}
	}
	if err := u.SetHref("http://a/"); err != nil || u.Href() != "http://a/" {
		t.Errorf("SetHref on zero URL: %v %q", err, u.Href())
	}
}

func TestInvalidUTF8(t *testing.T) {
	tests := []struct {
		in, href string
		offsets  []int
	}{
		{"http://a/\xff", "http://a/%FF", []int{9}},
		{"http://a/é\x80", "http://a/%C3%A9%80", []int{11}},
		{"http://a/\xe2\x82", "http://a/%E2%82", []int{9}},
		{"http://a/?é#é", "http://a/?%C3%A9#%C3%A9", nil},
	}
	for _, tt := range tests {
		u, errs, err := ParseWithFindings(tt.in)
		if err != nil || u.Href() != tt.href {
			t.Errorf("%q: %v %v", tt.in, u, err)
			continue
		}
		var offs []int
		for _, e := range errs {
			offs = append(offs, e.Offset)
		}
		if !reflect.DeepEqual(offs, tt.offsets) {
			t.Errorf("%q: error offsets %v, want %v", tt.in, offs, tt.offsets)
		}
	}
	if _, err := Parse("http://\xffa/"); err == nil {
		t.Errorf("invalid UTF-8 in a domain parsed")
	}
}

// strictASCIIDomain is a shortcut: whenever it accepts, the full strict
// ToASCII must accept too.
func TestStrictASCIIDomain(t *testing.T) {
	for _, d := range []string{"example.org", "EXAMPLE.org.", "a-b.c", "1.2.3.4", "a", "xn--53h.example", "-a.b", "a-.b", "ab--c.d", "a..b", "a_b.c", ".", "", "a b"} {
		fast := strictASCIIDomain(d)
		_, err := idna.URLStrict().ToASCII(d)
		if fast && err != nil {
			t.Errorf("%q: shortcut accepts, ToASCII fails: %v", d, err)
		}
	}
	if !strictASCIIDomain("www.example.com") || strictASCIIDomain("xn--53h.example") {
		t.Errorf("shortcut decisions wrong")
	}
}

func TestCanParse(t *testing.T) {
	base := MustParse("https://example.org/")
	for _, tt := range []struct {
		in   string
		base URL
		want bool
	}{{"https://a/", URL{}, true}, {"/x", URL{}, false}, {"/x", base, true}, {"http://[", base, false}} {
		if got := tt.base.CanParse(tt.in); got != tt.want {
			t.Errorf("CanParse(%q) = %v", tt.in, got)
		}
	}
	if n := testing.AllocsPerRun(20, func() { CanParse("https://example.org/a?b#c") }); n != 0 && !boundedtest.Race {
		t.Errorf("CanParse allocates %v", n)
	}
}

// sameURL reports whether a and b are the same URL, their offsets at
// full width included (a long href's trailer).
func sameURL(a, b URL) bool { return a == b && a.layout() == b.layout() }

// debugString shows the href and the offsets.
func (u *URL) debugString() string {
	l := u.layout()
	return l.debugString()
}

func (u *layout) debugString() string {
	return u.href + " [" + strconv.Itoa(int(u.schemeEnd)) + " " + strconv.Itoa(int(u.userEnd)) + " " +
		strconv.Itoa(int(u.hostStart)) + " " + strconv.Itoa(int(u.hostEnd)) + " " +
		strconv.Itoa(int(u.pathStart)) + " " + strconv.Itoa(int(u.queryStart)) + " " + strconv.Itoa(int(u.fragStart)) + "]"
}

// The zero URL is not a URL: as a base it counts as no base, for every
// function that takes one.
func TestZeroBase(t *testing.T) {
	var zero URL
	for _, in := range []string{"x", "?q", "#f", "", "/p", "//h/p", "http://a/b", "mailto:x", " \t"} {
		want, wantErr := Parse(in)
		got, err := (&zero).Parse(in)
		if (err == nil) != (wantErr == nil) || err == nil && got.Href() != want.Href() {
			t.Errorf("zero.Parse(%q) = %v, %v; with no base %v, %v", in, got, err, want, wantErr)
		}
		if wantErr != nil && err.Error() != wantErr.Error() {
			t.Errorf("zero.Parse(%q) error %v, with no base %v", in, err, wantErr)
		}
		if (&zero).CanParse(in) != (wantErr == nil) {
			t.Errorf("zero.CanParse(%q) = %v", in, !(wantErr == nil))
		}
		u, errs, err := (&zero).ParseWithFindings(in)
		_, wantErrs, _ := ParseWithFindings(in)
		if (err == nil) != (wantErr == nil) || err == nil && u.Href() != want.Href() || !reflect.DeepEqual(errs, wantErrs) {
			t.Errorf("zero.ParseWithFindings(%q) = %v, %v, %v; with no base %v", in, u, errs, err, wantErrs)
		}
		var dst URL
		if err := (&zero).ParseInto(&dst, in); (err == nil) != (wantErr == nil) || err == nil && dst.Href() != want.Href() {
			t.Errorf("ParseInto(%q, zero) = %q, %v", in, dst.Href(), err)
		}
	}
	if !Equal(zero, URL{}) || !EqualIgnoringFragment(zero, URL{}) || Equal(MustParse("http://a/"), zero) {
		t.Errorf("Equal with a zero URL")
	}
	if nu, err := zero.NetURL(); err == nil || nu != nil {
		t.Errorf("zero URL NetURL = %v, %v; want an error", nu, err)
	}
	if u, err := FromNetURL(nil); err == nil || u != (URL{}) {
		t.Errorf("FromNetURL(nil) = %v, %v; want an error", u, err)
	}
}

// Repeated validation errors are merged by code: the list does not grow
// with the input.
func TestValidationErrorsCollapse(t *testing.T) {
	in := "https://example.org/" + strings.Repeat("%zz", 1000) + "\\" + strings.Repeat("<", 3)
	_, errs, err := ParseWithFindings(in)
	if err != nil {
		t.Fatal(err)
	}
	want := []Finding{
		{Code: ErrInvalidURLUnit, Offset: 20, Count: 1003, Offsets: []int{20, 23, 26, 29, 32, 35, 38, 41}},
		{Code: ErrInvalidReverseSolidus, Offset: 3020},
	}
	if !reflect.DeepEqual(errs, want) {
		t.Errorf("errors %v, want %v", errs, want)
	}
	if s := errs[0].String(); s != "offset 20: invalid-URL-unit: a code point is not a URL unit (or leading or trailing C0 control or space, tab or newline) (1003 times)" {
		t.Errorf("String() = %q", s)
	}
	if s := errs[1].String(); s != `offset 3020: invalid-reverse-solidus: a special URL uses "\" where "/" belongs` {
		t.Errorf("String() = %q", s)
	}
	b, _ := json.Marshal(errs)
	if string(b) != `[{"offset":20,"code":"invalid-URL-unit","message":"a code point is not a URL unit (or leading or trailing C0 control or space, tab or newline)","count":1003,"offsets":[20,23,26,29,32,35,38,41]},{"offset":3020,"code":"invalid-reverse-solidus","message":"a special URL uses \"\\\" where \"/\" belongs"}]` {
		t.Errorf("JSON %s", b)
	}
	// Offsets stay right when tabs and newlines were removed, whatever
	// their number, and errors met out of order (the host's) too.
	in = "ht\ttp://ex\nample.org/" + strings.Repeat("\t%", 20)
	_, errs, _ = ParseWithFindings(in)
	// (The first tab or newline removed is reported, not every one.)
	if len(errs) != 1 || errs[0].Code != ErrInvalidURLUnit || errs[0].Offset != 2 || errs[0].Count != 21 ||
		!reflect.DeepEqual(errs[0].Offsets, []int{2, 22, 24, 26, 28, 30, 32, 34}) {
		t.Errorf("%q: errors %v", in, errs)
	}
	in = "http://a\tb.xn--a\t.c\t/?" + strings.Repeat("\t\"", 3)
	_, errs, _ = ParseWithFindings(in)
	wantAt := map[Code]int{ErrInvalidURLUnit: 8, ErrDomainToASCII: 7}
	for _, e := range errs {
		if off, ok := wantAt[e.Code]; !ok || e.Offset != off {
			t.Errorf("%q: error %v", in, e)
		}
		if in[e.Offset] == '\t' && e.Code != ErrInvalidURLUnit {
			t.Errorf("%q: error %v points at a tab", in, e)
		}
	}
	// A failure's offset too.
	in = strings.Repeat("\t", 5) + "http://a" + strings.Repeat("\t", 100) + ":99999/"
	if _, err := Parse(in); err == nil || err.(*Error).Offset != len(in)-6 {
		t.Errorf("%q: error %#v, want the port's offset %d", in, err, len(in)-6)
	}
}

// Messages quote a window of the input around the offset, not all of it.
func TestErrorMessageWindow(t *testing.T) {
	long := "http://" + strings.Repeat("é", 100) + ":99999/" + strings.Repeat("x", 10000)
	_, err := Parse(long)
	if err == nil {
		t.Fatal("no error")
	}
	msg := err.Error()
	if len(msg) > 200 || !strings.Contains(msg, `…"é`) || !strings.Contains(msg, `:99999/xxx`) || !strings.HasPrefix(msg, "whatwg: offset 208: ") || !strings.HasSuffix(msg, "(port-out-of-range)") {
		t.Errorf("message %q", msg)
	}
	if !utf8.ValidString(msg) {
		t.Errorf("message %q: cut inside a code point", msg)
	}
	if _, err := Parse("http://a:9x"); err == nil || err.Error() != `whatwg: offset 10: "http://a:9x": the port is not a number (port-invalid)` {
		t.Errorf("short input: %v", err)
	}
	// Stray continuation bytes do not stretch the window.
	in := "http://a:9x" + strings.Repeat("\x80", 100000)
	if _, err := Parse(in); err == nil || len(err.Error()) > 460 {
		t.Errorf("%d bytes of message", len(err.Error()))
	}
	in = strings.Repeat("\x80", 100000)
	if _, err := Parse(in); err == nil || len(err.Error()) > 460 {
		t.Errorf("%d bytes of message", len(err.Error()))
	}
	// net/url's errors quote the whole URL: NetURL's quote a window.
	u := MustParse("foo://a%zz/" + strings.Repeat("x", 10000))
	if _, err := u.NetURL(); err == nil || len(err.Error()) > 200 || !strings.Contains(err.Error(), `invalid URL escape "%zz"`) {
		t.Errorf("NetURL error %v", err)
	}
}

// TestValueJSON checks that a struct holding URLs round-trips through
// JSON, the zero URL as "".
func TestValueJSON(t *testing.T) {
	type holder struct{ U, V URL }
	in := holder{V: MustParse("https://example.org/a?b#c")}
	b, err := json.Marshal(in)
	if err != nil || string(b) != `{"U":"","V":"https://example.org/a?b#c"}` {
		t.Fatalf("Marshal = %s, %v", b, err)
	}
	var out holder
	if err := json.Unmarshal(b, &out); err != nil || out != in {
		t.Fatalf("Unmarshal = %+v, %v", out, err)
	}
}

// TestErrorCause checks that a domain refused by IDNA carries the idna
// error as the cause: errors.Is matches the code of both packages.
func TestErrorCause(t *testing.T) {
	_, err := Parse("https://a\u200db/")
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, ErrDomainToASCII) {
		t.Fatalf("err = %v", err)
	}
	var ie *idna.Error
	if e.Err == nil || !errors.As(err, &ie) || !errors.Is(err, ie.Code) {
		t.Errorf("no idna cause in %#v", e)
	}
}
