package urlbeam_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/urikit/urikit/beam/urlbeam"
	"github.com/urikit/urikit/check"
	"github.com/urikit/urikit/uri"
)

func ExampleParseLine() {
	u, _, ok := urlbeam.ParseLine("HTTP://Example.COM:80/a/./b", urlbeam.ParseOptions{})
	fmt.Println(ok, u.Text, u.Host)
	u = urlbeam.NormalizeURL(u, uri.SchemeBased)
	fmt.Println(u.Text, u.Host)

	_, iss, ok := urlbeam.ParseLine("http://exa mple.com/", urlbeam.ParseOptions{})
	fmt.Println(ok, iss.Code, iss.Component, iss.Offset)

	u, _, ok = urlbeam.ParseLine("http://exa mple.com/", urlbeam.ParseOptions{Lenient: true})
	fmt.Println(ok, u.Deviations[0].Code)

	u, _, _ = urlbeam.ParseLine("HTTPS://example.com/a b", urlbeam.ParseOptions{Parser: urlbeam.WHATWG, Lenient: true})
	fmt.Println(u.Text)
	// Output:
	// true HTTP://Example.COM:80/a/./b Example.COM
	// http://example.com/a/b example.com
	// false invalid-char host 10
	// true invalid-char
	// https://example.com/a%20b
}

func ExampleCheckRecord() {
	c, ok := urlbeam.CheckRecord("http://0x7f.1/", check.Danger)
	fmt.Println(ok, c.Severity, c.Findings[0].Code)
	_, ok = urlbeam.CheckRecord("https://example.com/a?b=c", check.Warn)
	fmt.Println(ok)
	// Output:
	// true danger ipv4-noncanonical
	// false
}

// A whole pipeline on prism: normalize, count per host, check, and write
// the four outputs.
func ExampleURLSets() {
	dir, err := os.MkdirTemp("", "urlsets")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	prefix := filepath.Join(dir, "out")

	p, s := beam.NewPipelineWithRoot()
	records := beam.Create(s,
		"https://example.com/a",
		"HTTPS://EXAMPLE.COM:443/a",
		"https://example.com/b",
		"http://10.0.0.1/",
		"http://bad host/",
	)
	sets := urlbeam.URLSets(s, records, urlbeam.Options{Level: uri.SchemeBased, CheckMin: check.Warn})
	urlbeam.WriteSets(s, prefix, 1, sets)
	if err := ptest.Run(p); err != nil {
		panic(err)
	}
	hosts, _ := os.ReadFile(prefix + "-hosts.jsonl")
	fmt.Print(string(hosts))
	dead, _ := os.ReadFile(urlbeam.ShardName(prefix+"-dead", 0, 1, ".jsonl"))
	fmt.Print(string(dead))
	// Output:
	// {"host":"example.com","urls":2,"records":3}
	// {"host":"10.0.0.1","urls":1,"records":1}
	// {"input":"http://bad host/","stage":"parse","error":{"offset":10,"component":"host","code":"invalid-char","message":"character not allowed here"}}
}
