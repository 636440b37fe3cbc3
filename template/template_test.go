package template

import (
	"encoding"
	"errors"
	"strings"
	"testing"
)

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		src  string
		off  int
		code Code
	}{
		{"{/id*", 0, CodeUnclosed},
		{"/id*}", 4, CodeUnopened},
		{"a{b", 1, CodeUnclosed},
		{"a{b{c}", 1, CodeUnclosed},
		{"{/?id}", 2, CodeBadVarname},
		{"{var:prefix}", 4, CodeBadPrefix},
		{"{var:0}", 5, CodeBadPrefix},
		{"{var:01}", 5, CodeBadPrefix},
		{"{var:10000}", 4, CodeBadPrefix},
		{"{var:9999}", -1, ""},
		{"{hello:2*}", 8, CodeBadVarname},
		{"{!hello}", 1, CodeReservedOperator},
		{"{=a}", 1, CodeReservedOperator},
		{"{,a}", 1, CodeReservedOperator},
		{"{@a}", 1, CodeReservedOperator},
		{"{|a}", 1, CodeReservedOperator},
		{"{$var}", 1, CodeBadVarname},
		{"{}", 1, CodeBadVarname},
		{"{a,}", 3, CodeBadVarname},
		{"{x.}", 2, CodeBadVarname},
		{"{.x}", -1, ""},
		{"{x.y.z}", -1, ""},
		{"{%2x}", 1, CodeBadVarname},
		{"{a%20b}", -1, ""},
		{"{with space}", 5, CodeBadVarname},
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
	vs := Values{
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
		{"a b{var}ü%41%zz", "a%20bvalue%C3%BC%41%25zz"},
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
	_, err := MustParse("x{list:2}").Expand(vs)
	var e *Error
	if !errors.As(err, &e) || e.Code != CodePrefixComposite || e.Offset != 2 {
		t.Errorf("prefix on a list: %v", err)
	}
}

func TestAppendExpandAllocs(t *testing.T) {
	tm := MustParse("https://api.example.com/repos/{owner}/{repo}/issues{?state,labels*}{#frag}")
	vs := Values{"owner": String("ur ikit"), "repo": String("urikit"), "state": String("open"),
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
	if v := tm.Vars(); strings.Join(v, " ") != "b c d" {
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
		if _, err := FromMap(map[string]any{"x": bad}); !errors.As(err, &e) || e.Code != CodeBadValue {
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
		{"{x,y}", "1,2", CodeAmbiguous, 0},
		{"a{/a}{/b}", "/x", CodeAmbiguous, 1},
		{"{a}{b}", "x", CodeAmbiguous, 0},
		{"{var:3}", "val", CodeAmbiguous, 0},
		{"{list*}", "a,b", CodeAmbiguous, 0},
		{"{+a}{b}", "a", CodeAmbiguous, 0},
		{"{a}x{b}", "1x2x3", CodeAmbiguous, 0},
		{"{?a}{&b}", "?a=1&b=2", CodeAmbiguous, 0},
		{"{?a,a}", "?a=1", CodeAmbiguous, 0},
		{"/users/{id}", "/user/42", CodeNoMatch, 0},
		{"/users/{id}", "/users/4 2", CodeNoMatch, 7},
		{"/s{?q}", "/s?r=1", CodeNoMatch, 3},
		{"/s{?q}", "/s?q", CodeNoMatch, 3},
		{"{x}/{x}", "a/b", CodeNoMatch, 2},
		{"a", "ab", CodeNoMatch, 1},
	} {
		_, err := MustParse(tc.tmpl).Match(tc.uri)
		var e *Error
		if !errors.As(err, &e) || e.Code != tc.code || e.Offset != tc.off {
			t.Errorf("%q on %q: %v; want %s at %d", tc.tmpl, tc.uri, err, tc.code, tc.off)
		}
	}
}
