package percent

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestPredefinedSets rebuilds every predefined set from its definition in
// the RFC 3986, WHATWG and ECMAScript texts with the Set methods, and checks
// the generated constants against it (run "go generate" when this fails).
func TestPredefinedSets(t *testing.T) {
	const (
		alpha     = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
		digit     = "0123456789"
		subDelims = "!$&'()*+,;="
	)
	unreserved := All.Remove(alpha + digit + "-._~")
	c0 := none.AddRange(0, 0x1f).AddRange(0x7f, 0xff)
	query := unreserved.Remove(subDelims + ":@/?")
	wQuery := c0.Add(" \"#<>")
	wPath := wQuery.Add("?^`{}")
	wUserinfo := wPath.Add("/:;=@").AddRange('[', '^').Add("|")
	wComponent := wUserinfo.AddRange('$', '&').Add("+,")
	jsComponent := All.Remove(alpha + digit + "-_.!~*'()")
	for _, tc := range []struct {
		name      string
		got, want Set
	}{
		{"Unreserved", Unreserved, unreserved},
		{"PathSegment", PathSegment, unreserved.Remove(subDelims + ":@")},
		{"Path", Path, unreserved.Remove(subDelims + ":@/")},
		{"Query", Query, query},
		{"QueryValue", QueryValue, query.Add("&=+;#")},
		{"Fragment", Fragment, query},
		{"Userinfo", Userinfo, unreserved.Remove(subDelims + ":")},
		{"Host", Host, unreserved.Remove(subDelims)},
		{"C0Control", C0Control, c0},
		{"WHATWGFragment", WHATWGFragment, c0.Add(" \"<>`")},
		{"WHATWGQuery", WHATWGQuery, wQuery},
		{"WHATWGSpecialQuery", WHATWGSpecialQuery, wQuery.Add("'")},
		{"WHATWGPath", WHATWGPath, wPath},
		{"WHATWGUserinfo", WHATWGUserinfo, wUserinfo},
		{"WHATWGComponent", WHATWGComponent, wComponent},
		{"Form", Form, wComponent.Add("!'()~")},
		{"JSURIComponent", JSURIComponent, jsComponent},
		{"JSURI", JSURI, jsComponent.Remove(";,/?:@&=+$#")},
	} {
		if tc.got != tc.want {
			t.Errorf("%s = %v, want %v (run go generate)", tc.name, tc.got, tc.want)
		}
	}
}

func TestSetMethods(t *testing.T) {
	if none.Contains('a') || none.Contains(0xff) {
		t.Error("zero Set contains bytes")
	}
	s := none.Add("ab").AddRange(0xf0, 0xff)
	for c := 0; c < 256; c++ {
		want := c == 'a' || c == 'b' || c >= 0xf0
		if s.Contains(byte(c)) != want {
			t.Errorf("Contains(%#x) = %v, want %v", c, !want, want)
		}
	}
	if u := s.Remove("a").Union(none.Add("a")); u != s {
		t.Errorf("Remove/Union = %v, want %v", u, s)
	}
	if got, want := none.Add(" \"<>").AddRange(0x7f, 0xff).String(), `{0x20 " < > 0x7F-0xFF}`; got != want {
		t.Errorf("String() = %s, want %s", got, want)
	}
}

// TestSetForms checks that a Set in the older 32-byte bit form, and a
// 256-byte table whose bytes have more bits than the lowest, encode and
// count exactly as the canonical table does.
func TestSetForms(t *testing.T) {
	var bitForm, noisy [256]byte
	for c := 0; c < 256; c++ {
		noisy[c] = 0xfe
		if PathSegment.Contains(byte(c)) {
			bitForm[c>>3] |= 1 << (c & 7)
			noisy[c] = 0xff
		}
	}
	inputs := []string{"", "a b/c?d#e", "/usr/local/lib/caf\u00e9 cr\u00e8me %41%zz", strings.Repeat("x/y+z ", 20)}
	for _, set := range []Set{Set(bitForm[:32]), Set(noisy[:])} {
		if set.Add("") != PathSegment {
			t.Errorf("%q.Add(\"\") = %v, want %v", set, set.Add(""), PathSegment)
		}
		for _, e := range []Encoder{{}, {SpaceAsPlus: true}, {KeepEscapes: true}} {
			want := e
			want.Set = PathSegment
			e.Set = set
			for _, s := range inputs {
				got, exp := e.Encode(s), want.Encode(s)
				if got != exp || string(e.AppendEncode([]byte("x"), s)) != "x"+exp || e.EncodedLen(s) != len(exp) {
					t.Errorf("%+v.Encode(%q) = %q, want %q", e, s, got, exp)
				}
			}
		}
	}
}

// TestSetIndex checks Set.Index against a byte loop, for every predefined
// set in both of its forms (the bit form takes the portable path) and
// lengths across the vector loops' windows.
func TestSetIndex(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, st := range allSets {
		var bits [setSize / 8]byte
		for c := 0; c < setSize; c++ {
			if st.set.Contains(byte(c)) {
				bits[c>>3] |= 1 << (c & 7)
			}
		}
		bitForm := Set(bits[:])
		for n := 0; n <= 150; n++ {
			s := randomInput(r, n)
			want := -1
			for i := 0; i < len(s); i++ {
				if st.set.Contains(s[i]) {
					want = i
					break
				}
			}
			if got := st.set.Index(s); got != want {
				t.Fatalf("%s.Index(%q) = %d, want %d", st.name, s, got, want)
			}
			if got := bitForm.Index(s); got != want {
				t.Fatalf("%s (bit form).Index(%q) = %d, want %d", st.name, s, got, want)
			}
		}
	}
}
