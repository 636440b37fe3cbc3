package form

import (
	"iter"
	"net/url"
	"slices"

	"github.com/urikit/urikit/percent"
)

// A Pair is one name/value pair of a form.
type Pair struct {
	Name, Value string
}

// Values is an ordered list of name/value pairs, with the methods of the
// URLSearchParams interface. Duplicate names are allowed and order is kept.
// The zero value is an empty list ready to use. Since Values is a slice,
// the methods that add or remove pairs have pointer receivers; ranging
// over it, indexing it and len work as on any slice.
type Values []Pair

// FromPairs returns the pairs p, in order, as Values: p[i][0] is a name
// and p[i][1] its value.
func FromPairs(p [][2]string) Values {
	v := make(Values, len(p))
	for i, nv := range p {
		v[i] = Pair{Name: nv[0], Value: nv[1]}
	}
	return v
}

// FromURLValues returns the pairs of u. A url.Values is a map and has no
// order across names, so the names are sorted (by bytes, as
// url.Values.Encode does); the values of one name keep their order.
func FromURLValues(u url.Values) Values {
	names := make([]string, 0, len(u))
	n := 0
	for name, vs := range u {
		names = append(names, name)
		n += len(vs)
	}
	slices.Sort(names)
	v := make(Values, 0, n)
	for _, name := range names {
		for _, value := range u[name] {
			v = append(v, Pair{Name: name, Value: value})
		}
	}
	return v
}

// URLValues returns the pairs as a net/url.Values. The map keeps the order
// of the values of each name but loses the order across names, so
// FromURLValues(v.URLValues()) equals v only when v is sorted by name and
// the order of equal names is kept.
func (v Values) URLValues() url.Values {
	// Count the values of each name, then hand out exact slices of one
	// array: appending value by value would allocate several times the
	// values of a name that has many.
	counts := make(map[string]int)
	for _, p := range v {
		counts[p.Name]++
	}
	u := make(url.Values, len(counts))
	all := make([]string, len(v))
	for _, p := range v {
		vs, ok := u[p.Name]
		if !ok {
			n := counts[p.Name]
			vs, all = all[:0:n], all[n:]
		}
		u[p.Name] = append(vs, p.Value)
	}
	return u
}

// Len returns the number of pairs (URLSearchParams size).
func (v Values) Len() int { return len(v) }

// Append adds the pair name=value at the end.
func (v *Values) Append(name, value string) {
	*v = append(*v, Pair{Name: name, Value: value})
}

// Delete removes every pair whose name is name.
func (v *Values) Delete(name string) {
	*v = slices.DeleteFunc(*v, func(p Pair) bool { return p.Name == name })
}

// DeleteValue removes every pair whose name is name and whose value is
// value (URLSearchParams delete with a value argument).
func (v *Values) DeleteValue(name, value string) {
	*v = slices.DeleteFunc(*v, func(p Pair) bool { return p.Name == name && p.Value == value })
}

// Get returns the value of the first pair named name. ok is false when no
// pair has that name (where URLSearchParams get returns null).
func (v Values) Get(name string) (value string, ok bool) {
	for _, p := range v {
		if p.Name == name {
			return p.Value, true
		}
	}
	return "", false
}

// GetAll returns the values of every pair named name, in order, or nil
// when there is none.
func (v Values) GetAll(name string) []string {
	var vs []string
	for _, p := range v {
		if p.Name == name {
			vs = append(vs, p.Value)
		}
	}
	return vs
}

// Has reports whether a pair is named name.
func (v Values) Has(name string) bool {
	_, ok := v.Get(name)
	return ok
}

// HasValue reports whether a pair is named name and has the value value
// (URLSearchParams has with a value argument).
func (v Values) HasValue(name, value string) bool {
	return slices.Contains(v, Pair{Name: name, Value: value})
}

// Set gives the first pair named name the value value and removes every
// other pair of that name; when there is none, it appends name=value.
func (v *Values) Set(name, value string) {
	i := slices.IndexFunc(*v, func(p Pair) bool { return p.Name == name })
	if i < 0 {
		v.Append(name, value)
		return
	}
	(*v)[i].Value = value
	rest := slices.DeleteFunc((*v)[i+1:], func(p Pair) bool { return p.Name == name })
	*v = (*v)[:i+1+len(rest)]
}

// Sort sorts the pairs by name, in place. The sort is stable, so pairs of
// equal names keep their order, and it compares names by UTF-16 code
// units, as the URL Standard says: "\U0001F308" sorts before "\uFB03",
// though its UTF-8 encoding is greater. See [CompareNames].
func (v Values) Sort() {
	if len(v) <= smallSort {
		slices.SortStableFunc(v, func(a, b Pair) int { return CompareNames(a.Name, b.Name) })
		return
	}
	permute(v, sortedOrder(len(v), func(i, j int) int { return CompareNames(v[i].Name, v[j].Name) }))
}

