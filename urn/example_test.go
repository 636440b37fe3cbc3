package urn_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/urikit/urikit/urn"
)

func Example() {
	u, err := urn.Parse("urn:isbn:9971-5-0210-0")
	if err != nil {
		panic(err)
	}
	fmt.Println(u.NID(), u.NSS())
	same, _ := urn.Parse("URN:ISBN:9971-5-0210-0")
	fmt.Println(urn.Equal(u, same), same.Key())
	// Output:
	// isbn 9971-5-0210-0
	// true urn:isbn:9971-5-0210-0
}

func ExampleParse_components() {
	u, _ := urn.Parse("urn:example:foo-bar-baz-qux?+CCResolve:cc=uk?=op=map#somepart")
	r, _ := u.RComponent()
	q, _ := u.QComponent()
	f, _ := u.FComponent()
	fmt.Println(u.AssignedName())
	fmt.Println(r, q, f)
	// Output:
	// urn:example:foo-bar-baz-qux
	// CCResolve:cc=uk op=map somepart
}

func ExampleParse_error() {
	_, err := urn.Parse("urn:ab-:c")
	fmt.Println(err)
	fmt.Println(errors.Is(err, urn.ErrNIDHyphen))
	// Output:
	// urn: offset 6 (nid): "urn:ab-:c": the NID does not begin or end with "-"
	// true
}

func ExampleEqual() {
	a, _ := urn.Parse("urn:example:a123%2cz456?=xyz")
	b, _ := urn.Parse("URN:EXAMPLE:a123%2Cz456#789")
	c, _ := urn.Parse("urn:example:a123,z456")
	fmt.Println(urn.Equal(a, b), urn.Equal(a, c))
	// Output: true false
}

func ExampleURN_Key() {
	seen := map[string]bool{}
	for _, s := range []string{"urn:example:a%2f", "URN:Example:a%2F?+r", "urn:example:A%2F"} {
		u, _ := urn.Parse(s)
		seen[u.Key()] = true
	}
	fmt.Println(len(seen))
	// Output: 2
}

func ExampleURN_MarshalText() {
	var v struct {
		ID  urn.URN
		Alt urn.URN
	}
	v.ID = urn.MustParse("urn:isbn:9971-5-0210-0")
	b, _ := json.Marshal(v)
	fmt.Println(string(b))
	// Output: {"ID":"urn:isbn:9971-5-0210-0","Alt":""}
}
