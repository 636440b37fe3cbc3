package urlbeam

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/urikit/urikit/check"
	"github.com/urikit/urikit/internal/report"
	"github.com/urikit/urikit/uri"
	"github.com/urikit/urikit/whatwg"
)

// The pipelines of these tests run on Beam's prism runner, in process
// (ptest's default; -runner=direct or another runner can be passed).
func TestMain(m *testing.M) {
	ptest.Main(m)
}

func init() {
	register.Function1x1[DeadLetter, string](deadSummary)
	register.Function1x1[URL, string](urlSummary)
	register.Function1x1[HostCount, string](hostSummary)
	register.Function1x1[URL, string](textAndHost)
}

// textAndHost is urlSummary without the deviations and the input.
func textAndHost(u URL) string {
	return strings.SplitN(urlSummary(u), " dev=", 2)[0]
}

// deadSummary is a dead letter as one comparable line.
func deadSummary(d DeadLetter) string {
	return fmt.Sprintf("%s %s@%d %q", d.Stage, d.Err.Code, d.Err.Offset, d.Input)
}

// urlSummary is a URL record as one comparable line.
func urlSummary(u URL) string {
	var dev []string
	for _, d := range u.Deviations {
		dev = append(dev, fmt.Sprintf("%s@%d", d.Code, d.Offset))
	}
	host := "-"
	if u.HasHost {
		host = fmt.Sprintf("%q", u.Host)
	}
	return fmt.Sprintf("%q host=%s dev=[%s] in=%q", u.Text, host, strings.Join(dev, " "), u.Input)
}

func hostSummary(c HostCount) string {
	return fmt.Sprintf("%s %d %d", c.Host, c.URLs, c.Records)
}

// summaries maps col through fn.
func summaries(s beam.Scope, fn any, col beam.PCollection) beam.PCollection {
	return beam.ParDo(s, fn, col)
}

func TestParseStrictRFC3986(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	lines := beam.CreateList(s, []string{
		"HTTP://Example.COM:80/a/./b",
		"mailto:x@example.org",
		"/just/a/path",
		"http://exa mple.com/",
		"http://example.com:99999/",
		"https://example.com/%zz",
		"http://\xff.example/",
	})
	urls, dead := Parse(s, lines, ParseOptions{})
	passert.Equals(s, summaries(s, urlSummary, urls),
		`"HTTP://Example.COM:80/a/./b" host="Example.COM" dev=[] in="HTTP://Example.COM:80/a/./b"`,
		`"mailto:x@example.org" host=- dev=[] in="mailto:x@example.org"`,
		`"/just/a/path" host=- dev=[] in="/just/a/path"`,
	)
	passert.Equals(s, summaries(s, deadSummary, dead),
		`parse invalid-char@10 "http://exa mple.com/"`,
		`parse port-out-of-range@19 "http://example.com:99999/"`,
		`parse invalid-escape@20 "https://example.com/%zz"`,
		`parse invalid-utf8@7 "http://\xff.example/"`,
	)
	ptest.RunAndValidate(t, p)
}

func TestParseAbsolute(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	urls, dead := Parse(s, beam.Create(s, "/rel", "http://a/", "x:y"), ParseOptions{Absolute: true})
	passert.Equals(s, summaries(s, urlText, urls), "http://a/", "x:y")
	passert.Equals(s, summaries(s, deadSummary, dead), `parse missing-scheme@0 "/rel"`)
	ptest.RunAndValidate(t, p)
}

func TestParseLenientRFC3986(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	// Lenient parsing never fails: every line is on the main output, with
	// what was tolerated, and its text is the input byte for byte.
	lines := beam.Create(s, "http://exa mple.com/", "https://example.com/%zz", "http://\xff.example/", "http://a/")
	urls, dead := Parse(s, lines, ParseOptions{Lenient: true})
	passert.Equals(s, summaries(s, urlSummary, urls),
		`"http://exa mple.com/" host="exa mple.com" dev=[invalid-char@10] in="http://exa mple.com/"`,
		`"https://example.com/%zz" host="example.com" dev=[invalid-escape@20] in="https://example.com/%zz"`,
		`"http://\xff.example/" host="\xff.example" dev=[invalid-utf8@7] in="http://\xff.example/"`,
		`"http://a/" host="a" dev=[] in="http://a/"`,
	)
	passert.Empty(s, dead)
	ptest.RunAndValidate(t, p)
}

