package form

import (
	"iter"
	"slices"
	"strings"

	"github.com/urikit/urikit/percent"
)

// A RawQuery is an application/x-www-form-urlencoded string edited without
// re-encoding: it keeps the raw bytes of every pair, so that changing,
// adding or removing one pair leaves the bytes of all the others as they
// were ("%7e" stays "%7e", "%20" is not turned into "+"). This is what code
// that signs URLs needs.
//
// Names are matched, and values read, after decoding as [Parse] does, so
// Get("a b") finds "a+b=1" and "a%20b=1". The empty sequences of the input
// ("a=1&&b=2") are kept too, so [ParseRaw] followed by [RawQuery.String]
// gives back the input byte for byte; they are not pairs. A RawQuery costs
// a string header (16 bytes) per pair, whatever the number of empty
// sequences.
//
// The zero RawQuery is empty and ready to use. A RawQuery holds a slice, so
// copies share it; use [RawQuery.Clone] for an independent copy.
type RawQuery struct {
	// segs, joined with "&", give the query; nil for the empty query.
	// Each holds at most one pair, with the empty sequences around it
	// (a run of "&" on either side): "a=1&&b=2&" is "a=1&" and "b=2&".
	segs []string
}

// ParseRaw splits s into its raw pairs. It never fails, and
// ParseRaw(s).String() == s for every s. s must not include the leading
// "?" of a URL query.
func ParseRaw(s string) RawQuery {
	if s == "" {
		return RawQuery{}
	}
	if c := strings.Count(s, "&"); c == 0 || !hasEmptySequence(s) {
		segs := make([]string, 0, c+1)
		for {
			i := strings.IndexByte(s, '&')
			if i < 0 {
				return RawQuery{segs: append(segs, s)}
			}
			segs = append(segs, s[:i])
			s = s[i+1:]
		}
	}
	n := pairCount(s)
	if n <= 1 {
		return RawQuery{segs: []string{s}}
	}
	// Cut at the "&" before each pair but the first: the empty sequences
	// stay with the pair before them (or, at the start, after them).
	segs := make([]string, 0, n)
	start, pair := 0, false
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] != '&':
			pair = true
		case pair && i+1 < len(s) && s[i+1] != '&':
			segs = append(segs, s[start:i])
			start, pair = i+1, false
		}
	}
	return RawQuery{segs: append(segs, s[start:])}
}

// pairOf returns the pair of the segment seg: seg without the "&" of its
// empty sequences, or "" when seg holds none.
func pairOf(seg string) string { return strings.Trim(seg, "&") }

// String returns the query: the raw pairs joined by "&".
func (q RawQuery) String() string { return strings.Join(q.segs, "&") }

// AppendTo appends the query (see [RawQuery.String]) to dst and returns the
// extended buffer.
func (q RawQuery) AppendTo(dst []byte) []byte {
	if len(q.segs) == 0 {
		return dst
	}
	n := len(q.segs) - 1
	for _, s := range q.segs {
		n += len(s)
	}
	dst = slices.Grow(dst, n)
	for i, s := range q.segs {
		if i > 0 {
			dst = append(dst, '&')
		}
		dst = append(dst, s...)
	}
	return dst
}

// MarshalText returns the query as String gives it: "" for the zero
// RawQuery.
func (q RawQuery) MarshalText() ([]byte, error) { return q.AppendTo(nil), nil }

// UnmarshalText replaces *q with ParseRaw of text, which never fails; ""
// gives the zero RawQuery. The pairs do not share memory with text.
func (q *RawQuery) UnmarshalText(text []byte) error {
	*q = ParseRaw(string(text))
	return nil
}

// Clone returns a copy of q that shares nothing with it.
func (q RawQuery) Clone() RawQuery { return RawQuery{segs: slices.Clone(q.segs)} }

// Len returns the number of pairs (empty sequences are not pairs).
func (q RawQuery) Len() int {
	n := 0
	for _, s := range q.segs {
		if pairOf(s) != "" {
			n++
		}
	}
	return n
}

