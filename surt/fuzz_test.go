package surt

import (
	"errors"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/window"
)

var fuzzSeeds = []string{
	"", " ", "-", "http://", "http://www.Example.com:80/a/./b/../c/?b=2&a=1#f", "www.example.com",
	"dns:archive.org", "filedesc:x.arc", "warcinfo:x.warc", "mailto:A@B.com", "urn:isbn:1",
	"http://[::1]:8080/", "http://[::1/", "http://a.com:x/", "http://3279880203/", "http://017.0.0.1/",
	"http://a.com/(S(4hqa0555fwsecu455xqckv45))/m.aspx", "http://a.com/?cfid=1&cftoken=2&x=1",
	"http://a.com/?jsessionid=" + sid32, "http://%2525%32%35.com/%%%", "http://https://http://a.com",
	"http:////a.com", "B\u00fccher.ch", "http://www1355544.com/", "http://a.com/?a=1&utm_source=x#x=1&fbclid=2",
	"\thttp://a\n.com/\r", "http:/\r\n/a.com/\x86#\r", "http://a..b...c./", "http://a.com/\xff\x00", "x:", "http://@:/",
}

// FuzzKey checks that Key never panics, is deterministic, returns an
// *Error with an offset inside the input (or -1) and a short message
// when it fails, and keeps its promises: HostOnly gives a prefix of the
// default key, Scheme adds "scheme://(" in front of it (a key with a
// host) or nothing, and AppendKey appends what Key returns.
func FuzzKey(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, u string) {
		k, err := Key(u, Options{})
		k2, err2 := Key(u, Options{})
		if k != k2 || (err == nil) != (err2 == nil) {
			t.Fatalf("%q: not deterministic", u)
		}
		b, err3 := AppendKey([]byte("x"), u, Options{})
		if (err3 == nil) != (err == nil) || (err == nil && string(b) != "x"+k) || (err != nil && string(b) != "x") {
			t.Fatalf("%q: AppendKey %q, %v; Key %q, %v", u, b, err3, k, err)
		}
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Offset < -1 || e.Offset > len(u) || e.Input != u {
				t.Fatalf("%q: error %#v", u, err)
			}
			// The window quotes at most window.Side bytes each side of
			// the offset, each at most 4 characters ("\xNN"), with a
			// message of fixed length around it.
			if len(err.Error()) > 8*window.Side+200 {
				t.Fatalf("%q: a message of %d bytes", u, len(err.Error()))
			}
			if _, err := Fingerprint(u); err == nil {
				t.Fatalf("%q: Fingerprint accepts what Key refuses", u)
			}
			return
		}
		if k == "" {
			t.Fatalf("%q: empty key", u)
		}
		// Never a U+FFFD the input does not hold, in any spelling.
		if strings.Contains(strings.ToLower(k), "%ef%bf%bd") && !strings.Contains(strings.ToLower(u), "%ef%bf%bd") &&
			!strings.Contains(u, "\uFFFD") && !strings.Contains(strings.ToLower(u), "%uff") {
			t.Fatalf("%q: key %q holds a U+FFFD that the input does not", u, k)
		}
		h, err := Key(u, Options{HostOnly: true})
		if err != nil || !strings.HasPrefix(k, h) {
			t.Fatalf("%q: host-only %q is not a prefix of %q (%v)", u, h, k, err)
		}
		s, err := Key(u, Options{Scheme: true})
		if err != nil || (s != k && !strings.HasSuffix(s, "("+k)) {
			t.Fatalf("%q: with scheme %q, key %q (%v)", u, s, k, err)
		}
		fp, err := Fingerprint(u)
		if err != nil || !strings.HasPrefix(fp, FingerprintVersion) {
			t.Fatalf("%q: fingerprint %q, %v", u, fp, err)
		}
	})
}
