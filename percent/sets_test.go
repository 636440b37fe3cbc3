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
		{"Reserved", Reserved, unreserved.Remove(subDelims + ":/?#[]@")},
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

// TestSetBuilt checks that a set built member by member from the zero Set
// equals the predefined set and encodes as it does, with every option.
func TestSetBuilt(t *testing.T) {
	var built Set
	for c := 0; c < 256; c++ {
		if PathSegment.Contains(byte(c)) {
			built = built.AddRange(byte(c), byte(c))
		}
	}
	if built != PathSegment {
		t.Fatalf("built = %v, want %v", built, PathSegment)
	}
	inputs := []string{"", "a b/c?d#e", "/usr/local/lib/caf\u00e9 cr\u00e8me %41%zz", strings.Repeat("x/y+z ", 20)}
	for _, e := range []Encoder{{}, {SpaceAsPlus: true}, {KeepEscapes: true}} {
		want := e
		want.Set = PathSegment
		e.Set = built
		for _, s := range inputs {
			got, exp := e.Encode(s), want.Encode(s)
			if got != exp || string(e.AppendEncode([]byte("x"), s)) != "x"+exp || e.EncodedLen(s) != len(exp) {
				t.Errorf("%+v.Encode(%q) = %q, want %q", e, s, got, exp)
			}
		}
	}
}

// TestSetIndex checks Set.Index against a byte loop, for every predefined
// set and the empty one, and lengths across the vector loops' windows.
func TestSetIndex(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, st := range append(allSets, struct {
		name string
		set  Set
	}{"empty", Set{}}) {
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
		}
	}
}
