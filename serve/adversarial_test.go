package serve

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/urikit/urikit/internal/report"
)

// The adversarial load test sends the bodies of issue 12 (a 1 MB lenient
// parse of "%^ " repeated, 60 KB checks of look-alike IDN labels, a strict
// parse of 900,000 "%", a batch of 1,000 label URLs) while small clients
// send ordinary requests and /healthz, and checks that no answer is a
// 5xx, that every answer is the right JSON, that small requests are
// answered while the heavy ones are in flight (they do not queue behind
// them), and that memory stays under the limit. The short version below
// runs with every "go test" (a few seconds, on loopback, in-process);
// TestLoadAdversarial runs the long one against the urikit binary with
// URIKIT_LOADTEST=1 and reports p50/p99 latencies and the peak RSS.

// loadCase is one request of the adversarial test and the check of its
// answer.
type loadCase struct {
	name   string
	method string
	path   string
	body   string
	check  func(status int, body []byte) error
}

// decodeAnswer decodes an API answer, checks its status is 200 and
// returns its record (one input) or its records (a batch).
func decodeAnswer(status int, body []byte) (map[string]any, []map[string]any, error) {
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return nil, nil, fmt.Errorf("answer %d is not JSON: %v: %.200q", status, err, body)
	}
	if status != 200 {
		return nil, nil, fmt.Errorf("status %d: %.300s", status, body)
	}
	if list, ok := v.([]any); ok {
		rs := make([]map[string]any, len(list))
		for i, r := range list {
			rs[i], _ = r.(map[string]any)
		}
		return nil, rs, nil
	}
	rec, _ := v.(map[string]any)
	return rec, nil, nil
}

// field returns r[name] as a string.
func field(r map[string]any, name string) string {
	s, _ := r[name].(string)
	return s
}

// heavyCases are the bodies of issue 12. idn is the length of the IDN
// host of the check requests.
func heavyCases(idn int) []loadCase {
	lenient := "http://h/" + strings.Repeat("%^ ", (DefaultMaxBodyBytes-64)/3)
	host := idnHost(idn)
	label := func(i int) string { return "http://" + strings.Repeat("а.", 40+i%40) + "com/" + strconv.Itoa(i) }
	var batchInputs []string
	for i := range DefaultMaxRecords {
		batchInputs = append(batchInputs, label(i))
	}
	batchBody, _ := json.Marshal(map[string]any{"inputs": batchInputs})
	return []loadCase{
		{name: "parse-lenient-1MB", method: "POST", path: "/v1/parse", body: one(`, "lenient": true`, lenient),
			check: func(status int, body []byte) error {
				r, _, err := decodeAnswer(status, body)
				if err != nil {
					return err
				}
				errs, _ := r["findings"].([]any)
				if r["error"] != nil || field(r, "input") != lenient || len(errs) == 0 || len(errs) > 8 {
					return fmt.Errorf("lenient parse: error %v, %d findings", r["error"], len(errs))
				}
				if e := errs[0].(map[string]any); e["count"] == nil || e["offsets"] == nil {
					return fmt.Errorf("lenient parse: findings not merged: %v", e)
				}
				return nil
			}},
		{name: "parse-strict-900k-pct", method: "POST", path: "/v1/parse", body: one("", strings.Repeat("%", 900000)),
			check: func(status int, body []byte) error {
				r, _, err := decodeAnswer(status, body)
				if err != nil {
					return err
				}
				e, _ := r["error"].(map[string]any)
				if e == nil || e["offset"] != 0.0 || len(field(r, "input")) != 900000 || r["path"] != nil {
					return fmt.Errorf("strict parse: error %v, input of %d bytes, path %.20v", e, len(field(r, "input")), r["path"])
				}
				return nil
			}},
		{name: fmt.Sprintf("check-idn-%dKB", idn>>10), method: "POST", path: "/v1/check", body: one("", host),
			check: func(status int, body []byte) error {
				r, _, err := decodeAnswer(status, body)
				if err != nil {
					return err
				}
				if field(r, "input") != host || field(r, "severity") == "" || r["views"] == nil {
					return fmt.Errorf("check: severity %v", r["severity"])
				}
				return nil
			}},
		{name: "check-batch-1000-labels", method: "POST", path: "/v1/check", body: string(batchBody),
			check: func(status int, body []byte) error {
				_, rs, err := decodeAnswer(status, body)
				if err != nil {
					return err
				}
				if len(rs) != DefaultMaxRecords {
					return fmt.Errorf("batch: %d results", len(rs))
				}
				for i, r := range rs {
					if field(r, "input") != batchInputs[i] || field(r, "severity") == "" {
						return fmt.Errorf("batch result %d: input %.40q, severity %v", i, field(r, "input"), r["severity"])
					}
				}
				return nil
			}},
	}
}