// Values returns the decoded pairs, as [Parse] of q.String() would.
func (q RawQuery) Values() Values {
	v := make(Values, 0, q.Len())
	for name, value := range q.All() {
		v = append(v, Pair{Name: name, Value: value})
	}
	return v
}

// All returns an iterator over the decoded names and values, in order.
func (q RawQuery) All() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for _, s := range q.segs {
			s = pairOf(s)
			if s == "" {
				continue
			}
			name, value, _ := strings.Cut(s, "=")
			if !yield(Unescape(name), Unescape(value)) {
				return
			}
		}
	}
}

// RawAll returns an iterator over the raw pairs, each as it appears in the
// query ("a=%7e", "b", "=x"), in order.
func (q RawQuery) RawAll() iter.Seq[string] {
	return func(yield func(string) bool) {
		for _, s := range q.segs {
			if s = pairOf(s); s != "" && !yield(s) {
				return
			}
		}
	}
}

// nameIs reports whether the raw pair seg (or segment: the "&" around its
// pair are left out) is named name once decoded.
func nameIs(seg, name string) bool {
	seg = pairOf(seg)
	if seg == "" {
		return false
	}
	raw, _, _ := strings.Cut(seg, "=")
	if plain(raw) {
		return raw == name
	}
	var stack [64]byte
	b, _ := decoder().AppendDecode(stack[:0], raw)
	return string(b) == name
}

// Get returns the decoded value of the first pair named name; ok is false
// when there is none.
func (q RawQuery) Get(name string) (value string, ok bool) {
	for _, s := range q.segs {
		if nameIs(s, name) {
			_, raw, _ := strings.Cut(pairOf(s), "=")
			return Unescape(raw), true
		}
	}
	return "", false
}

// GetAll returns the decoded values of every pair named name, in order.
func (q RawQuery) GetAll(name string) []string {
	var vs []string
	for _, s := range q.segs {
		if nameIs(s, name) {
			_, raw, _ := strings.Cut(pairOf(s), "=")
			vs = append(vs, Unescape(raw))
		}
	}
	return vs
}

// Has reports whether a pair is named name.
func (q RawQuery) Has(name string) bool {
	return slices.ContainsFunc(q.segs, func(s string) bool { return nameIs(s, name) })
}

// HasValue reports whether a pair is named name and has the value value,
// both decoded.
func (q RawQuery) HasValue(name, value string) bool {
	return slices.ContainsFunc(q.segs, func(s string) bool { return pairIs(s, name, value) })
}

func pairIs(seg, name, value string) bool {
	if !nameIs(seg, name) {
		return false
	}
	_, raw, _ := strings.Cut(pairOf(seg), "=")
	return Unescape(raw) == value
}

// Append adds name=value at the end, encoded as the serializer of [Values]
// does. It reuses a trailing empty sequence ("a=1&" becomes "a=1&b=2").
func (q *RawQuery) Append(name, value string) {
	q.appendSeg(string(appendPair(nil, name, value)))
}

func appendPair(dst []byte, name, value string) []byte {
	e := encoder()
	dst = e.AppendEncode(dst, name)
	dst = append(dst, '=')
	return e.AppendEncode(dst, value)
}

// appendSeg adds the pair seg at the end, in place of the last empty
// sequence when the query ends with one.
func (q *RawQuery) appendSeg(seg string) {
	if n := len(q.segs); n > 0 && strings.HasSuffix(q.segs[n-1], "&") {
		q.segs[n-1] = q.segs[n-1][:len(q.segs[n-1])-1]
	} else if n > 0 && q.segs[n-1] == "" {
		q.segs[n-1] = seg
		return
	}
	q.segs = append(q.segs, seg)
}

// AppendRaw adds the raw pair raw ("name=value", already encoded) at the
// end, as it is. raw must not contain "&", which would make it more than
// one pair; that is an [*Error] of code [ErrUnencoded] whose Offset is
// that of the "&" in raw.
func (q *RawQuery) AppendRaw(raw string) error {
	if err := checkRaw(raw, ""); err != nil {
		return err
	}
	if raw != "" {
		q.appendSeg(raw)
	}
	return nil
}

