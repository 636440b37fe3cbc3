package domain

import (
	"errors"
	"strings"
	"testing"

	"github.com/urikit/urikit/idna"
	"github.com/urikit/urikit/internal/ascii"
)

func TestPublicSuffix(t *testing.T) {
	tests := []struct {
		in            string
		name          string
		icann, listed bool
	}{
		{"www.Example.CO.UK", "co.uk", true, true},
		{"example.com", "com", true, true},
		{"EXAMPLE.COM", "com", true, true},
		{"example.com.", "com.", true, true},        // one final dot is kept
		{"foo.github.io", "github.io", false, true}, // private section
		{"github.io", "github.io", false, true},     // the name is the suffix
		{"example", "example", false, false},        // default rule
		{"a.b.example", "example", false, false},    // default rule
		{"a.b.kobe.jp", "b.kobe.jp", true, true},    // wildcard
		{"city.kobe.jp", "kobe.jp", true, true},     // exception
		{"x.city.kobe.jp", "kobe.jp", true, true},   // exception
		{"a.ck", "a.ck", true, true},                // wildcard of a TLD
		{"www.ck", "ck", true, true},                // its exception
		{"a.b.compute.amazonaws.com", "b.compute.amazonaws.com", false, true},
		{"test.kh", "kh", true, true},       // newer than Feb. 2026
		{"x.ms.fun", "ms.fun", false, true}, // a private rule under an ICANN TLD
		{"食狮.COM.cn", "com.cn", true, true},
		{"www.食狮.公司.cn", "公司.cn", true, true},
		{"www.xn--85x722f.xn--55qx5d.cn", "xn--55qx5d.cn", true, true},
		{"xn--85x722f.公司.cn", "公司.cn", true, true}, // each label in its own form
		{"食狮.xn--55qx5d.cn", "xn--55qx5d.cn", true, true},
		{"www.食狮。公司．cn｡", "公司.cn.", true, true}, // ideographic dots: "." out
		{"食狮.中国", "中国", true, true},
		{"ÉXAMPLE.FR", "fr", true, true},
	}
	for _, tt := range tests {
		got, err := PublicSuffix(tt.in)
		if err != nil || got != (Suffix{Name: tt.name, ICANN: tt.icann, Listed: tt.listed}) {
			t.Errorf("PublicSuffix(%q) = %+v, %v; want {%s %v %v}", tt.in, got, err, tt.name, tt.icann, tt.listed)
		}
	}
}

