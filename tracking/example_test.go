package tracking_test

import (
	"errors"
	"fmt"

	"github.com/urikit/urikit/tracking"
)

func ExampleRules_Clean() {
	r := tracking.Default()
	fmt.Println(r.Clean("https://example.com/post?id=7&utm_source=news&utm_medium=email&fbclid=abc#top"))
	// Output: https://example.com/post?id=7#top
}

func ExampleRules_Unwrap() {
	r := tracking.Default()
	u, ok := r.Unwrap("https://www.google.com/url?sa=t&url=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1&usg=x")
	fmt.Println(u, ok)
	// Output: https://example.com/a?b=1 true
}

func ExampleRules_Apply() {
	r := tracking.Default()
	res := r.Apply("https://l.facebook.com/l.php?u=https%3A%2F%2Fexample.org%2F%3Fgclid%3D1%26x%3D2&h=AT0")
	fmt.Printf("%s unwrapped=%d removed=%d\n", res.URL, res.Unwrapped, res.Removed)
	// Output: https://example.org/?x=2 unwrapped=1 removed=1
}

func ExampleNew() {
	r, err := tracking.New([]byte(`{"providers": {"shop": {
		"urlPattern": "^https?://shop\\.example/",
		"rules": ["ref", "campaign_[a-z]+"]}}}`))
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Clean("https://shop.example/item?id=3&REF=home&campaign_x=1"))
	// Output: https://shop.example/item?id=3
}

func ExampleNew_unsupported() {
	_, err := tracking.New([]byte(`{"providers": {"shop": {
		"urlPattern": ".*", "rules": ["ok", "(?!tracking)id"]}}}`))
	var e *tracking.Error
	if errors.As(err, &e) {
		fmt.Println(e.Code, e.Provider, e.Field, e.Rule)
	}
	fmt.Println(err)
	// Output:
	// unsupported-rule shop rules 1
	// tracking: provider shop, rules[1]: "(?!tracking)id": the rule is not a regular expression RE2 can compile (invalid or unsupported Perl syntax)
}
