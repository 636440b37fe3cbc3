package uri

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/urikit/urikit/form"
	"github.com/urikit/urikit/internal/boundedtest"
)

func TestReferencePathSegmentEdits(t *testing.T) {
	type op func(r Reference) (Reference, error)
	for _, c := range []struct {
		in   string
		op   op
		want string
		code Code
	}{
		{"http://a/x", func(r Reference) (Reference, error) { return r.AppendPathSegment("y/z w") }, "http://a/x/y%2Fz%20w", ""},
		{"http://a/x/", func(r Reference) (Reference, error) { return r.AppendPathSegment("y") }, "http://a/x/y", ""},
		{"http://a", func(r Reference) (Reference, error) { return r.AppendPathSegment("y") }, "http://a/y", ""},
		{"a/b", func(r Reference) (Reference, error) { return r.AppendPathSegment("c:d") }, "a/b/c:d", ""},
		{"a/b", func(r Reference) (Reference, error) { return r.InsertPathSegment(0, "c:d") }, "./c:d/a/b", ""},
		{"mailto:x@y", func(r Reference) (Reference, error) { return r.AppendPathSegment("z") }, "mailto:x@y/z", ""},
		{"http://a/x", func(r Reference) (Reference, error) { return r.AppendPathSegment("100%") }, "http://a/x/100%25", ""},
		{"http://a/x", func(r Reference) (Reference, error) { return r.AppendPathSegment("..") }, "", ErrDotSegment},
		{"http://a/x/y", func(r Reference) (Reference, error) { return r.ReplacePathSegment(0, "é") }, "http://a/%C3%A9/y", ""},
		{"http://a/x/y", func(r Reference) (Reference, error) { return r.ReplacePathSegment(2, "w") }, "", ErrIndexRange},
		{"http://a/x/y", func(r Reference) (Reference, error) { return r.InsertPathSegment(-1, "w") }, "", ErrIndexRange},
		{"http://a/x/y", func(r Reference) (Reference, error) { return r.RemovePathSegment(1) }, "http://a/x", ""},
		{"http://a/x", func(r Reference) (Reference, error) { return r.RemovePathSegment(0) }, "http://a/", ""},
		{"x", func(r Reference) (Reference, error) { return r.RemovePathSegment(0) }, "", ""},
		{"http://a", func(r Reference) (Reference, error) { return r.RemovePathSegment(0) }, "", ErrIndexRange},
		{"http://a/x", func(r Reference) (Reference, error) { return r.WithRawPathSegments([]string{"a%2Fb", "~"}) }, "http://a/a%2Fb/~", ""},
		{"http://a/x", func(r Reference) (Reference, error) { return r.WithRawPathSegments([]string{"a/b"}) }, "", ErrInvalidChar},
		{"http://a/x", func(r Reference) (Reference, error) { return r.WithRawPathSegments([]string{"a b"}) }, "", ErrInvalidChar},
		{"http://a/x", func(r Reference) (Reference, error) { return r.WithRawPathSegments([]string{"é"}) }, "", ErrNonASCII},
		{"http://a/x", func(r Reference) (Reference, error) { return r.WithRawPathSegments([]string{"%g0"}) }, "", ErrInvalidEscape},
		{"http://a/x", func(r Reference) (Reference, error) { return r.WithRawPathSegments(nil) }, "http://a", ""},
		{"/x", func(r Reference) (Reference, error) { return r.WithRawPathSegments([]string{"", "y"}) }, "", ErrAmbiguousPath},
	} {
		r := MustParse(c.in)
		got, err := c.op(r)
		if c.code != "" {
			var ue *Error
			if !errors.As(err, &ue) || ue.Code != c.code || ue.Component != ComponentPath {
				t.Errorf("%s: %v, want %s", c.in, err, c.code)
			}
			continue
		}
		if err != nil || got.String() != c.want {
			t.Errorf("%s: %s, %v; want %s", c.in, got, err, c.want)
		}
		if back, err := Parse(got.String()); err != nil || back != got {
			t.Errorf("%s: %s does not parse back: %v", c.in, got, err)
		}
	}
}

