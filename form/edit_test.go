package form

import (
	"fmt"
	"testing"

	"github.com/urikit/urikit/internal/boundedtest"
)

func TestReplace(t *testing.T) {
	q := ParseRaw("a=1&B=%7e&a=2")
	if !q.Replace("a", "x y") || q.String() != "a=x+y&B=%7e" {
		t.Errorf("Replace: %q", q.String())
	}
	if q.Replace("c", "1") || q.String() != "a=x+y&B=%7e" {
		t.Errorf("Replace of an absent name: %q", q.String())
	}
}

func TestBoundedEdit(t *testing.T) {
	if testing.Short() {
		t.Skip("measures inputs of up to 256 KiB")
	}
	for _, sh := range boundedShapes {
		for _, c := range []boundedtest.Case{
			{Op: "ParseRaw.Replace", Run: func(s string) { q := ParseRaw(s); q.Replace("a", "1") }, Allowance: segsEdit},
		} {
			c.Shape, c.Input = sh.Name, sh.Input
			t.Run(c.Op+"/"+sh.Name, func(t *testing.T) { boundedtest.Check(t, c) })
		}
	}
}

func ExampleRawQuery_Replace() {
	q := ParseRaw("utm_source=mail&id=%7e42&id=43&ref=a+b")
	fmt.Println(q.Replace("id", "7"), q)
	fmt.Println(q.Replace("nothing", "x"), q)
	// Output:
	// true utm_source=mail&id=7&ref=a+b
	// false utm_source=mail&id=7&ref=a+b
}
