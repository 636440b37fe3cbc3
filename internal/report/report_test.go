package report

import (
	"encoding/json"
	"runtime"
	"strings"
	"testing"

	"github.com/urikit/urikit/percent"
	"github.com/urikit/urikit/uri"
)

func TestSetNames(t *testing.T) {
	names := SetNames()
	if len(names) != 17 {
		t.Errorf("%d sets: %v", len(names), names)
	}
	for _, n := range names {
		if s, ok := LookupSet(n); !ok || s == "" {
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
	} {
		b, err := json.Marshal(c.rec)
		if err != nil || string(b) != c.want {
			t.Errorf("got  %s (%v)\nwant %s", b, err, c.want)
		}
	}
}

func TestParseRFC(t *testing.T) {
	rec, err := ParseRFC("http://a b/", false)
	if err == nil || err.Offset != 8 || rec.Valid || len(rec.Errors) != 1 || rec.Host == nil || *rec.Host != "a b" {
		t.Errorf("strict: %+v, %+v", rec, err)
	}
	rec, err = ParseRFC("http://a b/", true)
	if err != nil || rec.Valid || len(rec.Errors) != 1 {
		t.Errorf("lenient: %+v, %+v", rec, err)
	}
	rec, err = ParseRFC("a:", false)
	if err != nil || !rec.Valid || rec.Query != nil || rec.Host != nil || *rec.Scheme != "a" {
		t.Errorf("a: %+v, %+v", rec, err)
	}
	for _, n := range RFCFieldNames() {
		if _, ok := rec.Field(n); !ok {
			t.Errorf("Field(%q) unknown", n)
		}
	}
}

func TestParseWHATWG(t *testing.T) {
	rec, u, err := ParseWHATWG("HTTP://EX.com:80/a/../b", nil, nil)
	if err != nil || u == nil || *rec.Href != "http://ex.com/b" || *rec.Port != "" {
		t.Errorf("%+v %v", rec, err)
	}
	for _, n := range WHATWGFieldNames() {
		if _, ok := WHATWGField(u, n); !ok {
			t.Errorf("WHATWGField(%q) unknown", n)
		}
	}
	rec, u, err = ParseWHATWG("nope", nil, nil)
	if err == nil || u != nil || !rec.Failure || rec.Href != nil {
		t.Errorf("failure: %+v %v", rec, err)
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

// TestStrictFailureComponents checks that a strict failure still shows
// the components of the lenient reading, with the strict error alone.
func TestStrictFailureComponents(t *testing.T) {
	for _, in := range lenientCorpus {
		got, err := ParseRFC(in, false)
		if _, perr := uri.Parse(in); (perr == nil) != (err == nil) {
			t.Fatalf("%q: ParseRFC error %v, uri.Parse error %v", in, err, perr)
		}
		if err == nil {
			continue
		}
		r, _ := uri.ParseLenient(in)
		want := NewRFC(in, r)
		want.Errors = []Error{*err}
		wb, _ := json.Marshal(want)
		gb, _ := json.Marshal(got)
		if string(wb) != string(gb) {
			t.Errorf("%q:\n got %s\nwant %s", in, gb, wb)
		}
	}
}

func TestCollapse(t *testing.T) {
	rec, err := ParseRFC("http://h/"+strings.Repeat("%^ ", 20), true)
	if err != nil || rec.Valid {
		t.Fatalf("%+v %v", rec, err)
	}
	b, _ := json.Marshal(rec.Errors)
	const want = `[{"offset":9,"component":"path","code":"invalid-escape","message":"% not followed by two hex digits","count":20,"offsets":[9,12,15,18,21,24,27,30]},` +
		`{"offset":10,"component":"path","code":"invalid-char","message":"character not allowed here","count":40,"offsets":[10,11,13,14,16,17,19,20]}]`
	if string(b) != want {
		t.Errorf("lenient errors\n got %s\nwant %s", b, want)
	}
	// One occurrence: no count, no offsets.
	rec, _ = ParseRFC("/a b", true)
	if b, _ := json.Marshal(rec.Errors); string(b) != `[{"offset":2,"component":"path","code":"invalid-char","message":"character not allowed here"}]` {
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
	w, _, _ := ParseWHATWG("http://h/"+strings.Repeat("^", 50), nil, nil)
	if len(w.Errors) != 1 || w.Errors[0].Count != 50 || w.Errors[0].Offsets[1] != 10 {
		t.Errorf("whatwg errors: %+v", w.Errors)
	}
}

// The strict failure of a long input costs about the components'
// strings, not a lenient parse's findings: "%" repeated allocated 255
// bytes per input byte before.
func TestParseRFCStrictFailureAllocs(t *testing.T) {
	for _, n := range []int{1 << 10, 16 << 10, 256 << 10, 1 << 20} {
		for _, shape := range []string{"%", "%^ ", "http://h/a b"} {
			in := strings.Repeat(shape, n/len(shape))
			var rec RFC
			var err *Error
			per := allocBytes(func() { rec, err = ParseRFC(in, false) })
			if err == nil || rec.Valid {
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