// smallCases are ordinary requests, with the answers they must get.
func smallCases() []loadCase {
	result := func(want map[string]string) func(int, []byte) error {
		return func(status int, body []byte) error {
			r, _, err := decodeAnswer(status, body)
			if err != nil {
				return err
			}
			for k, v := range want {
				if field(r, k) != v {
					return fmt.Errorf("%s = %q, want %q", k, field(r, k), v)
				}
			}
			return nil
		}
	}
	return []loadCase{
		{name: "healthz", method: "GET", path: "/healthz", check: func(status int, body []byte) error {
			if status != 200 || string(body) != `{"status":"ok"}`+"\n" {
				return fmt.Errorf("healthz: %d %q", status, body)
			}
			return nil
		}},
		{name: "parse", method: "POST", path: "/v1/parse", body: `{"input": "https://user@example.com:8443/a/./b/../c?q=1#f"}`,
			check: result(map[string]string{"host": "example.com", "port": "8443", "path": "/a/./b/../c"})},
		{name: "parse-whatwg", method: "POST", path: "/v1/parse", body: `{"input": "HTTP://EXAMPLE.com:80/a/../b", "mode": "whatwg"}`,
			check: result(map[string]string{"href": "http://example.com/b"})},
		{name: "encode", method: "POST", path: "/v1/encode", body: `{"input": "a b/你", "set": "path"}`,
			check: result(map[string]string{"output": "a%20b/%E4%BD%A0"})},
		{name: "normalize", method: "POST", path: "/v1/normalize", body: `{"input": "HTTP://Example.COM:80/%7euser/./a/../b"}`,
			check: result(map[string]string{"output": "http://example.com/~user/b"})},
		{name: "check", method: "POST", path: "/v1/check", body: `{"input": "http://evil.com%2f@good.com/"}`,
			check: result(map[string]string{"severity": "danger"})},
		{name: "healthz", method: "GET", path: "/healthz", check: func(status int, body []byte) error {
			if status != 200 {
				return fmt.Errorf("healthz: %d", status)
			}
			return nil
		}},
	}
}

// adversarialConfig sets the size of a run.
type adversarialConfig struct {
	idn          int // length of the IDN hosts checked
	rounds       int // times each heavy client sends its request
	heavyClients int // clients per heavy case
	smallClients int
	maxSmall     int           // most small requests in all
	timeout      time.Duration // of each client request
}

// adversarialResult is what a run measured.
type adversarialResult struct {
	small, heavy map[string][]time.Duration // latency of each answer, by case
	failures     []string
	// sentDuringHeavy counts the small requests sent while a heavy one
	// was in flight, and duringHeavy those of them answered before any
	// heavy one was: they did not queue behind the heavy ones.
	sentDuringHeavy, duringHeavy int
	samples                      []memorySample
}

type memorySample struct{ heap, rss uint64 }

