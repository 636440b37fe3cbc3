package main

import (
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/uri"
)

// caret returns input on one line and a caret under the byte offset off,
// both indented, for a human reader.
func caret(input string, off int) string {
	if off > len(input) {
		off = len(input)
	}
	shown := strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return '·'
		}
		return r
	}, input)
	col := utf8.RuneCountInString(input[:off])
	return "  " + shown + "\n  " + strings.Repeat(" ", col) + "^\n"
}

// parseURIArg parses a reference given as a flag or argument, strictly.
func parseURIArg(what, s string) (uri.Reference, error) {
	r, err := uri.Parse(s)
	if err != nil {
		return r, errors.New(what + ": " + err.Error())
	}
	return r, nil
}