func TestReferenceQueryParams(t *testing.T) {
	r := MustParse("http://h/p?utm_source=x&id=%7e1&&utm_medium=y#f")
	got, err := r.EditQuery(func(q *form.RawQuery) {
		q.Delete("utm_source")
		q.Delete("utm_medium")
		q.Append("a b", "c&d")
	})
	if want := "http://h/p?id=%7e1&a+b=c%26d#f"; err != nil || got.String() != want {
		t.Errorf("EditQuery: %s, %v; want %s", got, err, want)
	}
	got, err = got.EditQuery(func(q *form.RawQuery) { *q = form.RawQuery{} })
	if err != nil || got.String() != "http://h/p#f" {
		t.Errorf("emptied: %s, %v", got, err)
	}
	e := MustParse("http://h/?")
	if got, err := e.EditQuery(func(*form.RawQuery) {}); err != nil || got != e {
		t.Errorf("empty query: %s, %v", got, err)
	}
	if got, err := MustParse("http://h/").EditQuery(func(*form.RawQuery) {}); err != nil || got.String() != "http://h/" {
		t.Errorf("no query: %s, %v", got, err)
	}
	q := form.ParseRaw("a=1")
	_ = q.AppendRaw("b=x y")
	if _, err := MustParse("http://h/").WithQueryParams(q); err == nil {
		t.Error("a raw pair with a space is accepted")
	}
	// Deleting what was appended gives the reference back.
	for _, in := range []string{"http://h/", "http://h/?x=%7e&&y", "a?b#c", "http://h/?=&="} {
		r := MustParse(in)
		a, err := r.EditQuery(func(q *form.RawQuery) { q.Append("new", "v w") })
		if err != nil {
			t.Fatal(err)
		}
		d, err := a.EditQuery(func(q *form.RawQuery) { q.Delete("new") })
		if err != nil || d != r {
			t.Errorf("%s: append then delete gives %s, %v", in, d, err)
		}
	}
}

func TestReferenceJoinPath(t *testing.T) {
	for _, c := range []struct {
		in   string
		elem []string
		want string
	}{
		{"http://a/b/c", []string{"d", "e"}, "http://a/b/c/d/e"},
		{"http://a/b/c/", []string{"../d/"}, "http://a/b/d/"},
		{"http://a", []string{"x"}, "http://a/x"},
		{"a/b", []string{"../c"}, "a/c"},
		{"http://a/b?q#f", nil, "http://a/b?q#f"},
	} {
		got, err := MustParse(c.in).JoinPath(c.elem...)
		if err != nil || got.String() != c.want {
			t.Errorf("JoinPath(%s, %q) = %s, %v; want %s", c.in, c.elem, got, err, c.want)
		}
	}
	if _, err := MustParse("http://a/").JoinPath("a b"); err == nil {
		t.Error("JoinPath accepts a space")
	}
}

func TestReferenceRedacted(t *testing.T) {
	for in, want := range map[string]string{
		"http://u:p@a/":      "http://u:xxxxx@a/",
		"http://u:@a/":       "http://u:@a/",
		"http://u@a/":        "http://u@a/",
		"//u:p:q@a/":         "//u:xxxxx@a/",
		"http://a/?u:p@x":    "http://a/?u:p@x",
		"mailto:u:p@example": "mailto:u:p@example",
	} {
		if got := MustParse(in).Redacted(); got != want {
			t.Errorf("Redacted(%s) = %s, want %s", in, got, want)
		}
	}
}

