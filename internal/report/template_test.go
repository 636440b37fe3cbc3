package report

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/template"
)

func TestTemplateRecords(t *testing.T) {
	tm := template.MustParse("/a{/s}{?l*}{;m*}")
	for _, c := range []struct{ in, want string }{
		{`{"s": "x y", "l": [1, true, "é"], "m": {"z": "1", "a": [], "b": 2.50}, "n": null}`, `{"input":"{\"s\": \"x y\", \"l\": [1, true, \"é\"], \"m\": {\"z\": \"1\", \"a\": [], \"b\": 2.50}, \"n\": null}","error":{"offset":56,"code":"invalid-json","message":"variable \"m\": an object holds strings, numbers and booleans only"}}`},
		{`{"l": [null], "m": {"a": null}}`, `{"input":"{\"l\": [null], \"m\": {\"a\": null}}","output":"/a"}`},
		{`{"s": "x y", "l": [1, true, "é"], "m": {"z": "1", "b": 2.50}}`, `{"input":"{\"s\": \"x y\", \"l\": [1, true, \"é\"], \"m\": {\"z\": \"1\", \"b\": 2.50}}","output":"/a/x%20y?l=1&l=true&l=%C3%A9;z=1;b=2.50"}`},
		{`{}`, `{"input":"{}","output":"/a"}`},
		{`[1]`, `{"input":"[1]","error":{"offset":0,"code":"invalid-json","message":"want a JSON object of variables"}}`},
		{`{"s": "\ud800"}`, `{"input":"{\"s\": \"\\ud800\"}","error":{"offset":7,"code":"invalid-json","message":"\\ud800 is a UTF-16 surrogate without its pair, which no UTF-8 text holds"}}`},
		{`{"s": "a"} {}`, `{"input":"{\"s\": \"a\"} {}","error":{"offset":11,"code":"invalid-json","message":"want one JSON object of variables: text after it"}}`},
		{`{"s": [[1]]}`, `{"input":"{\"s\": [[1]]}","error":{"offset":7,"code":"invalid-json","message":"variable \"s\": a list holds strings, numbers and booleans only"}}`},
	} {
		rec := TemplateExpand(tm, c.in)
		if got := string(rec.AppendJSON(nil)); got != c.want {
			t.Errorf("%s:\n got  %s\n want %s", c.in, got, c.want)
		}
	}
	// An expansion that could exceed 8 bytes per byte of the template
	// and the record, plus 64 KiB, is refused before it is made.
	big := template.MustParse(strings.Repeat("{x}", 1000))
	rec := TemplateExpand(big, `{"x": "`+strings.Repeat("a", 1000)+`"}`)
	if rec.Error == nil || rec.Error.Code != "expansion-too-large" {
		t.Errorf("too large: %+v", rec.Error)
	}
	m := TemplateMatch(template.MustParse("/r/{id}{?q,page}"), "/r/a%20b?page=1,2")
	if got := string(m.AppendJSON(nil)); got != `{"input":"/r/a%20b?page=1,2","variables":{"id":"a b","page":["1","2"]}}` {
		t.Errorf("match: %s", got)
	}
}
