package serve

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The throughput load test runs only with URIKIT_LOADTEST=1, so that the
// ordinary test run stays fast (adversarial_test.go holds the adversarial
// load tests: a short one that always runs, and a long one with
// URIKIT_LOADTEST=1):
//
//	URIKIT_LOADTEST=1 go test -run TestLoad -v ./serve
//
// URIKIT_LOADTEST_SECONDS sets the length of each comparison phase (default
// 2; the mixed phase runs twice as long) and URIKIT_LOADTEST_MAX the request
// cap of each phase (default 500000). Everything runs on
// the loopback interface.

const (
	loadClients = 64
	loadRounds  = 3
)

// loadRequest is one request of the load mix and the status it must get.
type loadRequest struct {
	kind    string // "valid", "invalid" or "oversized"
	method  string
	path    string
	body    []byte
	chunked bool // send without Content-Length
	status  int
}

// loadMix returns the requests the clients cycle through: mostly valid
// ones, then invalid ones of every kind, and a few bodies over the limit,
// with and without a Content-Length.
func loadMix(limit int64) (valid, all []loadRequest) {
	post := func(path, body string) loadRequest {
		return loadRequest{kind: "valid", method: "POST", path: path, body: []byte(body), status: 200}
	}
	valid = []loadRequest{
		post("/v1/parse", `{"input": "https://user@example.com:8443/a/./b/../c?q=1&r=%20#frag"}`),
		post("/v1/parse", `{"input": "HTTP://EXAMPLE.com:80/a/../b?x#y", "mode": "whatwg"}`),
		post("/v1/parse", `{"inputs": ["../x?y#z", "//h/p", "?q", "#f", "g;x=1/../y"], "mode": "whatwg", "base": "https://example.com/dir/a"}`),
		post("/v1/encode", `{"input": "a b/你?x=1&y=100%", "set": "query-value"}`),
		post("/v1/decode", `{"inputs": ["caf%C3%A9", "abc%4", "%zz%41"], "lenient": true}`),
		post("/v1/normalize", `{"input": "HTTP://Example.COM:80/%7euser/./a/../b?b=2&a=1", "level": "full"}`),
		post("/v1/resolve", `{"inputs": ["../g", "?y", "#s", "../../../g"], "base": "http://a/b/c/d;p?q"}`),
		post("/v1/check", `{"input": "http://evil.com%2f@good.com/%2e%2e/x"}`),
		{kind: "valid", method: "GET", path: "/healthz", status: 200},
	}
	bad := func(method, path, body string, status int) loadRequest {
		return loadRequest{kind: "invalid", method: method, path: path, body: []byte(body), status: status}
	}
	invalid := []loadRequest{
		bad("POST", "/v1/parse", `{"input": `, 400),
		bad("POST", "/v1/parse", `{"input": "a", "bogus": 1}`, 400),
		bad("POST", "/v1/encode", `{"input": "a", "set": "nope"}`, 400),
		bad("POST", "/v1/parse", `{}`, 400),
		bad("GET", "/v1/parse", ``, 405),
		bad("POST", "/v2/parse", `{"input": "a"}`, 404),
		bad("POST", "/v1/encode", `{"inputs": [`+strings.TrimSuffix(strings.Repeat(`"a",`, DefaultMaxRecords+1), ",")+`]}`, 413),
	}
	big := []byte(`{"input": "` + strings.Repeat("a", int(limit)) + `"}`)
	oversized := []loadRequest{
		{kind: "oversized", method: "POST", path: "/v1/encode", body: big, status: 413},
		{kind: "oversized", method: "POST", path: "/v1/parse", body: big, chunked: true, status: 413},
	}
	// 40 requests: 30 valid, 8 invalid (one batch over the record limit
	// among them), 2 over the body limit.
	for len(all) < 30 {
		all = append(all, valid[len(all)%len(valid)])
	}
	all = append(all, invalid...)
	all = append(all, invalid[0])
	all = append(all, oversized...)
	return valid, all
}

// loadResult is what one phase measured.
type loadResult struct {
	requests    int64
	elapsed     time.Duration
	byKind      map[string]int64
	wrongStatus []string
	errors      []string
	dials       int64
	heap        []uint64 // live heap after GC, sampled each second
}

func (r loadResult) rate() float64 { return float64(r.requests) / r.elapsed.Seconds() }

