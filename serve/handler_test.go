package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/urikit/urikit/internal/report"
)

// answer is a decoded API answer.
type answer struct {
	status int
	header http.Header
	body   map[string]any // an object
	list   []any          // an array (a batch's records)
	raw    string
}

// call sends one request to h and decodes the JSON answer.
func call(t *testing.T, h http.Handler, method, path, body string, header ...string) answer {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, path, rd)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	a := answer{status: rec.Code, header: rec.Header(), raw: rec.Body.String()}
	if strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") && method != http.MethodHead {
		var v any
		if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
			t.Fatalf("%s %s: answer is not JSON: %v: %q", method, path, err, a.raw)
		}
		a.body, _ = v.(map[string]any)
		a.list, _ = v.([]any)
	}
	return a
}

// result returns the record of a, the answer for one input, failing the
// test otherwise.
func (a answer) result(t *testing.T) map[string]any {
	t.Helper()
	r := a.body
	if a.status != http.StatusOK || r == nil || (r["input"] == nil && r["input_hex"] == nil) {
		t.Fatalf("want a 200 with a record, got %d %s", a.status, a.raw)
	}
	return r
}

// results returns the records of a, the answer for a batch, failing the
// test otherwise.
func (a answer) results(t *testing.T) []map[string]any {
	t.Helper()
	if a.status != http.StatusOK || a.list == nil {
		t.Fatalf("want a 200 with a list of records, got %d %s", a.status, a.raw)
	}
	var out []map[string]any
	for _, r := range a.list {
		out = append(out, r.(map[string]any))
	}
	return out
}

// wantError checks that a is an error answer with status and code.
func (a answer) wantError(t *testing.T, status int, code string) {
	t.Helper()
	if a.status != status {
		t.Errorf("status %d, want %d: %s", a.status, status, a.raw)
	}
	if ct := a.header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type %q, want application/json", ct)
	}
	e, _ := a.body["error"].(map[string]any)
	if e == nil || e["code"] != code {
		t.Errorf("error %v, want code %q", a.body, code)
		return
	}
	if m, _ := e["message"].(string); m == "" {
		t.Errorf("error %v has no message", e)
	}
}

func newTestHandler() http.Handler { return NewHandler(Options{}) }

func TestParseRoute(t *testing.T) {
	h := newTestHandler()
	r := call(t, h, "POST", "/v1/parse", `{"input": "http://u@[::1]:8080/a%2Fb?q#f"}`).result(t)
	want := map[string]any{"input": "http://u@[::1]:8080/a%2Fb?q#f", "scheme": "http",
		"userinfo": "u", "host": "[::1]", "host_type": "ipv6", "port": "8080", "path": "/a%2Fb", "query": "q", "fragment": "f"}
	for k, v := range want {
		if r[k] != v {
			t.Errorf("%s = %v, want %v", k, r[k], v)
		}
	}
	if r["error"] != nil || r["findings"] != nil {
		t.Errorf("error or findings in %v", r)
	}

	// Absent is null, a strict error fails the record, lenient lists
	// every deviation as a finding.
	rs := call(t, h, "POST", "/v1/parse", `{"inputs": ["a:", "/a b", "http://a b/c d"], "mode": "rfc3986"}`).results(t)
	if len(rs) != 3 || rs[0]["scheme"] != "a" || rs[0]["host"] != nil || rs[0]["query"] != nil || rs[0]["path"] != "" {
		t.Fatalf("results = %v", rs)
	}
	e, _ := rs[1]["error"].(map[string]any)
	if e == nil || e["offset"] != 2.0 || e["code"] == "" || e["message"] == "" || rs[1]["path"] != nil {
		t.Errorf("strict invalid = %v", rs[1])
	}
	lenient := call(t, h, "POST", "/v1/parse", `{"input": "http://a b/c d", "lenient": true}`).result(t)
	if lenient["error"] != nil || len(lenient["findings"].([]any)) != 2 || lenient["path"] != "/c d" {
		t.Errorf("lenient = %v", lenient)
	}

	// WHATWG, with and without base, and a failure.
	w := call(t, h, "POST", "/v1/parse", `{"input": "HTTP://EXAMPLE.com:80/a/../b", "mode": "whatwg"}`).result(t)
	if w["href"] != "http://example.com/b" || w["port"] != "" || w["hostname"] != "example.com" || w["base"] != nil {
		t.Errorf("whatwg = %v", w)
	}
	rs = call(t, h, "POST", "/v1/parse", `{"inputs": ["../x?y#z", "//h/p"], "mode": "whatwg", "base": "https://example.com/dir/a"}`).results(t)
	if rs[0]["href"] != "https://example.com/x?y#z" || rs[1]["href"] != "https://h/p" {
		t.Errorf("whatwg with base = %v", rs)
	}
	f := call(t, h, "POST", "/v1/parse", `{"input": "no scheme", "mode": "whatwg"}`).result(t)
	if fe, _ := f["error"].(map[string]any); fe == nil || fe["code"] != "missing-scheme-non-relative-URL" || f["href"] != nil {
		t.Errorf("whatwg failure = %v", f)
	}
}

