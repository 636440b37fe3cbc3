package template

import (
	"encoding"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		src  string
		off  int
		code Code
	}{
		{"{/id*", 0, ErrUnclosed},
		{"/id*}", 4, ErrUnopened},
		{"a{b", 1, ErrUnclosed},
		{"a{b{c}", 1, ErrUnclosed},
		{"{/?id}", 2, ErrBadVarname},
		{"{var:prefix}", 4, ErrBadPrefix},
		{"{var:0}", 5, ErrBadPrefix},
		{"{var:01}", 5, ErrBadPrefix},
		{"{var:10000}", 4, ErrBadPrefix},
		{"{var:9999}", -1, ""},
		{"{hello:2*}", 8, ErrBadVarname},
		{"{!hello}", 1, ErrReservedOperator},
		{"{=a}", 1, ErrReservedOperator},
		{"{,a}", 1, ErrReservedOperator},
		{"{@a}", 1, ErrReservedOperator},
		{"{|a}", 1, ErrReservedOperator},
		{"{$var}", 1, ErrBadVarname},
		{"{}", 1, ErrBadVarname},
		{"{a,}", 3, ErrBadVarname},
		{"{x.}", 2, ErrBadVarname},
		{"{.x}", -1, ""},
		{"{x.y.z}", -1, ""},
		{"{%2x}", 1, ErrBadVarname},
		{"{a%20b}", -1, ""},
		{"{with space}", 5, ErrBadVarname},
	} {
		_, err := Parse(tc.src)
		if tc.off < 0 {
			if err != nil {
				t.Errorf("Parse(%q): %v", tc.src, err)
			}
			continue
		}
		var e *Error
		if !errors.As(err, &e) || e.Offset != tc.off || e.Code != tc.code {
			t.Errorf("Parse(%q) = %v; want offset %d code %s", tc.src, err, tc.off, tc.code)
		}
	}
}

