package guard

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/urikit/urikit/check"
	"github.com/urikit/urikit/internal/conformance"
)

// The tests run on loopback only. 127.9.9.9 stands for the Internet: the
// test policies allow it with AllowNetworks, and a server there plays the
// public sites; 127.0.0.1 is the internal network, where a server counts
// the requests that must never arrive.

// world is the servers and the DNS of a test.
type world struct {
	public   *httptest.Server // on 127.9.9.9
	internal *httptest.Server // on 127.0.0.1
	hits     atomic.Int64     // requests that reached internal
	dns      *dnsServer
	port     string // public's port
	iport    string // internal's port
}

var publicAddr = netip.MustParseAddr("127.9.9.9")

func newWorld(t *testing.T) *world {
	t.Helper()
	w := &world{}
	ln, err := net.Listen("tcp", "127.9.9.9:0")
	if err != nil {
		t.Skip("cannot listen on 127.9.9.9:", err)
	}
	w.public = httptest.NewUnstartedServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/redirect":
			http.Redirect(rw, r, r.URL.Query().Get("to"), http.StatusFound)
		case strings.HasPrefix(r.URL.Path, "/loop/"):
			var n int
			fmt.Sscanf(r.URL.Path, "/loop/%d", &n)
			http.Redirect(rw, r, fmt.Sprintf("/loop/%d", n+1), http.StatusFound)
		default:
			fmt.Fprint(rw, "public "+r.URL.Path)
		}
	}))
	w.public.Listener.Close()
	w.public.Listener = ln
	w.public.Start()
	t.Cleanup(w.public.Close)
	w.internal = httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		w.hits.Add(1)
		fmt.Fprint(rw, "internal secret")
	}))
	t.Cleanup(w.internal.Close)
	_, w.port, _ = net.SplitHostPort(ln.Addr().String())
	_, w.iport, _ = net.SplitHostPort(w.internal.Listener.Addr().String())
	loop, pub := netip.MustParseAddr("127.0.0.1"), publicAddr
	w.dns = newDNSServer(t, func(name string, n int) []netip.Addr {
		switch {
		case name == "public.test" || strings.HasSuffix(name, ".public.test"):
			return []netip.Addr{pub}
		case name == "rebind.test":
			if n == 0 {
				return []netip.Addr{pub}
			}
			return []netip.Addr{loop}
		case name == "mixed.test":
			return []netip.Addr{pub, loop}
		case name == "internal.test", name == "localtest.me", name == "lvh.me", strings.HasSuffix(name, ".rbndr.us"):
			return []netip.Addr{loop}
		case name == "meta.test":
			return []netip.Addr{netip.MustParseAddr("169.254.169.254")}
		case name == "v6loop.test":
			return []netip.Addr{netip.MustParseAddr("::1")}
		case name == "nat64.test":
			return []netip.Addr{netip.MustParseAddr("64:ff9b::7f00:1")}
		case name == "sixtofour.test":
			return []netip.Addr{netip.MustParseAddr("2002:a9fe:a9fe::1")}
		case strings.HasSuffix(name, ".nip.io"):
			// 127.0.0.1.nip.io: the address before the zone.
			rest := strings.TrimSuffix(name, ".nip.io")
			parts := strings.Split(rest, ".")
			if len(parts) >= 4 {
				if a, err := netip.ParseAddr(strings.Join(parts[len(parts)-4:], ".")); err == nil {
					return []netip.Addr{a}
				}
			}
		}
		return nil
	})
	return w
}

// policy is the test policy: every port, 127.9.9.9 as the Internet, the
// test DNS.
func (w *world) policy() Policy {
	return Policy{AnyPort: true, AllowNetworks: []netip.Prefix{netip.PrefixFrom(publicAddr, 32)}, Resolver: w.dns.resolver()}
}

func (w *world) url(host, path string) string {
	return "http://" + net.JoinHostPort(host, w.port) + path
}

func (w *world) iurl(host, path string) string {
	return "http://" + net.JoinHostPort(host, w.iport) + path
}

// get fetches u with a fresh client of p and returns the body.
func get(p Policy, u string) (string, error) {
	c := p.Client()
	defer c.CloseIdleConnections()
	resp, err := c.Get(u)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return string(b), err
}

