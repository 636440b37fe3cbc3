package main

import (
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/uri"
)

// caretWindow is how many bytes of a record caret shows on each side of
// the offset.
const caretWindow = 80

// caret returns the record input around the byte offset off on one line,
// and a caret under off, both indented, for a human reader. It shows at
// most caretWindow bytes on each side (cut on UTF-8 boundaries, with "…"
// where cut), so that its size does not depend on the record's; control
// characters show as "·" and a byte that is not UTF-8 as \xFF (its hex
// value), never as U+FFFD.
func caret(input string, off int) string {
	off = min(max(off, 0), len(input))
	lo := max(0, off-caretWindow)
	for lo < off && !utf8.RuneStart(input[lo]) {
		lo++
	}
	hi := min(len(input), off+caretWindow)
	for hi > off && hi < len(input) && !utf8.RuneStart(input[hi]) {
		hi--
	}
	var b strings.Builder
	b.Grow(2*caretWindow + 32)
	b.WriteString("  ")
	col := 0
	if lo > 0 {
		b.WriteString("…")
		col++
	}
	show := func(s string) int {
		n := 0
		for i := 0; i < len(s); {
			r, size := utf8.DecodeRuneInString(s[i:])
			switch {
			case r == utf8.RuneError && size == 1:
				const hex = "0123456789ABCDEF"
				b.WriteString(`\x`)
				b.WriteByte(hex[s[i]>>4])
				b.WriteByte(hex[s[i]&15])
				n += 4
			case r < ' ' || r == 0x7f:
				b.WriteRune('·')
				n++
			default:
				b.WriteRune(r)
				n++
			}
			i += size
		}
		return n
	}
	col += show(input[lo:off])
	show(input[off:hi])
	if hi < len(input) {
		b.WriteString("…")
	}
	b.WriteString("\n  ")
	for range col {
		b.WriteByte(' ')
	}
	b.WriteString("^\n")
	return b.String()
}

// parseURIArg parses a reference given as a flag or argument, strictly.
func parseURIArg(what, s string) (uri.Reference, error) {
	r, err := uri.Parse(s)
	if err != nil {
		return r, errors.New(what + ": " + err.Error())
	}
	return r, nil
}