func TestBoundedEdit(t *testing.T) {
	if testing.Short() {
		t.Skip("measures inputs of up to 256 KiB")
	}
	// A list of segments or pairs: 48 bytes per separator (the split
	// list, its copy, and a doubling when it grows).
	perSep := func(s string) int { return 48 * (strings.Count(s, "/") + strings.Count(s, "&")) }
	ops := []struct {
		name string
		run  func(r Reference)
	}{
		{"AppendPathSegment", func(r Reference) { _, _ = r.AppendPathSegment("a/b") }},
		{"RemovePathSegment", func(r Reference) { _, _ = r.RemovePathSegment(0) }},
		{"EditQuery/Delete", func(r Reference) {
			_, _ = r.EditQuery(func(q *form.RawQuery) { q.Delete("a") })
		}},
		{"EditQuery/Sort", func(r Reference) { _, _ = r.EditQuery(func(q *form.RawQuery) { q.Sort() }) }},
		{"JoinPath", func(r Reference) { _, _ = r.JoinPath("../x", "y/") }},
		{"Redacted", func(r Reference) { _ = r.Redacted() }},
	}
	for _, op := range ops {
		for _, sh := range allShapes {
			c := boundedtest.Case{Op: op.name, Shape: sh.Name, Input: sh.Input, Run: func(s string) { op.run(lenient(s)) }, Allowance: perSep}
			t.Run(op.name+"/"+sh.Name, func(t *testing.T) { boundedtest.Check(t, c) })
		}
	}
}

func ExampleReference_EditQuery() {
	r := MustParse("https://shop.example/item?utm_source=mail&id=%7e42")
	r, _ = r.EditQuery(func(q *form.RawQuery) { q.Delete("utm_source") })
	fmt.Println(r)
	// Output: https://shop.example/item?id=%7e42
}

func ExampleReference_AppendPathSegment() {
	r := MustParse("https://example.com/files/")
	r, _ = r.AppendPathSegment("a/b c")
	fmt.Println(r)
	// Output: https://example.com/files/a%2Fb%20c
}

// TestSegmentEditsAgree checks the path splicing against the list: each
// edit gives the path that joining the edited RawPathSegments gives (or
// an error when that path would start with "//" without an authority).
func TestSegmentEditsAgree(t *testing.T) {
	join := func(r Reference, segs []string) string {
		p := strings.Join(segs, "/")
		if r.HasAuthority() || strings.HasPrefix(r.Path(), "/") {
			p = "/" + p
		}
		return p
	}
	check := func(what, in string, r, got Reference, err error, want string) {
		if strings.HasPrefix(want, "//") && !r.HasAuthority() {
			if err == nil {
				t.Errorf("%s on %q: %q, want an error", what, in, got)
			}
			return
		}
		if err != nil || got.Path() != want {
			t.Errorf("%s on %q: %q, %v; want %q", what, in, got.Path(), err, want)
		}
	}
	for _, in := range []string{"", "/", "//h", "//h/", "a", "a/", "a/b", "/a", "/a/", "/a/b", "/a//b/", "//h/a/b/c", "x:/a", "x:a/b"} {
		r := MustParse(in)
		segs := r.RawPathSegments()
		for i := 0; i <= len(segs); i++ {
			got, err := r.InsertPathSegment(i, "N")
			check(fmt.Sprintf("Insert(%d)", i), in, r, got, err, join(r, slices.Insert(slices.Clone(segs), i, "N")))
			if i == len(segs) {
				continue
			}
			got, err = r.ReplacePathSegment(i, "N")
			check(fmt.Sprintf("Replace(%d)", i), in, r, got, err, join(r, slices.Replace(slices.Clone(segs), i, i+1, "N")))
			want := join(r, slices.Delete(slices.Clone(segs), i, i+1))
			if len(segs) == 1 && strings.HasPrefix(r.Path(), "/") {
				want = "/"
			}
			got, err = r.RemovePathSegment(i)
			check(fmt.Sprintf("Remove(%d)", i), in, r, got, err, want)
		}
	}
}
