package mailto_test

import (
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
	// mailto: …"ailto:joe@example.com?cc=bob@example.com?body=hello": offset 41 (hfields): invalid-char: character must be percent-encoded here
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
