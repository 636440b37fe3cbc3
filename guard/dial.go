package guard

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"strconv"
	"syscall"
)

// Control is a net.Dialer Control function: it refuses a connection to
// an address the policy does not allow, at the moment the socket connects
// (after any lookup), so that a dialer that resolves names itself still
// cannot be sent to a refused address by DNS rebinding. It returns nil or
// an *Error.
func (p Policy) Control(network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return &Error{Offset: -1, Code: ErrAddress, Host: address, Detail: "not an IP address and port"}
	}
	if e := p.checkAddr(ap.Addr()); e != nil {
		return e
	}
	return nil
}

// lookupNetwork returns the network to look a name up in for a dial on
// network.
func lookupNetwork(network string) string {
	switch network {
	case "tcp4", "udp4":
		return "ip4"
	case "tcp6", "udp6":
		return "ip6"
	}
	return "ip"
}

// Resolve looks host up (once) and checks it and every address it
// resolves to: the host name against AllowHosts and DenyHosts, each
// address with CheckAddr. One refused address refuses the host. An IP
// host is checked without a lookup. It returns the addresses, or an
// *Error for a refusal and the resolver's error for a failed lookup.
func (p Policy) Resolve(ctx context.Context, network, host string) ([]netip.Addr, error) {
	return p.resolve(ctx, network, host)
}

func (p *Policy) resolve(ctx context.Context, network, host string) ([]netip.Addr, error) {
	if why := p.checkHostName(host); why != "" {
		return nil, &Error{Offset: -1, Code: ErrHost, Host: host, Detail: why}
	}
	if a, err := netip.ParseAddr(host); err == nil {
		if e := p.checkAddr(a); e != nil {
			e.Host = host
			return nil, e
		}
		return []netip.Addr{a}, nil
	}
	var r Resolver = net.DefaultResolver
	if p.Resolver != nil {
		r = p.Resolver
	}
	addrs, err := r.LookupNetIP(ctx, lookupNetwork(network), host)
	if err != nil {
		return nil, err
	}
	if len(addrs) == 0 {
		return nil, &Error{Offset: -1, Code: ErrResolve, Host: host, Detail: "no address"}
	}
	for _, a := range addrs {
		// An IPv4-mapped answer (::ffff:127.0.0.1, as Go's resolver
		// may give an A record) is the IPv4 address, not one embedded
		// in IPv6 to get past a filter.
		if e := p.checkAddr(a.Unmap()); e != nil {
			e.Host = host
			e.Detail += ", one of the " + strconv.Itoa(len(addrs)) + " addresses of the host"
			return nil, e
		}
	}
	return addrs, nil
}

// DialContext connects to address ("host:port") as the policy allows: it
// looks the host up once, checks every address (Resolve), and connects
// to the addresses it checked, in order, never to a name (no second
// lookup), with Control checking each again as the socket connects. A
// connection to Policy.Proxy is made without checks. It returns an
// *Error when the policy refuses.
func (p Policy) DialContext(ctx context.Context, network, address string) (net.Conn, error) {
	return p.dial(ctx, network, address)
}

func (p *Policy) dial(ctx context.Context, network, address string) (net.Conn, error) {
	if p.Proxy != nil && address == proxyAddr(p.Proxy) {
		var d net.Dialer
		return d.DialContext(ctx, network, address)
	}
	host, port, err := net.SplitHostPort(address)
	if err != nil {
		return nil, err
	}
	pn, err := strconv.ParseUint(port, 10, 16)
	if err != nil {
		return nil, &Error{Offset: -1, Code: ErrPort, Host: host, Detail: "port " + quote(port) + " is not a number"}
	}
	addrs, err := p.resolve(ctx, network, host)
	if err != nil {
		return nil, err
	}
	d := net.Dialer{Control: p.Control}
	var errs []error
	for _, a := range addrs {
		c, err := d.DialContext(ctx, network, netip.AddrPortFrom(a, uint16(pn)).String())
		if err == nil {
			return c, nil
		}
		var ge *Error
		if errors.As(err, &ge) {
			return nil, ge
		}
		errs = append(errs, err)
		if ctx.Err() != nil {
			break
		}
	}
	return nil, errors.Join(errs...)
}
