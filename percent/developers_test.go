package percent

import (
	"errors"
	"strings"
	"testing"
)

// The sets whose job is to encode RFC 3986 data: they must encode every
// byte outside unreserved/reserved and never encode unreserved.
var rfcSets = []struct {
	name string
	set  Set
}{
	{"unreserved", Unreserved}, {"path-segment", PathSegment}, {"path", Path},
	{"query", Query}, {"query-value", QueryValue}, {"fragment", Fragment},
	{"userinfo", Userinfo}, {"host", Host},
}

const unreservedChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"

func TestUppercaseHexProducedBothCasesAccepted(t *testing.T) {
	if got := Encode("/", PathSegment); got != "%2F" {
		t.Errorf(`Encode("/", PathSegment) = %q, want "%%2F"`, got)
	}
	for _, in := range []string{"%2f", "%2F"} {
		got, err := Decode(in)
		if err != nil || got != "/" {
			t.Errorf("Decode(%q) = %q, %v; want \"/\"", in, got, err)
		}
	}
	if a, b := Normalize("a%2fb%c3%a4"), Normalize("a%2Fb%C3%A4"); a != b || a != "a%2Fb%C3%A4" {
		t.Errorf("Normalize: %q and %q, want both a%%2Fb%%C3%%A4", a, b)
	}
}

