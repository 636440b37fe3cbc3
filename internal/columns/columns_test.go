package columns

import (
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// TestOnlyRawColumnsHoldRawBytes checks the rule the writers rely on:
// only the Raw columns (those with a "_hex" twin) can hold text that is
// not UTF-8, whatever the input and the parser.
func TestOnlyRawColumnsHoldRawBytes(t *testing.T) {
	inputs := []string{
		"http://u\xff:p\xfe@h\xff.example:8080/p\xff?q\xff#f\xff", "\xff", "h\xff:x", "http://[\xff]/",
		"http://xn--\xff.example/", "mailto:\xff@\xfe", "//\xff\xfe/\xc3", "http://%ff%fe.example/%ff",
	}
	r := rand.New(rand.NewPCG(1, 2))
	const alphabet = "hpt:/@[]?#%.fF0\xff\xfe\xc3\xa9ab"
	for range 20000 {
		b := make([]byte, r.IntN(24))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		inputs = append(inputs, "http://"+string(b), string(b))
	}
	var row Row
	for _, p := range []Parser{RFC3986, Lenient, WHATWG} {
		b := Builder{Parser: p}
		for _, in := range inputs {
			b.Build(&row, in)
			for i, c := range Columns {
				if v := row[i]; c.Kind == Text && !c.Raw && v.Valid && !utf8.ValidString(v.Text) {
					t.Errorf("parser %d, %q: column %s is not UTF-8: %q", p, in, c.Name, v.Text)
				}
			}
		}
	}
}

// TestBuild checks the columns of a few records.
func TestBuild(t *testing.T) {
	var b Builder
	var row Row
	if e := b.Build(&row, "http://u:p@www.Example.co.uk:8080/a?q#f"); e != nil {
		t.Fatal(e)
	}
	want := Row{
		Input: text("http://u:p@www.Example.co.uk:8080/a?q#f"), Scheme: text("http"), Username: text("u"),
		Password: text("p"), Host: text("www.Example.co.uk"), HostType: text("reg-name"),
		Port: {Int: 8080, Valid: true}, Path: text("/a"), Query: text("q"), Fragment: text("f"),
		RegistrableDomain: text("example.co.uk"), PublicSuffix: text("co.uk"), SURT: text("uk,co,example:8080)/a?q"),
	}
	if row != want {
		t.Errorf("got  %+v\nwant %+v", row, want)
	}
	e := b.Build(&row, "http://a b/")
	if e == nil || row[ErrorCode].Text != e.Code || row[ErrorOffset].Int != e.Offset || row[Scheme].Valid || !row[Input].Valid {
		t.Errorf("a failed record: %v %+v", e, row)
	}
	rec := Record(&row, e, nil)
	if len(rec.Fields) != 0 || rec.Error != e {
		t.Errorf("the record of a failure: %+v", rec)
	}
	var p ParquetRow
	var v ParquetValues
	b.Parser = Lenient
	b.Build(&row, "http://h/\xff")
	p.Fill(&row, &v)
	if p.Path != nil || p.PathHex == nil || *p.PathHex != "2fff" || p.Input != nil || *p.InputHex != "687474703a2f2f682fff" {
		t.Errorf("raw bytes: path %v path_hex %v input_hex %v", p.Path, p.PathHex, p.InputHex)
	}
}

// TestASCIIRecordsGiveASCIIColumns checks what Builder.ASCII promises
// the writers, which then skip the UTF-8 check: the row of an ASCII
// record has ASCII texts in every Raw column, with every parser, for
// chosen records and for random ASCII ones.
func TestASCIIRecordsGiveASCIIColumns(t *testing.T) {
	recs := []string{
		"http://user:pa ss@h%41st:80/p a/t?q=%zz#f g", "HTTP://EXAMPLE.com./", "http://[::1%25eth0]:8080/",
		"http://xn--nxasmq6b.com/", "http://%E2%98%83.com/", "foo://op%aque host/x", "http:\\\\h\\p",
		"\t http://h/\n", "mailto:a@b", "urn:isbn:0", "//h/p", "?q", "#f", "a:b:c@d", "http://a@b@c/",
		"http://1.2.3.4/", "http://0x7f.1/", "file:///C:/x", "http://h:99999/", "javascript:alert(1)",
	}
	rng := rand.New(rand.NewPCG(1, 2))
	const alphabet = "abcAB019:/?#[]@!$&'()*+,;=%-._~ \t\\\"<>^`{|}\x00\x1f\x7f"
	for range 20000 {
		b := []byte("http://")
		if rng.IntN(3) == 0 {
			b = b[:0]
		}
		for range rng.IntN(24) {
			b = append(b, alphabet[rng.IntN(len(alphabet))])
		}
		recs = append(recs, string(b))
	}
	for _, p := range []Parser{RFC3986, Lenient, WHATWG} {
		var b Builder
		b.Parser = p
		var row Row
		for _, in := range recs {
			b.Build(&row, in)
			if !b.ASCII() {
				t.Fatalf("parser %d: %q: ASCII() false", p, in)
			}
			for i, c := range Columns {
				if !c.Raw || !row[i].Valid {
					continue
				}
				for j := 0; j < len(row[i].Text); j++ {
					if row[i].Text[j] >= 0x80 {
						t.Fatalf("parser %d: %q: column %s %q is not ASCII", p, in, c.Name, row[i].Text)
					}
				}
			}
		}
		for _, in := range []string{"http://é.com/", "http://h/\xff", "http://h/abcdefgh\x80"} {
			if b.Build(&row, in); b.ASCII() {
				t.Errorf("parser %d: %q: ASCII() true", p, in)
			}
		}
	}
}
