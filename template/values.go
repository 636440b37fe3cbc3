package template

import (
	"encoding/json"
	"slices"
	"strconv"

	"github.com/urikit/urikit/internal/window"
)

// A Kind is the kind of a [Value].
type Kind uint8

// The kinds of values (RFC 6570 §2.3).
const (
	// Undefined is the zero Value, a List with no items and Pairs with
	// no pairs: an expansion skips it.
	Undefined Kind = iota
	// KindString is a string value (the empty string is defined).
	KindString
	// KindList is a list of strings.
	KindList
	// KindPairs is an associative array: ordered (name, value) pairs.
	KindPairs
)

// A Pair is one (name, value) pair of an associative array.
type Pair struct {
	Key, Value string
}

// A Value is the value of one variable: a string, a list of strings, or
// ordered (name, value) pairs. The zero Value is undefined. Values are
// built with [String], [List] and [Pairs]; they keep the slices they are
// given, which must not be modified while the Value is in use.
type Value struct {
	kind Kind
	str  string
	// list holds the items of a list, pairs the pairs of an associative
	// array: the slices given to List and Pairs, so that building a Value
	// copies nothing.
	list  []string
	pairs []Pair
}

// String returns the string value s.
func String(s string) Value { return Value{kind: KindString, str: s} }

// List returns the list value of items; with no items it is undefined, as
// RFC 6570 §2.3 says.
func List(items ...string) Value {
	if len(items) == 0 {
		return Value{}
	}
	return Value{kind: KindList, list: items}
}

// Pairs returns the associative array of pairs, in their order; with no
// pairs it is undefined.
func Pairs(pairs ...Pair) Value {
	if len(pairs) == 0 {
		return Value{}
	}
	return Value{kind: KindPairs, pairs: pairs}
}

// Kind returns the kind of v.
func (v Value) Kind() Kind { return v.kind }

// Text returns the string of a string value, and "" for the other kinds.
func (v Value) Text() string { return v.str }

// Items returns the items of a list value, and nil for the other kinds.
func (v Value) Items() []string {
	if v.kind != KindList {
		return nil
	}
	return v.list
}

// Fields returns the pairs of an associative array, and nil for the other
// kinds.
func (v Value) Fields() []Pair {
	if v.kind != KindPairs {
		return nil
	}
	return v.pairs
}

// MarshalJSON writes v as JSON: a string, an array of strings, an object
// (its pairs in order) or null.
func (v Value) MarshalJSON() ([]byte, error) {
	return v.appendJSON(nil), nil
}

// appendJSON appends v as JSON to b.
func (v Value) appendJSON(b []byte) []byte {
	switch v.kind {
	case KindString:
		return appendJSONString(b, v.str)
	case KindList:
		b = append(b, '[')
		for i, s := range v.list {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, s)
		}
		return append(b, ']')
	case KindPairs:
		b = append(b, '{')
		for i, p := range v.pairs {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, p.Key)
			b = append(b, ':')
			b = appendJSONString(b, p.Value)
		}
		return append(b, '}')
	}
	return append(b, "null"...)
}

func appendJSONString(b []byte, s string) []byte {
	q, _ := json.Marshal(s)
	return append(b, q...)
}

// Vars maps variable names to their values. A name that is missing, or
// whose Value is the zero Value, is undefined. A nil Vars defines
// nothing.
type Vars map[string]Value

// MarshalJSON writes vs as a JSON object with its names sorted.
func (vs Vars) MarshalJSON() ([]byte, error) {
	names := make([]string, 0, len(vs))
	for n := range vs {
		names = append(names, n)
	}
	slices.Sort(names)
	b := []byte{'{'}
	for i, n := range names {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, n)
		b = append(b, ':')
		b = vs[n].appendJSON(b)
	}
	return append(b, '}'), nil
}

// FromMap converts variables given as Go values, as JSON decodes them, to
// Vars:
//
//   - nil is undefined;
//   - a string, a json.Number, a bool or any integer or floating-point
//     number is a string value (numbers in the shortest form that reads
//     back, as JavaScript writes them: 6, 37.76, 100000000, 1e+21);
//   - []string and []any (of such scalars) are lists;
//   - map[string]string and map[string]any (of such scalars) are
//     associative arrays whose pairs are sorted by key, since Go maps have
//     no order; use [Pairs] for another order;
//   - []Pair and Value are taken as they are.
//
// Any other type, or a composite inside a list or map, is an [*Error] with
// the code ErrBadValue naming the variable (Var) and no offset.
func FromMap(m map[string]any) (Vars, error) {
	vs := make(Vars, len(m))
	for name, x := range m {
		v, err := valueOf(x)
		if err != nil {
			return nil, &Error{Offset: -1, Code: ErrBadValue, Var: name, Detail: err.Error()}
		}
		vs[name] = v
	}
	return vs, nil
}

type valueError string

func (e valueError) Error() string { return string(e) }

func valueOf(x any) (Value, error) {
	switch x := x.(type) {
	case nil:
		return Value{}, nil
	case Value:
		return x, nil
	case []Pair:
		return Pairs(x...), nil
	case []string:
		return List(x...), nil
	case []any:
		items := make([]string, len(x))
		for i, e := range x {
			s, ok := scalar(e)
			if !ok {
				return Value{}, valueError("list item " + strconv.Itoa(i) + " is not a string or number")
			}
			items[i] = s
		}
		return List(items...), nil
	case map[string]string:
		keys := sortedKeys(x)
		pairs := make([]Pair, len(keys))
		for i, k := range keys {
			pairs[i] = Pair{k, x[k]}
		}
		return Pairs(pairs...), nil
	case map[string]any:
		keys := sortedKeys(x)
		pairs := make([]Pair, len(keys))
		for i, k := range keys {
			s, ok := scalar(x[k])
			if !ok {
				return Value{}, valueError("the value of key " + strconv.Quote(window.Clip(k, 80)) + " is not a string or number")
			}
			pairs[i] = Pair{k, s}
		}
		return Pairs(pairs...), nil
	}
	if s, ok := scalar(x); ok {
		return String(s), nil
	}
	return Value{}, valueError("a value must be a string, number, bool, list or map")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// scalar returns the string form of a string, number or bool.
func scalar(x any) (string, bool) {
	switch x := x.(type) {
	case string:
		return x, true
	case json.Number:
		return string(x), true
	case bool:
		return strconv.FormatBool(x), true
	case int:
		return strconv.Itoa(x), true
	case int8:
		return strconv.FormatInt(int64(x), 10), true
	case int16:
		return strconv.FormatInt(int64(x), 10), true
	case int32:
		return strconv.FormatInt(int64(x), 10), true
	case int64:
		return strconv.FormatInt(x, 10), true
	case uint:
		return strconv.FormatUint(uint64(x), 10), true
	case uint8:
		return strconv.FormatUint(uint64(x), 10), true
	case uint16:
		return strconv.FormatUint(uint64(x), 10), true
	case uint32:
		return strconv.FormatUint(uint64(x), 10), true
	case uint64:
		return strconv.FormatUint(x, 10), true
	case float32:
		return formatFloat(float64(x), 32), true
	case float64:
		return formatFloat(x, 64), true
	}
	return "", false
}

// formatFloat writes f as JavaScript's Number.prototype.toString does:
// the shortest digits that read back, in plain notation from 1e-7 up to
// 1e21 and with an exponent outside.
func formatFloat(f float64, bits int) string {
	if a := max(f, -f); a == 0 || a >= 1e-7 && a < 1e21 {
		return strconv.FormatFloat(f, 'f', -1, bits)
	}
	return strconv.FormatFloat(f, 'g', -1, bits)
}
