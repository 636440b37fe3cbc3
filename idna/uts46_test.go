package idna

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

func TestPunycodeRoundTrip(t *testing.T) {
	for _, tc := range []struct{ dec, enc string }{
		{"", ""},
		{"abc", "abc-"},
		{"ü", "tda"},
		{"bücher", "bcher-kva"},
		{"ß", "zca"},
		{"ABC-ü", "ABC--3ra"},
		{"\U0010FFFF", "dn32g"},
		{"\u00ff\u00fe", "vdab"},
	} {
		enc, err := PunycodeEncode(tc.dec)
		if err != nil || enc != tc.enc {
			t.Errorf("Encode(%+q) = %q, %v; want %q", tc.dec, enc, err, tc.enc)
		}
		dec, err := PunycodeDecode(tc.enc)
		if err != nil || dec != tc.dec {
			t.Errorf("Decode(%q) = %+q, %v; want %+q", tc.enc, dec, err, tc.dec)
		}
	}
}

func TestPunycodeErrors(t *testing.T) {
	for _, tc := range []struct {
		in     string
		code   Code
		offset int
	}{
		{"a\u00e9-b", ErrPunycode, 1},     // non-basic before the delimiter
		{"abc-!", ErrPunycode, 4},         // not a digit
		{"-abc", ErrPunycode, 0},          // delimiter at 0 is not consumed
		{"b", ErrPunycode, 1},             // truncated variable-length integer
		{"zzzzzzzzzzzz", ErrPunycode, 12}, // every digit >= t: never terminates
		{"99999999", ErrOverflow, 7},      // i overflows
	} {
		_, err := PunycodeDecode(tc.in)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Decode(%q) error = %v, want *Error", tc.in, err)
			continue
		}
		if e.Code != tc.code || e.Offset != tc.offset || e.Index != -1 {
			t.Errorf("Decode(%q) = %#v, want code %v offset %d", tc.in, e, tc.code, tc.offset)
		}
	}
	// A decoded surrogate or a value past U+10FFFF is invalid.
	for _, s := range []string{"a", "99999a"} {
		if r, err := PunycodeDecode(s); err == nil && strings.ContainsFunc(r, func(c rune) bool { return c > unicode.MaxRune || c < 0x80 }) {
			t.Errorf("Decode(%q) = %+q", s, r)
		}
	}
	if r, err := PunycodeDecode("a"); err != nil || r != "\u0080" {
		t.Errorf("Decode(a) = %+q, %v", r, err)
	}
	if _, err := PunycodeEncode("a\xffb"); !errors.Is(err, ErrInvalidUTF8) {
		t.Errorf("Encode(invalid UTF-8) error = %v", err)
	}
	b, err := AppendPunycodeEncode([]byte("xn--"), "bücher")
	if err != nil || string(b) != "xn--bcher-kva" {
		t.Errorf("AppendPunycodeEncode = %q, %v", b, err)
	}
}

