package conformance

// knownCount returns the least number of cases the corpus of the Tally
// name runs: the count it had when its runner was written. A corpus that
// shrinks, fails to decode or is filtered by mistake fails its test; a new
// corpus is added here with its count.
func knownCount(name string) (int, bool) {
	n, ok := map[string]int{
		"ada/ada_extra_setters_tests.json":               18,
		"ada/ada_extra_urltestdata.json":                 28,
		"fredbi-uri":                                     212,
		"python-urllib-cases.json parse_qsl":             48,
		"python-urllib-cases.json quote":                 60,
		"python-urllib-cases.json quote_from_bytes":      3,
		"python-urllib-cases.json quote_plus":            56,
		"python-urllib-cases.json unquote":               144,
		"python-urllib-cases.json unquote_plus":          130,
		"python-urllib-cases.json unquote_to_bytes":      10,
		"python-urllib-cases.json urlencode":             27,
		"python-urllib/urljoin":                          154,
		"python-urllib/urlsplit":                         52,
		"rfc3986-examples":                               11,
		"rfc3986-examples.json (percent)":                5,
		"rfc3986-normalization":                          24,
		"rfc3986-resolution":                             45,
		"rust-url/bad_punycode_tests.json":               1,
		"rust-url/punycode_tests.json":                   25,
		"uriparser-cases.json escape":                    29,
		"uriparser-cases.json unescape":                  56,
		"uritemplate/extended-tests.json":                53,
		"uritemplate/negative-tests.json":                36,
		"uritemplate/spec-examples-by-section.json":      117,
		"uritemplate/spec-examples.json":                 64,
		"uriparser/ipv4_address":                         21,
		"uriparser/ipv6_address":                         79,
		"uriparser/normalize":                            56,
		"uriparser/parse_invalid":                        38,
		"uriparser/parse_valid":                          143,
		"uriparser/recompose_roundtrip":                  64,
		"uriparser/relativize":                           37,
		"uriparser/resolve":                              242,
		"wpt/IdnaTestV2.json":                            2670,
		"wpt/IdnaTestV2.json (URL parser)":               2671,
		"wpt/percent-encoding.json":                      7,
		"wpt/percent-encoding.json (utf-8)":              14,
		"wpt/setters_tests.json":                         278,
		"wpt/toascii.json":                               87,
		"wpt/toascii.json (URL parser and setters)":      261,
		"wpt/urlencoded-parser-data.json":                35,
		"wpt/urlsearchparams-cases.json parse":           29,
		"wpt/urlsearchparams-cases.json roundtrip":       11,
		"wpt/urlsearchparams-cases.json serialize":       27,
		"wpt/urlsearchparams-cases.json sort":            8,
		"wpt/urlsearchparams-cases.json url_integration": 4,
		"wpt/urltestdata-javascript-only.json":           1,
		"wpt/urltestdata.json":                           891,
	}[name]
	return n, ok
}
