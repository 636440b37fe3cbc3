package check

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestSuspicious checks every kind of URL the issue lists: each gets at
// least warn, with the expected codes.
func TestSuspicious(t *testing.T) {
	for _, c := range []struct {
		in    string
		max   Severity
		codes []Code
	}{
		// Parsers disagree.
		{`http://a\b@c/`, Danger, []Code{HostMismatch, Backslash, Credentials, ParserReject}},
		{`http://a@b@c/`, Danger, []Code{MultipleAt, Credentials, DeceptiveUserinfo}},
		{`http:/\evil.com`, Danger, []Code{HostMismatch, Backslash}},
		{`http:\\evil.com\`, Danger, []Code{HostMismatch, Backslash}},
		{"http:evil.com/x", Danger, []Code{HostMismatch, PathMismatch}},
		{"http://evil\t.com/", Danger, []Code{HostMismatch, TabOrNewline, ParserReject}},
		{"http://evil.com\n/", Danger, []Code{TabOrNewline, ParserReject, HostMismatch}},
		{"http://a/b\nc", Warn, []Code{TabOrNewline, PathMismatch, ParserReject}},
		{"java\tscript:alert(1)", Danger, []Code{ScriptScheme, TabOrNewline, SchemeMismatch}},
		{`http://evil.com%2f@good.com`, Danger, []Code{DeceptiveUserinfo, Credentials, EncodedSlash}},
		{"http://example\uFF0Ecom/", Danger, []Code{HostMismatch}},
		{"http://example\u3002com/", Danger, []Code{HostMismatch}},
		{"http://ｅｘａｍｐｌｅ.com/", Danger, []Code{HostMismatch}},
		{" http://example.com/", Warn, []Code{Whitespace}},
		{"http://example.com/ ", Warn, []Code{Whitespace}},
		{` http:/\evil.com/ `, Danger, []Code{Whitespace, HostMismatch, Backslash}},
		{" http://a@b@c/\t", Danger, []Code{Whitespace, MultipleAt}},
		{"http://a:0x50/", Warn, []Code{ParserReject}},
		{"https://", Warn, []Code{ParserReject}},
		// Encoded delimiters, traversal, double encoding.
		{"https://example.com/a%2Fb", Warn, []Code{EncodedSlash}},
		{"https://example.com/a%5cb", Warn, []Code{EncodedBackslash}},
		{"https://example.com/a/%2e%2e/b", Warn, []Code{EncodedDotSegment}},
		{"https://example.com/a/.%2E/b", Warn, []Code{EncodedDotSegment}},
		{"https://example.com/%2e%2e/etc/passwd", Warn, []Code{EncodedDotSegment, Traversal}},
		{"https://example.com/..%2f..%2fetc/passwd", Warn, []Code{EncodedDotSegment, EncodedSlash}},
		{"https://example.com/../etc/passwd", Warn, []Code{Traversal}},
		{"https://example.com/a%252Fb", Warn, []Code{DoubleEncoding}},
		{"https://example.com/%252e%252e/", Warn, []Code{DoubleEncoding}},
		{"https://example.com/%u002e%u002e/", Warn, []Code{LegacyUEscape, ParserReject}},
		{"https://example.com/%c0%af", Danger, []Code{OverlongUTF8}},
		{"https://example.com/%e0%80%ae", Danger, []Code{OverlongUTF8}},
		{"https://example.com/%f0%80%80%af", Danger, []Code{OverlongUTF8}},
		{"https://example.com/%ff", Warn, []Code{InvalidUTF8Escape}},
		{"https://example.com/%ed%a0%80", Warn, []Code{InvalidUTF8Escape}},
		{"https://example.com/100%", Warn, []Code{InvalidEscape, ParserReject}},
		{"https://example.com/a%00.php", Warn, []Code{EncodedNull}},
		{"https://example.com/a%0d%0aSet-Cookie:x", Warn, []Code{EncodedControl}},
		{"https://example.com/%E2%80%AEfdp.exe", Warn, []Code{InvisibleChar}},
		// Raw characters.
		{"https://example.com/a\x01b", Warn, []Code{ControlChar, ParserReject}},
		{"https://example.com/a\x7fb", Warn, []Code{ControlChar}},
		{"https://example.com/a b", Warn, []Code{Whitespace}},
		{"https://example.com/a\u00a0b", Warn, []Code{Whitespace}},
		{"https://exa\u200Bmple.com/", Danger, []Code{InvisibleChar, HostMismatch}},
		{"\uFEFFhttps://example.com/", Warn, []Code{InvisibleChar, ParserReject}},
		{"https://example.com/\u202Egnp.exe", Warn, []Code{InvisibleChar}},
		{"https://example.com/\xff", Warn, []Code{InvalidUTF8}},
		// Credentials and hosts.
		{"https://user:secret@example.com/", Warn, []Code{Credentials}},
		{"https://user@example.com/", Warn, []Code{Credentials}},
		{"https://google.com@evil.com/", Danger, []Code{DeceptiveUserinfo, Credentials}},
		{"https://www.google.com:443@evil.com/", Danger, []Code{DeceptiveUserinfo}},
		{"https://paypal.com.secure-login@evil.com/", Danger, []Code{DeceptiveUserinfo}},
		{"https://10.0.0.1@evil.com/", Danger, []Code{DeceptiveUserinfo}},
		{"https://admin@example.com/", Warn, []Code{Credentials}},
		{"https://:@example.com/", Warn, []Code{Credentials}},
		{"http://0x7f.1/", Danger, []Code{IPv4NonCanonical, Loopback}},
		{"http://2130706433/", Danger, []Code{IPv4NonCanonical, Loopback}},
		{"http://017700000001/", Danger, []Code{IPv4NonCanonical, Loopback}},
		{"http://0177.0.0.1/", Danger, []Code{IPv4NonCanonical, Loopback}},
		{"http://127.1/", Danger, []Code{IPv4NonCanonical, Loopback}},
		{"http://127.0.0.1/", Warn, []Code{Loopback}},
		{"http://[::1]/", Warn, []Code{Loopback}},
		{"http://[::ffff:127.0.0.1]/", Warn, []Code{Loopback}},
		{"http://localhost:8080/", Warn, []Code{Loopback, NonDefaultPort}},
		{"http://api.localhost/", Warn, []Code{Loopback}},
		{"http://10.1.2.3/", Warn, []Code{PrivateAddress}},
		{"http://192.168.0.1/", Warn, []Code{PrivateAddress}},
		{"http://172.16.0.1/", Warn, []Code{PrivateAddress}},
		{"http://100.64.0.1/", Warn, []Code{PrivateAddress}},
		{"http://[fd00::1]/", Warn, []Code{PrivateAddress}},
		{"http://169.254.169.254/latest/meta-data/", Danger, []Code{CloudMetadata, LinkLocal}},
		{"http://[fe80::1]/", Warn, []Code{LinkLocal}},
		{"http://0.0.0.0/", Warn, []Code{SpecialAddress}},
		{"http://[::]/", Warn, []Code{SpecialAddress}},
		{"http://224.0.0.1/", Warn, []Code{SpecialAddress}},
		{"http://239.1.2.3/", Warn, []Code{SpecialAddress}},
		{"http://255.255.255.255/", Warn, []Code{SpecialAddress}},
		{"http://0.1.2.3/", Warn, []Code{SpecialAddress}},
		{"http://[ff02::1]/", Warn, []Code{SpecialAddress}},
		{"http://%31%32%37.0.0.1/", Warn, []Code{EncodedHost, Loopback}},
		{"https://аррӏе.com/", Danger, []Code{IDNConfusable, IDN}},
		{"https://xn--80ak6aa92e.com/", Danger, []Code{IDNConfusable, IDN}},
		{"https://pаypal.com/", Danger, []Code{IDNMixedScript, IDNConfusable, IDN}},
		{"https://xn--pypal-4ve.com/", Danger, []Code{IDNMixedScript, IDN}},
		{"https://gοοgle.com/", Danger, []Code{IDNMixedScript, IDNConfusable}}, // Greek omicrons
		{"https://ѕсоре.com/", Danger, []Code{IDNConfusable}},
		// Schemes.
		{"javascript:alert(1)", Danger, []Code{ScriptScheme}},
		{"JavaScript:alert(1)", Danger, []Code{ScriptScheme}},
		{"data:text/html,<script>alert(1)</script>", Danger, []Code{ScriptScheme}},
		{"ftp://example.com/", Warn, []Code{NonHTTPScheme}},
		{"file:///etc/passwd", Warn, []Code{NonHTTPScheme}},
		{"gopher://example.com/", Warn, []Code{NonHTTPScheme}},
		{"//evil.com/", Warn, []Code{RelativeReference, ParserReject}},
		{"/just/a/path", Warn, []Code{RelativeReference}},
	} {
		r := URL(c.in)
		if got := r.Max(); got != c.max {
			t.Errorf("%q: max severity %v, want %v; findings:\n%s", c.in, got, c.max, show(r))
		}
		for _, code := range c.codes {
			if !r.Has(code) {
				t.Errorf("%q: no %s finding; findings:\n%s", c.in, code, show(r))
			}
		}
	}
}

func show(r Report) string {
	var b strings.Builder
	for _, f := range r.Findings {
		b.WriteString("\t" + f.String() + "\n")
	}
	return b.String()
}

// TestPlain checks URLs with nothing at warn or above, and their info
// findings.
func TestPlain(t *testing.T) {
	for _, c := range []struct {
		in    string
		codes []Code // exactly these, all info
	}{
		{"https://example.com/", nil},
		{"https://www.example.com/a/b.html?q=1&r=two#frag", nil},
		{"http://EXAMPLE.com/A%7Eb", nil},
		{"https://example.com:443/", nil},
		{"https://example.com:8443/", []Code{NonDefaultPort}},
		{"https://example.com/search?q=a%2Fb&u=https%3A%2F%2Fx.org%2F", []Code{EncodedSlash}},
		{"https://example.com/?next=%252F", []Code{DoubleEncoding}},
		{"https://example.com/?q=caf%E9", []Code{InvalidUTF8Escape}},
		{"https://example.com/page#Section Two", []Code{Whitespace, RFC3986Invalid}},
		{"https://example.com/a/./b/../c", []Code{DotSegment}},
		{"https://bücher.de/", []Code{IDN, RFC3986Invalid}},
		{"https://xn--bcher-kva.de/", []Code{IDN}},
		{"https://例え.jp/", []Code{IDN, RFC3986Invalid}},
		{"https://日本語カタカナ.jp/", []Code{IDN, RFC3986Invalid}},
		{"https://пример.рф/", []Code{IDN, RFC3986Invalid}},
		{"https://8.8.8.8/", []Code{IPHost}},
		{"https://[2001:4860:4860::8888]/", []Code{IPHost}},
		{"https://example.com/a|b", []Code{RFC3986Invalid}},
		{"https://www.flickr.com/groups/63933506@N00/", nil},
		{"https://john.doe.example.com/~x/", nil},
	} {
		r := URL(c.in)
		var got []Code
		for _, f := range r.Findings {
			got = append(got, f.Code)
			if f.Severity > Info {
				t.Errorf("%q: %s", c.in, f)
			}
		}
		slices.Sort(got)
		want := slices.Clone(c.codes)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%q: codes %v, want %v", c.in, got, want)
		}
	}
}

