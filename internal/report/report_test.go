package report

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urikit/urikit/form"
	"github.com/urikit/urikit/percent"
	"github.com/urikit/urikit/uri"
	"github.com/urikit/urikit/whatwg"
)

func TestSetNames(t *testing.T) {
	names := SetNames()
	if len(names) != 17 {
		t.Errorf("%d sets: %v", len(names), names)
	}
	for _, n := range names {
		if s, ok := LookupSet(n); !ok || s == (percent.Set{}) {
			t.Errorf("LookupSet(%q) = %v", n, ok)
		}
	}
	if _, ok := LookupSet("nope"); ok {
		t.Error(`LookupSet("nope") succeeded`)
	}
	if enc, _ := EncoderFor("form", false, false); !enc.SpaceAsPlus {
		t.Error(`"form" does not imply plus`)
	}
}

func TestRecordJSON(t *testing.T) {
	for _, c := range []struct {
		rec  Record
		want string
	}{
		{Decode("%FF", percent.Decoder{}), `{"input":"%FF","error":{"offset":0,"code":"invalid-utf8","message":"\"%FF\": decoded bytes are not valid UTF-8"}}`},
		{NewRecord([]byte("a\xff"), []byte("\xfe"), nil, nil), `{"input_hex":"61ff","output_hex":"fe"}`},
		{Encode("", percent.Encoder{Set: percent.Path}), `{"input":"","output":""}`},
		{Decode("%zz", percent.Decoder{Lenient: true}), `{"input":"%zz","output":"%zz","findings":[{"offset":0,"code":"invalid-escape","message":"\"%zz\": % not followed by two hex digits"}]}`},
		{Record{}, `{"input":""}`},
		{TooLong(5<<20, &Error{Offset: 4, Code: "record-too-long", Message: "m"}), `{"input_bytes":5242880,"error":{"offset":4,"code":"record-too-long","message":"m"}}`},
		// Result fields are not written on failure; findings come last.
		{Record{Input: "x", Fields: []Field{Text("a", "b")}, Error: &Error{Code: "c", Message: "m"}, Findings: []Error{{Offset: 1, Code: "f", Message: "g"}}},
			`{"input":"x","error":{"offset":0,"code":"c","message":"m"},"findings":[{"offset":1,"code":"f","message":"g"}]}`},
		{Record{Input: "<&>\u2028\t\x01\"\\", Fields: []Field{
			OptText("n", "", false), OptText("e", "", true), Bool("t", true), Bool("f", false), Int("i", -3),
			Object("o", Text("a", "\xff"), Int("b", 2)), TextList("l", []string{"a", "b"}), TextList("lh", []string{"a", "\xc3"}),
			TextList("l0", nil), Pairs("p", form.Values{{Name: "a", Value: "1"}}), Pairs("ph", form.Values{{Name: "a", Value: "\xff"}}),
		}}, `{"input":"<&>\u2028\t\u0001\"\\","n":null,"e":"","t":true,"f":false,"i":-3,"o":{"a_hex":"ff","b":2},` +
			`"l":["a","b"],"lh_hex":["61","c3"],"l0":[],"p":[["a","1"]],"ph_hex":[["61","ff"]]}`},
		{Record{Input: "x", Findings: []Error{{Offset: 3, Component: "host", Code: "c", Message: "m\xff", Severity: "warn", Detail: "d", Count: 2, Offsets: []int{3, 9}}}},
			`{"input":"x","findings":[{"offset":3,"component":"host","code":"c","message_hex":"6dff","severity":"warn","detail":"d","count":2,"offsets":[3,9]}]}`},
	} {
		got := string(c.rec.AppendJSON(nil))
		if got != c.want {
			t.Errorf("got  %s\nwant %s", got, c.want)
		}
		if n, ok := c.rec.JSONSize(len(got)); n != len(got) || !ok {
			t.Errorf("JSONSize = %d, %v; AppendJSON wrote %d bytes", n, ok, len(got))
		}
		if _, ok := c.rec.JSONSize(len(got) - 1); ok {
			t.Errorf("JSONSize(%d) fits, the JSON has %d bytes", len(got)-1, len(got))
		}
		var v any
		if err := json.Unmarshal([]byte(got), &v); err != nil {
			t.Errorf("%s: not JSON: %v", got, err)
		}
	}
}

// TestStringsAsEncodingJSON checks that text is escaped as encoding/json
// escapes it without HTML escaping, so that a record reads the same as
// any other JSON line urikit writes.
func TestStringsAsEncodingJSON(t *testing.T) {
	var all strings.Builder
	for r := rune(0); r < 0x3000; r++ {
		all.WriteRune(r)
	}
	for _, s := range []string{"", "plain", all.String(), "a\u2029b\u2028", "\x7f\u00a0\ufeff", "😀<>&'"} {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.Encode(map[string]string{"input": s})
		want := strings.TrimSuffix(b.String(), "\n")
		if got := string(Record{Input: s}.AppendJSON(nil)); got != want {
			t.Errorf("%.60q:\n got %.200s\nwant %.200s", s, got, want)
		}
	}
}