// smallSort is the number of items up to which a stable sort moves them
// directly: it allocates nothing, and its cost for few items is no
// concern.
const smallSort = 64

// sortedOrder returns the order that sorts n items stably by cmp (which
// compares items i and j): at each position, the index of the item that
// goes there. It sorts the indexes (4 bytes each) with ties broken by
// index, which takes O(n log n) comparisons whatever the input, where a
// stable sort of the items may move them O(n log² n) times.
func sortedOrder(n int, cmp func(i, j int) int) []int32 {
	order := make([]int32, n)
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int {
		if c := cmp(int(a), int(b)); c != 0 {
			return c
		}
		return int(a - b)
	})
	return order
}

// permute puts s[order[i]] at s[i] for every i, in place, following the
// cycles of the permutation; it uses order up.
func permute[T any](s []T, order []int32) {
	for i := range order {
		if order[i] < 0 || int(order[i]) == i {
			continue
		}
		tmp := s[i]
		j := i
		for {
			k := int(order[j])
			order[j] = -1
			if k == i {
				s[j] = tmp
				break
			}
			s[j] = s[k]
			j = k
		}
	}
}

// All returns an iterator over the names and values, in order.
func (v Values) All() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for _, p := range v {
			if !yield(p.Name, p.Value) {
				return
			}
		}
	}
}

// Clone returns a copy of v that shares no pairs with it.
func (v Values) Clone() Values { return slices.Clone(v) }

// String serializes the pairs with the URL Standard's
// application/x-www-form-urlencoded serializer (URLSearchParams
// toString): "name=value" pairs joined by "&", with every byte outside
// ASCII alphanumerics and "*-._" percent-encoded and space written as "+".
func (v Values) String() string {
	// An encoded byte takes at most three bytes: when that bound fits the
	// stack buffer, skip measuring the exact length.
	var stack [512]byte
	b := stack[:0]
	if 3*v.rawLen() > len(stack) {
		if n := v.encodedLen(); n > len(stack) {
			b = make([]byte, 0, n)
		}
	}
	return string(v.appendTo(b))
}

// AppendTo appends the serialization of the pairs (see [Values.String]) to
// dst and returns the extended buffer. When dst may lack room, it grows it
// once, to the exact size.
func (v Values) AppendTo(dst []byte) []byte {
	if cap(dst)-len(dst) < 3*v.rawLen() {
		if n := v.encodedLen(); cap(dst)-len(dst) < n {
			dst = slices.Grow(dst, n)
		}
	}
	return v.appendTo(dst)
}

// appendTo is AppendTo into a buffer with room.
func (v Values) appendTo(dst []byte) []byte {
	e := encoder()
	for i, p := range v {
		if i > 0 {
			dst = append(dst, '&')
		}
		dst = e.AppendEncode(dst, p.Name)
		dst = append(dst, '=')
		dst = e.AppendEncode(dst, p.Value)
	}
	return dst
}

// rawLen returns the length of the names, values and separators.
func (v Values) rawLen() int {
	n := 0
	for _, p := range v {
		n += len(p.Name) + len(p.Value) + 2
	}
	return n
}

// encodedLen returns the length of the serialization.
func (v Values) encodedLen() int {
	if len(v) == 0 {
		return 0
	}
	e := encoder()
	n := 2*len(v) - 1
	for _, p := range v {
		n += e.EncodedLen(p.Name) + e.EncodedLen(p.Value)
	}
	return n
}

// AppendText implements encoding.TextAppender: it appends the
// serialization to b. It never fails.
func (v Values) AppendText(b []byte) ([]byte, error) {
	return v.AppendTo(b), nil
}

// MarshalText implements encoding.TextMarshaler with the serialization. It
// never fails.
func (v Values) MarshalText() ([]byte, error) {
	return v.appendTo(make([]byte, 0, v.encodedLen())), nil
}

// UnmarshalText implements encoding.TextUnmarshaler: it replaces *v with
// the pairs of text, parsed as [Parse] does. It never fails.
func (v *Values) UnmarshalText(text []byte) error {
	*v = Parse(string(text))
	return nil
}

// Escape encodes one name or value as the application/x-www-form-urlencoded
// serializer does. It returns s itself when nothing needs encoding.
func Escape(s string) string { return encoder().Encode(s) }

// AppendEscape appends the encoding of one name or value (see [Escape]) to
// dst and returns the extended buffer.
func AppendEscape(dst []byte, s string) []byte { return encoder().AppendEncode(dst, s) }

// encoder returns the application/x-www-form-urlencoded byte serializer:
// the form percent-encode set, with space written as "+".
func encoder() percent.Encoder {
	return percent.Encoder{Set: percent.Form, SpaceAsPlus: true}
}
