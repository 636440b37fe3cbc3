package percent

import (
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
		{"lenient", Decoder{Lenient: true}},
		{"lenient+", Decoder{Lenient: true, PlusAsSpace: true}},
		{"legacy", Decoder{LegacyU: true}},
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

// TestErrorListCollapse checks that a lenient decoder reports the repeats
// of a problem once, with their count and first offsets, and that the
// messages stay short.
func TestErrorListCollapse(t *testing.T) {
	in := strings.Repeat("%zz", 20) + "%C3" + strings.Repeat("%", 3)
	got, list := Decoder{}.DecodeKept(in)
	if got != in {
		t.Errorf("DecodeKept changed %q to %q", in, got)
	}
	if len(list) != 3 {
		t.Fatalf("kept = %#v, want an ErrorList of 3", list)
	}
	var err error = list
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
	const want = `percent: offset 0: "%zz": % not followed by two hex digits (and 23 more)`
	if msg := err.Error(); msg != want {
		t.Errorf("message %q, want %q", msg, want)
	}
	if msg := zz.Error(); msg != `percent: offset 0: "%zz": % not followed by two hex digits (22 times)` {
		t.Errorf("message %q", msg)
	}
	if !errors.Is(err, ErrInvalidUTF8) || !errors.Is(err, ErrTruncatedEscape) {
		t.Errorf("errors.Is misses a code of %v", err)
	}
	// A million repeats still make a list of one short Error.
	_, list = Decoder{}.DecodeKept(strings.Repeat("%zz", 1<<20))
	if err = list; len(list) != 1 || list[0].Count != 1<<20 || len(list[0].Offsets) != 8 || len(err.Error()) > 100 {
		t.Errorf("1M repeats: %d errors, count %d, %d offsets, message %q", len(list), list[0].Count, len(list[0].Offsets), err)
	}
}

func BenchmarkBounded(b *testing.B) { boundedtest.Bench(b, boundedCases()) }
