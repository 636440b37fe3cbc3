package report

import (
	"strconv"
	"unicode/utf8"

	"github.com/urikit/urikit/internal/bytestr"

	"github.com/urikit/urikit/form"
)

// Record is the JSON object of one record, the same in every record
// subcommand's --json output and in every answer of the HTTP API (the
// record contract). Its members come in this order:
//
//   - "input": the record; "input_hex" (its bytes in lowercase hex) when it
//     is not UTF-8; "input_bytes" (its length) for a record that was not
//     read, being longer than the CLI's --max-record.
//   - the subcommand's result fields (Fields), in the subcommand's order,
//     only when the record did not fail;
//   - "error": {"offset", "component" (when known), "code", "message"},
//     only when the record failed;
//   - "findings": [{"offset", "component", "code", "message", ...}], only
//     when there are some: what a lenient mode tolerated, or what a parser
//     reported without failing.
//
// Every text member whose value is not valid UTF-8 is written as its
// "_hex" twin ("path_hex": "2fff" for the bytes "/\xff"), never with
// U+FFFD in place of the bytes: no byte is lost. A list of texts of which
// one is not UTF-8 is written whole in hex ("segments_hex").
//
// The zero Record is a record of the empty input with no result.
type Record struct {
	// Input is the record.
	Input string
	// Fields are the subcommand's result fields, in order. They are not
	// written when Error is set.
	Fields []Field
	// Error, when set, makes the record a failure.
	Error *Error
	// Findings are what a lenient mode tolerated or a parser reported
	// without failing; the subcommand merges repeats (see Error).
	Findings []Error

	// inputBytes is the length of a record not read (see TooLong).
	inputBytes int64
	tooLong    bool
}

// TooLong returns the record of an input of size bytes that was not read
// (it is longer than the CLI's --max-record): "input_bytes" in place of
// "input", and the error err.
func TooLong(size int64, err *Error) Record {
	return Record{Error: err, inputBytes: size, tooLong: true}
}

// CodeEmpty is the error code of a blank record (an empty line, an empty
// input): the same in every record subcommand and route, except where a
// subcommand gives the empty record a meaning (edit's "set" builds a URL
// from nothing).
const CodeEmpty = "empty"

// EmptyError is the error of a blank record.
func EmptyError() *Error {
	return &Error{Offset: 0, Code: CodeEmpty, Message: "empty record (a blank line or an empty input)"}
}

// Empty returns the record of a blank input: it fails with CodeEmpty.
func Empty() Record {
	return Record{Error: EmptyError()}
}

// Failed reports whether the record failed.
func (r Record) Failed() bool { return r.Error != nil }

// Field returns the text of the result field called name ("input" for
// the input), and whether the record has such a field. A null field is
// "".
func (r Record) Field(name string) (string, bool) {
	if name == "input" {
		return r.Input, true
	}
	for _, f := range r.Fields {
		if f.name == name {
			return f.Value(), true
		}
	}
	return "", false
}

// The kinds of Field.
const (
	kindText = iota
	kindNull
	kindBool
	kindInt
	kindObject
	kindTextList
	kindPairs
)

// A Field is one member of a Record's result, or of an object inside it.
// Build it with Text, OptText, Bool, Int, Object, TextList or Pairs. The
// zero Field is a text member with an empty name and value.
type Field struct {
	name  string
	kind  uint8
	text  string // kindText; "true" for a true kindBool
	num   int64  // kindInt
	obj   []Field
	list  []string
	pairs form.Values
}

// Name returns the field's name (without "_hex").
func (f Field) Name() string { return f.name }

// IsNull reports whether the field is JSON null.
func (f Field) IsNull() bool { return f.kind == kindNull }

// Value returns the field's value as text: the text, "true" or "false",
// the number, or "" for null and for the other kinds.
func (f Field) Value() string {
	switch f.kind {
	case kindText:
		return f.text
	case kindBool:
		return strconv.FormatBool(f.text == "true")
	case kindInt:
		return strconv.FormatInt(f.num, 10)
	}
	return ""
}

// Pairs returns the pairs of a Pairs field, else nil.
func (f Field) Pairs() form.Values { return f.pairs }

// Text returns a text field: "name": "s", or "name_hex" when s is not
// UTF-8.
func Text(name, s string) Field { return Field{name: name, kind: kindText, text: s} }

// bytesField is Text on b without copying it: b must not change until the
// record is written.
func bytesField(name string, b []byte) Field {
	return Text(name, bytestr.View(b))
}

