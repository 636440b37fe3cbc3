package serve

import (
	"strings"
	"testing"
)

func TestTemplateRoutes(t *testing.T) {
	h := newTestHandler()
	for _, c := range []struct{ path, body, want string }{
		{"/v1/template/expand", `{"template": "/r/{id}{?q*}", "variables": {"id": "a b", "q": {"z": 1, "a": "é"}}}`,
			`{"input":"{\"id\": \"a b\", \"q\": {\"z\": 1, \"a\": \"é\"}}","output":"/r/a%20b?z=1&a=%C3%A9"}`},
		{"/v1/template/expand", `{"template": "{x:1}", "input": "{\"x\": [\"ab\"]}"}`,
			`{"input":"{\"x\": [\"ab\"]}","error":{"offset":1,"component":"template","code":"prefix-on-composite","message":"prefix modifier on a list or pairs value (variable \"x\")"}}`},
		{"/v1/template/expand", `{"template": "{x}{x}{x}{x}{x}{x}{x}{x}{x}{x}", "input": "{\"x\": \"` + strings.Repeat("é", 40000) + `\"}"}`, `"code":"expansion-too-large"`},
		{"/v1/template/match", `{"template": "/r/{id}{?q,page}", "input": "/r/a%20b?page=2"}`,
			`{"input":"/r/a%20b?page=2","variables":{"id":"a b","page":"2"}}`},
		{"/v1/template/match", `{"template": "/r/{id}", "input": "/s/1"}`,
			`{"input":"/s/1","error":{"offset":0,"code":"no-match","message":"does not match the template from its offset 0"}}`},
	} {
		a := call(t, h, "POST", c.path, c.body)
		if a.status != 200 || !(a.raw == c.want+"\n" || strings.HasPrefix(c.want, `"`) && strings.Contains(a.raw, c.want)) {
			t.Errorf("%s %.200s:\n got %d %.300s\n want %s", c.path, c.body, a.status, a.raw, c.want)
		}
	}
	for _, c := range []struct{ path, body, code string }{
		{"/v1/template/expand", `{"input": "{}"}`, "invalid-option"},
		{"/v1/template/expand", `{"input": "{}", "template": "{a"}`, "invalid-option"},
		{"/v1/template/expand", `{"input": "{}", "variables": {}, "template": "{a}"}`, "ambiguous-input"},
		{"/v1/template/match", `{"input": "x", "template": "{a}{b}"}`, "invalid-option"},
	} {
		a := call(t, h, "POST", c.path, c.body)
		if a.status != 400 || !strings.Contains(a.raw, `"`+c.code+`"`) {
			t.Errorf("%s %s: %d %s, want 400 %s", c.path, c.body, a.status, a.raw, c.code)
		}
	}
}
