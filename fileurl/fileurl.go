package fileurl

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/urikit/urikit/idna"
	"github.com/urikit/urikit/internal/bytestr"
	"github.com/urikit/urikit/internal/hexdigit"
	"github.com/urikit/urikit/percent"
	"github.com/urikit/urikit/whatwg"
)

// A Style is the kind of operating-system path: POSIX or Windows. It is
// a small integer, not a string, so that a misspelt style cannot compile;
// the zero Style is POSIX. Any other value makes FromPath and ToPath fail
// with [ErrStyle].
type Style uint8

// The path styles.
const (
	// POSIX paths: "/" is the only separator, an absolute path starts
	// with "/", and "\" is an ordinary byte of a name.
	POSIX Style = iota
	// Windows paths: "\" and "/" are separators, an absolute path starts
	// with a drive (C:\) or is a UNC path (\\server\share\...).
	Windows
)

// String returns "posix" or "windows" (or "Style(N)" for another value).
func (s Style) String() string {
	switch s {
	case POSIX:
		return "posix"
	case Windows:
		return "windows"
	}
	return "Style(" + strconv.Itoa(int(s)) + ")"
}

// pathSet is the set of bytes FromPath encodes in a path segment: the URL
// Standard's path set (C0 controls, space, `"#<>?^{}` + "`", DEL and every
// non-ASCII byte) plus "%" (a name may hold a literal "%"), "\" (a POSIX
// name may hold one; a URL parser would take it for "/") and "[]|~",
// which Node's pathToFileURL encodes too.
var pathSet = percent.WHATWGPath.Add("%[\\]|~")

// FromPath returns the file: URL of the absolute path, read in the given
// style. See the package documentation for what is accepted and how the
// path is made canonical; the error is an [*Error].
func FromPath(path string, style Style) (string, error) {
	var buf []byte
	if mayBeAbsolute(path, style) {
		// The URL is at least as long as the path, give or take the
		// separators and dot segments it drops.
		buf = make([]byte, 0, len(path)+len("file:///")+8)
	}
	b, err := AppendFromPath(buf, path, style)
	if err != nil {
		return "", err
	}
	// b was allocated here for the result and is not written again.
	return bytestr.String(b), nil
}

// mayBeAbsolute reports whether path starts as an absolute POSIX path or
// a Windows path with a drive does, so that FromPath allocates no buffer
// for a path it refuses at once.
func mayBeAbsolute(path string, style Style) bool {
	switch {
	case style == POSIX:
		return path != "" && path[0] == '/'
	case style != Windows:
		return false
	}
	// A UNC path is left to appendWindows, which sizes its buffer once
	// the host, which IDNA may lengthen, is known.
	return len(path) >= 3 && isLetter(path[0]) && path[1] == ':' && isSep(path[2], true)
}

// AppendFromPath appends the file: URL of path to dst (see [FromPath]).
// On error it returns dst unchanged.
func AppendFromPath(dst []byte, path string, style Style) ([]byte, error) {
	switch style {
	case POSIX:
		if path == "" || path[0] != '/' {
			return dst, fail(path, 0, ErrRelative)
		}
		out := append(dst, "file://"...)
		return appendSegments(out, len(out), path, 0, false), nil
	case Windows:
		out, err := appendWindows(dst, path)
		if err != nil {
			return dst, err
		}
		return out, nil
	}
	return dst, fail(path, 0, ErrStyle)
}

// isSep reports whether c is a path separator of the style.
func isSep(c byte, windows bool) bool { return c == '/' || windows && c == '\\' }

// isLetter reports whether c is an ASCII letter.
func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// appendSegments appends the segments of path[i:] to out, each as "/"
// and its encoding, made canonical: empty and "." segments are dropped
// and ".." removes the segment before it, but never what out holds before
// root. A final separator is kept; if no segment remains, one "/" is
// written. Each byte of out is removed at most once, so the cost is
// linear.
func appendSegments(out []byte, root int, path string, i int, windows bool) []byte {
	for i < len(path) {
		for i < len(path) && isSep(path[i], windows) {
			i++
		}
		j := i
		for j < len(path) && !isSep(path[j], windows) {
			j++
		}
		switch seg := path[i:j]; seg {
		case "", ".":
		case "..":
			k := len(out) - 1
			for k >= root && out[k] != '/' {
				k--
			}
			out = out[:max(k, root)]
		default:
			out = append(out, '/')
			out = percent.AppendEncode(out, seg, pathSet)
		}
		i = j
	}
	if len(out) == root || isSep(path[len(path)-1], windows) {
		out = append(out, '/')
	}
	return out
}

