// Package window cuts the part of an input that an error message quotes,
// so that the length of a message does not depend on the input's (issue
// 12): at most Side bytes on each side of an offset, cut on UTF-8
// boundaries, with "…" marks where the input goes on. The library
// packages' Error methods share it, so that their windows agree.
package window

import (
	"strconv"
	"unicode/utf8"
)

// Side is how many bytes of the input a message quotes on each side of an
// offset, at most.
const Side = 40

// Bounds returns the part s[lo:hi] of s[start:end] that a message quotes
// around off (held within start and end): at most Side bytes on each side
// of off, each end moved inward by up to 3 bytes so that it falls on a
// UTF-8 boundary where s is UTF-8 (a longer run of continuation bytes is
// not UTF-8, and is cut where the 3 bytes end). The byte at off stays
// inside. start and end must satisfy 0 <= start <= end <= len(s).
func Bounds(s string, start, end, off int) (lo, hi int) {
	off = min(max(off, start), end)
	lo, hi = max(off-Side, start), min(off+Side, end)
	for k := 0; k < utf8.UTFMax-1 && lo > start && lo < off && !utf8.RuneStart(s[lo]); k++ {
		lo++
	}
	for k := 0; k < utf8.UTFMax-1 && hi < end && hi > off+1 && !utf8.RuneStart(s[hi]); k++ {
		hi--
	}
	return lo, hi
}

// AppendQuoted appends the window of s around off (see Bounds), quoted in
// Go syntax, with "…" outside the quotes where s goes on: `…"bc d"…`.
func AppendQuoted(b []byte, s string, off int) []byte {
	lo, hi := Bounds(s, 0, len(s), off)
	if lo > 0 {
		b = append(b, "…"...)
	}
	b = strconv.AppendQuote(b, s[lo:hi])
	if hi < len(s) {
		b = append(b, "…"...)
	}
	return b
}

// AppendPlain appends the window of s[start:end] around off (see Bounds)
// as it is, with "…" where s[start:end] goes on: `…bc d…`.
func AppendPlain(b []byte, s string, start, end, off int) []byte {
	lo, hi := Bounds(s, start, end, off)
	if lo > start {
		b = append(b, "…"...)
	}
	b = append(b, s[lo:hi]...)
	if hi < end {
		b = append(b, "…"...)
	}
	return b
}

// Plain returns the window of s around off as AppendPlain writes it. It
// is a new string, which does not hold s.
func Plain(s string, off int) string {
	return string(AppendPlain(make([]byte, 0, 2*Side+8), s, 0, len(s), off))
}

// AppendHead appends the head that the packages' error messages share:
// prefix (the package's name and ": "), the window of s around off
// (AppendQuoted), ": offset " and off: `uri: "a b": offset 1`.
func AppendHead(b []byte, prefix, s string, off int) []byte {
	b = append(b, prefix...)
	b = AppendQuoted(b, s, off)
	b = append(b, ": offset "...)
	return strconv.AppendInt(b, int64(off), 10)
}

// Clip returns s cut to at most n bytes, on a UTF-8 boundary where s is
// UTF-8 there (moving back at most 3 bytes), with "…" added where it was
// cut: for a message that quotes a name or another message.
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := max(n, 0)
	for k := 0; k < utf8.UTFMax-1 && i > 0 && !utf8.RuneStart(s[i]); k++ {
		i--
	}
	return s[:i] + "…"
}
