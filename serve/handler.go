package serve

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"maps"
	"mime"
	"net"
	"net/http"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/urikit/urikit/internal/api"
)

// static holds the playground page. It is never written.
//
//go:embed static
var static embed.FS

// response is the http.ResponseWriter a route writes to; it remembers what
// the request log needs.
type response struct {
	http.ResponseWriter
	status  int
	bytes   int
	code    string // error code, when the answer is an error
	records int    // records processed
	// gone is set when the client went away before its answer was
	// written in full: the request is logged with statusClientGone.
	gone bool
	// memory is what an API request held of the memory budget.
	memory *api.Holding
}

// statusClientGone is the status logged for a request whose client went
// away before it could be answered (nginx's 499): nothing, or not all of
// the answer, reached it.
const statusClientGone = 499

// clientGone records that the client went away.
func (w *response) clientGone() {
	w.gone = true
	w.code = "client-gone"
}

func (w *response) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *response) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	if err != nil {
		w.clientGone()
	}
	return n, err
}

// Unwrap lets http.ResponseController reach the connection.
func (w *response) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// route is one path: the methods it answers and its handler.
type route struct {
	methods []string
	serve   func(w *response, r *http.Request)
}

// handler is the http.Handler returned by NewHandler.
type handler struct {
	opts   Options
	routes map[string]route
	// memory is the budget of the API requests in flight.
	memory *api.Budget
	// workers bounds the API requests worked on at once.
	workers workers
	// reclaim returns memory to the OS after heavy requests.
	reclaim *reclaimer
	// json decodes the request bodies; it knows the fields of the
	// request types.
	json api.Decoder
}

// NewHandler returns the handler of the API and the playground page,
// without the server timeouts of NewServer (wrap it in a server that has
// them).
func NewHandler(opts Options) http.Handler {
	opts = opts.withDefaults()
	h := &handler{
		opts:    opts,
		memory:  api.NewBudget(opts.memoryBudget()),
		workers: newWorkers(opts.MaxConcurrent),
		reclaim: &reclaimer{delay: releaseDelay, free: debug.FreeOSMemory},
	}
	post := func(f func(*response, *http.Request)) route {
		return route{methods: []string{http.MethodPost}, serve: f}
	}
	get := func(f func(*response, *http.Request)) route {
		return route{methods: []string{http.MethodGet, http.MethodHead}, serve: f}
	}
	h.routes = map[string]route{
		"/healthz": get(serveHealth),
	}
	for path, serve := range pageRoutes() { // the playground (page.go)
		h.routes[path] = get(serve)
	}
	// A route for each record subcommand, from the one table of them.
	for path, ep := range api.Routes(checkResolver(opts.CheckResolver)) {
		h.routes[path] = post(serveAPI(h, ep, nil))
	}
	return h
}

// notFound is the answer for a path with no route; for a path that
// starts some routes ("/v1/form"), the message names them.
func (h *handler) notFound(path string) *apiError {
	return api.NotFound(path, slices.Collect(maps.Keys(h.routes)))
}

func (h *handler) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	start := time.Now()
	w := &response{ResponseWriter: rw}
	defer func() {
		if p := recover(); p != nil {
			if p == http.ErrAbortHandler {
				panic(p)
			}
			h.opts.Logger.Error("panic", "method", r.Method, "path", r.URL.Path, "panic", fmt.Sprint(p))
			if w.status == 0 {
				writeError(w, newError(http.StatusInternalServerError, "internal", "internal error"))
			}
		}
		h.logRequest(w, r, time.Since(start))
	}()
	rt, ok := h.routes[r.URL.Path]
	if !ok {
		writeError(w, h.notFound(r.URL.Path))
		return
	}
	for _, m := range rt.methods {
		if r.Method == m {
			rt.serve(w, r)
			return
		}
	}
	allow := strings.Join(rt.methods, ", ")
	w.Header().Set("Allow", allow)
	writeError(w, newError(http.StatusMethodNotAllowed, "method-not-allowed", "%s takes %s, not %s", r.URL.Path, allow, r.Method))
}

