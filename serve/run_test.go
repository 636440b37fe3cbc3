package serve

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// startRun starts Run on a loopback port and returns the base URL, the
// function that stops it, and the channel of Run's result.
func startRun(t *testing.T, opts Options) (string, context.CancelFunc, chan error) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	done := make(chan error, 1)
	go func() { done <- Run(ctx, ln, opts) }()
	return "http://" + ln.Addr().String(), cancel, done
}

// Shutdown lets a request in flight finish: its body arrives after the
// shutdown began and it still gets its answer.
func TestRunFinishesRequestsInFlight(t *testing.T) {
	logs := new(lockedBuffer)
	base, stop, done := startRun(t, Options{Logger: slog.New(slog.NewTextHandler(logs, nil))})
	pr, pw := io.Pipe()
	type answer struct {
		status int
		body   string
		err    error
	}
	answers := make(chan answer, 1)
	go func() {
		req, _ := http.NewRequest("POST", base+"/v1/encode", pr)
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			answers <- answer{err: err}
			return
		}
		b, err := io.ReadAll(res.Body)
		res.Body.Close()
		answers <- answer{res.StatusCode, string(b), err}
	}()
	if _, err := pw.Write([]byte(`{"input": "a b`)); err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond) // let the server start reading
	stop()
	time.Sleep(200 * time.Millisecond)
	select {
	case err := <-done:
		t.Fatalf("Run returned %v with a request in flight", err)
	default:
	}
	// New connections are refused while the old one finishes.
	if _, err := net.DialTimeout("tcp", strings.TrimPrefix(base, "http://"), time.Second); err == nil {
		t.Error("a new connection was accepted during shutdown")
	}
	pw.Write([]byte(`"}`))
	pw.Close()
	a := <-answers
	if a.err != nil || a.status != 200 || a.body != `{"input":"a b","output":"a%20b"}`+"\n" {
		t.Errorf("in-flight request: %d %q %v", a.status, a.body, a.err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run returned %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not return")
	}
	for _, want := range []string{"msg=listening", `msg="shutting down"`, "msg=request", "msg=stopped"} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("log lacks %s:\n%s", want, logs)
		}
	}
}

// A request that is still not finished when ShutdownTimeout ends makes
// Run return an error rather than hang.
func TestRunShutdownTimeout(t *testing.T) {
	base, stop, done := startRun(t, Options{ShutdownTimeout: 200 * time.Millisecond})
	pr, pw := io.Pipe()
	defer pw.Close()
	go func() {
		req, _ := http.NewRequest("POST", base+"/v1/encode", pr)
		if res, err := http.DefaultClient.Do(req); err == nil {
			res.Body.Close()
		}
	}()
	pw.Write([]byte(`{"input"`))
	time.Sleep(100 * time.Millisecond)
	stop()
	select {
	case err := <-done:
		if err == nil {
			t.Error("Run returned nil with a request cut off")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not return after ShutdownTimeout")
	}
}

// A body that does not arrive within ReadTimeout gets a 408.
func TestRunReadTimeout(t *testing.T) {
	base, _, _ := startRun(t, Options{ReadTimeout: 300 * time.Millisecond})
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	io.WriteString(conn, "POST /v1/encode HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"input\"")
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	b, _ := io.ReadAll(conn)
	if !strings.HasPrefix(string(b), "HTTP/1.1 408 ") || !strings.Contains(string(b), `"request-timeout"`) {
		t.Errorf("slow body: %q", b)
	}
}

// A client that sends its headers too slowly is cut off by
// ReadHeaderTimeout.
func TestRunReadHeaderTimeout(t *testing.T) {
	base, _, _ := startRun(t, Options{ReadHeaderTimeout: 200 * time.Millisecond})
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	io.WriteString(conn, "GET /healthz HTTP/1.1\r\n")
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	start := time.Now()
	b, err := io.ReadAll(conn)
	if err != nil || time.Since(start) > 4*time.Second || strings.Contains(string(b), " 200 ") {
		t.Errorf("slow headers: %q, %v after %v", b, err, time.Since(start))
	}
}

func TestNewServerSettings(t *testing.T) {
	s := NewServer("127.0.0.1:0", Options{})
	if s.ReadHeaderTimeout != DefaultReadHeaderTimeout || s.ReadTimeout != DefaultReadTimeout ||
		s.WriteTimeout != DefaultWriteTimeout || s.IdleTimeout != DefaultIdleTimeout || s.MaxHeaderBytes != DefaultMaxHeaderBytes {
		t.Errorf("defaults not applied: %+v", s)
	}
	s = NewServer("127.0.0.1:0", Options{ReadTimeout: time.Second, MaxHeaderBytes: 1000})
	if s.ReadTimeout != time.Second || s.MaxHeaderBytes != 1000 || s.WriteTimeout != DefaultWriteTimeout {
		t.Errorf("options not applied: %+v", s)
	}
}

func TestListenAndRun(t *testing.T) {
	if err := ListenAndRun(context.Background(), "127.0.0.1:99999", Options{}); err == nil {
		t.Error("no error for an invalid port")
	}
}
