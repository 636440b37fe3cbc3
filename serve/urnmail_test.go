package serve

import "testing"

func TestURNMailtoRoutes(t *testing.T) {
	h := newTestHandler()
	for _, c := range []struct{ path, body, want string }{
		{"/v1/urn", `{"input": "URN:ISBN:9971-5-0210-0"}`, `{"input":"URN:ISBN:9971-5-0210-0","nid":"ISBN","nss":"9971-5-0210-0","r_component":null,"q_component":null,"f_component":null,"normalized":"urn:isbn:9971-5-0210-0"}`},
		{"/v1/urn", `{"input": "urn:example:weather?=op=map&lat=39.56#x"}`, `{"input":"urn:example:weather?=op=map&lat=39.56#x","nid":"example","nss":"weather","r_component":null,"q_component":"op=map&lat=39.56","f_component":"x","normalized":"urn:example:weather"}`},
		{"/v1/urn", `{"input": "urn:ab-:c"}`, `{"input":"urn:ab-:c","error":{"offset":6,"component":"nid","code":"nid-hyphen","message":"the NID does not begin or end with \"-\""}}`},
		{"/v1/urn", `{"input_hex": "75726e3a61623aff"}`, `{"input_hex":"75726e3a61623aff","error":{"offset":7,"component":"nss","code":"invalid-char","message":"character not allowed here"}}`},
		{"/v1/mailto", `{"input": "mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index"}`, `{"input":"mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index","to":["infobot@example.com"],"cc":[],"bcc":[],"subject":"","body":"send current-issue\r\nsend index","headers":[]}`},
		{"/v1/mailto", `{"input": "mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E"}`, `{"input":"mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E","to":["list@example.org"],"cc":[],"bcc":[],"subject":"","body":"","headers":[["In-Reply-To","<3469A91.D10AF4C@example.com>"]]}`},
		{"/v1/mailto", `{"input": "mailto:a@b?subject=x&subject=y"}`, `{"input":"mailto:a@b?subject=x&subject=y","error":{"offset":21,"component":"hfields","code":"duplicate-field","message":"a second \"subject\" or \"body\" field"}}`},
	} {
		a := call(t, h, "POST", c.path, c.body)
		if a.status != 200 || a.raw != c.want+"\n" {
			t.Errorf("%s %s:\n got %d %s want %s", c.path, c.body, a.status, a.raw, c.want)
		}
	}
	rs := call(t, h, "POST", "/v1/mailto", `{"inputs": ["mailto:a@b", "mailto:a b@c", "mailto:?cc=x@y,z@w"]}`).results(t)
	if len(rs) != 3 || rs[0]["error"] != nil || rs[1]["error"] == nil || len(rs[2]["cc"].([]any)) != 2 {
		t.Errorf("mailto batch: %v", rs)
	}
	r := call(t, h, "POST", "/v1/mailto", `{"input": "mailto:a@b?subject=Hello World", "lenient": true}`).result(t)
	if r["subject"] != "Hello World" || r["findings"] == nil {
		t.Errorf("/v1/mailto lenient: %v", r)
	}
	if a := call(t, h, "POST", "/v1/urn", `{"input": "urn:ab:c", "lenient": true}`); a.status != 400 {
		t.Errorf("/v1/urn with an unknown option: %d %s", a.status, a.raw)
	}
}