// TestLiteralErrors: RFC 6570 §2.1 allows in literal text any character
// but CTL, SP, DQUOTE, "%" without two hex digits, "<", ">", "\\", "^",
// "`", "{", "|" and "}" ("'" is allowed again by erratum 6937); §3 wants the
// location and type of the error. Parse refuses them with the offset;
// ParseLenient encodes them, with findings.
func TestLiteralErrors(t *testing.T) {
	for _, tc := range []struct {
		src  string
		off  int
		code Code
		lax  string // ParseLenient's expansion
	}{
		{"/a b", 2, ErrInvalidLiteral, "/a%20b"},
		{"/a%zz", 2, ErrInvalidEscape, "/a%25zz"},
		{"/a%", 2, ErrInvalidEscape, "/a%25"},
		{"/a%4", 2, ErrInvalidEscape, "/a%254"},
		{"/a^", 2, ErrInvalidLiteral, "/a%5E"},
		{`/a\`, 2, ErrInvalidLiteral, "/a%5C"},
		{`/a"`, 2, ErrInvalidLiteral, "/a%22"},
		{"/a<", 2, ErrInvalidLiteral, "/a%3C"},
		{"/a>", 2, ErrInvalidLiteral, "/a%3E"},
		{"/a|", 2, ErrInvalidLiteral, "/a%7C"},
		{"/a`", 2, ErrInvalidLiteral, "/a%60"},
		{"/a\x00", 2, ErrInvalidLiteral, "/a%00"},
		{"/a\t", 2, ErrInvalidLiteral, "/a%09"},
		{"/a\x7f", 2, ErrInvalidLiteral, "/a%7F"},
		{"{x}/é\u0085", 6, ErrInvalidLiteral, "/%C3%A9%C2%85"}, // U+0085, a C1 control
		{"/\uFDD0", 1, ErrInvalidLiteral, "/%EF%B7%90"},        // a noncharacter
		{"/\U0001FFFE", 1, ErrInvalidLiteral, "/%F0%9F%BF%BE"}, // a noncharacter
		{"/a\xff", 2, ErrInvalidLiteral, "/a%FF"},
		{"/a'b", -1, "", "/a'b"},
		{"/é中😀\uE000\U00100000", -1, "", "/%C3%A9%E4%B8%AD%F0%9F%98%80%EE%80%80%F4%80%80%80"},
		{"/%41%2f!$&()*+,;=:@[]?#~", -1, "", "/%41%2f!$&()*+,;=:@[]?#~"},
	} {
		_, err := Parse(tc.src)
		var e *Error
		if tc.off < 0 {
			if err != nil {
				t.Errorf("Parse(%q): %v", tc.src, err)
			}
		} else if !errors.As(err, &e) || e.Offset != tc.off || e.Code != tc.code || !errors.Is(err, tc.code) {
			t.Errorf("Parse(%q) = %v; want offset %d code %s", tc.src, err, tc.off, tc.code)
		}
		tm, fs, err := ParseLenient(tc.src)
		if err != nil {
			t.Errorf("ParseLenient(%q): %v", tc.src, err)
			continue
		}
		if got, _ := tm.Expand(nil); got != tc.lax {
			t.Errorf("ParseLenient(%q) expands to %q, want %q", tc.src, got, tc.lax)
		}
		if (len(fs) == 0) != (tc.off < 0) || len(fs) > 0 && (fs[0].Offset != tc.off || fs[0].Code != tc.code) {
			t.Errorf("ParseLenient(%q) findings %v", tc.src, fs)
		}
	}
	// Repeats collapse into one finding per code.
	_, fs, _ := ParseLenient("a b c d{x}e f g")
	if len(fs) != 1 || fs[0].Count != 5 || len(fs[0].Offsets) != 5 || fs[0].Offsets[4] != 13 {
		t.Errorf("collapsed findings: %v", fs)
	}
	if b, _ := fs[0].MarshalJSON(); string(b) != `{"offset":1,"code":"invalid-literal","message":"character not allowed in literal text","count":5,"offsets":[1,3,5,11,13]}` {
		t.Errorf("finding JSON: %s", b)
	}
}

// TestErrorShape: the Code is the sentinel, errors.As finds the *Error,
// and the text is internal/diag's.
func TestErrorShape(t *testing.T) {
	_, err := Parse("{a b}")
	var e *Error
	if !errors.Is(err, ErrBadVarname) || !errors.As(err, &e) || e.Offset != 2 {
		t.Fatalf("%v", err)
	}
	if want := `template: offset 2: "{a b}": invalid variable name`; err.Error() != want {
		t.Errorf("got %s, want %s", err, want)
	}
	_, err = FromMap(map[string]any{"x": []any{[]any{}}})
	if !errors.Is(err, ErrBadValue) || !errors.As(err, &e) || e.Offset != -1 || e.Var != "x" {
		t.Errorf("FromMap: %#v", err)
	}
	if want := `template: variable "x": value of an unsupported type: list item 0 is not a string or number`; err.Error() != want {
		t.Errorf("got %s, want %s", err, want)
	}
}

func TestErrorWindow(t *testing.T) {
	src := strings.Repeat("a", 10000) + "{" + strings.Repeat("é", 10000)
	_, err := Parse(src)
	if err == nil {
		t.Fatal("no error")
	}
	if msg := err.Error(); len(msg) > 200 || !strings.Contains(msg, "…") || !strings.Contains(msg, "offset 10001") {
		t.Errorf("message of %d bytes: %.300s", len(msg), msg)
	}
}

func TestExpand(t *testing.T) {
	vs := Vars{
		"var":  String("value"),
		"acc":  String("é😀x"),
		"esc":  String("%C3%A9b%zz"),
		"list": List("red", "", "blue"),
		"keys": Pairs(Pair{"b", "2"}, Pair{"a", ""}),
		"half": String("a\xffb"),
	}
	for _, tc := range []struct{ src, want string }{
		{"{acc:1}", "%C3%A9"},
		{"{acc:2}", "%C3%A9%F0%9F%98%80"},
		{"{+esc:1}", "%C3"},
		{"{+esc:3}", "%C3%A9b"},
		{"{esc:1}", "%25"},
		{"{+esc}", "%C3%A9b%25zz"},
		{"{half:2}", "a%FF"},
		{"a{var}ü%41'", "avalue%C3%BC%41'"},
		{"{?list}", "?list=red,,blue"},
		{"{?list*}", "?list=red&list=&list=blue"},
		{"{;list*}", ";list=red;list;list=blue"},
		{"{;keys*}", ";b=2;a"},
		{"{?keys*}", "?b=2&a="},
		{"{keys}", "b,2,a,"},
		{"{/undef,var}", "/value"},
		{"{?undef}", ""},
		{"", ""},
		{"plain", "plain"},
	} {
		tm, err := Parse(tc.src)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tc.src, err)
		}
		got, err := tm.Expand(vs)
		if err != nil || got != tc.want {
			t.Errorf("%q: got %q, %v; want %q", tc.src, got, err, tc.want)
		}
		if n := tm.MaxLen(vs); n < len(got) {
			t.Errorf("%q: MaxLen %d < %d", tc.src, n, len(got))
		}
	}
	// ParseLenient encodes what Parse refuses, as Parse did before.
	tm, fs := MustParseLenient("a b{var}ü%41%zz")
	if got, err := tm.Expand(vs); err != nil || got != "a%20bvalue%C3%BC%41%25zz" {
		t.Errorf("lenient: got %q, %v", got, err)
	}
	if len(fs) != 2 || fs[0].Code != ErrInvalidLiteral || fs[0].Offset != 1 || fs[1].Code != ErrInvalidEscape || fs[1].Offset != 13 {
		t.Errorf("lenient findings: %v", fs)
	}
	_, err := MustParse("x{list:2}").Expand(vs)
	var e *Error
	if !errors.As(err, &e) || e.Code != ErrPrefixComposite || e.Offset != 2 {
		t.Errorf("prefix on a list: %v", err)
	}
}