func TestRegistrableDomain(t *testing.T) {
	tests := []struct{ in, want string }{
		{"www.Example.CO.UK", "example.co.uk"},
		{"example.com.", "example.com."},
		{"a.b.c.d.example.com", "example.com"},
		{"foo.github.io", "foo.github.io"},
		{"x.city.kobe.jp", "city.kobe.jp"},
		{"a.b.c.kobe.jp", "b.c.kobe.jp"},
		{"www.食狮.公司.cn", "食狮.公司.cn"},
		{"WWW.ÉXAMPLE.fr", "éxample.fr"},
		{"xn--85x722f.公司.cn", "xn--85x722f.公司.cn"},
		{"b.example", "b.example"},
		{"xn--a.com", "xn--a.com"}, // ASCII is matched as text, not validated
		{"under_score.example.org", "example.org"},
	}
	for _, tt := range tests {
		got, err := RegistrableDomain(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("RegistrableDomain(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		in     string
		code   Code
		offset int
		msg    string
	}{
		{"", ErrEmpty, -1, "domain: empty name"},
		{".", ErrEmptyLabel, 0, `domain: offset 0: ".": empty label`},
		{".com", ErrEmptyLabel, 0, ""},
		{"a..b.com", ErrEmptyLabel, 2, `domain: offset 2: "a..b.com": empty label`},
		{"example.com..", ErrEmptyLabel, 12, ""},
		{"食狮..cn", ErrEmptyLabel, 7, ""},
		{"。cn", ErrEmptyLabel, 0, ""},
		{"\u00ad.com", ErrEmptyLabel, 0, ""}, // a label of ignored code points
		{"127.0.0.1", ErrIPAddress, -1, `domain: "127.0.0.1": an IP address, not a domain name`},
		{"1.2.3.0x1F", ErrIPAddress, -1, ""},
		{"[::1]", ErrIPAddress, -1, ""},
		{"::1", ErrIPAddress, -1, ""},
		{"[fe80::1]", ErrIPAddress, -1, ""},
		{"１２７.０.０.１", ErrIPAddress, -1, ""}, // full-width digits map to an address
		{"a.\u0080b.com", ErrIDNA, 2, ""},
		{"com", ErrIsSuffix, -1, `domain: "com": the name is itself a public suffix: no registrable domain`},
		{"co.uk", ErrIsSuffix, -1, ""},
		{"c.kobe.jp", ErrIsSuffix, -1, ""},
		{"localhost", ErrIsSuffix, -1, ""},
		{"公司.cn", ErrIsSuffix, -1, ""},
		// Not a host name (issue 25): what a URL, an address or a
		// host:port holds around a host is refused where it is.
		{"www.exa mple.com", ErrInvalidChar, 7, `domain: offset 7: "www.exa mple.com": character not allowed in a host name`},
		{"user@www.example.com", ErrInvalidChar, 4, ""},
		{"www.example.com?x", ErrInvalidChar, 15, ""},
		{"www.example.com:8080", ErrInvalidChar, 15, ""},
		{"https://www.example.com/", ErrInvalidChar, 5, ""},
		{"www.example.com#x", ErrInvalidChar, 15, ""},
		{"www.exa%6Dple.com", ErrInvalidChar, 7, ""},
		{"a\\b.com", ErrInvalidChar, 1, ""},
		{"a\tb.com", ErrInvalidChar, 1, ""},
		{"bücher.de/x", ErrInvalidChar, 10, ""},
		{"ü.example？x.com", ErrInvalidChar, 3, ""}, // U+FF1F maps to "?": its label
		// Issue 28 item 5: "[" is not a host character.
		{"www.[evil.com", ErrInvalidChar, 4, ""},
		{"[evil.com", ErrInvalidChar, 0, ""},
	}
	for _, tt := range tests {
		_, err := RegistrableDomain(tt.in)
		var e *Error
		if !errors.As(err, &e) || e.Code != tt.code || e.Offset != tt.offset || !errors.Is(err, tt.code) {
			t.Errorf("RegistrableDomain(%q): error %#v; want code %v at %d", tt.in, err, tt.code, tt.offset)
			continue
		}
		if tt.msg != "" && err.Error() != tt.msg {
			t.Errorf("RegistrableDomain(%q): message %q; want %q", tt.in, err.Error(), tt.msg)
		}
		if tt.code != ErrIsSuffix {
			if _, perr := PublicSuffix(tt.in); !errors.Is(perr, tt.code) {
				t.Errorf("PublicSuffix(%q): error %v; want %v", tt.in, perr, tt.code)
			}
		}
	}
	// The IDNA cause is kept.
	_, err := RegistrableDomain("a.\u0080b.com")
	var ue *idna.Error
	if !errors.As(err, &ue) {
		t.Errorf("the IDNA error of %q is not an *idna.Error: %v", "a.\u0080b.com", err)
	}
}

// TestErrorWindow: a message quotes a window of the name, not all of it.
func TestErrorWindow(t *testing.T) {
	long := strings.Repeat("a.", 5000) + ".b" + strings.Repeat(".c", 5000)
	_, err := RegistrableDomain(long)
	if err == nil {
		t.Fatal("no error")
	}
	msg := err.Error()
	if len(msg) > 200 || !strings.Contains(msg, "…") || !strings.Contains(msg, "offset 10000:") {
		t.Errorf("message of %d bytes: %q", len(msg), msg)
	}
	long = strings.Repeat("é", 10000)
	_, err = RegistrableDomain(long) // one label, an unlisted TLD
	if err == nil || len(err.Error()) > 200 {
		t.Errorf("error %v", err)
	}
	// Runs of UTF-8 continuation bytes have no boundary to cut the window
	// on (the window used to run off the start of the name and panic).
	for _, name := range []string{
		strings.Repeat("\x80", 100),
		strings.Repeat("\x80", 60) + ".." + strings.Repeat("\x80", 60),
	} {
		_, err := PublicSuffix(name)
		if err == nil || len(err.Error()) > 400 || !strings.Contains(err.Error(), `\x80\x80`) {
			t.Errorf("PublicSuffix of %d continuation bytes: %v", len(name), err)
		}
	}
}

// TestLongNames: many labels cost no more lookups than the rules are
// deep, and give the right answer.
func TestLongNames(t *testing.T) {
	name := strings.Repeat("x.", 100000) + "example.co.uk"
	got, err := RegistrableDomain(name)
	if err != nil || got != "example.co.uk" {
		t.Errorf("got %q, %v", got, err)
	}
	allocs := testing.AllocsPerRun(10, func() { _, _ = RegistrableDomain(name) })
	if allocs != 0 {
		t.Errorf("%v allocations for a lowercase ASCII name; want 0", allocs)
	}
}

// TestTable checks the compiled table against a few rules of each kind.
func TestTable(t *testing.T) {
	for _, tt := range []struct {
		key  string
		want byte
	}{
		{"com", flagExact | flagExactICANN},
		{"uk", flagExact | flagExactICANN},
		{"kobe.jp", flagWildcard | flagWildcardICANN},
		{"city.kobe.jp", flagException | flagExceptionICANN},
		{"github.io", flagExact},
		{"amazonaws.com", 0}, // only a step to longer rules
		{"xn--55qx5d.cn", flagExact | flagExactICANN},
	} {
		if f, ok := lookup(tt.key, hashKey(tt.key)); !ok || f != tt.want {
			t.Errorf("lookup(%q) = %06b, %v; want %06b", tt.key, f, ok, tt.want)
		}
	}
	for _, key := range []string{"", "example", "zzzzzz", "co.uk.", "0"} {
		if _, ok := lookup(key, hashKey(key)); ok {
			t.Errorf("lookup(%q) found a key", key)
		}
	}
	for i := 1; i < tableLen; i++ {
		if tableKey(i-1) >= tableKey(i) {
			t.Fatalf("keys %d and %d out of order: %q, %q", i-1, i, tableKey(i-1), tableKey(i))
		}
	}
	if !strings.Contains(ListVersion, "SHA-256") {
		t.Errorf("ListVersion %q", ListVersion)
	}
}

// TestByteClass: parse's first pass skips the IPv6 and forbidden-byte
// checks and the non-ASCII path only when they would find nothing.
func TestByteClass(t *testing.T) {
	for c := range 256 {
		s := string([]byte{byte(c)})
		if got, want := byteClass[c]&classForbidden != 0, forbidden(s) == 0; got != want {
			t.Errorf("byte %#x: classForbidden %v, forbidden %v", c, got, want)
		}
		if got, want := byteClass[c]&classNonASCII != 0, c >= 0x80; got != want {
			t.Errorf("byte %#x: classNonASCII %v", c, got)
		}
	}
	for _, name := range append(fuzzSeeds, "[::1]", "::1", "fe80::1%eth0", "a:b", "[a.com]") {
		var class uint8
		for i := 0; i < len(name); i++ {
			class |= byteClass[name[i]]
		}
		if class&classForbidden == 0 && (isIPv6(name) || forbidden(name) >= 0) {
			t.Errorf("%q: no forbidden byte seen, but the checks find one", name)
		}
		if class&classNonASCII == 0 && !ascii.Is(name) {
			t.Errorf("%q: seen as ASCII", name)
		}
	}
}

// TestIsPublicSuffix: the yes-or-no question agrees with
// RegistrableDomain's ErrIsSuffix, and costs no allocation on ASCII.
func TestIsPublicSuffix(t *testing.T) {
	for _, name := range append(fuzzSeeds, "CO.UK", "WWW.CO.UK", "A.KOBE.JP", "Github.IO", "com.", "公司.cn", "xn--55qx5d.cn") {
		_, err := RegistrableDomain(name)
		if got, want := IsPublicSuffix(name), errors.Is(err, ErrIsSuffix); got != want {
			t.Errorf("IsPublicSuffix(%q) = %v; RegistrableDomain error %v", name, got, err)
		}
	}
	for _, name := range []string{"Example.COM", "CO.UK", "www.github.io"} {
		if n := testing.AllocsPerRun(10, func() { _ = IsPublicSuffix(name) }); n != 0 {
			t.Errorf("IsPublicSuffix(%q): %v allocations", name, n)
		}
	}
}

// TestNotSuffix: IsPublicSuffix, with its shortcut, agrees with
// RegistrableDomain's ErrIsSuffix on every key of the table, alone and
// under one or two more labels, in both cases, and with a final dot.
func TestNotSuffix(t *testing.T) {
	n := 0
	for i := range tableLen {
		k := tableKey(i)
		for _, name := range []string{k, "a." + k, "www.b." + k, strings.ToUpper(k), "X." + strings.ToUpper(k), k + ".", "a." + k + ".", "é." + k, "..." + k} {
			_, err := RegistrableDomain(name)
			if got, want := IsPublicSuffix(name), errors.Is(err, ErrIsSuffix); got != want {
				t.Errorf("IsPublicSuffix(%q) = %v; RegistrableDomain error %v", name, got, err)
				if n++; n > 20 {
					t.FailNow()
				}
			}
		}
	}
}
