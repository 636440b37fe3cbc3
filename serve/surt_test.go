package serve

import "testing"

func TestSURTRoutes(t *testing.T) {
	h := newTestHandler()
	for _, c := range []struct{ route, body, want string }{
		{"/v1/surt", `{"input": "http://www.Example.com:80/a/?b=2&a=1#x"}`, `{"input":"http://www.Example.com:80/a/?b=2&a=1#x","surt":"com,example)/a?a=1&b=2"}`},
		{"/v1/surt", `{"input": "http://www.example.com/a?b=2&a=1#x", "scheme": true, "keep_www": true, "keep_query_order": true, "fragment": true, "trailing_comma": true}`,
			`{"input":"http://www.example.com/a?b=2&a=1#x","surt":"http://(com,example,www,)/a?b=2&a=1#x"}`},
		{"/v1/surt", `{"input": "http://example.com:8080/a", "host_only": true}`, `{"input":"http://example.com:8080/a","surt":"com,example:8080)"}`},
		{"/v1/surt", `{"input": "https://example.com/?utm_source=x&id=1", "fingerprint": true}`, `{"input":"https://example.com/?utm_source=x&id=1","fingerprint":"v1:com,example)/?id=1"}`},
		{"/v1/surt", `{"input": "http://a.com:x/"}`, `{"input":"http://a.com:x/","error":{"offset":13,"code":"invalid-port","message":"the port is not a number from 0 to 65535"}}`},
		{"/v1/unwrap", `{"input": "https://www.google.com/url?q=https%3A%2F%2Fexample.com%2F%3Fgclid%3D1%26a%3D2"}`, `{"input":"https://www.google.com/url?q=https%3A%2F%2Fexample.com%2F%3Fgclid%3D1%26a%3D2","output":"https://example.com/?a=2","unwrapped":1}`},
		{"/v1/unwrap", `{"input": "https://example.com/"}`, `{"input":"https://example.com/","output":"https://example.com/","unwrapped":0}`},
	} {
		a := call(t, h, "POST", c.route, c.body)
		if a.status != 200 || a.raw != c.want+"\n" {
			t.Errorf("%s %s:\n got %d %s want %s", c.route, c.body, a.status, a.raw, c.want)
		}
	}
	call(t, h, "POST", "/v1/surt", `{"input": "a", "level": "full"}`).wantError(t, 400, "unknown-field")
	call(t, h, "POST", "/v1/unwrap", `{"input": "a", "level": 1}`).wantError(t, 400, "unknown-field")
	// Inline rules replace the built-in set: "ref" goes, utm_source stays.
	rules := `{"providers": {"ex": {"urlPattern": "^https?://(www\\.)?example\\.com", "rules": ["ref"],
		"redirections": ["^https?://example\\.com/out\\?to=([^&]*)"]}}}`
	for _, c := range []struct{ in, want string }{
		{"https://example.com/out?to=https%3A%2F%2Fexample.com%2Fa%3Fref%3D1%26utm_source%3Dx", `"output":"https://example.com/a?utm_source=x","unwrapped":1`},
		{"https://www.example.com/?REF=2&b=1", `"output":"https://www.example.com/?b=1","unwrapped":0`},
	} {
		a := call(t, h, "POST", "/v1/unwrap", `{"input": "`+c.in+`", "rules": `+rules+`}`)
		if want := `{"input":"` + c.in + `",` + c.want + "}\n"; a.status != 200 || a.raw != want {
			t.Errorf("/v1/unwrap %s with rules:\n got %d %s want %s", c.in, a.status, a.raw, want)
		}
	}
	call(t, h, "POST", "/v1/unwrap", `{"input": "a", "rules": {"providers": {"p": {"urlPattern": "(?=x)"}}}}`).wantError(t, 400, "invalid-option")
	call(t, h, "POST", "/v1/unwrap", `{"input": "a", "rules": []}`).wantError(t, 400, "invalid-option")
}