func TestEncodeDecodeRoutes(t *testing.T) {
	h := newTestHandler()
	for _, c := range []struct{ body, want string }{
		{`{"input": "a b/你"}`, "a%20b%2F%E4%BD%A0"},
		{`{"input": "file?.txt", "set": "path-segment"}`, "file%3F.txt"},
		{`{"input": "a b+c", "set": "form"}`, "a+b%2Bc"},
		{`{"input": "a b", "plus": true}`, "a+b"},
		{`{"input": "100%25 x", "keep_escapes": true}`, "100%25%20x"},
		{`{"input": "100%25 x"}`, "100%2525%20x"},
	} {
		r := call(t, h, "POST", "/v1/encode", c.body).result(t)
		if r["output"] != c.want {
			t.Errorf("encode %s = %v, want %q", c.body, r, c.want)
		}
	}
	// A blank input fails as a blank line does in the CLI.
	if r := call(t, h, "POST", "/v1/encode", `{"input": ""}`).result(t); r["output"] != nil || r["error"].(map[string]any)["code"] != "empty" {
		t.Errorf("encode of an empty input = %v, want the error empty", r)
	}
	rs := call(t, h, "POST", "/v1/encode", `{"inputs": ["a b", "c&d"], "set": "query-value"}`).results(t)
	if len(rs) != 2 || rs[0]["output"] != "a%20b" || rs[1]["output"] != "c%26d" || rs[1]["input"] != "c&d" {
		t.Errorf("encode batch = %v", rs)
	}

	rs = call(t, h, "POST", "/v1/decode", `{"inputs": ["caf%C3%A9", "abc%4", "%C3", "a+b"]}`).results(t)
	if rs[0]["output"] != "café" || rs[3]["output"] != "a+b" {
		t.Errorf("decode = %v", rs)
	}
	for i, off := range map[int]float64{1: 3, 2: 0} {
		e, _ := rs[i]["error"].(map[string]any)
		if e == nil || e["offset"] != off || rs[i]["output"] != nil {
			t.Errorf("decode %v: want error at %v", rs[i], off)
		}
	}
	r := call(t, h, "POST", "/v1/decode", `{"input": "%zz%41+%u4F60", "lenient": true, "plus": true}`).result(t)
	if r["output"] != "%zzA %u4F60" || len(r["findings"].([]any)) != 2 {
		t.Errorf("lenient decode = %v", r)
	}
	r = call(t, h, "POST", "/v1/decode", `{"input": "%u4F60", "legacy_u": true}`).result(t)
	if r["output"] != "你" {
		t.Errorf("legacy_u decode = %v", r)
	}
	// Output that is not UTF-8 is given in hex.
	r = call(t, h, "POST", "/v1/decode", `{"input": "%FF%41", "lenient": true}`).result(t)
	if r["output_hex"] != "ff41" || r["output"] != nil {
		t.Errorf("lenient decodes well-formed escapes to octets: %v", r)
	}
}

