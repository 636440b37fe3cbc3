package urlpattern_test

import (
	"errors"
	"fmt"

	"github.com/urikit/urikit/urlpattern"
)

func Example() {
	p, err := urlpattern.New(`https://*.example.com/books/:id(\d+)`, urlpattern.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Test("https://store.example.com/books/123"))
	fmt.Println(p.Test("https://store.example.com/books/abc"))
	// The URL is parsed and canonicalized first: the port 443 is the
	// default one and the host is lowercased.
	r := p.Exec("https://STORE.example.com:443/books/123?ref=x")
	id, _ := r.Pathname.Get("id")
	sub, _ := r.Hostname.Get("0")
	fmt.Println(id, sub)
	// Output:
	// true
	// false
	// 123 store
}

func ExampleNewInit() {
	p, err := urlpattern.NewInit(&urlpattern.Init{
		Pathname: urlpattern.Str("/users/:name/:tab?"),
	}, urlpattern.Options{})
	if err != nil {
		panic(err)
	}
	for _, u := range []string{"https://a.test/users/ann", "http://b.test/users/bob/posts", "https://a.test/users/"} {
		if r := p.Exec(u); r != nil {
			name, _ := r.Pathname.Get("name")
			tab, ok := r.Pathname.Get("tab")
			fmt.Printf("%s: name=%s tab=%q (matched %v)\n", u, name, tab, ok)
		} else {
			fmt.Printf("%s: no match\n", u)
		}
	}
	// Output:
	// https://a.test/users/ann: name=ann tab="" (matched false)
	// http://b.test/users/bob/posts: name=bob tab="posts" (matched true)
	// https://a.test/users/: no match
}

func ExamplePattern_Pathname() {
	p, _ := urlpattern.New("https://example.com/caf\u00e9/{:x}?", urlpattern.Options{})
	fmt.Println(p.Protocol(), p.Hostname(), p.Port(), p.Pathname(), p.Search())
	// Output:
	// https example.com  /caf%C3%A9/{:x}? *
}

func ExampleSet() {
	var s urlpattern.Set
	for _, in := range []string{
		"https://example.com/docs/*",
		"https://*.example.com/*",
		"http{s}?://example.com/docs/:page",
		"https://other.test/*",
	} {
		p, err := urlpattern.New(in, urlpattern.Options{})
		if err != nil {
			panic(err)
		}
		s.Add(p)
	}
	fmt.Println(s.Match("https://example.com/docs/intro", nil))
	fmt.Println(s.Match("https://www.example.com/docs/intro", nil))
	fmt.Println(s.Match("ftp://example.com/docs/intro", nil))
	// Output:
	// [0 2]
	// [1]
	// []
}

func ExampleError() {
	_, err := urlpattern.New(`https://example.com/:id(\d+(?=/))`, urlpattern.Options{})
	var e *urlpattern.Error
	if errors.As(err, &e) {
		fmt.Println(e.Code, e.Component, e.Offset)
		fmt.Println(e.Construct)
	}
	fmt.Println(errors.Is(err, urlpattern.ErrUnsupportedRegexp))
	// Output:
	// unsupported-regexp pathname 8
	// lookahead "(?="
	// true
}

func ExampleMustNew() {
	p := urlpattern.MustNew("https://example.com/users/:id", urlpattern.Options{})
	r := p.Exec("https://example.com/users/42")
	id, _ := r.Component(urlpattern.ComponentPathname).Get("id")
	fmt.Println(id)
	// Output: 42
}