// refused asserts that err is a refusal by rule, and returns it.
func refused(t *testing.T, what string, err error, rule Code) *Error {
	t.Helper()
	var ge *Error
	if !errors.As(err, &ge) || !errors.Is(err, ErrRefused) {
		t.Errorf("%s: error %v, want a refusal by rule %s", what, err, rule)
		return &Error{}
	}
	if ge.Code != rule {
		t.Errorf("%s: refused by rule %s, want %s: %v", what, ge.Code, rule, ge)
	}
	return ge
}

func (w *world) noInternalHits(t *testing.T) {
	t.Helper()
	if n := w.hits.Load(); n != 0 {
		t.Errorf("the internal server got %d requests", n)
	}
}

func TestLoopbackRefusedByDefault(t *testing.T) {
	w := newWorld(t)
	_, err := get(Policy{}, w.internal.URL)
	refused(t, "default policy", err, ErrPort)
	_, err = get(Policy{AnyPort: true}, w.internal.URL)
	e := refused(t, "any port", err, ErrAddress)
	if e.Kind != check.KindLoopback || e.Addr != netip.MustParseAddr("127.0.0.1") {
		t.Errorf("refused %v (%s), want 127.0.0.1 (loopback)", e.Addr, e.Kind)
	}
	for _, want := range []string{"rule address", "127.0.0.1", "loopback", "127.0.0.0/8"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("message %q lacks %q", err, want)
		}
	}
	w.noInternalHits(t)
}

func TestLoopbackAllowedByPolicy(t *testing.T) {
	w := newWorld(t)
	body, err := get(Policy{AnyPort: true, AllowKinds: []check.AddrKind{check.KindLoopback}}, w.internal.URL)
	if err != nil || body != "internal secret" {
		t.Fatalf("got %q, %v", body, err)
	}
	body, err = get(Policy{AnyPort: true, AllowNetworks: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}}, w.internal.URL)
	if err != nil || body != "internal secret" {
		t.Fatalf("AllowNetworks: got %q, %v", body, err)
	}
	// DenyNetworks wins over AllowKinds.
	_, err = get(Policy{AnyPort: true, AllowKinds: []check.AddrKind{check.KindLoopback},
		DenyNetworks: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}, w.internal.URL)
	refused(t, "denied network", err, ErrNetwork)
}

func TestPublicAllowed(t *testing.T) {
	w := newWorld(t)
	for _, u := range []string{w.url("public.test", "/"), w.url("www.public.test", "/a/b?q=1"), w.url("public.test.", "/dot"), w.url("127.9.9.9", "/ip")} {
		body, err := get(w.policy(), u)
		if err != nil || !strings.HasPrefix(body, "public ") {
			t.Errorf("%s: got %q, %v", u, body, err)
		}
	}
}

func TestRedirectsRechecked(t *testing.T) {
	w := newWorld(t)
	for _, to := range []string{
		w.internal.URL + "/secret",
		w.iurl("internal.test", "/secret"),
		w.iurl("::ffff:127.0.0.1", "/secret"),
		w.iurl("localhost", "/secret"),
		"http://169.254.169.254/latest/meta-data/",
		w.iurl("meta.test", "/"),
		"gopher://127.0.0.1:6379/_INFO",
		w.iurl("mixed.test", "/"),
	} {
		_, err := get(w.policy(), w.url("public.test", "/redirect?to="+url.QueryEscape(to)))
		var ge *Error
		if !errors.As(err, &ge) {
			t.Errorf("redirect to %s: %v, want a refusal", to, err)
			continue
		}
		if !strings.Contains(err.Error(), "redirect") && ge.Input != to {
			t.Logf("redirect to %s: %v", to, err)
		}
	}
	w.noInternalHits(t)
	// A redirect to a public URL is followed.
	body, err := get(w.policy(), w.url("public.test", "/redirect?to="+url.QueryEscape(w.url("www.public.test", "/there"))))
	if err != nil || body != "public /there" {
		t.Errorf("public redirect: %q, %v", body, err)
	}
}

func TestMaxRedirects(t *testing.T) {
	w := newWorld(t)
	p := w.policy()
	p.MaxRedirects = 3
	_, err := get(p, w.url("public.test", "/loop/0"))
	refused(t, "redirect loop", err, ErrRedirects)
	p.MaxRedirects = -1
	_, err = get(p, w.url("public.test", "/loop/0"))
	refused(t, "no redirects", err, ErrRedirects)
	p.MaxRedirects = 0 // DefaultMaxRedirects
	_, err = get(p, w.url("public.test", "/loop/0"))
	if e := refused(t, "default", err, ErrRedirects); !strings.Contains(e.Detail, "10 redirects") {
		t.Errorf("reason %q", e.Detail)
	}
}

