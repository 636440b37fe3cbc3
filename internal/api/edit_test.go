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
