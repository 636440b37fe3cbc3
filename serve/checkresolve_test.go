package serve

import (
	"context"
	"errors"
	"net/netip"
	"strings"
	"testing"
)

// mapResolver answers from a map; other names do not resolve.
type mapResolver map[string][]netip.Addr

func (m mapResolver) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	if a, ok := m[host]; ok {
		return a, nil
	}
	return nil, errors.New("no such host")
}

func TestCheckResolve(t *testing.T) {
	call(t, newTestHandler(), "POST", "/v1/check", `{"input": "http://localtest.me/", "resolve": true}`).wantError(t, 400, "resolve-disabled")
	h := NewHandler(Options{CheckResolver: mapResolver{
		"localtest.me":    {netip.MustParseAddr("127.0.0.1")},
		"www.example.com": {netip.MustParseAddr("93.184.215.14")},
	}})
	rs := call(t, h, "POST", "/v1/check", `{"inputs": ["http://localtest.me/", "https://www.example.com/", "http://nx.example/", "http://10.0.0.1/"], "resolve": true}`).results(t)
	if len(rs) != 4 {
		t.Fatalf("results = %v", rs)
	}
	codes := func(r map[string]any) string {
		var b strings.Builder
		for _, f := range r["findings"].([]any) {
			b.WriteString(f.(map[string]any)["code"].(string) + " ")
		}
		return b.String()
	}
	if rs[0]["severity"] != "warn" || !strings.Contains(codes(rs[0]), "loopback") || rs[0]["addrs"].([]any)[0] != "127.0.0.1 (loopback)" {
		t.Errorf("localtest.me: %v", rs[0])
	}
	if rs[1]["severity"] != "none" || rs[1]["addrs"].([]any)[0] != "93.184.215.14 (global)" {
		t.Errorf("www.example.com: %v", rs[1])
	}
	if !strings.Contains(codes(rs[2]), "host-unresolved") {
		t.Errorf("nx.example: %v", rs[2])
	}
	if _, ok := rs[3]["addrs"]; ok || !strings.Contains(codes(rs[3]), "private-address") {
		t.Errorf("an IP host is not looked up: %v", rs[3])
	}
	// Without "resolve", nothing is looked up.
	r := call(t, h, "POST", "/v1/check", `{"input": "http://localtest.me/"}`).result(t)
	if _, ok := r["addrs"]; ok || r["severity"] != "none" {
		t.Errorf("no resolve: %v", r)
	}
}
