package guard

import (
	"context"
	"encoding/binary"
	"net"
	"net/netip"
	"strings"
	"sync"
	"testing"
)

// A dnsServer is a small DNS server on 127.0.0.1 for the tests: it
// answers A and AAAA queries from answer, and NXDOMAIN otherwise.
type dnsServer struct {
	conn net.PacketConn
	mu   sync.Mutex
	// answer returns the addresses of a name (lowercase, without the
	// final dot) for the n-th A query of that name (n from 0).
	answer  func(name string, n int) []netip.Addr
	queries map[string]int
}

func newDNSServer(t *testing.T, answer func(name string, n int) []netip.Addr) *dnsServer {
	t.Helper()
	c, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Skip("no UDP on loopback:", err)
	}
	s := &dnsServer{conn: c, answer: answer, queries: map[string]int{}}
	go s.serve()
	t.Cleanup(func() { c.Close() })
	return s
}

// resolver returns a Go resolver that asks only s.
func (s *dnsServer) resolver() *net.Resolver {
	return &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, _, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "udp", s.conn.LocalAddr().String())
	}}
}

// count returns the number of A queries of name.
func (s *dnsServer) count(name string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.queries[name]
}

func (s *dnsServer) serve() {
	buf := make([]byte, 1500)
	for {
		n, from, err := s.conn.ReadFrom(buf)
		if err != nil {
			return
		}
		if resp := s.respond(buf[:n]); resp != nil {
			s.conn.WriteTo(resp, from)
		}
	}
}

// respond builds the answer to the query q: the header, the question,
// then one record per address of the type asked.
func (s *dnsServer) respond(q []byte) []byte {
	if len(q) < 12 {
		return nil
	}
	i := 12
	var labels []string
	for i < len(q) && q[i] != 0 {
		l := int(q[i])
		if i+1+l > len(q) {
			return nil
		}
		labels = append(labels, string(q[i+1:i+1+l]))
		i += 1 + l
	}
	if i+5 > len(q) {
		return nil
	}
	qend := i + 5
	qtype := binary.BigEndian.Uint16(q[i+1:])
	name := strings.ToLower(strings.Join(labels, "."))
	s.mu.Lock()
	k := s.queries[name]
	if qtype == 1 {
		s.queries[name]++
	}
	s.mu.Unlock()
	addrs := s.answer(name, k)
	var rrs [][]byte
	for _, a := range addrs {
		switch {
		case qtype == 1 && a.Is4():
			b := a.As4()
			rrs = append(rrs, b[:])
		case qtype == 28 && a.Is6() && !a.Is4In6():
			b := a.As16()
			rrs = append(rrs, b[:])
		}
	}
	resp := make([]byte, 0, 512)
	resp = append(resp, q[0], q[1])
	flags := uint16(0x8180) // response, recursion desired and available
	if addrs == nil {
		flags |= 3 // NXDOMAIN
	}
	resp = binary.BigEndian.AppendUint16(resp, flags)
	resp = binary.BigEndian.AppendUint16(resp, 1)
	resp = binary.BigEndian.AppendUint16(resp, uint16(len(rrs)))
	resp = binary.BigEndian.AppendUint16(resp, 0)
	resp = binary.BigEndian.AppendUint16(resp, 0)
	resp = append(resp, q[12:qend]...)
	for _, rd := range rrs {
		resp = append(resp, 0xc0, 12) // the name of the question
		resp = binary.BigEndian.AppendUint16(resp, qtype)
		resp = binary.BigEndian.AppendUint16(resp, 1)
		resp = binary.BigEndian.AppendUint32(resp, 0)
		resp = binary.BigEndian.AppendUint16(resp, uint16(len(rd)))
		resp = append(resp, rd...)
	}
	return resp
}
