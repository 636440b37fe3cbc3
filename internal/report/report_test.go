package report

import (
	"encoding/json"
	"testing"

	"github.com/urikit/urikit/percent"
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
