package main

import (
	"context"
	"net"
	"time"

	"github.com/spf13/cobra"
	"github.com/urikit/urikit/check"
)

// resolveOptions are the options of "urikit check" that look the host up:
// --resolve, --resolver ADDR and --resolve-timeout.
type resolveOptions struct {
	resolve  bool
	resolver string
	timeout  time.Duration
	net      *net.Resolver // made by prepare
}

func (o *resolveOptions) register(cmd *cobra.Command) {
	f := cmd.Flags()
	f.BoolVar(&o.resolve, "resolve", false, "look the host up and classify every address it resolves to (loopback, private, metadata, an IPv6 form carrying IPv4, ...), as package guard does before connecting")
	f.StringVar(&o.resolver, "resolver", "", "with --resolve, ask the DNS server at `ADDR` (host:port, over UDP and TCP) instead of the system's resolver")
	f.DurationVar(&o.timeout, "resolve-timeout", 5*time.Second, "with --resolve, give up a lookup after `DURATION` (a host-unresolved finding)")
}

// prepare makes the resolver once the flags are read, before the workers
// call check.
func (o *resolveOptions) prepare() {
	if !o.resolve && o.resolver != "" {
		o.resolve = true
	}
	o.net = net.DefaultResolver
	if o.resolver != "" {
		addr := o.resolver
		o.net = &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, network, _ string) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, network, addr)
		}}
	}
}

// check checks s, and with --resolve the addresses of its domain host.
func (o *resolveOptions) check(s string) check.Report {
	r := check.URL(s)
	if !o.resolve || r.Target.HostType != "domain" {
		return r
	}
	resolver := o.net
	if resolver == nil {
		resolver = net.DefaultResolver
	}
	ctx, cancel := context.WithTimeout(context.Background(), o.timeout)
	defer cancel()
	addrs, err := resolver.LookupNetIP(ctx, "ip", r.Target.HostNoDot)
	return check.Resolved(s, addrs, err)
}