// TestRebinding: the DNS answers a public address first, then 127.0.0.1.
// The first connection goes to the address checked; the next lookup's
// private answer is refused at dial time. The resolver is asked once per
// connection: no second lookup between the check and the connection.
func TestRebinding(t *testing.T) {
	w := newWorld(t)
	body, err := get(w.policy(), w.url("rebind.test", "/"))
	if err != nil || body != "public /" {
		t.Fatalf("first fetch: %q, %v", body, err)
	}
	if n := w.dns.count("rebind.test"); n != 1 {
		t.Errorf("%d A lookups for one connection, want 1", n)
	}
	_, err = get(w.policy(), w.url("rebind.test", "/"))
	e := refused(t, "rebound", err, ErrAddress)
	if e.Host != "rebind.test" || e.Kind != check.KindLoopback {
		t.Errorf("refused host %q kind %q", e.Host, e.Kind)
	}
	w.noInternalHits(t)
}

// TestEveryAddressChecked: one private address among the answers refuses
// the host.
func TestEveryAddressChecked(t *testing.T) {
	w := newWorld(t)
	_, err := get(w.policy(), w.url("mixed.test", "/"))
	e := refused(t, "mixed", err, ErrAddress)
	if !strings.Contains(e.Detail, "one of the 2 addresses") {
		t.Errorf("reason %q", e.Detail)
	}
	for _, host := range []string{"meta.test", "v6loop.test", "nat64.test", "sixtofour.test", "internal.test"} {
		_, err := get(w.policy(), w.url(host, "/"))
		refused(t, host, err, ErrAddress)
	}
}

func TestIPv6FormsRefused(t *testing.T) {
	w := newWorld(t)
	for _, h := range []string{"::ffff:127.0.0.1", "::ffff:7f00:1", "::127.0.0.1", "64:ff9b::7f00:1", "2002:7f00:1::", "::1", "::ffff:169.254.169.254"} {
		_, err := get(w.policy(), w.iurl(h, "/"))
		refused(t, h, err, ErrAddress)
	}
	w.noInternalHits(t)
}

// TestControl checks the dialer Control function on its own, as a
// caller's own net.Dialer uses it.
func TestControl(t *testing.T) {
	var p Policy
	for addr, ok := range map[string]bool{
		"127.0.0.1:80": false, "[::1]:80": false, "[::ffff:10.0.0.1]:443": false, "169.254.169.254:80": false,
		"8.8.8.8:443": true, "[2606:4700::1111]:443": true, "localhost:80": false,
	} {
		err := p.Control("tcp", addr, nil)
		if (err == nil) != ok {
			t.Errorf("Control(%s) = %v, want ok %v", addr, err, ok)
		}
	}
	// A net.Dialer with the Control refuses a connection to loopback.
	srv := httptest.NewServer(http.NotFoundHandler())
	defer srv.Close()
	d := net.Dialer{Control: p.Control}
	if _, err := d.Dial("tcp", srv.Listener.Addr().String()); !errors.Is(err, ErrRefused) {
		t.Errorf("dial: %v", err)
	}
}

func TestStaticRules(t *testing.T) {
	w := newWorld(t)
	p := w.policy()
	_, err := get(p, "http://u:p@"+net.JoinHostPort("public.test", w.port)+"/")
	refused(t, "credentials", err, ErrCredentials)
	p.AllowCredentials = true
	if _, err := get(p, "http://u:p@"+net.JoinHostPort("public.test", w.port)+"/"); err != nil {
		t.Errorf("credentials allowed: %v", err)
	}
	p = w.policy()
	p.DenyHosts = []string{"*.public.test"}
	_, err = get(p, w.url("www.public.test", "/"))
	refused(t, "denied host", err, ErrHost)
	p = w.policy()
	p.AllowHosts = []string{"public.test"}
	_, err = get(p, w.url("www.public.test", "/"))
	refused(t, "not allowed host", err, ErrHost)
	if _, err := get(p, w.url("public.test", "/")); err != nil {
		t.Errorf("allowed host: %v", err)
	}
	p = w.policy()
	p.AnyPort = false
	_, err = get(p, w.url("public.test", "/"))
	refused(t, "port", err, ErrPort)
	p.Ports = []int{atoi(w.port)}
	if _, err := get(p, w.url("public.test", "/")); err != nil {
		t.Errorf("allowed port: %v", err)
	}
	_, err = get(w.policy(), "ftp://public.test/")
	refused(t, "scheme", err, ErrScheme)
	_, err = get(w.policy(), "http://0x7f090909:"+w.port+"/")
	refused(t, "obfuscated", err, ErrFinding)
}