func TestParseWHATWG(t *testing.T) {
	lines := []string{
		"HTTP://Example.COM:80/a/./b",
		"https://example.com/a b",
		"http://a\\b@c/",
		"/relative",
		"http://[::1/",
	}
	t.Run("strict", func(t *testing.T) {
		p, s := beam.NewPipelineWithRoot()
		urls, dead := Parse(s, beam.CreateList(s, lines), ParseOptions{Parser: WHATWG})
		passert.Equals(s, summaries(s, urlText, urls), "http://example.com/a/b")
		passert.Equals(s, summaries(s, deadSummary, dead),
			`parse invalid-URL-unit@21 "https://example.com/a b"`,
			`parse invalid-reverse-solidus@8 "http://a\\b@c/"`,
			`parse missing-scheme-non-relative-URL@0 "/relative"`,
			`parse IPv6-unclosed@7 "http://[::1/"`,
		)
		ptest.RunAndValidate(t, p)
	})
	t.Run("lenient", func(t *testing.T) {
		p, s := beam.NewPipelineWithRoot()
		urls, dead := Parse(s, beam.CreateList(s, lines), ParseOptions{Parser: WHATWG, Lenient: true})
		passert.Equals(s, summaries(s, urlSummary, urls),
			`"http://example.com/a/b" host="example.com" dev=[] in="HTTP://Example.COM:80/a/./b"`,
			`"https://example.com/a%20b" host="example.com" dev=[invalid-URL-unit@21] in="https://example.com/a b"`,
			`"http://a/b@c/" host="a" dev=[invalid-reverse-solidus@8] in="http://a\\b@c/"`,
		)
		passert.Equals(s, summaries(s, deadSummary, dead),
			`parse missing-scheme-non-relative-URL@0 "/relative"`,
			`parse IPv6-unclosed@7 "http://[::1/"`,
		)
		ptest.RunAndValidate(t, p)
	})
}

func TestNormalize(t *testing.T) {
	in := []string{
		"HTTP://Example.COM:80/%7euser/./a/../b?z=1&a=2#frag",
		"https://example.com",
		"foo/./bar/../baz",
	}
	for _, c := range []struct {
		level uri.Level
		want  []string
	}{
		{uri.Syntax, []string{
			`"http://example.com:80/~user/b?z=1&a=2#frag" host="example.com"`,
			`"https://example.com" host="example.com"`,
			`"foo/baz" host=-`,
		}},
		{uri.SchemeBased, []string{
			`"http://example.com/~user/b?z=1&a=2#frag" host="example.com"`,
			`"https://example.com/" host="example.com"`,
			`"foo/baz" host=-`,
		}},
		{uri.Full, []string{
			`"http://example.com/~user/b?a=2&z=1" host="example.com"`,
			`"https://example.com/" host="example.com"`,
			`"foo/baz" host=-`,
		}},
	} {
		t.Run(c.level.String(), func(t *testing.T) {
			p, s := beam.NewPipelineWithRoot()
			urls, dead := Parse(s, beam.CreateList(s, in), ParseOptions{})
			passert.Empty(s, dead)
			norm, ndead := Normalize(s, urls, c.level)
			passert.Empty(s, ndead)
			// The summaries without the input part.
			got := beam.ParDo(s, textAndHost, norm)
			passert.EqualsList(s, got, c.want)
			ptest.RunAndValidate(t, p)
			// The library call behind the transform agrees with uri.NormalizeString.
			for _, line := range in {
				u, _, _ := ParseLine(line, ParseOptions{})
				want, err := uri.NormalizeString(line, c.level)
				if got := NormalizeURL(u, c.level).Text; err != nil || got != want {
					t.Errorf("NormalizeURL(%q) = %q, want %q (%v)", line, got, want, err)
				}
			}
		})
	}
}

func TestNormalizeWHATWG(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	urls, dead := Parse(s, beam.Create(s, "https://EXAMPLE.com/a b?y=1&x=2#f", "https://example.com/a%20b?x=2&y=1"), ParseOptions{Parser: WHATWG, Lenient: true})
	passert.Empty(s, dead)
	norm, ndead := Normalize(s, urls, uri.Full)
	passert.Empty(s, ndead)
	passert.Equals(s, summaries(s, urlText, norm), "https://example.com/a%20b?x=2&y=1", "https://example.com/a%20b?x=2&y=1")
	ptest.RunAndValidate(t, p)
}

func TestRecords(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	got := Records(s, beam.Create(s, "a\r", "", "\r", "b", "c\r\r", "\xff"))
	passert.Equals(s, got, "a", "b", "c\r", "\xff")
	ptest.RunAndValidate(t, p)
}

