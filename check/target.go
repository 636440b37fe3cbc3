package check

import (
	"net/netip"
	"strings"

	"github.com/urikit/urikit/uri"
)

// target returns what the WHATWG reading fetches.
func (c *checker) target() Target {
	w := c.w
	if w == nil {
		return Target{Port: -1}
	}
	t := Target{OK: true, Href: w.Href(), Origin: w.Origin(), Scheme: w.Scheme(), Port: w.PortNumber(), Path: w.Pathname()}
	t.Query, _ = w.Query()
	if t.Port < 0 {
		if d, ok := uri.DefaultPort(t.Scheme); ok && w.HasHost() {
			t.Port = d
		}
	}
	if w.HasHost() {
		h := w.Hostname()
		t.Host, t.HostUnicode = h, h
		switch a, err := netip.ParseAddr(strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")); {
		case h == "":
			t.HostType = "empty"
		case err == nil && a.Is4():
			t.HostType = "ipv4"
		case err == nil:
			t.HostType = "ipv6"
		case !w.IsSpecial():
			t.HostType = "opaque"
		default:
			t.HostType = "domain"
			if strings.Contains(h, "xn--") {
				t.HostUnicode, _ = c.unicodeHost(h)
			}
		}
		t.HostNoDot = h
		if (t.HostType == "domain" || t.HostType == "opaque") && hasFinalDot(h) {
			t.HostNoDot = h[:len(h)-1]
		}
		t.RegistrableDomain = registrableDomainOf(t.HostType, t.HostNoDot)
	}
	if !w.HasOpaquePath() && t.Path != "" {
		p := strings.TrimPrefix(t.Path, "/")
		n := strings.Count(p, "/") + 1
		t.Segments = make([]string, 0, min(n, MaxSegments))
		for seg := range strings.SplitSeq(p, "/") {
			if len(t.Segments) == MaxSegments {
				t.SegmentsTruncated = true
				break
			}
			t.Segments = append(t.Segments, decodeLenient(seg))
		}
	}
	return t
}
