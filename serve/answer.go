package serve

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/url"
	"strconv"
)

// An Engine answers API requests without a server: for each request, the
// status and JSON body that the handler of NewHandler answers with, made
// by that very handler (its checks of the body and options, its prepare
// functions, its budgets), so that the answers are the same by
// construction. The playground's in-browser engine (cmd/urikit-wasm) is
// one. An Engine is safe for concurrent use. The zero Engine is not
// ready: use NewEngine.
type Engine struct {
	h http.Handler
}

// NewEngine returns an Engine with the options opts (zero fields take
// their defaults; a nil Logger logs nothing).
func NewEngine(opts Options) *Engine {
	return &Engine{h: NewHandler(opts)}
}

// Answer returns what the API answers to a POST of the JSON body to
// route ("/v1/parse"): the HTTP status and the JSON text (the record
// object, the array of them for a batch, or {"error": {...}}), with its
// final newline. An Engine that NewEngine did not make answers 500.
func (e *Engine) Answer(route string, body []byte) (status int, answer []byte) {
	if e == nil || e.h == nil {
		return http.StatusInternalServerError, []byte(`{"error":{"code":"internal","message":"serve: an Engine not made by NewEngine"}}` + "\n")
	}
	r := &http.Request{
		Method:        http.MethodPost,
		URL:           &url.URL{Path: route},
		Proto:         "HTTP/1.1",
		ProtoMajor:    1,
		ProtoMinor:    1,
		Header:        http.Header{"Content-Type": {"application/json"}, "Content-Length": {strconv.Itoa(len(body))}},
		Body:          io.NopCloser(bytes.NewReader(body)),
		ContentLength: int64(len(body)),
		Host:          "engine",
		RemoteAddr:    "engine",
		RequestURI:    route,
	}
	r = r.WithContext(context.Background())
	w := &recorder{header: http.Header{}}
	e.h.ServeHTTP(w, r)
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.status, w.body.Bytes()
}

// recorder is the http.ResponseWriter of Engine.Answer.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (w *recorder) Header() http.Header { return w.header }

func (w *recorder) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}

func (w *recorder) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.body.Write(b)
}
