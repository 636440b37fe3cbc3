package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/percent"
	"github.com/urikit/urikit/uri"
	"github.com/urikit/urikit/whatwg"
)

// encoded is what json.Encoder writes for v without HTML escaping, the
// newline excluded.
func encoded(t testing.TB, v any) string {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatalf("encoding %#v: %v", v, err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// checkJSON checks jsonSize and appendJSON against encoding/json on v.
func checkJSON(t testing.TB, c *jsonFields, v any) {
	t.Helper()
	want := encoded(t, v)
	got, ok := c.jsonSize(v, len(want))
	if !ok || got != len(want) {
		t.Errorf("size of %#.300v = %d, %v; encoding/json writes %d bytes", v, got, ok, len(want))
	}
	if len(want) > 0 {
		if _, ok := c.jsonSize(v, len(want)-1); ok {
			t.Errorf("size of %#.300v fits in %d bytes", v, len(want)-1)
		}
	}
	var out chunkBuffer
	if err := c.appendJSON(&out, v); err != nil || string(out.Bytes()) != want || out.Len() != len(want) {
		t.Errorf("appendJSON(%#.300v) = %.300s, %v\nencoding/json:       %.300s", v, out.Bytes(), err, want)
	}
}

type sizeInner struct {
	A string `json:"a"`
	B int    `json:"b,omitempty"`
}

type sizeDeep struct{ X, Y string }

type sizeEmbedded struct {
	sizeDeep
	Y string // hides sizeDeep.Y
}

type sizeConflict struct {
	sizeInner
	*sizeDeep
	Other struct {
		A string `json:"a"`
	}
}

type sizeTwins struct {
	sizeDeep
	Twin sizeDeep2
}

type sizeDeep2 struct{ X string }

type sizeMarshal struct{ s string }

func (m sizeMarshal) MarshalJSON() ([]byte, error) {
	if m.s == "" {
		return []byte(" 0 "), nil
	}
	return []byte(` { "m" : ` + m.s + ` } `), nil
}

type sizeText int

func (t sizeText) MarshalText() ([]byte, error) { return []byte(strings.Repeat("t\n", int(t))), nil }

type sizePtrText struct{ N int }

func (p *sizePtrText) MarshalText() ([]byte, error) { return []byte("ptr"), nil }

type sizeZero struct{ v int }

func (z sizeZero) IsZero() bool { return z.v == 42 }

type sizeAll struct {
	S       string            `json:"s"`
	Skip    string            `json:"-"`
	Dash    string            `json:"-,omitempty"` //lint:ignore SA5008 the field named "-" is what this checks
	Omit    string            `json:",omitempty"`
	OmitP   *int              `json:"omit_p,omitempty"`
	OmitZ   sizeZero          `json:"omit_z,omitzero"`
	OmitT   time.Time         `json:"omit_t,omitzero"`
	Quoted  int               `json:"quoted,string"`
	QBool   bool              `json:"qbool,string"`
	QStr    string            `json:"qstr,string"`
	QF      float64           `json:"qf,string"`
	F       float64           `json:"f"`
	F32     float32           `json:"f32"`
	U       uint8             `json:"u"`
	I       int64             `json:"i"`
	Bytes   []byte            `json:"bytes"`
	NilB    []byte            `json:"nil_b"`
	List    []any             `json:"list"`
	Arr     [3]int            `json:"arr"`
	Map     map[string]any    `json:"map"`
	IntMap  map[int]string    `json:"int_map"`
	NilMap  map[string]string `json:"nil_map"`
	Iface   any               `json:"iface"`
	M       sizeMarshal       `json:"m"`
	MP      *sizeMarshal      `json:"mp"`
	T       sizeText          `json:"t"`
	PT      sizePtrText       `json:"pt"`
	PTP     *sizePtrText      `json:"ptp"`
	Num     json.Number       `json:"num"`
	Raw     json.RawMessage   `json:"raw"`
	URL     *url.URL          `json:"url"`
	Inner   sizeInner         `json:"inner"`
	Emb     sizeEmbedded      `json:"emb"`
	Conf    sizeConflict      `json:"conf"`
	Twins   sizeTwins         `json:"twins"`
	unexp   string
	Unicode string `json:"ünï"`
}

// TestJSONWriter checks jsonSize and appendJSON against encoding/json, on
// values of every kind they handle and on the answers of every route.
func TestJSONWriter(t *testing.T) {
	var c jsonFields
	seven := 7
	values := []any{
		nil, true, false, 0, -12345, uint64(1 << 63), 1.5, "", "a\"b\\c\n\r\t\b\f\x00\x1f\x7f<>&",
		"\u2028\u2029é你😀", "\xff\xfe a \xc3", []string(nil), []string{}, []int{1, 2, 3}, map[string]int{"b": 1, "a\n": 2},
		&seven, (*int)(nil), sizeText(3), []sizeText{1, 2},
		sizeAll{},
		sizeAll{S: "x", Skip: "y", Dash: "d", Omit: "o", OmitP: &seven, OmitZ: sizeZero{42}, OmitT: time.Unix(1, 0).UTC(),
			Quoted: 12, QBool: true, QStr: `a"b`, QF: 2.5, F: 1e21, F32: 0.1, U: 255, I: -1, Bytes: []byte("hello!!"), List: []any{1, "a", nil, []int{}},
			Map: map[string]any{"k": []string{"v"}, "": nil}, IntMap: map[int]string{3: "c", 10: "d"}, Iface: sizeInner{A: "i"},
			M: sizeMarshal{`"x"`}, MP: &sizeMarshal{`[1, 2]`}, T: 2, PTP: &sizePtrText{}, Num: "1.5e3", Raw: json.RawMessage(` { "r" : 1 } `),
			URL: &url.URL{Scheme: "http", Host: "h"}, Inner: sizeInner{A: "a", B: 2},
			Emb: sizeEmbedded{sizeDeep{"x", "hidden"}, "y"}, Conf: sizeConflict{sizeInner: sizeInner{A: "ca"}, sizeDeep: &sizeDeep{X: "dx"}},
			Twins: sizeTwins{sizeDeep{"1", "2"}, sizeDeep2{"3"}}, unexp: "u", Unicode: "ü"},
		&sizeAll{OmitZ: sizeZero{1}},
		sizeConflict{},
		errors.New("an error is an empty object"),
	}
	for _, in := range []string{"http://u@[::1]:8080/a%2Fb?q#f", "http://h/" + strings.Repeat("%^ ", 5), "a\x00b\xff",
		"http://evil.com%2f@good.com/", "https://xn--80ak6aa92e.com/", "http://0x7f.1/", "\u2028", "", "%zz%41", "../g"} {
		rfc, _ := report.ParseRFC(in, false)
		lenient, _ := report.ParseRFC(in, true)
		w, _, _ := report.ParseWHATWG(in, nil, nil)
		base := "http://a/b"
		wb, _, _ := report.ParseWHATWG(in, whatwg.MustParse(base), &base)
		enc, _ := report.EncoderFor("unreserved", false, false)
		values = append(values, rfc, lenient, w, wb, report.CheckURL(in), report.Encode(in, enc),
			report.Decode(in, percent.Decoder{}), report.Decode(in, percent.Decoder{Lenient: true}),
			report.Normalize(in, uri.Level(0)), report.Resolve(uri.MustParse("http://a/b/c"), in))
	}
	for _, v := range values {
		checkJSON(t, &c, v)
	}
	// A long string spans chunks.
	checkJSON(t, &c, strings.Repeat("a\u2028\"b\x01é\xff", 100000))
}

func FuzzJSONWriter(f *testing.F) {
	for _, in := range []string{"http://a/b", "a\x00\u2028\xff", "http://h/%^ %zz", "https://аррӏе.com/"} {
		f.Add(in)
	}
	var c jsonFields
	f.Fuzz(func(t *testing.T, in string) {
		rfc, _ := report.ParseRFC(in, false)
		lenient, _ := report.ParseRFC(in, true)
		w, _, _ := report.ParseWHATWG(in, nil, nil)
		for _, v := range []any{in, rfc, lenient, w, report.CheckURL(in), report.Decode(in, percent.Decoder{Lenient: true})} {
			checkJSON(t, &c, v)
		}
	})
}
