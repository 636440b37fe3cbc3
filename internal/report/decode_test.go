package report

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/urikit/urikit/percent"
)

func TestDecodeModes(t *testing.T) {
	for _, c := range []struct {
		in   string
		mode DecodeMode
		want string
	}{
		// Lenient decodes every well-formed escape, even to non-UTF-8.
		{"caf%E9", DecodeMode{Decoder: percent.Decoder{Lenient: true}},
			`{"input":"caf%E9","output_hex":"636166e9","findings":[{"offset":3,"code":"invalid-utf8","message":"\"%E9\": decoded bytes are not valid UTF-8"}]}`},
		{"%zz%41", DecodeMode{Decoder: percent.Decoder{Lenient: true}},
			`{"input":"%zz%41","output":"%zzA","findings":[{"offset":0,"code":"invalid-escape","message":"\"%zz\": % not followed by two hex digits"}]}`},
		{"%E9%zz", DecodeMode{Decoder: percent.Decoder{Lenient: true}, Bytes: true},
			`{"input":"%E9%zz","output_hex":"e9257a7a","findings":[{"offset":3,"code":"invalid-escape","message":"\"%zz\": % not followed by two hex digits"}]}`},
		// Strict octets.
		{"caf%E9", DecodeMode{Bytes: true}, `{"input":"caf%E9","output_hex":"636166e9"}`},
		{"a%4", DecodeMode{Bytes: true},
			`{"input":"a%4","error":{"offset":1,"code":"truncated-escape","message":"\"%4\": escape cut off by the end of the input"}}`},
		// Strict text.
		{"caf%E9", DecodeMode{},
			`{"input":"caf%E9","error":{"offset":3,"code":"invalid-utf8","message":"\"%E9\": decoded bytes are not valid UTF-8"}}`},
	} {
		b, err := json.Marshal(DecodeRecord(c.in, c.mode))
		if err != nil || string(b) != c.want {
			t.Errorf("%q %+v:\ngot  %s (%v)\nwant %s", c.in, c.mode, b, err, c.want)
		}
	}
	// Decode (the API's) follows the same rules.
	if b, _ := json.Marshal(Decode("%FF%41", percent.Decoder{Lenient: true})); !strings.Contains(string(b), `"output_hex":"ff41"`) {
		t.Errorf("Decode lenient: %s", b)
	}
}

// TestDecodeModeAppend: without findings nothing is listed, and the
// scratch buffer is reused.
func TestDecodeModeAppend(t *testing.T) {
	m := DecodeMode{Decoder: percent.Decoder{Lenient: true}}
	out, fs, err := m.AppendDecode([]byte("x"), "%E9%zz", false, nil)
	if string(out) != "x\xe9%zz" || fs != nil || err != nil {
		t.Errorf("got %q %v %v", out, fs, err)
	}
	// The findings cost a constant number of allocations, however many
	// problems there are.
	scratch := make([]byte, 0, 3000)
	dst := make([]byte, 0, 3000)
	count := func(n int) float64 {
		in := strings.Repeat("%E9%zz", n)
		return testing.AllocsPerRun(20, func() { m.AppendDecode(dst[:0], in, true, &scratch) })
	}
	if few, many := count(2), count(400); many != few || many > 24 {
		t.Errorf("%v allocations per lenient decode with findings for 2 problems, %v for 400", few, many)
	}
}