func TestParseRFC(t *testing.T) {
	rec := ParseRFC("http://a b/", false)
	if rec.Error == nil || rec.Error.Offset != 8 || rec.Error.Component != "host" || len(rec.Findings) != 0 {
		t.Errorf("strict: %+v", rec)
	}
	if got := string(rec.AppendJSON(nil)); got != `{"input":"http://a b/","error":{"offset":8,"component":"host","code":"invalid-char","message":"character not allowed here"}}` {
		t.Errorf("strict failure: %s", got)
	}
	rec = ParseRFC("http://a b/", true)
	if rec.Error != nil || len(rec.Findings) != 1 {
		t.Errorf("lenient: %+v", rec)
	}
	rec = ParseRFC("a:", false)
	if got := string(rec.AppendJSON(nil)); got != `{"input":"a:","scheme":"a","userinfo":null,"host":null,"host_type":null,"port":null,"path":"","query":null,"fragment":null}` {
		t.Errorf("a: %s", got)
	}
	for _, n := range RFCFieldNames() {
		if _, ok := rec.Field(n); !ok {
			t.Errorf("Field(%q) unknown", n)
		}
	}
	// Components that are not UTF-8 go out in hex.
	rec = ParseRFC("http://u\xfd@h\xfe/\xff?\xfc#\xfb", true)
	if got := string(rec.AppendJSON(nil)); !strings.Contains(got, `"userinfo_hex":"75fd","host_hex":"68fe","host_type":"reg-name","port":null,"path_hex":"2fff","query_hex":"fc","fragment_hex":"fb"`) || strings.Contains(got, `\ufffd`) {
		t.Errorf("not UTF-8: %s", got)
	}
}

func TestParseWHATWG(t *testing.T) {
	rec, u := ParseWHATWG("HTTP://EX.com:80/a/../b", nil)
	if href, _ := rec.Field("href"); rec.Error != nil || u == nil || href != "http://ex.com/b" {
		t.Errorf("%+v", rec)
	}
	for _, n := range WHATWGFieldNames() {
		if _, ok := WHATWGField(u, n); !ok {
			t.Errorf("WHATWGField(%q) unknown", n)
		}
	}
	for i, n := range WHATWGRecordFields() {
		if rec.Fields[i].Name() != n {
			t.Errorf("field %d is %q, want %q", i, rec.Fields[i].Name(), n)
		}
	}
	rec, u = ParseWHATWG("nope", nil)
	if rec.Error == nil || u != nil || len(rec.Fields) != 0 || rec.Error.Message != "not a URL: "+WHATWGMessage(string(whatwg.ErrMissingSchemeNonRelativeURL)) {
		t.Errorf("failure: %+v", rec)
	}
	// Validation errors are findings with a message; the one that fails
	// the parse is the error, not a finding too.
	rec, _ = ParseWHATWG("https://u:p@h:99999/", nil)
	got := string(rec.AppendJSON(nil))
	const want = `{"input":"https://u:p@h:99999/","error":{"offset":14,"code":"port-out-of-range","message":"not a URL: the port is over 65535"},` +
		`"findings":[{"offset":11,"code":"invalid-credentials","message":"the URL has a user name or a password"}]}`
	if got != want {
		t.Errorf("validation errors:\n got %s\nwant %s", got, want)
	}
}

// TestWHATWGMessages checks that every validation error code of package
// whatwg has its own message, reading the codes from its source.
func TestWHATWGMessages(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "../../whatwg/errors.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	seen := map[string]bool{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, sp := range g.Specs {
			vs := sp.(*ast.ValueSpec)
			for i, name := range vs.Names {
				if !strings.HasPrefix(name.Name, "Err") || i >= len(vs.Values) {
					continue
				}
				lit, ok := vs.Values[i].(*ast.BasicLit)
				if !ok {
					continue
				}
				code, _ := strconv.Unquote(lit.Value)
				n++
				m := WHATWGMessage(code)
				if strings.HasPrefix(m, "validation error") || seen[m] {
					t.Errorf("%s (%s): message %q", name.Name, code, m)
				}
				seen[m] = true
			}
		}
	}
	if n < 30 {
		t.Errorf("found %d codes in whatwg/errors.go", n)
	}
}

