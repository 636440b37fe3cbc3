package serve

import (
	"bytes"
	"encoding"
	"encoding/base64"
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// jsonFields caches, for each struct type, the fields encoding/json
// encodes.
type jsonFields struct {
	fields sync.Map // reflect.Type → []jsonField
}

// jsonField is one field of a struct as encoding/json encodes it.
type jsonField struct {
	index     []int
	key       string // the name
	name      string // `"name":`
	omitEmpty bool
	omitZero  bool
	quoted    bool // the ",string" option
}

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	numberType        = reflect.TypeFor[json.Number]()
)

// jsonSize returns the length of the JSON encoding of v and true, or
// false as soon as the length is known to exceed limit. It allocates
// nothing for the values of answers (only a Marshaler's output or a
// float).
//
// jsonSize and appendJSON write what a json.Encoder with
// SetEscapeHTML(false) writes (without the newline) but in two steps: an
// answer is measured before it is written, so that an answer that would
// not fit in the response is refused without being built, and one that
// fits is written once, straight into the response, not encoded into a
// buffer first and copied. They follow encoding/json's rules for the
// kinds answers are made of (structs with their tags, embedded structs,
// pointers, interfaces, strings, numbers, booleans, slices, arrays, maps
// and the Marshaler and TextMarshaler interfaces); TestJSONWriter checks
// them against encoding/json on every kind of answer.
func (c *jsonFields) jsonSize(v any, limit int) (int, bool) {
	w := jsonWriter{fields: c, limit: limit}
	ok := w.value(reflect.ValueOf(v))
	return w.n, ok
}

// appendJSON writes the JSON encoding of v to out. It returns the error of
// a Marshaler, as encoding/json does.
func (c *jsonFields) appendJSON(out *chunkBuffer, v any) error {
	w := jsonWriter{fields: c, out: out, limit: int(^uint(0) >> 1)}
	w.value(reflect.ValueOf(v))
	return w.err
}

// jsonWriter walks a value: it counts the bytes of its encoding, up to
// limit, or writes them to out.
type jsonWriter struct {
	fields *jsonFields
	out    *chunkBuffer // nil: count only
	n      int
	limit  int
	err    error
}

// add counts k bytes, reporting whether the count is within the limit.
func (w *jsonWriter) add(k int) bool {
	w.n += k
	return w.n <= w.limit
}

// raw writes s as it is.
func (w *jsonWriter) raw(s string) bool {
	if w.out != nil {
		w.out.WriteString(s)
	}
	return w.add(len(s))
}

func (w *jsonWriter) rawBytes(b []byte) bool {
	if w.out != nil {
		w.out.Write(b)
	}
	return w.add(len(b))
}

const hexDigits = "0123456789abcdef"

