package check

import (
	"errors"
	"net/netip"
	"strings"
	"testing"
)

// TestAddrTableRows checks every row of the table with an address inside
// it, one just outside it where there is one, and the finding URL reports
// for a host in it. A row added without a case here fails the test.
func TestAddrTableRows(t *testing.T) {
	cases := map[string]struct {
		in, out string // an address in the row (classified by it), one outside (not by it); out may be ""
		carried string // the IPv4 address an embedding form carries
	}{
		"0.0.0.0/8":          {"0.1.2.3", "1.0.0.0", ""},
		"0.0.0.0/32":         {"0.0.0.0", "0.0.0.1", ""},
		"10.0.0.0/8":         {"10.255.0.1", "11.0.0.0", ""},
		"100.64.0.0/10":      {"100.127.255.254", "100.128.0.0", ""},
		"127.0.0.0/8":        {"127.255.255.255", "128.0.0.0", ""},
		"169.254.0.0/16":     {"169.254.1.1", "169.255.0.0", ""},
		"172.16.0.0/12":      {"172.31.0.1", "172.32.0.0", ""},
		"192.0.0.0/24":       {"192.0.0.8", "192.0.1.0", ""},
		"192.0.2.0/24":       {"192.0.2.1", "192.0.3.0", ""},
		"192.88.99.0/24":     {"192.88.99.1", "192.88.100.0", ""},
		"192.168.0.0/16":     {"192.168.1.1", "192.169.0.0", ""},
		"198.18.0.0/15":      {"198.19.255.1", "198.20.0.0", ""},
		"198.51.100.0/24":    {"198.51.100.7", "198.51.101.0", ""},
		"203.0.113.0/24":     {"203.0.113.9", "203.0.114.0", ""},
		"224.0.0.0/4":        {"239.255.255.250", "", ""},
		"240.0.0.0/4":        {"250.1.2.3", "", ""},
		"255.255.255.255/32": {"255.255.255.255", "", ""},
		"169.254.169.254/32": {"169.254.169.254", "169.254.169.255", ""},
		"169.254.169.253/32": {"169.254.169.253", "169.254.169.252", ""},
		"169.254.169.123/32": {"169.254.169.123", "169.254.169.124", ""},
		"169.254.170.2/32":   {"169.254.170.2", "169.254.170.3", ""},
		"169.254.170.23/32":  {"169.254.170.23", "169.254.170.24", ""},
		"100.100.100.200/32": {"100.100.100.200", "100.100.100.201", ""},
		"168.63.129.16/32":   {"168.63.129.16", "168.63.129.17", ""},
		"192.0.0.192/32":     {"192.0.0.192", "192.0.0.193", ""},
		"fd00:ec2::254/128":  {"fd00:ec2::254", "fd00:ec2::255", ""},
		"fd00:ec2::23/128":   {"fd00:ec2::23", "fd00:ec2::24", ""},
		"::/128":             {"::", "", ""},
		"::1/128":            {"::1", "::2", ""},
		"::ffff:0.0.0.0/96":  {"::ffff:127.0.0.1", "::fffe:7f00:1", "127.0.0.1"},
		"::ffff:0:0:0/96":    {"::ffff:0:a00:1", "::fffe:0:a00:1", "10.0.0.1"},
		"::/96":              {"::7f00:1", "::1:0:0", "127.0.0.1"},
		"64:ff9b::/96":       {"64:ff9b::a9fe:a9fe", "64:ff9b:0:0:1::", "169.254.169.254"},
		"64:ff9b:1::/48":     {"64:ff9b:1::7f00:1", "64:ff9b:2::", "127.0.0.1"},
		"100::/64":           {"100::1", "100:0:0:1::", ""},
		"2001::/32":          {"2001:0:4136:e378:8000:63bf:80ff:fffe", "2001:1::", "127.0.0.1"},
		"2001:2::/48":        {"2001:2::1", "2001:2:1::", ""},
		"2001:10::/28":       {"2001:10::1", "2001:30::", ""},
		"2001:20::/28":       {"2001:20::1", "2001:30::", ""},
		"2001:db8::/32":      {"2001:db8::1", "2001:db9::", ""},
		"2002::/16":          {"2002:7f00:1::", "2003::", "127.0.0.1"},
		"3fff::/20":          {"3fff:fff::1", "3fff:1000::", ""},
		"5f00::/16":          {"5f00::1", "5f01::", ""},
		"fc00::/7":           {"fd12:3456::1", "fe00::", ""},
		"fe80::/10":          {"fe80::1", "fec0::", ""},
		"fec0::/10":          {"fec0::1", "ff00::", ""},
		"ff00::/8":           {"ff02::1", "", ""},
	}
	seen := map[string]bool{}
	for _, row := range AddrRanges() {
		key := row.Prefix.String()
		seen[key] = true
		c, ok := cases[key]
		if !ok {
			t.Errorf("row %s (%s) has no test case", key, row.Kind)
			continue
		}
		if row.Code.Severity() < Warn {
			t.Errorf("row %s: code %s is below warn", key, row.Code)
		}
		if row.Source == "" {
			t.Errorf("row %s: no source", key)
		}
		in := netip.MustParseAddr(c.in)
		cl := ClassifyAddr(in)
		if cl.Range.Prefix != row.Prefix || cl.Range.Kind != row.Kind {
			t.Errorf("%s: classified in %v (%s), want the row %s (%s)", c.in, cl.Range.Prefix, cl.Range.Kind, key, row.Kind)
		}
		if got := cl.Carried.String(); c.carried != "" && got != c.carried {
			t.Errorf("%s: carries %s, want %s", c.in, got, c.carried)
		}
		if c.carried == "" && cl.Carried.IsValid() {
			t.Errorf("%s: carries %s, want none", c.in, cl.Carried)
		}
		if c.out != "" {
			out := netip.MustParseAddr(c.out)
			if row.Prefix.Contains(out) || ClassifyAddr(out).Range.Prefix == row.Prefix {
				t.Errorf("%s: the outside address is in the row %s", c.out, key)
			}
		}
		// A URL with the address as its host gets the row's finding.
		host := c.in
		if in.Is6() {
			host = "[" + c.in + "]"
		}
		r := URL("http://" + host + "/")
		if !r.Has(row.Code) {
			t.Errorf("http://%s/: no %s finding:\n%s", host, row.Code, show(r))
		}
		if !r.AtLeast(Warn) {
			t.Errorf("http://%s/: below warn:\n%s", host, show(r))
		}
	}
	for key := range cases {
		if !seen[key] {
			t.Errorf("case %s has no row", key)
		}
	}
}

