package idna_test

import (
	"errors"
	"fmt"

	"github.com/urikit/urikit/idna"
)

func ExampleToASCII() {
	a, err := idna.ToASCII("Bücher.de")
	fmt.Println(a, err)
	u, err := idna.ToUnicode(a)
	fmt.Println(u, err)
	// PunycodeEncode is not ToASCII: it encodes the whole text as one
	// label, without mapping and without "xn--".
	p, err := idna.PunycodeEncode("bücher")
	fmt.Println(p, err)
	// Output:
	// xn--bcher-kva.de <nil>
	// bücher.de <nil>
	// bcher-kva <nil>
}

func Example() {
	p := idna.Lookup()
	ascii, err := p.ToASCII("Bücher.EXAMPLE")
	fmt.Println(ascii, err)
	u, err := p.ToUnicode("xn--bcher-kva.example")
	fmt.Println(u, err)
	// Output:
	// xn--bcher-kva.example <nil>
	// bücher.example <nil>
}

func ExampleDomainToASCII() {
	for _, d := range []string{"Bücher.example", "EXAMPLE.com", "a\u200db.example"} {
		ascii, err := idna.DomainToASCII(d)
		fmt.Printf("%q %v\n", ascii, err)
	}
	// Output:
	// "xn--bcher-kva.example" <nil>
	// "example.com" <nil>
	// "" idna: offset 1 (label 0): "a\u200db.example": joiner not allowed in context '\u200d' [C1-C2]
}

func ExampleDomainToUnicode() {
	s, err := idna.DomainToUnicode("xn--bcher-kva.example")
	fmt.Println(s, err)
	// Output: bücher.example <nil>
}

func ExampleProfile_ToASCII() {
	p := idna.Lookup()
	s, err := p.ToASCII("Faß.DE")
	fmt.Println(s, err)
	_, err = p.ToASCII("www.my_host.example")
	var e *idna.Error
	if errors.As(err, &e) {
		fmt.Println(e.Code, e.Index, e.LabelOffset, e.Offset, e.Label)
	}
	fmt.Println(errors.Is(err, idna.ErrSTD3), err)
	// Output:
	// xn--fa-hia.de <nil>
	// std3 1 4 6 my_host
	// true idna: offset 6 (label 1): "www.my_host.example": code point not allowed by STD3 rules '_' [U1]
}

func ExampleProfile_ToUnicode() {
	// The result comes with the error: it can still be shown.
	s, err := idna.Display().ToUnicode("xn--bcher-kva.xn--ab!")
	fmt.Println(s)
	fmt.Println(err)
	// Output:
	// bücher.xn--ab!
	// idna: offset 20 (label 1): "xn--bcher-kva.xn--ab!": invalid punycode [P4]
}

func ExampleProfile_AppendASCII() {
	buf := make([]byte, 0, 64)
	for _, h := range []string{"example.com", "ドメイン.テスト"} {
		var err error
		buf, err = idna.URL().AppendASCII(buf[:0], h)
		fmt.Println(string(buf), err)
	}
	// Output:
	// example.com <nil>
	// xn--eckwd4c7c.xn--zckzah <nil>
}

func ExampleRegistration() {
	// Registration takes a name as it would be registered: mapped already.
	// The capital sharp s maps to ß: refused where it stands.
	_, err := idna.Registration().ToASCII("faẞ.de")
	fmt.Println(err)
	s, err := idna.Registration().ToASCII("faß.de")
	fmt.Println(s, err)
	// Output:
	// idna: offset 2 (label 0): "faẞ.de": code point changed by mapping '\u1e9e' [P1]
	// xn--fa-hia.de <nil>
}

func ExamplePunycodeEncode() {
	s, err := idna.PunycodeEncode("bücher")
	fmt.Println(s, err)
	u, err := idna.PunycodeDecode(s)
	fmt.Println(u, err)
	// Output:
	// bcher-kva <nil>
	// bücher <nil>
}

func ExampleURL() {
	// Without the carve-out of DomainToASCII, ASCII "xn--" labels are checked.
	_, err := idna.URL().ToASCII("xn--a.example")
	fmt.Println(err)
	s, err := idna.DomainToASCII("xn--a.example")
	fmt.Println(s, err)
	// Output:
	// idna: offset 0 (label 0): "xn--a.example": disallowed code point '\u0080' [V7]
	// xn--a.example <nil>
}
