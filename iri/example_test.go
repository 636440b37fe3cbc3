package iri_test

import (
	"errors"
	"fmt"

	"github.com/urikit/urikit/iri"
	"github.com/urikit/urikit/uri"
)

func ExampleToURI() {
	u, err := iri.ToURI("http://例え.jp/引き出し")
	fmt.Println(u, err)
	// Output: http://xn--r8jz45g.jp/%E5%BC%95%E3%81%8D%E5%87%BA%E3%81%97 <nil>
}

func ExampleToIRI() {
	s, err := iri.ToIRI("http://xn--r8jz45g.jp/%E5%BC%95%E3%81%8D%E5%87%BA%E3%81%97?bidi=%E2%80%AE")
	fmt.Println(s, err)
	// Output: http://例え.jp/引き出し?bidi=%E2%80%AE <nil>
}

func ExampleError() {
	_, err := iri.ToURI("http://a/b c")
	fmt.Println(err)
	var e *iri.Error
	fmt.Println(errors.As(err, &e), e.Code, errors.Is(err, uri.ErrInvalidChar))
	// Output:
	// iri: offset 10 (path): "http://a/b c": character not allowed here
	// true syntax true
}