func TestNormalizeResolveRoutes(t *testing.T) {
	h := newTestHandler()
	rs := call(t, h, "POST", "/v1/normalize", `{"inputs": ["HTTP://Example.COM:80/%7euser/./a/../b", "/a b"]}`).results(t)
	if rs[0]["output"] != "http://example.com/~user/b" {
		t.Errorf("normalize = %v", rs[0])
	}
	if e, _ := rs[1]["error"].(map[string]any); e == nil || e["offset"] != 2.0 || e["component"] != "path" {
		t.Errorf("normalize invalid = %v", rs[1])
	}
	r := call(t, h, "POST", "/v1/normalize", `{"input": "HTTP://Example.COM:80/", "level": "syntax"}`).result(t)
	if r["output"] != "http://example.com:80/" {
		t.Errorf("normalize syntax = %v", r)
	}
	r = call(t, h, "POST", "/v1/normalize", `{"input": "http://a/?b=1&a=2#f", "sort_query": true, "drop_fragment": true}`).result(t)
	if r["output"] != "http://a/?a=2&b=1" {
		t.Errorf("normalize sort+drop = %v", r)
	}
	r = call(t, h, "POST", "/v1/normalize", `{"input": "http://a/?", "drop_empty_query": true}`).result(t)
	if r["output"] != "http://a/" {
		t.Errorf("normalize drop_empty_query = %v", r)
	}

	rs = call(t, h, "POST", "/v1/resolve", `{"inputs": ["../g", "?y", "#s", "../../../g", "g h"], "base": "http://a/b/c/d;p?q"}`).results(t)
	for i, want := range []string{"http://a/b/g", "http://a/b/c/d;p?y", "http://a/b/c/d;p?q#s", "http://a/g"} {
		if rs[i]["output"] != want {
			t.Errorf("resolve %v, want %q", rs[i], want)
		}
	}
	if rs[4]["error"] == nil {
		t.Errorf("resolve invalid = %v", rs[4])
	}
}

func TestHealthAndPage(t *testing.T) {
	h := newTestHandler()
	a := call(t, h, "GET", "/healthz", "")
	if a.status != 200 || a.body["status"] != "ok" {
		t.Errorf("healthz = %d %s", a.status, a.raw)
	}
	if a = call(t, h, "HEAD", "/healthz", ""); a.status != 200 {
		t.Errorf("HEAD healthz = %d", a.status)
	}
	for path, ct := range map[string]string{"/": "text/html", "/app.js": "text/javascript", "/style.css": "text/css"} {
		a := call(t, h, "GET", path, "")
		if a.status != 200 || !strings.HasPrefix(a.header.Get("Content-Type"), ct) || len(a.raw) == 0 {
			t.Errorf("GET %s = %d %q (%d bytes)", path, a.status, a.header.Get("Content-Type"), len(a.raw))
		}
		if csp := a.header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'none'") {
			t.Errorf("GET %s: CSP %q", path, csp)
		}
		head := call(t, h, "HEAD", path, "")
		if head.status != 200 || head.raw != "" || head.header.Get("Content-Length") != a.header.Get("Content-Length") {
			t.Errorf("HEAD %s = %d, %d bytes, length %q", path, head.status, len(head.raw), head.header.Get("Content-Length"))
		}
	}
}

