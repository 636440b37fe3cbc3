package template_test

import (
	"errors"
	"fmt"

	"github.com/urikit/urikit/template"
)

func ExampleTemplate_Expand() {
	t := template.MustParse("/repos/{owner}/{repo}/issues{?state,labels}")
	s, _ := t.Expand(template.Vars{
		"owner":  template.String("urikit"),
		"repo":   template.String("uri kit"),
		"labels": template.List("bug", "good first issue"),
	})
	fmt.Println(s)
	// Output: /repos/urikit/uri%20kit/issues?labels=bug,good%20first%20issue
}

func ExampleTemplate_ExpandMap() {
	t := template.MustParse("{+base}/search{?q,page,opts*}")
	s, _ := t.ExpandMap(map[string]any{
		"base": "https://example.com/a/b",
		"q":    "é & ü",
		"page": 2,
		"opts": map[string]any{"sort": "new", "lang": "fr"},
	})
	fmt.Println(s)
	// Output: https://example.com/a/b/search?q=%C3%A9%20%26%20%C3%BC&page=2&lang=fr&sort=new
}

func ExampleTemplate_AppendExpand() {
	t := template.MustParse("/users/{id}{?fields}")
	vs := template.Vars{"id": template.String("42"), "fields": template.List("name", "email")}
	buf := make([]byte, 0, t.MaxLen(vs)) // room enough: no allocation
	buf, _ = t.AppendExpand(buf, vs)
	fmt.Println(string(buf))
	// Output: /users/42?fields=name,email
}

func ExampleTemplate_Match() {
	t := template.MustParse("/repos/{owner}/{repo}/issues{?state,labels}")
	vs, err := t.Match("/repos/urikit/uri%20kit/issues?state=open&labels=a,b")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(vs["owner"].Text(), "|", vs["repo"].Text(), "|", vs["state"].Text(), "|", vs["labels"].Items())

	_, err = template.MustParse("{x,y}").Match("1,2")
	fmt.Println(err)
	// Output:
	// urikit | uri kit | open | [a b]
	// template: offset 0: "{x,y}": the template cannot be read back uniquely: several variables without names
}

func ExampleParse() {
	_, err := template.Parse("/users/{id")
	fmt.Println(err)
	_, err = template.Parse("/a b/{id}")
	fmt.Println(err, errors.Is(err, template.ErrInvalidLiteral))
	// Output:
	// template: offset 7: "/users/{id": expression not closed by '}'
	// template: offset 2: "/a b/{id}": character not allowed in literal text true
}

func ExampleParseLenient() {
	t, findings, err := template.ParseLenient("/a b/{id}")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range findings {
		fmt.Println(f)
	}
	s, _ := t.Expand(template.Vars{"id": template.String("42")})
	fmt.Println(s)
	// Output:
	// offset 2: invalid-literal: character not allowed in literal text
	// /a%20b/42
}
