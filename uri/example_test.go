package uri_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/urikit/urikit/uri"
)

func ExampleParse() {
	r, err := uri.Parse("https://user@example.com:8080/a/b?x=1#top")
	if err != nil {
		panic(err)
	}
	scheme, _ := r.Scheme()
	host, _ := r.Host()
	port, _ := r.Port()
	query, _ := r.Query()
	fragment, _ := r.Fragment()
	fmt.Println(scheme, host, port, r.Path(), query, fragment, r.HostType())

	_, err = uri.Parse("http://example.com:99999/")
	var e *uri.Error
	if errors.As(err, &e) {
		fmt.Println(e.Offset, e.Component, e.Code, errors.Is(err, uri.ErrPortRange))
	}
	// Output:
	// https example.com 8080 /a/b x=1 top reg-name
	// 19 port port-out-of-range true
}

func ExampleParseLenient() {
	r, findings := uri.ParseLenient("http://example.com/a b/{x}")
	fmt.Println(r.Path())
	for _, f := range findings {
		fmt.Println(f)
	}
	// Output:
	// /a b/{x}
	// offset 20 (path): invalid-char: character not allowed here (3 times)
}

func ExampleReference_PathSegments() {
	r := uri.MustParse("/files/path%2Fto%2Ffile/v%201")
	segs, _ := r.PathSegments()
	fmt.Printf("%q\n", segs)
	// Output: ["files" "path/to/file" "v 1"]
}

func ExampleReference_QueryPairs() {
	r := uri.MustParse("/search?q=a+b&tag=x&tag=y%26z&flag")
	pairs, _ := r.QueryPairs()
	for _, p := range pairs {
		fmt.Printf("%q %q %v\n", p.Key, p.Value, p.HasValue)
	}
	// Output:
	// "q" "a b" true
	// "tag" "x" true
	// "tag" "y&z" true
	// "flag" "" false
}

func ExampleBuild() {
	r, err := uri.Build(uri.Parts{
		Scheme:   "https",
		Host:     "example.com",
		Segments: []string{"docs", "what?", "a/b"},
		Query:    []uri.QueryPair{{Key: "q", Value: "fish & chips", HasValue: true}},
	})
	fmt.Println(r, err)
	// Output: https://example.com/docs/what%3F/a%2Fb?q=fish%20%26%20chips <nil>
}

func ExampleReference_With() {
	r := uri.MustParse("http://example.com/a?x=1#f")
	r2, _ := r.With(uri.ComponentScheme, "https")
	fmt.Println(r2.Without(uri.ComponentFragment))
	// Output: https://example.com/a?x=1
}

func ExampleResolve() {
	base := uri.MustParse("http://a/b/c/d;p?q")
	for _, ref := range []string{"g", "../g", "?y", "#s", "../../../g", "//g"} {
		t, err := uri.Resolve(base, uri.MustParse(ref))
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(t)
	}
	// A base without a scheme is refused.
	_, err := uri.Resolve(uri.MustParse("a/b"), uri.MustParse("c"))
	fmt.Println(err)
	// Output:
	// http://a/b/c/g
	// http://a/b/g
	// http://a/b/c/d;p?y
	// http://a/b/c/d;p?q#s
	// http://a/g
	// http://g
	// uri: offset 0 (scheme): "a/b": 'a': a URI needs a scheme
}

func ExampleRelativize() {
	base := uri.MustParse("http://a/b/c/d")
	fmt.Println(uri.Relativize(base, uri.MustParse("http://a/b/e/f")))
	fmt.Println(uri.Relativize(base, uri.MustParse("http://a/x")))
	fmt.Println(uri.RelativizePath(base, uri.MustParse("http://a/x")))
	// Output:
	// ../e/f
	// /x
	// ../../x
}

func ExampleNormalize() {
	r := uri.MustParse("HTTP://www.Example.COM:80/%7euser/./a/../b?%3f#frag")
	fmt.Println(uri.Normalize(r, uri.Syntax))
	fmt.Println(uri.Normalize(r, uri.SchemeBased))
	fmt.Println(uri.Normalize(r, uri.Full))
	// Output:
	// http://www.example.com:80/~user/b?%3F#frag
	// http://www.example.com/~user/b?%3F#frag
	// http://www.example.com/~user/b?%3F
}

func ExampleEqual() {
	a := uri.MustParse("http://example.com/%7Euser")
	b := uri.MustParse("HTTP://EXAMPLE.com:80/~user")
	fmt.Println(uri.Equal(a, b, uri.Syntax), uri.Equal(a, b, uri.SchemeBased))
	fmt.Println(uri.Equal(uri.MustParse("/path?key"), uri.MustParse("/path%3Fkey"), uri.Full))
	// Output:
	// false true
	// false
}

func ExampleReference_NetURL() {
	u, err := uri.MustParse("http://h/a%2Fb?q=1").NetURL()
	fmt.Println(u.Path, u.RawPath, u.RawQuery, err)
	r, err := uri.FromNetURL(u)
	fmt.Println(r, err)
	// Output:
	// /a/b /a%2Fb q=1 <nil>
	// http://h/a%2Fb?q=1 <nil>
}

func ExampleDefaultPort() {
	fmt.Println(uri.DefaultPort("https"))
	fmt.Println(uri.DefaultPort("x-private"))
	// Output:
	// 443 true
	// 0 false
}

func ExampleFinding_MarshalJSON() {
	_, findings := uri.ParseLenient("http://a b c/")
	b, _ := json.Marshal(findings)
	fmt.Println(string(b))
	// Output:
	// [{"offset":8,"code":"invalid-char","message":"character not allowed here","component":"host","count":2,"offsets":[8,10]}]
}