func TestErrors(t *testing.T) {
	h := NewHandler(Options{MaxBodyBytes: 256, MaxRecords: 3})
	for _, c := range []struct {
		name, method, path, body string
		header                   []string
		status                   int
		code                     string
	}{
		{"unknown route", "GET", "/nope", "", nil, 404, "not-found"},
		{"unknown API route", "POST", "/v1/nope", `{"input":"a"}`, nil, 404, "not-found"},
		{"trailing slash", "POST", "/v1/parse/", `{"input":"a"}`, nil, 404, "not-found"},
		{"GET on API", "GET", "/v1/parse", "", nil, 405, "method-not-allowed"},
		{"PUT on API", "PUT", "/v1/encode", `{"input":"a"}`, nil, 405, "method-not-allowed"},
		{"POST on page", "POST", "/", `{}`, nil, 405, "method-not-allowed"},
		{"DELETE on healthz", "DELETE", "/healthz", "", nil, 405, "method-not-allowed"},
		{"empty body", "POST", "/v1/parse", "", nil, 400, "malformed-json"},
		{"syntax", "POST", "/v1/parse", `{"input": }`, nil, 400, "malformed-json"},
		{"cut off", "POST", "/v1/parse", `{"input": "a"`, nil, 400, "malformed-json"},
		{"not an object", "POST", "/v1/parse", `["a"]`, nil, 400, "malformed-json"},
		{"string body", "POST", "/v1/parse", `"a"`, nil, 400, "malformed-json"},
		{"trailing data", "POST", "/v1/parse", `{"input": "a"} {}`, nil, 400, "malformed-json"},
		{"trailing garbage", "POST", "/v1/parse", `{"input": "a"}x`, nil, 400, "malformed-json"},
		{"invalid UTF-8", "POST", "/v1/encode", "{\"input\": \"\xff\"}", nil, 400, "malformed-json"},
		{"unknown field", "POST", "/v1/parse", `{"input": "a", "lenent": true}`, nil, 400, "unknown-field"},
		{"option of another route", "POST", "/v1/encode", `{"input": "a", "level": "full"}`, nil, 400, "unknown-field"},
		{"input not a string", "POST", "/v1/parse", `{"input": 1}`, nil, 400, "invalid-field"},
		{"inputs not an array", "POST", "/v1/parse", `{"inputs": "a"}`, nil, 400, "invalid-field"},
		{"inputs of numbers", "POST", "/v1/parse", `{"inputs": [1]}`, nil, 400, "invalid-field"},
		{"bool option as string", "POST", "/v1/decode", `{"input": "a", "lenient": "yes"}`, nil, 400, "invalid-field"},
		{"no input", "POST", "/v1/parse", `{}`, nil, 400, "missing-input"},
		{"null input", "POST", "/v1/parse", `{"input": null}`, nil, 400, "missing-input"},
		{"null body", "POST", "/v1/parse", `null`, nil, 400, "missing-input"},
		{"both", "POST", "/v1/parse", `{"input": "a", "inputs": ["b"]}`, nil, 400, "ambiguous-input"},
		{"too many records", "POST", "/v1/encode", `{"inputs": ["a", "b", "c", "d"]}`, nil, 413, "too-many-records"},
		{"body too large", "POST", "/v1/encode", `{"input": "` + strings.Repeat("a", 300) + `"}`, nil, 413, "body-too-large"},
		{"wrong content type", "POST", "/v1/encode", `{"input": "a"}`, []string{"Content-Type", "text/plain"}, 415, "unsupported-media-type"},
		{"form content type", "POST", "/v1/encode", `{"input": "a"}`, []string{"Content-Type", "application/x-www-form-urlencoded"}, 415, "unsupported-media-type"},
		{"bad mode", "POST", "/v1/parse", `{"input": "a", "mode": "rfc"}`, nil, 400, "invalid-option"},
		{"base without whatwg", "POST", "/v1/parse", `{"input": "a", "base": "http://a/"}`, nil, 400, "invalid-option"},
		{"lenient with whatwg", "POST", "/v1/parse", `{"input": "a", "mode": "whatwg", "lenient": true}`, nil, 400, "invalid-option"},
		{"bad whatwg base", "POST", "/v1/parse", `{"input": "a", "mode": "whatwg", "base": "nope"}`, nil, 400, "invalid-option"},
		{"bad set", "POST", "/v1/encode", `{"input": "a", "set": "nope"}`, nil, 400, "invalid-option"},
		{"bad level", "POST", "/v1/normalize", `{"input": "a", "level": "nope"}`, nil, 400, "invalid-option"},
		{"resolve without base", "POST", "/v1/resolve", `{"input": "a"}`, nil, 400, "invalid-option"},
		{"resolve relative base", "POST", "/v1/resolve", `{"input": "a", "base": "/b/c"}`, nil, 400, "invalid-option"},
		{"resolve invalid base", "POST", "/v1/resolve", `{"input": "a", "base": "http://a b/"}`, nil, 400, "invalid-option"},
		{"relativize without base", "POST", "/v1/relativize", `{"input": "a"}`, nil, 400, "invalid-option"},
		{"equal without other", "POST", "/v1/equal", `{"input": "a"}`, nil, 400, "invalid-option"},
		{"equal invalid other", "POST", "/v1/equal", `{"input": "a", "other": "a b"}`, nil, 400, "invalid-option"},
		{"iri without direction", "POST", "/v1/iri", `{"input": "a"}`, nil, 400, "invalid-option"},
		{"iri both directions", "POST", "/v1/iri", `{"input": "a", "to_uri": true, "to_iri": true}`, nil, 400, "invalid-option"},
		{"form, no direction", "POST", "/v1/form", `{"input": "a"}`, nil, 404, "not-found"},
		{"input and input_hex", "POST", "/v1/parse", `{"input": "a", "input_hex": "61"}`, nil, 400, "ambiguous-input"},
		{"inputs and inputs_hex", "POST", "/v1/parse", `{"inputs": ["a"], "inputs_hex": ["61"]}`, nil, 400, "ambiguous-input"},
		{"input_hex not hex", "POST", "/v1/parse", `{"input_hex": "6g"}`, nil, 400, "invalid-field"},
		{"input_hex odd", "POST", "/v1/parse", `{"input_hex": "616"}`, nil, 400, "invalid-field"},
		{"inputs_hex not hex", "POST", "/v1/parse", `{"inputs_hex": ["61", "x"]}`, nil, 400, "invalid-field"},
		{"too many hex records", "POST", "/v1/encode", `{"inputs_hex": ["", "", "", ""]}`, nil, 413, "too-many-records"},
	} {
		t.Run(c.name, func(t *testing.T) {
			call(t, h, c.method, c.path, c.body, c.header...).wantError(t, c.status, c.code)
		})
	}

	// A path that starts routes names them.
	if a := call(t, h, "POST", "/v1/form", `{"input": "a"}`); !strings.Contains(a.raw, "see /v1/form/decode, /v1/form/encode") {
		t.Errorf("/v1/form: %s", a.raw)
	}
	// 405 says what the route takes.
	if a := call(t, h, "GET", "/v1/parse", ""); a.header.Get("Allow") != "POST" {
		t.Errorf("Allow = %q", a.header.Get("Allow"))
	}
	if a := call(t, h, "POST", "/healthz", "{}"); a.header.Get("Allow") != "GET, HEAD" {
		t.Errorf("Allow = %q", a.header.Get("Allow"))
	}
	// No Content-Type and a JSON one with parameters are both fine.
	req := httptest.NewRequest("POST", "/v1/encode", strings.NewReader(`{"input": "a b"}`))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != 200 {
		t.Errorf("no Content-Type: %d %s", rec.Code, rec.Body)
	}
	if a := call(t, h, "POST", "/v1/encode", `{"input": "a"}`, "Content-Type", "application/json; charset=utf-8"); a.status != 200 {
		t.Errorf("JSON with charset: %d %s", a.status, a.raw)
	}
	// At the limits exactly: MaxRecords inputs and MaxBodyBytes bytes.
	if a := call(t, h, "POST", "/v1/encode", `{"inputs": ["a", "b", "c"]}`); a.status != 200 {
		t.Errorf("batch at the limit: %d %s", a.status, a.raw)
	}
	body := `{"input": "` + strings.Repeat("a", 256-len(`{"input": ""}`)) + `"}`
	if a := call(t, h, "POST", "/v1/encode", body); len(body) != 256 || a.status != 200 {
		t.Errorf("body at the limit (%d bytes): %d", len(body), a.status)
	}
}

