package serve

import "testing"

func TestIDNARoute(t *testing.T) {
	h := newTestHandler()
	for _, c := range []struct{ body, want string }{
		{`{"input": "Bücher.example"}`, `{"input":"Bücher.example","ascii":"xn--bcher-kva.example"}`},
		{`{"input": "xn--a"}`, `{"input":"xn--a","ascii":"xn--a"}`}, // the URL Standard's ASCII shortcut
		{`{"input": "xn--a", "profile": "lookup"}`, `{"input":"xn--a","error":{"offset":0,"code":"disallowed","message":"disallowed code point [V7] '\\u0080' in label 0 \"xn--a\""}}`},
		{`{"input": "Faß.de", "profile": "registration"}`, `{"input":"Faß.de","error":{"offset":0,"code":"mapped","message":"code point changed by mapping [P1] 'F' in label 0 \"Faß\""}}`},
		{`{"input": "a.b_c", "profile": "display", "to_unicode": true}`, `{"input":"a.b_c","unicode":"a.b_c","findings":[{"offset":3,"code":"std3","message":"code point not allowed by STD3 rules [U1] '_' in label 1 \"b_c\""}]}`},
		{`{"input": "XN--BCHER-KVA.example", "to_unicode": true}`, `{"input":"XN--BCHER-KVA.example","unicode":"bücher.example"}`},
		{`{"input_hex": "ff", "to_unicode": true}`, `{"input_hex":"ff","error":{"offset":0,"code":"invalid-utf8","message":"invalid UTF-8 [P1] \"\\xff\""}}`},
	} {
		a := call(t, h, "POST", "/v1/idna", c.body)
		if a.status != 200 || a.raw != c.want+"\n" {
			t.Errorf("/v1/idna %s:\n got %d %s want %s", c.body, a.status, a.raw, c.want)
		}
	}
	call(t, h, "POST", "/v1/idna", `{"input": "a", "profile": "nope"}`).wantError(t, 400, "invalid-option")
	call(t, h, "POST", "/v1/idna", `{"input": "a", "to_ascii": true}`).wantError(t, 400, "unknown-field")
}