func TestToASCIIOptions(t *testing.T) {
	std3 := Profile{UseSTD3ASCIIRules: true}
	hyph := Profile{CheckHyphens: true}
	dns := Profile{VerifyDNSLength: true}
	trans := Profile{Transitional: true}
	none := Profile{}
	bidi := Profile{CheckBidi: true}
	join := Profile{CheckJoiners: true}
	long63 := strings.Repeat("a", 63)
	for _, tc := range []struct {
		name string
		o    Profile
		in   string
		want string
		code Code
	}{
		{"lower", none, "ExAmPle.COM", "example.com", ""},
		{"mapped", none, "Bücher.de", "xn--bcher-kva.de", ""},
		{"fullwidth dots", none, "a\uFF0Eb\u3002c", "a.b.c", ""},
		{"ignored", none, "a\u00ADb", "ab", ""},
		{"nontransitional sharp s", none, "faß.de", "xn--fa-hia.de", ""},
		{"transitional sharp s", trans, "faß.de", "fass.de", ""},
		{"transitional zwj removed", trans, "a\u200Db", "ab", ""},
		{"transitional capital sharp s", trans, "\u1E9E.de", "ss.de", ""},
		{"nontransitional capital sharp s", none, "\u1E9E.de", "xn--zca.de", ""},
		{"std3 underscore", std3, "a_b.com", "", ErrSTD3},
		{"std3 ok", std3, "a-b.com", "a-b.com", ""},
		{"no std3 underscore", none, "a_b.com", "a_b.com", ""},
		{"std3 mapped to <", std3, "a\uFF1Cb", "", ErrSTD3},
		{"hyphen34", hyph, "ab--c", "", ErrHyphen34},
		{"hyphen start", hyph, "-ab", "", ErrHyphenEdge},
		{"hyphen end", hyph, "ab-", "", ErrHyphenEdge},
		{"hyphen unicode", hyph, "ü-", "", ErrHyphenEdge},
		{"no hyphen check", none, "-ab--", "-ab--", ""},
		{"xn prefix decoded", none, "xn--xn---3na", "", ErrXNPrefix},
		{"disallowed", none, "a\u0378", "", ErrDisallowed},
		{"leading mark", none, "\u0301a", "", ErrLeadingMark},
		{"invalid punycode", none, "xn--a!.b", "", ErrPunycode},
		{"punycode to disallowed", none, "xn--a.b", "", ErrDisallowed},
		{"punycode ascii", none, "xn--abc-", "", ErrPunycodeASCII},
		{"punycode empty", none, "xn--", "", ErrPunycodeASCII},
		{"punycode uppercase", none, "XN--A-EHA", "xn--a-eha", ""},
		{"punycode lowercased", none, "XN--TDA", "xn--tda", ""},
		{"punycode not nfc", none, "xn--a-xbb", "", ErrNotNFC},
		{"punycode leading mark", none, "xn--a-sfb", "", ErrLeadingMark},
		{"ignore invalid punycode", Profile{IgnoreInvalidPunycode: true}, "xn--a!.b", "xn--a!.b", ""},
		{"dns ok", dns, long63 + ".com", long63 + ".com", ""},
		{"dns root label", dns, "example.com.", "", ErrLabelLength},
		{"dns root label unicode", dns, "bücher.com.", "", ErrLabelLength},
		{"dns 253", dns, strings.Repeat(long63+".", 3) + strings.Repeat("a", 61), strings.Repeat(long63+".", 3) + strings.Repeat("a", 61), ""},
		{"dns 254", dns, strings.Repeat(long63+".", 3) + strings.Repeat("a", 62), "", ErrDomainLength},
		{"dns label too long", dns, long63 + "a.com", "", ErrLabelLength},
		{"dns empty label", dns, "a..com", "", ErrLabelLength},
		{"dns empty", dns, "", "", ErrLabelLength},
		{"dns domain too long", dns, strings.Repeat(long63+".", 4) + "a", "", ErrDomainLength},
		{"dns unicode label too long", dns, strings.Repeat("ü", 60), "", ErrLabelLength},
		{"bidi ok", bidi, "\u05D0\u05D1.com", "xn--4dbc.com", ""},
		{"bidi rtl then ltr", bidi, "\u05D0a", "", ErrBidi},
		{"bidi digit start", bidi, "1a.\u05D0", "", ErrBidi},
		{"bidi en and an", bidi, "\u0627\u0661\u0031", "", ErrBidi},
		{"bidi off", none, "\u05D0a", "xn--a-zhc", ""},
		{"zwj after virama", join, "\u0915\u094D\u200D\u0937", "xn--11b2ezcw70k", ""},
		{"zwj alone", join, "a\u200Db", "", ErrContextJ},
		{"zwnj joining", join, "\u0628\u200C\u0628", "xn--ngba799q", ""},
		{"zwnj no joining", join, "a\u200Cb", "", ErrContextJ},
		{"joiners off", none, "a\u200Db", "xn--ab-m1t", ""},
		{"invalid utf8", none, "a\xffb", "", ErrInvalidUTF8},
	} {
		got, err := tc.o.ToASCII(tc.in)
		if tc.code == "" {
			if tc.want == "" {
				// Only check that it succeeds and round-trips.
				if err != nil {
					t.Errorf("%s: ToASCII(%+q) error %v", tc.name, tc.in, err)
				}
				continue
			}
			if err != nil || got != tc.want {
				t.Errorf("%s: ToASCII(%+q) = %q, %v; want %q", tc.name, tc.in, got, err, tc.want)
			}
			b, err := tc.o.AppendASCII([]byte("x:"), tc.in)
			if err != nil || string(b) != "x:"+tc.want {
				t.Errorf("%s: AppendASCII(%+q) = %q, %v", tc.name, tc.in, b, err)
			}
			continue
		}
		if !errors.Is(err, tc.code) || got != "" {
			t.Errorf("%s: ToASCII(%+q) = %q, %v; want error %v", tc.name, tc.in, got, err, tc.code)
		}
		b, err := tc.o.AppendASCII([]byte("x:"), tc.in)
		if !errors.Is(err, tc.code) || string(b) != "x:" {
			t.Errorf("%s: AppendASCII(%+q) = %q, %v; want error %v", tc.name, tc.in, b, err, tc.code)
		}
	}
}

