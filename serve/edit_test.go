package serve

import "testing"

func TestEditRoute(t *testing.T) {
	h := newTestHandler()
	for _, c := range []struct{ body, want string }{
		{`{"input": "http://a.com/p?utm_a=1&k=v", "delete": ["query=utm_*"], "set": ["scheme=https"]}`,
			`{"input":"http://a.com/p?utm_a=1&k=v","href":"https://a.com/p?k=v","protocol":"https:","username":"","password":"","host":"a.com","hostname":"a.com","port":"","pathname":"/p","search":"?k=v","hash":"","origin":"https://a.com"}`},
		{`{"input": "http://h/?b&a", "rfc3986": true, "sort_query": true, "default_port": true}`,
			`{"input":"http://h/?b&a","href":"http://h:80/?a&b","scheme":"http","userinfo":null,"host":"h","host_type":"reg-name","port":"80","path":"/","query":"a&b","fragment":null}`},
		{`{"input": "http://h/", "iterate": ["port=1 2"]}`, `{"input":"http://h/","hrefs":["http://h:1/","http://h:2/"]}`},
		{`{"input": "http://h/?a", "keep": ["query=z"]}`,
			`{"input":"http://h/?a","href":"http://h/","protocol":"http:","username":"","password":"","host":"h","hostname":"h","port":"","pathname":"/","search":"","hash":"","origin":"http://h","findings":[{"offset":0,"component":"query","code":"keep-no-match","message":"\"keep\" query=z: matched no query pair"}]}`},
		{`{"input": "http://h/", "set": ["port=x"]}`,
			`{"input":"http://h/","error":{"offset":0,"component":"port","code":"port-invalid","message":"\"set\" port=x: the port is not a number"}}`},
		{`{"input": "", "set": ["host=example.com"], "append": ["path=a b"], "trim": true}`,
			`{"input":"","href":"http://example.com/a%20b","protocol":"http:","username":"","password":"","host":"example.com","hostname":"example.com","port":"","pathname":"/a%20b","search":"","hash":"","origin":"http://example.com"}`},
	} {
		a := call(t, h, "POST", "/v1/edit", c.body)
		if a.status != 200 || a.raw != c.want+"\n" {
			t.Errorf("POST /v1/edit %s:\n got  %d %s want %s", c.body, a.status, a.raw, c.want)
		}
	}
	for _, body := range []string{
		`{"input": "http://h/", "set": ["bogus=1"]}`,
		`{"input": "http://h/", "rfc3986": true, "whatwg": true}`,
		`{"input": "http://h/", "default_port": true}`,
		`{"input": "http://h/", "redirect": "http://[::1"}`,
		`{"input": "http://h/", "set": ["port=1", "port=2"]}`,
	} {
		call(t, h, "POST", "/v1/edit", body).wantError(t, 400, "invalid-option")
	}
}