// chunked is a body of unknown length, so the limit must be found while
// reading.
type chunked struct{ r io.Reader }

func (c chunked) Read(p []byte) (int, error) { return c.r.Read(p) }

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("connection reset") }

func TestBodyErrorsWhileReading(t *testing.T) {
	h := NewHandler(Options{MaxBodyBytes: 100})
	req := httptest.NewRequest("POST", "/v1/encode", chunked{strings.NewReader(`{"input": "` + strings.Repeat("a", 200) + `"}`)})
	req.ContentLength = -1
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != 413 || !strings.Contains(rec.Body.String(), `"body-too-large"`) {
		t.Errorf("chunked too large: %d %s", rec.Code, rec.Body)
	}
	req = httptest.NewRequest("POST", "/v1/encode", failingReader{})
	req.ContentLength = -1
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != 400 || !strings.Contains(rec.Body.String(), `"incomplete-body"`) {
		t.Errorf("failing body: %d %s", rec.Code, rec.Body)
	}
}

func TestPanicIs500AndLogged(t *testing.T) {
	var logs bytes.Buffer
	h := NewHandler(Options{Logger: slog.New(slog.NewJSONHandler(&logs, nil))}).(*handler)
	h.routes["/boom"] = route{methods: []string{"GET"}, serve: func(*response, *http.Request) { panic("boom") }}
	call(t, h, "GET", "/boom", "").wantError(t, 500, "internal")
	if !strings.Contains(logs.String(), `"panic":"boom"`) || !strings.Contains(logs.String(), `"status":500`) {
		t.Errorf("logs: %s", logs.String())
	}
}

