package uri

import (
	"path"
	"strconv"
	"strings"

	"github.com/urikit/urikit/form"
	"github.com/urikit/urikit/percent"
)

// Codes of the editing methods (AppendPathSegment and the others).
const (
	// ErrDotSegment: a path segment "." or "..", which resolution would
	// remove.
	ErrDotSegment Code = "dot-segment"
	// ErrIndexRange: a path segment index past the end.
	ErrIndexRange Code = "index-out-of-range"
)

// editError returns the error of an edit refused at offset off of value.
func editError(c Component, code Code, value string, off int) error {
	return &Error{Offset: off, Component: c, Code: code, Input: value}
}

// WithRawPathSegments returns a copy of r whose path is the segments
// joined with "/": after a "/" when r's path starts with one or r has an
// authority, else as a rootless path. Each segment is already encoded and
// must be a valid segment: no "/" (which would split it), valid escapes,
// only characters of a segment (the error is that of a strict parse, with
// the offset in the segment).
func (r Reference) WithRawPathSegments(segs []string) (Reference, error) {
	for _, s := range segs {
		for i := 0; i < len(s); i++ {
			c := s[i]
			switch {
			case c == '%':
				if i+2 >= len(s) || !isHexDigit(s[i+1]) || !isHexDigit(s[i+2]) {
					return Reference{}, editError(ComponentPath, ErrInvalidEscape, s, i)
				}
			case c == '/' || percent.PathSegment.Contains(c):
				code := ErrInvalidChar
				if c >= 0x80 {
					code = ErrNonASCII
				}
				return Reference{}, editError(ComponentPath, code, s, i)
			}
		}
	}
	var b strings.Builder
	abs := r.HasAuthority() || strings.HasPrefix(r.Path(), "/")
	for i, s := range segs {
		if i > 0 || abs {
			b.WriteByte('/')
		}
		b.WriteString(s)
	}
	return r.With(ComponentPath, b.String())
}

// encodeSegment encodes the decoded segment seg with percent.PathSegment
// ("/" and "%" included), refusing "." and "..".
func encodeSegment(seg string) (string, error) {
	if seg == "." || seg == ".." {
		return "", editError(ComponentPath, ErrDotSegment, seg, 0)
	}
	return percent.Encode(seg, percent.PathSegment), nil
}

// AppendPathSegment returns a copy of r with the decoded segment seg added
// at the end of the path, encoded with percent.PathSegment so that a "/"
// in it stays in the segment ("%2F"). A path that ends with "/" has an
// empty last segment, which seg replaces ("/a/" becomes "/a/seg"). "."
// and ".." are refused (ErrDotSegment).
func (r Reference) AppendPathSegment(seg string) (Reference, error) {
	_, q, n := r.segments()
	if n > 0 && (q == "" || q[len(q)-1] == '/') {
		return r.editSegments(n-1, seg, 1)
	}
	return r.editSegments(n, seg, 0)
}

// InsertPathSegment returns a copy of r with the decoded segment seg
// inserted before segment i of RawPathSegments (i == their number appends
// it), encoded as AppendPathSegment encodes it. An index out of range is
// an error of code ErrIndexRange.
func (r Reference) InsertPathSegment(i int, seg string) (Reference, error) {
	return r.editSegments(i, seg, 0)
}

// ReplacePathSegment returns a copy of r with segment i of RawPathSegments
// replaced by the decoded segment seg.
func (r Reference) ReplacePathSegment(i int, seg string) (Reference, error) {
	return r.editSegments(i, seg, 1)
}

// RemovePathSegment returns a copy of r without segment i of
// RawPathSegments. Removing the only segment of "/x" leaves "/".
func (r Reference) RemovePathSegment(i int) (Reference, error) {
	lead, q, n := r.segments()
	if i < 0 || i >= n {
		return Reference{}, editError(ComponentPath, ErrIndexRange, strconv.Itoa(i), 0)
	}
	if n == 1 {
		return r.With(ComponentPath, lead)
	}
	a := segmentStart(q, i)
	if i == n-1 {
		return r.With(ComponentPath, lead+q[:a-1]) // with the "/" before it
	}
	return r.With(ComponentPath, lead+q[:a]+q[segmentStart(q, i+1):])
}

