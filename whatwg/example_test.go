package whatwg_test

import (
	"errors"
	"fmt"

	"github.com/urikit/urikit/whatwg"
)

func ExampleParse() {
	u, err := whatwg.Parse("HTTPS://EXAMPLE.com:443/a/./b/../c d?q=1#frag")
	if err != nil {
		panic(err)
	}
	fmt.Println(u.Href())
	fmt.Println(u.Protocol(), u.Host(), u.Pathname(), u.Search(), u.Hash())
	fmt.Println(u.Origin())
	// Output:
	// https://example.com/a/c%20d?q=1#frag
	// https: example.com /a/c%20d ?q=1 #frag
	// https://example.com
}

func ExampleParse_base() {
	base, _ := whatwg.Parse("https://example.org/docs/guide/index.html")
	for _, ref := range []string{"../api", "//cdn.example.net/x.js", "?page=2", "#top", "mailto:me@example.org"} {
		u, _ := base.Parse(ref)
		fmt.Println(u)
	}
	// Output:
	// https://example.org/docs/api
	// https://cdn.example.net/x.js
	// https://example.org/docs/guide/index.html?page=2
	// https://example.org/docs/guide/index.html#top
	// mailto:me@example.org
}

func ExampleParse_hosts() {
	for _, s := range []string{"http://0x7f.1/", "http://2130706433/", "http://0177.0.0.1/", "http://[0:0:0:0:0:ffff:c000:280]/", "http://☕.example/"} {
		u, _ := whatwg.Parse(s)
		fmt.Println(u.Hostname())
	}
	// Output:
	// 127.0.0.1
	// 127.0.0.1
	// 127.0.0.1
	// [::ffff:c000:280]
	// xn--53h.example
}

func ExampleParseWithFindings() {
	u, errs, err := whatwg.ParseWithFindings("https:example.org/a b")
	fmt.Println(u, err)
	for _, e := range errs {
		fmt.Println(e.Code, e.Offset)
	}
	_, _, err = whatwg.ParseWithFindings("https://exa mple.org/")
	fmt.Println(err)
	var perr *whatwg.Error
	if errors.As(err, &perr) {
		fmt.Println(perr.Code, perr.Offset)
	}
	// Output:
	// https://example.org/a%20b <nil>
	// special-scheme-missing-following-solidus 6
	// invalid-URL-unit 19
	// whatwg: offset 8: "https://exa mple.org/": UTS #46 ToASCII fails on the domain (domain-to-ASCII)
	// domain-to-ASCII 8
}

func ExampleURL_SetHost() {
	u, _ := whatwg.Parse("https://example.org:8080/path")
	u.SetHost("example.net")
	fmt.Println(u)
	u.SetHost("example.com:443")
	fmt.Println(u)
	u.SetPort("81")
	u.SetPathname("/a/../b c")
	u.SetSearch("x=1")
	u.SetHash("top")
	fmt.Println(u)
	// Output:
	// https://example.net:8080/path
	// https://example.com/path
	// https://example.com:81/b%20c?x=1#top
}

func ExampleEqualIgnoringFragment() {
	a, _ := whatwg.Parse("https://example.org/p#one")
	b, _ := whatwg.Parse("HTTPS://EXAMPLE.ORG:443/p#two")
	fmt.Println(whatwg.Equal(a, b), whatwg.EqualIgnoringFragment(a, b))
	// Output:
	// false true
}

func ExampleParseInto() {
	var u whatwg.URL // reused: no allocation for inputs already in serialized form
	for _, s := range []string{"https://example.org/a", "https://EXAMPLE.org/./b", "not a URL"} {
		if err := whatwg.ParseInto(&u, s); err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Println(u.Href())
	}
	// Output:
	// https://example.org/a
	// https://example.org/b
	// error: whatwg: offset 0: "not a URL": the input has no scheme and no base it could be relative to (missing-scheme-non-relative-URL)
}