// runAdversarial runs the heavy cases and the small ones at once against
// baseURL, sampling memory with sample every 50 ms.
func runAdversarial(t *testing.T, baseURL string, cfg adversarialConfig, sample func() memorySample) adversarialResult {
	t.Helper()
	tr := &http.Transport{MaxIdleConnsPerHost: 64, DisableCompression: true}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: cfg.timeout}
	res := adversarialResult{small: map[string][]time.Duration{}, heavy: map[string][]time.Duration{}}
	var mu sync.Mutex
	// heavyInFlight counts the heavy requests sent and not answered;
	// heavyAnswered those answered.
	var heavyInFlight, heavyAnswered atomic.Int64
	record := func(c loadCase, latencies map[string][]time.Duration, d time.Duration, status int, body []byte, err error) {
		mu.Lock()
		defer mu.Unlock()
		switch {
		case err != nil:
			res.failures = append(res.failures, fmt.Sprintf("%s: %v", c.name, err))
		case status >= 500:
			res.failures = append(res.failures, fmt.Sprintf("%s: status %d: %.200s", c.name, status, body))
		default:
			if err := c.check(status, body); err != nil {
				res.failures = append(res.failures, fmt.Sprintf("%s: %v", c.name, err))
			}
		}
		latencies[c.name] = append(latencies[c.name], d)
	}
	stopSampling := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		for {
			s := sample()
			mu.Lock()
			res.samples = append(res.samples, s)
			mu.Unlock()
			select {
			case <-stopSampling:
				return
			case <-tick.C:
			}
		}
	}()

	var heavyWG, smallWG sync.WaitGroup
	heavyDone := make(chan struct{})
	for _, c := range heavyCases(cfg.idn) {
		for range cfg.heavyClients {
			heavyWG.Add(1)
			go func() {
				defer heavyWG.Done()
				for range cfg.rounds {
					heavyInFlight.Add(1)
					start := time.Now()
					status, body, err := doCase(client, baseURL, c)
					heavyAnswered.Add(1)
					heavyInFlight.Add(-1)
					record(c, res.heavy, time.Since(start), status, body, err)
				}
			}()
		}
	}
	go func() {
		heavyWG.Wait()
		close(heavyDone)
	}()
	var sent atomic.Int64
	small := smallCases()
	for k := range cfg.smallClients {
		smallWG.Add(1)
		go func() {
			defer smallWG.Done()
			for i := k; ; i++ {
				select {
				case <-heavyDone:
					return
				default:
				}
				if sent.Add(1) > int64(cfg.maxSmall) {
					return
				}
				c := small[i%len(small)]
				answered := heavyAnswered.Load()
				sentDuring := heavyInFlight.Load() > 0
				start := time.Now()
				status, body, err := doCase(client, baseURL, c)
				d := time.Since(start)
				// A heavy request was in flight when this one was sent,
				// and none was answered before this one: it did not wait
				// for a heavy one to finish.
				during := sentDuring && heavyAnswered.Load() == answered
				record(c, res.small, d, status, body, err)
				mu.Lock()
				if sentDuring {
					res.sentDuringHeavy++
				}
				if during && err == nil && status == 200 {
					res.duringHeavy++
				}
				mu.Unlock()
			}
		}()
	}
	heavyWG.Wait()
	smallWG.Wait()
	close(stopSampling)
	<-sampled
	return res
}

func doCase(client *http.Client, baseURL string, c loadCase) (int, []byte, error) {
	var body io.Reader
	if c.body != "" {
		body = strings.NewReader(c.body)
	}
	req, err := http.NewRequest(c.method, baseURL+c.path, body)
	if err != nil {
		return 0, nil, err
	}
	if c.body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res.StatusCode, b, err
}

// percentiles returns the p50 and p99 of d.
func percentiles(d []time.Duration) (time.Duration, time.Duration) {
	if len(d) == 0 {
		return 0, 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2], s[min(len(s)-1, len(s)*99/100)]
}

// report logs the latencies and memory of a run and fails on its
// failures.
func (r adversarialResult) report(t *testing.T) (all []time.Duration) {
	t.Helper()
	for _, group := range []struct {
		name string
		m    map[string][]time.Duration
	}{{"small", r.small}, {"heavy", r.heavy}} {
		names := make([]string, 0, len(group.m))
		for n := range group.m {
			names = append(names, n)
		}
		slices.Sort(names)
		for _, n := range names {
			p50, p99 := percentiles(group.m[n])
			t.Logf("%s %-26s %5d answers, p50 %9v, p99 %9v", group.name, n, len(group.m[n]), p50.Round(time.Microsecond), p99.Round(time.Microsecond))
			if group.name == "small" {
				all = append(all, group.m[n]...)
			}
		}
	}
	p50, p99 := percentiles(all)
	t.Logf("small requests in all: %d answers, p50 %v, p99 %v; %d sent while a heavy request was in flight, %d of them answered before any heavy one was",
		len(all), p50.Round(time.Microsecond), p99.Round(time.Microsecond), r.sentDuringHeavy, r.duringHeavy)
	for i, f := range r.failures {
		if i == 20 {
			t.Errorf("... %d failures in all", len(r.failures))
			break
		}
		t.Errorf("failure: %s", f)
	}
	return all
}