// TestKasztp runs the real https URLs of ../shared/datasets/kasztp.txt.
// Nearly all must have no finding at warn or above; the others must be
// among the kinds below, which are not ordinary URLs. Each of those has
// been looked at: a "\" in the path that browsers turn into "/" (the
// list holds shell-escaped file names such as "Back\%20issues"), the BOM
// on the first line, the bare "https://" on the last, and a host written
// with the root's dot ("https://bkent.net./").
func TestKasztp(t *testing.T) {
	path := filepath.Join("..", "..", "shared", "datasets", "kasztp.txt")
	if d := os.Getenv("URIKIT_DATASETS"); d != "" {
		path = filepath.Join(d, "kasztp.txt")
	}
	f, err := os.Open(path)
	if err != nil {
		if os.Getenv("URIKIT_REQUIRE_CONFORMANCE") == "1" {
			t.Fatal(err)
		}
		t.Skipf("dataset absent: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n, flagged := 0, 0
	reasons := map[string]int{}
	for sc.Scan() {
		line := sc.Text()
		n++
		r := URL(line)
		if !r.AtLeast(Warn) {
			continue
		}
		flagged++
		var why string
		switch {
		case r.Has(Backslash) && r.Has(PathMismatch):
			why = "backslash in path"
		case strings.HasPrefix(line, "\uFEFF") && r.Has(InvisibleChar):
			why = "BOM"
		case line == "https://" && r.Has(ParserReject):
			why = "no host"
		case r.Has(TrailingDotHost) && r.Target.HostNoDot+"." == r.Target.Host:
			why = "trailing dot in host"
		case r.Has(LookalikeDomain) && r.Max() == Warn:
			why = "lookalike-domain (hosting names, see TestLookalikeDatasets)"
		default:
			t.Errorf("unexpected warn+ finding on %q:\n%s", line, show(r))
			continue
		}
		reasons[why]++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n < 48000 {
		t.Fatalf("read %d lines", n)
	}
	t.Logf("kasztp: %d URLs, %d with a warn+ finding: %v", n, flagged, reasons)
	if flagged > n/200 {
		t.Errorf("%d of %d URLs flagged", flagged, n)
	}
}

func TestSeverity(t *testing.T) {
	for _, s := range []Severity{None, Info, Warn, Danger} {
		got, err := ParseSeverity(s.String())
		if err != nil || got != s {
			t.Errorf("ParseSeverity(%q) = %v, %v", s.String(), got, err)
		}
		b, err := s.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Severity
		if err := back.UnmarshalText(b); err != nil || back != s {
			t.Errorf("UnmarshalText(%q) = %v, %v", b, back, err)
		}
	}
	if _, err := ParseSeverity("fatal"); err == nil {
		t.Error("ParseSeverity(fatal) succeeded")
	}
	if s, _ := ParseSeverity("warning"); s != Warn {
		t.Error("warning is not warn")
	}
	if !(Info < Warn && Warn < Danger) {
		t.Error("severities out of order")
	}
	if _, err := Severity(9).MarshalText(); err == nil {
		t.Error("Severity(9) marshaled")
	}
}

func TestCodes(t *testing.T) {
	seen := map[Code]bool{}
	for _, c := range Codes() {
		if seen[c] {
			t.Errorf("%s listed twice", c)
		}
		seen[c] = true
		if c.Severity() == None || c.Message() == "" {
			t.Errorf("%s: no severity or description", c)
		}
		if s := string(c); strings.ToLower(s) != s || strings.ContainsAny(s, " _") {
			t.Errorf("%s: not kebab-case", c)
		}
	}
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	for c := range seen {
		// The package doc's table lists each code with its severity.
		line := "//\t" + string(c) + strings.Repeat(" ", max(1, 21-len(c))) + c.Severity().String()
		if !strings.Contains(string(doc), line) {
			t.Errorf("package doc lacks the line %q", line)
		}
	}
	if Code("nope").Severity() != None || Code("nope").Message() != "" {
		t.Error("unknown code has a severity")
	}
}

// TestDataSensitive checks that the starred codes drop to info in the
// query and the fragment only.
func TestDataSensitive(t *testing.T) {
	for _, c := range []struct {
		in   string
		code Code
		sev  Severity
	}{
		{"https://a.com/x%2Fy", EncodedSlash, Warn},
		{"https://a.com/?x%2Fy", EncodedSlash, Info},
		{"https://a.com/#x%2Fy", EncodedSlash, Info},
		{`https://a.com/x\y`, Backslash, Warn},
		{`https://a.com/?x\y`, Backslash, Info},
		{"https://a.com/?a b", Whitespace, Info},
		{"https://a.com/?ab ", Whitespace, Warn},
		{"https://a.com/%0a", EncodedControl, Warn},
		{"https://a.com/?%0a", EncodedControl, Info},
		{"https://a.com/?%00", EncodedNull, Warn},
		{"https://a.com/?%c0%af", OverlongUTF8, Danger},
	} {
		r := URL(c.in)
		found := false
		for _, f := range r.Findings {
			if f.Code == c.code {
				found = true
				if f.Severity != c.sev {
					t.Errorf("%q: %s is %v, want %v", c.in, c.code, f.Severity, c.sev)
				}
			}
		}
		if !found {
			t.Errorf("%q: no %s:\n%s", c.in, c.code, show(r))
		}
	}
}

// wantFindingAt fails t unless URL(in) has a finding code, and every one
// of them is at offset off.
func wantFindingAt(t *testing.T, in string, code Code, off int) {
	t.Helper()
	r := URL(in)
	found := false
	for _, f := range r.Findings {
		if f.Code == code {
			found = true
			if f.Offset != off {
				t.Errorf("%q: %s at %d, want %d", in, code, f.Offset, off)
			}
		}
	}
	if !found {
		t.Errorf("%q: no %s:\n%s", in, code, show(r))
	}
}

func TestOffsets(t *testing.T) {
	for _, c := range []struct {
		in   string
		code Code
		off  int
	}{
		{"https://a.com/x%2Fy", EncodedSlash, 15},
		{"http://a/b\nc", TabOrNewline, 10},
		{"http://0x7f.1/", IPv4NonCanonical, 7},
		{"https://u:p@a.com/", Credentials, 8},
		{"http://a@b@c/", MultipleAt, 8},
		{"https://a.com/%c0%af", OverlongUTF8, 14},
		{"https://a.com:81/", NonDefaultPort, 14},
		{"https://a.com/a/../../x", Traversal, 19},
		{"https://a.com/\xff", InvalidUTF8, 14},
		{"https://", ParserReject, 8},
	} {
		wantFindingAt(t, c.in, c.code, c.off)
	}
}

func TestRepeatsCounted(t *testing.T) {
	r := URL("https://a.com/a%2Fb%2Fc%2F")
	var n int
	for _, f := range r.Findings {
		if f.Code == EncodedSlash {
			n++
			if f.Offset != 15 || f.Count != 3 || !slices.Equal(f.Offsets, []int{15, 19, 23}) || strings.Contains(f.Message(), "times") {
				t.Errorf("got %s, count %d, offsets %v", f, f.Count, f.Offsets)
			}
			if !strings.HasSuffix(f.String(), "(3 times)") {
				t.Errorf("String() = %q", f.String())
			}
		}
		if f.Code != EncodedSlash && (f.Count != 0 || f.Offsets != nil) {
			t.Errorf("single finding %s has count %d, offsets %v", f, f.Count, f.Offsets)
		}
	}
	if n != 1 {
		t.Errorf("%d encoded-slash findings", n)
	}
	b, err := json.Marshal(r.Findings)
	if err != nil {
		t.Fatal(err)
	}
	if js := string(b); !strings.Contains(js, `"offset":15,"code":"encoded-slash","message":"\"%2F\" in the path: a \"/\" that servers may decode before or after routing","count":3,"offsets":[15,19,23],"severity":"warn"}`) || strings.Count(js, `"count"`) != 1 {
		t.Errorf("JSON %s", js)
	}
	var back []Finding
	if err := json.Unmarshal(b, &back); err != nil || !reflect.DeepEqual(back, r.Findings) {
		t.Errorf("round trip: %v\n got %+v\nwant %+v", err, back, r.Findings)
	}
}

// TestMergeKeepsLowestOffsets checks the collapse rule: the merged
// finding sits at its lowest offset with that occurrence's message (here
// found by a later pass than the raw character), Offsets keeps the lowest
// 8 in order, and Count counts them all.
func TestMergeKeepsLowestOffsets(t *testing.T) {
	r := URL("https://a.com/x\u200by%E2%80%8Bz")
	var f Finding
	for _, g := range r.Findings {
		if g.Code == InvisibleChar {
			f = g
		}
	}
	if f.Offset != 15 || f.Count != 2 || !slices.Equal(f.Offsets, []int{15, 19}) || !strings.Contains(f.Message(), "U+200B") {
		t.Errorf("raw then escaped: %s, count %d, offsets %v", f, f.Count, f.Offsets)
	}
	r = URL("https://a.com/%E2%80%8Bx\u200b")
	for _, g := range r.Findings {
		if g.Code == InvisibleChar {
			f = g
		}
	}
	if f.Offset != 14 || f.Count != 2 || !slices.Equal(f.Offsets, []int{14, 24}) || !strings.Contains(f.Message(), "decodes to") {
		t.Errorf("escaped then raw: %s, count %d, offsets %v", f, f.Count, f.Offsets)
	}
	in := "https://a.com/" + strings.Repeat("%2F", 20) + "?" + strings.Repeat("%2F", 5)
	r = URL(in)
	var warn, info Finding
	for _, g := range r.Findings {
		switch {
		case g.Code == EncodedSlash && g.Severity == Warn:
			warn = g
		case g.Code == EncodedSlash && g.Severity == Info:
			info = g
		}
	}
	if warn.Count != 20 || len(warn.Offsets) != 8 || warn.Offsets[7] != 14+7*3 || info.Count != 5 || info.Offset != 14+60+1 {
		t.Errorf("path %+v\nquery %+v", warn, info)
	}
}

func TestViewsAndTarget(t *testing.T) {
	r := URL(`http://evil.com%2f@GOOD.com:80/a/%2e%2e/b%2Fc?q=1#f`)
	want := Target{OK: true, Href: "http://evil.com%2f@good.com/b%2Fc?q=1#f", Origin: "http://good.com", Scheme: "http",
		Host: "good.com", HostUnicode: "good.com", HostNoDot: "good.com", HostType: "domain", RegistrableDomain: "good.com", Port: 80, Path: "/b%2Fc", Segments: []string{"b/c"}, Query: "q=1"}
	if !reflect.DeepEqual(r.Target, want) {
		t.Errorf("target\n got %+v\nwant %+v", r.Target, want)
	}
	if v := r.RFC3986; !v.OK || v.Host != "GOOD.com" || v.Userinfo != "evil.com%2f" || v.Port != "80" || v.Path != "/a/%2e%2e/b%2Fc" {
		t.Errorf("rfc3986 view %+v", v)
	}
	if v := r.WHATWG; !v.OK || v.Host != "good.com" || v.Userinfo != "evil.com%2f" || v.Port != "" || v.Path != "/b%2Fc" || v.Fragment != "f" {
		t.Errorf("whatwg view %+v", v)
	}
	if v := r.NetURL; !v.OK || v.Host != "GOOD.com" || v.Port != "80" || v.Path != "/a/%2e%2e/b%2Fc" || v.Query != "q=1" {
		t.Errorf("net/url view %+v", v)
	}

	r = URL("https://xn--bcher-kva.de/")
	if r.Target.Host != "xn--bcher-kva.de" || r.Target.HostUnicode != "bücher.de" {
		t.Errorf("IDN target %+v", r.Target)
	}
	r = URL("http://0x7f.1:8080/")
	if r.Target.Host != "127.0.0.1" || r.Target.HostType != "ipv4" || r.Target.Port != 8080 {
		t.Errorf("IPv4 target %+v", r.Target)
	}
	r = URL("http://a b/")
	if r.Target.OK || r.WHATWG.OK || r.WHATWG.Error == "" || r.Target.Port != -1 {
		t.Errorf("failed target %+v %+v", r.Target, r.WHATWG)
	}
	if r.NetURL.OK || r.NetURL.Error == "" {
		t.Errorf("net/url view %+v", r.NetURL)
	}
	r = URL("mailto:a@example.com")
	if r.Target.HostType != "" || r.Target.Port != -1 || r.Target.Segments != nil {
		t.Errorf("mailto target %+v", r.Target)
	}
}

func TestJSON(t *testing.T) {
	r := URL("http://a@b@c/")
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, r) {
		t.Errorf("round trip:\n got %+v\nwant %+v", back, r)
	}
	if !strings.Contains(string(b), `"severity":"danger"`) {
		t.Errorf("JSON %s", b)
	}
}

func TestDeterministic(t *testing.T) {
	for _, s := range []string{"https://pаypal.com/", `http://a\b@c/%2e%2e/%c0%af`, "http://0x7f.1/"} {
		a, b := URL(s), URL(s)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%q: reports differ", s)
		}
	}
}

func TestSpansCoverInput(t *testing.T) {
	for _, s := range []string{"", "a", "http://u@h:1/p?q#f", "//h", "?q", "#f", "http://[::1]:/", "s:/p", " http://h/ ", "\x00", "  ", "\x01s:/p?q#f\t"} {
		checkSpans(t, s)
	}
}

// checkSpans verifies that the spans rebuild the input, but for the
// C0 controls and spaces at its start and end, which the lengths lead and
// trail cover.
func checkSpans(t *testing.T, s string) {
	t.Helper()
	c := newChecker(s)
	sp := c.sp
	if strings.TrimFunc(s[:c.lead]+s[len(s)-c.trail:], func(r rune) bool { return r <= ' ' }) != "" ||
		c.lead < len(s) && s[c.lead] <= ' ' || c.trail > 0 && s[len(s)-c.trail-1] <= ' ' {
		t.Errorf("spans of %s: lead %d, trail %d", quote(s), c.lead, c.trail)
	}
	var b strings.Builder
	b.WriteString(s[:c.lead])
	if sp.schemeEnd >= 0 {
		b.WriteString(s[c.lead:sp.schemeEnd] + ":")
	}
	if sp.authStart >= 0 {
		b.WriteString("//")
		if sp.userStart >= 0 {
			b.WriteString(s[sp.userStart:sp.userEnd] + "@")
		}
		b.WriteString(s[sp.hostStart:sp.hostEnd])
		if sp.portStart >= 0 {
			b.WriteString(":" + s[sp.portStart:sp.portEnd])
		}
	}
	b.WriteString(s[sp.pathStart:sp.pathEnd])
	if sp.queryStart >= 0 {
		b.WriteString("?" + s[sp.queryStart:sp.queryEnd])
	}
	if sp.fragStart >= 0 {
		b.WriteString("#" + s[sp.fragStart:sp.fragEnd])
	}
	b.WriteString(s[len(s)-c.trail:])
	if b.String() != s {
		t.Errorf("spans of %s rebuild %s", quote(s), quote(b.String()))
	}
}

// TestTrailingDotHost checks that a host name ending with the root's dot
// is reported, and that Target holds it with and without the dot.
func TestTrailingDotHost(t *testing.T) {
	for _, c := range []struct {
		in, host, noDot string
		off             int // -1: no finding
	}{
		{"https://GOOD.com./x", "good.com.", "good.com", 16},
		{"https://good.com.:8443/", "good.com.", "good.com", 16},
		{"https://u@good.com./", "good.com.", "good.com", 18},
		{"http://good.com%2e/", "good.com.", "good.com", 15},
		{"http://good.com\u3002/", "good.com.", "good.com", 15},
		{"https://xn--bcher-kva.de./", "xn--bcher-kva.de.", "xn--bcher-kva.de", 24},
		{"http://a../", "a..", "a.", 9},
		{"ssh://host./", "host.", "host", 10},
		{"https://good.com/", "good.com", "good.com", -1},
		{"https://good.com/a./", "good.com", "good.com", -1},
		{"http://127.0.0.1./", "127.0.0.1", "127.0.0.1", -1},
		{"http://./", ".", ".", -1},
	} {
		r := URL(c.in)
		if r.Target.Host != c.host || r.Target.HostNoDot != c.noDot {
			t.Errorf("%q: host %q, without the dot %q; want %q, %q", c.in, r.Target.Host, r.Target.HostNoDot, c.host, c.noDot)
		}
		var f Finding
		for _, g := range r.Findings {
			if g.Code == TrailingDotHost {
				f = g
			}
		}
		switch {
		case c.off < 0 && f.Code != "":
			t.Errorf("%q: %s", c.in, f)
		case c.off >= 0 && (f.Code == "" || f.Offset != c.off || f.Severity != Warn || !strings.Contains(f.Message(), strconv.Quote(c.noDot))):
			t.Errorf("%q: got %q, want a warn trailing-dot-host at %d:\n%s", c.in, f, c.off, show(r))
		}
	}
	if r := URL("mailto:a@b.com."); r.Target.HostNoDot != "" || r.Has(TrailingDotHost) {
		t.Errorf("mailto: %+v", r.Target)
	}
}

// TestEdgeWhitespace checks the C0 controls and spaces at the start and
// the end of the input, which the WHATWG parser strips: one whitespace
// finding (counted once per end), and no disagreement of the parsers for
// them, while the views show what each parser reads of the whole input.
func TestEdgeWhitespace(t *testing.T) {
	for _, c := range []struct {
		in    string
		off   int
		count int
	}{
		{" http://a.com/", 0, 0},
		{"http://a.com/ ", 13, 0},
		{"  http://a.com/x  ", 0, 2},
		{"\x01http://a.com/", 0, 0},
		{"http://a.com/\x00", 13, 0},
		{"\t http://a.com/ \n", 0, 2},
		{"\r\nhttps://a.com/p?q#f\r\n", 0, 2},
		{" https://u:p@a.com:8443/x/../y ", 0, 2},
		{" ", 0, 0},
	} {
		r := URL(c.in)
		var ws []Finding
		for _, f := range r.Findings {
			switch {
			case f.Code == Whitespace:
				ws = append(ws, f)
			case f.Code == HostMismatch || f.Code == SchemeMismatch || f.Code == PortMismatch || f.Code == PathMismatch ||
				f.Code == UserinfoMismatch || f.Code == ControlChar || f.Code == TabOrNewline:
				t.Errorf("%q: %s", c.in, f)
			case f.Code == ParserReject && strings.TrimSpace(c.in) != "":
				t.Errorf("%q: %s", c.in, f)
			}
		}
		if len(ws) != 1 || ws[0].Severity != Warn || ws[0].Offset != c.off || ws[0].Count != c.count || !strings.Contains(ws[0].Message(), "WHATWG parsers strip") {
			t.Errorf("%q: whitespace findings %v, want one warn at %d, count %d:\n%s", c.in, ws, c.off, c.count, show(r))
		}
	}
	// The views are what each parser reads of the whole input.
	r := URL(" http://a.com/")
	if r.NetURL.OK || r.RFC3986.OK || !r.WHATWG.OK || r.RFC3986.Path != " http://a.com/" {
		t.Errorf("views of a leading space: %+v %+v %+v", r.RFC3986, r.WHATWG, r.NetURL)
	}
	r = URL("http://a.com/a ")
	if !r.NetURL.OK || r.NetURL.Path != "/a%20" || r.RFC3986.Path != "/a " || r.WHATWG.Path != "/a" {
		t.Errorf("views of a trailing space: %+v %+v %+v", r.RFC3986, r.WHATWG, r.NetURL)
	}
	// Offsets stay those of the input.
	for _, c := range []struct {
		in   string
		code Code
		off  int
	}{
		{"  https://a.com/x%2Fy ", EncodedSlash, 17},
		{"\x01https://a.com/a|b", RFC3986Invalid, 16},
		{"  https://u@a.com/", Credentials, 10},
		{" https://a.com:81/", NonDefaultPort, 15},
		{"  http://0x7f.1/", IPv4NonCanonical, 9},
		{" https://a.com/a/../../x", Traversal, 20},
		{"\x00https://a.com/\x01x", ControlChar, 15},
		{"\x00https://a.com/\x01x", ParserReject, 15},
	} {
		wantFindingAt(t, c.in, c.code, c.off)
	}
}

// TestMismatchMessageQuotes checks that a disagreement quotes each
// parser's key once (a path key was quoted twice: "\"/b\"").
func TestMismatchMessageQuotes(t *testing.T) {
	for in, want := range map[string]string{
		"http://a/b\nc":   `parsers disagree on the path: RFC 3986 "/b%0Ac", WHATWG "/bc", net/url rejects`,
		"http:evil.com/x": `parsers disagree on the path: RFC 3986 "evil.com/x", WHATWG "/x", net/url "evil.com/x"`,
	} {
		r := URL(in)
		found := false
		for _, f := range r.Findings {
			if f.Code == PathMismatch {
				found = true
				if f.Message() != want {
					t.Errorf("%q: %s, want %s", in, f.Message(), want)
				}
			}
		}
		if !found {
			t.Errorf("%q: no disagreement:\n%s", in, show(r))
		}
	}
}

// TestFindingJSON: a finding marshals to the record contract's names
// (offset, code, message, count, offsets), then severity and detail.
func TestFindingJSON(t *testing.T) {
	f := Finding{Offset: 3, Code: Whitespace, Count: 2, Offsets: []int{3, 9}, Severity: Warn, Text: "a space", Detail: "d"}
	b, err := json.Marshal(f)
	if want := `{"offset":3,"code":"whitespace","message":"a space","count":2,"offsets":[3,9],"severity":"warn","detail":"d"}`; err != nil || string(b) != want {
		t.Errorf("got %s, %v\nwant %s", b, err, want)
	}
	var back Finding
	if err := json.Unmarshal(b, &back); err != nil || back.Text != f.Text || back.Severity != Warn || back.Count != 2 {
		t.Errorf("read back %+v, %v", back, err)
	}
	b, _ = json.Marshal(Finding{Code: IDN, Severity: Info})
	if want := `{"offset":0,"code":"idn","message":"` + IDN.Message() + `","severity":"info"}`; string(b) != want {
		t.Errorf("got %s\nwant %s", b, want)
	}
}
