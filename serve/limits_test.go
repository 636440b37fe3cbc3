package serve

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/urikit/urikit/internal/api"
	"github.com/urikit/urikit/internal/report"
)

func TestWorkersHeavy(t *testing.T) {
	ws := newWorkers(4)
	ctx := context.Background()
	short := func() context.Context {
		c, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
		t.Cleanup(cancel)
		return c
	}
	for range 2 {
		if err := ws.acquire(ctx, true); err != nil {
			t.Fatal(err)
		}
	}
	if err := ws.acquire(short(), true); err == nil {
		t.Fatal("a third heavy request got a worker of 4")
	}
	for range 2 {
		if err := ws.acquire(short(), false); err != nil {
			t.Fatalf("a small request waits behind 2 heavy ones: %v", err)
		}
	}
	if err := ws.acquire(short(), false); err == nil {
		t.Fatal("a fifth request got a worker of 4")
	}
	ws.release(true)
	ws.release(false)
	if err := ws.acquire(short(), true); err != nil {
		t.Fatalf("heavy after a release: %v", err)
	}
}

func TestReclaimer(t *testing.T) {
	var freed atomic.Int32
	r := &reclaimer{delay: 20 * time.Millisecond, free: func() { freed.Add(1) }}
	r.start()
	r.start()
	r.done()
	time.Sleep(60 * time.Millisecond)
	if freed.Load() != 0 {
		t.Fatal("memory released with a heavy request in flight")
	}
	r.done()
	waitFor(t, func() bool { return freed.Load() == 1 })
	time.Sleep(60 * time.Millisecond)
	if freed.Load() != 1 {
		t.Fatalf("released %d times after one burst", freed.Load())
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not met in 5s")
		}
		time.Sleep(time.Millisecond)
	}
}

// testRoute adds the API route /v1/test to h, whose records are made by
// rec; it returns the number of records made so far.
func testRoute(h *handler, rec recordMaker) *atomic.Int64 {
	var n atomic.Int64
	h.routes["/v1/test"] = route{methods: []string{http.MethodPost}, serve: serveAPI(h, api.Routes(nil)["/v1/check"], func(in string) report.Record {
		n.Add(1)
		return rec(in)
	})}
	return &n
}

func jsonLogs() (*lockedBuffer, *slog.Logger) {
	logs := new(lockedBuffer)
	return logs, slog.New(slog.NewJSONHandler(logs, nil))
}

// logRecord returns the request log record of path, failing when there
// is not exactly one.
func logRecord(t *testing.T, logs *lockedBuffer, path string) map[string]any {
	t.Helper()
	var found []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		var m map[string]any
		if json.Unmarshal([]byte(line), &m) == nil && m["msg"] == "request" && m["path"] == path {
			found = append(found, m)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%d log records for %s:\n%s", len(found), path, logs)
	}
	return found[0]
}

// A client that goes away stops the work between records; the request is
// logged as 499, not 200, and its memory and worker are given back.
func TestClientGoneStopsWork(t *testing.T) {
	logs, logger := jsonLogs()
	h := NewHandler(Options{Logger: logger}).(*handler)
	started := make(chan struct{})
	release := make(chan struct{})
	var once sync.Once
	n := testRoute(h, func(in string) report.Record {
		once.Do(func() { close(started) })
		<-release
		return report.Record{Input: in}
	})
	ctx, cancel := context.WithCancel(context.Background())
	body := `{"inputs": [` + strings.TrimSuffix(strings.Repeat(`"a",`, 100), ",") + `]}`
	req := httptest.NewRequest("POST", "/v1/test", strings.NewReader(body)).WithContext(ctx)
	rec := httptest.NewRecorder()
	done := make(chan struct{})
	go func() {
		h.ServeHTTP(rec, req)
		close(done)
	}()
	<-started
	cancel()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the handler did not return when its client went away")
	}
	close(release) // the record in progress ends; no other starts
	waitFor(t, func() bool { used, _ := h.memory.InUse(); return used == 0 && len(h.workers.all) == 0 })
	if got := n.Load(); got != 1 {
		t.Errorf("%d records made after the client went away, want 1", got)
	}
	m := logRecord(t, logs, "/v1/test")
	if m["status"] != 499.0 || m["error"] != "client-gone" || m["level"] != "WARN" {
		t.Errorf("log record: %v", m)
	}
	if rec.Body.Len() != 0 {
		t.Errorf("an answer was written to a client that left: %q", rec.Body)
	}
}