func TestErrorDetails(t *testing.T) {
	_, err := Profile{UseSTD3ASCIIRules: true}.ToASCII("ok.b_d")
	var e *Error
	if !errors.As(err, &e) || e.Code != ErrSTD3 || e.Index != 1 || e.Offset != 4 || e.Rune != '_' {
		t.Fatalf("err = %#v", err)
	}
	if got := e.Error(); got != `idna: offset 4 (label 1): "ok.b_d": code point not allowed by STD3 rules '_' [U1]` {
		t.Errorf("Error() = %q", got)
	}
	_, err = Profile{}.ToASCII("ab.c\u0378d")
	if !errors.As(err, &e) || e.Code != ErrDisallowed || e.Index != 1 || e.Offset != 4 || e.Rune != 0x378 {
		t.Fatalf("err = %#v", err)
	}
	_, err = Profile{}.ToASCII("a.xn--ab!")
	if !errors.As(err, &e) || e.Code != ErrPunycode || e.Index != 1 || e.Offset != 8 {
		t.Fatalf("err = %#v", err)
	}
	for _, tc := range []struct {
		o      Profile
		in     string
		code   Code
		label  int
		offset int
	}{
		{Profile{UseSTD3ASCIIRules: true}, "a.b\uFF3Fc", ErrSTD3, 1, 3},   // mapped from fullwidth
		{Profile{UseSTD3ASCIIRules: true}, "a\u3002b_", ErrSTD3, 1, 5},    // ideographic full stop
		{Profile{}, "e\u0301.x\u0378", ErrDisallowed, 1, 5},               // NFC of another label: exact
		{Profile{}, "a.XN--AB!", ErrPunycode, 1, 8},                       // in the Punycode
		{Profile{}, "a.\uFF58\uFF4E--ab!", ErrPunycode, 1, 12},            // fullwidth xn--
		{Profile{}, "a.xn--ab", ErrDisallowed, 1, 2},                      // decoded label: its start
		{Profile{CheckBidi: true}, "ab.\u05D0a", ErrBidi, 1, 3},           // whole label
		{Profile{VerifyDNSLength: true}, "\u00FC.", ErrLabelLength, 1, 3}, // empty root label
		{Profile{}, "\u00AD\u00ADa\u0378", ErrDisallowed, 0, 5},           // after ignored code points
		{Profile{CheckJoiners: true}, "\u0915a\u200D", ErrContextJ, 0, 4},
	} {
		_, err := tc.o.ToASCII(tc.in)
		if !errors.As(err, &e) || e.Code != tc.code || e.Index != tc.label || e.Offset != tc.offset {
			t.Errorf("ToASCII(%+q) error = %v, want %v in label %d at %d", tc.in, err, tc.code, tc.label, tc.offset)
		}
	}
	for _, c := range allCodes {
		if s := c.Message(); strings.HasPrefix(s, "unknown") || s == "no error" {
			t.Errorf("code %q has no message", c)
		}
		if c != ErrEmpty && c != ErrTooLong && c.Rule() == "" {
			t.Errorf("code %q has no rule", c)
		}
	}
	if s := Code("x").Message(); s != `unknown error "x"` {
		t.Errorf("Code(x).Message() = %q", s)
	}
}

var allCodes = []Code{ErrInvalidUTF8, ErrDisallowed, ErrSTD3, ErrHyphen34, ErrHyphenEdge, ErrXNPrefix,
	ErrFullStop, ErrLeadingMark, ErrNotNFC, ErrContextJ, ErrBidi, ErrPunycode, ErrPunycodeNonASCII,
	ErrPunycodeASCII, ErrOverflow, ErrLabelLength, ErrDomainLength, ErrEmpty, ErrTooLong, ErrMapped}