// TestClassifyAddrGlobal checks which addresses a public fetch may reach.
func TestClassifyAddrGlobal(t *testing.T) {
	for _, c := range []struct {
		addr   string
		global bool
		kind   AddrKind // of the row Refused returns
	}{
		{"8.8.8.8", true, ""},
		{"2606:4700::1111", true, ""},
		{"::ffff:8.8.8.8", true, ""},
		{"64:ff9b::808:808", true, ""},
		{"2002:808:808::1", true, ""},
		{"127.0.0.1", false, KindLoopback},
		{"::ffff:127.0.0.1", false, KindLoopback},
		{"::ffff:169.254.169.254", false, KindMetadata},
		{"::127.0.0.1", false, KindLoopback},
		{"::8.8.8.8", false, KindIPv4Compatible},
		{"64:ff9b::127.0.0.1", false, KindLoopback},
		{"64:ff9b::a9fe:a9fe", false, KindMetadata},
		{"64:ff9b:1::808:808", false, KindNAT64Local},
		{"2002:7f00:1::", false, KindLoopback}, // 6to4 is global; the carried loopback is not
		{"2002:a00:1::", false, KindPrivate},
		{"fe80::1%eth0", false, KindLinkLocal},
		{"168.63.129.16", false, KindMetadata},
		{"fd00:ec2::254", false, KindMetadata},
		{"fd00:ec2::1", false, KindUniqueLocal},
	} {
		a := netip.MustParseAddr(c.addr)
		cl := ClassifyAddr(a)
		if cl.Global() != c.global {
			t.Errorf("%s (%v): Global() = %v, want %v", c.addr, cl, cl.Global(), c.global)
		}
		r, refused := cl.Refused()
		if refused == c.global {
			t.Errorf("%s: Refused() = %v, want %v", c.addr, refused, !c.global)
		}
		want := c.kind
		if r.Kind != want {
			t.Errorf("%s: refused by %q, want %q", c.addr, r.Kind, want)
		}
		if strings.Contains(cl.String(), "%") {
			t.Errorf("%s: String %q keeps the zone", c.addr, cl.String())
		}
	}
	if (AddrClass{}).Global() {
		t.Error("the zero AddrClass is Global")
	}
}