// segments returns the path as its lead ("/" for a path that starts with
// one, or that is empty in a reference with an authority, else "") and
// the text q of its segments joined by "/" after the lead, with their
// number n (as RawPathSegments counts them).
func (r Reference) segments() (lead, q string, n int) {
	p := r.Path()
	switch {
	case strings.HasPrefix(p, "/"):
		return "/", p[1:], strings.Count(p, "/")
	case p == "":
		if r.HasAuthority() {
			return "/", "", 0
		}
		return "", "", 0
	}
	return "", p, strings.Count(p, "/") + 1
}

// segmentStart returns the index in q of segment i, or len(q)+1 when i is
// the number of segments.
func segmentStart(q string, i int) int {
	if i == 0 {
		return 0
	}
	for k := 0; k < len(q); k++ {
		if q[k] == '/' {
			if i--; i == 0 {
				return k + 1
			}
		}
	}
	return len(q) + 1
}

// editSegments returns r with the decoded segment seg put at index i of
// the segments in place of del of them, splicing the path text: the other
// segments are copied once, never split into a list.
func (r Reference) editSegments(i int, seg string, del int) (Reference, error) {
	lead, q, n := r.segments()
	if i < 0 || i+del > n {
		return Reference{}, editError(ComponentPath, ErrIndexRange, strconv.Itoa(i), 0)
	}
	enc, err := encodeSegment(seg)
	if err != nil {
		return Reference{}, err
	}
	var p string
	a := segmentStart(q, i)
	switch {
	case n == 0:
		p = lead + enc
	case del > 0:
		p = lead + q[:a] + enc + q[segmentStart(q, i+1)-1:]
	case i == n:
		p = lead + q + "/" + enc
	default:
		p = lead + q[:a] + enc + "/" + q[a:]
	}
	return r.With(ComponentPath, p)
}

// QueryParams returns the query as a form.RawQuery: its pairs in order,
// each kept byte for byte, to read and edit with the RawQuery methods and
// write back with WithQueryParams.
func (r Reference) QueryParams() form.RawQuery {
	q, _ := r.Query()
	return form.ParseRaw(q)
}

// WithQueryParams returns a copy of r whose query is q; the pairs q kept
// from r come back byte for byte. An empty q removes the query (and its
// "?"), unless r's query was already empty. A raw pair that is not valid
// in a query is refused with the error of a strict parse.
func (r Reference) WithQueryParams(q form.RawQuery) (Reference, error) {
	s := q.String()
	old, had := r.Query()
	switch {
	case s == old && (had || s != ""):
		return r, nil
	case s == "" && !(had && old == ""):
		return r.Without(ComponentQuery), nil
	}
	return r.With(ComponentQuery, s)
}

// EditQuery returns a copy of r whose query is what edit leaves of r's
// query pairs (see QueryParams and WithQueryParams).
func (r Reference) EditQuery(edit func(q *form.RawQuery)) (Reference, error) {
	q := r.QueryParams()
	edit(&q)
	return r.WithQueryParams(q)
}

// JoinPath returns a copy of r with the elements elem joined to its path
// with "/", as net/url's URL.JoinPath does: each element is an encoded
// path, "./" and "../" are resolved and repeated "/" collapsed, and a
// trailing "/" of the last element is kept. A rootless path stays
// rootless. The result is checked by a strict parse.
func (r Reference) JoinPath(elem ...string) (Reference, error) {
	if len(elem) == 0 {
		return r, nil
	}
	p := r.Path()
	rootless := !strings.HasPrefix(p, "/")
	parts := append([]string{"/" + p}, elem...)
	j := path.Join(parts...)
	if strings.HasSuffix(elem[len(elem)-1], "/") && !strings.HasSuffix(j, "/") {
		j += "/"
	}
	if rootless && !r.HasAuthority() {
		j = j[1:]
	}
	return r.With(ComponentPath, j)
}

// Redacted returns the reference with the password of its userinfo (the
// text after the first ":"), when it has one, replaced by "xxxxx", as
// net/url's URL.Redacted does, for logging.
func (r Reference) Redacted() string {
	ui, ok := r.Userinfo()
	if !ok {
		return r.s
	}
	i := strings.IndexByte(ui, ':')
	if i < 0 || i == len(ui)-1 {
		return r.s
	}
	start := r.authStart() + i + 1
	return r.s[:start] + "xxxxx" + r.s[start+len(ui)-i-1:]
}
