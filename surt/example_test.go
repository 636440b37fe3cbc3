package surt_test

import (
	"errors"
	"fmt"

	"github.com/urikit/urikit/surt"
)

func ExampleKey() {
	for _, u := range []string{
		"http://www.Example.com:80/a/b/?b=2&a=1#top",
		"https://archive.org/index.php?PHPSESSID=0123456789abcdefghijklemopqrstuv&x=1",
		"http://www1355544.com/",
		"dns:archive.org",
		"filedesc:IA-001.arc.gz",
	} {
		k, err := surt.Key(u, surt.Options{})
		fmt.Println(k, err)
	}
	// Output:
	// com,example)/a/b?a=1&b=2 <nil>
	// org,archive)/index.php?x=1 <nil>
	// com,www1355544)/ <nil>
	// dns:archive.org <nil>
	// filedesc:IA-001.arc.gz <nil>
}

func ExampleKey_options() {
	u := "http://www.example.com/a?b=1&a=2#top"
	for _, o := range []surt.Options{
		{Scheme: true},
		{KeepWWW: true, KeepQueryOrder: true},
		{Fragment: true},
		{HostOnly: true, TrailingComma: true},
	} {
		k, _ := surt.Key(u, o)
		fmt.Println(k)
	}
	// Output:
	// http://(com,example)/a?a=2&b=1
	// com,example,www)/a?b=1&a=2
	// com,example)/a?a=2&b=1#top
	// com,example,)
}

func ExampleKey_error() {
	_, err := surt.Key("http://example.com:99999/", surt.Options{})
	var e *surt.Error
	if errors.As(err, &e) {
		fmt.Println(e.Code, e.Offset)
	}
	fmt.Println(errors.Is(err, surt.ErrInvalidPort))
	fmt.Println(err)
	// Output:
	// invalid-port 19
	// true
	// surt: offset 19: "http://example.com:99999/": the port is not a number from 0 to 65535
}

func ExampleAppendKey() {
	b := []byte("key=")
	b, err := surt.AppendKey(b, "https://example.org/x/", surt.Options{})
	fmt.Println(string(b), err)
	// Output: key=org,example)/x <nil>
}

func ExampleFingerprint() {
	a, _ := surt.Fingerprint("https://www.example.com/post?id=7&utm_source=news&fbclid=abc")
	b, _ := surt.Fingerprint("http://example.com/post/?id=7#comments")
	fmt.Println(a)
	fmt.Println(a == b)
	// Output:
	// v1:com,example)/post?id=7
	// true
}