func TestAppendExpandAllocs(t *testing.T) {
	tm := MustParse("https://api.example.com/repos/{owner}/{repo}/issues{?state,labels*}{#frag}")
	vs := Vars{"owner": String("ur ikit"), "repo": String("urikit"), "state": String("open"),
		"labels": List("a", "b/c"), "frag": String("x y")}
	buf := make([]byte, 0, tm.MaxLen(vs))
	if n := testing.AllocsPerRun(100, func() { _, _ = tm.AppendExpand(buf[:0], vs) }); n != 0 {
		t.Errorf("AppendExpand with room: %v allocs", n)
	}
	got, _ := tm.AppendExpand(buf[:0], vs)
	want := "https://api.example.com/repos/ur%20ikit/urikit/issues?state=open&labels=a&labels=b%2Fc#x%20y"
	if string(got) != want {
		t.Errorf("got %s", got)
	}
}

func TestTextRoundTrip(t *testing.T) {
	var _ encoding.TextMarshaler = (*Template)(nil)
	var _ encoding.TextUnmarshaler = (*Template)(nil)
	var tm Template
	if err := tm.UnmarshalText([]byte("/a{/b}{?c,d}{/b}")); err != nil {
		t.Fatal(err)
	}
	b, _ := tm.MarshalText()
	if string(b) != "/a{/b}{?c,d}{/b}" || tm.String() != string(b) {
		t.Errorf("round trip: %s", b)
	}
	if v := tm.Names(); strings.Join(v, " ") != "b c d" {
		t.Errorf("Vars = %q", v)
	}
	if err := tm.UnmarshalText([]byte("{")); err == nil || tm.String() != "/a{/b}{?c,d}{/b}" {
		t.Errorf("a failed UnmarshalText changed the template: %v %q", err, tm.String())
	}
}

func TestFromMap(t *testing.T) {
	vs, err := FromMap(map[string]any{"n": 6, "f": 37.76, "big": 1e21, "e": 100000000.0, "b": true,
		"l": []any{"a", 1}, "m": map[string]any{"z": "1", "a": 2}, "nil": nil})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := MustParse("{n},{f},{big},{e},{b},{l*},{m*},{nil}").Expand(vs)
	if want := "6,37.76,1e%2B21,100000000,true,a,1,a=2,z=1,"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	for _, bad := range []any{struct{}{}, []any{[]any{}}, map[string]any{"a": []string{}}} {
		var e *Error
		if _, err := FromMap(map[string]any{"x": bad}); !errors.As(err, &e) || e.Code != ErrBadValue {
			t.Errorf("FromMap(%#v): %v", bad, err)
		}
	}
}

