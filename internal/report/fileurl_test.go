package report

import (
	"errors"
	"testing"
)

func TestFileURL(t *testing.T) {
	for _, c := range []struct {
		in              string
		toPath, windows bool
		want            string
	}{
		{"/a b", false, false, `{"input":"/a b","url":"file:///a%20b"}`},
		{"/a\xff", false, false, `{"input_hex":"2f61ff","url":"file:///a%FF"}`},
		{`\\s\sh\x`, false, true, `{"input":"\\\\s\\sh\\x","url":"file://s/sh/x"}`},
		{"file:///%FF", true, false, `{"input":"file:///%FF","path_hex":"2fff"}`},
		{"file:///C:/x", true, true, `{"input":"file:///C:/x","path":"C:\\x"}`},
		{"C:x", false, true, `{"input":"C:x","error":{"offset":2,"code":"relative-path","message":"the path is not absolute"}}`},
		{"http://a b", true, false, `{"input":"http://a b","error":{"offset":7,"code":"invalid-url","message":"not a URL: whatwg: offset 7: \"http://a b\": UTS #46 ToASCII fails on the domain (domain-to-ASCII)"}}`},
	} {
		got := string(FileURL(c.in, c.toPath, c.windows).AppendJSON(nil))
		if got != c.want {
			t.Errorf("FileURL(%q, %v, %v):\n got %s\nwant %s", c.in, c.toPath, c.windows, got, c.want)
		}
	}
	if e := FileURLError(errors.New("x")); e.Code != "error" || e.Message != "x" {
		t.Errorf("FileURLError of another error: %+v", e)
	}
}
