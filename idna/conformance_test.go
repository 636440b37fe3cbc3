package idna

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/conformance"
	"github.com/urikit/urikit/percent"
)

type punycodeCase struct {
	Description string `json:"description"`
	Decoded     string `json:"decoded"`
	Encoded     string `json:"encoded"`
}

func TestPunycodeConformance(t *testing.T) {
	var cases []punycodeCase
	conformance.Load(t, "rust-url/punycode_tests.json", &cases)
	tally := conformance.NewTally(t, "rust-url/punycode_tests.json")
	for _, c := range cases {
		enc, err := PunycodeEncode(c.Decoded)
		dec, derr := PunycodeDecode(c.Encoded)
		tally.Check(t, err == nil && derr == nil && enc == c.Encoded && dec == c.Decoded,
			"%s: encode(%q) = %q, %v (want %q); decode(%q) = %q, %v (want %q)",
			c.Description, c.Decoded, enc, err, c.Encoded, c.Encoded, dec, derr, c.Decoded)
	}
}

func TestBadPunycodeConformance(t *testing.T) {
	var cases []punycodeCase
	conformance.Load(t, "rust-url/bad_punycode_tests.json", &cases)
	tally := conformance.NewTally(t, "rust-url/bad_punycode_tests.json")
	for _, c := range cases {
		enc, err := PunycodeEncode(c.Decoded)
		tally.Check(t, err != nil && enc == "", "%s: encode succeeded: %q", c.Description, enc)
	}
}

// idnaCase is one case of wpt/toascii.json or wpt/IdnaTestV2.json. A string
// element of those arrays is a comment; json leaves Input empty for it.
type idnaCase struct {
	Input   *string `json:"input"`
	Output  *string `json:"output"`
	Comment string  `json:"comment"`
}

func loadIDNACases(t *testing.T, name string) []idnaCase {
	var raw []any
	conformance.Load(t, name, &raw)
	var cases []idnaCase
	for _, v := range raw {
		m, ok := v.(map[string]any)
		if !ok {
			continue
		}
		var c idnaCase
		if s, ok := m["input"].(string); ok {
			c.Input = &s
		}
		if s, ok := m["output"].(string); ok {
			c.Output = &s
		}
		c.Comment, _ = m["comment"].(string)
		cases = append(cases, c)
	}
	return cases
}

// hostParse mirrors what the WPT harness exercises: the URL parser's removal
// of ASCII tab and newline, the host parser's percent-decoding and UTF-8
// decoding, domain to ASCII (beStrict=false), and the checks on its result
// (forbidden domain code points). ok is false when the URL parser fails.
func hostParse(input string) (host string, ok bool) {
	input = strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, input)
	b, err := percent.Decoder{Lenient: true}.DecodeBytes(input)
	if err != nil {
		return "", false
	}
	domain := strings.ToValidUTF8(string(b), "\uFFFD")
	ascii, err := DomainToASCII(domain)
	if err != nil || ascii == "" {
		return "", false
	}
	for i := 0; i < len(ascii); i++ {
		if forbiddenDomainByte(ascii[i]) {
			return "", false
		}
	}
	return ascii, true
}

func forbiddenDomainByte(c byte) bool {
	if c <= 0x20 || c == 0x7F {
		return true
	}
	return strings.IndexByte("#/:<>?@[\\]^|%", c) >= 0
}

