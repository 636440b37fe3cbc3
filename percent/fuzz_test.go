package percent

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

var fuzzSeeds = []string{
	"", "a b/你?&=100%", "%", "%4", "%zz", "abc%4", "%C3", "%ED%A0%80", "%uD83D%uDE00",
	"%u00e4", "a+b%2Bc", "/%7Euser", "%2f%2F", "%2541", "\xff\xfe%ff", "%E4%BD%A0", "%C3\xa4",
	// Adversarial repeats: findings collapse.
	strings.Repeat("%", 40), strings.Repeat("%zz", 20), strings.Repeat("%C3", 20), strings.Repeat("%u12", 12),
	strings.Repeat("%uD800", 10), strings.Repeat("%ED%A0%80", 10), strings.Repeat("\xff", 30), strings.Repeat("%zz%C3%", 10),
}

var none Set

var allSets = []struct {
	name string
	set  Set
}{
	{"Unreserved", Unreserved}, {"PathSegment", PathSegment}, {"Path", Path}, {"Query", Query},
	{"QueryValue", QueryValue}, {"Fragment", Fragment}, {"Userinfo", Userinfo}, {"Host", Host},
	{"C0Control", C0Control}, {"WHATWGFragment", WHATWGFragment}, {"WHATWGQuery", WHATWGQuery},
	{"WHATWGSpecialQuery", WHATWGSpecialQuery}, {"WHATWGPath", WHATWGPath},
	{"WHATWGUserinfo", WHATWGUserinfo}, {"WHATWGComponent", WHATWGComponent}, {"Form", Form},
	{"JSURIComponent", JSURIComponent}, {"JSURI", JSURI},
}

// FuzzEncodeDecode: for every predefined set that encodes "%", decoding the
// encoding gives the input back; for the WHATWG sets that leave "%" alone,
// no byte of the set remains in the output, and inputs without "%" still
// round-trip.
func FuzzEncodeDecode(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		for _, s := range allSets {
			plus := s.set == Form
			enc := Encoder{Set: s.set, SpaceAsPlus: plus}.Encode(string(in))
			if err := Validate(enc, s.set.Remove(" +")); err != nil && s.set.Contains('%') {
				t.Fatalf("%s: Validate(Encode(%q)) = %v", s.name, in, err)
			}
			if !s.set.Contains('%') {
				for i := 0; i < len(enc); i++ {
					if s.set.Contains(enc[i]) {
						t.Fatalf("%s: Encode(%q) = %q keeps %q", s.name, in, enc, enc[i])
					}
				}
				if bytes.IndexByte(in, '%') >= 0 {
					continue
				}
			}
			dec, err := Decoder{PlusAsSpace: plus}.DecodeBytes(enc)
			if err != nil || !bytes.Equal(dec, in) {
				t.Fatalf("%s: DecodeBytes(Encode(%q)) = %q, %v", s.name, in, dec, err)
			}
		}
	})
}

// FuzzDecode: strict decoding never panics; an error points at a "%" (or,
// in text mode, at the non-ASCII byte that starts an invalid UTF-8
// sequence); text results are valid UTF-8; the fast path agrees with the
// general decoder; lenient decoding followed by encoding with KeepEscapes
// comes back to the same bytes.
func FuzzDecode(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, false, false)
		f.Add(s, true, true)
	}
	f.Fuzz(func(t *testing.T, s string, plus, legacy bool) {
		d := Decoder{PlusAsSpace: plus, LegacyU: legacy}
		for _, textMode := range []bool{true, false} {
			ld := Decoder{PlusAsSpace: plus, LegacyU: legacy, Lenient: true}
			plain, none, perr := ld.appendDecodeFrom(nil, s, 0, textMode)
			if perr != nil || none != nil {
				t.Fatalf("lenient decode of %q failed: %v, %v", s, perr, none)
			}
			ld.keep = true
			out, fs, perr := ld.appendDecodeFrom(nil, s, 0, textMode)
			if perr != nil || !bytes.Equal(out, plain) {
				t.Fatalf("lenient decode of %q: %q, %q with its findings, %v", s, plain, out, perr)
			}
			checkFindings(t, s, fs)
			if strict, _, err := d.appendDecodeFrom(nil, s, 0, textMode); err == nil && (len(fs) != 0 || !bytes.Equal(out, strict)) {
				t.Fatalf("lenient decode of %q: %q, %v; strict %q", s, out, fs, strict)
			}
		}
		text, err := d.Decode(s)
		var pe *Error
		if err != nil {
			if !errors.As(err, &pe) || pe.Offset < 0 || pe.Offset >= len(s) {
				t.Fatalf("Decode(%q): bad error %v", s, err)
			}
			if c := s[pe.Offset]; c != '%' && !(pe.Code == ErrInvalidUTF8 && c >= 0x80) {
				t.Fatalf("Decode(%q): error offset %d points at %q", s, pe.Offset, c)
			}
		} else if !utf8.ValidString(text) {
			t.Fatalf("Decode(%q) = %q: invalid UTF-8", s, text)
		}
		_, err = d.DecodeBytes(s)
		if err != nil && (!errors.As(err, &pe) || s[pe.Offset] != '%') {
			t.Fatalf("DecodeBytes(%q): bad error %v", s, err)
		}
		for _, textMode := range []bool{true, false} {
			// Long input, with s across the first block boundary of
			// plain, decodes as the general decoder does.
			long := strings.Repeat("a", plainBlock-3) + s + strings.Repeat("é", len(s))
			got, _, err := d.appendDecodeFrom(nil, long, unknown, textMode)
			want, _, wantErr := d.slow(nil, long, textMode)
			if !bytes.Equal(got, want) || (err == nil) != (wantErr == nil) {
				t.Fatalf("long input with %q: got %q, %v; want %q, %v", s, got[plainBlock-3:], err, want[plainBlock-3:], wantErr)
			}
			slow, _, slowErr := d.slow(nil, s, textMode)
			// The fast path may start at the first byte to decode or
			// anywhere before it, and with a buffer of any capacity.
			for _, start := range []int{d.index(s), 0} {
				for _, dst := range [][]byte{nil, make([]byte, 1, 1+len(s))} {
					fast, ok := d.fast(dst, s, start, textMode)
					if ok && (slowErr != nil || !bytes.Equal(fast[len(dst):], slow)) {
						t.Fatalf("fast %q != slow %q (%v) for %q from %d", fast, slow, slowErr, s, start)
					}
					// Only a literal non-ASCII byte (which fast checks
					// before the decoded bytes after it) or a legacy
					// escape may send valid input to slow.
					if !ok && slowErr == nil && !d.LegacyU && (!textMode || isASCII(s)) {
						t.Fatalf("fast failed on %q, which slow decodes to %q", s, slow)
					}
				}
			}
		}
		if legacy || plus {
			return
		}
		lenientBytes, _ := Decoder{}.DecodeBytesLenient(s)
		keep := Encoder{Set: Unreserved, KeepEscapes: true}
		if back, err := DecodeBytes(keep.Encode(s)); err != nil || !bytes.Equal(back, lenientBytes) {
			t.Fatalf("DecodeBytes(keep(%q)) = %q, %v; want %q", s, back, err, lenientBytes)
		}
		if strings.Contains(strings.ToUpper(s), "%25") || Validate(s, none) != nil {
			return // a decoded or stray "%" may form a new escape with decoded text
		}
		lenientText, _ := Decoder{}.DecodeLenient(s)
		if back, err := DecodeBytes(keep.Encode(lenientText)); err != nil || !bytes.Equal(back, lenientBytes) {
			t.Fatalf("lenient text %q re-encoded decodes to %q, %v; want %q", lenientText, back, err, lenientBytes)
		}
	})
}