// OptText returns a text field when ok, else "name": null.
func OptText(name, s string, ok bool) Field {
	if !ok {
		return Field{name: name, kind: kindNull}
	}
	return Text(name, s)
}

// Bool returns a boolean field.
func Bool(name string, b bool) Field {
	f := Field{name: name, kind: kindBool}
	if b {
		f.text = "true"
	}
	return f
}

// Int returns a number field.
func Int(name string, n int) Field { return Field{name: name, kind: kindInt, num: int64(n)} }

// Object returns a field whose value is an object of fields, written by
// the same rules as a Record's result fields.
func Object(name string, fields ...Field) Field {
	return Field{name: name, kind: kindObject, obj: fields}
}

// TextList returns a field whose value is a list of texts ("name_hex",
// every text in hex, when one of them is not UTF-8). A nil list is an
// empty one.
func TextList(name string, list []string) Field {
	return Field{name: name, kind: kindTextList, list: list}
}

// Pairs returns a field whose value is the list of [name, value] pairs
// of a form ("name_hex", every text in hex, when one of them is not
// UTF-8). A nil list is an empty one.
func Pairs(name string, pairs form.Values) Field {
	return Field{name: name, kind: kindPairs, pairs: pairs}
}

// AppendJSON appends the JSON object of the record to dst, without a
// newline, and returns the extended buffer.
func (r Record) AppendJSON(dst []byte) []byte {
	w := jsonWriter{b: dst}
	w.record(&r)
	return w.b
}

// JSONSize returns the length of the JSON object AppendJSON writes, and
// true; or false as soon as the length is known to exceed limit. It
// allocates nothing.
func (r Record) JSONSize(limit int) (int, bool) {
	w := jsonWriter{count: true, limit: limit}
	ok := w.record(&r)
	return w.n, ok && w.n <= limit
}

// MarshalJSON returns what AppendJSON writes, for encoding/json (which
// escapes <, > and & unless its encoder is told not to).
func (r Record) MarshalJSON() ([]byte, error) {
	return r.AppendJSON(make([]byte, 0, 256)), nil
}

// MarshalJSON writes e as it is written inside a Record.
func (e Error) MarshalJSON() ([]byte, error) {
	w := jsonWriter{b: make([]byte, 0, 128)}
	w.errorObject(&e)
	return w.b, nil
}

// jsonWriter writes JSON text to b, or with count set only counts its
// length in n (giving up when n passes limit). Both modes go through the
// same code, so that they agree.
type jsonWriter struct {
	b     []byte
	n     int
	count bool
	limit int
}

// raw writes s as it is.
func (w *jsonWriter) raw(s string) {
	if w.count {
		w.n += len(s)
		return
	}
	w.b = append(w.b, s...)
}

// over reports whether a count passed its limit.
func (w *jsonWriter) over() bool { return w.count && w.n > w.limit }

// key writes `"name":` or `"name_hex":`, with a comma before it unless
// first.
func (w *jsonWriter) key(name string, hex, first bool) {
	if !first {
		w.raw(",")
	}
	w.raw(`"`)
	w.raw(name)
	if hex {
		w.raw(`_hex"`)
	} else {
		w.raw(`"`)
	}
	w.raw(":")
}

// text writes the member name: s, or name_hex when s is not UTF-8.
func (w *jsonWriter) text(name, s string, first bool) {
	if !utf8.ValidString(s) {
		w.key(name, true, first)
		w.hex(s)
		return
	}
	w.key(name, false, first)
	w.str(s)
}

// hex writes the bytes of s in lowercase hex, as a JSON string.
func (w *jsonWriter) hex(s string) {
	if w.count {
		w.n += 2 + 2*len(s)
		return
	}
	const digits = "0123456789abcdef"
	w.b = append(w.b, '"')
	for i := 0; i < len(s); i++ {
		w.b = append(w.b, digits[s[i]>>4], digits[s[i]&0xf])
	}
	w.b = append(w.b, '"')
}

