package fileurl

import (
	"errors"
	"strings"
	"testing"
)

func TestFromPath(t *testing.T) {
	for _, c := range []struct {
		path  string
		style Style
		want  string
	}{
		{"/", POSIX, "file:///"},
		{"/a\xffb/\xfe", POSIX, "file:///a%FFb/%FE"},
		{"/a\\b", POSIX, "file:///a%5Cb"},
		{"/a/./b/../c//d/", POSIX, "file:///a/c/d/"},
		{"/a/.", POSIX, "file:///a"},
		{"/..", POSIX, "file:///"},
		{"//a", POSIX, "file:///a"},
		{"/C:/x", POSIX, "file:///C:/x"},
		{"/a b#c?d%e", POSIX, "file:///a%20b%23c%3Fd%25e"},
		{"/!$&'()*+,;=:@", POSIX, "file:///!$&'()*+,;=:@"},
		{`C:\`, Windows, "file:///C:/"},
		{`c:/a\b/`, Windows, "file:///c:/a/b/"},
		{`C:\a\..\..\b`, Windows, "file:///C:/b"},
		{`C:\a b\c`, Windows, "file:///C:/a%20b/c"},
		{"C:\\\xff", Windows, "file:///C:/%FF"},
		{`\\server\share\x`, Windows, "file://server/share/x"},
		{`\\SERVER\share`, Windows, "file://server/share"},
		{`\\a\`, Windows, "file://a/"},
		{`//a/b/c`, Windows, "file://a/b/c"},
		{`\\s\share\..\..\x`, Windows, "file://s/share/x"},
		{`\\bücher\s`, Windows, "file://xn--bcher-kva/s"},
		{`\\?\c:\x\y`, Windows, "file:///c:/x/y"},
		{`\\?\unc\s\sh\f`, Windows, "file://s/sh/f"},
	} {
		got, err := FromPath(c.path, c.style)
		if err != nil || got != c.want {
			t.Errorf("FromPath(%q, %v) = %q, %v; want %q", c.path, c.style, got, err, c.want)
		}
		b, err := AppendFromPath([]byte("x"), c.path, c.style)
		if err != nil || string(b) != "x"+c.want {
			t.Errorf("AppendFromPath(x, %q, %v) = %q, %v", c.path, c.style, b, err)
		}
	}
}

func TestFromPathErrors(t *testing.T) {
	for _, c := range []struct {
		path  string
		style Style
		code  Code
		off   int
	}{
		{"", POSIX, ErrRelative, 0},
		{"a/b", POSIX, ErrRelative, 0},
		{`C:\a`, POSIX, ErrRelative, 0},
		{"", Windows, ErrRelative, 0},
		{`a\b`, Windows, ErrRelative, 0},
		{`\a`, Windows, ErrRelative, 0},
		{`C:`, Windows, ErrRelative, 2},
		{`C:a`, Windows, ErrRelative, 2},
		{`\\\x`, Windows, ErrUNCServer, 2},
		{`\\host`, Windows, ErrUNCShare, 6},
		{`\\a b\s`, Windows, ErrUNCHost, 3},
		{"\\\\a\tb\\s", Windows, ErrUNCHost, 3},
		{"\\\\a\nb\\s", Windows, ErrUNCHost, 3},
		{`\\a@b\s`, Windows, ErrUNCHost, 2},
		{`\\a:1\s`, Windows, ErrUNCHost, 2},
		{`\\localhost\s`, Windows, ErrUNCHost, 2},
		{`\\a?\s`, Windows, ErrUNCHost, 2},
		{`\\s\..\x`, Windows, ErrUNCShare, 4},
		{`\\.\pipe\x`, Windows, ErrDevicePath, 2},
		{`\\?\Volume{x}\a`, Windows, ErrDevicePath, 4},
		{"/a", Style(2), ErrStyle, 0},
	} {
		got, err := FromPath(c.path, c.style)
		var e *Error
		if !errors.As(err, &e) || got != "" || e.Code != c.code || e.Offset != c.off || !errors.Is(err, c.code) {
			t.Errorf("FromPath(%q, %v) = %q, %v; want %s at %d", c.path, c.style, got, err, c.code, c.off)
		}
		b, err := AppendFromPath([]byte("x"), c.path, c.style)
		if err == nil || string(b) != "x" {
			t.Errorf("AppendFromPath(x, %q, %v) = %q, %v: want dst unchanged", c.path, c.style, b, err)
		}
	}
}

func TestToPath(t *testing.T) {
	for _, c := range []struct {
		url   string
		style Style
		want  string
	}{
		{"file:///a%FFb", POSIX, "/a\xffb"},
		{"file://localhost/x", POSIX, "/x"},
		{"file://LOCALHOST/x", POSIX, "/x"},
		{"file:///a%5Cb", POSIX, "/a\\b"},
		{"file:///a?q#f", POSIX, "/a"},
		{"file:///a//b", POSIX, "/a//b"},
		{"file:/a", POSIX, "/a"},
		{"FILE:///a/../b", POSIX, "/b"},
		{"file:///C:/a/b", Windows, `C:\a\b`},
		{"file:///C|/a", Windows, `C:\a`},
		{"file:///C:", Windows, `C:\`},
		{"file:///%43:/x", Windows, `C:\x`},
		{"file://localhost/C:/x", Windows, `C:\x`},
		{"file://server/share/x%20y", Windows, `\\server\share\x y`},
		{"file://xn--bcher-kva/s", Windows, `\\bücher\s`},
		{"file://h/", Windows, `\\h\`},
	} {
		got, err := ToPath(c.url, c.style)
		if err != nil || got != c.want {
			t.Errorf("ToPath(%q, %v) = %q, %v; want %q", c.url, c.style, got, err, c.want)
		}
		b, err := AppendToPath([]byte("x"), c.url, c.style)
		if err != nil || string(b) != "x"+c.want {
			t.Errorf("AppendToPath(x, %q, %v) = %q, %v", c.url, c.style, b, err)
		}
	}
}

func TestToPathErrors(t *testing.T) {
	for _, c := range []struct {
		url   string
		style Style
		code  Code
		off   int
	}{
		{"", POSIX, ErrNotURL, 0},
		{"/a", POSIX, ErrNotURL, 0},
		{"http://h/a", POSIX, ErrScheme, 0},
		{"file://host/a", POSIX, ErrHost, 7},
		{"file:///a/b%2fc", POSIX, ErrEncodedSeparator, 11},
		{"file:///a%2F/%2f", Windows, ErrEncodedSeparator, 9},
		{"file:///C:/a%5cb", Windows, ErrEncodedSeparator, 12},
		{"file:///a%zz", POSIX, ErrEscape, 9},
		{"file:///C:/a%4", Windows, ErrEscape, 12},
		{"file:///a", Windows, ErrNoDrive, 7},
		{"file:///C:a", Windows, ErrNoDrive, 7},
		{"file:///", Windows, ErrNoDrive, 7},
		{"file:///a", Style(9), ErrStyle, 0},
	} {
		got, err := ToPath(c.url, c.style)
		var e *Error
		if !errors.As(err, &e) || got != "" || e.Code != c.code || e.Offset != c.off {
			t.Errorf("ToPath(%q, %v) = %q, %v; want %s at %d", c.url, c.style, got, err, c.code, c.off)
		}
		b, err := AppendToPath([]byte("x"), c.url, c.style)
		if err == nil || string(b) != "x" {
			t.Errorf("AppendToPath(x, %q, %v) = %q, %v: want dst unchanged", c.url, c.style, b, err)
		}
	}
}

// TestErrorMessage checks that a message quotes a window of the input,
// not all of it.
func TestErrorMessage(t *testing.T) {
	long := strings.Repeat("a", 10000)
	_, err := FromPath(long, POSIX)
	msg := err.Error()
	if !strings.HasPrefix(msg, `fileurl: offset 0: "aaaa`) || !strings.Contains(msg, "…: the path is not absolute") || len(msg) > 200 {
		t.Errorf("message %q", msg)
	}
	_, err = ToPath("file:///"+long+"%2F"+long, POSIX)
	msg = err.Error()
	if !strings.Contains(msg, `…"`+strings.Repeat("a", 40)+`%2F`) || !strings.Contains(msg, "offset 10008: …") || !strings.Contains(msg, "escaped path separator") || len(msg) > 250 {
		t.Errorf("message %q", msg)
	}
	_, err = ToPath("a b", POSIX)
	if !strings.Contains(err.Error(), ": not a URL: whatwg:") {
		t.Errorf("message %q", err)
	}
}

func TestStyleString(t *testing.T) {
	if POSIX.String() != "posix" || Windows.String() != "windows" || Style(7).String() != "Style(7)" {
		t.Errorf("%v %v %v", POSIX, Windows, Style(7))
	}
}

// TestDevicePaths: the Windows device (\\.\) and \\?\ namespaces have no
// file: URL, in either direction, whatever spelling of "." or "?" the host
// arrives in: escaped, or one of the dots (and question marks) that IDNA
// maps to the ASCII one (issue 28 item 3).
func TestDevicePaths(t *testing.T) {
	for _, url := range []string{
		"file://./PhysicalDrive0", "file://./pipe/x", "file://%2E/C:/x", "file://%2e/pipe/x",
		"file://．/pipe/x", "file://。/pipe/x", "file://｡/pipe/x", "file://%EF%BC%8E/pipe/x",
		"file://./", "FILE://./c:/x",
	} {
		got, err := ToPath(url, Windows)
		var e *Error
		if !errors.As(err, &e) || got != "" || e.Code != ErrDevicePath || e.Offset != hostOffset(url) {
			t.Errorf("ToPath(%q, Windows) = %q, %v; want %s", url, got, err, ErrDevicePath)
		}
	}
	for _, path := range []string{
		`\\.\pipe\x`, `//./pipe/x`, `\\.\C:\x`, `\\?\Volume{x}\a`,
		`\\．\pipe\x`, `\\。\pipe\x`, `\\｡\pipe\x`, `\\%2e\pipe\x`, `\\%2E\pipe\x`, `\\%EF%BC%8E\pipe\x`,
		`\\．\C:\x`, `\\？\C:\x`, `\\%3F\C:\x`, `\\%3f\x\y`, `\\﹖\x\y`,
		`\\?\UNC\.\pipe\x`, `\\?\UNC\．\pipe\x`, `\\?\UNC\%2e\pipe\x`, `\\?\UNC\?\x\y`,
	} {
		got, err := FromPath(path, Windows)
		if !errors.Is(err, ErrDevicePath) || got != "" {
			t.Errorf("FromPath(%q, Windows) = %q, %v; want %s", path, got, err, ErrDevicePath)
		}
	}
	// The documented round trip still holds around them.
	for _, path := range []string{`\\server\share\x`, `\\x.\y`, `C:\a\b`, `\\?\C:\x`} {
		u, err := FromPath(path, Windows)
		if err != nil {
			t.Fatalf("FromPath(%q): %v", path, err)
		}
		p, err := ToPath(u, Windows)
		want := strings.TrimPrefix(path, `\\?\`)
		if err != nil || p != want {
			t.Errorf("ToPath(FromPath(%q) = %q) = %q, %v; want %q", path, u, p, err, want)
		}
	}
}
