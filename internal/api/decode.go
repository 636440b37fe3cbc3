package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strings"
)

// A Decoder decodes request bodies. It caches what it learns of the
// request types, so one is meant to be kept and shared: it is safe for
// concurrent use, and the zero Decoder is ready.
type Decoder struct {
	fields jsonFields
}

// decodeBody decodes the JSON body into dst, a pointer to a struct,
// refusing text that would not be read losslessly (checkText), unknown
// fields (matched as encoding/json matches them, ignoring case) and
// anything after the object. It decodes the body in place, without
// copying it first as a json.Decoder would.
func (d *Decoder) decodeBody(body []byte, dst any) *Error {
	if e := checkText(body); e != nil {
		return e
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return newError(statusBadRequest, "malformed-json", "empty body: want a JSON object")
	}
	err := json.Unmarshal(body, dst)
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return jsonError(err)
	}
	fields := d.fields.structFields(reflect.TypeOf(dst).Elem())
	var unknown []byte
	topKeys(body, func(key []byte) bool {
		if bytes.IndexByte(key, '\\') >= 0 {
			var k string
			if json.Unmarshal(append(append([]byte{'"'}, key...), '"'), &k) == nil {
				key = []byte(k)
			}
		}
		for _, f := range fields {
			if bytes.EqualFold(key, []byte(f.key)) {
				return true
			}
		}
		unknown = key
		return false
	})
	if unknown != nil {
		return newError(statusBadRequest, "unknown-field", "unknown option %q", unknown)
	}
	if err != nil {
		return jsonError(err)
	}
	return nil
}

// topKeys calls f with each key of the top-level object of the JSON text
// b (the text between the quotes, escapes not decoded), until f returns
// false. b must be valid JSON; when it is not an object, f is not called.
func topKeys(b []byte, f func(key []byte) bool) {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return
	}
	i++
	for {
		i = skipSpace(b, i)
		if i >= len(b) || b[i] == '}' {
			return
		}
		if b[i] == ',' {
			i++
			continue
		}
		end := stringEnd(b, i)
		if !f(b[i+1 : end-1]) {
			return
		}
		i = skipSpace(b, end) + 1 // the colon
		i = skipValue(b, skipSpace(b, i))
	}
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// stringEnd returns the index after the string that begins at b[i].
func stringEnd(b []byte, i int) int {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(b)
}

// skipValue returns the index after the value that begins at b[i].
func skipValue(b []byte, i int) int {
	if i >= len(b) {
		return i
	}
	switch b[i] {
	case '"':
		return stringEnd(b, i)
	case '{', '[':
		depth := 0
		for i < len(b) {
			switch b[i] {
			case '"':
				i = stringEnd(b, i)
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
			i++
		}
		return i
	}
	for i < len(b) && !bytes.ContainsRune([]byte(",}] \t\r\n"), rune(b[i])) {
		i++
	}
	return i
}

// jsonError classifies an error of json.Decoder.Decode.
func jsonError(err error) *Error {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te) && te.Field != "":
		// Fields of the embedded records struct are named after it.
		field := strings.TrimPrefix(te.Field, "records.")
		want := jsonType(te.Type.Kind().String())
		if field == "inputs" && want != "array" {
			want = "array of strings"
		}
		return newError(statusBadRequest, "invalid-field", "%q must be a JSON %s, not %s", field, want, te.Value)
	case errors.As(err, &te):
		return newError(statusBadRequest, "malformed-json", "want a JSON object, not %s", te.Value)
	case errors.As(err, &se) && se.Error() == "unexpected end of JSON input":
		return newError(statusBadRequest, "malformed-json", "the JSON object is cut off")
	case errors.As(err, &se):
		return newError(statusBadRequest, "malformed-json", "offset %d: %v", se.Offset, se)
	case errors.Is(err, io.EOF):
		return newError(statusBadRequest, "malformed-json", "empty body: want a JSON object")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return newError(statusBadRequest, "malformed-json", "the JSON object is cut off")
	}
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return newError(statusBadRequest, "unknown-field", "unknown option %s", name)
	}
	return newError(statusBadRequest, "malformed-json", "%v", err)
}

// jsonType names a Go kind as JSON does.
func jsonType(kind string) string {
	switch kind {
	case "string":
		return "string"
	case "bool":
		return "boolean"
	case "slice", "array":
		return "array"
	case "struct", "map", "ptr":
		return "object"
	}
	return "number"
}
