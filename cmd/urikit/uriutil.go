package main

import (
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/uri"
)

// uriError converts an error of package uri to its JSON form.
func uriError(err error) *recordError {
	var ue *uri.Error
	if errors.As(err, &ue) {
		return &recordError{Offset: ue.Offset, Component: string(ue.Component), Code: string(ue.Code), Message: ue.Code.Message()}
	}
	return &recordError{Code: "error", Message: err.Error()}
}

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

// optional returns a pointer to s when ok, for JSON null when absent.
func optional(s string, ok bool) *string {
	if !ok {
		return nil
	}
	return &s
}

// parseURIArg parses a reference given as a flag or argument, strictly.
func parseURIArg(what, s string) (uri.Reference, error) {
	r, err := uri.Parse(s)
	if err != nil {
		return r, errors.New(what + ": " + err.Error())
	}
	return r, nil
}

// levelFlag resolves a --level name plus the extra step flags.
func levelFlag(name string, sortQuery, dropFragment, dropEmptyQuery bool) (uri.Level, error) {
	l, err := uri.ParseLevel(name)
	if err != nil {
		return 0, err
	}
	if sortQuery {
		l |= uri.SortQuery
	}
	if dropFragment {
		l |= uri.DropFragment
	}
	if dropEmptyQuery {
		l |= uri.DropEmptyQuery
	}
	return l, nil
}
