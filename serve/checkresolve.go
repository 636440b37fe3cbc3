package serve

import (
	"context"
	"net/netip"
	"time"

	"github.com/urikit/urikit/check"
	"github.com/urikit/urikit/internal/api"
	"github.com/urikit/urikit/internal/report"
)

// A CheckResolver looks host names up for /v1/check requests with
// "resolve": true (Options.CheckResolver). *net.Resolver is one.
type CheckResolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// checkLookupTimeout bounds one lookup of a /v1/check request.
const checkLookupTimeout = 5 * time.Second

// checkResolver returns the record function of /v1/check requests with
// "resolve": true: nil (refused) when the server has no resolver.
func checkResolver(r CheckResolver) api.Maker {
	if r == nil {
		return nil
	}
	return func(in string) report.Record { return checkResolved(r, in) }
}

// checkResolved is the record of "urikit check --resolve --json": in's
// domain host looked up with r (checkLookupTimeout at most).
func checkResolved(r CheckResolver, in string) report.Record {
	rep := check.URL(in)
	if rep.Target.HostType != "domain" {
		return report.NewCheck([]byte(in), rep)
	}
	ctx, cancel := context.WithTimeout(context.Background(), checkLookupTimeout)
	defer cancel()
	addrs, err := r.LookupNetIP(ctx, "ip", rep.Target.HostNoDot)
	return report.NewCheck([]byte(in), check.Resolved(in, addrs, err))
}