func TestRequestLog(t *testing.T) {
	var logs bytes.Buffer
	h := NewHandler(Options{Logger: slog.New(slog.NewJSONHandler(&logs, nil))})
	call(t, h, "POST", "/v1/encode", `{"inputs": ["a", "b"]}`)
	call(t, h, "GET", "/nope", "")
	lines := strings.Split(strings.TrimSpace(logs.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("want 2 log records, got %q", logs.String())
	}
	var first, second map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &first); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(lines[1]), &second); err != nil {
		t.Fatal(err)
	}
	if first["msg"] != "request" || first["method"] != "POST" || first["path"] != "/v1/encode" || first["status"] != 200.0 || first["records"] != 2.0 {
		t.Errorf("first log record: %v", first)
	}
	if second["status"] != 404.0 || second["error"] != "not-found" {
		t.Errorf("second log record: %v", second)
	}
}

func TestCheckRoute(t *testing.T) {
	h := newTestHandler()
	r := call(t, h, "POST", "/v1/check", `{"input": "http://evil.com%2f@good.com/"}`).result(t)
	if r["input"] != "http://evil.com%2f@good.com/" {
		t.Errorf("input = %v", r["input"])
	}
	findings, _ := r["findings"].([]any)
	severities := map[string]bool{}
	for _, f := range findings {
		m := f.(map[string]any)
		severities[m["severity"].(string)] = true
		if m["code"] == "" || m["message"] == "" {
			t.Errorf("finding %v", m)
		}
	}
	if !severities["danger"] {
		t.Errorf("no danger finding for a deceptive userinfo: %v", findings)
	}
	if r["severity"] != "danger" {
		t.Errorf("severity = %v", r["severity"])
	}
	views, _ := r["views"].(map[string]any)
	target, _ := views["target"].(map[string]any)
	if target["host"] != "good.com" {
		t.Errorf("target = %v", target)
	}
	for _, view := range []string{"rfc3986", "whatwg", "net_url"} {
		if _, ok := views[view].(map[string]any); !ok {
			t.Errorf("no %s view in %v", view, r)
		}
	}

	rs := call(t, h, "POST", "/v1/check", `{"inputs": ["https://example.com/a?b=c", "http://0x7f.1/"]}`).results(t)
	if len(rs) != 2 {
		t.Fatalf("results = %v", rs)
	}
	list, _ := rs[0]["findings"].([]any)
	for _, f := range list {
		if s := f.(map[string]any)["severity"]; s != "info" {
			t.Errorf("plain https URL has a %s finding: %v", s, f)
		}
	}
	if len(rs[1]["findings"].([]any)) == 0 {
		t.Errorf("no finding for a hex IPv4 host: %v", rs[1])
	}
	call(t, h, "POST", "/v1/check", `{"input": "a", "fail_on": "warn"}`).wantError(t, 400, "unknown-field")
}

