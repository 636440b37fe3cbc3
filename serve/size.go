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

// jsonSizer measures the JSON encoding of a value, as a json.Encoder with
// SetEscapeHTML(false) writes it (without the newline), without encoding
// it: the answer of a record is measured before it is encoded, so that a
// record whose answer would not fit in the response is refused without
// building it. It follows encoding/json's rules for the kinds that answers
// are made of (structs with their tags, embedded structs, pointers,
// interfaces, strings, numbers, booleans, slices, arrays, maps and the
// Marshaler and TextMarshaler interfaces); TestJSONSize checks it against
// encoding/json on every kind of answer. It caches the fields of each
// struct type.
type jsonSizer struct {
	mu     sync.Mutex
	fields map[reflect.Type][]sizeField
}

// sizeField is one field of a struct as encoding/json encodes it.
type sizeField struct {
	index     []int
	nameLen   int // length of `"name":`
	omitEmpty bool
	omitZero  bool
	quoted    bool // the ",string" option
}

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	numberType        = reflect.TypeFor[json.Number]()
)

// size returns the length of the JSON encoding of v and true, or false
// as soon as the length is known to exceed limit.
func (s *jsonSizer) size(v any, limit int) (int, bool) {
	st := sizeState{sizer: s, limit: limit}
	ok := st.value(reflect.ValueOf(v))
	return st.n, ok
}

// sizeState is one measurement: the length so far and its limit.
type sizeState struct {
	sizer *jsonSizer
	n     int
	limit int
}

func (st *sizeState) add(k int) bool {
	st.n += k
	return st.n <= st.limit
}

// marshaled adds the length of what encoding/json writes for b, the
// output of a MarshalJSON method: b compacted.
func (st *sizeState) marshaled(b []byte) bool {
	var c bytes.Buffer
	if json.Compact(&c, b) != nil {
		return st.add(len(b))
	}
	return st.add(c.Len())
}

// fallback measures v by encoding it, for the kinds no answer holds
// (floats, complex map keys).
func (st *sizeState) fallback(v reflect.Value) bool {
	b, err := json.Marshal(v.Interface())
	if err != nil {
		return st.add(0)
	}
	return st.add(len(b))
}

func (st *sizeState) value(v reflect.Value) bool {
	if !v.IsValid() {
		return st.add(len("null"))
	}
	t := v.Type()
	if t.Kind() != reflect.Pointer && v.CanAddr() && reflect.PointerTo(t).Implements(marshalerType) {
		v, t = v.Addr(), v.Addr().Type()
	}
	if t.Implements(marshalerType) {
		if t.Kind() == reflect.Pointer && v.IsNil() {
			return st.add(len("null"))
		}
		b, err := v.Interface().(json.Marshaler).MarshalJSON()
		if err != nil {
			return st.add(0)
		}
		return st.marshaled(b)
	}
	if t.Kind() != reflect.Pointer && v.CanAddr() && reflect.PointerTo(t).Implements(textMarshalerType) {
		v, t = v.Addr(), v.Addr().Type()
	}
	if t.Implements(textMarshalerType) {
		if t.Kind() == reflect.Pointer && v.IsNil() {
			return st.add(len("null"))
		}
		b, err := v.Interface().(encoding.TextMarshaler).MarshalText()
		if err != nil {
			return st.add(0)
		}
		return st.add(stringSize(string(b)))
	}
	switch v.Kind() {
	case reflect.Bool:
		if v.Bool() {
			return st.add(len("true"))
		}
		return st.add(len("false"))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return st.add(intSize(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return st.add(uintSize(v.Uint()))
	case reflect.String:
		if t == numberType {
			return st.add(max(len(v.String()), 1))
		}
		return st.add(stringSize(v.String()))
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			return st.add(len("null"))
		}
		return st.value(v.Elem())
	case reflect.Struct:
		return st.structValue(v)
	case reflect.Slice:
		if v.IsNil() {
			return st.add(len("null"))
		}
		if t.Elem().Kind() == reflect.Uint8 {
			p := reflect.PointerTo(t.Elem())
			if !p.Implements(marshalerType) && !p.Implements(textMarshalerType) {
				return st.add(2 + base64.StdEncoding.EncodedLen(v.Len()))
			}
		}
		return st.list(v)
	case reflect.Array:
		return st.list(v)
	case reflect.Map:
		if v.IsNil() {
			return st.add(len("null"))
		}
		return st.mapValue(v)
	}
	return st.fallback(v)
}

func (st *sizeState) list(v reflect.Value) bool {
	n := v.Len()
	if !st.add(2 + max(n-1, 0)) { // brackets and commas
		return false
	}
	for i := range n {
		if !st.value(v.Index(i)) {
			return false
		}
	}
	return true
}

func (st *sizeState) mapValue(v reflect.Value) bool {
	kt := v.Type().Key()
	if kt.Kind() != reflect.String || kt.Implements(textMarshalerType) {
		return st.fallback(v)
	}
	n := v.Len()
	if !st.add(2 + max(n-1, 0) + n) { // braces, commas and colons
		return false
	}
	it := v.MapRange()
	for it.Next() {
		if !st.add(stringSize(it.Key().String())) || !st.value(it.Value()) {
			return false
		}
	}
	return true
}

func (st *sizeState) structValue(v reflect.Value) bool {
	if !st.add(2) { // braces
		return false
	}
	first := true
	for _, f := range st.sizer.structFields(v.Type()) {
		fv, ok := fieldByIndex(v, f.index)
		if !ok {
			continue
		}
		if f.omitEmpty && isEmptyValue(fv) || f.omitZero && isZeroValue(fv) {
			continue
		}
		if !first && !st.add(1) { // comma
			return false
		}
		first = false
		if !st.add(f.nameLen) {
			return false
		}
		if f.quoted {
			if !st.quotedValue(fv) {
				return false
			}
			continue
		}
		if !st.value(fv) {
			return false
		}
	}
	return true
}

// quotedValue measures a field with the ",string" option.
func (st *sizeState) quotedValue(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return st.add(2) && st.value(v)
	}
	if v.Kind() == reflect.String {
		// The JSON string of the JSON string.
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.Encode(v.String())
		return st.add(stringSize(strings.TrimSuffix(b.String(), "\n")))
	}
	return st.add(2) && st.fallback(v) // floats
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

// intSize is the length of the decimal form of i.
func intSize(i int64) int {
	var b [24]byte
	return len(strconv.AppendInt(b[:0], i, 10))
}

func uintSize(u uint64) int {
	var b [24]byte
	return len(strconv.AppendUint(b[:0], u, 10))
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
func (s *jsonSizer) structFields(t reflect.Type) []sizeField {
	s.mu.Lock()
	defer s.mu.Unlock()
	if f, ok := s.fields[t]; ok {
		return f
	}
	if s.fields == nil {
		s.fields = make(map[reflect.Type][]sizeField)
	}
	f := typeFields(t)
	s.fields[t] = f
	return f
}

// typeFields follows encoding/json: a breadth-first walk of the embedded
// structs, where a name at a lesser depth hides the same name deeper, and
// two at the same depth hide each other unless exactly one is tagged.
func typeFields(t reflect.Type) []sizeField {
	type candidate struct {
		sizeField
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
						sizeField: sizeField{index: index, nameLen: stringSize(name) + 1,
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
	fields := make([]sizeField, len(out))
	for i, c := range out {
		fields[i] = c.sizeField
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
