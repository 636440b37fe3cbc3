package idna_test

import (
	"errors"
	"fmt"

	"github.com/urikit/urikit/idna"
)

func ExampleDomainToASCII() {
	for _, d := range []string{"Bücher.example", "EXAMPLE.com", "a\u200db.example"} {
		ascii, err := idna.DomainToASCII(d, false)
		fmt.Printf("%q %v\n", ascii, err)
	}
	// Output:
	// "xn--bcher-kva.example" <nil>
	// "example.com" <nil>
	// "" uts46: joiner not allowed in context '\u200d' in label 0 at offset 1
}

func ExampleDomainToUnicode() {
	s, err := idna.DomainToUnicode("xn--bcher-kva.example", false)
	fmt.Println(s, err)
	// Output: bücher.example <nil>
}

func ExampleOptions_ToASCII() {
	strict := idna.StrictOptions()
	s, err := strict.ToASCII("Faß.DE")
	fmt.Println(s, err)
	_, err = strict.ToASCII("my_host.example")
	fmt.Println(errors.Is(err, idna.CodeSTD3), err)
	// Output:
	// xn--fa-hia.de <nil>
	// true uts46: code point not allowed by STD3 rules '_' in label 0 at offset 2
}

func ExampleOptions_ToUnicode() {
	s, err := idna.Options{CheckBidi: true}.ToUnicode("XN--MGBA3GCH31F060K.com")
	fmt.Println(s, err)
	// Output: نامه‌ای.com <nil>
}

func ExampleEncodePunycode() {
	s, err := idna.EncodePunycode("bücher")
	fmt.Println(s, err)
	u, err := idna.DecodePunycode(s)
	fmt.Println(u, err)
	// Output:
	// bcher-kva <nil>
	// bücher <nil>
}

func ExampleURLOptions() {
	// Without the carve-out of DomainToASCII, ASCII "xn--" labels are checked.
	_, err := idna.URLOptions(false).ToASCII("xn--a.example")
	fmt.Println(err)
	s, err := idna.DomainToASCII("xn--a.example", false)
	fmt.Println(s, err)
	// Output:
	// uts46: disallowed code point '\u0080' in label 0 at offset 0
	// xn--a.example <nil>
}