// lenientCorpus holds inputs of every shape the lenient split tells apart:
// schemes or not, authorities with several "@" and ":", IP literals open
// and closed, ports of digits or not, and bytes no component allows.
var lenientCorpus = []string{
	"", "a", "a:", "a:b", "1a:b", "a+-.9:x", "a b:c", ":", "/", "//", "///", "//@", "//:", "//@:",
	"http://u@h:80/p?q#f", "http://u@v@h:80/p", "http://u:p@h:8x/p", "http://h:/", "http://h:80:90/",
	"http://[::1]:80/", "http://[::1]/", "http://[::1", "http://[v1.x]/", "http://[V1.x]:9/", "http://[]/",
	"http://[::1]:8a/", "http://a]:80/", "http://1.2.3.4/", "http://1.2.3.4:5/", "http://1.2.3/",
	"?q", "#f", "?q#f?#", "a?b?c#d#e", "//h?q", "//h#f", "x:/a?b#c", "x://a/b", "%", "%%", "%zz",
	"http://a b/c d?e f#g h", "http://h/" + strings.Repeat("%^ ", 10), "\xff://x", "h\xfftp://x",
	"http://\xff@\xfe:1/\xfd", "mailto:a@b", "a:b:c", "./a:b", "a/b:c", "[::1]", "//[::1%25eth0]:1/",
	"http://u@[fe80::1%eth0]/", "http://h:65536/", "http://h:99999999999999999999/",
}

// TestStrictFailureNoComponents checks that a strict failure has no
// result fields, only its error: the strict error alone, as uri.Parse
// gives it.
func TestStrictFailureNoComponents(t *testing.T) {
	for _, in := range lenientCorpus {
		got := ParseRFC(in, false)
		_, perr := uri.Parse(in)
		if (perr == nil) != (got.Error == nil) {
			t.Fatalf("%q: ParseRFC error %v, uri.Parse error %v", in, got.Error, perr)
		}
		if perr == nil {
			continue
		}
		want := Record{Input: in, Error: URIError(perr)}
		if g, w := string(got.AppendJSON(nil)), string(want.AppendJSON(nil)); g != w {
			t.Errorf("%q:\n got %s\nwant %s", in, g, w)
		}
	}
}

func TestCollapse(t *testing.T) {
	rec := ParseRFC("http://h/"+strings.Repeat("%^ ", 20), true)
	if rec.Error != nil {
		t.Fatalf("%+v", rec)
	}
	b, _ := json.Marshal(rec.Findings)
	const want = `[{"offset":9,"component":"path","code":"invalid-escape","message":"% not followed by two hex digits","count":20,"offsets":[9,12,15,18,21,24,27,30]},` +
		`{"offset":10,"component":"path","code":"invalid-char","message":"character not allowed here","count":40,"offsets":[10,11,13,14,16,17,19,20]}]`
	if string(b) != want {
		t.Errorf("lenient errors\n got %s\nwant %s", b, want)
	}
	// One occurrence: no count, no offsets.
	rec = ParseRFC("/a b", true)
	if b, _ := json.Marshal(rec.Findings); string(b) != `[{"offset":2,"component":"path","code":"invalid-char","message":"character not allowed here"}]` {
		t.Errorf("one finding: %s", b)
	}
	// Findings given to NewRecord are merged in order of first
	// occurrence, already merged ones included.
	list := []Error{
		{Offset: 1, Code: "a"}, {Offset: 2, Code: "b"}, {Offset: 3, Code: "a", Component: "x"},
		{Offset: 4, Code: "a"}, {Offset: 5, Code: "b", Count: 3, Offsets: []int{5, 6, 7}},
	}
	rec2 := NewRecord([]byte("x"), []byte("x"), nil, list)
	if b, _ := json.Marshal(rec2.Findings); string(b) != `[{"offset":1,"code":"a","message":"","count":2,"offsets":[1,4]},{"offset":2,"code":"b","message":"","count":4,"offsets":[2,5,6,7]},{"offset":3,"component":"x","code":"a","message":""}]` {
		t.Errorf("NewRecord findings: %s", b)
	}
	d := Decode(strings.Repeat("%zz", 100), percent.Decoder{Lenient: true})
	if len(d.Findings) != 1 || d.Findings[0].Count != 100 || len(d.Findings[0].Offsets) != MaxOffsets || d.Findings[0].Offsets[7] != 21 {
		t.Errorf("lenient decode findings: %+v", d.Findings)
	}
	w, _ := ParseWHATWG("http://h/"+strings.Repeat("^", 50), nil)
	if len(w.Findings) != 1 || w.Findings[0].Count != 50 || w.Findings[0].Offsets[1] != 10 {
		t.Errorf("whatwg findings: %+v", w.Findings)
	}
}

