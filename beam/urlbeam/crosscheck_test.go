package urlbeam

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/urikit/urikit/check"
	"github.com/urikit/urikit/uri"
)

// crossCheckLines is the size of the generated input of TestCrossCheck.
const crossCheckLines = 100_000

// genURLs writes n lines of URLs to w: valid ones spelled many ways that
// normalize to the same URL, exact duplicates, relative references,
// invalid ones of many kinds, CRLF line ends and blank lines.
func genURLs(w *bufio.Writer, n int, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 0x75726c73))
	pick := func(xs ...string) string { return xs[rng.IntN(len(xs))] }
	randCase := func(s string) string {
		if rng.IntN(3) > 0 {
			return s
		}
		b := []byte(s)
		for i, c := range b {
			if 'a' <= c && c <= 'z' && rng.IntN(2) == 0 {
				b[i] = c - 'a' + 'A'
			}
		}
		return string(b)
	}
	host := func() string {
		switch k := rng.IntN(20); {
		case k < 12:
			return randCase(fmt.Sprintf("h%d.example.com", rng.IntN(150)))
		case k < 15:
			return randCase(fmt.Sprintf("%s.shop%d.co.uk", pick("www", "a", "b"), rng.IntN(40)))
		case k < 17:
			return fmt.Sprintf("10.0.%d.%d", rng.IntN(3), rng.IntN(10))
		case k < 18:
			return fmt.Sprintf("[2001:%s::%x]", pick("db8", "DB8"), rng.IntN(8))
		case k < 19:
			return "xn--nxasmq6b." + pick("example", "EXAMPLE")
		default:
			return "caf%C3%A9." + pick("example", "test")
		}
	}
	segment := func() string {
		return pick("a", "b", "index.html", "%7Euser", "~user", "%41bc", "Abc", ".", "..", "caf%c3%a9", "x%2Fy", "")
	}
	valid := func() string {
		scheme := pick("http", "https", "HTTP", "Https", "ftp")
		var b strings.Builder
		b.WriteString(scheme + "://")
		if rng.IntN(30) == 0 {
			b.WriteString("user:pw@")
		}
		b.WriteString(host())
		switch rng.IntN(6) {
		case 0:
			b.WriteString(pick(":80", ":443", ":21"))
		case 1:
			b.WriteString(pick(":", ":8080", ":08080"))
		}
		for range rng.IntN(4) {
			b.WriteString("/" + segment())
		}
		if rng.IntN(3) == 0 {
			b.WriteString("?" + pick("q=1", "b=2&a=1", "a=1&b=2", "", "x=%7e"))
		}
		if rng.IntN(5) == 0 {
			b.WriteString("#" + pick("top", "", "%7Esec"))
		}
		return b.String()
	}
	invalid := func() string {
		u := valid()
		switch rng.IntN(9) {
		case 0:
			return u + "/a b"
		case 1:
			return u + "/%zz"
		case 2:
			return u + "/100%"
		case 3:
			return "http://" + host() + ":99999/"
		case 4:
			return "http://bad^" + host() + "/"
		case 5:
			return u + "/caf\u00e9"
		case 6:
			return u + "/\xff"
		case 7:
			return "http://[::1/"
		default:
			return "http://a\\b@" + host() + "/"
		}
	}
	var seen []string
	for range n {
		var line string
		switch k := rng.IntN(100); {
		case k < 60:
			line = valid()
		case k < 75:
			line = invalid()
		case k < 90 && len(seen) > 0:
			line = seen[rng.IntN(len(seen))]
		case k < 95:
			line = pick("/rel/path", "rel/./x", "?q", "#f", "mailto:a@example.org", "urn:isbn:0451450523", "MAILTO:a@example.org")
		case k < 97:
			line = ""
		default:
			line = valid()
		}
		if len(seen) < 5000 && line != "" {
			seen = append(seen, line)
		}
		w.WriteString(line)
		if rng.IntN(20) == 0 {
			w.WriteByte('\r')
		}
		w.WriteByte('\n')
	}
}

// expectation is what the pipeline must produce for an input.
type expectation struct {
	records  int               // non-blank records
	distinct map[string]int    // normalized URL -> records
	dead     []string          // "code@offset input" of each failed record
	findings map[string]string // input -> findingsKey of its findings at warn+
	checked  map[string]int    // input -> records, for the inputs in findings
}

func newExpectation() *expectation {
	return &expectation{distinct: map[string]int{}, findings: map[string]string{}, checked: map[string]int{}}
}

