package guard

import (
	"context"
	"net/http"
	"net/netip"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/zerotest"
)

// TestZeroValues calls every exported function and method with zero
// values (see package internal/zerotest).
func TestZeroValues(t *testing.T) { zerotest.Run(t, zeroCalls, zeroSkips) }

// canceled is a context that is done, so that no call looks anything up.
func canceled() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}

var zeroCalls = map[string]func(){
	"Default":                        func() { _ = Default() },
	"NewTransport":                   func() { _ = NewTransport(Policy{}) },
	"Policy.CheckURL":                func() { _ = Policy{}.CheckURL("") },
	"Policy.CheckAddr":               func() { _ = Policy{}.CheckAddr(netip.Addr{}) },
	"Policy.Control":                 func() { _ = Policy{}.Control("", "", nil) },
	"Policy.Resolve":                 func() { _, _ = Policy{}.Resolve(canceled(), "", "") },
	"Policy.DialContext":             func() { _, _ = Policy{}.DialContext(canceled(), "", "") },
	"Policy.CheckRedirect":           func() { _ = Policy{}.CheckRedirect(nil, nil) },
	"Policy.Client":                  func() { _ = Policy{}.Client() },
	"Transport.RoundTrip":            func() { _, _ = (&Transport{}).RoundTrip(nil) },
	"Transport.CloseIdleConnections": func() { (&Transport{}).CloseIdleConnections() },
	"Error.Error":                    func() { _ = (*Error)(nil).Error(); _ = (&Error{}).Error() },
	"Error.Unwrap":                   func() { _ = (&Error{}).Unwrap(); _ = (*Error)(nil).Unwrap() },
	"Code.Error":                     func() { _ = Code("").Error() },
	"Code.Message":                   func() { _ = Code("").Message() },
}

var zeroSkips = map[string]string{}

// TestZeroPolicyRefuses checks the strict default on the zero values.
func TestZeroPolicyRefuses(t *testing.T) {
	var p Policy
	if p.CheckURL("") == nil || p.CheckAddr(netip.Addr{}) == nil {
		t.Error("the zero Policy accepts an empty URL or the zero address")
	}
	if _, err := (&Transport{}).RoundTrip(&http.Request{}); err == nil {
		t.Error("RoundTrip of a request without a URL")
	}
}

// TestDefaultIsZero checks that Default spells out the zero Policy.
func TestDefaultIsZero(t *testing.T) {
	d := Default()
	for _, u := range []string{"https://example.com/", "http://example.com:8080/", "ftp://example.com/", "http://0x7f.1/",
		"http://evil.com#@good.com/", "http://u@example.com/", "http://intranet/", "http://[::ffff:10.0.0.1]/"} {
		if (d.CheckURL(u) == nil) != (Policy{}.CheckURL(u) == nil) {
			t.Errorf("%q: Default %v, zero %v", u, d.CheckURL(u), Policy{}.CheckURL(u))
		}
	}
}

// TestErrorBounded checks that a refusal quotes a window of a long URL.
func TestErrorBounded(t *testing.T) {
	long := "http://127.0.0.1/" + strings.Repeat("a", 1<<20)
	err := Policy{}.CheckURL(long)
	if err == nil || len(err.Error()) > 400 || !strings.Contains(err.Error(), "…") {
		t.Errorf("message of %d bytes: %.200s", len(err.Error()), err)
	}
}
