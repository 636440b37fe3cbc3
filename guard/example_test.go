package guard_test

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"

	"github.com/urikit/urikit/check"
	"github.com/urikit/urikit/guard"
)

// The strict default refuses what a user-supplied URL must not reach, and
// says which rule refused it.
func ExamplePolicy_CheckURL() {
	var p guard.Policy // the strict default
	for _, u := range []string{
		"https://example.com/hook",
		"http://[::ffff:169.254.169.254]/latest/meta-data/",
		"http://0x7f.1/",
		"http://evil.com#@good.com/",
		"http://metadata.google.internal/",
		"http://example.com:8080/",
		"gopher://example.com/",
	} {
		err := p.CheckURL(u)
		var e *guard.Error
		if errors.As(err, &e) {
			fmt.Printf("%s: refused by %s\n", u, e.Code)
		} else {
			fmt.Printf("%s: allowed\n", u)
		}
	}
	// Output:
	// https://example.com/hook: allowed
	// http://[::ffff:169.254.169.254]/latest/meta-data/: refused by address
	// http://0x7f.1/: refused by address
	// http://evil.com#@good.com/: refused by finding
	// http://metadata.google.internal/: refused by host
	// http://example.com:8080/: refused by port
	// gopher://example.com/: refused by scheme
}

// The rule that refused is the error's Code, a sentinel for errors.Is.
func ExampleError() {
	err := guard.Policy{}.CheckURL("http://example.com:8080/")
	fmt.Println(errors.Is(err, guard.ErrPort), errors.Is(err, guard.ErrRefused))
	fmt.Println(err)
	// Output:
	// true true
	// guard: "http://example.com:8080/": refused by rule port: port 8080 is not the default port of "http"
}

// CheckAddr judges the addresses a host resolves to, IPv6 forms that
// carry an IPv4 address included.
func ExamplePolicy_CheckAddr() {
	var p guard.Policy
	for _, a := range []string{"93.184.215.14", "10.0.0.1", "64:ff9b::a9fe:a9fe", "2002:7f00:1::"} {
		fmt.Println(p.CheckAddr(netip.MustParseAddr(a)))
	}
	// Output:
	// <nil>
	// guard: refused by rule address: address 10.0.0.1 (private) is private (10.0.0.0/8, RFC 1918)
	// guard: refused by rule address: address 64:ff9b::a9fe:a9fe (nat64 carrying 169.254.169.254, metadata) is metadata (169.254.169.254/32, AWS, GCP, Azure, OpenStack, DigitalOcean)
	// guard: refused by rule address: address 2002:7f00:1:: (6to4 carrying 127.0.0.1, loopback) is loopback (127.0.0.0/8, RFC 1122)
}

// A Client refuses a server on loopback unless the policy allows it.
func ExamplePolicy_Client() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "hello")
	}))
	defer srv.Close()

	_, err := guard.Policy{AnyPort: true}.Client().Get(srv.URL)
	fmt.Println(errors.Is(err, guard.ErrRefused))

	test := guard.Policy{AnyPort: true, AllowKinds: []check.AddrKind{check.KindLoopback}}
	resp, err := test.Client().Get(srv.URL)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	fmt.Println(string(b))
	// Output:
	// true
	// hello
}
