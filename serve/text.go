package serve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"
)

// checkText refuses a body whose JSON strings hold text that has no
// lossless reading: raw bytes that are not UTF-8 (400 malformed-json) and
// \u escapes of UTF-16 surrogates that do not form a pair (400
// invalid-unicode), which encoding/json would silently replace with
// U+FFFD. The error names the field and the byte offset of the first one.
// A body without backslashes or bytes above 0x7F costs one pass over it.
func checkText(body []byte) *apiError {
	bad := invalidUTF8(body)
	sur, escape := loneSurrogate(body)
	switch {
	case sur >= 0 && (bad < 0 || sur < bad):
		return newError(http.StatusBadRequest, "invalid-unicode",
			"%s (offset %d): %s is a UTF-16 surrogate without its pair, which no UTF-8 text holds: send the bytes percent-encoded",
			fieldAt(body, sur), sur, escape)
	case bad >= 0:
		return newError(http.StatusBadRequest, "malformed-json",
			"%s (offset %d): the body is not valid UTF-8: send other bytes percent-encoded", fieldAt(body, bad), bad)
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

// loneSurrogate returns the offset of the first \u escape in b that
// stands for a UTF-16 surrogate not paired (a high one followed by an
// escaped low one), and the escape's text; or -1. It reads the escapes of
// any string of the JSON text: a backslash occurs nowhere else in valid
// JSON, and an invalid text fails to decode anyway.
func loneSurrogate(b []byte) (int, string) {
	for i := 0; ; {
		k := bytes.IndexByte(b[i:], '\\')
		if k < 0 || i+k+1 >= len(b) {
			return -1, ""
		}
		i += k
		if b[i+1] != 'u' {
			i += 2 // \\ \" \n ...: the escaped byte is not a backslash
			continue
		}
		r, ok := hex4(b[i+2:])
		if !ok {
			i += 2
			continue
		}
		switch {
		case 0xD800 <= r && r < 0xDC00:
			if len(b) >= i+12 && b[i+6] == '\\' && b[i+7] == 'u' {
				if lo, ok := hex4(b[i+8:]); ok && 0xDC00 <= lo && lo < 0xE000 {
					i += 12
					continue
				}
			}
			return i, string(b[i : i+6])
		case 0xDC00 <= r && r < 0xE000:
			return i, string(b[i : i+6])
		}
		i += 6
	}
}

// hex4 reads the 4 hex digits that begin b.
func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
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
