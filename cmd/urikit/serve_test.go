package main

import (
	"bytes"
	"context"
	"io"
	"math"
	"net/http"
	"os"
	"regexp"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/urikit/urikit/serve"
)

// syncBuffer is a bytes.Buffer safe for the server's log writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startServe runs "urikit serve" in-process on a free loopback port and
// returns its base URL, its log and the channel of its result.
func startServe(t *testing.T, ctx context.Context, extra ...string) (string, *syncBuffer, chan error) {
	t.Helper()
	logs := new(syncBuffer)
	root := newRootCmd()
	root.SetArgs(append([]string{"serve", "--addr", "127.0.0.1:0"}, extra...))
	root.SetOut(io.Discard)
	root.SetErr(logs)
	done := make(chan error, 1)
	go func() { done <- root.ExecuteContext(ctx) }()
	listening := regexp.MustCompile(`(?:msg=listening addr=|"msg":"listening","addr":")(127\.0\.0\.1:\d+)`)
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if m := listening.FindStringSubmatch(logs.String()); m != nil {
			return "http://" + m[1], logs, done
		}
		select {
		case err := <-done:
			t.Fatalf("serve stopped: %v\n%s", err, logs)
		case <-time.After(10 * time.Millisecond):
		}
	}
	t.Fatalf("serve did not start:\n%s", logs)
	return "", nil, nil
}

func waitDone(t *testing.T, done chan error, logs *syncBuffer) {
	t.Helper()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve returned %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("serve did not stop")
	}
	if !strings.Contains(logs.String(), "msg=stopped") {
		t.Errorf("no clean stop in the log:\n%s", logs)
	}
}

func TestServeCommand(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	base, logs, done := startServe(t, ctx, "--max-records", "2", "--log-format", "text")
	res, err := http.Post(base+"/v1/encode", "application/json", strings.NewReader(`{"inputs": ["a b", "你"]}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || string(body) != `[{"input":"a b","output":"a%20b"},{"input":"你","output":"%E4%BD%A0"}]`+"\n" {
		t.Errorf("encode: %d %s", res.StatusCode, body)
	}
	// --max-records is applied.
	res, err = http.Post(base+"/v1/encode", "application/json", strings.NewReader(`{"inputs": ["a", "b", "c"]}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("3 records with --max-records 2: status %d", res.StatusCode)
	}
	cancel()
	waitDone(t, done, logs)
	if !strings.Contains(logs.String(), "msg=request method=POST path=/v1/encode status=200") {
		t.Errorf("request not logged:\n%s", logs)
	}
}

func TestServeUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"serve", "--log-format", "xml", "--addr", "127.0.0.1:0"},
		{"serve", "--max-body", "0", "--addr", "127.0.0.1:0"},
		{"serve", "extra", "--addr", "127.0.0.1:0"},
		{"serve", "--addr", "127.0.0.1:99999"},
		{"serve", "--memory", "lots", "--addr", "127.0.0.1:0"},
		{"serve", "--memory", "1MiB", "--addr", "127.0.0.1:0"},
		{"serve", "--memory", "64MiB", "--max-body", "16777216", "--addr", "127.0.0.1:0"},
		{"serve", "--request-timeout", "0s", "--addr", "127.0.0.1:0"},
		{"serve", "--max-response", "-1", "--addr", "127.0.0.1:0"},
	} {
		if _, errOut, code := cli(t, "", args...); code != exitUsage || errOut == "" {
			t.Errorf("%v: status %d, stderr %q", args, code, errOut)
		}
	}
}

// --memory sets the runtime's memory limit while the server runs (and
// the budget of its requests), and gives the previous one back after.
func TestServeMemoryFlag(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	base, logs, done := startServe(t, ctx, "--memory", "256MiB", "--log-format", "json")
	if got := debug.SetMemoryLimit(-1); got != 256<<20 {
		t.Errorf("runtime memory limit %d while serving, want %d", got, 256<<20)
	}
	if os.Getenv("GOGC") == "" {
		got := debug.SetGCPercent(-1)
		debug.SetGCPercent(got)
		if got != 100 {
			t.Errorf("GC percent %d while serving, want 100", got)
		}
	}
	if !strings.Contains(logs.String(), `"memory_limit":268435456`) {
		t.Errorf("the listening record lacks the memory limit:\n%s", logs)
	}
	res, err := http.Post(base+"/v1/parse", "application/json", strings.NewReader(`{"input": "a"}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("serve did not stop")
	}
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("runtime memory limit %d after serving, want %d back", got, before)
	}
}

func TestResolveMemory(t *testing.T) {
	for _, c := range []struct {
		flag    string
		flagSet bool
		env     string
		runtime int64
		want    int64
		set     bool
		err     bool
	}{
		{"512MiB", false, "", math.MaxInt64, 512 << 20, true, false}, // the default, set
		{"1GiB", true, "", math.MaxInt64, 1 << 30, true, false},
		{"1GiB", true, "300MiB", 300 << 20, 1 << 30, true, false}, // the flag wins
		{"512MiB", false, "300MiB", 300 << 20, 300 << 20, false, false},
		{"512MiB", false, "off", math.MaxInt64, serve.DefaultMemoryLimit, false, false},
		{"100", true, "", math.MaxInt64, 0, false, true},
		{"x", true, "", math.MaxInt64, 0, false, true},
	} {
		got, set, err := resolveMemory(c.flag, c.flagSet, c.env, c.runtime)
		if got != c.want || set != c.set || (err != nil) != c.err {
			t.Errorf("%+v: %d %v %v", c, got, set, err)
		}
	}
}

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"0": 0, "123": 123, "7B": 7, "2KiB": 2048, "512MiB": 512 << 20, "3GiB": 3 << 30, "1TiB": 1 << 40} {
		if got, err := parseSize(in); got != want || err != nil {
			t.Errorf("parseSize(%q) = %d, %v", in, got, err)
		}
		if want > 0 {
			if back, _ := parseSize(formatSize(want)); back != want {
				t.Errorf("formatSize(%d) = %q", want, formatSize(want))
			}
		}
	}
	for _, in := range []string{"", "MiB", "-1", "+1", "1.5GiB", "1 GiB", "1MB", "1gib", "99999999999TiB", "1e9"} {
		if _, err := parseSize(in); err == nil {
			t.Errorf("parseSize(%q) succeeded", in)
		}
	}
	if s := formatSize(1536 << 20); s != "1536MiB" {
		t.Errorf("formatSize: %s", s)
	}
}
