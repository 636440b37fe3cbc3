package surt

import "testing"

// TestFingerprintStable pins keys of version v1: a change of the steps or
// of the built-in tracking rules that changes one of them must come with
// a new FingerprintVersion (and this table under it), never silently.
func TestFingerprintStable(t *testing.T) {
	if FingerprintVersion != "v1:" {
		t.Fatalf("FingerprintVersion %q: write the table of the new version", FingerprintVersion)
	}
	for in, want := range map[string]string{
		"https://www.example.com/post?id=7&utm_source=news&fbclid=abc": "v1:com,example)/post?id=7",
		"http://example.com/post/?id=7#comments":                       "v1:com,example)/post?id=7",
		"HTTP://WWW.EXAMPLE.COM:80/A/./B/../C?b=2&a=1&gclid=x":         "v1:com,example)/a/c?a=1&b=2",
		"https://www.youtube.com/watch?v=abc&si=xyz&feature=share":     "v1:com,youtube)/watch?v=abc",
		"https://www.amazon.de/dp/B01/ref=sr_1_1?qid=1&tag=aff-21&x=1": "v1:de,amazon)/dp/b01?x=1",
		"https://www.google.com/url?q=https://example.com/":            "v1:com,google)/url?q=https://example.com/",
		"dns:archive.org":        "v1:dns:archive.org",
		"http://www1355544.com/": "v1:com,www1355544)/",
		"https://example.com/?MC_EID=1&Mc_Cid=2&_ga=3&keep=4": "v1:com,example)/?keep=4",
	} {
		got, err := Fingerprint(in)
		if err != nil || got != want {
			t.Errorf("Fingerprint(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}
