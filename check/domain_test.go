package check

import (
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/boundedtest"
	"github.com/urikit/urikit/internal/conformance"
)

func TestLookalikeDomain(t *testing.T) {
	tests := []struct {
		url       string
		like, own string // "" for no finding
	}{
		// Leading labels that spell another registrable domain.
		{"https://paypal.com.evil.example/login", "paypal.com", "evil.example"},
		{"https://www.paypal.com.evil.example/", "paypal.com", "evil.example"},
		{"https://PayPal.Com.Evil.Example/", "paypal.com", "evil.example"},
		{"https://paypal.com.login.evil.example/", "paypal.com", "evil.example"},
		{"https://secure.bank.co.uk.evil.example/", "bank.co.uk", "evil.example"},
		{"https://user.github.io.evil.example/", "user.github.io", "evil.example"},
		{"https://paypal.com.evil.example./", "paypal.com", "evil.example"},
		{"https://apple.com.xn--80ak6aa92e.com/", "apple.com", "xn--80ak6aa92e.com"},
		{"https://bank.co.uk.login.evil.example/", "bank.co.uk", "evil.example"},
		{"https://github.io.evil.example/", "", ""},                      // a suffix alone is no domain
		{"https://offline.com.tripod.com/", "offline.com", "tripod.com"}, // from the datasets
		// The CDN and hosting shape: a warning too (see checkLookalikeDomain).
		{"https://www.example.com.cdn.cloudflare.net/", "example.com", "com.cdn.cloudflare.net"},
		{"https://example.com.edgekey.net/", "example.com", "com.edgekey.net"},
		{"https://example.com.s3.amazonaws.com/x", "example.com", "com.s3.amazonaws.com"},
		// The host's own structure.
		{"https://www.example.com/", "", ""},
		{"https://example.com.example.com/", "", ""}, // its own registrable domain
		{"https://www.example.co.uk/", "", ""},
		{"https://example.com.au/", "", ""}, // "example.com" is inside the suffix
		{"https://a.b.example.co.uk/", "", ""},
		{"https://www.shop.com/", "", ""},       // "www.shop" would end at the registrable label
		{"https://www.de.example.com/", "", ""}, // a common label before a TLD
		{"https://api.us.example.com/", "", ""},
		{"https://en.us.example.com/", "", ""}, // a two-letter label
		{"https://com.evil.example/", "", ""},  // a single TLD label is no domain
		{"https://shop.app.evil.example/", "", ""},
		{"https://foo.bar.evil.example/", "", ""}, // "bar" is a new gTLD: left out
		// Department, region and service labels that are TLDs (see
		// spoofedSuffix): real hosts of the datasets.
		{"https://hsi.web.cern.ch/HSI/", "", ""},
		{"https://cec05.in.tum.de/", "", ""},
		{"https://trade.ec.europa.eu/sigl/", "", ""},
		{"https://accessories.us.dell.com/", "", ""},
		{"https://www.ueda.info.waseda.ac.jp/", "", ""},
		{"https://paypal.de.evil.example/", "", ""}, // the price: a lookalike under a ccTLD is missed
		{"https://foo.github.io/", "", ""},
		{"https://a.b.c.d.e.f.g.h.i.j.example.com/", "", ""},
		{"https://127.0.0.1/", "", ""},
		{"https://paypal.com/", "", ""},
		{"https://com/", "", ""},
		{"foo://paypal.com.evil.example/", "", ""}, // an opaque host
	}
	for _, tt := range tests {
		r := URL(tt.url)
		var got *Finding
		for i := range r.Findings {
			if r.Findings[i].Code == LookalikeDomain {
				got = &r.Findings[i]
			}
		}
		if tt.like == "" {
			if got != nil {
				t.Errorf("%s: unexpected finding %s", tt.url, got)
			}
			continue
		}
		if got == nil {
			t.Errorf("%s: no lookalike-domain finding:\n%s", tt.url, show(r))
			continue
		}
		want := `looks like "` + tt.like + `" but belongs to "` + tt.own + `"`
		if got.Severity != Warn || got.Offset != strings.Index(tt.url, "://")+3 || !strings.Contains(got.Message(), want) || !strings.Contains(got.Message(), "CDN") {
			t.Errorf("%s: finding %s; want warn at the host with %q", tt.url, got, want)
		}
	}
}

func TestTargetRegistrableDomain(t *testing.T) {
	for _, tt := range []struct{ url, want string }{
		{"https://www.Example.CO.UK/", "example.co.uk"},
		{"https://www.example.com./", "example.com"},
		{"https://a.b.city.kobe.jp/", "city.kobe.jp"},
		{"https://食狮.公司.cn/", "xn--85x722f.xn--55qx5d.cn"},
		{"https://co.uk/", ""},
		{"https://localhost/", ""},
		{"https://127.0.0.1/", ""},
		{"https://[::1]/", ""},
		{"foo://example.com/", ""}, // an opaque host
		{"mailto:a@example.com", ""},
		{"http://a b/", ""},
	} {
		if got := URL(tt.url).Target.RegistrableDomain; got != tt.want {
			t.Errorf("%s: Target.RegistrableDomain = %q, want %q", tt.url, got, tt.want)
		}
	}
}

// TestLookalikeBounded: hosts of many labels that are all candidates, or
// candidates that the filters drop, cost linear allocation in check.URL.
func TestLookalikeBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("measures inputs of up to 256 KiB")
	}
	for _, sh := range []boundedShape{
		{"lookalike-labels", "http://", "a.", "example.com/"},          // no candidate
		{"lookalike-common", "http://", "www.com.", "evil.example/"},   // dropped: common label
		{"lookalike-suffixes", "http://", "co.uk.", "evil.example/"},   // suffixes, no domain
		{"lookalike-first", "http://", "paypal.com.", "evil.example/"}, // found at once
		{"lookalike-cdn", "http://", "x.", "example.com.cdn.cloudflare.net/"},
	} {
		t.Run(sh.name, func(t *testing.T) {
			boundedtest.Check(t, boundedtest.Case{Op: "URL", Shape: sh.name, Input: sh.make, Run: func(s string) { _ = URL(s) }})
		})
	}
	r := URL("http://" + strings.Repeat("www.com.", 5000) + "evil.example/")
	if r.Has(LookalikeDomain) {
		t.Errorf("common labels made a finding:\n%s", show(r))
	}
}

// TestLookalikeDatasets: on the real URLs of ../shared/datasets the
// finding fires only on the hosting shape, on these hosts. A rule that
// lets department or region labels through (see spoofedSuffix) makes
// hundreds more.
func TestLookalikeDatasets(t *testing.T) {
	want := map[string]bool{"offline.com.tripod.com": true, "bubblemint.com.dotnet13.hostbasket.com": true, "drg.com.sapo.pt": true}
	urls := 0
	for _, d := range conformance.Datasets(t) {
		for _, line := range d.Lines {
			urls++
			r := URL(line)
			if r.Has(LookalikeDomain) && !want[r.Target.Host] {
				t.Errorf("%s: %q:\n%s", d.Name, line, show(r))
			}
		}
	}
	t.Logf("%d URLs", urls)
}