// Past RequestTimeout the answer is 503 deadline-exceeded, at once even
// if a record is still being made, and no further record is started.
func TestRequestTimeout(t *testing.T) {
	logs, logger := jsonLogs()
	h := NewHandler(Options{Logger: logger, RequestTimeout: 100 * time.Millisecond}).(*handler)
	n := testRoute(h, func(in string) report.Record {
		time.Sleep(30 * time.Millisecond)
		return report.Record{Input: in}
	})
	body := `{"inputs": [` + strings.TrimSuffix(strings.Repeat(`"a",`, 100), ",") + `]}`
	start := time.Now()
	call(t, h, "POST", "/v1/test", body).wantError(t, 503, "deadline-exceeded")
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("answered after %v", d)
	}
	waitFor(t, func() bool { used, _ := h.memory.InUse(); return used == 0 })
	if got := n.Load(); got >= 100 || got < 1 {
		t.Errorf("%d of 100 records made", got)
	}
	if m := logRecord(t, logs, "/v1/test"); m["status"] != 503.0 || m["error"] != "deadline-exceeded" {
		t.Errorf("log record: %v", m)
	}

	// One record that takes longer than the timeout: the answer does not
	// wait for it.
	h2 := NewHandler(Options{RequestTimeout: 50 * time.Millisecond}).(*handler)
	release := make(chan struct{})
	testRoute(h2, func(in string) report.Record { <-release; return report.Record{Input: in} })
	start = time.Now()
	call(t, h2, "POST", "/v1/test", `{"input": "a"}`).wantError(t, 503, "deadline-exceeded")
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("a stuck record delayed the answer %v", d)
	}
	// Its memory and worker stay held until the record ends.
	if used, _ := h2.memory.InUse(); used == 0 || len(h2.workers.all) != 1 {
		t.Errorf("stuck record: %d bytes, %d workers held", used, len(h2.workers.all))
	}
	close(release)
	waitFor(t, func() bool { used, _ := h2.memory.InUse(); return used == 0 && len(h2.workers.all) == 0 })
}

// A panic while a record is made is a 500, logged, and gives back the
// worker and the memory.
func TestPanicInRecord(t *testing.T) {
	logs, logger := jsonLogs()
	h := NewHandler(Options{Logger: logger}).(*handler)
	testRoute(h, func(string) report.Record { panic("record boom") })
	call(t, h, "POST", "/v1/test", `{"input": "a"}`).wantError(t, 500, "internal")
	if !strings.Contains(logs.String(), `"panic":"record boom"`) {
		t.Errorf("log: %s", logs)
	}
	if used, _ := h.memory.InUse(); used != 0 || len(h.workers.all) != 0 {
		t.Errorf("after a panic: %d bytes, %d workers held", used, len(h.workers.all))
	}
}

// bytesAllocated returns the bytes allocated while f runs.
func bytesAllocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// An answer over MaxResponseBytes is a 413 response-too-large, found
// before the answer is built: refusing a record whose answer is 8 MB
// allocates far less than 8 MB.
func TestResponseTooLarge(t *testing.T) {
	h := NewHandler(Options{MaxResponseBytes: 1 << 20}).(*handler)
	big := strings.Repeat("x", 8<<20)
	testRoute(h, func(in string) report.Record {
		if in == "big" {
			return report.Record{Input: big, Fields: []report.Field{report.Text("b", big)}}
		}
		return report.Record{Input: strings.Repeat("y", 2000)}
	})
	var a answer
	alloc := bytesAllocated(func() { a = call(t, h, "POST", "/v1/test", `{"input": "big"}`) })
	a.wantError(t, 413, "response-too-large")
	if alloc > 1<<20 {
		t.Errorf("refusing an answer of 16 MB allocated %d bytes", alloc)
	}
	// A batch whose answers add up to more than the cap stops at the
	// record that does not fit.
	body := `{"inputs": [` + strings.TrimSuffix(strings.Repeat(`"a",`, 1000), ",") + `]}`
	a = call(t, h, "POST", "/v1/test", body)
	a.wantError(t, 413, "response-too-large")
	// 2,013 bytes per record ({"input":"y…"} and a comma): record 521
	// does not fit in 1 MiB.
	if e, _ := a.body["error"].(map[string]any); e == nil || !strings.Contains(e["message"].(string), "at record 521 of 1000") {
		t.Errorf("error: %v", a.body)
	}
	// Exactly at the limit is fine: the answer is [{...},...]\n.
	n := 1000
	h2 := NewHandler(Options{MaxResponseBytes: int64(len("[]\n") + n*1012 + n - 1)}).(*handler)
	testRoute(h2, func(in string) report.Record { return report.Record{Input: strings.Repeat("y", 1000)} })
	a = call(t, h2, "POST", "/v1/test", body)
	if a.status != 200 || len(a.list) != n {
		t.Errorf("%d: %d records", a.status, len(a.list))
	}
	if len(a.raw) != int(h2.opts.MaxResponseBytes) {
		t.Errorf("answer of %d bytes, limit %d", len(a.raw), h2.opts.MaxResponseBytes)
	}
	h2.opts.MaxResponseBytes--
	call(t, h2, "POST", "/v1/test", body).wantError(t, 413, "response-too-large")
}

