package whatwg

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/form"
)

var fuzzComponents = []Component{ComponentScheme, ComponentUsername, ComponentPassword, ComponentHost, ComponentHostname, ComponentPort, ComponentPath, ComponentQuery, ComponentFragment}

// FuzzEdit applies a sequence of edits (chosen by the bytes of ops, each
// with value) to a URL and checks after each that the URL serializes to
// an href that parses back to the same URL, that a refused edit leaves
// the URL unchanged, and that deleting an appended query pair, or
// removing an appended path segment, gives the URL back byte for byte
// (but for an empty query, which becomes null when emptied again, a
// query ending with "&", which the append uses, and a path ending with
// "/", whose empty last segment the append replaces).
func FuzzEdit(f *testing.F) {
	for _, s := range []struct{ in, ops, v string }{
		{"https://u:p@ex.com:81/a/b?utm_x=1&id=%7e#f", "\x00\x03\x07\x08", "utm_*"},
		{"sc://h/x?a&&b", "\x01\x12\x23\x34\x45", "a b/%zz"},
		{"file:///c:/x", "\x03\x04\x05\x06", "c:"},
		{"mailto:x?y", "\x00\x10\x20\x30\x40\x50\x60\x70\x80", ".."},
		{"sc:/.//x", "\x02\x12\x22\x32\x42", "%2e"},
		{"http://[::1]:8/", "\x0b\x1b\x2b\x3b", "h:1"},
	} {
		f.Add(s.in, s.ops, s.v)
	}
	f.Fuzz(func(t *testing.T, in, ops, value string) {
		u, err := Parse(in)
		if err != nil || len(ops) > 16 {
			return
		}
		for i := 0; i < len(ops); i++ {
			before := u
			op, c := ops[i]&15, fuzzComponents[int(ops[i]>>4)%len(fuzzComponents)]
			idx := int(ops[i] >> 4)
			var err error
			switch op {
			case 0:
				err = u.SetComponent(c, value)
			case 1:
				err = u.SetComponentRaw(c, value)
			case 2:
				err = u.ClearComponent(c)
			case 3:
				err = u.AppendPathSegment(value)
			case 4:
				err = u.InsertPathSegment(idx, value)
			case 5:
				err = u.RemovePathSegment(idx)
			case 6:
				err = u.ReplacePathSegment(idx, value)
			case 7:
				err = u.EditQuery(func(q *form.RawQuery) { q.Append(value, value) })
			case 8:
				err = u.EditQuery(func(q *form.RawQuery) { q.Delete(value) })
			case 9:
				err = u.EditQuery(func(q *form.RawQuery) { q.DeleteValue(value, value) })
			case 10:
				err = u.EditQuery(func(q *form.RawQuery) { q.Sort() })
			case 11:
				err = u.set(c, value)
			case 12:
				var v URL
				if v, err = u.JoinPath(value); err == nil {
					u = v
				}
			default:
				checkAppendUndo(t, &u, value)
			}
			if err != nil && u != before {
				t.Fatalf("op %d on %s refused (%v) but changed the URL to %s", op, before.Href(), err, u.Href())
			}
			v, perr := Parse(u.Href())
			if perr != nil {
				t.Fatalf("op %d (%q) on %s gave %s, which does not parse: %v", op, value, before.Href(), u.Href(), perr)
			}
			if v != u {
				t.Fatalf("op %d (%q) on %s gave %s, which parses as %s", op, value, before.Href(), u.Href(), v.Href())
			}
		}
	})
}

// checkAppendUndo checks that appending a pair then deleting it, and
// appending a segment then removing it, give u back.
func checkAppendUndo(t *testing.T, u *URL, value string) {
	const name = "urikit fuzz name"
	q := u.QueryParams()
	// An empty query is the exception: emptied again, it becomes null.
	if query, _ := u.Query(); !q.Has(name) && !strings.HasSuffix(query, "&") && query != "" {
		v := *u
		if err := v.EditQuery(func(q *form.RawQuery) { q.Append(name, value) }); err != nil {
			t.Fatalf("append to %s: %v", u.Href(), err)
		}
		if err := v.EditQuery(func(q *form.RawQuery) { q.Delete(name) }); err != nil || v.Href() != u.Href() {
			t.Fatalf("append then delete on %s gave %s, %v", u.Href(), v.Href(), err)
		}
	}
	p := u.Pathname()
	if u.opaque || p == "" || strings.HasSuffix(p, "/") && p != "/" {
		return
	}
	v := *u
	if err := v.AppendPathSegment(value); err != nil {
		return // a dot segment
	}
	if err := v.RemovePathSegment(len(v.RawPathSegments()) - 1); err != nil || v.Href() != u.Href() {
		t.Fatalf("append then remove segment %q on %s gave %s, %v", value, u.Href(), v.Href(), err)
	}
}
