package apitest

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/urikit/urikit/check"
	"github.com/urikit/urikit/dataurl"
	"github.com/urikit/urikit/form"
	"github.com/urikit/urikit/gitaddr"
	"github.com/urikit/urikit/mailto"
	"github.com/urikit/urikit/purl"
	"github.com/urikit/urikit/template"
	"github.com/urikit/urikit/uri"
	"github.com/urikit/urikit/urn"
	"github.com/urikit/urikit/whatwg"
)

// textCase is a value type with a text form: a new zero value of it (as a
// pointer) and a text that is not the zero value's.
type textCase struct {
	zero func() any
	text string
}

func textCases() map[string]textCase {
	return map[string]textCase{
		"check.Severity":    {func() any { return new(check.Severity) }, "danger"},
		"dataurl.DataURL":   {func() any { return new(dataurl.DataURL) }, "data:text/plain,hi"},
		"dataurl.MIMEType":  {func() any { return new(dataurl.MIMEType) }, "text/html;charset=utf-8"},
		"form.RawQuery":     {func() any { return new(form.RawQuery) }, "a=1&b=%20"},
		"form.Values":       {func() any { return new(form.Values) }, "a=1&b=2"},
		"gitaddr.Addr":      {func() any { return new(gitaddr.Addr) }, "git@github.com:owner/repo.git"},
		"mailto.Message":    {func() any { return new(mailto.Message) }, "mailto:a@example.com?subject=hi"},
		"purl.PURL":         {func() any { return new(purl.PURL) }, "pkg:npm/%40angular/animation@12.3.1"},
		"template.Template": {func() any { return new(template.Template) }, "/repos/{owner}{?q}"},
		"uri.Level":         {func() any { return new(uri.Level) }, "scheme"},
		"uri.Reference":     {func() any { return new(uri.Reference) }, "http://a/b?c#d"},
		"urn.URN":           {func() any { return new(urn.URN) }, "urn:isbn:0451450523"},
		"whatwg.URL":        {func() any { return new(whatwg.URL) }, "https://example.com/a?b#c"},
	}
}

// TestTextRoundTrip checks rule 5 of API.md on every value type with a
// text form: the zero value marshals to "" and "" unmarshals to the zero
// value, as netip.Addr does; the same through JSON inside a struct; and a
// real value round-trips through its text.
func TestTextRoundTrip(t *testing.T) {
	cases := textCases()
	for name, c := range cases {
		zero := c.zero()
		m := zero.(encoding.TextMarshaler)
		b, err := m.MarshalText()
		if err != nil || len(b) != 0 {
			t.Errorf("%s: the zero value marshals to %q, %v; want \"\"", name, b, err)
		}
		back := c.zero()
		if err := back.(encoding.TextUnmarshaler).UnmarshalText(nil); err != nil || !reflect.DeepEqual(back, zero) {
			t.Errorf("%s: \"\" unmarshals to %v, %v; want the zero value", name, back, err)
		}
		// JSON, as a field of a struct: the zero value round-trips.
		wrap := reflect.New(reflect.StructOf([]reflect.StructField{{Name: "V", Type: reflect.TypeOf(zero).Elem()}}))
		j, err := json.Marshal(wrap.Interface())
		if err != nil || string(j) != `{"V":""}` {
			t.Errorf("%s: the zero value in JSON is %s, %v; want {\"V\":\"\"}", name, j, err)
		}
		wrapBack := reflect.New(wrap.Elem().Type())
		if err := json.Unmarshal(j, wrapBack.Interface()); err != nil || !reflect.DeepEqual(wrapBack.Elem().Interface(), wrap.Elem().Interface()) {
			t.Errorf("%s: %s unmarshals to %v, %v", name, j, wrapBack.Elem().Interface(), err)
		}
		// A real value: its text unmarshals and marshals back the same.
		v := c.zero()
		if err := v.(encoding.TextUnmarshaler).UnmarshalText([]byte(c.text)); err != nil {
			t.Errorf("%s: UnmarshalText(%q): %v", name, c.text, err)
			continue
		}
		if b, err := v.(encoding.TextMarshaler).MarshalText(); err != nil || string(b) != c.text {
			t.Errorf("%s: %q marshals back to %q, %v", name, c.text, b, err)
		}
		if reflect.DeepEqual(v, zero) {
			t.Errorf("%s: %q unmarshals to the zero value", name, c.text)
		}
	}
	// Every type of the listing with UnmarshalText has its case here.
	for _, typ := range listed(t, `([a-z]+), method \(\*([A-Za-z]+)\) UnmarshalText\(\[\]byte\) error`) {
		if _, ok := cases[typ]; !ok {
			t.Errorf("%s has UnmarshalText but no case in textCases", typ)
		}
	}
	for name := range cases {
		if !strings.Contains(name, ".") {
			t.Errorf("case %q: name it pkg.Type", name)
		}
	}
}