// peakMemory returns the highest heap and RSS sampled.
func (r adversarialResult) peakMemory() (heap, rss uint64) {
	for _, s := range r.samples {
		heap, rss = max(heap, s.heap), max(rss, s.rss)
	}
	return heap, rss
}

// procRSS returns the resident set size of process pid ("self" for this
// one) from /proc, or 0 where there is none.
func procRSS(pid string) uint64 { return procStatus(pid, "VmRSS:") }

// idnSize is the length of the IDN hosts of the short test: 60 KB, or 8 KB
// while check.URL is still superlinear on them (it allocates more than a
// small multiple of a 2 KB host), so that the test stays short.
func idnSize(t *testing.T) int {
	host := idnHost(2 << 10)
	n := allocated(func() { report.CheckURL(host) }, len(host))
	if n > 64*len(host)+(256<<10) {
		t.Logf("check.URL allocates %d bytes for an IDN host of %d: still superlinear, the short test checks 8 KB hosts instead of 60 KB", n, len(host))
		return 8 << 10
	}
	return 60 << 10
}

// TestAdversarialLoad is the short adversarial load test: in-process, on
// loopback, with the runtime's memory limit set as "urikit serve" sets it.
// It first checks that small requests are answered while heavy ones hold
// on to their workers, then runs the adversarial mix.
func TestAdversarialLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	const limit = DefaultMemoryLimit
	prev := debug.SetMemoryLimit(limit)
	defer debug.SetMemoryLimit(prev)
	runtime.GC()
	debug.FreeOSMemory()
	base := procRSS("self")

	logs := new(lockedBuffer)
	// Two workers, so that heavy requests could take them all if they
	// were not held to half of them.
	h := NewHandler(Options{MemoryLimit: limit, MaxConcurrent: 2, QueueTimeout: time.Minute, RequestTimeout: time.Minute,
		Logger: slog.New(slog.NewJSONHandler(logs, nil))}).(*handler)
	release := make(chan struct{})
	stalls := testRoute(h, func(in string) report.Record {
		<-release
		return report.Record{Input: "x", Fields: []report.Field{report.Int("n", len(in))}}
	})
	baseURL := startLoadServer(t, h)

	// Two heavy requests that hold on to their worker until released:
	// one works, the other waits for the heavy worker, and small requests
	// are answered all the while.
	stall := loadCase{name: "stall", method: "POST", path: "/v1/test", body: one("", strings.Repeat("x", 64<<10)),
		check: func(status int, body []byte) error {
			if r, _, err := decodeAnswer(status, body); err != nil || r["n"] != float64(64<<10) {
				return fmt.Errorf("stall: %v %v", r, err)
			}
			return nil
		}}
	stalled := make(chan error, 2)
	for range 2 {
		go func() {
			status, body, err := doCase(http.DefaultClient, baseURL, stall)
			if err == nil && status != 200 {
				err = fmt.Errorf("status %d: %s", status, body)
			}
			stalled <- err
		}()
	}
	waitFor(t, func() bool { return stalls.Load() >= 1 })
	time.Sleep(100 * time.Millisecond) // the other one reaches the server
	if n := stalls.Load(); n != 1 {
		t.Fatalf("%d heavy requests worked on at once with 2 workers: small ones have none left", n)
	}
	for i, c := range smallCases() {
		for range 10 {
			status, body, err := doCase(http.DefaultClient, baseURL, c)
			if err == nil {
				err = c.check(status, body)
			}
			if err != nil {
				t.Fatalf("small request %d (%s) with heavy ones holding a worker: %v", i, c.name, err)
			}
		}
	}
	if stalls.Load() != 1 {
		t.Errorf("%d heavy requests worked on at once with 2 workers", stalls.Load())
	}
	close(release)
	for range 2 {
		if err := <-stalled; err != nil {
			t.Errorf("heavy request: %v", err)
		}
	}

	sample := func() memorySample {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return memorySample{heap: ms.HeapInuse, rss: procRSS("self")}
	}
	r := runAdversarial(t, baseURL, adversarialConfig{
		idn: idnSize(t), rounds: 2, heavyClients: 1, smallClients: 4, maxSmall: 20000, timeout: time.Minute,
	}, sample)
	r.report(t)
	heap, rss := r.peakMemory()
	t.Logf("memory: %d samples, peak heap in use %d MiB, peak RSS %d MiB (%d MiB before), limit %d MiB",
		len(r.samples), heap>>20, rss>>20, base>>20, limit>>20)
	if len(r.samples) < 5 {
		t.Errorf("only %d memory samples: the run was too short to tell", len(r.samples))
	}
	if heap > limit {
		t.Errorf("peak heap in use %d MiB, over the limit of %d MiB", heap>>20, limit>>20)
	}
	if !raceEnabled && rss > 0 && rss > limit+base+(64<<20) {
		t.Errorf("peak RSS %d MiB, over the limit of %d MiB (+ %d MiB before the test, + 64 MiB)", rss>>20, limit>>20, base>>20)
	}
	// Small requests sent while heavy ones are in flight are answered
	// before the heavy ones: all but those that happen to be sent just
	// before a heavy one ends.
	if r.sentDuringHeavy < 50 || r.duringHeavy < r.sentDuringHeavy*3/4 {
		t.Errorf("of %d small requests sent while a heavy one was in flight, %d were answered before any heavy one: they queue behind them",
			r.sentDuringHeavy, r.duringHeavy)
	}
	if len(r.heavy) != 4 {
		t.Errorf("answers to %d heavy cases, want 4", len(r.heavy))
	}
	for name, d := range r.heavy {
		if len(d) != 2 {
			t.Errorf("%d answers to %s, want 2", len(d), name)
		}
	}
	// Idle again, the server gives the memory back: its reclaimer runs a
	// second after the last heavy request (given 10 s on a busy machine).
	idle := procRSS("self")
	for deadline := time.Now().Add(10 * time.Second); idle > base+(48<<20) && time.Now().Before(deadline); {
		time.Sleep(100 * time.Millisecond)
		idle = procRSS("self")
	}
	t.Logf("RSS %d MiB idle after the load (peak %d MiB)", idle>>20, rss>>20)
	if !raceEnabled && idle > 0 && idle > base+(48<<20) {
		t.Errorf("RSS %d MiB idle after the load, %d MiB before: the memory was not returned", idle>>20, base>>20)
	}
	if !strings.Contains(logs.String(), `"memory":`) {
		t.Error("the request log has no memory held")
	}
	if strings.Contains(logs.String(), `"status":5`) {
		t.Errorf("a 5xx in the log")
	}
}

