package main

import (
	"encoding/binary"
	"encoding/json"
	"net"
	"strings"
	"testing"
)

// fakeDNS serves A records on 127.0.0.1 from a map (NXDOMAIN for other
// names, no AAAA records) and returns its address.
func fakeDNS(t *testing.T, names map[string][4]byte) string {
	t.Helper()
	c, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Skip("no UDP on loopback:", err)
	}
	t.Cleanup(func() { c.Close() })
	go func() {
		buf := make([]byte, 1500)
		for {
			n, from, err := c.ReadFrom(buf)
			if err != nil {
				return
			}
			q := buf[:n]
			i, labels := 12, []string{}
			for i < len(q) && q[i] != 0 && i+1+int(q[i]) <= len(q) {
				labels = append(labels, string(q[i+1:i+1+int(q[i])]))
				i += 1 + int(q[i])
			}
			if len(q) < 12 || i+5 > len(q) {
				continue
			}
			qtype := binary.BigEndian.Uint16(q[i+1:])
			a, ok := names[strings.ToLower(strings.Join(labels, "."))]
			resp := append([]byte{q[0], q[1]}, 0x81, 0x80)
			if !ok {
				resp[3] |= 3
			}
			answers := 0
			if ok && qtype == 1 {
				answers = 1
			}
			resp = binary.BigEndian.AppendUint16(resp, 1)
			resp = binary.BigEndian.AppendUint16(resp, uint16(answers))
			resp = append(resp, 0, 0, 0, 0)
			resp = append(resp, q[12:i+5]...)
			if answers == 1 {
				resp = append(resp, 0xc0, 12, 0, 1, 0, 1, 0, 0, 0, 0, 0, 4)
				resp = append(resp, a[:]...)
			}
			c.WriteTo(resp, from)
		}
	}()
	return c.LocalAddr().String()
}

func TestCheckResolve(t *testing.T) {
	dns := fakeDNS(t, map[string][4]byte{"localtest.me": {127, 0, 0, 1}, "meta.example.com": {169, 254, 169, 254}, "www.example.com": {93, 184, 215, 14}})
	out, errOut, code := cli(t, "", "check", "--resolver", dns, "--fail-on", "warn", "http://localtest.me/", "https://www.example.com/")
	if code != 1 || errOut != "" {
		t.Errorf("status %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], `warn loopback @7: host "localtest.me" resolves to 127.0.0.1, a loopback address`) ||
		lines[1] != "https://www.example.com/\tok" {
		t.Errorf("got %q", out)
	}
	out, _, _ = cli(t, "", "check", "--resolve", "--resolver", dns, "--json", "http://meta.example.com/", "http://nx.example.com/")
	lines = strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("got %q", out)
	}
	var rec struct {
		Severity string
		Addrs    []string
		Findings []struct{ Code string }
	}
	if err := json.Unmarshal([]byte(lines[0]), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Severity != "danger" || len(rec.Addrs) != 1 || rec.Addrs[0] != "169.254.169.254 (metadata)" {
		t.Errorf("record %+v", rec)
	}
	if !strings.Contains(lines[1], `"host-unresolved"`) {
		t.Errorf("unresolved: %s", lines[1])
	}
	// Without --resolve, nothing is looked up.
	out, _, _ = cli(t, "", "check", "http://localtest.me/")
	if out != "http://localtest.me/\tok\n" {
		t.Errorf("no --resolve: %q", out)
	}
}
