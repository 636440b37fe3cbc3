package percent_test

import (
	"errors"
	"fmt"

	"github.com/urikit/urikit/percent"
)

func ExampleEncode() {
	fmt.Println(percent.Encode("a b/你", percent.Unreserved))
	fmt.Println(percent.Encode("file?.txt", percent.PathSegment))
	fmt.Println(percent.Encode("Tom&Jerry", percent.QueryValue))
	// Output:
	// a%20b%2F%E4%BD%A0
	// file%3F.txt
	// Tom%26Jerry
}

func ExampleAppendEncode() {
	buf := make([]byte, 0, 64)
	for _, seg := range []string{"docs", "a b", "100%"} {
		buf = append(buf, '/')
		buf = percent.AppendEncode(buf, seg, percent.PathSegment)
	}
	fmt.Println(string(buf))
	// Output: /docs/a%20b/100%25
}

func ExampleEncoder() {
	form := percent.Encoder{Set: percent.Form, SpaceAsPlus: true}
	fmt.Println(form.Encode("a b+c"))
	keep := percent.Encoder{Set: percent.Unreserved, KeepEscapes: true}
	fmt.Println(keep.Encode("100%25 done"))
	// Output:
	// a+b%2Bc
	// 100%25%20done
}

func ExampleDecode() {
	s, err := percent.Decode("caf%C3%A9%2Fbar")
	fmt.Println(s, err)
	_, err = percent.Decode("abc%4")
	var pe *percent.Error
	if errors.As(err, &pe) {
		fmt.Println(pe.Offset, pe.Code)
	}
	fmt.Println(errors.Is(err, percent.ErrTruncatedEscape))
	// Output:
	// café/bar <nil>
	// 3 truncated-escape
	// true
}

func ExampleDecoder_DecodeLenient() {
	s, findings := percent.Decoder{}.DecodeLenient("100%zz%41%C3")
	fmt.Println(s)
	// What was kept as written:
	for _, f := range findings {
		fmt.Println(f)
	}
	// Output:
	// 100%zzA%C3
	// offset 3: invalid-escape: "%zz": % not followed by two hex digits
	// offset 9: invalid-utf8: "%C3": decoded bytes are not valid UTF-8
}

func ExampleDecoder_legacyU() {
	s, err := percent.Decoder{LegacyU: true}.Decode("%u4F60%uD83D%uDE00")
	fmt.Println(s, err)
	// Output: 你😀 <nil>
}

func ExampleDecodeBytes() {
	b, err := percent.DecodeBytes("%FF%00a")
	fmt.Printf("%x %v\n", b, err)
	// Output: ff0061 <nil>
}

func ExampleNormalize() {
	fmt.Println(percent.Normalize("/%7euser/a%2fb"))
	// Output: /~user/a%2Fb
}

func ExampleValidate() {
	fmt.Println(percent.Validate("a%20b", percent.PathSegment))
	fmt.Println(percent.Validate("a b", percent.PathSegment))
	// Output:
	// <nil>
	// percent: offset 1: "a b": byte must be percent-encoded
}

func ExampleSet_Add() {
	// The WHATWG fragment set, composed from the C0 control set.
	s := percent.C0Control.Add(" \"<>`")
	fmt.Println(s == percent.WHATWGFragment)
	// Output: true
}

func ExampleSet_Index() {
	// Where the valid path text ends: the first byte Path would encode.
	fmt.Println(percent.Path.Index("/docs/a b.txt"))
	fmt.Println(percent.Path.Index("/docs/index.html"))
	// Output:
	// 7
	// -1
}
