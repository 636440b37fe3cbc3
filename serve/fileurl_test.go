package serve

import "testing"

// /v1/file answers each record as "urikit file --json" does, in both
// directions and both path styles.
func TestFileRoute(t *testing.T) {
	h := newTestHandler()
	for _, c := range []struct{ body, want string }{
		{`{"input": "/a b/c#1"}`, `{"input":"/a b/c#1","url":"file:///a%20b/c%231"}`},
		{`{"input": "C:\\a b\\c", "windows": true}`, `{"input":"C:\\a b\\c","url":"file:///C:/a%20b/c"}`},
		{`{"input": "\\\\server\\share\\x", "windows": true}`, `{"input":"\\\\server\\share\\x","url":"file://server/share/x"}`},
		{`{"input_hex": "2fff"}`, `{"input_hex":"2fff","url":"file:///%FF"}`},
		{`{"input": "a/b"}`, `{"input":"a/b","error":{"offset":0,"code":"relative-path","message":"the path is not absolute"}}`},
		{`{"input": "file:///a%FF", "to_path": true}`, `{"input":"file:///a%FF","path_hex":"2f61ff"}`},
		{`{"input": "file://localhost/a%20b", "to_path": true}`, `{"input":"file://localhost/a%20b","path":"/a b"}`},
		{`{"input": "file://server/share/x", "to_path": true, "windows": true}`, `{"input":"file://server/share/x","path":"\\\\server\\share\\x"}`},
		{`{"input": "file://host/a", "to_path": true}`, `{"input":"file://host/a","error":{"offset":7,"code":"host-not-allowed","message":"a POSIX path cannot have a host"}}`},
		{`{"input": "file:///C:/a%5Cb", "to_path": true, "windows": true}`, `{"input":"file:///C:/a%5Cb","error":{"offset":12,"code":"encoded-separator","message":"the URL's path holds an escaped path separator"}}`},
	} {
		a := call(t, h, "POST", "/v1/file", c.body)
		if a.status != 200 || a.raw != c.want+"\n" {
			t.Errorf("/v1/file %s:\n got %d %s want %s", c.body, a.status, a.raw, c.want)
		}
	}
	rs := call(t, h, "POST", "/v1/file", `{"inputs": ["/a", "b", "/c/../d/"]}`).results(t)
	if len(rs) != 3 || rs[0]["url"] != "file:///a" || rs[1]["error"] == nil || rs[2]["url"] != "file:///d/" {
		t.Errorf("file batch: %v", rs)
	}
}