// findingsKey is a list of findings as one comparable string.
func findingsKey(t *testing.T, fs []check.Finding) string {
	b, err := json.Marshal(fs)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// addCheck records the findings at warn or above of one record.
func (e *expectation) addCheck(t *testing.T, in string, fs []check.Finding) {
	var kept []check.Finding
	for _, f := range fs {
		if f.Severity >= check.Warn {
			kept = append(kept, f)
		}
	}
	if len(kept) == 0 {
		return
	}
	e.findings[in] = findingsKey(t, kept)
	e.checked[in]++
}

// hostCounts computes the host counts of e from its distinct URLs with a
// strict parse of each (a normalized valid reference is valid).
func (e *expectation) hostCounts(t *testing.T) []HostCount {
	by := map[string]*HostCount{}
	for u, n := range e.distinct {
		r, err := uri.Parse(u)
		if err != nil {
			t.Fatalf("normalized %q does not parse: %v", u, err)
		}
		h, ok := r.Host()
		if !ok {
			continue
		}
		c := by[h]
		if c == nil {
			c = &HostCount{Host: h}
			by[h] = c
		}
		c.URLs++
		c.Records += n
	}
	var out []HostCount
	for _, c := range by {
		out = append(out, *c)
	}
	slices.SortFunc(out, func(a, b HostCount) int {
		return cmp.Or(cmp.Compare(b.URLs, a.URLs), cmp.Compare(b.Records, a.Records), strings.Compare(a.Host, b.Host))
	})
	return out
}

// libraryExpectation computes the expectation with the library calls that
// "urikit normalize" and "urikit check" make: uri.Parse, then
// uri.Normalize; check.URL.
func libraryExpectation(t *testing.T, data []byte, level uri.Level) *expectation {
	e := newExpectation()
	checked := map[string][]check.Finding{} // check.URL is deterministic
	for _, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		line = strings.TrimSuffix(line, "\r")
		if line == "" {
			continue
		}
		e.records++
		fs, ok := checked[line]
		if !ok {
			fs = check.URL(line).Findings
			checked[line] = fs
		}
		e.addCheck(t, line, fs)
		r, err := uri.Parse(line)
		if err != nil {
			ue := err.(*uri.Error)
			e.dead = append(e.dead, fmt.Sprintf("%s@%d %q", ue.Code, ue.Offset, line))
			continue
		}
		e.distinct[uri.Normalize(r, level).String()]++
	}
	return e
}

// cliExpectation computes the expectation from the JSON Lines output of
// "urikit normalize --json" on the input. Blank records are left out: the
// pipeline skips blank lines (the CLI normalizes them to the empty
// reference).
func cliExpectation(t *testing.T, out []byte) *expectation {
	e := newExpectation()
	var rec struct {
		Input     *string `json:"input"`
		InputHex  *string `json:"input_hex"`
		Output    *string `json:"output"`
		OutputHex *string `json:"output_hex"`
		Error     *struct {
			Offset int
			Code   string
		}
	}
	for line := range bytes.Lines(out) {
		rec.Input, rec.InputHex, rec.Output, rec.OutputHex, rec.Error = nil, nil, nil, nil, nil
		if err := json.Unmarshal(line, &rec); err != nil {
			t.Fatalf("urikit normalize --json: %v in %q", err, line)
		}
		in := textOrHexValue(t, rec.Input, rec.InputHex)
		if in == "" {
			continue
		}
		e.records++
		if rec.Error != nil {
			e.dead = append(e.dead, fmt.Sprintf("%s@%d %q", rec.Error.Code, rec.Error.Offset, in))
			continue
		}
		e.distinct[textOrHexValue(t, rec.Output, rec.OutputHex)]++
	}
	return e
}

// addCLICheck adds to e the findings of "urikit check --json" on the input.
func (e *expectation) addCLICheck(t *testing.T, out []byte) {
	var rec struct {
		Input    *string         `json:"input"`
		InputHex *string         `json:"input_hex"`
		Findings []check.Finding `json:"findings"`
	}
	n := 0
	for line := range bytes.Lines(out) {
		rec.Input, rec.InputHex, rec.Findings = nil, nil, nil
		if err := json.Unmarshal(line, &rec); err != nil {
			t.Fatalf("urikit check --json: %v in %q", err, line)
		}
		in := textOrHexValue(t, rec.Input, rec.InputHex)
		if in == "" {
			continue
		}
		n++
		e.addCheck(t, in, rec.Findings)
	}
	if n != e.records {
		t.Errorf("urikit check read %d records, urikit normalize %d", n, e.records)
	}
}

