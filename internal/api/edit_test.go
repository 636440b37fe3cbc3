package api

import (
	"reflect"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/edit"
)

// TestEditKeys checks the translation of /v1/edit: every field of
// edit.Options has a key of the request, and the messages name the keys,
// never a field of the engine or a flag of the CLI.
func TestEditKeys(t *testing.T) {
	tags := map[string]bool{}
	rt := reflect.TypeFor[editRequest]()
	for i := range rt.NumField() {
		if tag := rt.Field(i).Tag.Get("json"); tag != "" {
			tags[`"`+tag+`"`] = true
		}
	}
	ot := reflect.TypeFor[edit.Options]()
	for i := range ot.NumField() {
		name := ot.Field(i).Name
		key, ok := editKeys[name]
		if !ok || !tags[key] {
			t.Errorf("edit.Options.%s: key %q is not a key of editRequest", name, key)
		}
	}
	if len(editKeys) != ot.NumField() {
		t.Errorf("editKeys has %d entries for %d fields", len(editKeys), ot.NumField())
	}
	for _, c := range []struct {
		req  editRequest
		want string
	}{
		{editRequest{Punycode: true, AsIDN: true}, `give one of "punycode" and "as_idn"`},
		{editRequest{DefaultPort: true}, `"default_port" needs "rfc3986"`},
		{editRequest{NoPort: true, DefaultPort: true, RFC3986: true}, `give one of "default_port" and "no_port"`},
		{editRequest{Set: []string{"bogus=1"}}, `"set" "bogus=1": unknown component "bogus"`},
		{editRequest{Append: []string{"host=x"}}, `"append" "host=x": want path=SEGMENT`},
		{editRequest{Iterate: []string{"port="}}, `"iterate" "port=": no values`},
		{editRequest{Redirect: "http://[::1"}, `"redirect": `},
	} {
		_, err := prepareEdit(&c.req)
		if err == nil || err.Code != "invalid-option" || !strings.Contains(err.Message, c.want) || strings.Contains(err.Message, "--") {
			t.Errorf("%+v: %+v, want a message with %q", c.req, err, c.want)
		}
	}
	make, err := prepareEdit(&editRequest{Set: []string{"port=x"}, Delete: []string{"query=a"}})
	if err != nil {
		t.Fatal(err)
	}
	if rec := make("http://h/"); rec.Error == nil || rec.Error.Message != `"set" port=x: the port is not a number` {
		t.Errorf("refused: %+v", rec.Error)
	}
	make, _ = prepareEdit(&editRequest{Delete: []string{"query=a", "query=b"}, Trim: true})
	if rec := make("http://h/?c"); len(rec.Findings) != 1 || rec.Findings[0].Message != `"delete" query=a, "delete" query=b: matched no query pair` {
		t.Errorf("findings: %+v", rec.Findings)
	}
}

// TestEditSemantics checks that /v1/edit edits as "urikit edit" does:
// deletes before appends, a name alone appended or replaced, two edits of
// one component refused, the tracking names in any case.
func TestEditSemantics(t *testing.T) {
	for _, c := range []struct {
		req  editRequest
		in   string
		href string
	}{
		{editRequest{Append: []string{"query=a=ciao"}, Delete: []string{"query=a"}}, "http://h/?a=1&b=2", "http://h/?b=2&a=ciao"},
		{editRequest{Append: []string{"query=moo"}, Replace: []string{"query=b"}}, "http://h/?b=1", "http://h/?b&moo"},
		{editRequest{Trim: true}, "http://h/?UTM_CAMPAIGN=x&id=1", "http://h/?id=1"},
		{editRequest{Delete: []string{"query=utm_*"}, RFC3986: true}, "http://h/?Utm_Source=x&id=1", "http://h/?id=1"},
	} {
		make, err := prepareEdit(&c.req)
		if err != nil {
			t.Fatalf("%+v: %v", c.req, err)
		}
		rec := make(c.in)
		if rec.Error != nil || len(rec.Fields) == 0 {
			t.Errorf("%+v on %s: %+v", c.req, c.in, rec)
			continue
		}
		if v := rec.Fields[0].Value(); v != c.href {
			t.Errorf("%+v on %s: %q, want %q", c.req, c.in, v, c.href)
		}
	}
	for _, c := range []struct {
		req  editRequest
		want string
	}{
		{editRequest{Set: []string{"port=144", "port=145"}}, `"set" "port=144" and "set" "port=145" both edit the port: give one`},
		{editRequest{Set: []string{"host=foo"}, Iterate: []string{"host=a b"}}, `"iterate" "host=a b" and "set" "host=foo" both edit the host`},
		{editRequest{Set: []string{"port=1"}, NoPort: true}, `"set" "port=1" and "no_port" both edit the port`},
	} {
		if _, err := prepareEdit(&c.req); err == nil || err.Code != "invalid-option" || !strings.Contains(err.Message, c.want) {
			t.Errorf("%+v: %+v, want invalid-option %q", c.req, err, c.want)
		}
	}
}

// "trim_rules" gives "trim" a rule object of its own; a rule RE2 cannot
// compile, or the rules without "trim", are invalid options.
func TestEditTrimRules(t *testing.T) {
	mk, err := prepareEdit(&editRequest{Trim: true, TrimRules: []byte(`{"providers": {"p": {"urlPattern": ".*", "rules": ["x"]}}}`)})
	if err != nil {
		t.Fatal(err)
	}
	rec := mk("https://a.example/?x=1&utm_source=2")
	if rec.Error != nil || !strings.Contains(string(rec.AppendJSON(nil)), `"href":"https://a.example/?utm_source=2"`) {
		t.Errorf("%s", rec.AppendJSON(nil))
	}
	for _, req := range []editRequest{
		{Trim: true, TrimRules: []byte(`{"providers": {"p": {"urlPattern": "(?=a)"}}}`)},
		{TrimRules: []byte(`{"providers": {}}`)},
	} {
		if _, err := prepareEdit(&req); err == nil || err.Code != "invalid-option" {
			t.Errorf("%s: %+v", req.TrimRules, err)
		}
	}
}
