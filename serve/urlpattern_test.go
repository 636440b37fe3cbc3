package serve

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/api"
)

func TestMatchRoute(t *testing.T) {
	h := newTestHandler()
	for _, c := range []struct{ body, want string }{
		{`{"input": "https://shop.example.com/books/42", "pattern": "https://*.example.com/books/:id(\\d+)"}`,
			`{"input":"https://shop.example.com/books/42","matched":true,"pattern":"https://*.example.com/books/:id(\\d+)","groups":{"hostname":{"0":"shop"},"pathname":{"id":"42"}}}`},
		{`{"input": "https://shop.example.com/books/x", "pattern": "https://*.example.com/books/:id(\\d+)"}`,
			`{"input":"https://shop.example.com/books/x","matched":false,"pattern":null,"groups":{}}`},
		{`{"input": "https://A.test/u/ann", "patterns": ["https://b.test/*", "https://a.test/u/:name/:tab?"]}`,
			`{"input":"https://A.test/u/ann","matched":true,"pattern":"https://a.test/u/:name/:tab?","groups":{"pathname":{"name":"ann","tab":null}}}`},
		{`{"input": "../x", "pattern": "/a/*", "base": "https://h/a/b/c"}`,
			`{"input":"../x","matched":true,"pattern":"/a/*","groups":{"pathname":{"0":"x"}}}`},
		{`{"input": "https://h/ABC", "pattern": "https://h/abc", "ignore_case": true}`,
			`{"input":"https://h/ABC","matched":true,"pattern":"https://h/abc","groups":{}}`},
		{`{"input": "http://a b", "pattern": "*://*"}`,
			`{"input":"http://a b","error":{"offset":7,"code":"domain-to-ASCII","message":"not a URL: the host cannot be converted to ASCII (IDNA ToASCII fails or gives a forbidden code point)"}}`},
	} {
		a := call(t, h, "POST", "/v1/match", c.body)
		if a.status != 200 || a.raw != c.want+"\n" {
			t.Errorf("%s:\n got %d %s want %s", c.body, a.status, a.raw, c.want)
		}
	}
	many := `"` + strings.Repeat(`https://h/*", "`, api.MaxPatterns) + `https://h/*"`
	for _, body := range []string{
		`{"input": "https://h/"}`,
		`{"input": "https://h/", "pattern": "/no-protocol"}`,
		`{"input": "https://h/", "pattern": "https://h/(a(?=b))"}`,
		`{"input": "https://h/", "pattern": "https://h/*", "base": "not a url"}`,
		`{"input": "https://h/", "patterns": [` + many + `]}`,
		`{"input": "https://h/", "pattern": 1}`,
	} {
		a := call(t, h, "POST", "/v1/match", body)
		if a.status != 400 {
			t.Errorf("%.80s: %d %s, want 400", body, a.status, a.raw)
		}
	}
	if a := call(t, h, "POST", "/v1/match", `{"input": "https://h/", "pattern": "https://h/(a(?=b))"}`); !strings.Contains(a.raw, "unsupported regexp") {
		t.Errorf("an unsupported regexp: %s", a.raw)
	}
	rs := call(t, h, "POST", "/v1/match", `{"inputs": ["https://h/1", "https://h/x", "x"], "pattern": "https://h/:n(\\d+)"}`).results(t)
	if len(rs) != 3 || rs[0]["matched"] != true || rs[1]["matched"] != false || rs[2]["error"] == nil {
		t.Errorf("batch: %v", rs)
	}
}
