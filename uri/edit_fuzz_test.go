package uri

import (
	"testing"

	"github.com/urikit/urikit/form"
)

// FuzzReferenceEdit applies a sequence of edits (chosen by the bytes of
// ops, each with value) to a reference and checks after each that the
// result parses back to itself, and that a refused edit returns an error
// of package uri; and that deleting a query pair appended gives the
// reference back byte for byte.
func FuzzReferenceEdit(f *testing.F) {
	f.Add("http://u:p@h/a/b?utm_x=1&id=%7e#f", "\x00\x01\x02\x03\x04\x05\x06\x07", "utm_*")
	f.Add("a/b", "\x10\x21\x32", "c:d")
	f.Add("//h", "\x00\x00", "")
	comps := []Component{ComponentScheme, ComponentUserinfo, ComponentHost, ComponentPort, ComponentPath, ComponentQuery, ComponentFragment}
	f.Fuzz(func(t *testing.T, in, ops, value string) {
		r, err := Parse(in)
		if err != nil || len(ops) > 16 {
			return
		}
		for i := 0; i < len(ops); i++ {
			op, idx := ops[i]&15, int(ops[i]>>4)
			var next Reference
			var err error
			switch op {
			case 0:
				next, err = r.AppendPathSegment(value)
			case 1:
				next, err = r.InsertPathSegment(idx, value)
			case 2:
				next, err = r.RemovePathSegment(idx)
			case 3:
				next, err = r.ReplacePathSegment(idx, value)
			case 4:
				next, err = r.EditQuery(func(q *form.RawQuery) { q.Append(value, value) })
			case 5:
				next, err = r.EditQuery(func(q *form.RawQuery) { q.Delete(value) })
			case 6:
				next, err = r.EditQuery(func(q *form.RawQuery) { q.Sort() })
			case 7:
				next, err = r.JoinPath(value)
			case 8:
				next, err = r.WithDecoded(comps[idx%len(comps)], value)
			default:
				next = r
				q, _ := r.Query()
				if q != "" && q[len(q)-1] != '&' && !r.QueryParams().Has("urikit fuzz") {
					a, err := r.EditQuery(func(q *form.RawQuery) { q.Append("urikit fuzz", value) })
					if err != nil {
						t.Fatalf("append to %s: %v", r, err)
					}
					d, err := a.EditQuery(func(q *form.RawQuery) { q.Delete("urikit fuzz") })
					if err != nil || d != r {
						t.Fatalf("append then delete on %s gave %s, %v", r, d, err)
					}
				}
			}
			if err != nil {
				if _, ok := err.(*Error); !ok {
					t.Fatalf("op %d on %s: error %T %v", op, r, err, err)
				}
				continue
			}
			back, perr := Parse(next.String())
			if perr != nil || back != next {
				t.Fatalf("op %d (%q) on %s gave %s, which does not parse back: %v", op, value, r, next, perr)
			}
			r = next
		}
	})
}
