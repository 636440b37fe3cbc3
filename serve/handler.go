package serve

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"maps"
	"mime"
	"net"
	"net/http"
	"reflect"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/urikit/urikit/internal/report"
)

// static holds the playground page. It is never written.
//
//go:embed static
var static embed.FS

// apiError is an error answer: an HTTP status and the JSON error object.
type apiError struct {
	status int
	// retryAfter is set on a 503 busy: the answer has a Retry-After.
	retryAfter bool
	Code       string `json:"code"`
	Message    string `json:"message"`
}

func newError(status int, code, format string, args ...any) *apiError {
	return &apiError{status: status, Code: code, Message: fmt.Sprintf(format, args...)}
}

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
	memory *holding
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
	memory *memoryBudget
	// workers bounds the API requests worked on at once.
	workers workers
	// reclaim returns memory to the OS after heavy requests.
	reclaim *reclaimer
	// json knows the fields of the request types.
	json jsonFields
}

// NewHandler returns the handler of the API and the playground page,
// without the server timeouts of NewServer (wrap it in a server that has
// them).
func NewHandler(opts Options) http.Handler {
	opts = opts.withDefaults()
	h := &handler{
		opts:    opts,
		memory:  newMemoryBudget(opts.memoryBudget()),
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
	eps := endpoints()
	for _, c := range report.Commands() {
		ep, ok := eps[c.Name]
		if !ok {
			panic("serve: no endpoint for the record subcommand " + c.Name)
		}
		delete(eps, c.Name)
		h.routes[c.Route] = post(ep.serve(h, nil))
	}
	if len(eps) > 0 {
		panic(fmt.Sprintf("serve: endpoints for %v, which report.Commands does not list", slices.Sorted(maps.Keys(eps))))
	}
	return h
}

// notFound is the answer for a path with no route; for a path that
// starts some routes ("/v1/form"), the message names them.
func (h *handler) notFound(path string) *apiError {
	var under []string
	for p := range h.routes {
		if strings.HasPrefix(p, path+"/") && path != "" && path != "/" {
			under = append(under, p)
		}
	}
	if len(under) > 0 {
		slices.Sort(under)
		return newError(http.StatusNotFound, "not-found", "no route %s: see %s", path, strings.Join(under, ", "))
	}
	return newError(http.StatusNotFound, "not-found", "no route %s", path)
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
		attrs = append(attrs, slog.Int64("memory", w.memory.weight()))
	}
	if w.code != "" {
		attrs = append(attrs, slog.String("error", w.code))
	}
	h.opts.Logger.LogAttrs(r.Context(), level, "request", attrs...)
}

// writeJSON writes v as the JSON answer with the given status.
func writeJSON(w *response, status int, v any) {
	writeBody(w, status, encodeJSON(v))
}

// encodeJSON encodes v as one line of JSON, without HTML escaping (as the
// CLI writes it).
func encodeJSON(v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		// Only a bug can get here: every answer is made of strings,
		// numbers and booleans.
		panic(fmt.Sprintf("serve: encoding the answer: %v", err))
	}
	return buf.Bytes()
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
func writeChunks(w *response, status int, c *chunkBuffer) {
	hd := w.Header()
	hd.Set("Content-Type", "application/json")
	hd.Set("Content-Length", strconv.Itoa(c.Len()))
	hd.Set("Cache-Control", "no-store")
	hd.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	for _, b := range c.chunks {
		if _, err := w.Write(b); err != nil {
			return
		}
	}
}

