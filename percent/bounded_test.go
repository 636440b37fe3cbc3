package percent

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/boundedtest"
)

// Bounded cost: every operation that takes input text allocates at most
// 8 bytes per input byte plus a constant, on adversarial inputs too, and
// no more per byte on large inputs than on small ones (which would show a
// superlinear path).

// Adversarial shapes.
var boundedShapes = []boundedtest.Shape{
	{Name: "%", Unit: "%"},
	{Name: "%zz", Unit: "%zz"},
	{Name: "%4", Unit: "%4"},
	{Name: "%C3", Unit: "%C3"},
	{Name: "%E4%B8", Unit: "%E4%B8"},
	{Name: "%ED%A0%80", Unit: "%ED%A0%80"},
	{Name: "%C3%A9", Unit: "%C3%A9"},
	{Name: "%u12", Unit: "%u12"},
	{Name: "%u0041", Unit: "%u0041"},
	{Name: "%uD800", Unit: "%uD800"},
	{Name: "%7e", Unit: "%7e"},
	{Name: "%2f", Unit: "%2f"},
	{Name: "%0%41", Unit: "%0%41"},
	{Name: "+", Unit: "+"},
	{Name: "space", Unit: " "},
	{Name: "é", Unit: "é"},
	{Name: "\\xff", Unit: "\xff"},
	{Name: "&=", Unit: "&="},
	{Name: "plain", Unit: "abcdefgh"},
}

// boundedCases lists every operation on text with the shapes it is
// measured on.
func boundedCases() []boundedtest.Case {
	var cs []boundedtest.Case
	add := func(op string, run func(string)) {
		cs = append(cs, boundedtest.Cases(op, run, boundedShapes)...)
	}
	add("Encode(Path)", func(s string) { _ = Encode(s, Path) })
	add("Encode(Unreserved)", func(s string) { _ = Encode(s, Unreserved) })
	add("Encode(form)", func(s string) { _ = Encoder{Set: Form, SpaceAsPlus: true}.Encode(s) })
	add("Encode(keep)", func(s string) { _ = Encoder{Set: Unreserved, KeepEscapes: true}.Encode(s) })
	add("AppendEncode", func(s string) { _ = AppendEncode(nil, s, Unreserved) })
	for _, sh := range boundedShapes {
		cs = append(cs, boundedtest.Case{Op: "EncodeBytes", Shape: sh.Name, Input: sh.Input, Prepare: func(s string) func() {
			b := []byte(s) // the conversion is not EncodeBytes's cost
			return func() { _ = EncodeBytes(b, Unreserved) }
		}})
	}
	add("EncodedLen", func(s string) { _ = Encoder{Set: Unreserved}.EncodedLen(s) })
	add("Set.Index", func(s string) { _ = Path.Index(s) })
	add("Decode", func(s string) { _, _ = Decode(s) })
	add("DecodeBytes", func(s string) { _, _ = DecodeBytes(s) })
	add("AppendDecode", func(s string) { _, _ = AppendDecode(nil, s) })
	add("Decode.Error", func(s string) {
		if _, err := Decode(s); err != nil {
			_ = err.Error()
		}
	})
	for _, d := range []struct {
		name string
		d    Decoder
	}{
		{"plus", Decoder{PlusAsSpace: true}},
		{"legacy", Decoder{LegacyU: true}},
		{"lenient", Decoder{Lenient: true}},
		{"lenient,legacy", Decoder{Lenient: true, LegacyU: true}},
		{"form", Decoder{Lenient: true, PlusAsSpace: true, ReplaceInvalidUTF8: true}},
	} {
		dec := d.d
		add("Decode("+d.name+")", func(s string) { _, _ = dec.Decode(s) })
		add("DecodeBytes("+d.name+")", func(s string) { _, _ = dec.DecodeBytes(s) })
		add("AppendDecode("+d.name+")", func(s string) { _, _ = dec.AppendDecode(nil, s) })
		add("AppendDecodeBytes("+d.name+")", func(s string) { _, _ = dec.AppendDecodeBytes(nil, s) })
		add("Decode("+d.name+").Error", func(s string) {
			if _, err := dec.Decode(s); err != nil {
				_ = err.Error()
			}
		})
		add("DecodeLenient("+d.name+")", func(s string) { _, _ = dec.DecodeLenient(s) })
		add("DecodeBytesLenient("+d.name+")", func(s string) { _, _ = dec.DecodeBytesLenient(s) })
		add("AppendDecodeLenient("+d.name+")", func(s string) { _, _ = dec.AppendDecodeLenient(nil, s) })
		add("AppendDecodeBytesLenient("+d.name+")", func(s string) { _, _ = dec.AppendDecodeBytesLenient(nil, s) })
		add("DecodeLenient("+d.name+").String", func(s string) {
			_, fs := dec.DecodeLenient(s)
			for _, f := range fs {
				_ = f.String()
			}
		})
	}
	add("Normalize", func(s string) { _ = Normalize(s) })
	add("AppendNormalize", func(s string) { _ = AppendNormalize(nil, s) })
	add("Validate", func(s string) { _ = Validate(s, Path) })
	add("Validate.Error", func(s string) {
		if err := Validate(s, Path); err != nil {
			_ = err.Error()
		}
	})
	return cs
}