func TestMatch(t *testing.T) {
	for _, tc := range []struct{ tmpl, uri, want string }{
		{"/users/{id}", "/users/42", `{"id":"42"}`},
		{"/users/{id}", "/users/a%2Fb", `{"id":"a/b"}`},
		{"/files/{name}.json", "/files/a.b.json", `{"name":"a.b"}`},
		{"/r/{owner}/{repo}/issues{?state,labels}", "/r/o/r/issues?state=open&labels=a,b", `{"labels":["a","b"],"owner":"o","repo":"r","state":"open"}`},
		{"/s{?q,page}", "/s?page=2", `{"page":"2"}`},
		{"/s{?q,page}", "/s", `{}`},
		{"/s{?q,page}", "/s?q=", `{"q":""}`},
		{"{;x,y}", ";x;y=2", `{"x":"","y":"2"}`},
		{"{+path}/here", "/foo/bar/here", `{"path":"/foo/bar"}`},
		{"{+path}", "/a%20b%2Fc", `{"path":"/a b%2Fc"}`},
		{"{#frag}", "#a/b%20c", `{"frag":"a/b c"}`},
		{"{var}", "", `{"var":""}`},
		{"{a}{/b}{?c}", "x/y?c=z", `{"a":"x","b":"y","c":"z"}`},
		{"{x}/{x}", "a/a", `{"x":"a"}`},
		// Issue 28 item 4: a variable read as "" that must be undefined
		// for the values to expand to the URI.
		{"{a}/{/a}", "/", `{}`},
		{"{q}{?q}", "", `{}`},
		{"{q}{?q}", "?q=", `{"q":""}`},
		{";{q}&{.q}", ";&", `{}`},
		{"{a}/{/a}", "x//x", `{"a":"x"}`},
		// A list in an expression with and one without reserved
		// expansion: "a,b" is its items joined.
		{"{q}{#q}", "a,b#a,b", `{"q":["a","b"]}`},
		{"{q}{#q}", "a%20b,c#a%20b,c", `{"q":["a b","c"]}`},
		// "%00" in reserved expansion may be a kept escape or a NUL byte:
		// the value read without reserved expansion decides.
		{"{0}{&0}{#0}", "%25000,%25000&0=%25000,%25000#%000,%000", `{"0":["%000","%000"]}`},
		{"{a}{#a}", "%2500#%00", `{"a":"%00"}`},
	} {
		vs, err := MustParse(tc.tmpl).Match(tc.uri)
		if err != nil {
			t.Errorf("%q on %q: %v", tc.tmpl, tc.uri, err)
			continue
		}
		b, _ := vs.MarshalJSON()
		if string(b) != tc.want {
			t.Errorf("%q on %q = %s, want %s", tc.tmpl, tc.uri, b, tc.want)
		}
	}
	for _, tc := range []struct {
		tmpl, uri string
		code      Code
		off       int
	}{
		{"{x,y}", "1,2", ErrAmbiguous, 0},
		{"a{/a}{/b}", "/x", ErrAmbiguous, 1},
		{"{a}{b}", "x", ErrAmbiguous, 0},
		{"{var:3}", "val", ErrAmbiguous, 0},
		{"{list*}", "a,b", ErrAmbiguous, 0},
		{"{+a}{b}", "a", ErrAmbiguous, 0},
		{"{a}x{b}", "1x2x3", ErrAmbiguous, 0},
		{"{?a}{&b}", "?a=1&b=2", ErrAmbiguous, 0},
		{"{?a,a}", "?a=1", ErrAmbiguous, 0},
		{"/users/{id}", "/user/42", ErrNoMatch, 0},
		{"/users/{id}", "/users/4 2", ErrNoMatch, 7},
		{"/s{?q}", "/s?r=1", ErrNoMatch, 3},
		{"/s{?q}", "/s?q", ErrNoMatch, 3},
		{"{x}/{x}", "a/b", ErrNoMatch, 2},
		{"a", "ab", ErrNoMatch, 1},
		{"{q}{#q}", "a,b#a,c", ErrNoMatch, 3},
	} {
		_, err := MustParse(tc.tmpl).Match(tc.uri)
		var e *Error
		if !errors.As(err, &e) || e.Code != tc.code || e.Offset != tc.off {
			t.Errorf("%q on %q: %v; want %s at %d", tc.tmpl, tc.uri, err, tc.code, tc.off)
		}
	}
}

// TestMatchRandom: for random templates Match reads back and random
// string values, some undefined, the values Match reads expand to the URI
// (issue 28 item 4: {a}/{/a}, {q}{?q} and ;{q}&{.q} did not).
func TestMatchRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(28, 4))
	n := 100000
	if testing.Short() {
		n = 10000
	}
	ops := []string{"", "+", "#", ".", "/", ";", "?", "&"}
	lits := []string{"", "/", ";", "&", "?", "x", "."}
	vals := []string{"", "a", "a b", "é", "x,y", "%41", "/"}
	names := []string{"a", "q"}
	undecided := 0
	for range n {
		var b strings.Builder
		for range 1 + r.IntN(3) {
			b.WriteString(lits[r.IntN(len(lits))])
			b.WriteString("{" + ops[r.IntN(len(ops))] + names[r.IntN(len(names))] + "}")
		}
		b.WriteString(lits[r.IntN(len(lits))])
		tm := MustParse(b.String())
		vs := Vars{}
		for _, name := range names {
			if k := r.IntN(len(vals) + 1); k < len(vals) {
				vs[name] = String(vals[k])
			}
		}
		u, _ := tm.Expand(vs)
		got, err := tm.Match(u)
		switch {
		case errors.Is(err, ErrAmbiguous):
			continue
		case errors.Is(err, ErrUndecided):
			undecided++
			continue
		case err != nil:
			t.Fatalf("%q: Match(%q) on the expansion of %v: %v", tm, u, vs, err)
		}
		if back, err := tm.Expand(got); err != nil || back != u {
			t.Fatalf("%q: Match(%q) = %v, which expands to %q", tm, u, got, back)
		}
	}
	t.Logf("%d cases, %d undecided", n, undecided)
}
