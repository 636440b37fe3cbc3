package mailto_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/urikit/urikit/mailto"
)

func ExampleParse() {
	m, err := mailto.Parse("mailto:joe@example.com?cc=bob@example.com&subject=caf%C3%A9&body=send%20current-issue%0D%0Asend%20index")
	if err != nil {
		panic(err)
	}
	fmt.Println(m.To, m.Cc)
	fmt.Printf("%q %q\n", m.Subject, m.Body)
	// Output:
	// [joe@example.com] [bob@example.com]
	// "café" "send current-issue\r\nsend index"
}

func ExampleParse_error() {
	_, err := mailto.Parse("mailto:joe@example.com?cc=bob@example.com?body=hello")
	fmt.Println(err)
	fmt.Println(errors.Is(err, mailto.ErrInvalidChar))
	// Output:
	// mailto: offset 41 (hfields): …"ailto:joe@example.com?cc=bob@example.com?body=hello": character must be percent-encoded here
	// true
}

func ExampleBuild() {
	m := mailto.Message{
		To:      []string{`"not@me"@example.org`, "Mike&family@example.org"},
		Subject: "a+b = c?",
		Body:    "line 1\r\nline 2",
		Headers: []mailto.Header{{Name: "In-Reply-To", Value: "<3469A91.D10AF4C@example.com>"}},
	}
	fmt.Println(mailto.Build(m))
	// Output:
	// mailto:%22not%40me%22@example.org,Mike%26family@example.org?subject=a%2Bb%20%3D%20c%3F&In-Reply-To=%3C3469A91.D10AF4C@example.com%3E&body=line%201%0D%0Aline%202
}

func ExampleParseLenient() {
	m, findings, err := mailto.ParseLenient("mailto:a@example.com?subject=Hello World&body=a b")
	fmt.Printf("%q %q %v\n", m.Subject, m.Body, err)
	for _, f := range findings {
		fmt.Println(f)
		b, _ := json.Marshal(f)
		fmt.Println(string(b))
	}
	// Output:
	// "Hello World" "a b" <nil>
	// offset 34 (hfields): invalid-char: character must be percent-encoded here (2 times)
	// {"offset":34,"code":"invalid-char","message":"character must be percent-encoded here","component":"hfields","count":2,"offsets":[34,47]}
}

func ExampleMessage_MarshalText() {
	var v struct{ Link, None mailto.Message }
	v.Link = mailto.MustParse("mailto:a@example.com?subject=hi")
	b, _ := json.Marshal(v)
	fmt.Println(string(b))
	// Output: {"Link":"mailto:a@example.com?subject=hi","None":""}
}