// str writes s as a JSON string without HTML escaping: two-byte escapes
// for the quote, the backslash and \b \f \n \r \t, six-byte ones for the
// other control characters, U+2028, U+2029 and each byte of invalid
// UTF-8 (written as \ufffd).
func (w *jsonWriter) str(s string) bool {
	if w.out == nil {
		return w.add(stringSize(s))
	}
	out := w.out
	out.WriteString(`"`)
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			out.WriteString(s[start:i])
			switch c {
			case '"', '\\':
				out.Write([]byte{'\\', c})
			case '\b':
				out.WriteString(`\b`)
			case '\f':
				out.WriteString(`\f`)
			case '\n':
				out.WriteString(`\n`)
			case '\r':
				out.WriteString(`\r`)
			case '\t':
				out.WriteString(`\t`)
			default:
				out.Write([]byte{'\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF]})
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			out.WriteString(s[start:i])
			out.WriteString(`\ufffd`)
		case r == '\u2028' || r == '\u2029':
			out.WriteString(s[start:i])
			out.Write([]byte{'\\', 'u', '2', '0', '2', hexDigits[r&0xF]})
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	out.WriteString(s[start:])
	out.WriteString(`"`)
	return w.add(stringSize(s))
}

// marshaled writes what encoding/json writes for b, the output of a
// MarshalJSON method: b compacted.
func (w *jsonWriter) marshaled(b []byte) bool {
	var c bytes.Buffer
	if err := json.Compact(&c, b); err != nil {
		w.err = err
		return w.rawBytes(b)
	}
	return w.rawBytes(c.Bytes())
}

// fallback writes v as encoding/json encodes it, for the kinds no answer
// holds (floats, maps whose keys are not strings).
func (w *jsonWriter) fallback(v reflect.Value) bool {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v.Interface()); err != nil {
		w.err = err
		return w.add(0)
	}
	return w.rawBytes(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

func (w *jsonWriter) value(v reflect.Value) bool {
	if !v.IsValid() {
		return w.raw("null")
	}
	t := v.Type()
	if t.Kind() != reflect.Pointer && v.CanAddr() && reflect.PointerTo(t).Implements(marshalerType) {
		v, t = v.Addr(), v.Addr().Type()
	}
	if t.Implements(marshalerType) {
		if t.Kind() == reflect.Pointer && v.IsNil() {
			return w.raw("null")
		}
		b, err := v.Interface().(json.Marshaler).MarshalJSON()
		if err != nil {
			w.err = err
			return w.add(0)
		}
		return w.marshaled(b)
	}
	if t.Kind() != reflect.Pointer && v.CanAddr() && reflect.PointerTo(t).Implements(textMarshalerType) {
		v, t = v.Addr(), v.Addr().Type()
	}
	if t.Implements(textMarshalerType) {
		if t.Kind() == reflect.Pointer && v.IsNil() {
			return w.raw("null")
		}
		b, err := v.Interface().(encoding.TextMarshaler).MarshalText()
		if err != nil {
			w.err = err
			return w.add(0)
		}
		return w.str(string(b))
	}
	switch v.Kind() {
	case reflect.Bool:
		if v.Bool() {
			return w.raw("true")
		}
		return w.raw("false")
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		var b [24]byte
		return w.rawBytes(strconv.AppendInt(b[:0], v.Int(), 10))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		var b [24]byte
		return w.rawBytes(strconv.AppendUint(b[:0], v.Uint(), 10))
	case reflect.String:
		if t == numberType {
			if v.String() == "" {
				return w.raw("0")
			}
			return w.raw(v.String())
		}
		return w.str(v.String())
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			return w.raw("null")
		}
		return w.value(v.Elem())
	case reflect.Struct:
		return w.structValue(v)
	case reflect.Slice:
		if v.IsNil() {
			return w.raw("null")
		}
		if t.Elem().Kind() == reflect.Uint8 {
			p := reflect.PointerTo(t.Elem())
			if !p.Implements(marshalerType) && !p.Implements(textMarshalerType) {
				if w.out == nil {
					return w.add(2 + base64.StdEncoding.EncodedLen(v.Len()))
				}
				return w.raw(`"` + base64.StdEncoding.EncodeToString(v.Bytes()) + `"`)
			}
		}
		return w.list(v)
	case reflect.Array:
		return w.list(v)
	case reflect.Map:
		if v.IsNil() {
			return w.raw("null")
		}
		return w.mapValue(v)
	}
	return w.fallback(v)
}

func (w *jsonWriter) list(v reflect.Value) bool {
	if !w.raw("[") {
		return false
	}
	for i := range v.Len() {
		if i > 0 && !w.raw(",") {
			return false
		}
		if !w.value(v.Index(i)) {
			return false
		}
	}
	return w.raw("]")
}

func (w *jsonWriter) mapValue(v reflect.Value) bool {
	kt := v.Type().Key()
	if kt.Kind() != reflect.String || kt.Implements(textMarshalerType) {
		return w.fallback(v)
	}
	keys := v.MapKeys()
	slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(a.String(), b.String()) })
	if !w.raw("{") {
		return false
	}
	for i, k := range keys {
		if i > 0 && !w.raw(",") {
			return false
		}
		if !w.str(k.String()) || !w.raw(":") || !w.value(v.MapIndex(k)) {
			return false
		}
	}
	return w.raw("}")
}

func (w *jsonWriter) structValue(v reflect.Value) bool {
	if !w.raw("{") {
		return false
	}
	first := true
	for _, f := range w.fields.structFields(v.Type()) {
		fv, ok := fieldByIndex(v, f.index)
		if !ok {
			continue
		}
		if f.omitEmpty && isEmptyValue(fv) || f.omitZero && isZeroValue(fv) {
			continue
		}
		if !first && !w.raw(",") {
			return false
		}
		first = false
		if !w.raw(f.name) {
			return false
		}
		if f.quoted {
			if !w.quotedValue(fv) {
				return false
			}
			continue
		}
		if !w.value(fv) {
			return false
		}
	}
	return w.raw("}")
}

// quotedValue writes a field with the ",string" option.
func (w *jsonWriter) quotedValue(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return w.raw(`"`) && w.value(v) && w.raw(`"`)
	case reflect.String:
		// The JSON string of the JSON string.
		inner := jsonWriter{fields: w.fields, out: new(chunkBuffer), limit: w.limit}
		inner.str(v.String())
		return w.str(string(inner.out.Bytes()))
	}
	return w.raw(`"`) && w.fallback(v) && w.raw(`"`) // floats
}

// fieldByIndex is v.FieldByIndex that reports a nil embedded pointer
// instead of panicking: its fields are not encoded.
func fieldByIndex(v reflect.Value, index []int) (reflect.Value, bool) {
	for i, x := range index {
		if i > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return reflect.Value{}, false
			}
			v = v.Elem()
		}
		v = v.Field(x)
	}
	return v, true
}

// isEmptyValue is encoding/json's test for omitempty.
func isEmptyValue(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}

