package uri

import "strings"

// Resolve resolves ref against base as RFC 3986 §5.2.2 says for a strict
// parser, including remove_dot_segments (§5.2.4), and returns the target
// recomposed as §5.3 says.
//
// base must be an absolute URI (§5.1): a base without a scheme ("a/b",
// "//h/p", "/p", or the zero Reference) is not resolved against at all,
// and Resolve returns the zero Reference and an [*Error] with code
// [ErrMissingScheme]. Nothing of a relative base is kept: RFC 3986 defines
// resolution only against an absolute base, and resolving against "a/b"
// would give a reference that depends on a base not named. base's
// fragment, which §5.1 does not allow, is ignored.
//
// Two guards go beyond the letter of §5.3. When the target has no
// authority and its path starts with "//" (".//g" against "f:/a"), "/." is
// put in front of the path, since "f://g" would read "g" as an authority;
// the result "f:/.//g" names the same resource. Excess ".." segments of a
// rootless merged path are removed as §5.2.4 says, which makes the path
// absolute ("../c" against "foo:a/b" gives "foo:/c").
func Resolve(base, ref Reference) (Reference, error) {
	return resolveChecked(base, ref, false)
}

// ResolveNonStrict is Resolve for the backward-compatible parser of
// §5.2.2: a reference scheme equal to the base scheme (compared without
// case) is ignored, so "http:g" against "http://a/b/c/d;p?q" is
// "http://a/b/c/g" rather than "http:g". Like Resolve, it fails with
// [ErrMissingScheme] when base has no scheme.
func ResolveNonStrict(base, ref Reference) (Reference, error) {
	return resolveChecked(base, ref, true)
}

// ResolveReference is Resolve(r, ref): ref resolved against r as base,
// which must be an absolute URI.
func (r Reference) ResolveReference(ref Reference) (Reference, error) {
	return resolveChecked(r, ref, false)
}

// ResolveString parses base as an absolute URI and ref strictly, and
// resolves ref against base.
func ResolveString(base, ref string) (string, error) {
	b, err := ParseURI(base)
	if err != nil {
		return "", err
	}
	r, err := Parse(ref)
	if err != nil {
		return "", err
	}
	t, err := Resolve(b, r)
	if err != nil {
		return "", err
	}
	return t.String(), nil
}

// resolveChecked is resolve for a base that must have a scheme.
func resolveChecked(base, ref Reference, nonStrict bool) (Reference, error) {
	if !base.HasScheme() {
		return Reference{}, &Error{Offset: 0, Component: ComponentScheme, Code: ErrMissingScheme, Input: base.String()}
	}
	return resolve(base, ref, nonStrict), nil
}

func resolve(base, ref Reference, nonStrict bool) Reference {
	R, B := ref.raw(), base.raw()
	if nonStrict && R.hasScheme && B.hasScheme && strings.EqualFold(R.scheme, B.scheme) {
		R.hasScheme, R.scheme = false, ""
	}
	var T raw
	var pathBuf [256]byte
	switch {
	case R.hasScheme:
		T = R
		T.path = removeDotSegments(pathBuf[:0], R.path)
	case R.hasAuth:
		T = R
		T.path = removeDotSegments(pathBuf[:0], R.path)
		T.scheme, T.hasScheme = B.scheme, B.hasScheme
	default:
		T = B
		T.hasF, T.fragment = false, ""
		switch {
		case R.path == "":
			if R.hasQ {
				T.query, T.hasQ = R.query, true
			}
		case R.path[0] == '/':
			T.path = removeDotSegments(pathBuf[:0], R.path)
			T.query, T.hasQ = R.query, R.hasQ
		default:
			T.path = removeDotSegments(pathBuf[:0], merge(B, R.path))
			T.query, T.hasQ = R.query, R.hasQ
		}
	}
	T.fragment, T.hasF = R.fragment, R.hasF
	return T.reference()
}

// merge is §5.2.3: ref's path appended to the base path without its last
// segment, or to "/" when the base has an authority and an empty path.
func merge(base raw, ref string) string {
	if base.hasAuth && base.path == "" {
		return "/" + ref
	}
	i := strings.LastIndexByte(base.path, '/')
	if i < 0 {
		return ref
	}
	return base.path[:i+1] + ref
}

// RemoveDotSegments is the remove_dot_segments algorithm of RFC 3986
// §5.2.4, to the letter: it interprets and removes the "." and ".."
// segments of path. Note that the letter of the algorithm makes a
// relative path with excess ".." absolute ("a/../../b" gives "/b"); use
// Normalize to normalize a relative reference.
func RemoveDotSegments(path string) string {
	return removeDotSegments(nil, path)
}

// removeDotSegments implements §5.2.4 with an output buffer. It returns
// path itself when it has no dot segment.
func removeDotSegments(buf []byte, in string) string {
	if !hasDotSegment(in) {
		return in
	}
	// The output is no longer than in: grow once, not by appends.
	if cap(buf) < len(in) {
		buf = make([]byte, 0, len(in))
	}
	return string(appendRemoveDotSegments(buf[:0], in))
}