func textOrHexValue(t *testing.T, text, hexText *string) string {
	switch {
	case text != nil:
		return *text
	case hexText != nil:
		b, err := hex.DecodeString(*hexText)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	return ""
}

// pipelineResult reads the files of WriteSets.
type pipelineResult struct {
	distinct []string
	hosts    []HostCount
	dead     []string          // "code@offset input"
	findings map[string]string // input -> findingsKey
	checked  map[string]int    // input -> records
}

func readResult(t *testing.T, prefix string, shards int) pipelineResult {
	res := pipelineResult{findings: map[string]string{}, checked: map[string]int{}}
	for i := range shards {
		b, err := os.ReadFile(ShardName(prefix+"-findings", i, shards, ".jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		for line := range bytes.Lines(b) {
			var c struct {
				Input    *string         `json:"input"`
				InputHex *string         `json:"input_hex"`
				Records  int             `json:"records"`
				Severity check.Severity  `json:"severity"`
				Findings []check.Finding `json:"findings"`
			}
			if err := json.Unmarshal(line, &c); err != nil {
				t.Fatalf("findings %q: %v", line, err)
			}
			in := textOrHexValue(t, c.Input, c.InputHex)
			if _, dup := res.findings[in]; dup {
				t.Errorf("%q twice in the findings output", in)
			}
			top := check.None
			for _, f := range c.Findings {
				top = max(top, f.Severity)
			}
			if c.Severity != top {
				t.Errorf("findings of %q: severity %v, want the highest, %v", in, c.Severity, top)
			}
			res.findings[in] = findingsKey(t, c.Findings)
			res.checked[in] = c.Records
		}
	}
	for i := range shards {
		b, err := os.ReadFile(ShardName(prefix+"-distinct", i, shards, ".txt"))
		if err != nil {
			t.Fatal(err)
		}
		for line := range strings.Lines(string(b)) {
			res.distinct = append(res.distinct, strings.TrimSuffix(line, "\n"))
		}
		b, err = os.ReadFile(ShardName(prefix+"-dead", i, shards, ".jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		for line := range bytes.Lines(b) {
			var d struct {
				Input    *string `json:"input"`
				InputHex *string `json:"input_hex"`
				Stage    string  `json:"stage"`
				Error    struct {
					Offset int
					Code   string
				}
			}
			if err := json.Unmarshal(line, &d); err != nil {
				t.Fatalf("dead letter %q: %v", line, err)
			}
			if d.Stage != StageParse {
				t.Errorf("dead letter %q: stage %q", line, d.Stage)
			}
			res.dead = append(res.dead, fmt.Sprintf("%s@%d %q", d.Error.Code, d.Error.Offset, textOrHexValue(t, d.Input, d.InputHex)))
		}
	}
	b, err := os.ReadFile(prefix + "-hosts.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for line := range bytes.Lines(b) {
		var c struct {
			Host          string
			URLs, Records int
		}
		if err := json.Unmarshal(line, &c); err != nil {
			t.Fatalf("host count %q: %v", line, err)
		}
		res.hosts = append(res.hosts, HostCount(c))
	}
	return res
}

// compare reports every difference between the pipeline's result and e.
func compare(t *testing.T, what string, got pipelineResult, e *expectation) {
	t.Helper()
	if len(got.distinct) != len(e.distinct) {
		t.Errorf("%s: %d distinct URLs, want %d", what, len(got.distinct), len(e.distinct))
	}
	seen := map[string]bool{}
	var twice, unexpected []string
	for _, u := range got.distinct {
		if seen[u] {
			twice = append(twice, u)
		}
		seen[u] = true
		if _, ok := e.distinct[u]; !ok {
			unexpected = append(unexpected, u)
		}
	}
	if len(twice) > 0 {
		t.Errorf("%s: %d URLs more than once in the distinct output, as %q", what, len(twice), twice[:min(5, len(twice))])
	}
	if len(unexpected) > 0 {
		t.Errorf("%s: %d unexpected distinct URLs, as %q", what, len(unexpected), unexpected[:min(5, len(unexpected))])
	}
	want := e.hostCounts(t)
	if !slices.Equal(got.hosts, want) {
		t.Errorf("%s: %d host counts differ from the %d expected; first lines:\ngot  %v\nwant %v", what, len(got.hosts), len(want), got.hosts[:min(5, len(got.hosts))], want[:min(5, len(want))])
	}
	gd, wd := slices.Sorted(slices.Values(got.dead)), slices.Sorted(slices.Values(e.dead))
	if !slices.Equal(gd, wd) {
		t.Errorf("%s: %d dead letters, want %d (or they differ)", what, len(gd), len(wd))
	}
	if len(got.findings) != len(e.findings) {
		t.Errorf("%s: %d records with findings, want %d", what, len(got.findings), len(e.findings))
	}
	bad := 0
	for in, want := range e.findings {
		if got.findings[in] != want || got.checked[in] != e.checked[in] {
			if bad++; bad <= 3 {
				t.Errorf("%s: findings of %q (%d records):\n got %s\nwant %s (%d records)", what, in, got.checked[in], got.findings[in], want, e.checked[in])
			}
		}
	}
	if bad > 3 {
		t.Errorf("%s: %d records with other findings", what, bad)
	}
}

// TestCrossCheck runs the urlsets pipeline on prism over a generated
// input of 100,000 lines and checks that its distinct URLs, host counts,
// findings at warn or above and dead letters are what the urikit library
// and the urikit CLI ("urikit normalize --json", "urikit check --json")
// compute on the same input.
func TestCrossCheck(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "urls.txt")
	f, err := os.Create(input)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	genURLs(w, crossCheckLines, 7)
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	data, err := os.ReadFile(input)
	if err != nil {
		t.Fatal(err)
	}

	const shards = 4
	prefix := filepath.Join(dir, "out")
	p, s := beam.NewPipelineWithRoot()
	WriteSets(s, prefix, shards, URLSets(s, ReadLines(s, input), Options{Level: uri.SchemeBased, CheckMin: check.Warn}))
	start := time.Now()
	ptest.RunAndValidate(t, p)
	t.Logf("pipeline on %d lines: %v", crossCheckLines, time.Since(start).Round(time.Millisecond))
	got := readResult(t, prefix, shards)

	lib := libraryExpectation(t, data, uri.SchemeBased)
	t.Logf("%d records: %d distinct URLs, %d hosts, %d dead letters, %d distinct records with findings at warn or above", lib.records, len(lib.distinct), len(got.hosts), len(lib.dead), len(lib.findings))
	// The input must exercise what it is meant to.
	if len(lib.dead) < lib.records/20 || len(lib.distinct) > lib.records/2 || len(got.hosts) < 100 {
		t.Fatalf("generated input is not mixed enough: %d records, %d dead, %d distinct", lib.records, len(lib.dead), len(lib.distinct))
	}
	compare(t, "library", got, lib)

	t.Run("cli", func(t *testing.T) {
		bin := buildCLI(t)
		cmd := exec.Command(bin, "normalize", "--json", "--level", "scheme")
		cmd.Stdin = bytes.NewReader(data)
		out, err := cmd.Output()
		if ee, ok := err.(*exec.ExitError); err != nil && !(ok && ee.ExitCode() == 1) {
			t.Fatalf("urikit normalize: %v", err)
		}
		cli := cliExpectation(t, out)
		if cli.records != lib.records {
			t.Errorf("urikit normalize read %d records, the library %d", cli.records, lib.records)
		}
		cmd = exec.Command(bin, "check", "--json")
		cmd.Stdin = bytes.NewReader(data)
		// Status 1: some record failed (a blank line fails with "empty").
		if out, err = cmd.Output(); err != nil {
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
				t.Fatalf("urikit check: %v", err)
			}
		}
		cli.addCLICheck(t, out)
		compare(t, "urikit normalize and check", got, cli)
	})
}

// buildCLI builds cmd/urikit of the core module and returns its path.
func buildCLI(t *testing.T) string {
	t.Helper()
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build urikit:", err)
	}
	bin := filepath.Join(t.TempDir(), "urikit")
	build := exec.Command(gobin, "build", "-o", bin, "./cmd/urikit")
	build.Dir = filepath.Join("..", "..")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/urikit: %v\n%s", err, out)
	}
	return bin
}

