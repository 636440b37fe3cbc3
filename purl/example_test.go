package purl_test

import (
	"errors"
	"fmt"

	"github.com/urikit/urikit/purl"
)

func ExampleParse() {
	p, err := purl.Parse("pkg://NPM/@angular/animation@12.3.1?B=2&a=1#/lib/./x/")
	if err != nil {
		panic(err)
	}
	fmt.Println(p)
	fmt.Println(p.Type(), p.Namespace(), p.Name(), p.Version(), p.Qualifiers(), p.Subpath())
	// Output:
	// pkg:npm/%40angular/animation@12.3.1?a=1&b=2#lib/x
	// npm @angular animation 12.3.1 [{a 1} {b 2}] lib/x
}

func ExampleParse_error() {
	_, err := purl.Parse("pkg:swift/Alamofire@5.4.3")
	var e *purl.Error
	fmt.Println(errors.As(err, &e), e.Offset, e.Component, errors.Is(err, purl.ErrNamespaceRequired))
	fmt.Println(err)
	// Output:
	// true 10 namespace true
	// purl: offset 10 (namespace): "pkg:swift/Alamofire@5.4.3": this type requires a namespace
}

func ExampleBuild() {
	p, err := purl.Build(purl.Components{
		Type:       "maven",
		Namespace:  "org.apache.xmlgraphics",
		Name:       "batik-anim",
		Version:    "1.9.1",
		Qualifiers: []purl.Qualifier{{Key: "repository_url", Value: "https://repo.spring.io/release"}, {Key: "classifier", Value: "sources"}},
	})
	fmt.Println(p, err)
	// Output:
	// pkg:maven/org.apache.xmlgraphics/batik-anim@1.9.1?classifier=sources&repository_url=https:%2F%2Frepo.spring.io%2Frelease <nil>
}

func ExampleEqual() {
	a := purl.MustParse("pkg:PYPI/Django_Package@1.11.1")
	b := purl.MustParse("pkg:pypi/django-package@1.11.1")
	fmt.Println(purl.Equal(a, b), a == b, a)
	// Output:
	// true true pkg:pypi/django-package@1.11.1
}

func ExamplePURL_RepositoryURL() {
	u, ok := purl.MustParse("pkg:npm/%40angular/animation@12.3.1").RepositoryURL()
	fmt.Println(u, ok)
	p, err := purl.FromRepositoryURL("https://crates.io/crates/rand/0.7.2")
	fmt.Println(p, err)
	// Output:
	// https://www.npmjs.com/package/@angular/animation/v/12.3.1 true
	// pkg:cargo/rand@0.7.2 <nil>
}

func ExampleAppendCanonical() {
	// Two spellings of one package give the same line.
	var buf []byte
	for _, s := range []string{
		"pkg:NPM/@angular/animation@12.3.1",
		"pkg://npm/%40angular/animation@12.3.1",
	} {
		var err error
		if buf, err = purl.AppendCanonical(buf, s); err != nil {
			fmt.Println(err)
			continue
		}
		buf = append(buf, '\n')
	}
	fmt.Print(string(buf))
	// Output:
	// pkg:npm/%40angular/animation@12.3.1
	// pkg:npm/%40angular/animation@12.3.1
}
