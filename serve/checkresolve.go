package serve

import (
	"context"
	"net/http"
	"net/netip"
	"time"

	"github.com/urikit/urikit/check"
	"github.com/urikit/urikit/internal/report"
)

// A CheckResolver looks host names up for /v1/check requests with
// "resolve": true (Options.CheckResolver). *net.Resolver is one.
type CheckResolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// checkLookupTimeout bounds one lookup of a /v1/check request.
const checkLookupTimeout = 5 * time.Second

// checkEndpoint is the endpoint of /v1/check: prepareCheck's, except
// that a request with "resolve": true is answered with
// Options.CheckResolver when the server has one.
func checkEndpoint() endpoint {
	e := newEndpoint(prepareCheck)
	plain := e.serve
	e.serve = func(h *handler, fake recordMaker) func(*response, *http.Request) {
		r := h.opts.CheckResolver
		if fake != nil || r == nil {
			return plain(h, fake)
		}
		return api(h, func(req *checkRequest) (recordMaker, *apiError) {
			if !req.Resolve {
				return report.CheckURL, nil
			}
			return func(in string) report.Record { return checkResolved(r, in) }, nil
		})
	}
	return e
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