// appendRemoveDotSegments appends the path in with its dot segments removed
// (§5.2.4) to out, which must be empty (a ".." segment removes from out
// back to its last "/"). The result is no longer than in. Each step
// consumes the segment it moves, and a ".." pops only what a step before
// appended, so the whole takes time linear in len(in).
func appendRemoveDotSegments(out []byte, in string) []byte {
	for len(in) > 0 {
		switch {
		case strings.HasPrefix(in, "../"): // A
			in = in[3:]
		case strings.HasPrefix(in, "./"): // A
			in = in[2:]
		case strings.HasPrefix(in, "/./"): // B
			in = in[2:]
		case in == "/.": // B
			in = "/"
		case strings.HasPrefix(in, "/../"): // C
			in = in[3:]
			out = popSegment(out)
		case in == "/..": // C
			in = "/"
			out = popSegment(out)
		case in == "." || in == "..": // D
			in = ""
		default: // E
			j := 0
			if in[0] == '/' {
				j = 1
			}
			k := strings.IndexByte(in[j:], '/')
			if k < 0 {
				k = len(in)
			} else {
				k += j
			}
			out = append(out, in[:k]...)
			in = in[k:]
		}
	}
	return out
}

// popSegment removes the last segment of out and its preceding "/" (if
// any).
func popSegment(out []byte) []byte {
	for i := len(out) - 1; i >= 0; i-- {
		if out[i] == '/' {
			return out[:i]
		}
	}
	return out[:0]
}

// hasDotSegment reports whether some segment of p is "." or "..".
func hasDotSegment[T string | []byte](p T) bool {
	for i := 0; i < len(p); {
		end := i
		for end < len(p) && p[end] != '/' {
			end++
		}
		if isDots(p[i:end]) {
			return true
		}
		i = end + 1
	}
	return false
}

// isDots reports whether seg is "." or "..".
func isDots[T string | []byte](seg T) bool {
	return len(seg) == 1 && seg[0] == '.' || len(seg) == 2 && seg[0] == '.' && seg[1] == '.'
}

// Relativize returns the shortest reference that resolves against base to
// target: the inverse of Resolve. It is a fragment, a query, a relative
// or absolute path, or a network-path reference ("//host/p") as needed,
// and target itself when nothing shorter can express it (another scheme,
// a relative target, a target without authority against a base with one,
// rootless paths). It is never longer than target: where a relative path
// would be ("../../..//c//b" from "ftp://h/a/b/c/" to "ftp://h//c//b"),
// it is the absolute-path reference, with "/." in front when the path
// starts with "//" ("/.//c//b"). Resolve(base, Relativize(base, target))
// == target whenever target's path holds no "." or ".." segment.
func Relativize(base, target Reference) Reference {
	return relativize(target, base, false)
}

// RelativizePath is Relativize that never picks an absolute-path
// reference ("/a/b") when a relative path ("../a/b") works, even if it is
// longer, even longer than target; this keeps the result valid when the
// whole tree moves.
func RelativizePath(base, target Reference) Reference {
	return relativize(target, base, true)
}

func relativize(target, base Reference, noAbsolute bool) Reference {
	t, b := target.raw(), base.raw()
	if !t.hasScheme || !b.hasScheme || t.scheme != b.scheme {
		return target
	}
	tAuth, _ := target.Authority()
	bAuth, _ := base.Authority()
	if t.hasAuth != b.hasAuth {
		return target
	}
	x := t
	x.hasScheme, x.scheme = false, ""
	if t.hasAuth && tAuth != bAuth {
		return x.reference() // network-path reference
	}
	x.hasAuth, x.hasUser, x.hasPort = false, false, false
	x.userinfo, x.host, x.port = "", "", ""
	if !t.hasAuth && (!strings.HasPrefix(t.path, "/") || !strings.HasPrefix(b.path, "/")) {
		return target
	}
	if t.path == b.path {
		if t.hasQ == b.hasQ && t.query == b.query {
			x.path, x.hasQ, x.query = "", false, ""
			return x.reference() // "" or "#frag"
		}
		if t.hasQ {
			x.path = ""
			return x.reference() // "?q" or "?q#f"
		}
	}
	if t.path == "" {
		// Only a network-path reference gives an empty path again.
		x = t
		x.hasScheme, x.scheme = false, ""
		return x.reference()
	}
	x.path = relativePath(t.path, b.path)
	if noAbsolute {
		return x.reference()
	}
	// The absolute-path reference, guarded by "/." when the path starts
	// with "//" (which would read as an authority), when it is shorter. It
	// is never longer than len(t.path)+2, so never longer than target,
	// and a network-path reference ("//" authority path) is never
	// shorter than it.
	abs := t.path
	if strings.HasPrefix(abs, "//") {
		abs = "/." + abs
	}
	if len(abs) < len(x.path) {
		x.path = abs
	}
	return x.reference()
}

// relativePath returns the relative path that merges with base (an
// absolute or empty path) and resolves to target (an absolute path).
func relativePath(target, base string) string {
	// Directory of the base: everything up to its last "/".
	dir := base[:strings.LastIndexByte(base, '/')+1]
	if dir == "" {
		dir = "/"
	}
	// Resolution removes the dot segments after merging: a "." or ".."
	// directory of the base ("/a/./") is not a level to climb.
	dir = removeDotSegments(nil, dir)
	d := dir[1:]    // "a/b/" : segments each followed by "/"
	t := target[1:] // remaining target
	// Skip common directory segments, leaving the target's last segment.
	for {
		i := strings.IndexByte(d, '/')
		j := strings.IndexByte(t, '/')
		if i < 0 || j < 0 || d[:i] != t[:j] {
			break
		}
		d, t = d[i+1:], t[j+1:]
	}
	var b strings.Builder
	up := strings.Count(d, "/")
	b.Grow(3*up + len("./") + len(t))
	for range up {
		b.WriteString("../")
	}
	if up == 0 {
		first := t
		if i := strings.IndexByte(first, '/'); i >= 0 {
			first = first[:i]
		}
		if t == "" || (first == "" && len(t) > 0) || strings.IndexByte(first, ':') >= 0 || first == "." || first == ".." {
			b.WriteString("./")
		}
	}
	b.WriteString(t)
	return b.String()
}
