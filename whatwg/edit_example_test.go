package whatwg_test

import (
	"errors"
	"fmt"

	"github.com/urikit/urikit/form"
	"github.com/urikit/urikit/whatwg"
)

// Strip tracking parameters: every other pair keeps its bytes ("%7e"
// stays lowercase).
func ExampleURL_EditQuery() {
	u := whatwg.MustParse("https://shop.example/item?utm_source=mail&id=%7e42&fbclid=x")
	_ = u.EditQuery(func(q *form.RawQuery) {
		q.Delete("utm_source")
		q.Delete("fbclid")
	})
	fmt.Println(u)
	// Output: https://shop.example/item?id=%7e42
}

// The Try setters say why a value was refused, where the JavaScript
// setters ignore it.
func ExampleURL_TrySetPort() {
	u := whatwg.MustParse("https://example.com/")
	err := u.TrySetPort("99999")
	fmt.Println(err)
	var ee *whatwg.Error
	if errors.As(err, &ee) {
		fmt.Println(ee.Component, ee.Code)
	}
	fmt.Println(u.TrySetProtocol("mailto"))
	fmt.Println(u)
	// Output:
	// whatwg: offset 0 (port): "99999": the port is above 65535 (port-out-of-range)
	// port port-out-of-range
	// whatwg: offset 0 (scheme): "mailto": a special scheme cannot become non-special, nor the reverse (special-mismatch)
	// https://example.com/
}

// A segment is one segment: "/" in it is encoded, never splitting it.
func ExampleURL_AppendPathSegment() {
	u := whatwg.MustParse("https://example.com/files/")
	_ = u.AppendPathSegment("a/b c.txt")
	fmt.Println(u)
	fmt.Println(u.PathSegments())
	fmt.Println(u.AppendPathSegment(".."))
	// Output:
	// https://example.com/files/a%2Fb%20c.txt
	// [files a/b c.txt]
	// whatwg: offset 0 (path): "..": a path segment cannot be "." or ".." (dot-segment)
}

// Decoded values are encoded with the component's set; raw values are
// checked and kept.
func ExampleURL_SetComponent() {
	u := whatwg.MustParse("https://example.com/")
	_ = u.SetComponent(whatwg.ComponentFragment, "100% sure")
	fmt.Println(u)
	fmt.Println(u.SetComponentRaw(whatwg.ComponentPath, "/a b"))
	_ = u.SetComponentRaw(whatwg.ComponentPath, "/a%2fb")
	fmt.Println(u)
	// Output:
	// https://example.com/#100%25%20sure
	// whatwg: offset 2 (path): "/a b": the value has a byte that its component percent-encodes (unencoded)
	// https://example.com/a%2fb#100%25%20sure
}

func ExampleURL_JoinPath() {
	u := whatwg.MustParse("https://example.com/api/v1/")
	v, _ := u.JoinPath("users", "../groups", "7/")
	fmt.Println(v)
	// Output: https://example.com/api/v1/groups/7/
}

func ExampleURL_Redacted() {
	fmt.Println(whatwg.MustParse("https://user:secret@example.com/").Redacted())
	// Output: https://user:xxxxx@example.com/
}
