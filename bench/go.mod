module github.com/urikit/urikit/bench

go 1.26.0

require (
	github.com/PuerkitoBio/purell v1.2.1
	github.com/dunglas/go-urlpattern v1.0.0
	github.com/fredbi/uri v1.1.1
	github.com/jtacoma/uritemplates v1.0.0
	github.com/nlnwa/whatwg-url v0.6.2
	github.com/package-url/packageurl-go v0.1.7
	github.com/urikit/urikit v0.0.0
	github.com/yosida95/uritemplate/v3 v3.0.2
	golang.org/x/net v0.62.0
	golang.org/x/perf v0.0.0-20260908200009-22c9c6c9d4da
)

require (
	github.com/aclements/go-moremath v0.0.0-20210112150236-f10218a38794 // indirect
	github.com/bits-and-blooms/bitset v1.24.4 // indirect
	golang.org/x/exp v0.0.0-20260824195058-e88cd73687aa // indirect
	golang.org/x/text v0.43.0 // indirect
)

replace github.com/urikit/urikit => ../
