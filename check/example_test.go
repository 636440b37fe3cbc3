package check_test

import (
	"fmt"
	"net/netip"

	"github.com/urikit/urikit/check"
)

func ExampleURL() {
	r := check.URL(`http://evil.com%2f@good.com/`)
	for _, f := range r.Findings {
		fmt.Println(f)
	}
	fmt.Println("goes to:", r.Target.Host)
	// Output:
	// danger deceptive-userinfo @7: userinfo "evil.com/" looks like a host or URL, but the URL goes to "good.com"
	// warn credentials @7: credentials in the URL: user "evil.com/"
	// warn encoded-slash @15: "%2f" in the userinfo: a "/" that servers may decode before or after routing
	// goes to: good.com
}

func ExampleURL_disagreement() {
	r := check.URL(`http:/\evil.com/`)
	for _, f := range r.Findings {
		if f.Code == check.HostMismatch {
			fmt.Println(f.Message())
		}
	}
	fmt.Println("a browser fetches:", r.Target.Href)
	// Output:
	// parsers disagree on the host: RFC 3986 (none), WHATWG "evil.com", net/url (none)
	// a browser fetches: http://evil.com/
}

func ExampleURL_ipv4() {
	r := check.URL("http://0x7f.1/admin")
	for _, f := range r.Findings {
		fmt.Println(f)
	}
	// Output:
	// danger ipv4-noncanonical @7: host "0x7f.1" is the IPv4 address 127.0.0.1 in a non-canonical form (hex, 2 parts), which RFC 3986 and net/url read as a name
	// warn loopback @7: host 127.0.0.1 is a loopback address
}

func ExampleURL_idn() {
	r := check.URL("https://аррӏе.com/")
	for _, f := range r.Findings {
		if f.Severity >= check.Warn {
			fmt.Println(f)
		}
	}
	fmt.Println(r.Target.Host, r.Target.HostUnicode)
	// Output:
	// danger idn-confusable @8: host label "аррӏе" imitates "apple": "а" U+0430, "р" U+0440, "ӏ" U+04CF, "е" U+0435 are not ASCII
	// xn--80ak6aa92e.com аррӏе.com
}

func ExampleURL_trailingDot() {
	allowed := map[string]bool{"good.com": true}
	r := check.URL("https://GOOD.com./login")
	for _, f := range r.Findings {
		fmt.Println(f)
	}
	fmt.Println(r.Target.Host, allowed[r.Target.Host])
	fmt.Println(r.Target.HostNoDot, allowed[r.Target.HostNoDot])
	// Output:
	// warn trailing-dot-host @16: host "good.com." ends with a dot: the same DNS name as "good.com", which a comparison of host text misses
	// good.com. false
	// good.com true
}

func ExampleURL_doubleEncoding() {
	r := check.URL("https://example.com/files/%25%32%65%25%32%65/secret")
	for _, f := range r.Findings {
		fmt.Println(f)
		fmt.Println(f.Detail)
	}
	// Output:
	// warn double-encoding @26: "%25%32%65" in the path is "." encoded more than once: it takes 2 rounds of decoding (2 times)
	// decoding rounds: 2
}

func ExampleURL_whitespace() {
	r := check.URL(" https://example.com/\n")
	for _, f := range r.Findings {
		fmt.Println(f)
	}
	fmt.Println(r.Target.Href)
	// Output:
	// warn whitespace @0: space at the start: WHATWG parsers strip it, RFC 3986 keeps it, net/url rejects the URL for it; the parsers are compared without it (2 times)
	// https://example.com/
}

func ExampleReport_AtLeast() {
	for _, s := range []string{
		"https://www.example.com/search?q=urikit",
		"https://example.com/files/..%2f..%2fetc/passwd",
	} {
		r := check.URL(s)
		fmt.Println(r.AtLeast(check.Warn), r.Max())
	}
	// Output:
	// false none
	// true warn
}

func ExampleParseSeverity() {
	s, err := check.ParseSeverity("warn")
	fmt.Println(s, err, s > check.Info)
	// Output: warn <nil> true
}

// ClassifyAddr looks an address up in the table of special-purpose
// addresses, and the IPv4 address an IPv6 form carries too.
func ExampleClassifyAddr() {
	for _, s := range []string{"8.8.8.8", "100.64.1.2", "::7f00:1", "64:ff9b::a9fe:a9fe", "2001:0:4136:e378:8000:63bf:80ff:fffe"} {
		c := check.ClassifyAddr(netip.MustParseAddr(s))
		fmt.Println(c, c.Global())
	}
	// Output:
	// 8.8.8.8 (global) true
	// 100.64.1.2 (shared) false
	// ::7f00:1 (ipv4-compatible carrying 127.0.0.1, loopback) false
	// 64:ff9b::a9fe:a9fe (nat64 carrying 169.254.169.254, metadata) false
	// 2001:0:4136:e378:8000:63bf:80ff:fffe (teredo carrying 127.0.0.1, loopback) false
}