func TestToUnicode(t *testing.T) {
	o := urlOptions(false)
	for _, tc := range []struct {
		in, want string
		code     Code
	}{
		{"xn--bcher-kva.de", "bücher.de", ""},
		{"XN--BCHER-KVA.DE", "bücher.de", ""},
		{"Bücher.DE", "bücher.de", ""},
		{"xn--fa-hia.de", "faß.de", ""},
		{"a.xn--zz", "a.xn--zz", ErrPunycode},
		{"xn--0ca.\u05D0a", "\u00e0.\u05D0a", ErrBidi},
		{"", "", ""},
	} {
		got, err := o.ToUnicode(tc.in)
		if got != tc.want || (tc.code == "") != (err == nil) || (tc.code != "" && !errors.Is(err, tc.code)) {
			t.Errorf("ToUnicode(%q) = %+q, %v; want %+q, %v", tc.in, got, err, tc.want, tc.code)
		}
	}
	got, err := DomainToUnicode("xn--mgba3gch31f060k.com")
	if err != nil || got != "نامه\u200cای.com" {
		t.Errorf("DomainToUnicode = %+q, %v", got, err)
	}
}

func TestDomainToASCII(t *testing.T) {
	for _, tc := range []struct {
		in       string
		beStrict bool
		want     string
		code     Code
	}{
		{"example.com", false, "example.com", ""},
		{"EXAMPLE.com", false, "example.com", ""},
		{"xn--a", false, "xn--a", ""}, // ASCII carve-out: only lowercased
		{"xn--a!", true, "", ErrPunycode},
		{"a_b", false, "a_b", ""},
		{"a_b", true, "", ErrSTD3},
		{"", false, "", ErrEmpty},
		{"", true, "", ErrLabelLength},
		{"\u00AD", false, "", ErrEmpty},
		{"Ü.com", true, "xn--tda.com", ""},
		{"-x.com", false, "-x.com", ""},
		{"-x.com", true, "", ErrHyphenEdge},
		{"ab--c.com", true, "", ErrHyphen34},
		{"-ü.com", false, "xn----eha.com", ""},
		{"xn--tešla", false, "", ErrPunycodeNonASCII},
	} {
		got, err := domainToASCII(tc.in, tc.beStrict)
		if got != tc.want || (tc.code == "") != (err == nil) || (tc.code != "" && !errors.Is(err, tc.code)) {
			t.Errorf("DomainToASCII(%+q, %v) = %q, %v; want %q, %v", tc.in, tc.beStrict, got, err, tc.want, tc.code)
		}
		b, err := appendDomainToASCII([]byte("h:"), tc.in, tc.beStrict)
		if string(b) != "h:"+tc.want || (tc.code == "") != (err == nil) || (tc.code != "" && !errors.Is(err, tc.code)) {
			t.Errorf("AppendDomainToASCII(%+q, %v) = %q, %v; want %q, %v", tc.in, tc.beStrict, b, err, tc.want, tc.code)
		}
	}
}

func TestDomainToASCIINoAlloc(t *testing.T) {
	var sink string
	n := testing.AllocsPerRun(100, func() {
		sink, _ = DomainToASCII("www.example.com")
	})
	if n != 0 || sink != "www.example.com" {
		t.Errorf("DomainToASCII on lowercase ASCII: %v allocs, result %q", n, sink)
	}
	buf := make([]byte, 0, 64)
	n = testing.AllocsPerRun(100, func() {
		buf, _ = AppendDomainToASCII(buf[:0], "WWW.Example.COM")
	})
	if n != 0 || string(buf) != "www.example.com" {
		t.Errorf("AppendDomainToASCII: %v allocs, result %q", n, buf)
	}
}

