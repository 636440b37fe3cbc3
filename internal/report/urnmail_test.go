package report

import "testing"

func TestURNRecord(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"urn:isbn:9971-5-0210-0", `{"input":"urn:isbn:9971-5-0210-0","nid":"isbn","nss":"9971-5-0210-0","r_component":null,"q_component":null,"f_component":null,"normalized":"urn:isbn:9971-5-0210-0"}`},
		{"URN:Example:a%2cb?+r?=q#", `{"input":"URN:Example:a%2cb?+r?=q#","nid":"Example","nss":"a%2cb","r_component":"r","q_component":"q","f_component":"","normalized":"urn:example:a%2Cb"}`},
		{"urn:a:b", `{"input":"urn:a:b","error":{"offset":4,"component":"nid","code":"invalid-nid-length","message":"the NID is 2 to 32 characters long"}}`},
		{"urn:ab:\xff", `{"input_hex":"75726e3a61623aff","error":{"offset":7,"component":"nss","code":"invalid-char","message":"character not allowed here"}}`},
	} {
		if got := string(URN(c.in).AppendJSON(nil)); got != c.want {
			t.Errorf("URN(%q)\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}

func TestMailtoRecord(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"mailto:joe@example.com?cc=bob@example.com&body=hello", `{"input":"mailto:joe@example.com?cc=bob@example.com&body=hello","to":["joe@example.com"],"cc":["bob@example.com"],"bcc":[],"subject":"","body":"hello","headers":[]}`},
		{"mailto:?to=a@b,c@d&In-Reply-To=%3Cx@y%3E&subject=caf%C3%A9&x=", `{"input":"mailto:?to=a@b,c@d&In-Reply-To=%3Cx@y%3E&subject=caf%C3%A9&x=","to":["a@b","c@d"],"cc":[],"bcc":[],"subject":"café","body":"","headers":[["In-Reply-To","<x@y>"],["x",""]]}`},
		{"mailto:joe@example.com?cc=bob@example.com?body=hello", `{"input":"mailto:joe@example.com?cc=bob@example.com?body=hello","error":{"offset":41,"component":"hfields","code":"invalid-char","message":"character must be percent-encoded here"}}`},
	} {
		if got := string(Mailto(c.in, false).AppendJSON(nil)); got != c.want {
			t.Errorf("Mailto(%q)\n got %s\nwant %s", c.in, got, c.want)
		}
	}
	in := "mailto:a@b?subject=Hello World&body=%zz&body=x"
	want := `{"input":"mailto:a@b?subject=Hello World&body=%zz&body=x","to":["a@b"],"cc":[],"bcc":[],"subject":"Hello World","body":"%zz","headers":[["body","x"]],` +
		`"findings":[{"offset":24,"component":"hfields","code":"invalid-char","message":"character must be percent-encoded here"},` +
		`{"offset":36,"component":"hfields","code":"invalid-escape","message":"% not followed by two hex digits"},` +
		`{"offset":40,"component":"hfields","code":"duplicate-field","message":"a second \"subject\" or \"body\" field"}]}`
	if got := string(Mailto(in, true).AppendJSON(nil)); got != want {
		t.Errorf("Mailto(%q, lenient)\n got %s\nwant %s", in, got, want)
	}
	if got := Mailto("mailto", true); got.Error == nil || got.Error.Code != "invalid-scheme" {
		t.Errorf("Mailto(mailto, lenient): %+v", got)
	}
}
