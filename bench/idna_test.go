package bench

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"unicode"

	xidna "golang.org/x/net/idna"

	"github.com/urikit/urikit/idna"
	"github.com/urikit/urikit/internal/conformance"
	"github.com/urikit/urikit/percent"
	"github.com/urikit/urikit/uri"
)

// An idnaSet is one input of BenchmarkIDNAToASCII: domain names, and the
// ToASCII result both implementations give for each ("" for a failure).
type idnaSet struct {
	name  string
	hosts []string
	want  []string
	bytes int
	// total is how many names the source had; excluded counts, by reason,
	// those left out because urikit and x/net/idna disagree on them.
	total    int
	excluded map[string]int
	examples map[string][]string
}

var (
	idnaOnce sync.Once
	idnaAll  []idnaSet
)

// idnaSets returns the inputs: the hosts of each dataset's URLs (parsed as
// RFC 3986 references, leniently; reg-names only, percent-decoded) and the
// inputs of IdnaTestV2 (web-platform-tests' JSON form). Each keeps only the
// names on which urikit's and x/net/idna's Lookup profiles give the same
// result, so that both do the same work and the benchmark's setup can check
// their outputs. x/net/idna (with Go 1.26) is Unicode 15.0 where urikit is
// 17.0: the names it cannot agree on are counted by reason and left out.
func idnaSets(tb testing.TB) []idnaSet {
	idnaOnce.Do(func() {
		for _, d := range conformance.Datasets(tb) {
			var hosts []string
			for _, line := range d.Lines {
				r, _ := uri.ParseLenient(line)
				h, ok := r.Host()
				if !ok || h == "" || r.HostType() != uri.HostRegName {
					continue
				}
				if strings.Contains(h, "%") {
					dec, err := percent.Decode(h)
					if err != nil {
						continue
					}
					h = dec
				}
				hosts = append(hosts, h)
			}
			idnaAll = append(idnaAll, filterIDNA(d.Name, hosts))
		}
		var raw []any
		conformance.Load(tb, "wpt/IdnaTestV2.json", &raw)
		var inputs []string
		for _, v := range raw {
			if m, ok := v.(map[string]any); ok {
				if s, ok := m["input"].(string); ok && s != "" {
					inputs = append(inputs, s)
				}
			}
		}
		idnaAll = append(idnaAll, filterIDNA("IdnaTestV2", inputs))
	})
	return idnaAll
}

// filterIDNA keeps the names on which both implementations agree.
func filterIDNA(name string, names []string) idnaSet {
	s := idnaSet{name: name, total: len(names), excluded: map[string]int{}, examples: map[string][]string{}}
	for _, h := range names {
		a, err := idna.Lookup().ToASCII(h)
		xa, xerr := xidna.Lookup.ToASCII(h)
		if err != nil {
			a = ""
		}
		if xerr != nil {
			xa = ""
		}
		if (err == nil) == (xerr == nil) && a == xa {
			s.hosts = append(s.hosts, h)
			s.want = append(s.want, a)
			s.bytes += len(h)
			continue
		}
		reason := disagreement(h, err, xerr)
		s.excluded[reason]++
		if len(s.examples[reason]) < 3 {
			s.examples[reason] = append(s.examples[reason], fmt.Sprintf("%+q: urikit %q %v; x/net %q %v", h, a, err, xa, xerr))
		}
	}
	return s
}

// disagreement names why the two implementations may differ on h.
func disagreement(h string, err, xerr error) string {
	if !assigned15(h) {
		return "code point new after Unicode 15.0"
	}
	// The labels' Punycode may hold such a code point too.
	for _, label := range strings.Split(strings.ToLower(h), ".") {
		if rest, ok := strings.CutPrefix(label, "xn--"); ok {
			if d, e := idna.PunycodeDecode(rest); e == nil && !assigned15(d) {
				return "code point new after Unicode 15.0"
			}
		}
	}
	// Otherwise UTS #46 itself changed between the two versions: in
	// 15.1 and 16.0 the disallowed_STD3_valid statuses were dropped (≠,
	// many symbols become valid), U+1E9E maps to ß rather than "ss", and
	// an "xn--" label that decodes to nothing fails.
	switch {
	case err == nil && xerr != nil:
		return "UTS #46 data changed after 15.0: x/net fails"
	case err != nil && xerr == nil:
		return "UTS #46 rules changed after 15.0: urikit fails"
	}
	return "UTS #46 mapping changed after 15.0"
}

// assigned15 reports whether every code point of s is assigned in Go's
// unicode tables (Unicode 15.0 with Go 1.26).
func assigned15(s string) bool {
	for _, r := range s {
		if !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z,
			unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs) {
			return false
		}
	}
	return true
}

// TestIDNASets logs how many names each input keeps and why the others
// were left out, and fails when a set is empty.
func TestIDNASets(t *testing.T) {
	for _, s := range idnaSets(t) {
		t.Logf("%s: %d names, %d kept, excluded %v", s.name, s.total, len(s.hosts), s.excluded)
		for reason, ex := range s.examples {
			for _, e := range ex {
				t.Logf("  %s: %s", reason, e)
			}
		}
		if len(s.hosts) == 0 {
			t.Errorf("%s: no names kept", s.name)
		}
	}
}

// BenchmarkIDNAToASCII runs ToASCII with the Lookup profile over every
// name of each input: urikit's idna against golang.org/x/net/idna. Each
// side's setup checks that it gives the expected result on every name.
// The "urikit.append" row appends into a reused buffer instead of
// building a string (not the peer's API, so shown without a ratio).
func BenchmarkIDNAToASCII(b *testing.B) {
	sets := idnaSets(b)
	p := idna.Lookup()
	var buf []byte
	impls := []struct {
		name string
		f    func(string) (string, bool)
	}{
		{"urikit", func(h string) (string, bool) { a, err := p.ToASCII(h); return a, err == nil }},
		{"urikit.append", func(h string) (string, bool) {
			var err error
			buf, err = p.AppendASCII(buf[:0], h)
			return string(buf), err == nil
		}},
		{"xnetidna", func(h string) (string, bool) { a, err := xidna.Lookup.ToASCII(h); return a, err == nil }},
	}
	for _, impl := range impls {
		for _, s := range sets {
			b.Run(impl.name+"/"+s.name, func(b *testing.B) {
				for i, h := range s.hosts {
					got, ok := impl.f(h)
					if !ok {
						got = ""
					}
					if got != s.want[i] {
						b.Fatalf("%s: ToASCII(%+q) = %q, want %q", impl.name, h, got, s.want[i])
					}
				}
				f := impl.f
				if impl.name == "urikit.append" {
					f = func(h string) (string, bool) {
						var err error
						buf, err = p.AppendASCII(buf[:0], h)
						return "", err == nil
					}
				}
				b.SetBytes(int64(s.bytes))
				b.ReportAllocs()
				ok := 0
				for b.Loop() {
					ok = 0
					for _, h := range s.hosts {
						if _, k := f(h); k {
							ok++
						}
					}
				}
				b.ReportMetric(float64(ok), "ok/op")
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(s.hosts)), "ns/URL")
				excluded := 0
				for _, n := range s.excluded {
					excluded += n
				}
				b.ReportMetric(float64(excluded), "excluded")
				b.ReportMetric(float64(len(s.hosts)), "names")
			})
		}
	}
}
