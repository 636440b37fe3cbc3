package report

import (
	"strings"
	"testing"
)

func TestIDNARecord(t *testing.T) {
	url, _ := IDNAProfile("")
	lookup, _ := IDNAProfile("lookup")
	reg, _ := IDNAProfile("registration")
	for _, c := range []struct {
		in        string
		toUnicode bool
		mode      IDNAMode
		want      string
	}{
		{"Bücher.example", false, url, `{"input":"Bücher.example","ascii":"xn--bcher-kva.example"}`},
		{"", false, url, `{"input":"","error":{"offset":0,"code":"empty","message":"empty domain"}}`},
		{"a\u200db", false, url, `{"input":"a` + "\u200d" + `b","error":{"offset":1,"code":"contextj","message":"joiner not allowed in context [C1-C2] '\\u200d' in label 0 \"a\\u200db\""}}`},
		{"ok.-x", false, lookup, `{"input":"ok.-x","error":{"offset":3,"code":"hyphen-edge","message":"label begins or ends with a hyphen [V3] '-' in label 1 \"-x\""}}`},
		{strings.Repeat("a", 64), false, reg, `{"input":"` + strings.Repeat("a", 64) + `","error":{"offset":0,"code":"label-length","message":"label length out of range [A4_2] in label 0 \"` + strings.Repeat("a", 40) + `…\""}}`},
		{"xn--bcher-kva.-x", true, lookup, `{"input":"xn--bcher-kva.-x","unicode":"bücher.-x","findings":[{"offset":14,"code":"hyphen-edge","message":"label begins or ends with a hyphen [V3] '-' in label 1 \"-x\""}]}`},
		{"a\xffb", true, url, `{"input_hex":"61ff62","error":{"offset":1,"code":"invalid-utf8","message":"invalid UTF-8 [P1] \"a\\xffb\""}}`},
	} {
		got := string(IDNA(c.in, c.toUnicode, c.mode).AppendJSON(nil))
		if got != c.want {
			t.Errorf("IDNA(%+q, %v):\n got %s\nwant %s", c.in, c.toUnicode, got, c.want)
		}
	}
	if _, ok := IDNAProfile("nope"); ok {
		t.Error(`IDNAProfile("nope") is ok`)
	}
	for _, name := range IDNAProfiles {
		if _, ok := IDNAProfile(name); !ok {
			t.Errorf("IDNAProfile(%q) is not ok", name)
		}
	}
	// The zero IDNAMode is the zero idna.Profile.
	if got := string(IDNA("A_b.c", false, IDNAMode{}).AppendJSON(nil)); got != `{"input":"A_b.c","ascii":"a_b.c"}` {
		t.Errorf("zero IDNAMode: %s", got)
	}
	// A message never quotes more than a window of the input.
	long := strings.Repeat("a", 10000) + "_" + strings.Repeat("b", 10000)
	rec := IDNA(long, false, lookup)
	if rec.Error == nil || rec.Error.Offset != 10000 || len(rec.Error.Message) > 200 {
		t.Errorf("long label: %+v", rec.Error)
	}
}