func TestBounded(t *testing.T) { boundedtest.CheckAll(t, boundedCases()) }

// TestFindingCollapse checks that a lenient decode reports the repeats
// of a problem once, with their count and first offsets, and that the
// texts stay short.
func TestFindingCollapse(t *testing.T) {
	in := strings.Repeat("%zz", 20) + "%C3" + strings.Repeat("%", 3)
	got, list := Decoder{}.DecodeLenient(in)
	if got != in {
		t.Errorf("DecodeLenient changed %q to %q", in, got)
	}
	if len(list) != 3 {
		t.Fatalf("findings = %#v, want 3", list)
	}
	zz, c3, pct := list[0], list[1], list[2]
	if zz.Code != ErrInvalidEscape || zz.Offset != 0 || zz.Count != 22 || zz.Text != "%zz" ||
		!slices.Equal(zz.Offsets, []int{0, 3, 6, 9, 12, 15, 18, 21}) {
		t.Errorf("first = %+v, want invalid-escape at 0, 22 times (20 \"%%zz\" and two \"%%\"), offsets 0-21", zz)
	}
	if c3.Code != ErrInvalidUTF8 || c3.Offset != 60 || c3.Count != 0 || c3.Offsets != nil {
		t.Errorf("second = %+v, want invalid-utf8 at 60, once", c3)
	}
	if pct.Code != ErrTruncatedEscape || pct.Offset != 65 || pct.Count != 0 {
		t.Errorf("third = %+v, want truncated-escape at 65, once", pct)
	}
	if s := zz.String(); s != `offset 0: invalid-escape: "%zz": % not followed by two hex digits (22 times)` {
		t.Errorf("String %q", s)
	}
	b, err := json.Marshal(zz)
	if want := `{"offset":0,"code":"invalid-escape","message":"\"%zz\": % not followed by two hex digits","count":22,"offsets":[0,3,6,9,12,15,18,21]}`; err != nil || string(b) != want {
		t.Errorf("JSON %s, %v; want %s", b, err, want)
	}
	if b, _ := json.Marshal(c3); string(b) != `{"offset":60,"code":"invalid-utf8","message":"\"%C3\": decoded bytes are not valid UTF-8"}` {
		t.Errorf("JSON %s", b)
	}
	// A million repeats still make a list of one short Finding.
	_, list = Decoder{}.DecodeLenient(strings.Repeat("%zz", 1<<20))
	if len(list) != 1 || list[0].Count != 1<<20 || len(list[0].Offsets) != 8 || len(list[0].String()) > 100 {
		t.Errorf("1M repeats: %d findings, count %d, %d offsets, text %q", len(list), list[0].Count, len(list[0].Offsets), list[0])
	}
}

// TestErrorText checks the one error text: the window of the input
// around the offset, however long the input.
func TestErrorText(t *testing.T) {
	_, err := Decode("abc%zz")
	if want := `percent: offset 3: "abc%zz": % not followed by two hex digits`; err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
	var pe *Error
	if !errors.As(err, &pe) || pe.Input != "abc%zz" || pe.Text != "%zz" || !errors.Is(err, ErrInvalidEscape) {
		t.Errorf("error %#v", err)
	}
	long := strings.Repeat("a", 1000) + "%" + strings.Repeat("b", 1000)
	if _, err := Decode(long); err == nil || len(err.Error()) > 150 {
		t.Errorf("long input: %v", err)
	}
}

func BenchmarkBounded(b *testing.B) { boundedtest.Bench(b, boundedCases()) }
