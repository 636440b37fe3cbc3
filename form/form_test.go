package form

import (
	"encoding/json"
	"errors"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/urikit/urikit/percent"
)

func TestParseUTF8Replacement(t *testing.T) {
	// Unicode Standard §3.9, table 3-8 (U+FFFD substitution of maximal
	// subparts), which the Encoding Standard's UTF-8 decoder follows.
	in := "%61%F1%80%80%E1%80%C2%62%80%63%80%BF%64"
	want := "a\uFFFD\uFFFD\uFFFDb\uFFFDc\uFFFD\uFFFDd"
	if got := Unescape(in); got != want {
		t.Errorf("Unescape(%q) = %q, want %q", in, got, want)
	}
	// The same bytes, literal rather than escaped.
	if got := Unescape("a\xF1\x80\x80\xE1\x80\xC2b\x80c\x80\xBFd"); got != want {
		t.Errorf("Unescape(literal bytes) = %q, want %q", got, want)
	}
	// Mixed literal and escaped bytes of one character.
	if got := Unescape("\xE2%82\xAC"); got != "€" {
		t.Errorf("Unescape(mixed) = %q, want €", got)
	}
	// No BOM stripping, surrogates and overlongs replaced.
	for in, want := range map[string]string{
		"%EF%BB%BFa":    "\uFEFFa",
		"%ED%A0%80":     "\uFFFD\uFFFD\uFFFD",
		"%C0%AF":        "\uFFFD\uFFFD",
		"%E0%80%AF":     "\uFFFD\uFFFD\uFFFD",
		"%F4%90%80%80":  "\uFFFD\uFFFD\uFFFD\uFFFD",
		"%F0%9F%92":     "\uFFFD",
		"%F0%9F%92%A9+": "\U0001F4A9 ",
		"%u0041":        "%u0041",
		"%%41":          "%A",
	} {
		if got := Unescape(in); got != want {
			t.Errorf("Unescape(%q) = %q, want %q", in, got, want)
		}
		if got := refDecode(in); got != want {
			t.Errorf("refDecode(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestParseSharesInput(t *testing.T) {
	v := Parse("a=1&b=%41&c")
	want := Values{{"a", "1"}, {"b", "A"}, {"c", ""}}
	if !reflect.DeepEqual(v, want) {
		t.Fatalf("Parse = %q, want %q", v, want)
	}
	if got := ParseSearchParams("??a=b"); !reflect.DeepEqual(got, Values{{"?a", "b"}}) {
		t.Errorf("ParseSearchParams(??a=b) = %q", got)
	}
	if got := Parse(""); got != nil {
		t.Errorf("Parse(\"\") = %#v, want nil", got)
	}
	if got := AppendParse(Values{{"x", "y"}}, "a+b=%2B"); !reflect.DeepEqual(got, Values{{"x", "y"}, {"a b", "+"}}) {
		t.Errorf("AppendParse = %q", got)
	}
}

func TestParseStrict(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		code   Code
		cause  percent.Code
		comp   Component
		kept   int
	}{
		{"a=1&b=%zz", 6, ErrInvalidEscape, percent.ErrInvalidEscape, ComponentValue, 1},
		{"a=1&b=x%4", 7, ErrTruncatedEscape, percent.ErrTruncatedEscape, ComponentValue, 1},
		{"ab=%C3&c", 3, ErrInvalidUTF8, percent.ErrInvalidUTF8, ComponentValue, 0},
		{"a=b&%FF=1", 4, ErrInvalidUTF8, percent.ErrInvalidUTF8, ComponentName, 1},
		{"a=b&c=%u0041", 6, ErrInvalidEscape, percent.ErrLegacyEscape, ComponentValue, 1},
	}
	for _, tt := range tests {
		v, err := ParseStrict(tt.in)
		var fe *Error
		var pe *percent.Error
		if !errors.As(err, &fe) || fe.Offset != tt.offset || fe.Input != tt.in || fe.Component != tt.comp ||
			!errors.Is(err, tt.code) || !errors.Is(err, tt.cause) || !errors.As(err, &pe) {
			t.Errorf("ParseStrict(%q) error = %v, want %s (%s) at %d", tt.in, err, tt.code, tt.cause, tt.offset)
		}
		if len(v) != tt.kept {
			t.Errorf("ParseStrict(%q) kept %q, want %d pairs", tt.in, v, tt.kept)
		}
	}
	v, err := ParseStrict("a+b=%E2%82%AC&c=%2B")
	if err != nil || !reflect.DeepEqual(v, Values{{"a b", "€"}, {"c", "+"}}) {
		t.Errorf("ParseStrict valid = %q, %v", v, err)
	}
}

func TestSearchParamsMethods(t *testing.T) {
	v := Parse("a=1&b=2&a=3&c=4&a=1")
	if v.Len() != 5 {
		t.Errorf("Len = %d", v.Len())
	}
	if got, ok := v.Get("a"); got != "1" || !ok {
		t.Errorf("Get(a) = %q, %v", got, ok)
	}
	if got, ok := v.Get("z"); got != "" || ok {
		t.Errorf("Get(z) = %q, %v", got, ok)
	}
	if got := v.GetAll("a"); !slices.Equal(got, []string{"1", "3", "1"}) {
		t.Errorf("GetAll(a) = %q", got)
	}
	if got := v.GetAll("z"); got != nil {
		t.Errorf("GetAll(z) = %q", got)
	}
	if !v.Has("c") || v.Has("C") || !v.HasValue("a", "3") || v.HasValue("a", "2") {
		t.Errorf("Has/HasValue wrong on %q", v)
	}

	w := v.Clone()
	w.DeleteValue("a", "1")
	if got := w.String(); got != "b=2&a=3&c=4" {
		t.Errorf("DeleteValue(a, 1) = %q", got)
	}
	w.Delete("a")
	if got := w.String(); got != "b=2&c=4" {
		t.Errorf("Delete(a) = %q", got)
	}
	if got := v.String(); got != "a=1&b=2&a=3&c=4&a=1" {
		t.Errorf("Clone shares with the original: %q", got)
	}

	v.Set("a", "x y")
	if got := v.String(); got != "a=x+y&b=2&c=4" {
		t.Errorf("Set(a) = %q", got)
	}
	v.Set("d", "&=")
	if got := v.String(); got != "a=x+y&b=2&c=4&d=%26%3D" {
		t.Errorf("Set(d) = %q", got)
	}
	v.Append("a", "")
	v.Sort()
	if got := v.String(); got != "a=x+y&a=&b=2&c=4&d=%26%3D" {
		t.Errorf("Sort = %q", got)
	}

	var names, values []string
	for name, value := range v.All() {
		names = append(names, name)
		values = append(values, value)
		if len(names) == 2 {
			break
		}
	}
	if !slices.Equal(names, []string{"a", "a"}) || !slices.Equal(values, []string{"x y", ""}) {
		t.Errorf("All = %q %q", names, values)
	}

	var zero Values
	zero.Set("k", "v")
	zero.Delete("nothing")
	if got := zero.String(); got != "k=v" {
		t.Errorf("zero Values = %q", got)
	}
}

func TestSortUTF16(t *testing.T) {
	// U+1F308 is D83C DF08 in UTF-16, before U+FB03; in UTF-8 it is
	// F0 9F 8C 88, after EF AC 83.
	v := Values{{"\uFB03", "1"}, {"\U0001F308", "2"}, {"\uFB03", "3"}, {"z", "4"}, {"\U0001F308", "5"}}
	v.Sort()
	want := Values{{"z", "4"}, {"\U0001F308", "2"}, {"\U0001F308", "5"}, {"\uFB03", "1"}, {"\uFB03", "3"}}
	if !reflect.DeepEqual(v, want) {
		t.Errorf("Sort = %q, want %q", v, want)
	}
	for _, tt := range []struct {
		a, b string
		want int
	}{
		{"\U0001F308", "\uFB03", -1},
		{"\U0001F308", "\uD7FF", +1},
		{"a\U00010000", "a\uE000", -1},
		{"\U0010FFFF", "\uFFFF", -1},
		{"\U0001F308", "\U0001F4A9", -1},
		{"é", "e\u0301", +1},
		{"ab", "abc", -1},
		{"", "", 0},
		{"\xff", "\uFFFD", 0},
	} {
		if got := CompareNames(tt.a, tt.b); got != tt.want {
			t.Errorf("CompareNames(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestConversions(t *testing.T) {
	v := FromPairs([][2]string{{"b", "1"}, {"a", "2"}, {"b", "3"}})
	u := v.URLValues()
	if !reflect.DeepEqual(u, url.Values{"a": {"2"}, "b": {"1", "3"}}) {
		t.Errorf("URLValues = %v", u)
	}
	back := FromURLValues(u)
	if got := back.String(); got != "a=2&b=1&b=3" {
		t.Errorf("FromURLValues = %q", got)
	}
	// Where both serializers agree (no "~" or "*"), Values.String of a
	// sorted list equals url.Values.Encode.
	if got, want := back.String(), u.Encode(); got != want {
		t.Errorf("String = %q, url.Values.Encode = %q", got, want)
	}
	if got := FromPairs(nil); len(got) != 0 {
		t.Errorf("FromPairs(nil) = %q", got)
	}
}

func TestText(t *testing.T) {
	type doc struct {
		Q Values `json:"q"`
	}
	b, err := json.Marshal(doc{Q: Values{{"a b", "é"}, {"c", "~"}}})
	if err != nil || string(b) != `{"q":"a+b=%C3%A9\u0026c=%7E"}` {
		t.Errorf("json.Marshal = %s, %v", b, err)
	}
	var d doc
	if err := json.Unmarshal(b, &d); err != nil || !reflect.DeepEqual(d.Q, Values{{"a b", "é"}, {"c", "~"}}) {
		t.Errorf("json.Unmarshal = %q, %v", d.Q, err)
	}
	out, err := Values{{"x", "1"}}.AppendText([]byte("?"))
	if err != nil || string(out) != "?x=1" {
		t.Errorf("AppendText = %q, %v", out, err)
	}
}

func TestEscape(t *testing.T) {
	for in, want := range map[string]string{
		"":          "",
		"abc*-._":   "abc*-._",
		"a b+c":     "a+b%2Bc",
		"~!'()":     "%7E%21%27%28%29",
		"é\x00\xff": "%C3%A9%00%FF",
	} {
		if got := Escape(in); got != want {
			t.Errorf("Escape(%q) = %q, want %q", in, got, want)
		}
		if got := string(AppendEscape([]byte("x"), in)); got != "x"+want {
			t.Errorf("AppendEscape(%q) = %q", in, got)
		}
	}
	// Invalid UTF-8 is serialized without loss.
	if got := (Values{{"\xff", "\xc3"}}).String(); got != "%FF=%C3" {
		t.Errorf("String of invalid UTF-8 = %q", got)
	}
}

func TestRawQuery(t *testing.T) {
	q := ParseRaw("a=%7e&b=1")
	q.Set("b", "2")
	if got := q.String(); got != "a=%7e&b=2" {
		t.Errorf("Set(b, 2) = %q, want a=%%7e&b=2", got)
	}

	q = ParseRaw("x=%20y&%62=1&c&b=2&&b=3&")
	if got, ok := q.Get("b"); got != "1" || !ok {
		t.Errorf("Get(b) = %q, %v", got, ok)
	}
	if got := q.GetAll("b"); !slices.Equal(got, []string{"1", "2", "3"}) {
		t.Errorf("GetAll(b) = %q", got)
	}
	if !q.Has("c") || q.Has("d") || !q.HasValue("x", " y") || q.HasValue("b", "4") {
		t.Errorf("Has/HasValue wrong on %q", q)
	}
	if q.Len() != 5 {
		t.Errorf("Len = %d", q.Len())
	}
	q.Set("b", "a/b")
	if got := q.String(); got != "x=%20y&%62=a%2Fb&c&&" {
		t.Errorf("Set(b) = %q", got)
	}
	q.Append("d", "é")
	if got := q.String(); got != "x=%20y&%62=a%2Fb&c&&d=%C3%A9" {
		t.Errorf("Append(d) = %q", got)
	}
	if err := q.AppendRaw("sig=AbC%2f"); err != nil {
		t.Fatal(err)
	}
	q.DeleteValue("c", "")
	q.Delete("x")
	if got := q.String(); got != "%62=a%2Fb&&d=%C3%A9&sig=AbC%2f" {
		t.Errorf("after deletes = %q", got)
	}
	if err := q.SetRaw("sig", "XyZ%7E"); err != nil {
		t.Fatal(err)
	}
	if err := q.SetRaw("new", "%41"); err != nil {
		t.Fatal(err)
	}
	if got := q.String(); got != "%62=a%2Fb&&d=%C3%A9&sig=XyZ%7E&new=%41" {
		t.Errorf("after SetRaw = %q", got)
	}
	if got := q.Values(); !reflect.DeepEqual(got, Values{{"b", "a/b"}, {"d", "é"}, {"sig", "XyZ~"}, {"new", "A"}}) {
		t.Errorf("Values = %q", got)
	}
	var raws []string
	for r := range q.RawAll() {
		raws = append(raws, r)
	}
	if !slices.Equal(raws, []string{"%62=a%2Fb", "d=%C3%A9", "sig=XyZ%7E", "new=%41"}) {
		t.Errorf("RawAll = %q", raws)
	}
	if got := string(q.AppendTo([]byte("?"))); got != "?"+q.String() {
		t.Errorf("AppendTo = %q", got)
	}

	err := q.AppendRaw("a=1&b=2")
	var fe *Error
	if !errors.As(err, &fe) || fe.Offset != 3 || !errors.Is(err, ErrUnencoded) || !errors.Is(err, percent.ErrUnencoded) {
		t.Errorf("AppendRaw with & = %v", err)
	}
	if err := q.SetRaw("a", "&"); err == nil {
		t.Errorf("SetRaw with & succeeded")
	}

	var zero RawQuery
	zero.Append("k", "v w")
	if got := zero.String(); got != "k=v+w" {
		t.Errorf("zero RawQuery Append = %q", got)
	}
	zero.Delete("k")
	if got := zero.String(); got != "" || zero.Len() != 0 {
		t.Errorf("after Delete = %q", got)
	}
}

func TestAllocs(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage instrumentation allocates")
	}
	const plainQ = "utm_source=newsletter&utm_medium=email&id=12345&lang=en"
	const escQ = "q=caf%C3%A9+au+lait&page=2&sort=price%2Basc&tags=a%2Cb"
	for _, tt := range []struct {
		name string
		max  float64
		f    func()
	}{
		{"Parse plain", 1, func() { Parse(plainQ) }},
		{"Parse escaped", 2, func() { Parse(escQ) }},
		{"Parse and String", 3, func() { _ = Parse(escQ).String() }},
	} {
		if n := testing.AllocsPerRun(100, tt.f); n > tt.max {
			t.Errorf("%s: %v allocations, want at most %v", tt.name, n, tt.max)
		}
	}
	buf := make([]byte, 0, 256)
	v := Parse(escQ)
	if n := testing.AllocsPerRun(100, func() { buf = v.AppendTo(buf[:0]) }); n != 0 {
		t.Errorf("AppendTo: %v allocations, want 0", n)
	}
}

func TestRawQuerySort(t *testing.T) {
	q := ParseRaw("z=1&&%61=%7e&\uFB03=x&%F0%9F%8C%88=y&a+b=2&a=0&")
	q.Sort()
	if got, want := q.String(), "%61=%7e&a=0&a+b=2&z=1&%F0%9F%8C%88=y&\uFB03=x"; got != want {
		t.Errorf("Sort = %q, want %q", got, want)
	}
}

// TestSortMany checks the sorts of many pairs (which sort an order of
// indexes, then move the pairs) against a stable sort, with many equal
// names and names that differ only beyond U+FFFF.
func TestSortMany(t *testing.T) {
	names := []string{"b", "a", "\U0001F308", "\uFB03", "a", "", "ab", "b"}
	var v Values
	var raw []string
	for i := range 1000 {
		name := names[(i*7+i/3)%len(names)]
		v = append(v, Pair{Name: name, Value: strconv.Itoa(i)})
		raw = append(raw, Escape(name)+"="+strconv.Itoa(i))
	}
	want := v.Clone()
	slices.SortStableFunc(want, func(a, b Pair) int { return CompareNames(a.Name, b.Name) })
	got := v.Clone()
	got.Sort()
	if !slices.Equal(got, want) {
		t.Errorf("Values.Sort differs from a stable sort")
	}
	q := ParseRaw(strings.Join(raw, "&&"))
	q.Sort()
	if got := q.Values(); !slices.Equal(got, want) {
		t.Errorf("RawQuery.Sort differs from a stable sort")
	}
}