// checkFindings checks the findings of a lenient decode: at most one
// Finding per code, in the order of their first offsets, each with a
// Count that covers its Offsets, at most 8 of them and the first being
// Offset, in increasing order, pointing at the text.
func checkFindings(t *testing.T, s string, list []Finding) {
	t.Helper()
	seen := map[Code]bool{}
	for i, e := range list {
		if seen[e.Code] {
			t.Fatalf("lenient decode of %q: code %s twice in %v", s, e.Code, list)
		}
		seen[e.Code] = true
		if i > 0 && list[i-1].Offset >= e.Offset {
			t.Fatalf("lenient decode of %q: findings not in order of first offsets: %v", s, list)
		}
		if len(e.Offsets) > 8 || e.Count < len(e.Offsets) || (e.Count > 1) != (len(e.Offsets) > 0) {
			t.Fatalf("lenient decode of %q: count %d with offsets %v", s, e.Count, e.Offsets)
		}
		if len(e.Offsets) > 0 && e.Offsets[0] != e.Offset {
			t.Fatalf("lenient decode of %q: offsets %v do not start at %d", s, e.Offsets, e.Offset)
		}
		for j, off := range e.Offsets {
			if j > 0 && off <= e.Offsets[j-1] || off >= len(s) || s[off] != '%' && !(e.Code == ErrInvalidUTF8 && s[off] >= 0x80) {
				t.Fatalf("lenient decode of %q: offsets %v", s, e.Offsets)
			}
		}
		if e.Offset < 0 || e.Offset >= len(s) || !strings.HasPrefix(s[e.Offset:], e.Text) || len(e.Text) > 6 {
			t.Fatalf("lenient decode of %q: finding %v at %d, text %q", s, e, e.Offset, e.Text)
		}
	}
}

// FuzzNormalize: normalization is idempotent, keeps the decoded meaning and
// leaves valid encodings valid.
func FuzzNormalize(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := Normalize(s)
		if nn := Normalize(n); nn != n {
			t.Fatalf("Normalize not idempotent: %q -> %q -> %q", s, n, nn)
		}
		if got := string(AppendNormalize([]byte("x"), s)); got != "x"+n {
			t.Fatalf("AppendNormalize(%q) = %q, want x%q", s, got, n)
		}
		a, _ := Decoder{}.DecodeBytesLenient(s)
		b, _ := Decoder{}.DecodeBytesLenient(n)
		if !bytes.Equal(a, b) {
			t.Fatalf("Normalize(%q) = %q changes the decoded bytes %q -> %q", s, n, a, b)
		}
		if Validate(s, Path) == nil && Validate(n, Path) != nil {
			t.Fatalf("Normalize(%q) = %q is no longer valid", s, n)
		}
	})
}

// FuzzValidate: a string valid for a set decodes strictly, and encoding it
// with KeepEscapes changes nothing.
func FuzzValidate(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, uint8(0))
	}
	f.Fuzz(func(t *testing.T, s string, which uint8) {
		set := allSets[int(which)%len(allSets)].set
		err := Validate(s, set)
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) || pe.Offset < 0 || pe.Offset >= len(s) {
				t.Fatalf("Validate(%q): bad error %v", s, err)
			}
			return
		}
		if _, err := DecodeBytes(s); err != nil {
			t.Fatalf("Validate(%q) = nil but DecodeBytes fails: %v", s, err)
		}
		if got := (Encoder{Set: set, KeepEscapes: true}).Encode(s); got != s {
			t.Fatalf("valid %q re-encoded to %q", s, got)
		}
	})
}