func TestURLSets(t *testing.T) {
	in := []string{
		"https://example.com/",
		"HTTPS://EXAMPLE.COM:443/",
		"https://example.com",
		"http://example.com/%7Ea",
		"http://example.com/~a",
		"https://www.example.co.uk/x",
		"https://shop.example.co.uk/y",
		"https://shop.example.co.uk/y",
		"mailto:a@example.org",
		"http://bad host/",
		"http://bad host/",
		"http://[::1]:8080/",
	}
	for _, c := range []struct {
		by    HostsBy
		hosts []string
	}{
		{ByHost, []string{"example.com 2 5", "shop.example.co.uk 1 2", "www.example.co.uk 1 1", "[::1] 1 1"}},
		{ByDomain, []string{"example.com 2 5", "example.co.uk 2 3", "[::1] 1 1"}},
	} {
		t.Run(string(c.by), func(t *testing.T) {
			p, s := beam.NewPipelineWithRoot()
			sets := URLSets(s, beam.CreateList(s, in), Options{Level: uri.SchemeBased, HostsBy: c.by})
			passert.Equals(s, sets.Distinct,
				"https://example.com/", "http://example.com/~a", "https://www.example.co.uk/x",
				"https://shop.example.co.uk/y", "mailto:a@example.org", "http://[::1]:8080/")
			passert.EqualsList(s, summaries(s, hostSummary, sets.Hosts), c.hosts)
			// Both copies of the bad record are dead letters.
			passert.Equals(s, summaries(s, deadSummary, sets.Dead),
				`parse invalid-char@10 "http://bad host/"`, `parse invalid-char@10 "http://bad host/"`)
			ptest.RunAndValidate(t, p)
		})
	}
}

