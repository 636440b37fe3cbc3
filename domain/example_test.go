package domain_test

import (
	"errors"
	"fmt"

	"github.com/urikit/urikit/domain"
)

func ExamplePublicSuffix() {
	for _, name := range []string{"www.example.co.uk", "foo.github.io", "printer.local", "城市.公司.cn"} {
		s, err := domain.PublicSuffix(name)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s: %s icann=%v listed=%v\n", name, s.Name, s.ICANN, s.Listed)
	}
	// Output:
	// www.example.co.uk: co.uk icann=true listed=true
	// foo.github.io: github.io icann=false listed=true
	// printer.local: local icann=false listed=false
	// 城市.公司.cn: 公司.cn icann=true listed=true
}

func ExampleRegistrableDomain() {
	for _, name := range []string{"WWW.Example.CO.UK", "a.b.city.kobe.jp", "example.com.", "xn--85x722f.xn--55qx5d.cn", "co.uk", "127.0.0.1"} {
		rd, err := domain.RegistrableDomain(name)
		switch {
		case errors.Is(err, domain.ErrIsSuffix):
			fmt.Printf("%s: a public suffix, nobody's domain\n", name)
		case err != nil:
			fmt.Println(err)
		default:
			fmt.Printf("%s: %s\n", name, rd)
		}
	}
	// Output:
	// WWW.Example.CO.UK: example.co.uk
	// a.b.city.kobe.jp: city.kobe.jp
	// example.com.: example.com.
	// xn--85x722f.xn--55qx5d.cn: xn--85x722f.xn--55qx5d.cn
	// co.uk: a public suffix, nobody's domain
	// domain: "127.0.0.1": an IP address, not a domain name
}

func ExampleError() {
	_, err := domain.RegistrableDomain("shop..example.com")
	var e *domain.Error
	if errors.As(err, &e) {
		fmt.Println(e.Code == domain.ErrEmptyLabel, e.Offset)
	}
	fmt.Println(err)
	// Output:
	// true 5
	// domain: offset 5: "shop..example.com": empty label
}
