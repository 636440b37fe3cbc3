package serve

import "testing"

func TestDataRoute(t *testing.T) {
	h := newTestHandler()
	for _, c := range []struct{ body, want string }{
		{`{"input": "data:,A%20b"}`, `{"input":"data:,A%20b","mime_type":"text/plain;charset=US-ASCII","type":"text","subtype":"plain","parameters":[["charset","US-ASCII"]],"base64":false,"size":3,"body":"A b"}`},
		{`{"input": "data:image/gif;base64,R0lG/w=="}`, `{"input":"data:image/gif;base64,R0lG/w==","mime_type":"image/gif","type":"image","subtype":"gif","parameters":[],"base64":true,"size":4,"body_hex":"474946ff"}`},
		{`{"input": "data:image/gif;base64,R0lG/w==", "body_base64": true}`, `{"input":"data:image/gif;base64,R0lG/w==","mime_type":"image/gif","type":"image","subtype":"gif","parameters":[],"base64":true,"size":4,"body_base64":"R0lG/w=="}`},
		{`{"input": "data:x/y;Q=\"a b\",z"}`, `{"input":"data:x/y;Q=\"a b\",z","mime_type":"x/y;q=\"a b\"","type":"x","subtype":"y","parameters":[["q","a b"]],"base64":false,"size":1,"body":"z"}`},
		{`{"input": "data:text"}`, `{"input":"data:text","error":{"offset":9,"code":"missing-comma","message":"no \",\" ends the MIME type"}}`},
		{`{"input": "http://a/"}`, `{"input":"http://a/","error":{"offset":0,"code":"not-data-url","message":"not a data: URL"}}`},
		{`{"input": "data:text/plain;base64,YW*"}`, `{"input":"data:text/plain;base64,YW*","error":{"offset":25,"code":"invalid-base64","message":"not a base64 symbol"}}`},
		{`{"input_hex": "646174613a2cff"}`, `{"input_hex":"646174613a2cff","mime_type":"text/plain;charset=US-ASCII","type":"text","subtype":"plain","parameters":[["charset","US-ASCII"]],"base64":false,"size":1,"body_hex":"ff"}`},
	} {
		a := call(t, h, "POST", "/v1/data", c.body)
		if a.status != 200 || a.raw != c.want+"\n" {
			t.Errorf("/v1/data %s:\n got %d %s want %s", c.body, a.status, a.raw, c.want)
		}
	}
	rs := call(t, h, "POST", "/v1/data", `{"inputs": ["data:,a", "data:a", "data:te(t/x,y"]}`).results(t)
	if len(rs) != 3 || rs[0]["body"] != "a" || rs[1]["error"] == nil || rs[2]["findings"] == nil {
		t.Errorf("data batch: %v", rs)
	}
	if a := call(t, h, "POST", "/v1/data", `{"input": "data:,a", "body_base_64": true}`); a.status != 400 {
		t.Errorf("unknown option: %d %s", a.status, a.raw)
	}
}