// API requests beyond MaxConcurrent wait for a worker; one whose client
// goes away while waiting is dropped and logged as 499; one that waits
// longer than QueueTimeout gets 503 busy with Retry-After.
func TestMaxConcurrent(t *testing.T) {
	logs := new(lockedBuffer)
	h := NewHandler(Options{MaxConcurrent: 1, QueueTimeout: 200 * time.Millisecond,
		Logger: slog.New(slog.NewJSONHandler(logs, nil))}).(*handler)
	h.workers.all <- struct{}{} // the only worker is busy
	ctx, cancel := context.WithCancel(context.Background())
	req := httptest.NewRequest("POST", "/v1/encode", strings.NewReader(`{"input": "a b"}`)).WithContext(ctx)
	rec := httptest.NewRecorder()
	done := make(chan struct{})
	go func() {
		h.ServeHTTP(rec, req)
		close(done)
	}()
	select {
	case <-done:
		t.Fatal("the request did not wait for the busy worker")
	case <-time.After(50 * time.Millisecond):
	}
	cancel()
	<-done
	if rec.Body.Len() != 0 || !strings.Contains(logs.String(), `"status":499`) || !strings.Contains(logs.String(), `"error":"client-gone"`) {
		t.Errorf("canceled while waiting: %d %q; log %s", rec.Code, rec.Body, logs)
	}
	// Waiting longer than QueueTimeout: 503 busy, with Retry-After.
	start := time.Now()
	a := call(t, h, "POST", "/v1/encode", `{"input": "a b"}`)
	a.wantError(t, 503, "busy")
	if a.header.Get("Retry-After") == "" || time.Since(start) > 5*time.Second {
		t.Errorf("busy: Retry-After %q after %v", a.header.Get("Retry-After"), time.Since(start))
	}
	// Once the worker is free, requests go through; the page and
	// /healthz never wait.
	if a := call(t, h, "GET", "/healthz", ""); a.status != 200 {
		t.Errorf("healthz with no worker free: %d", a.status)
	}
	<-h.workers.all
	if a := call(t, h, "POST", "/v1/encode", `{"input": "a b"}`); a.status != 200 || len(h.workers.all) != 0 {
		t.Errorf("with the worker free: %d, %d workers held after", a.status, len(h.workers.all))
	}
	if used, waiting := h.memory.InUse(); used != 0 || waiting != 0 {
		t.Errorf("memory held after the requests: %d bytes, %d waiting", used, waiting)
	}
}

// TestEveryCommandHasRoute checks that each record subcommand of the
// table (report.Commands) has its API route: a POST to it is never a 404
// or a 405, even without the options it needs.
func TestEveryCommandHasRoute(t *testing.T) {
	h := newTestHandler()
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range report.Commands() {
		a := call(t, h, "POST", c.Route, `{"input": "http://a/"}`)
		if a.status == 404 || a.status == 405 || a.status >= 500 {
			t.Errorf("POST %s: %d %s", c.Route, a.status, a.raw)
		}
		if !bytes.Contains(doc, []byte("//\tPOST "+c.Route+" ")) {
			t.Errorf("the package doc does not list POST %s", c.Route)
		}
	}
}