// TestCrossCheckWHATWG runs URLSets with the WHATWG parser (lenient: as
// browsers parse) on the first 20,000 generated lines and checks the
// distinct URLs and the dead-letter count against the hrefs that
// "urikit parse --whatwg --get href" prints for the same input.
func TestCrossCheckWHATWG(t *testing.T) {
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	genURLs(w, 20_000, 11)
	w.Flush()
	data := buf.Bytes()

	bin := buildCLI(t)
	cmd := exec.Command(bin, "parse", "--whatwg", "--get", "href")
	cmd.Stdin = bytes.NewReader(data)
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); err != nil && !(ok && ee.ExitCode() == 1) {
		t.Fatalf("urikit parse --whatwg: %v", err)
	}
	// One output line per record; a failed record's line is empty (an href
	// never is).
	ins := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	hrefs := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(ins) != len(hrefs) {
		t.Fatalf("%d records, %d output lines", len(ins), len(hrefs))
	}
	want := map[string]bool{}
	wantDead := 0
	for i, in := range ins {
		if strings.TrimSuffix(in, "\r") == "" {
			continue
		}
		if hrefs[i] == "" {
			wantDead++
			continue
		}
		want[hrefs[i]] = true
	}

	p, s := beam.NewPipelineWithRoot()
	lines := Records(s, beam.CreateList(s, ins))
	sets := URLSets(s, lines, Options{Parse: ParseOptions{Parser: WHATWG, Lenient: true}, NoCheck: true})
	passert.Count(s, sets.Dead, "dead letters", wantDead)
	passert.EqualsList(s, sets.Distinct, slices.Sorted(maps.Keys(want)))
	ptest.RunAndValidate(t, p)
	t.Logf("%d distinct hrefs, %d dead letters", len(want), wantDead)
}
