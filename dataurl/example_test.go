package dataurl_test

import (
	"fmt"

	"github.com/urikit/urikit/dataurl"
)

func ExampleParse() {
	d, err := dataurl.Parse("data:text/plain;charset=utf-8;base64,aGVsbG8=")
	if err != nil {
		panic(err)
	}
	fmt.Println(d.MIMEType.Essence(), d.Base64)
	charset, _ := d.MIMEType.Lookup("charset")
	fmt.Println(charset)
	fmt.Printf("%s\n", d.Body)
	// Output:
	// text/plain true
	// utf-8
	// hello
}

func ExampleParse_percentEncoded() {
	d, _ := dataurl.Parse("data:,A%20brief%20note%FF")
	fmt.Println(d.MIMEType)
	fmt.Printf("%q\n", d.Body)
	// Output:
	// text/plain;charset=US-ASCII
	// "A brief note\xff"
}

func ExampleParse_error() {
	_, err := dataurl.Parse("data:;base64,aGVsbG8*")
	fmt.Println(err)
	// Output:
	// dataurl: offset 20: "data:;base64,aGVsbG8*": not a base64 symbol
}

func ExampleParseMIMEType() {
	m, err := dataurl.ParseMIMEType(`Text/HTML; Charset="utf-8"; q=x y`)
	if err != nil {
		panic(err)
	}
	fmt.Println(m.Type(), m.Subtype())
	for name, value := range m.Params() {
		fmt.Printf("%s=%q\n", name, value)
	}
	fmt.Println(m)
	// Output:
	// text html
	// charset="utf-8"
	// q="x y"
	// text/html;charset=utf-8;q="x y"
}

func ExampleEncode() {
	m, _ := dataurl.ParseMIMEType("text/plain;charset=utf-8")
	fmt.Println(dataurl.Encode([]byte("hi there"), m))
	png, _ := dataurl.ParseMIMEType("image/png")
	fmt.Println(dataurl.Encode([]byte{0x89, 'P', 'N', 'G', 0, 0}, png))
	fmt.Println(dataurl.Encode([]byte{0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0, 0, 0}, png))
	fmt.Println(dataurl.Encode([]byte("plain"), dataurl.MIMEType{}))
	// Output:
	// data:text/plain;charset=utf-8,hi%20there
	// data:image/png,%89PNG%00%00
	// data:image/png;base64,iVBORw0KGgoAAAAA
	// data:,plain
}

func ExampleParseWithFindings() {
	d, findings, err := dataurl.ParseWithFindings("data:text;charset=utf-8,100%")
	fmt.Println(d.MIMEType, string(d.Body), err)
	for _, f := range findings {
		fmt.Println(f)
	}
	// Output:
	// text/plain;charset=US-ASCII 100% <nil>
	// offset 9: invalid-mime-type: the MIME type's type is empty or not an HTTP token
	// offset 27: truncated-escape: % at the end of the body, kept as it is
}

func ExampleDataURL_String() {
	d := dataurl.MustParse("data:text/plain;base64,aGkgdGhlcmU=")
	fmt.Println(d)
	fmt.Printf("%q\n", dataurl.DataURL{})
	// Output:
	// data:text/plain,hi%20there
	// ""
}
