package whatwg

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/form"
	"github.com/urikit/urikit/internal/boundedtest"
)

// Bounded cost of the editing API (edit.go), measured as bounded_test.go
// measures the rest: on every adversarial shape, an edit allocates at
// most 8 bytes per byte of the URL it edits (its href, or the value it
// sets, whichever is larger) plus a constant, and no more per byte on
// large inputs than on small ones. Edits that work on a list (the path
// segments, the query pairs) may also hold one list element per
// separator: 24 bytes more per "/" and per "&" (three slice elements of
// 8 bytes, as the size adds 3 per separator).

// editSize is the size an edit of the URL href is held to.
func editSize(href string) int {
	return len(href) + 3*(strings.Count(href, "/")+strings.Count(href, "&"))
}

var editBoundedOps = []boundedOp{
	{name: "SetComponent/path", value: true, prep: func(x string) (func(), int) {
		return func() { u := boundedBase; _ = u.SetComponent(ComponentPath, x) }, 3 * len(x)
	}},
	{name: "SetComponent/query", value: true, prep: func(x string) (func(), int) {
		return func() { u := boundedBase; _ = u.SetComponent(ComponentQuery, x) }, 3 * len(x)
	}},
	{name: "SetComponentRaw/fragment", value: true, prep: func(x string) (func(), int) {
		return func() {
			u := boundedBase
			if err := u.SetComponentRaw(ComponentFragment, x); err != nil {
				_ = err.Error()
			}
		}, 0
	}},
	{name: "TrySetHost", value: true, prep: func(x string) (func(), int) {
		return func() {
			u := boundedBase
			if err := u.TrySetHost(x); err != nil {
				_ = err.Error()
			}
		}, 0
	}},
	{name: "TrySetPort", value: true, prep: func(x string) (func(), int) {
		return func() { u := boundedBase; _ = u.TrySetPort(x) }, 0
	}},
	{name: "AppendPathSegment", prep: editOnURL(func(u *URL) { _ = u.AppendPathSegment("a/b") })},
	{name: "RemovePathSegment", prep: editOnURL(func(u *URL) { _ = u.RemovePathSegment(0) })},
	{name: "PathSegments", prep: editOnURL(func(u *URL) { _ = u.PathSegments() })},
	{name: "EditQuery/Delete", prep: editOnURL(func(u *URL) {
		_ = u.EditQuery(func(q *form.RawQuery) { q.Delete("a") })
	})},
	{name: "EditQuery/Append", prep: editOnURL(func(u *URL) {
		_ = u.EditQuery(func(q *form.RawQuery) { q.Append("k", "v") })
	})},
	{name: "EditQuery/Sort", prep: editOnURL(func(u *URL) {
		_ = u.EditQuery(func(q *form.RawQuery) { q.Sort() })
	})},
	{name: "JoinPath", prep: editOnURL(func(u *URL) { _, _ = u.JoinPath("../x", "y/") })},
	{name: "Redacted", prep: editOnURL(func(u *URL) { _ = u.Redacted() })},
}

// editOnURL measures edit on a copy of the URL x.
func editOnURL(edit func(u *URL)) func(x string) (func(), int) {
	return func(x string) (func(), int) {
		u, err := Parse(x)
		if err != nil {
			return nil, 0
		}
		return func() { v := u; edit(&v) }, editSize(u.Href())
	}
}

func TestBoundedEdit(t *testing.T) {
	boundedtest.SkipIfRace(t)
	if testing.Short() {
		t.Skip("measures inputs of up to 256 KiB")
	}
	for _, op := range editBoundedOps {
		for _, s := range boundedShapes {
			t.Run(op.name+"/"+s.name, func(t *testing.T) {
				checkGrowth(t, []int{1 << 10, 16 << 10, 256 << 10}, func(n int) (int, func()) {
					x := s.input(n)
					if op.value {
						x = s.value(n)
					}
					f, size := op.prep(x)
					return max(len(x), size), f
				})
			})
		}
	}
}

// BenchmarkBoundedEdit reports the time per byte of the edits on the
// adversarial shapes at 10 KB, 1 MB and 10 MB.
func BenchmarkBoundedEdit(b *testing.B) {
	var cs []boundedtest.Case
	for _, op := range editBoundedOps {
		for _, s := range boundedShapes {
			input := s.input
			if op.value {
				input = s.value
			}
			cs = append(cs, boundedtest.Case{Op: op.name, Shape: s.name, Input: input, Prepare: func(x string) func() {
				f, _ := op.prep(x)
				return f
			}})
		}
	}
	boundedtest.Bench(b, cs)
}
