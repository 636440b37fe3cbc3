package form

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urikit/urikit/percent"
)

var fuzzSeeds = []string{
	"", "&", "a", "a=b&c=d", "a==b", "=&=", "a+b=c+d", "%", "%2", "%zz=%4g",
	"%e2%82%ac=%E2%82", "%C0%80=%ED%A0%80", "%F0%9F%92%A9&%F4%90%80%80",
	"\xff=\xc3", "a=%7e&b=1", "%61=%62&a=c&A=d", "\ufeffx=%EF%BB%BF",
	"\U0001F308&\uFB03&a\U0001F4A9&a\uFFFD", "%u0041=%25u0041", "a=1&&b=2&",
	"%%%=%%%&%+%", "x=\x00%00", "%E0%80%80%F8%88%80%80%80",
	// Adversarial repeats: empty sequences, empty names and values,
	// escapes to keep.
	strings.Repeat("&", 40), strings.Repeat("=", 30), strings.Repeat("&=", 20), strings.Repeat("%zz&", 10),
	strings.Repeat("+", 30), strings.Repeat("a&", 20), "&&a=1&&b&&a=2&&", strings.Repeat("\xff&", 10),
}

// FuzzParse checks Parse against the step-by-step transcription of the
// standard (refParse), and that serialization round-trips.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v := Parse(s)
		if want := refParse(s); !sameValues(v, want) {
			t.Fatalf("Parse(%q) = %q, reference parser gives %q", s, v, want)
		}
		for _, p := range v {
			if !utf8.ValidString(p.Name) || !utf8.ValidString(p.Value) {
				t.Fatalf("Parse(%q) gave invalid UTF-8 %q", s, p)
			}
		}
		enc := v.String()
		if want := refSerialize(v); enc != want {
			t.Fatalf("String() = %q, reference serializer gives %q", enc, want)
		}
		if app := string(v.AppendTo([]byte("x"))); app != "x"+enc {
			t.Fatalf("AppendTo = %q, String = %q", app, enc)
		}
		if back := Parse(enc); !sameValues(back, v) {
			t.Fatalf("Parse(%q) = %q, want %q (from %q)", enc, back, v, s)
		}
		raw := ParseRaw(s)
		if raw.String() != s {
			t.Fatalf("ParseRaw(%q).String() = %q", s, raw.String())
		}
		if rv := raw.Values(); !sameValues(rv, v) {
			t.Fatalf("ParseRaw(%q).Values() = %q, want %q", s, rv, v)
		}
		if raw.Len() != len(v) {
			t.Fatalf("ParseRaw(%q).Len() = %d, want %d", s, raw.Len(), len(v))
		}
		sv, err := ParseStrict(s)
		if err != nil {
			var fe *Error
			var pe *percent.Error
			if !errors.As(err, &fe) || !errors.As(err, &pe) || fe.Offset < 0 || fe.Offset >= len(s) || !strings.HasPrefix(s[fe.Offset:], pe.Text) {
				t.Fatalf("ParseStrict(%q) error %v is not located in the input", s, err)
			}
			if !slices.Equal(sv, v[:len(sv)]) {
				t.Fatalf("ParseStrict(%q) kept %q, not a prefix of %q", s, sv, v)
			}
		} else if !sameValues(sv, v) {
			t.Fatalf("ParseStrict(%q) = %q, Parse gives %q", s, sv, v)
		}
	})
}

// FuzzUnescape checks that the percent decoder the package relies on
// agrees with the standard's percent-decode + UTF-8 decode without BOM on
// any input.
func FuzzUnescape(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Unescape(s), refDecode(s); got != want {
			t.Fatalf("Unescape(%q) = %q, want %q", s, got, want)
		}
		if got, want := Escape(s), refEncode(s); got != want {
			t.Fatalf("Escape(%q) = %q, want %q", s, got, want)
		}
	})
}

