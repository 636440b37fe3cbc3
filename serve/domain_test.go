package serve

import "testing"

func TestDomainRoute(t *testing.T) {
	h := newTestHandler()
	for _, c := range []struct{ body, want string }{
		{`{"input": "www.Example.co.uk"}`, `{"input":"www.Example.co.uk","host":"www.Example.co.uk","public_suffix":"co.uk","icann":true,"registrable_domain":"example.co.uk"}`},
		{`{"input": "https://a.b.city.kobe.jp/x"}`, `{"input":"https://a.b.city.kobe.jp/x","host":"a.b.city.kobe.jp","public_suffix":"kobe.jp","icann":true,"registrable_domain":"city.kobe.jp"}`},
		{`{"input": "foo.github.io"}`, `{"input":"foo.github.io","host":"foo.github.io","public_suffix":"github.io","icann":false,"registrable_domain":"foo.github.io"}`},
		{`{"input": "www.食狮.公司.cn"}`, `{"input":"www.食狮.公司.cn","host":"www.食狮.公司.cn","public_suffix":"公司.cn","icann":true,"registrable_domain":"食狮.公司.cn"}`},
		{`{"input": "co.uk"}`, `{"input":"co.uk","error":{"offset":0,"code":"is-public-suffix","message":"the name is itself a public suffix: no registrable domain (an ICANN rule of the list)"}}`},
		{`{"input": "http://a..b/"}`, `{"input":"http://a..b/","error":{"offset":9,"code":"empty-label","message":"empty label"}}`},
		{`{"input_hex": "ff2e636f6d"}`, `{"input_hex":"ff2e636f6d","error":{"offset":0,"code":"idna","message":"invalid internationalized label: idna: offset 0: \"\\xff.com\": invalid UTF-8 [P1]"}}`},
	} {
		a := call(t, h, "POST", "/v1/domain", c.body)
		if a.status != 200 || a.raw != c.want+"\n" {
			t.Errorf("/v1/domain %s:\n got %d %s want %s", c.body, a.status, a.raw, c.want)
		}
	}
	rs := call(t, h, "POST", "/v1/domain", `{"inputs": ["example.com", "com", "http://127.0.0.1/"]}`).results(t)
	if len(rs) != 3 || rs[0]["registrable_domain"] != "example.com" || rs[1]["error"] == nil || rs[2]["error"] == nil {
		t.Errorf("domain batch: %v", rs)
	}
	call(t, h, "POST", "/v1/domain", `{"input": "a", "level": "full"}`).wantError(t, 400, "unknown-field")
}
