package guard

import (
	"errors"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"
)

// DefaultTimeout is the Timeout of the http.Client that Client returns.
const DefaultTimeout = 30 * time.Second

// A Transport is an http.RoundTripper that fetches only what its Policy
// allows: each request's URL is checked (CheckURL) before it is sent, and
// each connection goes through the policy's DialContext, so that every
// address the host resolves to is checked and the connection goes to one
// of them. The environment's proxy settings are ignored (Policy.Proxy
// sets a proxy). The zero Transport uses the zero (strict) Policy; a
// Transport must not be copied after first use.
type Transport struct {
	// Policy is the policy; do not change it after first use.
	Policy Policy

	once sync.Once
	base *http.Transport
}

// NewTransport returns a Transport with the policy p.
func NewTransport(p Policy) *Transport { return &Transport{Policy: p} }

func (t *Transport) init() {
	t.once.Do(func() {
		p := t.Policy
		b := &http.Transport{
			DialContext:           p.dial,
			ForceAttemptHTTP2:     true,
			MaxIdleConns:          100,
			IdleConnTimeout:       90 * time.Second,
			TLSHandshakeTimeout:   10 * time.Second,
			ExpectContinueTimeout: time.Second,
		}
		if p.Proxy != nil {
			b.Proxy = http.ProxyURL(p.Proxy)
		}
		t.base = b
	})
}

// RoundTrip checks the request's URL with the policy and sends it; a
// refused request gets an *Error (its body closed, as RoundTrip must).
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	t.init()
	if req == nil || req.URL == nil {
		return nil, errors.New("guard: request without a URL")
	}
	refuse := func(err error) (*http.Response, error) {
		if req.Body != nil {
			req.Body.Close()
		}
		return nil, err
	}
	if _, err := t.Policy.checkURL(req.URL.String()); err != nil {
		return refuse(err)
	}
	// net/http connects to req.URL.Host as net/url reads it: check that
	// name too (the WHATWG reading was checked above, and a
	// disagreement is a host-mismatch finding at danger).
	if why := t.Policy.checkHostName(req.URL.Hostname()); why != "" {
		return refuse(&Error{Offset: -1, Code: ErrHost, Input: req.URL.String(), Host: req.URL.Hostname(), Detail: why})
	}
	if t.Policy.Proxy != nil {
		// The proxy connects; check the host's addresses here first.
		if _, err := t.Policy.resolve(req.Context(), "tcp", req.URL.Hostname()); err != nil {
			return refuse(err)
		}
	}
	return t.base.RoundTrip(req)
}

// CloseIdleConnections closes the idle connections of the Transport.
func (t *Transport) CloseIdleConnections() {
	t.init()
	t.base.CloseIdleConnections()
}

// CheckRedirect is an http.Client CheckRedirect function: it refuses the
// redirect past Policy.MaxRedirects and a redirect to a URL that CheckURL
// refuses. (The Transport checks the URL and its addresses again.)
func (p Policy) CheckRedirect(req *http.Request, via []*http.Request) error {
	if req == nil || req.URL == nil {
		return &Error{Offset: -1, Code: ErrParse, Detail: "a redirect without a URL"}
	}
	if len(via) > p.maxRedirects() {
		return &Error{Offset: -1, Code: ErrRedirects, Input: req.URL.String(), Detail: "more than " + strconv.Itoa(p.maxRedirects()) + " redirects"}
	}
	return p.CheckURL(req.URL.String())
}

// Client returns an http.Client that fetches only what p allows: its
// Transport is NewTransport(p), its CheckRedirect p.CheckRedirect, its
// Timeout DefaultTimeout. Errors from its methods wrap an *Error when the
// policy refused (errors.As, or errors.Is(err, ErrRefused)).
func (p Policy) Client() *http.Client {
	return &http.Client{Transport: NewTransport(p), CheckRedirect: p.CheckRedirect, Timeout: DefaultTimeout}
}

// proxyAddr returns the "host:port" a Transport dials for the proxy u.
func proxyAddr(u *url.URL) string {
	port := u.Port()
	if port == "" {
		switch u.Scheme {
		case "https":
			port = "443"
		case "socks5", "socks5h":
			port = "1080"
		default:
			port = "80"
		}
	}
	return net.JoinHostPort(u.Hostname(), port)
}