func TestIRIFormRelativizeEqualRoutes(t *testing.T) {
	h := newTestHandler()
	for _, c := range []struct{ path, body, want string }{
		{"/v1/iri", `{"input": "http://例え.jp/引き", "to_uri": true}`, `{"input":"http://例え.jp/引き","output":"http://xn--r8jz45g.jp/%E5%BC%95%E3%81%8D"}`},
		{"/v1/iri", `{"input": "http://xn--r8jz45g.jp/%E5%BC%95", "to_iri": true}`, `{"input":"http://xn--r8jz45g.jp/%E5%BC%95","output":"http://例え.jp/引"}`},
		{"/v1/iri", `{"input_hex": "ff", "to_uri": true}`, `{"input_hex":"ff","error":{"offset":0,"component":"path","code":"invalid-utf8","message":"raw bytes are not valid UTF-8"}}`},
		{"/v1/form/decode", `{"input": "a=1&b=x+y&c"}`, `{"input":"a=1&b=x+y&c","pairs":[["a","1"],["b","x y"],["c",""]]}`},
		{"/v1/form/decode", `{"input": "a=%FF&b=c"}`, `{"input":"a=%FF&b=c","pairs":[["a","` + "\ufffd" + `"],["b","c"]],"pairs_hex":[["61","ff"],["62","63"]],"findings":[{"offset":2,"code":"invalid-utf8","message":"\"%FF\": decoded bytes are not valid UTF-8: read as U+FFFD, as the URL Standard says"}]}`},
		{"/v1/form/encode", `{"input": "[[\"a\",\"x y\"],[\"b\",\"&\"]]"}`, `{"input":"[[\"a\",\"x y\"],[\"b\",\"&\"]]","output":"a=x+y&b=%26"}`},
		{"/v1/relativize", `{"input": "http://a/b/e/f", "base": "http://a/b/c/d"}`, `{"input":"http://a/b/e/f","output":"../e/f"}`},
		{"/v1/equal", `{"input": "HTTP://A:80/%7e", "other": "http://a/~"}`, `{"input":"HTTP://A:80/%7e","normalized":"http://a/~","equal":true}`},
		{"/v1/equal", `{"input": "http://a/", "other": "http://a/", "level": "syntax", "drop_fragment": true}`, `{"input":"http://a/","normalized":"http://a/","equal":true}`},
	} {
		a := call(t, h, "POST", c.path, c.body)
		if a.status != 200 || a.raw != c.want+"\n" {
			t.Errorf("%s %s:\n got %d %s want %s", c.path, c.body, a.status, a.raw, c.want)
		}
	}
	rs := call(t, h, "POST", "/v1/equal", `{"inputs": ["http://a:80/", "http://b/", "a b"], "other": "http://a/"}`).results(t)
	if len(rs) != 3 || rs[0]["equal"] != true || rs[1]["equal"] != false || rs[2]["error"] == nil {
		t.Errorf("equal batch: %v", rs)
	}
}

// Bytes that are not UTF-8 go as hex, and the record says input_hex.
func TestInputHex(t *testing.T) {
	h := newTestHandler()
	r := call(t, h, "POST", "/v1/parse", `{"input_hex": "687474703a2f2f612fff", "lenient": true}`).result(t)
	if r["input_hex"] != "687474703a2f2f612fff" || r["path_hex"] != "2fff" || r["input"] != nil || r["path"] != nil {
		t.Errorf("input_hex: %v", r)
	}
	rs := call(t, h, "POST", "/v1/encode", `{"inputs_hex": ["ff", "6120"]}`).results(t)
	if len(rs) != 2 || rs[0]["input_hex"] != "ff" || rs[0]["output"] != "%FF" || rs[1]["input"] != "a " || rs[1]["output"] != "a%20" {
		t.Errorf("inputs_hex: %v", rs)
	}
}