// TestTables checks invariants of the generated tables and a few known
// property values.
func TestTables(t *testing.T) {
	if idnaTable[0]>>35&0x1FFFFF != 0 || propTable[0]>>11 != 0 || cccTable[0]>>8 != 0 {
		t.Fatal("tables do not start at U+0000")
	}
	for i := 1; i < len(idnaTable); i++ {
		if idnaTable[i]>>35&0x1FFFFF <= idnaTable[i-1]>>35&0x1FFFFF {
			t.Fatalf("idnaTable not sorted at %d", i)
		}
	}
	// The NFC flag must cover every code point with a non-zero combining
	// class, every code point that is the second of a primary composite, and
	// every mapping that contains one.
	seconds := map[rune]bool{}
	for _, e := range compTable {
		seconds[rune(e>>21&0x1FFFFF)] = true
	}
	for r := rune(0x80); r <= unicode.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		e := idnaEntry(r)
		need := combiningClass(r) != 0 || seconds[r]
		if _, m := lookupIDNA(r); m != "" {
			for _, x := range m {
				need = need || combiningClass(x) != 0 || seconds[x]
			}
		}
		if need && !nfcSensitive(e) {
			t.Fatalf("%U lacks the NFC flag", r)
		}
	}
	for i := 1; i < len(propTable); i++ {
		if propTable[i]>>11 <= propTable[i-1]>>11 {
			t.Fatalf("propTable not sorted at %d", i)
		}
	}
	for i := 1; i < len(decompTable); i++ {
		if decompTable[i]>>32 <= decompTable[i-1]>>32 {
			t.Fatalf("decompTable not sorted at %d", i)
		}
	}
	for i := 1; i < len(compTable); i++ {
		if compTable[i]&^0x1FFFFF <= compTable[i-1]&^0x1FFFFF {
			t.Fatalf("compTable not sorted at %d", i)
		}
	}
	for _, tc := range []struct {
		r       rune
		status  int
		mapping string
	}{
		{'a', statusValid, ""},
		{0xDF, statusDeviation, "ss"},
		{0xAD, statusIgnored, ""},
		{0x2167, statusMapped, "viii"},
		{0x378, statusDisallowed, ""},
		{0xD800, statusDisallowed, ""},
		{0x10FFFF, statusDisallowed, ""},
		{0x1E9E, statusMapped, "ß"},
		{0x10940, statusValid, ""},      // Sidetic, new in Unicode 17.0
		{0x3E8AC, statusDisallowed, ""}, // unassigned in 17.0 (IdnaTestV2 expects V7)
	} {
		st, m := lookupIDNA(tc.r)
		if st != tc.status || m != tc.mapping {
			t.Errorf("lookupIDNA(%U) = %d, %q; want %d, %q", tc.r, st, m, tc.status, tc.mapping)
		}
	}
	for _, tc := range []struct {
		r            rune
		bidi, join   int
		mark, virama bool
	}{
		{'a', bidiL, 0, false, false},
		{'1', bidiEN, 0, false, false},
		{0x5D0, bidiR, 0, false, false},
		{0x628, bidiAL, joinD, false, false},
		{0x627, bidiAL, joinR, false, false},
		{0x661, bidiAN, 0, false, false},
		{0x301, bidiNSM, joinT, true, false},
		{0x94D, bidiNSM, joinT, true, true},
		{0x200D, bidiBN, joinC, false, false},
		{0x10940, bidiR, 0, false, false},      // Sidetic, new in Unicode 17.0
		{0x1E6E3, bidiNSM, joinT, true, false}, // Tai Yo mark, new in 17.0
	} {
		p := lookupProps(tc.r)
		if p.bidi() != tc.bidi || p.joining() != tc.join || p.isMark() != tc.mark || p.isVirama() != tc.virama {
			t.Errorf("lookupProps(%U) = bidi %d join %d mark %v virama %v", tc.r, p.bidi(), p.joining(), p.isMark(), p.isVirama())
		}
	}
}

// assigned15 reports whether r is assigned in Unicode 15.0, the version of
// both the standard library's unicode tables and x/text's norm tables here.
func assigned15(r rune) bool {
	return unicode.Version == norm.Version && !unicode.Is(unicode.Cs, r) &&
		unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z, unicode.Cc, unicode.Cf)
}

