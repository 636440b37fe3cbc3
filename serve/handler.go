package serve

import (
	"embed"
	"errors"
	"fmt"
	"io"
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
	return staticBody(body, contentType)
}

// staticBody serves body as a file of the playground.
func staticBody(body []byte, contentType string) func(*response, *http.Request) {
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

// firstBodyRoom is the room first made for the body of an API request,
// and the weight of the budget it takes for it before the body is read:
// the room grows as the body fills it, up to its declared length, so that
// a client that declares a large body and sends little of it holds little
// memory.
const firstBodyRoom = 16 << 10

// bodyRoom returns the room first made for a body of declared bytes (-1:
// unknown).
func bodyRoom(declared int64) int64 {
	if declared < 0 {
		return firstBodyRoom
	}
	return min(declared, firstBodyRoom)
}

// readBody reads the request body, within the body limit and the body
// deadline (bodyDeadline). Its buffer starts with the room mem holds the
// weight of already (bodyRoom) and grows as the body arrives: it doubles,
// or takes the declared length once a quarter of it arrived. mem takes
// the weight of each growth first (503 busy when the budget has no room
// for it within QueueTimeout). arrived is when the request reached the
// handler.
func (h *handler) readBody(w *response, r *http.Request, mem *api.Holding, arrived time.Time) ([]byte, *apiError) {
	limit := h.opts.MaxBodyBytes
	declared := r.ContentLength
	if declared > limit {
		return nil, api.BodyTooLarge(limit)
	}
	body := http.MaxBytesReader(w, r.Body, limit)
	dl := h.newBodyDeadline(w, arrived)
	buf := make([]byte, 0, bodyRoom(declared))
	grow := func() *apiError {
		c := int64(cap(buf))
		next := max(2*c, 512)
		if declared >= 0 && c < declared && declared <= 2*next {
			// A quarter of the declared body arrived: make room for
			// all of it, rather than one more doubling and copy.
			next = declared
		}
		// MaxBytesReader gives at most limit bytes, then an error.
		next = min(next, limit+1)
		waitStart := time.Now()
		if e := mem.Acquire(r.Context(), api.BodyWeight(next)-api.BodyWeight(c)); e != nil {
			return e
		}
		dl.wait(time.Since(waitStart))
		nb := make([]byte, len(buf), next)
		copy(nb, buf)
		buf = nb
		return nil
	}
	var probe [1]byte
	for {
		var n int
		var err error
		switch {
		case len(buf) < cap(buf):
			dl.extend(len(buf))
			n, err = body.Read(buf[len(buf):cap(buf)])
			buf = buf[:len(buf)+n]
		case declared >= 0 && int64(len(buf)) >= declared:
			// Full at the declared length: net/http's body ends here.
			dl.extend(len(buf))
			n, err = body.Read(probe[:])
			if n > 0 {
				// Longer than declared (a Request not read by
				// net/http): grow as for a body of unknown length.
				declared = -1
				if e := grow(); e != nil {
					return nil, e
				}
				buf = append(buf, probe[0])
			}
		default:
			if e := grow(); e != nil {
				return nil, e
			}
			continue
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, h.bodyError(err, len(buf), time.Since(dl.start))
		}
	}
}

// bodyError is the answer to a body that could not be read to its end
// after n bytes and d: too large, too slow, or cut off.
func (h *handler) bodyError(err error, n int, d time.Duration) *apiError {
	var mbe *http.MaxBytesError
	var ne net.Error
	switch {
	case errors.As(err, &mbe):
		return api.BodyTooLarge(h.opts.MaxBodyBytes)
	case errors.As(err, &ne) && ne.Timeout():
		return newError(http.StatusRequestTimeout, "request-timeout",
			"the body did not arrive in time: %d bytes in %v; a body may take %v, and a second more for each %d bytes that arrive",
			n, d.Round(time.Millisecond), h.opts.BodyTimeout, h.opts.MinBodyRate)
	}
	return newError(http.StatusBadRequest, "incomplete-body", "reading the body: %v", err)
}

// bodyDeadline is the read deadline of a request body as it arrives:
// from start, BodyTimeout and a second for each MinBodyRate bytes that
// arrived, and never past end (ReadTimeout after the request reached the
// handler). Time spent waiting for the budget is not counted.
type bodyDeadline struct {
	rc         *http.ResponseController
	start, end time.Time
	grace      time.Duration
	rate       int64
	// set is the deadline set last; off is set when the connection
	// takes no deadline (a test's ResponseRecorder).
	set time.Time
	off bool
}

func (h *handler) newBodyDeadline(w http.ResponseWriter, arrived time.Time) *bodyDeadline {
	return &bodyDeadline{rc: http.NewResponseController(w), start: time.Now(), end: arrived.Add(h.opts.ReadTimeout),
		grace: h.opts.BodyTimeout, rate: h.opts.MinBodyRate}
}

// extend sets the deadline of a body of which n bytes arrived.
func (d *bodyDeadline) extend(n int) {
	if d.off {
		return
	}
	t := d.start.Add(d.grace + time.Duration(float64(n)/float64(d.rate)*float64(time.Second)))
	if t.After(d.end) {
		t = d.end
	}
	if t.Equal(d.set) {
		return
	}
	if err := d.rc.SetReadDeadline(t); err != nil {
		d.off = true
		return
	}
	d.set = t
}

// wait moves the deadline by a time spent waiting for the budget.
func (d *bodyDeadline) wait(waited time.Duration) { d.start = d.start.Add(waited) }