// appendWindows is AppendFromPath for Windows paths.
func appendWindows(dst []byte, path string) ([]byte, error) {
	n := len(path)
	switch {
	case n >= 3 && isLetter(path[0]) && path[1] == ':' && isSep(path[2], true):
		// C:\...
		out := append(dst, "file:///"...)
		out = append(out, path[:2]...)
		return appendSegments(out, len(out), path, 2, true), nil
	case n < 2 || !isSep(path[0], true) || !isSep(path[1], true):
		// a, C:a, C:, \a: relative to a working directory.
		off := 0
		if n >= 2 && isLetter(path[0]) && path[1] == ':' {
			off = 2
		}
		return dst, fail(path, off, ErrRelative)
	}
	// Two separators: a UNC path, or a device path.
	i := 2
	if n >= 3 && (path[2] == '?' || path[2] == '.') && (n == 3 || isSep(path[3], true)) {
		if !strings.HasPrefix(path, `\\?\`) {
			return dst, fail(path, 2, ErrDevicePath)
		}
		rest := path[4:]
		switch {
		case len(rest) >= 3 && isLetter(rest[0]) && rest[1] == ':' && isSep(rest[2], true):
			out := append(dst, "file:///"...)
			out = append(out, rest[:2]...)
			return appendSegments(out, len(out), path, 6, true), nil
		case len(rest) >= 4 && strings.EqualFold(rest[:3], "UNC") && isSep(rest[3], true):
			i = 8
		default:
			return dst, fail(path, 4, ErrDevicePath)
		}
	}
	j := i
	for j < n && !isSep(path[j], true) {
		j++
	}
	if j == i {
		return dst, fail(path, i, ErrUNCServer)
	}
	if deviceHost(path[i:j]) {
		// \\．\pipe\x, \\%2e\C:\x: the URL would be file://./..., which
		// names the device namespace again on the way back.
		return dst, fail(path, i, ErrDevicePath)
	}
	if j == n {
		return dst, fail(path, n, ErrUNCShare)
	}
	// The URL parser drops tabs and newlines and refuses other controls
	// and spaces: refuse them all here, so that no byte is lost.
	for k := i; k < j; k++ {
		if path[k] <= ' ' || path[k] == 0x7f {
			return dst, fail(path, k, ErrUNCHost)
		}
	}
	var u whatwg.URL
	if whatwg.ParseInto(&u, "file://"+path[i:j]+"/") != nil || u.Pathname() != "/" || u.Hostname() == "" {
		return dst, fail(path, i, ErrUNCHost)
	}
	if _, ok := u.Query(); ok {
		return dst, fail(path, i, ErrUNCHost)
	}
	if _, ok := u.Fragment(); ok {
		return dst, fail(path, i, ErrUNCHost)
	}
	host := u.Hostname()
	if host == "." {
		// Whatever spelling deviceHost missed: the URL's host is "."
		// and its path would be a device path.
		return dst, fail(path, i, ErrDevicePath)
	}
	out := slices.Grow(dst, len("file://")+len(host)+n-j+8)
	out = append(out, "file://"...)
	out = append(out, host...)
	// The share is the first segment: ".." does not remove it.
	k := j
	for k < n && isSep(path[k], true) {
		k++
	}
	l := k
	for l < n && !isSep(path[l], true) {
		l++
	}
	share := path[k:l]
	if share == "." || share == ".." {
		return dst, fail(path, k, ErrUNCShare)
	}
	if share == "" {
		return append(out, '/'), nil
	}
	out = append(out, '/')
	out = percent.AppendEncode(out, share, pathSet)
	if l == n {
		return out, nil
	}
	return appendSegments(out, len(out), path, l, true), nil
}

// ToPath returns the path of the file: URL in the given style (see the
// package documentation); the error is an [*Error]. Bytes that are not
// UTF-8, written as escapes, come back as those bytes.
func ToPath(url string, style Style) (string, error) {
	b, err := AppendToPath(nil, url, style)
	if err != nil {
		return "", err
	}
	// b was allocated by AppendToPath for the result (dst is nil) and is
	// not written again.
	return bytestr.String(b), nil
}

// AppendToPath appends the path of the file: URL to dst (see [ToPath]).
// On error it returns dst unchanged.
func AppendToPath(dst []byte, url string, style Style) ([]byte, error) {
	if style != POSIX && style != Windows {
		return dst, fail(url, 0, ErrStyle)
	}
	var u whatwg.URL
	if err := whatwg.ParseInto(&u, url); err != nil {
		e := &Error{Input: url, Code: ErrNotURL, Err: err}
		var we *whatwg.Error
		if errors.As(err, &we) {
			e.Offset = we.Offset
		}
		return dst, e
	}
	if u.Scheme() != "file" {
		return dst, fail(url, 0, ErrScheme)
	}
	path, host := u.Pathname(), u.Hostname()
	windows := style == Windows
	if !windows && host != "" {
		return dst, fail(url, hostOffset(url), ErrHost)
	}
	if windows && host == "." {
		// file://./x, file://%2E/x, file://．/x: the URL Standard's host
		// parser has made every spelling of the dot ".", and \\.\x is a
		// device path, not a file.
		return dst, fail(url, hostOffset(url), ErrDevicePath)
	}
	if i := encodedSeparator(path, windows); i >= 0 {
		return dst, fail(url, escapeOffset(url, path[i:i+3]), ErrEncodedSeparator)
	}
	if dst == nil {
		// The path is no longer than the URL's, plus "\\" and the host.
		dst = make([]byte, 0, len(path)+len(host)+2)
	}
	start := len(dst)
	out := dst
	if windows && host != "" {
		out = append(out, `\\`...)
		if strings.Contains(host, "xn--") {
			if h, err := idna.DomainToUnicode(host); err == nil {
				host = h
			}
		}
		out = append(out, host...)
	}
	p := len(out)
	out, err := percent.Decoder{}.AppendDecodeBytes(out, path)
	if err != nil {
		return dst[:start], fail(url, badEscapeOffset(url), ErrEscape)
	}
	if !windows {
		return out, nil
	}
	for k := p; k < len(out); k++ {
		if out[k] == '/' {
			out[k] = '\\'
		}
	}
	if host != "" {
		return out, nil
	}
	// \C:\... without a host: the path names a drive.
	d := out[p:]
	if len(d) < 3 || !isLetter(d[1]) || d[2] != ':' || len(d) > 3 && d[3] != '\\' {
		return dst[:start], fail(url, pathOffset(url), ErrNoDrive)
	}
	copy(d, d[1:])
	if len(d) == 3 {
		// file:///C: is the drive's root.
		d[2] = '\\'
		return out, nil
	}
	return out[:len(out)-1], nil
}

// deviceHost reports whether the UNC server name s reads, once its
// escapes are decoded and UTS #46 has mapped it as the URL Standard's
// host parser does, as "." or "?": the device (\\.\) and \\?\
// namespaces in another spelling (U+FF0E, U+3002, U+FF61, U+FF1F,
// U+FE56, %2E, %3F...).
func deviceHost(s string) bool {
	if len(s) > 64 {
		return false // no spelling of one dot is this long
	}
	var buf [64]byte
	b := buf[:0]
	for k := 0; k < len(s); k++ {
		if s[k] == '%' && k+2 < len(s) && hexdigit.Is(s[k+1]) && hexdigit.Is(s[k+2]) {
			b = append(b, hexdigit.Value(s[k+1])<<4|hexdigit.Value(s[k+2]))
			k += 2
			continue
		}
		b = append(b, s[k])
	}
	m, _ := idna.ToUnicode(string(b))
	return m == "." || m == "?"
}

// encodedSeparator returns the index in the serialized path of the first
// escape of "/" (and on Windows of "\"), or -1.
func encodedSeparator(path string, windows bool) int {
	for i := 0; i+2 < len(path); i++ {
		if path[i] != '%' {
			continue
		}
		if path[i+1] == '2' && path[i+2]|0x20 == 'f' || windows && path[i+1] == '5' && path[i+2]|0x20 == 'c' {
			return i
		}
	}
	return -1
}

// schemeEnd returns the index after the ":" of the scheme of url, or 0.
func schemeEnd(url string) int { return strings.IndexByte(url, ':') + 1 }

// hostOffset returns the offset in url of its host: after the scheme and
// the two slashes.
func hostOffset(url string) int {
	i := schemeEnd(url)
	for k := 0; k < 2 && i < len(url) && (url[i] == '/' || url[i] == '\\'); k++ {
		i++
	}
	return i
}

// pathOffset returns the offset in url of its path: after the scheme and,
// when two slashes follow it, the host.
func pathOffset(url string) int {
	i := schemeEnd(url)
	j := i
	for j < len(url) && (url[j] == '/' || url[j] == '\\') {
		j++
	}
	if j-i < 2 {
		return i
	}
	i += 2
	for i < len(url) && url[i] != '/' && url[i] != '\\' && url[i] != '?' && url[i] != '#' {
		i++
	}
	return i
}

// pathEnd returns where the path of url ends: at the first "?" or "#"
// after its start.
func pathEnd(url string, from int) int {
	if k := strings.IndexAny(url[from:], "?#"); k >= 0 {
		return from + k
	}
	return len(url)
}

// escapeOffset returns the offset in url's path of the first escape that
// is esc up to the case of its hex digits, or the path's offset.
func escapeOffset(url, esc string) int {
	from := pathOffset(url)
	end := pathEnd(url, from)
	for i := from; i+2 < end; i++ {
		if url[i] == '%' && strings.EqualFold(url[i:i+3], esc) {
			return i
		}
	}
	return from
}

// badEscapeOffset returns the offset in url's path of the first "%" not
// followed by two hex digits, or the path's offset.
func badEscapeOffset(url string) int {
	from := pathOffset(url)
	end := pathEnd(url, from)
	for i := from; i < end; i++ {
		if url[i] == '%' && (i+2 >= end || !hexdigit.Is(url[i+1]) || !hexdigit.Is(url[i+2])) {
			return i
		}
	}
	return from
}