// TestAddrRangesCopy checks that the table returned is a copy.
func TestAddrRangesCopy(t *testing.T) {
	a := AddrRanges()
	a[0].Kind = "changed"
	if AddrRanges()[0].Kind == "changed" {
		t.Error("AddrRanges returns the table itself")
	}
}

// TestResolved checks the findings of resolved addresses: a public name
// that resolves to internal addresses gets them, at the host's offset.
func TestResolved(t *testing.T) {
	addrs := []netip.Addr{netip.MustParseAddr("93.184.215.14"), netip.MustParseAddr("127.0.0.1"),
		netip.MustParseAddr("::ffff:169.254.169.254"), netip.MustParseAddr("127.0.0.2")}
	r := Resolved("http://localtest.me/", addrs, nil)
	// The resolver's IPv4-mapped answer is the IPv4 address: no
	// embedded-ipv4 (a NAT64 answer does carry one).
	if !r.Has(Loopback) || !r.Has(CloudMetadata) || r.Has(EmbeddedIPv4) || r.Has(IPHost) {
		t.Errorf("findings:\n%s", show(r))
	}
	for _, f := range r.Findings {
		if f.Offset != 7 {
			t.Errorf("%v: offset %d, want 7", f, f.Offset)
		}
		if f.Code == Loopback && (f.Count != 2 || !strings.Contains(f.Message(), `host "localtest.me" resolves to 127.0.0.1, a loopback address`)) {
			t.Errorf("%v", f)
		}
	}
	if len(r.Addrs) != 4 || r.Addrs[1].Range.Kind != KindLoopback || !r.Addrs[0].Global() || r.Addrs[2].Addr.String() != "169.254.169.254" {
		t.Errorf("Addrs %v", r.Addrs)
	}
	if r := Resolved("http://localhost/", []netip.Addr{netip.MustParseAddr("::ffff:127.0.0.1"), netip.MustParseAddr("64:ff9b::7f00:1")}, nil); !r.Has(Loopback) || !r.Has(EmbeddedIPv4) || r.Findings[0].Count > 2 {
		t.Errorf("a mapped answer and a NAT64 one:\n%s", show(r))
	}
	r = Resolved("https://example.com/", []netip.Addr{netip.MustParseAddr("93.184.215.14")}, nil)
	if r.AtLeast(Info) {
		t.Errorf("a public address:\n%s", show(r))
	}
	r = Resolved("https://nx.example/", nil, errors.New("no such host"))
	if !r.Has(HostUnresolved) || r.AtLeast(Warn) {
		t.Errorf("unresolved:\n%s", show(r))
	}
	many := make([]netip.Addr, 1000)
	for i := range many {
		many[i] = netip.AddrFrom4([4]byte{10, 0, byte(i >> 8), byte(i)})
	}
	r = Resolved("https://many.example/", many, nil)
	if len(r.Addrs) != MaxAddrs || len(r.Findings) > 4 {
		t.Errorf("%d addrs, %d findings", len(r.Addrs), len(r.Findings))
	}
}
