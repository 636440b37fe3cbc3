package guard

import (
	"context"
	"errors"
	"net/netip"
	"strings"
	"testing"

	"github.com/urikit/urikit/check"
)

// TestResolveMappedAnswer: an IPv4-mapped answer of the resolver is the
// IPv4 address (refused as loopback), not an IPv6 form embedding one.
func TestResolveMappedAnswer(t *testing.T) {
	p := Policy{Resolver: fixedResolver{netip.MustParseAddr("::ffff:127.0.0.1")}}
	_, err := p.Resolve(context.Background(), "tcp", "localhost.example")
	var e *Error
	if !errors.As(err, &e) || e.Kind != check.KindLoopback || strings.Contains(e.Detail, "::ffff") || strings.Contains(e.Error(), "::ffff") || e.Addr.String() != "127.0.0.1" {
		t.Fatalf("Resolve: %v (%+v)", err, e)
	}
}
