package surt

import (
	"testing"

	"github.com/urikit/urikit/internal/boundedtest"
)

// Bounded cost: Key and Fingerprint allocate at most 8 bytes per input
// byte plus a constant, on adversarial inputs of growing size.

const sid32 = "0123456789abcdefghijklmnopqrstuv"

var boundedShapes = []boundedtest.Shape{
	{Name: "labels", Prefix: "http://", Unit: "a.", Suffix: "com/"},
	{Name: "www-digits", Prefix: "http://www", Unit: "1", Suffix: ".com/"},
	{Name: "segments", Prefix: "http://a.com/", Unit: "a/"},
	{Name: "empty-segments", Prefix: "http://a.com/", Unit: "/"},
	{Name: "dot-segments", Prefix: "http://a.com/", Unit: "../"},
	{Name: "push-pop", Prefix: "http://a.com/", Unit: "a/b/../"},
	{Name: "escapes", Prefix: "http://a.com/", Unit: "%25"},
	{Name: "nested-escapes", Prefix: "http://a.com/%", Unit: "25"},
	{Name: "escaped-escapes", Prefix: "http://a.com/", Unit: "%2525%32%35"},
	{Name: "spaces", Prefix: "http://a.com/", Unit: " \x01\xff"},
	{Name: "query-sorted", Prefix: "http://a.com/?", Unit: "a=1&"},
	{Name: "query-unsorted", Prefix: "http://a.com/?", Unit: "b=1&a&"},
	{Name: "query-amps", Prefix: "http://a.com/?x", Unit: "&"},
	{Name: "jsessionid", Prefix: "http://a.com/?", Unit: "jsessionid=" + sid32 + "&"},
	{Name: "sid-near", Prefix: "http://a.com/?", Unit: "sid=" + sid32 + "x"},
	{Name: "cfid", Prefix: "http://a.com/?", Unit: "cfid="},
	{Name: "cfid-token", Prefix: "http://a.com/?", Unit: "cfid=1&cftoken=2&"},
	{Name: "aspx-blocks", Prefix: "http://a.com/", Unit: "(abcdefghijklmnopqrstuvwx)/", Suffix: "a.aspx"},
	{Name: "aspx-cookieless", Prefix: "http://a.com/(", Unit: "s(abcdefghijklmnopqrstuvwx)", Suffix: ")/a.aspx"},
	{Name: "aspx-no-match", Prefix: "http://a.com/", Unit: "(abcdefghijklmnopqrstuvwx)//", Suffix: ".aspx"},
	{Name: "ipv4-digits", Prefix: "http://", Unit: "1"},
	{Name: "idn-host", Prefix: "http://", Unit: "é", Suffix: ".com/"},
	{Name: "tabs", Prefix: "http://a.com/", Unit: "a\t"},
	{Name: "repeated-scheme", Unit: "http://"},
	{Name: "userinfo", Prefix: "http://", Unit: "a@", Suffix: "b.com/"},
	{Name: "hostless", Prefix: "mailto:", Unit: "A%41"},
	{Name: "fragment", Prefix: "http://a.com/#", Unit: "%41b"},
	{Name: "tracking-params", Prefix: "http://a.com/?", Unit: "utm_source=x&"},
	{Name: "bad-port", Prefix: "http://a.com:", Unit: "1", Suffix: "x"},
}

func boundedCases() []boundedtest.Case {
	all := Options{Fragment: true}
	var cs []boundedtest.Case
	cs = append(cs, boundedtest.Cases("Key", func(s string) { _, _ = Key(s, Options{}) }, boundedShapes)...)
	cs = append(cs, boundedtest.Cases("Key.fragment", func(s string) { _, _ = Key(s, all) }, boundedShapes)...)
	cs = append(cs, boundedtest.Cases("Fingerprint", func(s string) { _, _ = Fingerprint(s) }, boundedShapes)...)
	cs = append(cs, boundedtest.Cases("Error", boundedtest.ErrorText(func(s string) (string, error) { return Key(s, Options{}) }), boundedShapes)...)
	return cs
}

func TestBounded(t *testing.T) { boundedtest.CheckAll(t, boundedCases()) }

// BenchmarkBounded reports the time per input byte on the adversarial
// shapes.
func BenchmarkBounded(b *testing.B) { boundedtest.Bench(b, boundedCases()) }