func (h *handler) logRequest(w *response, r *http.Request, d time.Duration) {
	level := slog.LevelInfo
	status := w.status
	switch {
	case w.gone:
		status = statusClientGone
		level = slog.LevelWarn
	case status == http.StatusServiceUnavailable || status == http.StatusRequestEntityTooLarge:
		level = slog.LevelWarn
	case status >= 500:
		level = slog.LevelError
	}
	attrs := []slog.Attr{
		slog.String("method", r.Method),
		slog.String("path", r.URL.Path),
		slog.Int("status", status),
		slog.Int("bytes", w.bytes),
		slog.Duration("duration", d),
		slog.String("remote", r.RemoteAddr),
	}
	if w.records > 0 {
		attrs = append(attrs, slog.Int("records", w.records))
	}
	if w.memory != nil {
		attrs = append(attrs, slog.Int64("memory", w.memory.Weight()))
	}
	if w.code != "" {
		attrs = append(attrs, slog.String("error", w.code))
	}
	h.opts.Logger.LogAttrs(r.Context(), level, "request", attrs...)
}

// writeJSON writes v as the JSON answer with the given status.
func writeJSON(w *response, status int, v any) {
	writeBody(w, status, api.EncodeJSON(v))
}

// writeBody writes the encoded JSON answer body with the given status.
func writeBody(w *response, status int, body []byte) {
	hd := w.Header()
	hd.Set("Content-Type", "application/json")
	hd.Set("Content-Length", strconv.Itoa(len(body)))
	hd.Set("Cache-Control", "no-store")
	hd.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	w.Write(body)
}

// writeChunks writes the encoded JSON answer held in c with the given
// status.
func writeChunks(w *response, status int, c *api.Buffer) {
	hd := w.Header()
	hd.Set("Content-Type", "application/json")
	hd.Set("Content-Length", strconv.Itoa(c.Len()))
	hd.Set("Cache-Control", "no-store")
	hd.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	for _, b := range c.Chunks() {
		if _, err := w.Write(b); err != nil {
			return
		}
	}
}

// writeError writes the JSON answer of e.
func writeError(w *response, e *apiError) {
	w.code = e.Code
	if e.RetryAfter {
		w.Header().Set("Retry-After", retryAfter)
	}
	writeBody(w, e.Status, e.JSON())
}

func serveHealth(w *response, r *http.Request) {
	writeJSON(w, http.StatusOK, struct {
		Status string `json:"status"`
	}{"ok"})
}

// pageCSP allows the playground nothing from another origin; its
// in-browser engine needs 'wasm-unsafe-eval' to compile WebAssembly.
const pageCSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// staticFile serves one embedded file of the playground.
func staticFile(name, contentType string) func(*response, *http.Request) {
	body, err := fs.ReadFile(static, name)
	if err != nil {
		panic("serve: missing embedded file " + name)
	}
	return func(w *response, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Type", contentType)
		hd.Set("Content-Length", strconv.Itoa(len(body)))
		hd.Set("Cache-Control", "no-cache")
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("Content-Security-Policy", pageCSP)
		hd.Set("Referrer-Policy", "no-referrer")
		w.WriteHeader(http.StatusOK)
		if r.Method != http.MethodHead {
			w.Write(body)
		}
	}
}

// checkContentType refuses a body that is not said to be JSON (none
// said is fine).
func checkContentType(r *http.Request) *apiError {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || mt != "application/json" {
			return newError(http.StatusUnsupportedMediaType, "unsupported-media-type", "send application/json, not %q", ct)
		}
	}
	return nil
}

// readBody reads the request body, within the body limit. When the
// client gives its length, the buffer is made that size at once.
func (h *handler) readBody(w *response, r *http.Request) ([]byte, *apiError) {
	max := h.opts.MaxBodyBytes
	tooLarge := api.BodyTooLarge(max)
	if r.ContentLength > max {
		return nil, tooLarge
	}
	var buf bytes.Buffer
	if r.ContentLength > 0 {
		buf.Grow(int(r.ContentLength) + bytes.MinRead)
	}
	_, err := buf.ReadFrom(http.MaxBytesReader(w, r.Body, max))
	if err != nil {
		var mbe *http.MaxBytesError
		var ne net.Error
		switch {
		case errors.As(err, &mbe):
			return nil, tooLarge
		case errors.As(err, &ne) && ne.Timeout():
			return nil, newError(http.StatusRequestTimeout, "request-timeout", "the body did not arrive in time")
		}
		return nil, newError(http.StatusBadRequest, "incomplete-body", "reading the body: %v", err)
	}
	return buf.Bytes(), nil
}