// runLoad sends requests from mix with loadClients concurrent clients to
// baseURL, for at most d and at most max requests.
func runLoad(t *testing.T, baseURL string, mix []loadRequest, d time.Duration, max int64, checkStatus bool) loadResult {
	t.Helper()
	var dials atomic.Int64
	dialer := &net.Dialer{Timeout: 5 * time.Second}
	tr := &http.Transport{
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			dials.Add(1)
			return dialer.DialContext(ctx, network, addr)
		},
		MaxIdleConns:        loadClients,
		MaxIdleConnsPerHost: loadClients,
		DisableCompression:  true,
	}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 30 * time.Second}

	var (
		mu     sync.Mutex
		result = loadResult{byKind: map[string]int64{}}
		count  atomic.Int64
		wg     sync.WaitGroup
	)
	deadline := time.Now().Add(d)
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				runtime.GC()
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				mu.Lock()
				result.heap = append(result.heap, ms.HeapAlloc)
				mu.Unlock()
			}
		}
	}()
	start := time.Now()
	for c := range loadClients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := c; time.Now().Before(deadline); i++ {
				if count.Add(1) > max {
					return
				}
				req := mix[i%len(mix)]
				status, err := doLoadRequest(client, baseURL, req)
				mu.Lock()
				result.byKind[req.kind]++
				switch {
				case err != nil:
					result.errors = append(result.errors, fmt.Sprintf("%s %s (%s): %v", req.method, req.path, req.kind, err))
				case checkStatus && status != req.status || status >= 500:
					result.wrongStatus = append(result.wrongStatus, fmt.Sprintf("%s %s (%s): %d, want %d", req.method, req.path, req.kind, status, req.status))
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	result.elapsed = time.Since(start)
	close(stop)
	<-sampled
	for _, n := range result.byKind {
		result.requests += n
	}
	result.dials = dials.Load()
	return result
}

func doLoadRequest(client *http.Client, baseURL string, lr loadRequest) (int, error) {
	var body io.Reader
	if lr.body != nil {
		body = bytes.NewReader(lr.body)
		if lr.chunked {
			body = io.MultiReader(body) // hides the length: sent chunked
		}
	}
	req, err := http.NewRequest(lr.method, baseURL+lr.path, body)
	if err != nil {
		return 0, err
	}
	if lr.body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	if _, err := io.Copy(io.Discard, res.Body); err != nil {
		return res.StatusCode, err
	}
	return res.StatusCode, nil
}

// startLoadServer serves h on a loopback port with the timeouts of
// NewServer and returns its base URL.
func startLoadServer(t *testing.T, h http.Handler) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := NewServer(ln.Addr().String(), Options{})
	srv.Handler = h
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String()
}

func envInt(t *testing.T, name string, def int64) int64 {
	if s := os.Getenv(name); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n <= 0 {
			t.Fatalf("%s=%q: want a positive integer", name, s)
		}
		return n
	}
	return def
}

// TestLoad: 64 concurrent clients against a plain net/http handler that
// returns a constant and against the API with valid requests only, in
// alternating rounds, then against the API with the full mix of valid, invalid and oversized requests: no 5xx, no
// transport error (a dropped connection), every status as expected, and a
// live heap that does not grow.
func TestLoad(t *testing.T) {
	if os.Getenv("URIKIT_LOADTEST") != "1" {
		t.Skip("set URIKIT_LOADTEST=1 to run the load test")
	}
	d := time.Duration(envInt(t, "URIKIT_LOADTEST_SECONDS", 2)) * time.Second
	max := envInt(t, "URIKIT_LOADTEST_MAX", 500000)
	valid, mix := loadMix(DefaultMaxBodyBytes)

	constant := []byte(`{"input":"a","output":"a"}` + "\n")
	plain := startLoadServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(constant)
	}))
	api := startLoadServer(t, NewHandler(Options{}))

	report := func(name string, r loadResult) {
		t.Logf("%-38s %8d requests in %5.2fs = %8.0f req/s, %d connections opened, by kind %v",
			name, r.requests, r.elapsed.Seconds(), r.rate(), r.dials, r.byKind)
	}
	// The machine is noisy: alternate short phases of the two handlers and
	// compare the medians.
	var results []loadResult
	var plainRates, apiRates []float64
	for round := 1; round <= loadRounds; round++ {
		base := runLoad(t, plain, valid, d, max, false)
		report(fmt.Sprintf("round %d: plain handler (constant)", round), base)
		apiValid := runLoad(t, api, valid, d, max, true)
		report(fmt.Sprintf("round %d: urikit API, valid", round), apiValid)
		results = append(results, base, apiValid)
		plainRates = append(plainRates, base.rate())
		apiRates = append(apiRates, apiValid.rate())
	}
	apiMix := runLoad(t, api, mix, 2*d, max, true)
	report("urikit API, valid+invalid+oversized", apiMix)
	results = append(results, apiMix)
	pm, am := median(plainRates), median(apiRates)
	t.Logf("median req/s: plain handler %.0f, urikit API %.0f (%.0f%%); mixed load %.0f", pm, am, 100*am/pm, apiMix.rate())

	for i, r := range results {
		name := fmt.Sprintf("phase %d", i+1)
		for i, e := range r.errors {
			if i == 10 {
				t.Errorf("%s: ... %d transport errors in all", name, len(r.errors))
				break
			}
			t.Errorf("%s: transport error: %s", name, e)
		}
		for i, e := range r.wrongStatus {
			if i == 10 {
				t.Errorf("%s: ... %d wrong statuses in all", name, len(r.wrongStatus))
				break
			}
			t.Errorf("%s: wrong status: %s", name, e)
		}
	}
	if apiMix.byKind["oversized"] == 0 || apiMix.byKind["invalid"] == 0 {
		t.Errorf("the mix did not run all kinds: %v", apiMix.byKind)
	}
	// Memory flat: the live heap at the end of the mixed phase is not
	// above what it was early in it, give or take noise.
	h := apiMix.heap
	t.Logf("live heap after GC each second of the mix (MiB): %s", mib(h))
	if len(h) >= 3 {
		early := h[1]
		for _, v := range h[2:] {
			if v > 2*early+16<<20 {
				t.Errorf("live heap grew from %s to %s MiB", mib([]uint64{early}), mib([]uint64{v}))
				break
			}
		}
	}
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}

func mib(v []uint64) string {
	parts := make([]string, len(v))
	for i, b := range v {
		parts[i] = fmt.Sprintf("%.1f", float64(b)/(1<<20))
	}
	return strings.Join(parts, " ")
}