// FuzzRawEdit checks that editing one name through RawQuery leaves the raw
// bytes of every pair with another name unchanged, and that the result
// means what Values editing gives.
func FuzzRawEdit(f *testing.F) {
	for i, s := range fuzzSeeds {
		f.Add(s, uint8(i), "v%7e+ &=", uint8(i))
	}
	f.Fuzz(func(t *testing.T, s string, pick uint8, value string, op uint8) {
		q := ParseRaw(s)
		v := q.Values()
		// Pick a name among those present, or a new one.
		name := "new name"
		if int(pick) < len(v) {
			name = v[pick].Name
		}
		before := q.Clone()
		ref := refParseRaw(s)
		switch op % 5 {
		case 0:
			q.Set(name, value)
			v.Set(name, value)
			ref.set(name, Escape(value))
		case 1:
			q.Delete(name)
			v.Delete(name)
			ref.deleteFrom(0, func(s string) bool { return refNameIs(s, name) })
		case 2:
			q.Append(name, value)
			v.Append(name, value)
			ref.appendSeg(Escape(name) + "=" + Escape(value))
		case 3:
			first, _ := v.Get(name)
			q.DeleteValue(name, first)
			v.DeleteValue(name, first)
			ref.deleteFrom(0, func(s string) bool {
				_, raw, _ := strings.Cut(s, "=")
				return refNameIs(s, name) && refDecode(raw) == first
			})
		case 4:
			q.Sort()
			v.Sort()
			ref.sort()
		}
		// The bytes are those of the plain list of sequences.
		if got, want := q.String(), ref.String(); got != want {
			t.Fatalf("op %d %q=%q on %q: %q, want %q", op%5, name, value, s, got, want)
		}
		for _, seg := range q.segs {
			if strings.Contains(pairOf(seg), "&") {
				t.Fatalf("op %d on %q: segment %q holds two pairs", op%5, s, seg)
			}
		}
		// Compare what the two serializations mean (value may be invalid
		// UTF-8, which both encode as escapes that decode to U+FFFD).
		want := Parse(v.String())
		if got := q.Values(); !sameValues(got, want) {
			t.Fatalf("op %d %q=%q on %q: raw gives %q (%q), Values gives %q", op%5, name, value, s, got, q.String(), want)
		}
		if back := Parse(q.String()); !sameValues(back, want) {
			t.Fatalf("op %d on %q: Parse(%q) = %q, want %q", op%5, s, q.String(), back, want)
		}
		if op%5 == 4 {
			// Sort moves pairs but keeps every one's bytes.
			var got, want []string
			for seg := range q.RawAll() {
				got = append(got, seg)
			}
			for seg := range before.RawAll() {
				want = append(want, seg)
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("Sort on %q changed pairs: %q", s, q.String())
			}
			return
		}
		// The pairs of other names keep their bytes and their order.
		var others, othersAfter []string
		for seg := range before.RawAll() {
			if !nameIs(seg, name) {
				others = append(others, seg)
			}
		}
		for seg := range q.RawAll() {
			if !nameIs(seg, name) {
				othersAfter = append(othersAfter, seg)
			}
		}
		if !slices.Equal(others, othersAfter) {
			t.Fatalf("op %d %q on %q changed other pairs: %q -> %q", op%5, name, s, others, othersAfter)
		}
		// Set keeps the raw name of the first pair it changes.
		if op%5 == 0 {
			for seg := range before.RawAll() {
				if nameIs(seg, name) {
					rawName, _, _ := strings.Cut(seg, "=")
					if !strings.Contains("&"+q.String(), "&"+rawName+"=") {
						t.Fatalf("Set %q on %q lost raw name %q: %q", name, s, rawName, q.String())
					}
					break
				}
			}
		}
	})
}

// FuzzSort checks CompareNames against a UTF-16 conversion and that Sort
// is stable.
func FuzzSort(f *testing.F) {
	f.Add("\U0001F308", "\uFB03")
	f.Add("a\U0001F308", "a\U0001F4A9")
	f.Add("\xe2\x82", "\xe2\x82\xac")
	f.Add("\xf0\x90", "\uffff")
	f.Add("é", "e\u0301")
	f.Add("", "\x00")
	f.Fuzz(func(t *testing.T, a, b string) {
		if got, want := CompareNames(a, b), refCompare(a, b); got != want {
			t.Fatalf("CompareNames(%q, %q) = %d, want %d", a, b, got, want)
		}
		if got, want := CompareNames(b, a), refCompare(b, a); got != want {
			t.Fatalf("CompareNames(%q, %q) = %d, want %d", b, a, got, want)
		}
		v := Values{{b, "0"}, {a, "1"}, {b, "2"}, {a + b, "3"}, {a, "4"}, {b + a, "5"}}
		v.Sort()
		if !slices.IsSortedFunc(v, func(x, y Pair) int { return refCompare(x.Name, y.Name) }) {
			t.Fatalf("not sorted: %q", v)
		}
		last := map[string]string{}
		for _, p := range v {
			if l, ok := last[p.Name]; ok && l > p.Value {
				t.Fatalf("not stable: %q", v)
			}
			last[p.Name] = p.Value
		}
	})
}