// The strict failure of a long input costs about nothing: "%" repeated
// allocated 255 bytes per input byte before issue 12.
func TestParseRFCStrictFailureAllocs(t *testing.T) {
	for _, n := range []int{1 << 10, 16 << 10, 256 << 10, 1 << 20} {
		for _, shape := range []string{"%", "%^ ", "http://h/a b"} {
			in := strings.Repeat(shape, n/len(shape))
			var rec Record
			per := allocBytes(func() { rec = ParseRFC(in, false) })
			if rec.Error == nil {
				t.Fatalf("%q×%d parsed", shape, n/len(shape))
			}
			ratio := float64(per) / float64(len(in))
			t.Logf("strict ParseRFC of %q×%d: %d bytes allocated, %.3f per input byte", shape, n/len(shape), per, ratio)
			if per > 8*len(in)+4096 {
				t.Errorf("strict ParseRFC of %q×%d allocates %d bytes", shape, n/len(shape), per)
			}
		}
	}
}

// allocBytes returns the bytes f allocates (the mean of a few runs).
func allocBytes(f func()) int {
	const runs = 3
	f()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range runs {
		f()
	}
	runtime.ReadMemStats(&after)
	return int((after.TotalAlloc - before.TotalAlloc) / runs)
}

// records returns the record of every builder on in.
func records(in string) []Record {
	base := uri.MustParse("http://a/b/c/d;p?q")
	enc, _ := EncoderFor("unreserved", false, false)
	w, _ := ParseWHATWG(in, nil)
	wb, _ := ParseWHATWG(in, func() *whatwg.URL { u := whatwg.MustParse("http://h/d/"); return &u }())
	return []Record{
		Encode(in, enc), Decode(in, percent.Decoder{}), Decode(in, percent.Decoder{Lenient: true, PlusAsSpace: true}),
		ParseRFC(in, false), ParseRFC(in, true), w, wb, Resolve(base, in), Relativize(base, in),
		Normalize(in, uri.Level(0)), Equal(in, base, uri.Level(0)), IRI(in, false), IRI(in, true),
		FormDecode(in), FormEncode(in), CheckURL(in),
	}
}

// FuzzRecords checks every builder's record on any input: JSONSize agrees
// with AppendJSON, the object is JSON with the input first (in hex when
// it is not UTF-8), and nothing is written as \ufffd.
func FuzzRecords(f *testing.F) {
	for _, in := range []string{"http://a/b", "a\x00\u2028\xff", "http://h/%^ %zz", "https://аррӏе.com/", "a=%FF&b", `[["a","\ud800"]]`, "http://u\xfd@h\xfe/\xff?\xfc#\xfb"} {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		for i, rec := range records(in) {
			b := rec.AppendJSON(nil)
			if n, ok := rec.JSONSize(len(b)); n != len(b) || !ok {
				t.Errorf("record %d: JSONSize %d, %v; wrote %d", i, n, ok, len(b))
			}
			var v map[string]any
			if err := json.Unmarshal(b, &v); err != nil {
				t.Fatalf("record %d: %v: %s", i, err, b)
			}
			want := `{"input":`
			if !utf8.ValidString(in) {
				want = `{"input_hex":"` + hex.EncodeToString([]byte(in)) + `"`
			}
			if !bytes.HasPrefix(b, []byte(want)) {
				t.Errorf("record %d: %s", i, b)
			}
			if bytes.Contains(b, []byte(`\ufffd`)) {
				t.Errorf("record %d: \\ufffd in %s", i, b)
			}
		}
	})
}

func TestCommands(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range Commands() {
		if c.Route != "/v1/"+strings.ReplaceAll(c.Name, " ", "/") || seen[c.Route] {
			t.Errorf("%+v", c)
		}
		seen[c.Route] = true
	}
	// The table may grow; these must always be in it.
	for _, name := range []string{"encode", "decode", "parse", "resolve", "relativize", "normalize",
		"equal", "iri", "form decode", "form encode", "check"} {
		if !seen["/v1/"+strings.ReplaceAll(name, " ", "/")] {
			t.Errorf("no command %q", name)
		}
	}
}

func TestFormDecodeFindings(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"a=1&b=2", ``},
		{"%zz=%4&%", `invalid-escape@0,4,7`},
		{"a=%C3%A9&%C3=%A9", `invalid-utf8@9,13`},
		{"a+%E2%82=%AC%E2%82%AC", `invalid-utf8@2,5,9`},
		{"\xff=\xc3\xa9&b=%ff%zz", `invalid-utf8@0,7;invalid-escape@10`},
	} {
		var got []string
		for _, f := range FormDecode(c.in).Findings {
			offs := f.Offsets
			if len(offs) == 0 {
				offs = []int{f.Offset}
			}
			s := f.Code + "@"
			for i, o := range offs {
				if i > 0 {
					s += ","
				}
				s += strconv.Itoa(o)
			}
			got = append(got, s)
		}
		if g := strings.Join(got, ";"); g != c.want {
			t.Errorf("%q: %s, want %s", c.in, g, c.want)
		}
	}
}