// writeError writes the JSON answer of e.
func writeError(w *response, e *apiError) {
	w.code = e.Code
	if e.retryAfter {
		w.Header().Set("Retry-After", retryAfter)
	}
	writeJSON(w, e.status, struct {
		Error *apiError `json:"error"`
	}{e})
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
	tooLarge := newError(http.StatusRequestEntityTooLarge, "body-too-large", "the body is larger than %d bytes", max)
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

// decodeBody decodes the JSON body into dst, a pointer to a struct,
// refusing text that would not be read losslessly (checkText), unknown
// fields (matched as encoding/json matches them, ignoring case) and
// anything after the object. It decodes the body in place, without
// copying it first as a json.Decoder would.
func (h *handler) decodeBody(body []byte, dst any) *apiError {
	if e := checkText(body); e != nil {
		return e
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return newError(http.StatusBadRequest, "malformed-json", "empty body: want a JSON object")
	}
	err := json.Unmarshal(body, dst)
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return jsonError(err)
	}
	fields := h.json.structFields(reflect.TypeOf(dst).Elem())
	var unknown []byte
	topKeys(body, func(key []byte) bool {
		if bytes.IndexByte(key, '\\') >= 0 {
			var k string
			if json.Unmarshal(append(append([]byte{'"'}, key...), '"'), &k) == nil {
				key = []byte(k)
			}
		}
		for _, f := range fields {
			if bytes.EqualFold(key, []byte(f.key)) {
				return true
			}
		}
		unknown = key
		return false
	})
	if unknown != nil {
		return newError(http.StatusBadRequest, "unknown-field", "unknown option %q", unknown)
	}
	if err != nil {
		return jsonError(err)
	}
	return nil
}

// topKeys calls f with each key of the top-level object of the JSON text
// b (the text between the quotes, escapes not decoded), until f returns
// false. b must be valid JSON; when it is not an object, f is not called.
func topKeys(b []byte, f func(key []byte) bool) {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return
	}
	i++
	for {
		i = skipSpace(b, i)
		if i >= len(b) || b[i] == '}' {
			return
		}
		if b[i] == ',' {
			i++
			continue
		}
		end := stringEnd(b, i)
		if !f(b[i+1 : end-1]) {
			return
		}
		i = skipSpace(b, end) + 1 // the colon
		i = skipValue(b, skipSpace(b, i))
	}
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// stringEnd returns the index after the string that begins at b[i].
func stringEnd(b []byte, i int) int {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(b)
}

// skipValue returns the index after the value that begins at b[i].
func skipValue(b []byte, i int) int {
	if i >= len(b) {
		return i
	}
	switch b[i] {
	case '"':
		return stringEnd(b, i)
	case '{', '[':
		depth := 0
		for i < len(b) {
			switch b[i] {
			case '"':
				i = stringEnd(b, i)
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
			i++
		}
		return i
	}
	for i < len(b) && !bytes.ContainsRune([]byte(",}] \t\r\n"), rune(b[i])) {
		i++
	}
	return i
}

// jsonError classifies an error of json.Decoder.Decode.
func jsonError(err error) *apiError {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te) && te.Field != "":
		// Fields of the embedded records struct are named after it.
		field := strings.TrimPrefix(te.Field, "records.")
		want := jsonType(te.Type.Kind().String())
		if field == "inputs" && want != "array" {
			want = "array of strings"
		}
		return newError(http.StatusBadRequest, "invalid-field", "%q must be a JSON %s, not %s", field, want, te.Value)
	case errors.As(err, &te):
		return newError(http.StatusBadRequest, "malformed-json", "want a JSON object, not %s", te.Value)
	case errors.As(err, &se) && se.Error() == "unexpected end of JSON input":
		return newError(http.StatusBadRequest, "malformed-json", "the JSON object is cut off")
	case errors.As(err, &se):
		return newError(http.StatusBadRequest, "malformed-json", "offset %d: %v", se.Offset, se)
	case errors.Is(err, io.EOF):
		return newError(http.StatusBadRequest, "malformed-json", "empty body: want a JSON object")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return newError(http.StatusBadRequest, "malformed-json", "the JSON object is cut off")
	}
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return newError(http.StatusBadRequest, "unknown-field", "unknown option %s", name)
	}
	return newError(http.StatusBadRequest, "malformed-json", "%v", err)
}

// jsonType names a Go kind as JSON does.
func jsonType(kind string) string {
	switch kind {
	case "string":
		return "string"
	case "bool":
		return "boolean"
	case "slice", "array":
		return "array"
	case "struct", "map", "ptr":
		return "object"
	}
	return "number"
}