// str writes the valid UTF-8 text s as a JSON string, escaped as
// encoding/json escapes it without HTML escaping: two-byte escapes for
// the quote, the backslash and \b \f \n \r \t, six-byte ones for the
// other control characters and for U+2028 and U+2029.
func (w *jsonWriter) str(s string) {
	if w.count {
		w.n += stringSize(s)
		return
	}
	const digits = "0123456789abcdef"
	b := append(w.b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', digits[c>>4], digits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', digits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	w.b = append(b, '"')
}

// stringSize is the length of the JSON string str writes for s.
func stringSize(s string) int {
	n := 2
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\' || c == '\b' || c == '\f' || c == '\n' || c == '\r' || c == '\t':
				n += 2
			case c < 0x20:
				n += 6
			default:
				n++
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == '\u2028' || r == '\u2029' {
			n += 6
		} else {
			n += size
		}
		i += size
	}
	return n
}

// int writes n.
func (w *jsonWriter) int(n int64) {
	if w.count {
		var buf [24]byte
		w.n += len(strconv.AppendInt(buf[:0], n, 10))
		return
	}
	w.b = strconv.AppendInt(w.b, n, 10)
}

// record writes r and reports whether a count stayed within its limit.
func (w *jsonWriter) record(r *Record) bool {
	w.raw("{")
	switch {
	case r.tooLong:
		w.key("input_bytes", false, true)
		w.int(r.inputBytes)
	default:
		w.text("input", r.Input, true)
	}
	if r.Error == nil {
		for i := range r.Fields {
			w.field(&r.Fields[i], false)
			if w.over() {
				return false
			}
		}
	} else {
		w.key("error", false, false)
		w.errorObject(r.Error)
	}
	if len(r.Findings) > 0 {
		w.key("findings", false, false)
		w.raw("[")
		for i := range r.Findings {
			if i > 0 {
				w.raw(",")
			}
			w.errorObject(&r.Findings[i])
			if w.over() {
				return false
			}
		}
		w.raw("]")
	}
	w.raw("}")
	return !w.over()
}

// field writes the member f.
func (w *jsonWriter) field(f *Field, first bool) {
	switch f.kind {
	case kindText:
		w.text(f.name, f.text, first)
	case kindNull:
		w.key(f.name, false, first)
		w.raw("null")
	case kindBool:
		w.key(f.name, false, first)
		if f.text == "true" {
			w.raw("true")
		} else {
			w.raw("false")
		}
	case kindInt:
		w.key(f.name, false, first)
		w.int(f.num)
	case kindObject:
		w.key(f.name, false, first)
		w.raw("{")
		for i := range f.obj {
			w.field(&f.obj[i], i == 0)
		}
		w.raw("}")
	case kindTextList:
		hex := false
		for _, s := range f.list {
			hex = hex || !utf8.ValidString(s)
		}
		w.key(f.name, hex, first)
		w.raw("[")
		for i, s := range f.list {
			if i > 0 {
				w.raw(",")
			}
			w.textValue(s, hex)
		}
		w.raw("]")
	case kindPairs:
		hex := false
		for _, p := range f.pairs {
			hex = hex || !utf8.ValidString(p.Name) || !utf8.ValidString(p.Value)
		}
		w.key(f.name, hex, first)
		w.raw("[")
		for i, p := range f.pairs {
			if i > 0 {
				w.raw(",")
			}
			w.raw("[")
			w.textValue(p.Name, hex)
			w.raw(",")
			w.textValue(p.Value, hex)
			w.raw("]")
			if w.over() {
				return
			}
		}
		w.raw("]")
	}
}

// textValue writes s as a JSON string, in hex when hex is set.
func (w *jsonWriter) textValue(s string, hex bool) {
	if hex {
		w.hex(s)
	} else {
		w.str(s)
	}
}

// errorObject writes e: {"offset", "component", "code", "message",
// "severity", "detail", "count", "offsets"}, the empty optional ones
// left out.
func (w *jsonWriter) errorObject(e *Error) {
	w.raw("{")
	w.key("offset", false, true)
	w.int(int64(e.Offset))
	if e.Component != "" {
		w.text("component", e.Component, false)
	}
	w.text("code", e.Code, false)
	w.text("message", e.Message, false)
	if e.Severity != "" {
		w.text("severity", e.Severity, false)
	}
	if e.Detail != "" {
		w.text("detail", e.Detail, false)
	}
	if e.Count != 0 {
		w.key("count", false, false)
		w.int(int64(e.Count))
	}
	if len(e.Offsets) > 0 {
		w.key("offsets", false, false)
		w.raw("[")
		for i, o := range e.Offsets {
			if i > 0 {
				w.raw(",")
			}
			w.int(int64(o))
		}
		w.raw("]")
	}
	w.raw("}")
}
