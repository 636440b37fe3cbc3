package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/internal/report"
)

// checkText refuses a body whose JSON strings hold text that has no
// lossless reading: raw bytes that are not UTF-8 (400 malformed-json) and
// \u escapes of UTF-16 surrogates that do not form a pair (400
// invalid-unicode), which encoding/json would silently replace with
// U+FFFD. The error names the field and the byte offset of the first one.
// A body without backslashes or bytes above 0x7F costs one pass over it.
func checkText(body []byte) *Error {
	bad := invalidUTF8(body)
	sur, escape := report.LoneSurrogate(body)
	switch {
	case sur >= 0 && (bad < 0 || sur < bad):
		return newError(statusBadRequest, "invalid-unicode",
			"%s (offset %d): %s is a UTF-16 surrogate without its pair, which no UTF-8 text holds: send bytes that are not UTF-8 as \"input_hex\" or \"inputs_hex\"",
			fieldAt(body, sur), sur, escape)
	case bad >= 0:
		return newError(statusBadRequest, "malformed-json",
			"%s (offset %d): the body is not valid UTF-8: send bytes that are not UTF-8 as \"input_hex\" or \"inputs_hex\"", fieldAt(body, bad), bad)
	}
	return nil
}

// invalidUTF8 returns the offset of the first byte of b that is not part
// of valid UTF-8, or -1.
func invalidUTF8(b []byte) int {
	if utf8.Valid(b) {
		return -1
	}
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return -1
}

// fieldAt names the JSON value of body that holds the byte at offset off,
// as a path from the top object such as `field "inputs"[2]`, or `a key
// of ...` when the byte is in an object key. It walks the tokens up to
// off; a body cut or broken before off gives "the body".
func fieldAt(body []byte, off int) string {
	type frame struct {
		object    bool
		key       string
		index     int
		expectKey bool
	}
	var stack []frame
	path := func() string {
		var b strings.Builder
		for i, f := range stack {
			switch {
			case f.object && i == 0:
				b.WriteString(strconv.Quote(f.key))
			case f.object:
				b.WriteString("." + strconv.Quote(f.key))
			default:
				fmt.Fprintf(&b, "[%d]", f.index)
			}
		}
		return b.String()
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	for {
		start := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return "the body"
		}
		end := dec.InputOffset()
		var top *frame
		if len(stack) > 0 {
			top = &stack[len(stack)-1]
		}
		key, isKey := tok.(string)
		isKey = isKey && top != nil && top.object && top.expectKey
		if int64(off) >= start && int64(off) < end {
			switch {
			case isKey && len(stack) == 1:
				return "a key of the top object"
			case isKey:
				stack = stack[:len(stack)-1]
				return "a key of field " + path()
			case len(stack) == 0:
				return "the body"
			}
			return "field " + path()
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			stack = append(stack, frame{object: tok == json.Delim('{'), expectKey: true})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		default:
			if isKey {
				top.key, top.expectKey = key, false
				continue
			}
		}
		// A value ended: the parent moves to its next key or element.
		if len(stack) > 0 {
			if top := &stack[len(stack)-1]; top.object {
				top.expectKey = true
			} else {
				top.index++
			}
		}
	}
}