// TestLoadAdversarial is the long adversarial load test, for the
// figures of the closing note: it runs the urikit binary (URIKIT_BIN, or
// built from ../cmd/urikit) with "serve --memory" (URIKIT_LOADTEST_MEMORY,
// default 512MiB, and any flags in URIKIT_LOADTEST_ARGS), sends the
// adversarial bodies of 60 KB IDN hosts URIKIT_LOADTEST_ROUNDS times
// (default 3) from URIKIT_LOADTEST_HEAVY clients per case (default 1:
// four heavy clients for the two heavy workers of a 2-CPU machine; more
// overload the server, which then sheds heavy requests with 503 busy)
// with small traffic from 8 more, and reports the latencies, the peak RSS
// of the server and its RSS once idle.
//
//	URIKIT_LOADTEST=1 go test -run TestLoadAdversarial -v -timeout 30m ./serve
func TestLoadAdversarial(t *testing.T) {
	if os.Getenv("URIKIT_LOADTEST") != "1" {
		t.Skip("set URIKIT_LOADTEST=1 to run the load test")
	}
	bin := os.Getenv("URIKIT_BIN")
	if bin == "" {
		bin = t.TempDir() + "/urikit"
		if out, err := exec.Command("go", "build", "-o", bin, "github.com/urikit/urikit/cmd/urikit").CombinedOutput(); err != nil {
			t.Fatalf("go build: %v\n%s", err, out)
		}
	}
	memory := os.Getenv("URIKIT_LOADTEST_MEMORY")
	if memory == "" {
		memory = "512MiB"
	}
	args := append([]string{"serve", "--addr", "127.0.0.1:0", "--log-format", "json", "--memory", memory},
		strings.Fields(os.Getenv("URIKIT_LOADTEST_ARGS"))...)
	cmd := exec.Command(bin, args...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	pid := strconv.Itoa(cmd.Process.Pid)
	addr := make(chan string, 1)
	var logMu sync.Mutex
	statuses := map[float64]int{}
	var limit uint64
	logDone := make(chan struct{})
	go func() {
		defer close(logDone)
		sc := bufio.NewScanner(stderr)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var rec map[string]any
			if json.Unmarshal(sc.Bytes(), &rec) != nil {
				continue
			}
			switch rec["msg"] {
			case "listening":
				limit = uint64(rec["memory_limit"].(float64))
				addr <- rec["addr"].(string)
			case "request":
				logMu.Lock()
				statuses[rec["status"].(float64)]++
				logMu.Unlock()
			}
		}
	}()
	var base string
	select {
	case a := <-addr:
		base = "http://" + a
	case <-time.After(30 * time.Second):
		t.Fatal("urikit serve did not start")
	}
	start := procRSS(pid)
	rounds := int(envInt(t, "URIKIT_LOADTEST_ROUNDS", 3))
	began := time.Now()
	r := runAdversarial(t, base, adversarialConfig{
		idn: 60 << 10, rounds: rounds, heavyClients: int(envInt(t, "URIKIT_LOADTEST_HEAVY", 1)), smallClients: 8,
		maxSmall: 1 << 30, timeout: 10 * time.Minute,
	}, func() memorySample { return memorySample{rss: procRSS(pid)} })
	t.Logf("%d rounds in %v", rounds, time.Since(began).Round(time.Millisecond))
	r.report(t)
	_, rss := r.peakMemory()
	hwm := procStatus(pid, "VmHWM:")
	time.Sleep(3 * time.Second)
	idle := procRSS(pid)
	t.Logf("server RSS: %d MiB at start, peak %d MiB sampled (VmHWM %d MiB), %d MiB idle 3 s after; memory limit %d MiB; %d samples",
		start>>20, rss>>20, hwm>>20, idle>>20, limit>>20, len(r.samples))
	if len(r.samples) < 10 {
		t.Errorf("only %d memory samples", len(r.samples))
	}
	if max(rss, hwm) > limit+limit/8 {
		t.Errorf("peak RSS %d MiB, over the limit of %d MiB + 1/8", max(rss, hwm)>>20, limit>>20)
	}
	if r.sentDuringHeavy < 50 || r.duringHeavy < r.sentDuringHeavy*3/4 {
		t.Errorf("of %d small requests sent while a heavy one was in flight, %d were answered before any heavy one: they queue behind them",
			r.sentDuringHeavy, r.duringHeavy)
	}
	cmd.Process.Signal(os.Interrupt)
	cmd.Wait()
	<-logDone
	logMu.Lock()
	defer logMu.Unlock()
	t.Logf("statuses in the server log: %v", statuses)
	for status, n := range statuses {
		if status >= 500 {
			t.Errorf("%d answers with status %v", n, status)
		}
	}
}

// procStatus returns the value in bytes of a "kB" line of
// /proc/pid/status, or 0.
func procStatus(pid, key string) uint64 {
	b, err := os.ReadFile("/proc/" + pid + "/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, key); ok {
			kb, _ := strconv.ParseUint(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10
		}
	}
	return 0
}
