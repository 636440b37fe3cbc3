package serve

import (
	"strings"
	"testing"
)

// JSON strings whose text has no lossless UTF-8 reading are refused with
// a 400 that names the field, instead of being read as U+FFFD.
func TestInvalidText(t *testing.T) {
	h := newTestHandler()
	for _, c := range []struct {
		body, code, want string
	}{
		{`{"input": "\ud800"}`, "invalid-unicode", `field "input" (offset 11): \ud800 is a UTF-16 surrogate`},
		{`{"input": "a\uDC00b"}`, "invalid-unicode", `field "input" (offset 12): \uDC00`},
		{`{"input": "\ud800\u0041"}`, "invalid-unicode", `field "input" (offset 11): \ud800`},
		{`{"input": "\ud800\ud800\udc00"}`, "invalid-unicode", `field "input" (offset 11)`},
		{`{"input": "\ud83d\ude00", "inputs": ["x"]}`, "ambiguous-input", ""}, // a pair is fine
		{`{"inputs": ["ok", "x\udfff"]}`, "invalid-unicode", `field "inputs"[1] (offset 20)`},
		{`{"inputs": ["ok"], "set": "\udbff"}`, "invalid-unicode", `field "set" (offset 27)`},
		{`{"input": "a", "\ud800": 1}`, "invalid-unicode", `a key of the top object (offset 16)`},
		{`{"input": "a\ud800`, "invalid-unicode", `the body (offset 12)`}, // cut off before the string ends
		{"{\"inputs\": [\"a\", \"b\xffc\"]}", "malformed-json", `field "inputs"[1] (offset 19): the body is not valid UTF-8`},
		{"{\"input\": \"\xc3\"}", "malformed-json", `field "input" (offset 11)`},
		{"{\"input\": \"\xed\xa0\x80\"}", "malformed-json", `field "input" (offset 11)`}, // a surrogate in UTF-8 form
		{"{\"input\": \"\\ud800\xff\"}", "invalid-unicode", `offset 11`},                 // the first of the two
		{"{\"input\": \"\xff\\ud800\"}", "malformed-json", `offset 11`},
	} {
		a := call(t, h, "POST", "/v1/encode", c.body)
		a.wantError(t, 400, c.code)
		if e, _ := a.body["error"].(map[string]any); e == nil || !strings.Contains(e["message"].(string), c.want) {
			t.Errorf("%s: message %v, want it to hold %q", c.body, a.body, c.want)
		}
	}
	// Escaped backslashes before "u" are not escapes; a valid pair is
	// decoded to its character.
	r := call(t, h, "POST", "/v1/encode", `{"input": "\\ud800 \\\\\ud83d\ude00"}`).result(t)
	if r["input"] != `\ud800 \\😀` {
		t.Errorf("input read as %q", r["input"])
	}
	rs := call(t, h, "POST", "/v1/encode", `{"inputs": ["\u00e9", "\uD7FF\uE000"], "set": "path"}`).results(t)
	if rs[0]["output"] != "%C3%A9" || rs[1]["output"] != "%ED%9F%BF%EE%80%80" {
		t.Errorf("results %v", rs)
	}
}

// Option names are matched as encoding/json matches them (ignoring case,
// escapes decoded); any other is refused.
func TestOptionNames(t *testing.T) {
	h := newTestHandler()
	for _, body := range []string{`{"INPUT": "a b", "Set": "path"}`, `{"\u0069nput": "a b"}`, ` {"input" : "a b" , "plus":false} `,
		`{"set": "path", "input": "a b", "keep_escapes": true}`} {
		if r := call(t, h, "POST", "/v1/encode", body).result(t); r["input"] != "a b" {
			t.Errorf("%s: %v", body, r)
		}
	}
	for _, body := range []string{`{"input": "a", "sets": "path"}`, `{"input": "a", "\u0073ets": 1}`, `{"input": "a", "records": {}}`,
		`{"inputs": ["a", {"x": "}"}], "bogus": [1, {"a": [2]}]}`} {
		call(t, h, "POST", "/v1/encode", body).wantError(t, 400, "unknown-field")
	}
	a := call(t, h, "POST", "/v1/encode", `{"input": "a", "x\"y": 1}`)
	a.wantError(t, 400, "unknown-field")
	if m := a.body["error"].(map[string]any)["message"]; m != `unknown option "x\"y"` {
		t.Errorf("message %v", m)
	}
}
