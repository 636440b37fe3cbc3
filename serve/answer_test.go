package serve

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/api"
	"github.com/urikit/urikit/internal/report"
)

// Engine.Answer gives the status and body the handler answers with, for every
// route, for good and bad requests, one record and batches.
func TestAnswerMatchesHandler(t *testing.T) {
	h := NewHandler(Options{})
	eng := NewEngine(Options{})
	inputs := []string{"", "http://a/b?c#d", "a b/café?x=1&y=100%", "%zz", "HTTP://Ex.COM:80/./a", "../g", "mailto:a@b", "urn:isbn:1", "data:,x", "file:///tmp/a", "xn--bcher-kva.example", `[["a","1"]]`, `{"a":"b"}`}
	options := map[string]string{
		"/v1/resolve": `"base":"http://a/b/c/d;p?q"`, "/v1/relativize": `"base":"http://a/b/c/d;p?q"`,
		"/v1/equal": `"other":"http://a/"`, "/v1/iri": `"to_uri":true`,
		"/v1/template/expand": `"template":"/x{?a}"`, "/v1/template/match": `"template":"/x{?a}"`,
	}
	quote := func(s string) string {
		var b strings.Builder
		b.WriteByte('"')
		for _, r := range s {
			switch r {
			case '"', '\\':
				b.WriteByte('\\')
			}
			b.WriteRune(r)
		}
		b.WriteByte('"')
		return b.String()
	}
	n := 0
	for _, c := range report.Commands() {
		opt := options[c.Route]
		if opt != "" {
			opt = "," + opt
		}
		var bodies []string
		var batch []string
		for _, in := range inputs {
			bodies = append(bodies, `{"input":`+quote(in)+opt+`}`)
			batch = append(batch, quote(in))
		}
		bodies = append(bodies, `{"inputs":[`+strings.Join(batch, ",")+`]`+opt+`}`,
			`{"input_hex":"2561"`+opt+`}`, `{}`, ``, `{"input":"a","inputs":[]}`, `{"input":"\ud800"}`, `not json`, `{"input":"a","level":"nope","set":"nope","profile":"nope"}`)
		for _, body := range bodies {
			req := httptest.NewRequest(http.MethodPost, c.Route, strings.NewReader(body))
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			want, _ := io.ReadAll(rec.Body)
			status, got := eng.Answer(c.Route, []byte(body))
			if status != rec.Code || !bytes.Equal(got, want) {
				t.Errorf("%s %s:\nAnswer  %d %s\nhandler %d %s", c.Route, body, status, got, rec.Code, want)
			}
			n++
		}
	}
	t.Logf("%d requests answered alike", n)
	if s, b := eng.Answer("/v1/nope", []byte(`{"input":"a"}`)); s != http.StatusNotFound || !strings.Contains(string(b), "not-found") {
		t.Errorf("unknown route: %d %s", s, b)
	}
}

// The zero Engine answers 500 rather than panicking.
func TestEngineZero(t *testing.T) {
	var e Engine
	if s, b := e.Answer("/v1/parse", []byte(`{"input":"a"}`)); s != http.StatusInternalServerError || !strings.Contains(string(b), `"internal"`) {
		t.Errorf("zero Engine: %d %s", s, b)
	}
}

// The defaults of Options that bound one request are those internal/api
// applies (withDefaults takes them from there): the constants say so.
func TestDefaultsAreAPIs(t *testing.T) {
	got := Options{}.withDefaults()
	if got.MaxBodyBytes != DefaultMaxBodyBytes || got.MaxRecords != DefaultMaxRecords ||
		got.MaxResponseBytes != DefaultResponseFactor*DefaultMaxBodyBytes ||
		got.RequestTimeout != DefaultRequestTimeout || got.QueueTimeout != DefaultQueueTimeout {
		t.Errorf("defaults %+v", got)
	}
	if DefaultMaxBodyBytes != api.DefaultMaxBodyBytes || DefaultMaxRecords != api.DefaultMaxRecords ||
		DefaultResponseFactor != api.DefaultResponseFactor || DefaultMemoryLimit != api.DefaultMemoryLimit ||
		DefaultRequestTimeout != api.DefaultRequestTimeout || DefaultQueueTimeout != api.DefaultQueueTimeout {
		t.Error("serve's and internal/api's defaults differ")
	}
}

// With tight limits, the Engine refuses what the handler refuses, with
// the same answers: a body too large, too many records, an answer too
// large, more work than the memory budget.
func TestAnswerMatchesHandlerAtLimits(t *testing.T) {
	long := `{"input":"` + strings.Repeat("a", 3000) + `"}`
	for _, c := range []struct {
		opts Options
		body string
		code string
	}{
		{Options{MaxBodyBytes: 20}, `{"input":"http://example.com/"}`, "body-too-large"},
		{Options{MaxRecords: 2}, `{"inputs":["a","b","c"]}`, "too-many-records"},
		{Options{MaxResponseBytes: 100}, long, "response-too-large"},
		{Options{MemoryLimit: 2 * 24 << 10}, long, "too-much-work"},
		{Options{MemoryLimit: 2 * 24 << 10}, `{"input":"a"}`, ""},
	} {
		h := NewHandler(c.opts)
		eng := NewEngine(c.opts)
		req := httptest.NewRequest(http.MethodPost, "/v1/parse", strings.NewReader(c.body))
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		status, got := eng.Answer("/v1/parse", []byte(c.body))
		if status != rec.Code || !bytes.Equal(got, rec.Body.Bytes()) {
			t.Errorf("%+v:\nAnswer  %d %s\nhandler %d %s", c.opts, status, got, rec.Code, rec.Body.Bytes())
		}
		if c.code != "" && !strings.Contains(string(got), `"code":"`+c.code+`"`) {
			t.Errorf("%+v: want %s, got %d %s", c.opts, c.code, status, got)
		}
		if c.code == "" && status != http.StatusOK {
			t.Errorf("%+v: %d %s", c.opts, status, got)
		}
	}
}