// A request estimated to need more memory than the budget is refused.
func TestTooMuchWork(t *testing.T) {
	h := NewHandler(Options{MemoryLimit: 2 * api.RequestWeight(1000, 1)}).(*handler)
	call(t, h, "POST", "/v1/encode", `{"input": "`+strings.Repeat("a", 900)+`"}`).result(t)
	call(t, h, "POST", "/v1/encode", `{"input": "`+strings.Repeat("a", 1100)+`"}`).wantError(t, 413, "too-much-work")
	if used, _ := h.memory.InUse(); used != 0 {
		t.Errorf("%d bytes held", used)
	}
}

// A request that cannot get its memory within QueueTimeout gets 503 busy
// with Retry-After, and small requests that fit are not held up by a
// large one waiting.
func TestMemoryBusy(t *testing.T) {
	h := NewHandler(Options{MemoryLimit: 2 * api.RequestWeight(1<<20, 1000), QueueTimeout: 100 * time.Millisecond}).(*handler)
	held, _ := h.memory.Acquire(context.Background(), h.memory.Size()-api.RequestWeight(4096, 100))
	a := call(t, h, "POST", "/v1/encode", `{"input": "`+strings.Repeat("a", 100000)+`"}`)
	a.wantError(t, 503, "busy")
	if a.header.Get("Retry-After") != retryAfter {
		t.Errorf("Retry-After %q", a.header.Get("Retry-After"))
	}
	call(t, h, "POST", "/v1/encode", `{"input": "a"}`).result(t)
	h.memory.Release(held)
	call(t, h, "POST", "/v1/encode", `{"input": "`+strings.Repeat("a", 100000)+`"}`).result(t)
}

// The weight of a request covers a chunked body (its length unknown until
// read) and is cut to what the inputs need once they are decoded.
func TestWeightOfChunkedBody(t *testing.T) {
	h := NewHandler(Options{}).(*handler)
	started := make(chan struct{})
	release := make(chan struct{})
	testRoute(h, func(in string) report.Record { close(started); <-release; return report.Record{Input: in} })
	req := httptest.NewRequest("POST", "/v1/test", chunked{strings.NewReader(`{"input": "abc"}`)})
	req.ContentLength = -1
	done := make(chan struct{})
	go func() {
		h.ServeHTTP(httptest.NewRecorder(), req)
		close(done)
	}()
	<-started
	if used, _ := h.memory.InUse(); used != api.RequestWeight(3, 1) {
		t.Errorf("weight while working: %d, want %d", used, api.RequestWeight(3, 1))
	}
	close(release)
	<-done
	waitFor(t, func() bool { used, _ := h.memory.InUse(); return used == 0 })
}

// A client slow to read its answer holds the memory of the answer, not a
// worker: the worker is free as soon as the answer is made.
func TestSlowReaderHoldsMemoryNotWorker(t *testing.T) {
	h := NewHandler(Options{MaxBodyBytes: 4 << 20}).(*handler)
	base := startLoadServer(t, h)
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body := `{"input": "` + strings.Repeat("你", 1<<20) + `"}` // an answer of 12 MB
	fmt.Fprintf(conn, "POST /v1/encode HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(body), body)
	// The answer is made; the client reads nothing yet.
	waitFor(t, func() bool { used, _ := h.memory.InUse(); return used >= 12<<20 && len(h.workers.all) == 0 })
	time.Sleep(50 * time.Millisecond)
	if used, _ := h.memory.InUse(); used < 12<<20 || len(h.workers.all) != 0 {
		t.Errorf("while the answer waits for its reader: %d bytes, %d workers held", used, len(h.workers.all))
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	n, err := io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if err != nil || res.StatusCode != 200 || n < 12<<20 {
		t.Fatalf("answer: %d, %d bytes, %v", res.StatusCode, n, err)
	}
	waitFor(t, func() bool { used, _ := h.memory.InUse(); return used == 0 })
}