func atoi(s string) int {
	n := 0
	fmt.Sscan(s, &n)
	return n
}

// TestTricksRefused sends every trick of package check's SSRF probe
// through a Client with the default policy and with the test policy:
// every one is refused, before any connection to the internal network.
func TestTricksRefused(t *testing.T) {
	w := newWorld(t)
	f, err := os.Open("../check/testdata/ssrf-tricks.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	tally := conformance.NewTally(t, "check/testdata/ssrf-tricks.txt (guard.Client)")
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		raw, _, _ := strings.Cut(line, "\t")
		raw = strings.NewReplacer(`\t`, "\t", `\n`, "\n").Replace(raw)
		n++
		strict := Policy{Resolver: w.dns.resolver()}
		ok := true
		for name, p := range map[string]Policy{"default": strict, "test": w.policy()} {
			_, err := get(p, raw)
			if errors.Is(err, ErrRefused) {
				continue
			}
			// net/url rejects some tricks before any RoundTrip; the
			// policy must refuse them too.
			if _, perr := url.Parse(raw); perr != nil && err != nil && p.CheckURL(raw) != nil {
				continue
			}
			ok = false
			t.Errorf("%s policy: %q not refused: %v", name, raw, err)
		}
		if ok {
			tally.Pass()
		}
	}
	t.Logf("%d tricks refused under both policies", n)
	w.noInternalHits(t)
}

// TestProxy: with a proxy, the request goes to it, and the target's
// addresses are checked first.
func TestProxy(t *testing.T) {
	w := newWorld(t)
	var seen atomic.Value
	proxy := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		seen.Store(r.URL.String())
		fmt.Fprint(rw, "via proxy")
	}))
	defer proxy.Close()
	pu, _ := url.Parse(proxy.URL)
	p := w.policy()
	p.Proxy = pu
	body, err := get(p, w.url("public.test", "/p"))
	if err != nil || body != "via proxy" {
		t.Fatalf("got %q, %v", body, err)
	}
	if s, _ := seen.Load().(string); s != w.url("public.test", "/p") {
		t.Errorf("proxy saw %q", s)
	}
	_, err = get(p, w.url("internal.test", "/"))
	refused(t, "through the proxy", err, ErrAddress)
}

func TestAllowPrivate(t *testing.T) {
	p := Policy{AllowPrivate: true}
	for a, ok := range map[string]bool{"10.1.2.3": true, "192.168.0.1": true, "100.64.0.1": true, "fd12::1": true, "fec0::1": true,
		"::ffff:10.0.0.1": true, "127.0.0.1": false, "169.254.169.254": false, "169.254.1.1": false, "fd00:ec2::254": false, "::1": false} {
		if err := p.CheckAddr(netip.MustParseAddr(a)); (err == nil) != ok {
			t.Errorf("%s: %v, want allowed %v", a, err, ok)
		}
	}
	if (Policy{}).CheckAddr(netip.MustParseAddr("10.1.2.3")) == nil {
		t.Error("the default allows 10.1.2.3")
	}
}

// TestErrorShape: the rule is the Code, a sentinel for errors.Is as
// ErrRefused is; the text is internal/diag's; a finding's offset is kept.
func TestErrorShape(t *testing.T) {
	err := Policy{}.CheckURL("ftp://example.com/")
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, ErrScheme) || !errors.Is(err, ErrRefused) || errors.Is(err, ErrPort) || e.Offset != -1 {
		t.Fatalf("%#v", err)
	}
	if want := `guard: "ftp://example.com/": refused by rule scheme: scheme "ftp" is not allowed`; err.Error() != want {
		t.Errorf("got %s\nwant %s", err, want)
	}
	err = Policy{}.CheckURL("http://evil.com#@good.com/")
	if !errors.As(err, &e) || e.Code != ErrFinding || e.Offset <= 0 {
		t.Errorf("%#v", err)
	}
}
