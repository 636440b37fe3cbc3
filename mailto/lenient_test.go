package mailto

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// findings formats findings as "code@component:offsets" joined by ";".
func findings(list []Finding) string {
	var parts []string
	for _, f := range list {
		offs := f.Offsets
		if f.Count < 2 {
			offs = []int{f.Offset}
		}
		s := fmt.Sprintf("%s@%s:%v", f.Code, f.Component, offs)
		if f.Count > 1 {
			s += fmt.Sprintf("x%d", f.Count)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ";")
}

func TestParseLenient(t *testing.T) {
	for _, c := range []struct {
		in       string
		want     Message
		findings string
	}{
		{"mailto:a@b?subject=x", Message{To: []string{"a@b"}, Subject: "x"}, ""},
		{"mailto:a@b?subject=Hello World&body=a b", Message{To: []string{"a@b"}, Subject: "Hello World", Body: "a b"},
			"invalid-char@hfields:[24 37]x2"},
		{"mailto:?cc=Bob%20%3Cbob@x%3E,c@d", Message{Cc: []string{"Bob <bob@x>", "c@d"}}, "invalid-address@hfields:[14]"},
		{"mailto:a@b,,c@d", Message{To: []string{"a@b", "c@d"}}, "invalid-address@to:[11]"},
		{"mailto:a@b?body=100%&body=%zz%E9", Message{To: []string{"a@b"}, Body: "100%", Headers: []Header{{"body", "%zz%E9"}}},
			"invalid-escape@hfields:[19 26]x2;duplicate-field@hfields:[21];invalid-utf8@hfields:[29]"},
		{"mailto:a@b?subject&&x=1?", Message{To: []string{"a@b"}, Headers: []Header{{"x", "1?"}}},
			"missing-equals@hfields:[18 19]x2;invalid-char@hfields:[23]"},
		{"mailto:a@b#frag?x", Message{To: []string{"a@b"}}, "fragment@to:[10]"},
		{"mailto:a@b?body=x#y", Message{To: []string{"a@b"}, Body: "x"}, "fragment@hfields:[17]"},
		{"mailto:é@x", Message{To: []string{"é@x"}}, "invalid-char@to:[7 8]x2"},
		{"mailto:" + strings.Repeat("a b,", 20), Message{To: slicesRepeat("a b", 20)}, "invalid-char@to:[8 12 16 20 24 28 32 36]x20;invalid-address@to:[8 12 16 20 24 28 32 36]x21"},
	} {
		m, fs, err := ParseLenient(c.in)
		if err != nil || !reflect.DeepEqual(m, c.want) || findings(fs) != c.findings {
			t.Errorf("ParseLenient(%q)\n got %#v %s %v\nwant %#v %s", c.in, m, findings(fs), err, c.want, c.findings)
		}
		if _, err := Parse(c.in); (err == nil) != (c.findings == "") {
			t.Errorf("Parse(%q): %v, but the lenient findings are %q", c.in, err, c.findings)
		}
	}
	if _, _, err := ParseLenient("mailto"); err == nil {
		t.Error("ParseLenient accepts a text without the scheme")
	}
}

func slicesRepeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}
