package check

import (
	"net/url"
	"strings"
)

// The escaped forms of net/url's components that the net/url View shows,
// as url.URL.EscapedPath, url.URL.EscapedFragment and url.Userinfo.String
// compute them, with one allocation of the result's size instead of a
// buffer and a copy of it (twice the size, three times the input's for
// every byte escaped). TestNetURLEscapes checks them against net/url.

// A netMode is one of net/url's escaping modes.
type netMode uint8

const (
	netPath netMode = iota
	netFragment
	netUserinfo
)

// netKeeps reports whether net/url writes b as it is in mode (its
// shouldEscape is false).
func netKeeps(b byte, mode netMode) bool {
	switch {
	case 'a' <= b && b <= 'z', 'A' <= b && b <= 'Z', '0' <= b && b <= '9':
		return true
	}
	switch b {
	case '-', '_', '.', '~':
		return true
	case '$', '&', '+', ',', '/', ':', ';', '=', '?', '@':
		switch mode {
		case netPath:
			return b != '?'
		case netUserinfo:
			return b != '@' && b != '/' && b != '?' && b != ':'
		}
		return true
	case '!', '(', ')', '*':
		return mode == netFragment
	}
	return false
}

// netValidEncoded reports what net/url's validEncoded does: s holds only
// bytes that need no escaping in mode, sub-delimiters, brackets and "%".
func netValidEncoded(s string, mode netMode) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '!', '$', '&', '\'', '(', ')', '*', '+', ',', ';', '=', ':', '@', '[', ']', '%':
		default:
			if !netKeeps(s[i], mode) {
				return false
			}
		}
	}
	return true
}

// netDecodesTo reports whether every "%" of raw starts a valid escape and
// raw decodes to dec, as net/url's unescape(raw) == dec (in the path and
// fragment modes, which decode nothing else).
func netDecodesTo(raw, dec string) bool {
	j := 0
	for i := 0; i < len(raw); i++ {
		b := raw[i]
		if b == '%' {
			v, ok := escapeAt(raw, i)
			if !ok {
				return false
			}
			b = v
			i += 2
		}
		if j >= len(dec) || dec[j] != b {
			return false
		}
		j++
	}
	return j == len(dec)
}

// netEscape is net/url's escape(s, mode).
func netEscape(s string, mode netMode) string {
	n := 0
	for i := 0; i < len(s); i++ {
		if !netKeeps(s[i], mode) {
			n++
		}
	}
	if n == 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 2*n)
	for i := 0; i < len(s); i++ {
		if c := s[i]; netKeeps(c, mode) {
			b.WriteByte(c)
		} else {
			b.WriteByte('%')
			b.WriteByte(upperHex[c>>4])
			b.WriteByte(upperHex[c&15])
		}
	}
	return b.String()
}

const upperHex = "0123456789ABCDEF"

// netEscapedPath returns u.EscapedPath().
func netEscapedPath(u *url.URL) string {
	if u.RawPath != "" && netValidEncoded(u.RawPath, netPath) && netDecodesTo(u.RawPath, u.Path) {
		return u.RawPath
	}
	if u.Path == "*" {
		return "*"
	}
	return netEscape(u.Path, netPath)
}

// netEscapedFragment returns u.EscapedFragment().
func netEscapedFragment(u *url.URL) string {
	if u.RawFragment != "" && netValidEncoded(u.RawFragment, netFragment) && netDecodesTo(u.RawFragment, u.Fragment) {
		return u.RawFragment
	}
	return netEscape(u.Fragment, netFragment)
}

// netUserinfoString returns u.String() for a userinfo.
func netUserinfoString(u *url.Userinfo) string {
	if u == nil {
		return ""
	}
	s := netEscape(u.Username(), netUserinfo)
	if p, ok := u.Password(); ok {
		return s + ":" + netEscape(p, netUserinfo)
	}
	return s
}
