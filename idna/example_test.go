package idna_test

import (
	"errors"
	"fmt"

	"github.com/urikit/urikit/idna"
)

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
		ascii, err := idna.DomainToASCII(d, false)
		fmt.Printf("%q %v\n", ascii, err)
	}
	// Output:
	// "xn--bcher-kva.example" <nil>
	// "example.com" <nil>
	// "" idna: joiner not allowed in context [C1-C2] '\u200d' in label 0 "a\u200db" at offset 1
}

func ExampleDomainToUnicode() {
	s, err := idna.DomainToUnicode("xn--bcher-kva.example", false)
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
	// true idna: code point not allowed by STD3 rules [U1] '_' in label 1 "my_host" at offset 6
}

func ExampleProfile_ToUnicode() {
	// The result comes with the error: it can still be shown.
	s, err := idna.Display().ToUnicode("xn--bcher-kva.xn--ab!")
	fmt.Println(s)
	fmt.Println(err)
	// Output:
	// bücher.xn--ab!
	// idna: invalid punycode [P4] in label 1 "xn--ab!" at offset 20
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
	// idna: code point changed by mapping [P1] '\u1e9e' in label 0 "faẞ" at offset 2
	// xn--fa-hia.de <nil>
}

func ExampleEncode() {
	s, err := idna.Encode("bücher")
	fmt.Println(s, err)
	u, err := idna.Decode(s)
	fmt.Println(u, err)
	// Output:
	// bcher-kva <nil>
	// bücher <nil>
}

func ExampleURL() {
	// Without the carve-out of DomainToASCII, ASCII "xn--" labels are checked.
	_, err := idna.URL().ToASCII("xn--a.example")
	fmt.Println(err)
	s, err := idna.DomainToASCII("xn--a.example", false)
	fmt.Println(s, err)
	// Output:
	// idna: disallowed code point [V7] '\u0080' in label 0 "xn--a" at offset 0
	// xn--a.example <nil>
}
