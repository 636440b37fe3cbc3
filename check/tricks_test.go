package check

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/conformance"
)

// A trick is one line of testdata/ssrf-tricks.txt.
type trick struct {
	url   string
	codes []Code // nil: a DNS trick, which no static check sees
}

// readTricks reads testdata/ssrf-tricks.txt (also read by package guard's
// tests).
func readTricks(t *testing.T) []trick {
	t.Helper()
	f, err := os.Open("testdata/ssrf-tricks.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []trick
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		u, codes, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("no tab in %q", line)
		}
		u = strings.NewReplacer(`\t`, "\t", `\n`, "\n").Replace(u)
		tr := trick{url: u}
		if codes != "-" {
			for c := range strings.SplitSeq(codes, ",") {
				tr.codes = append(tr.codes, Code(c))
			}
		}
		out = append(out, tr)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestTricks runs the SSRF probe: every trick but the DNS ones gets a
// finding at warn or above, and the findings the file names.
func TestTricks(t *testing.T) {
	tricks := readTricks(t)
	tally := conformance.NewTally(t, "check/testdata/ssrf-tricks.txt")
	flagged, dns := 0, 0
	for _, tr := range tricks {
		r := URL(tr.url)
		if tr.codes == nil {
			dns++
			tally.Skip("a DNS trick: only a resolving guard refuses it")
			continue
		}
		if !tally.Check(t, r.AtLeast(Warn), "%q: no finding at warn or above:\n%s", tr.url, show(r)) {
			continue
		}
		flagged++
		for _, c := range tr.codes {
			if !r.Has(c) {
				t.Errorf("%q: no %s finding:\n%s", tr.url, c, show(r))
			}
		}
	}
	t.Logf("%d tricks: %d flagged at warn or above, %d DNS tricks left to a resolving guard", len(tricks), flagged, dns)
	if len(tricks) < 100 {
		t.Errorf("only %d tricks", len(tricks))
	}
}

// TestTrickMessages checks that the tricks get the findings and
// messages that name what they do.
func TestTrickMessages(t *testing.T) {
	for _, c := range []struct {
		in   string
		code Code
		sev  Severity
		off  int
		msg  string
	}{
		{"http://[::127.0.0.1]/", EmbeddedIPv4, Warn, 7, "IPv4-compatible IPv6 address (deprecated) carrying the IPv4 address 127.0.0.1"},
		{"http://[::7f00:1]/", Loopback, Warn, 7, "host ::7f00:1 (IPv4 127.0.0.1) is a loopback address"},
		{"http://[64:ff9b::a9fe:a9fe]/", CloudMetadata, Danger, 7, "cloud metadata endpoint"},
		{"http://[64:ff9b::127.0.0.1]/", EmbeddedIPv4, Warn, 7, "NAT64 address (64:ff9b::/96)"},
		{"http://[2002:7f00:1::]/", EmbeddedIPv4, Warn, 7, "6to4 address"},
		{"http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/", EmbeddedIPv4, Warn, 7, "Teredo"},
		{"http://metadata.google.internal/", CloudMetadata, Danger, 7, "name of a cloud metadata service"},
		{"http://metadata/", CloudMetadata, Danger, 7, `host "metadata"`},
		{"http://instance-data/", CloudMetadata, Danger, 7, ""},
		{"http://localhost.localdomain/", Loopback, Warn, 7, "loopback name"},
		{"http://ip6-localhost/", Loopback, Warn, 7, ""},
		{"http://ip6-loopback/", Loopback, Warn, 7, ""},
		{"http://evil.com#@good.com/", DelimiterBeforeAt, Danger, 16, `reads "good.com", but the URL goes to "evil.com"`},
		{"http://evil.com?@good.com/", DelimiterBeforeAt, Danger, 16, `"?" before "@"`},
		{"http://evil.com#\\@good.com", DelimiterBeforeAt, Danger, 17, `"#\\" before "@"`},
		{"http://faß.de/", IDNADeviation, Warn, 9, `browsers go to "xn--fa-hia.de", IDNA2003 and transitional processing (older libraries) to "fass.de"`},
		{"http://evil.com,good.com/", HostPunctuation, Warn, 15, `holds ",", which no DNS name has: a filter that splits at it reads "good.com"`},
		{"http://good.com:0/", PortZero, Warn, 16, "port 0: no service listens on it"},
		{"http://good.com:000/", PortZero, Warn, 16, "port 000, which is 0: no service"},
		{"http://intranet/", InternalName, Warn, 7, "single label"},
		{"http://db.internal/", InternalName, Warn, 7, `under "internal"`},
	} {
		r := URL(c.in)
		found := false
		for _, f := range r.Findings {
			if f.Code != c.code {
				continue
			}
			found = true
			if f.Severity != c.sev || f.Offset != c.off || !strings.Contains(f.Message(), c.msg) {
				t.Errorf("%q: %v; want %v @%d with %q", c.in, f, c.sev, c.off, c.msg)
			}
		}
		if !found {
			t.Errorf("%q: no %s finding:\n%s", c.in, c.code, show(r))
		}
	}
}

// TestTricksNotOrdinary checks that the new findings stay off ordinary
// URLs that look like the tricks.
func TestTricksNotOrdinary(t *testing.T) {
	for _, in := range []string{
		"https://medium.com/@user.name",
		"https://example.com/search?q=a@b.com",
		"https://example.com/#@top",
		"https://xn--fa-hia.de/",
		"https://fass.de/",
		"https://example.com:8080/",
		"https://[2606:4700::1111]/",
		"https://8.8.8.8/",
		"https://www.internal.example.com/",
		"https://metadata.example.com/",
		"https://localhost.example.com/",
	} {
		r := URL(in)
		if r.AtLeast(Warn) {
			t.Errorf("%q: flagged:\n%s", in, show(r))
		}
	}
}
