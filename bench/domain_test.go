package bench

import (
	"strings"
	"testing"

	"golang.org/x/net/publicsuffix"

	"github.com/urikit/urikit/domain"
	"github.com/urikit/urikit/internal/conformance"
	"github.com/urikit/urikit/whatwg"
)

// datasetHosts returns the host names of the lines of the datasets that
// the WHATWG parser reads with a domain host (A-labels, lowercase),
// without a final dot, one per line, repeats kept.
func datasetHosts(b *testing.B) ([]string, int) {
	var hosts []string
	size := 0
	for _, d := range conformance.Datasets(b) {
		for _, line := range d.Lines {
			u, err := whatwg.Parse(line)
			if err != nil || !u.IsSpecial() {
				continue
			}
			h := strings.TrimSuffix(u.Hostname(), ".")
			if h == "" || strings.HasPrefix(h, "[") || strings.Trim(h, "0123456789.") == "" {
				continue
			}
			hosts = append(hosts, h)
			size += len(h)
		}
	}
	return hosts, size
}

// BenchmarkRegistrableDomain finds the registrable domain (eTLD+1) of the
// host of every dataset URL: urikit's domain package, on its table of the
// Public Suffix List of ../shared/testdata, and golang.org/x/net's
// publicsuffix, on the copy of the list built into it. The setup counts
// the hosts on which the two answer differently (the lists differ), and
// the benchmark reports it as differ/op, so that the comparison says
// whether it is like for like.
func BenchmarkRegistrableDomain(b *testing.B) {
	hosts, size := datasetHosts(b)
	differ := 0
	for _, h := range hosts {
		ours, err1 := domain.RegistrableDomain(h)
		theirs, err2 := publicsuffix.EffectiveTLDPlusOne(h)
		if (err1 == nil) != (err2 == nil) || err1 == nil && ours != theirs {
			differ++
			if differ <= 5 {
				b.Logf("%s: urikit %q, %v; x/net %q, %v", h, ours, err1, theirs, err2)
			}
		}
	}
	report := func(b *testing.B) { b.ReportMetric(float64(differ), "differ/op") }
	benchHosts(b, "urikit", hosts, size, func(h string) { _, _ = domain.RegistrableDomain(h) }, report)
	benchHosts(b, "xnet", hosts, size, func(h string) { _, _ = publicsuffix.EffectiveTLDPlusOne(h) }, report)
}

// BenchmarkPublicSuffix finds the public suffix of the same hosts.
func BenchmarkPublicSuffix(b *testing.B) {
	hosts, size := datasetHosts(b)
	benchHosts(b, "urikit", hosts, size, func(h string) { _, _ = domain.PublicSuffix(h) }, nil)
	benchHosts(b, "xnet", hosts, size, func(h string) { _, _ = publicsuffix.PublicSuffix(h) }, nil)
}

// benchHosts runs f on every host of hosts (size bytes in all) as the
// sub-benchmark name/dataset-hosts, reporting ns/host, and the metrics of
// more when it is not nil.
func benchHosts(b *testing.B, name string, hosts []string, size int, f func(string), more func(*testing.B)) {
	b.Run(name+"/dataset-hosts", func(b *testing.B) {
		b.SetBytes(int64(size))
		b.ReportAllocs()
		for b.Loop() {
			for _, h := range hosts {
				f(h)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(hosts)), "ns/host")
		if more != nil {
			more(b)
		}
	})
}
