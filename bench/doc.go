// Package bench measures urikit side by side with its peers — net/url,
// github.com/fredbi/uri, github.com/nlnwa/whatwg-url and
// github.com/PuerkitoBio/purell — on the URL lists of ../shared/datasets,
// its package idna beside golang.org/x/net/idna on their hosts and on
// IdnaTestV2, its package domain beside golang.org/x/net/publicsuffix, its
// package template beside github.com/yosida95/uritemplate/v3 and
// github.com/jtacoma/uritemplates, its package urlpattern beside
// github.com/dunglas/go-urlpattern, and its package purl beside
// github.com/package-url/packageurl-go (parse and canonical string, on
// testdata/purls.txt, which the genpurls command writes from the purl-spec tests
// and well-known package names), and its package surt beside a SURT made
// from github.com/nlnwa/whatwg-url's canonicalizer (surt_test.go: on the
// lines where both give the same key; TestSURTAgreement lists the others
// and why, and URIKIT_SURT_SPEED=1 go test -run TestSURTSpeed prints the
// ratios of one run).
// It is its own module so that the peers never reach the core module's
// users. Run the benchmarks with
//
//	go test -bench . -benchmem
//
// Every benchmark is named Benchmark<Op>/<impl>/<dataset>; one op is one
// pass over every line of the dataset, so ns/op divided by the line count
// is the time per URL, and b.SetBytes makes MB/s comparable across
// implementations.
package bench
