package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urikit/urikit/form"
	"github.com/urikit/urikit/internal/collapse"
	"github.com/urikit/urikit/internal/hexdigit"
	"github.com/urikit/urikit/internal/window"
	"github.com/urikit/urikit/percent"
)

// FormDecode is the record of "urikit form decode": in parsed as
// application/x-www-form-urlencoded exactly as the URL Standard says
// (form.Parse, what new URLSearchParams(in) does), its pairs as "pairs":
// [[name, value], ...]. What the standard's parser tolerates is listed in
// the findings, merged by code: a "%" kept as it is because no two hex
// digits follow (invalid-escape), and decoded bytes that are not UTF-8,
// which the standard reads as U+FFFD (invalid-utf8), so that no such
// replacement goes unsaid. Then nothing is lost: "pairs_hex" follows
// "pairs", the octets of each name and value in hex ([[name_hex,
// value_hex], ...], one entry per pair, in order). A form decode never
// fails.
func FormDecode(in string) Record {
	rec := Record{Input: in, Fields: []Field{Pairs("pairs", form.Parse(in))}, Findings: formFindings(in)}
	for _, f := range rec.Findings {
		if f.Code == string(percent.ErrInvalidUTF8) {
			rec.Fields = append(rec.Fields, Pairs("pairs_hex", formOctets(in)))
			break
		}
	}
	return rec
}

// lowerHex are the digits of the _hex members.
const lowerHex = "0123456789abcdef"

// formOctets returns the pairs of in as form.Parse splits them, each name
// and value as the hex of the octets it decodes to, before the standard
// reads them as UTF-8.
func formOctets(in string) form.Values {
	var pairs form.Values
	var buf []byte
	piece := func(lo, hi int) string {
		buf = buf[:0]
		for i := lo; i < hi; {
			b, n := formByte(in, i, hi)
			buf = append(buf, lowerHex[b>>4], lowerHex[b&15])
			i += n
		}
		return string(buf)
	}
	for start := 0; start <= len(in); {
		end := strings.IndexByte(in[start:], '&')
		if end < 0 {
			end = len(in)
		} else {
			end += start
		}
		if end > start {
			eq := strings.IndexByte(in[start:end], '=')
			if eq < 0 {
				pairs = append(pairs, form.Pair{Name: piece(start, end)})
			} else {
				pairs = append(pairs, form.Pair{Name: piece(start, start+eq), Value: piece(start+eq+1, end)})
			}
		}
		start = end + 1
	}
	return pairs
}

// formFindings scans each name and value of the form in, as Parse decodes
// them, for invalid escapes and for decoded bytes that are not UTF-8.
func formFindings(in string) []Error {
	var list []Error
	for start := 0; start <= len(in); {
		end := strings.IndexByte(in[start:], '&')
		if end < 0 {
			end = len(in)
		} else {
			end += start
		}
		if eq := strings.IndexByte(in[start:end], '='); eq >= 0 {
			list = scanFormPiece(list, in, start, start+eq)
			list = scanFormPiece(list, in, start+eq+1, end)
		} else {
			list = scanFormPiece(list, in, start, end)
		}
		start = end + 1
	}
	return list
}

// formByte returns the byte that the form piece in[i:hi] decodes to at i
// ("+" is a space, a valid escape its byte), and the number of input
// bytes it takes.
func formByte(in string, i, hi int) (byte, int) {
	switch c := in[i]; {
	case c == '+':
		return ' ', 1
	case c == '%' && i+2 < hi && hexdigit.Is(in[i+1]) && hexdigit.Is(in[i+2]):
		return hexdigit.Value(in[i+1])<<4 | hexdigit.Value(in[i+2]), 3
	default:
		return c, 1
	}
}

// scanFormPiece appends the findings of the name or value in[lo:hi] to
// list.
func scanFormPiece(list []Error, in string, lo, hi int) []Error {
	for i := lo; i < hi; {
		if in[i] == '%' && !(i+2 < hi && hexdigit.Is(in[i+1]) && hexdigit.Is(in[i+2])) {
			list = addPercentFinding(list, in, i, min(i+3, hi), percent.ErrInvalidEscape, ": kept as it is")
		}
		b, n := formByte(in, i, hi)
		if b < utf8.RuneSelf {
			i += n
			continue
		}
		// The next (up to) four decoded bytes.
		var buf [utf8.UTFMax]byte
		k := 0
		for j := i; k < len(buf) && j < hi; k++ {
			var m int
			buf[k], m = formByte(in, j, hi)
			j += m
		}
		r, size := utf8.DecodeRune(buf[:k])
		if r == utf8.RuneError && size <= 1 {
			list = addPercentFinding(list, in, i, i+n, percent.ErrInvalidUTF8, ": read as U+FFFD, as the URL Standard says")
			i += n
			continue
		}
		for range size {
			_, m := formByte(in, i, hi)
			i += m
		}
	}
	return list
}

// addPercentFinding adds the finding of code at in[off:end] to list,
// merged into the one of the same code when there is one (its message is
// then not built).
func addPercentFinding(list []Error, in string, off, end int, code percent.Code, tail string) []Error {
	for i := range list {
		if g := &list[i]; g.Code == string(code) {
			collapse.Add(g.Offset, &g.Count, &g.Offsets, off)
			return list
		}
	}
	f := PercentError(&percent.Error{Offset: off, Code: code, Text: in[off:end]})
	f.Message += tail
	return append(list, f)
}

// FormEncode is the record of "urikit form encode": in, a JSON array of
// [name, value] arrays, serialized as new URLSearchParams(pairs) does
// ("output"). Text that JSON does not carry losslessly (bytes that are not
// UTF-8, a \u escape of a UTF-16 surrogate without its pair, which
// encoding/json would read as U+FFFD) fails the record, as does any other
// input that is not such an array (code invalid-json).
func FormEncode(in string) Record {
	fail := func(off int, msg string) Record {
		return Record{Input: in, Error: &Error{Offset: off, Code: "invalid-json", Message: msg}}
	}
	if !utf8.ValidString(in) {
		off := invalidUTF8(in)
		return fail(off, strconv.Quote(in[off:off+1])+": JSON text is UTF-8; send other bytes percent-encoded in a form")
	}
	if off, esc := LoneSurrogate([]byte(in)); off >= 0 {
		return fail(off, esc+" is a UTF-16 surrogate without its pair, which no UTF-8 text holds")
	}
	var pairs [][2]string
	if err := json.Unmarshal([]byte(in), &pairs); err != nil {
		off := 0
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			off = int(se.Offset)
		case errors.As(err, &te):
			off = int(te.Offset)
		}
		return fail(off, "want a JSON array of [name, value] pairs: "+window.Clip(err.Error(), maxMessage))
	}
	return NewRecord([]byte(in), form.FromPairs(pairs).AppendTo(nil), nil, nil)
}

// invalidUTF8 returns the offset of the first byte of s that is not part
// of valid UTF-8, or -1.
func invalidUTF8(s string) int {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return -1
}

// LoneSurrogate returns the offset of the first \u escape in the JSON text
// b that stands for a UTF-16 surrogate not paired (a high one followed by
// an escaped low one), and the escape's text; or -1. encoding/json reads
// such an escape as U+FFFD. It reads the escapes of any string of the JSON
// text: a backslash occurs nowhere else in valid JSON, and an invalid text
// fails to decode anyway.
func LoneSurrogate(b []byte) (int, string) {
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
		if !hexdigit.Is(c) {
			return 0, false
		}
		r = r<<4 | rune(hexdigit.Value(c))
	}
	return r, true
}