// ipv4Host runs the URL Standard's IPv4 parser on host and serializes the
// address, as the URL parser does with a host that ends in a number. ok
// is false where the parser fails.
func ipv4Host(host string) (string, bool) {
	parts := strings.Split(host, ".")
	if parts[len(parts)-1] == "" && len(parts) > 1 {
		parts = parts[:len(parts)-1]
	}
	if len(parts) > 4 {
		return "", false
	}
	nums := make([]uint64, len(parts))
	for i, p := range parts {
		base := 10
		switch {
		case len(p) >= 2 && (p[:2] == "0x" || p[:2] == "0X"):
			p, base = p[2:], 16
		case len(p) >= 2 && p[0] == '0':
			p, base = p[1:], 8
		}
		if p == "" {
			continue // "0x" alone is zero
		}
		n, err := strconv.ParseUint(p, base, 64)
		if err != nil {
			return "", false
		}
		nums[i] = n
	}
	last := len(nums) - 1
	for _, n := range nums[:last] {
		if n > 255 {
			return "", false
		}
	}
	if nums[last] >= 1<<(8*(5-len(nums))) {
		return "", false
	}
	addr := nums[last]
	for i, n := range nums[:last] {
		addr += n << (8 * (3 - i))
	}
	return fmt.Sprintf("%d.%d.%d.%d", byte(addr>>24), byte(addr>>16), byte(addr>>8), byte(addr)), true
}

// endsInNumber reports whether the URL host parser would hand host to the
// IPv4 parser ("ends in a number").
func endsInNumber(host string) bool {
	parts := strings.Split(host, ".")
	if parts[len(parts)-1] == "" {
		if len(parts) == 1 {
			return false
		}
		parts = parts[:len(parts)-1]
	}
	last := parts[len(parts)-1]
	if last != "" && strings.Trim(last, "0123456789") == "" {
		return true
	}
	if strings.HasPrefix(last, "0x") || strings.HasPrefix(last, "0X") {
		return strings.Trim(last[2:], "0123456789abcdefABCDEF") == ""
	}
	return false
}

func runIDNACorpus(t *testing.T, name string, cases []idnaCase, encode func(string) string, skips map[string]string) {
	tally := conformance.NewTally(t, name)
	for _, c := range cases {
		if c.Input == nil {
			continue
		}
		in := *c.Input
		if reason, ok := skips[in]; ok {
			tally.Skip(reason)
			continue
		}
		got, ok := hostParse(encode(in))
		want := ""
		if c.Output != nil {
			want = *c.Output
		}
		if ok && endsInNumber(got) {
			// The URL parser hands such a host to the IPv4 parser.
			got, ok = ipv4Host(got)
		}
		pass := ok == (c.Output != nil) && got == want
		tally.Check(t, pass, "%s: input %+q: got %+q (ok=%v), want %+q (success=%v) [%s]",
			name, in, got, ok, want, c.Output != nil, c.Comment)
	}
}

func TestToASCIIConformance(t *testing.T) {
	cases := loadIDNACases(t, "wpt/toascii.json")
	runIDNACorpus(t, "wpt/toascii.json", cases, func(s string) string { return s }, nil)
}

// idnaTestV2Skips lists the IdnaTestV2 cases where we deliberately differ,
// input -> reason.
var idnaTestV2Skips = map[string]string{}

func TestIdnaTestV2Conformance(t *testing.T) {
	cases := loadIDNACases(t, "wpt/IdnaTestV2.json")
	var kept []idnaCase
	for _, c := range cases {
		if c.Input != nil && *c.Input == "" {
			continue // the WPT harness skips the empty input
		}
		kept = append(kept, c)
	}
	escape := strings.NewReplacer(":", "%3A", "/", "%2F", "?", "%3F", "#", "%23", "\\", "%5C")
	runIDNACorpus(t, "wpt/IdnaTestV2.json", kept, escape.Replace, idnaTestV2Skips)
}

func TestIPv4HostHelper(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"1.2.3.4", "1.2.3.4", true},
		{"0x7f.1", "127.0.0.1", true},
		{"010.0.0.1.", "8.0.0.1", true},
		{"4294967295", "255.255.255.255", true},
		{"4294967296", "", false},
		{"1.2.3.4.5", "", false},
		{"09.1", "", false},
		{"256.1.1.1", "", false},
	} {
		got, ok := ipv4Host(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("ipv4Host(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}
