package form_test

import (
	"errors"
	"fmt"

	"github.com/urikit/urikit/form"
	"github.com/urikit/urikit/percent"
)

func ExampleParse() {
	v := form.Parse("q=caf%C3%A9+au+lait&tag=a&tag=b&empty&%=100%")
	for name, value := range v.All() {
		fmt.Printf("%q = %q\n", name, value)
	}
	// Output:
	// "q" = "café au lait"
	// "tag" = "a"
	// "tag" = "b"
	// "empty" = ""
	// "%" = "100%"
}

func ExampleParse_invalidUTF8() {
	// As the URL Standard says, bytes that are not UTF-8 become U+FFFD.
	v := form.Parse("name=%FF%C3")
	fmt.Printf("%+q\n", v[0].Value)
	// Output:
	// "\ufffd\ufffd"
}

func ExampleParseStrict() {
	_, err := form.ParseStrict("a=1&b=%zz")
	fmt.Println(err)
	var fe *form.Error
	fmt.Println(errors.As(err, &fe), fe.Offset, errors.Is(err, form.ErrInvalidEscape), errors.Is(err, percent.ErrInvalidEscape))
	// Output:
	// form: offset 6 (value): "a=1&b=%zz": % not followed by two hex digits
	// true 6 true true
}

func ExampleParseSearchParams() {
	v := form.ParseSearchParams("?a=b&c=d")
	fmt.Println(v.Get("a"))
	// Output:
	// b true
}

func ExampleValues() {
	v := form.ParseSearchParams("?q=go&page=1&lang=en&lang=fr")
	v.Set("page", "2")
	v.Append("q", "url parsing")
	v.DeleteValue("lang", "fr")
	fmt.Println(v.Get("page"))
	fmt.Println(v.GetAll("q"))
	fmt.Println(v.Has("lang"), v.HasValue("lang", "fr"), v.Len())
	fmt.Println(v.String())
	// Output:
	// 2 true
	// [go url parsing]
	// true false 4
	// q=go&page=2&lang=en&q=url+parsing
}

func ExampleValues_String() {
	v := form.FromPairs([][2]string{{"name", "Zoë & Jo"}, {"math", "1+1=2"}, {"keep", "*-._"}})
	fmt.Println(v.String())
	// Output:
	// name=Zo%C3%AB+%26+Jo&math=1%2B1%3D2&keep=*-._
}

func ExampleValues_Sort() {
	// Names are compared by UTF-16 code units: U+1F308 (a surrogate pair,
	// D83C DF08) sorts before U+FB03, though its UTF-8 bytes are greater.
	// Pairs with equal names keep their order.
	v := form.Parse("z=1&\uFB03=2&a=3&\U0001F308=4&z=0")
	v.Sort()
	fmt.Println(v)
	// Output:
	// a=3&z=1&z=0&%F0%9F%8C%88=4&%EF%AC%83=2
}

func ExampleRawQuery() {
	// Only the pair that changes is encoded anew: "%7e" keeps its
	// lowercase hex and "%20" is not rewritten as "+".
	q := form.ParseRaw("a=%7e&msg=hi%20there&b=1")
	q.Set("b", "2")
	q.Append("sig", "x/y")
	fmt.Println(q.String())
	fmt.Println(q.Get("msg"))
	// Output:
	// a=%7e&msg=hi%20there&b=2&sig=x%2Fy
	// hi there true
}

func ExampleRawQuery_SetRaw() {
	q := form.ParseRaw("x=1&sig=old")
	if err := q.SetRaw("sig", "AbC%2Fd%3D"); err != nil {
		fmt.Println(err)
	}
	fmt.Println(q.String())
	// Output:
	// x=1&sig=AbC%2Fd%3D
}

func ExampleFromURLValues() {
	v := form.Parse("b=1&a=2&b=3")
	// url.Values is a map: the order across names is lost, and
	// FromURLValues sorts the names.
	fmt.Println(form.FromURLValues(v.URLValues()))
	// Output:
	// a=2&b=1&b=3
}

func ExampleEscape() {
	fmt.Println(form.Escape("a b+c/d"), form.Unescape("a+b%2Bc%2Fd"))
	// Output:
	// a+b%2Bc%2Fd a b+c/d
}
