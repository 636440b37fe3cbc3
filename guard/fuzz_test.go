package guard

import (
	"bufio"
	"context"
	"errors"
	"hash/fnv"
	"net/netip"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/urikit/urikit/check"
)

// hashResolver answers a name with one or two addresses picked from a
// list of public and refused ones by a hash of the name, so that the fuzz
// meets both.
type hashResolver struct{}

var fuzzAddrs = []netip.Addr{
	netip.MustParseAddr("93.184.215.14"), netip.MustParseAddr("2606:4700::6810:84e5"),
	netip.MustParseAddr("127.0.0.1"), netip.MustParseAddr("10.0.0.1"), netip.MustParseAddr("::1"),
	netip.MustParseAddr("::ffff:127.0.0.1"), netip.MustParseAddr("169.254.169.254"),
	netip.MustParseAddr("64:ff9b::7f00:1"), netip.MustParseAddr("2002:a9fe:a9fe::"),
	netip.MustParseAddr("fd00:ec2::254"), netip.MustParseAddr("0.0.0.0"),
}

func (hashResolver) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	h := fnv.New32a()
	h.Write([]byte(host))
	v := h.Sum32()
	a := fuzzAddrs[v%uint32(len(fuzzAddrs))]
	if v&0x100 != 0 {
		return []netip.Addr{fuzzAddrs[(v>>9)%uint32(len(fuzzAddrs))], a}, nil
	}
	return []netip.Addr{a}, nil
}

// FuzzGuard checks that no URL string gets past the default policy to a
// refused address: when CheckURL accepts a URL, its IP host (if any) is
// globally reachable, and every address Resolve hands the dialer for the
// host net/http would connect to is too, as is every address Control
// lets a socket connect to. A refusal is an *Error whose message is
// bounded.
func FuzzGuard(f *testing.F) {
	if file, err := os.Open("../check/testdata/ssrf-tricks.txt"); err == nil {
		sc := bufio.NewScanner(file)
		for sc.Scan() {
			if l := sc.Text(); l != "" && !strings.HasPrefix(l, "#") {
				u, _, _ := strings.Cut(l, "\t")
				f.Add(u)
			}
		}
		file.Close()
	}
	for _, s := range []string{"http://example.com/", "https://a.b/c?d#e", "http://[::ffff:1.2.3.4]/", "http://1.2.3.4/"} {
		f.Add(s)
	}
	p := Policy{Resolver: hashResolver{}}
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, s string) {
		err := p.CheckURL(s)
		if err != nil {
			var ge *Error
			if !errors.As(err, &ge) || ge.Code == "" {
				t.Fatalf("%q: refusal %v is no *Error with a rule", s, err)
			}
			if len(err.Error()) > 1200 {
				t.Fatalf("%q: message of %d bytes", s, len(err.Error()))
			}
			return
		}
		r := check.URL(s)
		host := strings.TrimSuffix(strings.TrimPrefix(r.Target.Host, "["), "]")
		if a, err := netip.ParseAddr(host); err == nil && !check.ClassifyAddr(a).Global() {
			t.Fatalf("%q: accepted with the host %v", s, check.ClassifyAddr(a))
		}
		u, err := url.Parse(s)
		if err != nil {
			return
		}
		for _, h := range []string{u.Hostname(), host} {
			addrs, err := p.Resolve(ctx, "tcp", h)
			if err != nil {
				continue
			}
			for _, a := range addrs {
				if !check.ClassifyAddr(a).Global() {
					t.Fatalf("%q: Resolve(%q) hands over %v", s, h, check.ClassifyAddr(a))
				}
				if p.Control("tcp", netip.AddrPortFrom(a, 80).String(), nil) != nil {
					t.Fatalf("%q: Control refuses %v, which Resolve accepted", s, a)
				}
			}
		}
	})
}
