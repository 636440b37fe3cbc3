package urn

import (
	"errors"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/hexdigit"
)

// FuzzParse checks that Parse accepts exactly what the RFC 8141 grammar,
// as a regular expression-free reference below reads it, accepts; that
// the components put back together give the input; and that Key and
// Equal agree.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"", "urn:ab:c", "URN:EXAMPLE:a123%2cz456?+r?=q#f", "urn:example:a?+r?x?=q?y",
		"urn:example:a?=q?+r", "urn:example:a#", "urn:a:b", "urn:-a:b", "urn:ab-:c",
		"urn:example:/a", "urn:example:a?b", "urn:example:a%zz", "urn:example:%D0%B0",
		"urn:example:a#b#c", "urn:example:\u0430", "urn:" + strings.Repeat("a", 33) + ":b",
		"urn:example:a?+?=q", "urn:example:a?=?", strings.Repeat("?+", 20),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		ok := refValid(s)
		if (err == nil) != ok {
			t.Fatalf("Parse(%q) error %v, reference says valid=%v", s, err, ok)
		}
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(s) || e.Code.Message() == string(e.Code) {
				t.Fatalf("Parse(%q): bad error %#v", s, err)
			}
			return
		}
		back := "urn:" + u.NID() + ":" + u.NSS()
		if r, ok := u.RComponent(); ok {
			back += "?+" + r
		}
		if q, ok := u.QComponent(); ok {
			back += "?=" + q
		}
		if f, ok := u.FComponent(); ok {
			back += "#" + f
		}
		if !strings.EqualFold(back[:4], s[:4]) || back[4:] != s[4:] || u.String() != s {
			t.Fatalf("components of %q put back give %q", s, back)
		}
		k, err := Parse(u.Key())
		if err != nil {
			t.Fatalf("Key %q of %q does not parse: %v", u.Key(), s, err)
		}
		if !Equal(u, k) || !Equal(k, u) || k.Key() != u.Key() || !Equal(u, u) {
			t.Fatalf("%q and its Key %q are not equal", s, u.Key())
		}
		if string(u.AppendKey([]byte("x"))) != "x"+u.Key() {
			t.Fatalf("AppendKey and Key differ on %q", s)
		}
	})
}

// refValid is a direct reading of the RFC 8141 ABNF, written apart from
// Parse: the namestring split at its delimiters first, then each part
// checked.
func refValid(s string) bool {
	if len(s) < 4 || strings.ToLower(s[:4]) != "urn:" {
		return false
	}
	rest := s[4:]
	nid, rest, ok := strings.Cut(rest, ":")
	if !ok || len(nid) < 2 || len(nid) > 32 || nid[0] == '-' || nid[len(nid)-1] == '-' {
		return false
	}
	for _, c := range []byte(nid) {
		if !isAlnum(c) && c != '-' {
			return false
		}
	}
	rest, frag, hasF := strings.Cut(rest, "#")
	if hasF && !refChars(frag, "/?") {
		return false
	}
	nss, rq, _ := strings.Cut(rest, "?")
	if nss == "" || nss[0] == '/' || !refChars(nss, "/") {
		return false
	}
	if rq == "" {
		return !strings.Contains(rest, "?")
	}
	var r, q string
	switch {
	case strings.HasPrefix(rq, "+"):
		r, q, _ = strings.Cut(rq[1:], "?=")
		if !strings.Contains(rq[1:], "?=") {
			q = "\x00none"
		}
	case strings.HasPrefix(rq, "="):
		r, q = "\x00none", rq[1:]
	default:
		return false
	}
	comp := func(c string) bool {
		return c == "\x00none" || c != "" && c[0] != '/' && c[0] != '?' && refChars(c, "/?")
	}
	return comp(r) && comp(q)
}

// refChars reports whether s is pchar and the characters of extra.
func refChars(s, extra string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%':
			if i+2 >= len(s) || !hexdigit.Is(s[i+1]) || !hexdigit.Is(s[i+2]) {
				return false
			}
			i += 2
		case strings.IndexByte("-._~!$&'()*+,;=:@"+extra, c) >= 0 || isAlnum(c):
		default:
			return false
		}
	}
	return true
}
