package dataurl

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/text/encoding/htmlindex"

	"github.com/urikit/urikit/internal/conformance"
)

// bytesOrNull is a JSON array of byte values, or null (Nil set).
type bytesOrNull struct {
	B   []byte
	Nil bool
}

func (b *bytesOrNull) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		b.Nil = true
		return nil
	}
	var ints []int
	if err := json.Unmarshal(data, &ints); err != nil {
		return err
	}
	b.B = make([]byte, len(ints))
	for i, v := range ints {
		if v < 0 || v > 255 {
			return fmt.Errorf("byte value %d", v)
		}
		b.B[i] = byte(v)
	}
	return nil
}

func TestWPTDataURLs(t *testing.T) {
	var raw [][]json.RawMessage
	conformance.Load(t, "wpt/data-urls.json", &raw)
	tally := conformance.NewTally(t, "wpt/data-urls.json")
	for _, c := range raw {
		var input string
		var mime *string
		if err := json.Unmarshal(c[0], &input); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(c[1], &mime); err != nil {
			t.Fatal(err)
		}
		d, err := Parse(input)
		if mime == nil {
			tally.Check(t, err != nil, "Parse(%q) = %v, want failure", input, d)
			continue
		}
		var body bytesOrNull
		if err := json.Unmarshal(c[2], &body); err != nil {
			t.Fatal(err)
		}
		if err != nil {
			tally.Check(t, false, "Parse(%q): %v, want %q %v", input, err, *mime, body.B)
			continue
		}
		tally.Check(t, d.MIMEType.String() == *mime && bytes.Equal(d.Body, body.B),
			"Parse(%q) = %q %v, want %q %v", input, d.MIMEType, d.Body, *mime, body.B)
	}
}

func TestWPTBase64(t *testing.T) {
	var raw [][]json.RawMessage
	conformance.Load(t, "wpt/base64.json", &raw)
	tally := conformance.NewTally(t, "wpt/base64.json")
	viaURL := conformance.NewTally(t, "wpt/base64.json (data: URL)")
	for _, c := range raw {
		var input string
		var want bytesOrNull
		if err := json.Unmarshal(c[0], &input); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(c[1], &want); err != nil {
			t.Fatal(err)
		}
		got, _, code := forgivingBase64([]byte(input))
		// The same through a data: URL, every byte percent-encoded.
		url := []byte("data:;base64,")
		for i := 0; i < len(input); i++ {
			url = fmt.Appendf(url, "%%%02X", input[i])
		}
		d, err := Parse(string(url))
		if want.Nil {
			tally.Check(t, code != "", "forgiving-base64 %q = %v, want failure", input, got)
			viaURL.Check(t, err != nil, "Parse(%q) = %v, want failure", url, d)
			continue
		}
		tally.Check(t, code == "" && bytes.Equal(got, want.B), "forgiving-base64 %q = %v %q, want %v", input, got, code, want.B)
		viaURL.Check(t, err == nil && bytes.Equal(d.Body, want.B), "Parse(%q) = %v, %v; want %v", url, d, err, want.B)
	}
}

type mimeCase struct {
	Input    string  `json:"input"`
	Output   *string `json:"output"`
	Encoding *string `json:"encoding"`
	// hasEncoding is set when the case gives "encoding" (null or not).
	hasEncoding bool
}

func runMIMECases(t *testing.T, name string) {
	var raw []json.RawMessage
	conformance.Load(t, name, &raw)
	tally := conformance.NewTally(t, name)
	var encodings *conformance.Tally
	if name == "wpt/mime-types.json" {
		encodings = conformance.NewTally(t, name+" (charset encoding)")
	}
	for _, r := range raw {
		if len(r) > 0 && r[0] == '"' {
			continue // a comment
		}
		var c mimeCase
		if err := json.Unmarshal(r, &c); err != nil {
			t.Fatal(err)
		}
		var members map[string]json.RawMessage
		if err := json.Unmarshal(r, &members); err != nil {
			t.Fatal(err)
		}
		_, c.hasEncoding = members["encoding"]
		m, err := ParseMIMEType(c.Input)
		if c.Output == nil {
			tally.Check(t, err != nil, "ParseMIMEType(%q) = %q, want failure", c.Input, m)
			continue
		}
		tally.Check(t, err == nil && m.String() == *c.Output, "ParseMIMEType(%q) = %q, %v; want %q", c.Input, m, err, *c.Output)
		if err == nil && c.hasEncoding && encodings != nil {
			// The charset parameter, read as the Encoding Standard's
			// "get an encoding" does (x/text's table of labels), gives
			// the encoding the corpus names.
			got := ""
			if label, ok := m.Lookup("charset"); ok {
				if e, err := htmlindex.Get(label); err == nil {
					got, _ = htmlindex.Name(e)
				}
			}
			want := ""
			if c.Encoding != nil {
				want = *c.Encoding
			}
			encodings.Check(t, strings.EqualFold(got, want), "ParseMIMEType(%q): charset gives encoding %q, want %q", c.Input, got, want)
		}
		if err == nil {
			// The serialization parses to itself.
			again, err := ParseMIMEType(m.String())
			if err != nil || again.String() != m.String() {
				t.Errorf("ParseMIMEType(%q) = %q, %v: not a fixed point", m, again, err)
			}
		}
	}
}

func TestWPTMIMETypes(t *testing.T)          { runMIMECases(t, "wpt/mime-types.json") }
func TestWPTGeneratedMIMETypes(t *testing.T) { runMIMECases(t, "wpt/generated-mime-types.json") }
