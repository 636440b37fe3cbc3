package serve

import "testing"

func TestPURLRoute(t *testing.T) {
	h := newTestHandler()
	for _, c := range []struct{ body, want string }{
		{`{"input": "pkg://NPM/@angular/animation@12.3.1"}`, `{"input":"pkg://NPM/@angular/animation@12.3.1","purl":"pkg:npm/%40angular/animation@12.3.1","type":"npm","namespace":"@angular","name":"animation","version":"12.3.1","qualifiers":null,"subpath":null}`},
		{`{"input": "pkg:cargo/rand@0.7.2?b=1&A=2", "repo_url": true}`, `{"input":"pkg:cargo/rand@0.7.2?b=1&A=2","purl":"pkg:cargo/rand@0.7.2?a=2&b=1","type":"cargo","namespace":null,"name":"rand","version":"0.7.2","qualifiers":[["a","2"],["b","1"]],"subpath":null,"repository_url":"https://crates.io/crates/rand/0.7.2"}`},
		{`{"input": "pkg:3a/b"}`, `{"input":"pkg:3a/b","error":{"offset":4,"component":"type","code":"invalid-type","message":"a type is ASCII letters, digits, \".\", \"+\" and \"-\", not beginning with a digit"}}`},
		{`{"input_hex": "706b673a612fff"}`, `{"input_hex":"706b673a612fff","error":{"offset":6,"component":"name","code":"invalid-char","message":"character not allowed in a purl (controls, space and non-ASCII are percent-encoded)"}}`},
	} {
		a := call(t, h, "POST", "/v1/purl", c.body)
		if a.status != 200 || a.raw != c.want+"\n" {
			t.Errorf("/v1/purl %s:\n got %d %s want %s", c.body, a.status, a.raw, c.want)
		}
	}
	rs := call(t, h, "POST", "/v1/purl", `{"inputs": ["pkg:npm/a", "pkg:npm/a b", "PKG:NPM/a"]}`).results(t)
	if len(rs) != 3 || rs[0]["error"] != nil || rs[1]["error"] == nil || rs[2]["purl"] != rs[0]["purl"] {
		t.Errorf("purl batch: %v", rs)
	}
	if a := call(t, h, "POST", "/v1/purl", `{"input": "pkg:npm/a", "lenient": true}`); a.status != 400 {
		t.Errorf("/v1/purl with an unknown option: %d %s", a.status, a.raw)
	}
}