// checkRaw returns the error of an "&" in raw, a raw pair or (comp) a raw
// name or value: its cause is the error percent.Validate reports for it.
func checkRaw(raw string, comp Component) error {
	if i := strings.IndexByte(raw, '&'); i >= 0 {
		cause := &percent.Error{Offset: i, Code: percent.ErrUnencoded, Input: raw, Text: "&"}
		return &Error{Offset: i, Code: ErrUnencoded, Input: raw, Component: comp, Err: cause}
	}
	return nil
}

// Set gives the first pair named name the value value and removes every
// other pair of that name; when there is none, it appends name=value as
// [RawQuery.Append] does. The raw name of the pair it keeps is not
// changed, only its value is encoded anew.
func (q *RawQuery) Set(name, value string) {
	q.set(name, Escape(value))
}

// SetRaw is [RawQuery.Set] with a value that is already encoded and is
// written as it is. rawValue must not contain "&" (see
// [RawQuery.AppendRaw]).
func (q *RawQuery) SetRaw(name, rawValue string) error {
	if err := checkRaw(rawValue, ComponentValue); err != nil {
		return err
	}
	q.set(name, rawValue)
	return nil
}

func (q *RawQuery) set(name, rawValue string) {
	i := slices.IndexFunc(q.segs, func(s string) bool { return nameIs(s, name) })
	if i < 0 {
		q.appendSeg(Escape(name) + "=" + rawValue)
		return
	}
	seg := q.segs[i]
	p := pairOf(seg)
	lead := strings.IndexByte(seg, p[0])
	rawName, _, _ := strings.Cut(p, "=")
	q.segs[i] = seg[:lead] + rawName + "=" + rawValue + seg[lead+len(p):]
	q.deleteFrom(i+1, func(s string) bool { return nameIs(s, name) })
}

// Delete removes every pair named name, with one "&" each.
func (q *RawQuery) Delete(name string) {
	q.deleteFrom(0, func(s string) bool { return nameIs(s, name) })
}

// DeleteValue removes every pair named name whose value is value, both
// decoded, with one "&" each.
func (q *RawQuery) DeleteValue(name, value string) {
	q.deleteFrom(0, func(s string) bool { return pairIs(s, name, value) })
}

// deleteFrom removes, from the segments from i on, the pairs for which
// del (given the raw pair) is true, with one "&" each. A segment that
// holds empty sequences besides its pair keeps them: one "&" fewer.
func (q *RawQuery) deleteFrom(i int, del func(string) bool) {
	w := i
	for _, s := range q.segs[i:] {
		if p := pairOf(s); p != "" && del(p) {
			if len(s) == len(p) {
				continue // the segment was the pair: the join's "&" goes
			}
			s = ampersands(len(s) - len(p) - 1)
		}
		q.segs[w] = s
		w++
	}
	clear(q.segs[w:])
	q.segs = q.segs[:w]
	if len(q.segs) == 0 {
		q.segs = nil
	}
}

// manyAmpersands holds the runs ampersands returns without allocating.
const manyAmpersands = "&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&"

// ampersands returns a run of n "&".
func ampersands(n int) string {
	if n <= len(manyAmpersands) {
		return manyAmpersands[:n]
	}
	return strings.Repeat("&", n)
}

// Sort sorts the pairs by decoded name as [Values.Sort] does (stable, by
// UTF-16 code units), moving each raw pair as it is. The empty sequences
// of the query are dropped.
func (q *RawQuery) Sort() {
	w := 0
	for _, s := range q.segs {
		if p := pairOf(s); p != "" {
			q.segs[w] = p
			w++
		}
	}
	clear(q.segs[w:])
	q.segs = q.segs[:w]
	if w == 0 {
		q.segs = nil
	}
	names := make([]string, len(q.segs))
	for i, s := range q.segs {
		raw, _, _ := strings.Cut(s, "=")
		names[i] = Unescape(raw)
	}
	permute(q.segs, sortedOrder(len(names), func(i, j int) int { return CompareNames(names[i], names[j]) }))
}