func TestWriteSets(t *testing.T) {
	dir := t.TempDir()
	prefix := filepath.Join(dir, "out")
	p, s := beam.NewPipelineWithRoot()
	lines := []string{"http://b/1", "http://b/2", "http://a/1", "http://A/1", "x:y", "http://c/%zz", "http://\xff/"}
	WriteSets(s, prefix, 3, URLSets(s, beam.CreateList(s, lines), Options{Level: uri.SchemeBased}))
	ptest.RunAndValidate(t, p)

	var distinct []string
	for i := range 3 {
		b, err := os.ReadFile(ShardName(prefix+"-distinct", i, 3, ".txt"))
		if err != nil {
			t.Fatal(err) // every shard exists, even an empty one
		}
		distinct = append(distinct, strings.Fields(string(b))...)
	}
	if got, want := strings.Join(sorted(distinct), " "), "http://a/1 http://b/1 http://b/2 x:y"; got != want {
		t.Errorf("distinct: got %q, want %q", got, want)
	}
	b, err := os.ReadFile(prefix + "-hosts.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if want := "{\"host\":\"b\",\"urls\":2,\"records\":2}\n{\"host\":\"a\",\"urls\":1,\"records\":2}\n"; string(b) != want {
		t.Errorf("hosts: got %q, want %q", b, want)
	}
	var dead []string
	for i := range 3 {
		b, err := os.ReadFile(ShardName(prefix+"-dead", i, 3, ".jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		dead = append(dead, strings.FieldsFunc(string(b), func(r rune) bool { return r == '\n' })...)
	}
	want := []string{
		`{"input":"http://c/%zz","stage":"parse","error":{"offset":9,"component":"path","code":"invalid-escape","message":"% not followed by two hex digits"}}`,
		`{"input_hex":"687474703a2f2fff2f","stage":"parse","error":{"offset":7,"component":"host","code":"invalid-utf8","message":"raw bytes are not valid UTF-8"}}`,
	}
	if got := sorted(dead); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("dead: got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func sorted(s []string) []string {
	s = append([]string(nil), s...)
	slices.Sort(s)
	return s
}

func init() {
	register.Function1x1[Checked, string](checkedSummary)
}

// checkedSummary is a Checked as one comparable line: the input, the
// records, the severity and the codes of the findings.
func checkedSummary(c Checked) string {
	var codes []string
	for _, f := range c.Findings {
		codes = append(codes, f.Severity+":"+f.Code)
	}
	return fmt.Sprintf("%q x%d %s [%s]", c.Input, c.Records, c.Severity, strings.Join(codes, " "))
}

func TestCheck(t *testing.T) {
	in := []string{
		"https://example.com/a?b=c",
		"https://example.com:8443/",
		"http://0x7f.1/",
		"http://0x7f.1/",
		"javascript:alert(1)",
	}
	for _, c := range []struct {
		min  check.Severity
		want []string
	}{
		{check.Danger, []string{
			`"http://0x7f.1/" x2 danger [danger:ipv4-noncanonical]`,
			`"javascript:alert(1)" x1 danger [danger:script-scheme]`,
		}},
		{check.Warn, []string{
			`"http://0x7f.1/" x2 danger [danger:ipv4-noncanonical warn:loopback]`,
			`"javascript:alert(1)" x1 danger [danger:script-scheme]`,
		}},
		{check.Info, []string{
			`"https://example.com:8443/" x1 info [info:non-default-port]`,
			`"http://0x7f.1/" x2 danger [danger:ipv4-noncanonical warn:loopback]`,
			`"javascript:alert(1)" x1 danger [danger:script-scheme]`,
		}},
		{check.None, []string{
			`"https://example.com/a?b=c" x1 none []`,
			`"https://example.com:8443/" x1 info [info:non-default-port]`,
			`"http://0x7f.1/" x2 danger [danger:ipv4-noncanonical warn:loopback]`,
			`"javascript:alert(1)" x1 danger [danger:script-scheme]`,
		}},
	} {
		t.Run(c.min.String(), func(t *testing.T) {
			p, s := beam.NewPipelineWithRoot()
			checked, dead := Check(s, beam.CreateList(s, in), c.min)
			passert.EqualsList(s, summaries(s, checkedSummary, checked), c.want)
			passert.Empty(s, dead)
			ptest.RunAndValidate(t, p)
		})
	}
}

func TestCheckedJSON(t *testing.T) {
	c, ok := CheckRecord("http://0x7f.1/\xff", check.Danger)
	if !ok || len(c.Findings) == 0 {
		t.Fatalf("CheckRecord: %+v, %v", c, ok)
	}
	c.Records = 3
	b, err := c.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		InputHex string          `json:"input_hex"`
		Records  int             `json:"records"`
		Severity check.Severity  `json:"severity"`
		Findings []check.Finding `json:"findings"`
	}
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	want := check.URL("http://0x7f.1/\xff").Findings
	want = slices.DeleteFunc(want, func(f check.Finding) bool { return f.Severity < check.Danger })
	if back.InputHex != "687474703a2f2f307837662e312fff" || back.Records != 3 || back.Severity != check.Danger || !reflect.DeepEqual(back.Findings, want) {
		t.Errorf("got %s", b)
	}
}

func TestURLSetsNoCheck(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	sets := URLSets(s, beam.Create(s, "javascript:alert(1)", "http://a b/"), Options{NoCheck: true})
	passert.Empty(s, sets.Findings)
	passert.Count(s, sets.Dead, "dead", 1)
	passert.Equals(s, sets.Distinct, "javascript:alert(1)")
	ptest.RunAndValidate(t, p)
}

func TestReadLines(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("http://a/\r\n\r\n\nhttp://b/"), 0o644); err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("http://c/\n\nhttp://d/\r\n"))
	zw.Close()
	if err := os.WriteFile(filepath.Join(dir, "b.txt.gz"), gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	p, s := beam.NewPipelineWithRoot()
	passert.Equals(s, ReadLines(s, filepath.Join(dir, "*")), "http://a/", "http://b/", "http://c/", "http://d/")
	res, err := ptest.RunWithMetrics(p)
	if err != nil {
		t.Fatal(err)
	}
	blank := int64(0)
	for _, c := range res.Metrics().AllMetrics().Counters() {
		if c.Namespace() == "urikit" && c.Name() == "blank-lines" {
			blank += c.Result()
		}
	}
	if blank != 3 {
		t.Errorf("urikit/blank-lines = %d, want 3", blank)
	}
}

// TestIssueMatchesRecordContract: a dead letter's error says what the
// record of "urikit parse --whatwg --json" and the HTTP API say for the
// same failure, and an unknown offset is 0 there as here.
func TestIssueMatchesRecordContract(t *testing.T) {
	_, err := whatwg.Parse("https://h:99999/")
	got, want := issueOf(err), report.FailureError(err)
	if got.Offset != want.Offset || got.Code != want.Code || got.Message != want.Message {
		t.Errorf("issueOf = %+v, report = %+v", got, *want)
	}
	if iss := issueOf(errors.New("x")); iss.Offset != 0 {
		t.Errorf("unknown offset = %d, want 0", iss.Offset)
	}
}