// isZeroValue is encoding/json's test for omitzero: an IsZero method if
// the type has one, else the zero value.
func isZeroValue(v reflect.Value) bool {
	type isZeroer interface{ IsZero() bool }
	if z, ok := v.Interface().(isZeroer); ok {
		if v.Kind() == reflect.Pointer && v.IsNil() {
			return true
		}
		return z.IsZero()
	}
	if reflect.PointerTo(v.Type()).Implements(reflect.TypeFor[isZeroer]()) {
		if !v.CanAddr() {
			c := reflect.New(v.Type()).Elem()
			c.Set(v)
			v = c
		}
		return v.Addr().Interface().(isZeroer).IsZero()
	}
	return v.IsZero()
}

// stringSize is the length of s as a JSON string written without HTML
// escaping: quotes, two-byte escapes for the quote, the backslash and
// \b \f \n \r \t, six-byte ones for other control characters, U+2028,
// U+2029 and each byte of invalid UTF-8 (written as \ufffd).
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
		switch {
		case r == utf8.RuneError && size == 1:
			n += 6
		case r == '\u2028' || r == '\u2029':
			n += 6
		default:
			n += size
		}
		i += size
	}
	return n
}

// structFields returns the fields encoding/json encodes for the struct
// type t, in its order, with the names embedded structs promote and the
// same rules for names that collide.
func (c *jsonFields) structFields(t reflect.Type) []jsonField {
	if f, ok := c.fields.Load(t); ok {
		return f.([]jsonField)
	}
	f, _ := c.fields.LoadOrStore(t, typeFields(t))
	return f.([]jsonField)
}

// typeFields follows encoding/json: a breadth-first walk of the embedded
// structs, where a name at a lesser depth hides the same name deeper, and
// two at the same depth hide each other unless exactly one is tagged.
func typeFields(t reflect.Type) []jsonField {
	type candidate struct {
		jsonField
		name   string
		depth  int
		tagged bool
	}
	type level struct {
		typ   reflect.Type
		index []int
	}
	var all []candidate
	visited := map[reflect.Type]bool{}
	next := []level{{typ: t}}
	for depth := 0; len(next) > 0; depth++ {
		current := next
		next = nil
		for _, l := range current {
			if visited[l.typ] {
				continue
			}
			visited[l.typ] = true
			for i := range l.typ.NumField() {
				sf := l.typ.Field(i)
				if sf.Anonymous {
					ft := sf.Type
					if ft.Kind() == reflect.Pointer {
						ft = ft.Elem()
					}
					if !sf.IsExported() && ft.Kind() != reflect.Struct {
						continue
					}
				} else if !sf.IsExported() {
					continue
				}
				tag := sf.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, opts, _ := strings.Cut(tag, ",")
				if !validTag(name) {
					name = ""
				}
				index := append(slices.Clone(l.index), i)
				ft := sf.Type
				if ft.Name() == "" && ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if name != "" || !sf.Anonymous || ft.Kind() != reflect.Struct {
					tagged := name != ""
					if name == "" {
						name = sf.Name
					}
					quoted := false
					if hasOption(opts, "string") {
						switch ft.Kind() {
						case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
							reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
							reflect.Float32, reflect.Float64, reflect.String:
							quoted = true
						}
					}
					all = append(all, candidate{
						jsonField: jsonField{index: index, key: name, name: `"` + name + `":`,
							omitEmpty: hasOption(opts, "omitempty"), omitZero: hasOption(opts, "omitzero"), quoted: quoted},
						name: name, depth: depth, tagged: tagged,
					})
					continue
				}
				next = append(next, level{typ: ft, index: index})
			}
		}
	}
	// Keep, for each name, the dominant field.
	byName := map[string][]candidate{}
	for _, c := range all {
		byName[c.name] = append(byName[c.name], c)
	}
	var out []candidate
	for _, c := range all {
		group := byName[c.name]
		if group == nil {
			continue
		}
		byName[c.name] = nil
		minDepth := group[0].depth
		for _, g := range group {
			minDepth = min(minDepth, g.depth)
		}
		var top []candidate
		for _, g := range group {
			if g.depth == minDepth {
				top = append(top, g)
			}
		}
		if len(top) > 1 {
			var tagged []candidate
			for _, g := range top {
				if g.tagged {
					tagged = append(tagged, g)
				}
			}
			if len(tagged) != 1 {
				continue
			}
			top = tagged
		}
		out = append(out, top[0])
	}
	slices.SortFunc(out, func(a, b candidate) int { return slices.Compare(a.index, b.index) })
	fields := make([]jsonField, len(out))
	for i, c := range out {
		fields[i] = c.jsonField
	}
	return fields
}

// validTag is encoding/json's test of a tag name.
func validTag(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}

func hasOption(opts, name string) bool {
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		if o == name {
			return true
		}
	}
	return false
}