func TestUnreservedNeverEncodedAndNormalizedBack(t *testing.T) {
	for _, s := range rfcSets {
		if got := Encode(unreservedChars, s.set); got != unreservedChars {
			t.Errorf("Encode(unreserved, %s) = %q", s.name, got)
		}
	}
	for in, want := range map[string]string{
		"/%7Euser": "/~user", "/%7euser": "/~user", "%41%42C": "ABC", "%2D%2E%5F%7E": "-._~",
		"%41%2F": "A%2F", "%zz%41": "%zzA",
		"%0%41": "%0%41", "%%41B": "%%41B", "%4%31": "%4%31", // never make a new escape
	} {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
	// Non-ASCII is never "unreserved": the ASCII-only rule.
	if got := Encode("é", Unreserved); got != "%C3%A9" {
		t.Errorf("Encode(é) = %q", got)
	}
}

func TestReservedEncodedExactlyWhenData(t *testing.T) {
	cases := []struct{ in, want string }{
		{Encode("file?.txt", PathSegment), "file%3F.txt"},
		{Encode("Tom&Jerry", QueryValue), "Tom%26Jerry"},
		{Encode("a=b+c;d", QueryValue), "a%3Db%2Bc%3Bd"},
		{Encode("to/file", PathSegment), "to%2Ffile"},
		{Encode("to/file", Path), "to/file"},
		{Encode("a?b/c", Query), "a?b/c"},
		{Encode("a#b", Query), "a%23b"},
		{Encode("user:pa@ss", Userinfo), "user:pa%40ss"},
		{Encode("a:b@c", PathSegment), "a:b@c"},
		{Encode("[::1]", Host), "%5B%3A%3A1%5D"},
	}
	for _, c := range cases {
		if c.in != c.want {
			t.Errorf("got %q, want %q", c.in, c.want)
		}
	}
	// "path?key" and "path%3Fkey" are different URIs: normalization must
	// not decode a reserved character.
	if Normalize("path?key") == Normalize("path%3Fkey") {
		t.Error(`path?key normalizes equal to path%3Fkey`)
	}
	if got := Normalize("path%3fkey"); got != "path%3Fkey" {
		t.Errorf("Normalize(path%%3fkey) = %q", got)
	}
}

func TestEveryOtherCharacterEncoded(t *testing.T) {
	others := " \"<>\\^`{|}\x7f"
	for c := 0; c < 0x20; c++ {
		others += string(rune(c))
	}
	for _, s := range rfcSets {
		for i := 0; i < len(others); i++ {
			if !s.set.Contains(others[i]) {
				t.Errorf("%s does not encode %q", s.name, others[i])
			}
		}
		for c := 0x80; c < 0x100; c++ {
			if !s.set.Contains(byte(c)) {
				t.Errorf("%s does not encode %#x", s.name, c)
			}
		}
	}
	for in, want := range map[string]string{
		" ": "%20", "你": "%E4%BD%A0", "ä": "%C3%A4", "\x00\x1f\x7f": "%00%1F%7F",
		`"<>\^` + "`{|}": "%22%3C%3E%5C%5E%60%7B%7C%7D",
	} {
		if got := Encode(in, Unreserved); got != want {
			t.Errorf("Encode(%q) = %q, want %q", in, got, want)
		}
	}
	if got := (Encoder{Set: Form, SpaceAsPlus: true}).Encode("a b"); got != "a+b" {
		t.Errorf("form encoding of space = %q", got)
	}
}

func TestBinaryOctets(t *testing.T) {
	b := make([]byte, 256)
	for i := range b {
		b[i] = byte(i)
	}
	enc := EncodeBytes(b, Unreserved)
	if strings.Count(enc, "%") != 256-len(unreservedChars) {
		t.Errorf("EncodeBytes encoded %d bytes", strings.Count(enc, "%"))
	}
	got, err := DecodeBytes(enc)
	if err != nil || string(got) != string(b) {
		t.Errorf("DecodeBytes(EncodeBytes(0..255)) = %x, %v", got, err)
	}
	if _, err := Decode(enc); !errors.Is(err, ErrInvalidUTF8) {
		t.Errorf("Decode (text) of binary: err = %v, want ErrInvalidUTF8", err)
	}
}

func TestDecodeOnceAndNoDoubleEncoding(t *testing.T) {
	if got := Encode("100%", Unreserved); got != "100%25" {
		t.Errorf("Encode(100%%) = %q", got)
	}
	if got, _ := Decode("100%2525"); got != "100%25" {
		t.Errorf("Decode decodes more than once: %q", got)
	}
	keep := Encoder{Set: Unreserved, KeepEscapes: true}
	if got := keep.Encode("100%25"); got != "100%25" {
		t.Errorf("KeepEscapes re-encoded: %q", got)
	}
	if got := keep.Encode("100% a%2"); got != "100%25%20a%252" {
		t.Errorf("KeepEscapes with malformed escapes: %q", got)
	}
	if err := Validate("100%25", Unreserved); err != nil {
		t.Errorf("Validate(already encoded) = %v", err)
	}
	if err := Validate("100%", Unreserved); !errors.Is(err, ErrTruncatedEscape) {
		t.Errorf("Validate(100%%) = %v, want truncated escape", err)
	}
	var pe *Error
	if err := Validate("a b", Path); !errors.As(err, &pe) || pe.Offset != 1 || pe.Code != ErrUnencoded {
		t.Errorf("Validate(a b) = %v, want unencoded-byte at 1", err)
	}
}

func TestInvalidInputStrictAndLenient(t *testing.T) {
	cases := []struct {
		in     string
		offset int
		code   Code
	}{
		{"%", 0, ErrTruncatedEscape},
		{"%4", 0, ErrTruncatedEscape},
		{"%zz", 0, ErrInvalidEscape},
		{"%4g", 0, ErrInvalidEscape},
		{"abc%4", 3, ErrTruncatedEscape},
		{"abc%", 3, ErrTruncatedEscape},
		{"%C3", 0, ErrInvalidUTF8},
		{"ab%C3", 2, ErrInvalidUTF8},
		{"%C3%28", 0, ErrInvalidUTF8},
		{"%ED%A0%80", 0, ErrInvalidUTF8}, // an encoded surrogate
		{"%C0%AF", 0, ErrInvalidUTF8},    // overlong "/"
		{"ok%E4%BD", 2, ErrInvalidUTF8},  // truncated sequence at the end
		{"a%41%zz", 4, ErrInvalidEscape},
	}
	for _, c := range cases {
		got, err := Decode(c.in)
		var pe *Error
		if !errors.As(err, &pe) || pe.Offset != c.offset || pe.Code != c.code || !errors.Is(err, c.code) {
			t.Errorf("Decode(%q) = %q, %v; want %s at offset %d", c.in, got, err, c.code, c.offset)
			continue
		}
		if strings.ContainsRune(got, '\uFFFD') {
			t.Errorf("Decode(%q) substituted U+FFFD", c.in)
		}
		// Lenient: the invalid parts are kept as they were, the rest is
		// decoded, and what was kept is a finding.
		lgot, list := Decoder{}.DecodeLenient(c.in)
		if len(list) == 0 || list[0].Offset != c.offset || list[0].Code != c.code {
			t.Errorf("DecodeLenient(%q) = %q, %v; want findings starting with %s at %d", c.in, lgot, list, c.code, c.offset)
		}
		if strings.ContainsRune(lgot, '\uFFFD') {
			t.Errorf("lenient Decode(%q) substituted U+FFFD", c.in)
		}
	}
	for in, want := range map[string]string{
		"%": "%", "%4": "%4", "%zz": "%zz", "abc%4": "abc%4", "%C3": "%C3",
		"%ED%A0%80": "%ED%A0%80", "a%41%zz%42": "aA%zzB", "%C3%A4%C3": "ä%C3", "%%41": "%A",
	} {
		if got, _ := (Decoder{}).DecodeLenient(in); got != want {
			t.Errorf("lenient Decode(%q) = %q, want %q", in, got, want)
		}
	}
	// Replacement only when asked.
	if got, err := (Decoder{ReplaceInvalidUTF8: true}).Decode("a%C3b"); err != nil || got != "a\uFFFDb" {
		t.Errorf("ReplaceInvalidUTF8: %q, %v", got, err)
	}
}

func TestEscapeInLastThreeBytes(t *testing.T) {
	for in, want := range map[string]string{"abc%41": "abcA", "%41": "A", "a%2F": "a/", "%E4%BD%A0": "你"} {
		if got, err := Decode(in); err != nil || got != want {
			t.Errorf("Decode(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

func TestLegacyU(t *testing.T) {
	var pe *Error
	if _, err := Decode("a%u00E4"); !errors.As(err, &pe) || pe.Code != ErrLegacyEscape || pe.Offset != 1 {
		t.Errorf("Decode(%%u00E4) err = %v, want legacy-u-escape at 1", err)
	}
	if got, kept := (Decoder{}).DecodeLenient("a%u00E4"); got != "a%u00E4" || len(kept) != 1 || kept[0].Code != ErrLegacyEscape {
		t.Errorf("lenient: %q, %v", got, kept)
	}
	legacy := Decoder{LegacyU: true}
	for in, want := range map[string]string{"a%u00E4": "aä", "%u4F60%20": "你 ", "%uD83D%uDE00": "😀"} {
		if got, err := legacy.Decode(in); err != nil || got != want {
			t.Errorf("LegacyU Decode(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"%uD83D", "%uDE00", "%uD83Dx"} {
		if _, err := legacy.Decode(in); !errors.Is(err, ErrInvalidLegacyEscape) {
			t.Errorf("LegacyU Decode(%q) err = %v, want lone surrogate error", in, err)
		}
	}
}

func TestFormPlus(t *testing.T) {
	form := Encoder{Set: Form, SpaceAsPlus: true}
	if got := form.Encode("a b+c&d=é~"); got != "a+b%2Bc%26d%3D%C3%A9%7E" {
		t.Errorf("form Encode = %q", got)
	}
	// Space as plus with any set still keeps "+" distinct from space.
	if got := (Encoder{Set: Query, SpaceAsPlus: true}).Encode("a+b c"); got != "a%2Bb+c" {
		t.Errorf("query with SpaceAsPlus = %q", got)
	}
	if got, err := (Decoder{PlusAsSpace: true}).Decode("a+b%2Bc"); err != nil || got != "a b+c" {
		t.Errorf("PlusAsSpace Decode = %q, %v", got, err)
	}
	if got, _ := Decode("a+b"); got != "a+b" {
		t.Errorf("Decode without PlusAsSpace changed +: %q", got)
	}
}

func TestNoAllocationWhenUnchanged(t *testing.T) {
	s := "plain-ascii_text.~"
	if n := testing.AllocsPerRun(100, func() { _ = Encode(s, Unreserved) }); n != 0 {
		t.Errorf("Encode of unchanged input allocates %v", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = Decode(s) }); n != 0 {
		t.Errorf("Decode of unchanged input allocates %v", n)
	}
	if n := testing.AllocsPerRun(100, func() { _ = Normalize(s) }); n != 0 {
		t.Errorf("Normalize of unchanged input allocates %v", n)
	}
	buf := make([]byte, 0, 256)
	in := "a b/你?&=%zz"
	if n := testing.AllocsPerRun(100, func() { buf = AppendEncode(buf[:0], in, Unreserved) }); n != 0 {
		t.Errorf("AppendEncode allocates %v", n)
	}
	enc := Encode(in, Unreserved)
	if n := testing.AllocsPerRun(100, func() { buf, _ = AppendDecode(buf[:0], enc) }); n != 0 {
		t.Errorf("AppendDecode allocates %v", n)
	}
}

func TestEncodedLen(t *testing.T) {
	for _, e := range []Encoder{{Set: Unreserved}, {Set: Form, SpaceAsPlus: true}, {Set: Path, KeepEscapes: true}} {
		for _, s := range []string{"", "abc", "a b/你?&=%zz%41", "100%"} {
			if got, want := e.EncodedLen(s), len(e.Encode(s)); got != want {
				t.Errorf("%+v.EncodedLen(%q) = %d, want %d", e, s, got, want)
			}
		}
	}
}
