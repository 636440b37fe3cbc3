package report

import "testing"

// TestDomainRecord: the forms of DomainAs, and the reason a record that is
// not a host name is refused (issue 25).
func TestDomainRecord(t *testing.T) {
	for _, c := range []struct {
		in   string
		form DomainForm
		want string
	}{
		{"www.Bücher.co.uk", DomainAsWritten, `{"input":"www.Bücher.co.uk","host":"www.Bücher.co.uk","public_suffix":"co.uk","icann":true,"registrable_domain":"bücher.co.uk"}`},
		{"www.Bücher.co.uk", DomainASCII, `{"input":"www.Bücher.co.uk","host":"www.Bücher.co.uk","public_suffix":"co.uk","icann":true,"registrable_domain":"xn--bcher-kva.co.uk"}`},
		{"xn--85x722f.xn--55qx5d.cn", DomainUnicode, `{"input":"xn--85x722f.xn--55qx5d.cn","host":"xn--85x722f.xn--55qx5d.cn","public_suffix":"公司.cn","icann":true,"registrable_domain":"食狮.公司.cn"}`},
		{"www.example.com:8080", DomainAsWritten, `{"input":"www.example.com:8080","error":{"offset":15,"code":"invalid-char","message":"character not allowed in a host name (a port? give the host alone, or a URL with \"://\")"}}`},
		{"user@www.example.com", DomainAsWritten, `{"input":"user@www.example.com","error":{"offset":4,"code":"invalid-char","message":"character not allowed in a host name (userinfo or an e-mail address? give the host alone, or a URL with \"://\")"}}`},
		{"https://user@www.example.com:8080/x", DomainAsWritten, `{"input":"https://user@www.example.com:8080/x","host":"www.example.com","public_suffix":"com","icann":true,"registrable_domain":"example.com"}`},
	} {
		if got := string(DomainAs(c.in, c.form).AppendJSON(nil)); got != c.want {
			t.Errorf("DomainAs(%q, %d)\n got %s\nwant %s", c.in, c.form, got, c.want)
		}
	}
}
