package fileurl

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/whatwg"
)

// canonical reports whether p is an absolute path in the canonical form
// FromPath keeps (see the package documentation): for such a path the
// round trip must give p back exactly. It is written apart from the code
// under test, from the rules alone.
func canonical(p string, style Style) bool {
	var rest string
	switch style {
	case POSIX:
		if !strings.HasPrefix(p, "/") {
			return false
		}
		rest = p[1:]
		return rest == "" || segmentsCanonical(rest, "/")
	case Windows:
		if strings.Contains(p, "/") {
			return false
		}
		if len(p) >= 3 && isLetter(p[0]) && p[1] == ':' && p[2] == '\\' {
			rest = p[3:]
			return rest == "" || segmentsCanonical(rest, `\`)
		}
		if !strings.HasPrefix(p, `\\`) || strings.HasPrefix(p, `\\?\`) || strings.HasPrefix(p, `\\.\`) {
			return false
		}
		server, after, ok := strings.Cut(p[2:], `\`)
		if !ok || !plainServer(server) {
			return false
		}
		if after == "" {
			return true // \\server\
		}
		share, _, _ := strings.Cut(after, `\`)
		return share != "." && share != ".." && segmentsCanonical(after, `\`)
	}
	return false
}

// segmentsCanonical reports whether rest (after the root) has no empty
// segment but possibly a final one, and no "." or ".." segment.
func segmentsCanonical(rest, sep string) bool {
	segs := strings.Split(strings.TrimSuffix(rest, sep), sep)
	for _, s := range segs {
		if s == "" || s == "." || s == ".." {
			return false
		}
	}
	return true
}

// plainServer reports whether a UNC server name is one the URL's host
// keeps as it is: a lowercase ASCII letter, then lowercase letters,
// digits and hyphens, not an A-label, not localhost.
func plainServer(s string) bool {
	if s == "" || s == "localhost" || s[0] < 'a' || s[0] > 'z' || len(s) >= 4 && s[2:4] == "--" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// FuzzRoundTrip checks, for both styles, that FromPath and ToPath never
// panic; that every URL FromPath returns is already in the URL Standard's
// serialized form; that ToPath accepts it; that the path it gives back is
// p itself when p is canonical, and otherwise a path whose URL is the same
// URL again.
func FuzzRoundTrip(f *testing.F) {
	for _, s := range []string{
		"/", "/a b/c", "/foo#bar?baz%25", "/a/../b/./c//d/", "/\xff\xfe", "/a\\b", "/\x00\n\t",
		"/C:/x", "/..", "//x", "/~[]|^`{}", "/é/中/😀",
		`C:\`, `C:\a b\c`, `c:/a/b/`, `C:\a\..\..\b`, `C:`, `C:x`, `\x`, `x`, "",
		`\\server\share\x`, `\\SERVER\share`, `\\a\`, `\\\x`, `\\host`, `\\?\C:\p\f.txt`,
		`\\?\UNC\s\sh\f`, `\\.\pipe\x`, `\\localhost\s`, `\\xn--nxa\s`, `\\1.2.3.4\s`, `\\[::1]\s`,
		`\\a b\s`, `\\a%41\s`, `\\server\C:\x`, `\\s\..\x`, `\\s\share\..\..`,
		// Device paths in other spellings, and URLs of them (issue 28).
		`\\．\pipe\x`, `\\%2e\pipe\x`, `\\?\UNC\．\pipe\x`, `\\？\C:\x`, "file://./pipe/x",
		"file://%2E/C:/x", "file://｡/PhysicalDrive0",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		for _, style := range []Style{POSIX, Windows} {
			u, err := FromPath(p, style)
			if err != nil {
				if e, ok := err.(*Error); !ok || e.Offset < 0 || e.Offset > len(p) {
					t.Fatalf("FromPath(%q, %v): error %v is not an *Error with an offset in the input", p, style, err)
				}
				if canonical(p, style) {
					t.Fatalf("FromPath(%q, %v): %v, but the path is canonical", p, style, err)
				}
				continue
			}
			if w, err := whatwg.Parse(u); err != nil || w.Href() != u {
				t.Fatalf("FromPath(%q, %v) = %q, which the URL parser reads as %v, %v", p, style, u, w, err)
			}
			if w, _ := whatwg.Parse(u); w.Hostname() == "." {
				t.Fatalf("FromPath(%q, %v) = %q, a device path's URL", p, style, u)
			}
			q, err := ToPath(u, style)
			if err != nil {
				t.Fatalf("ToPath(FromPath(%q, %v) = %q): %v", p, style, u, err)
			}
			if canonical(p, style) && q != p {
				t.Fatalf("ToPath(FromPath(%q, %v) = %q) = %q, want the path back", p, style, u, q)
			}
			if u2, err := FromPath(q, style); err != nil || u2 != u {
				t.Fatalf("FromPath(%q) = %q, %v; the URL %q of %q is not stable", q, u2, err, u, p)
			}
		}
		for _, style := range []Style{POSIX, Windows} {
			q, err := ToPath(p, style)
			if err != nil {
				if e, ok := err.(*Error); !ok || e.Offset < 0 || e.Offset > len(p) {
					t.Fatalf("ToPath(%q, %v): error %v is not an *Error with an offset in the input", p, style, err)
				}
				continue
			}
			if style == POSIX && !strings.HasPrefix(q, "/") {
				t.Fatalf("ToPath(%q, posix) = %q, not absolute", p, q)
			}
			if style == Windows && (strings.HasPrefix(q, `\\.\`) || strings.HasPrefix(q, `\\?\`) || q == `\\.` || q == `\\?`) {
				t.Fatalf("ToPath(%q, windows) = %q, a device path", p, q)
			}
		}
	})
}