// TestNFCAgainstXText compares our NFC with golang.org/x/text on every code
// point assigned in Unicode 15.0 and on random sequences of them.
func TestNFCAgainstXText(t *testing.T) {
	if unicode.Version != norm.Version {
		t.Skipf("unicode %s and x/text norm %s differ", unicode.Version, norm.Version)
	}
	var pool []rune
	buf := make([]rune, 0, 64)
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if !assigned15(r) {
			continue
		}
		if r >= 0x300 && (combiningClass(r) != 0 || decomposition(r) != "" || r >= hangulLBase && r < 0x1200 || r >= hangulSBase && r < hangulSBase+hangulSCount && r%97 == 0) {
			pool = append(pool, r)
		}
		got := string(nfc([]rune{r}, buf))
		if want := norm.NFC.String(string(r)); got != want {
			t.Errorf("nfc(%U) = %+q, want %+q", r, got, want)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	pool = append(pool, 'a', 'e', 'o', 'A')
	for i := 0; i < 20000; i++ {
		n := 1 + rng.IntN(6)
		rs := make([]rune, n)
		for j := range rs {
			rs[j] = pool[rng.IntN(len(pool))]
		}
		got := string(nfc(rs, make([]rune, 0, 8)))
		if want := norm.NFC.String(string(rs)); got != want {
			t.Errorf("nfc(%+q) = %+q, want %+q", string(rs), got, want)
		}
		if isNFC([]rune(got)) != true {
			t.Errorf("isNFC(nfc(%+q)) = false", string(rs))
		}
	}
}

// TestNFC17 checks the combining classes added in Unicode 17.0.
func TestNFC17(t *testing.T) {
	for _, tc := range []struct {
		r   rune
		ccc uint8
	}{{0x1ACF, 230}, {0x1ADD, 220}, {0x1AEB, 234}, {0x10EFA, 220}, {0x1E6F5, 230}, {0x1AEC, 0}} {
		if got := combiningClass(tc.r); got != tc.ccc {
			t.Errorf("combiningClass(%U) = %d, want %d", tc.r, got, tc.ccc)
		}
	}
	// U+1ADD (220) sorts before U+1ACF (230).
	if got := string(nfc([]rune("a\u1ACF\u1ADD"), nil)); got != "a\u1ADD\u1ACF" {
		t.Errorf("nfc = %+q", got)
	}
}

func TestIsNFC(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"abc", true},
		{"\u00e0", true},
		{"a\u0300", false},
		{"\u1100\u1161", false},
		{"\uac00", true},
		{"\u1ea1\u0307", true},
		{"a\u0323\u0307", false},
		{"a\u0307\u0323", false},
		{"\u0958", false}, // composition exclusion
	} {
		if got := isNFC([]rune(tc.s)); got != tc.want {
			t.Errorf("isNFC(%+q) = %v", tc.s, got)
		}
	}
	if !utf8.ValidString(string(nfc([]rune("\u1100\u1161\u11a8"), nil))) {
		t.Error("nfc of Hangul jamo")
	}
	if got := string(nfc([]rune("\u1100\u1161\u11a8"), nil)); got != "\uac01" {
		t.Errorf("nfc(LVT) = %+q", got)
	}
}

func TestLimits(t *testing.T) {
	// An encoding decodes back: up to 1000 bytes of it.
	if enc, err := PunycodeEncode(strings.Repeat("a", 999)); err != nil || len(enc) != 1000 {
		t.Errorf("Encode(999 ASCII): %d bytes, %v", len(enc), err)
	} else if dec, err := PunycodeDecode(enc); err != nil || dec != strings.Repeat("a", 999) {
		t.Errorf("Decode(PunycodeEncode(999 ASCII)): %v", err)
	}
	for _, s := range []string{strings.Repeat("a", 1000), strings.Repeat("ü", 1000)} {
		if _, err := PunycodeEncode(s); !errors.Is(err, ErrTooLong) {
			t.Errorf("Encode(1000 runes encoded in more than 1000 bytes) error = %v", err)
		}
	}
	if _, err := PunycodeEncode(strings.Repeat("ü", 1001)); !errors.Is(err, ErrTooLong) {
		t.Errorf("Encode(1001 runes) error = %v", err)
	}
	if _, err := PunycodeDecode(strings.Repeat("a", 1001)); !errors.Is(err, ErrTooLong) {
		t.Errorf("Decode(1001 bytes) error = %v", err)
	}
	// A long valid label fails fast instead of taking quadratic time.
	var b strings.Builder
	for r := rune(0x4E00); r < 0x4E00+20000; r++ {
		b.WriteRune(r)
	}
	_, err := DomainToASCII(b.String() + ".com")
	var e *Error
	if !errors.As(err, &e) || e.Code != ErrTooLong || e.Index != 0 || e.Offset != 0 {
		t.Errorf("DomainToASCII(20000 ideographs) error = %v", err)
	}
	_, err = DomainToUnicode("a.xn--" + strings.Repeat("a", 2000))
	if !errors.As(err, &e) || e.Code != ErrTooLong || e.Index != 1 || e.Offset != 2 {
		t.Errorf("DomainToUnicode(long xn-- label) error = %v", err)
	}
}

// TestNFCLongRun checks canonical ordering of long runs of combining marks
// (sorted by merging rather than insertion) against a stable sort.
func TestNFCLongRun(t *testing.T) {
	marks := []rune{0x301, 0x316, 0x345, 0x334, 0x35C, 0x308, 0x323}
	rng := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{3, 17, 100, 5000} {
		run := make([]rune, n)
		for i := range run {
			run[i] = marks[rng.IntN(len(marks))]
		}
		in := append([]rune{'1'}, run...)
		got := nfc(in, nil)
		want := slices.Clone(run)
		slices.SortStableFunc(want, func(a, b rune) int { return int(combiningClass(a)) - int(combiningClass(b)) })
		if len(got) != n+1 || got[0] != '1' || !slices.Equal(got[1:], want) {
			t.Errorf("nfc of %d marks: not the stable order by class", n)
		}
	}
}
