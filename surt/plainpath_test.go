package surt

import (
	"strings"
	"testing"
)

// plainPathSegments is plainPath segment by segment, as first written:
// the reference for its one-pass loop.
func plainPathSegments(p string) bool {
	if p == "" || p[0] != '/' {
		return false
	}
	for rest := p[1:]; ; {
		i := strings.IndexByte(rest, '/')
		seg := rest
		if i >= 0 {
			seg = rest[:i]
		}
		switch len(seg) {
		case 0:
			if i >= 0 {
				return false
			}
		case 1:
			if seg[0] == '.' {
				return false
			}
		case 2:
			if seg[0] == '.' && seg[1] == '.' {
				return false
			}
		}
		if i < 0 {
			return true
		}
		rest = rest[i+1:]
	}
}

// TestPlainPath: plainPath agrees with the segment-by-segment reference
// on every path of up to 6 bytes over "/", ".", "a", and on some longer.
func TestPlainPath(t *testing.T) {
	var paths []string
	var gen func(string)
	gen = func(p string) {
		paths = append(paths, p)
		if len(p) < 6 {
			for _, c := range []string{"/", ".", "a"} {
				gen(p + c)
			}
		}
	}
	gen("")
	paths = append(paths, "/a/.../b", "/.a/a./..a/", "/x/..", "/x/../", "/deps/openssl/config/der_gen.c")
	for _, p := range paths {
		if got, want := plainPath(p), plainPathSegments(p); got != want {
			t.Errorf("plainPath(%q) = %v; want %v", p, got, want)
		}
	}
}
