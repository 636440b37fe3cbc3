package check

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestDoubleEncodingRounds checks escapes hidden behind escaped hex
// digits, and the number of decoding rounds each finding reports.
func TestDoubleEncodingRounds(t *testing.T) {
	for _, c := range []struct {
		in     string
		off    int
		sev    Severity
		rounds string
		count  int
	}{
		{"http://host/%25%32%35", 12, Warn, "2", 0},
		{"%25%32%35%25%32%35", 0, Warn, "2", 2},
		{"asdf%25%32%35asd", 4, Warn, "2", 0},
		{"https://a.com/a%252Fb", 15, Warn, "2", 0},
		{"https://a.com/%%32%35", 14, Warn, "2", 0},
		{"https://a.com/%2%35%32%46", 14, Warn, "3", 0},        // "%2" "5" "2" "F", then "%2F", then "/"
		{"https://a.com/%25%32%35%33%32%46", 14, Warn, "3", 0}, // "%2532F", then "%32F", then "2F"
		{"https://a.com/%2525", 14, Warn, "2", 0},
		{"https://a.com/?q=%25%34%31", 17, Info, "2", 0},
		{"https://a.com/#%25%34%31", 15, Info, "2", 0},
		{"https://a.com/%25252525", 14, Warn, "4", 0},
		{"https://a.com/%" + strings.Repeat("25", 50), 14, Warn, "at least 6", 0},
	} {
		r := URL(c.in)
		var f Finding
		n := 0
		for _, g := range r.Findings {
			if g.Code == DoubleEncoding {
				f = g
				n++
			}
		}
		if n != 1 {
			t.Errorf("%q: %d double-encoding findings:\n%s", c.in, n, show(r))
			continue
		}
		if f.Offset != c.off || f.Severity != c.sev || f.Count != c.count || f.Detail != "decoding rounds: "+c.rounds || !strings.Contains(f.Message(), "takes "+c.rounds+" rounds") {
			t.Errorf("%q: got %s (detail %q, count %d), want offset %d, %v, %s rounds, count %d", c.in, f, f.Detail, f.Count, c.off, c.sev, c.rounds, c.count)
		}
	}
	for _, s := range []string{
		"https://a.com/%25", "https://a.com/%2541x", "https://a.com/%25%41", "https://a.com/%41%42", "https://a.com/%25zz",
		"https://a.com/100%25", "https://a.com/%25%25%25", "https://a.com/%%41",
	} {
		// "%2541x" decodes to "%41x", then "Ax": twice. The others stop after one round.
		want := s == "https://a.com/%2541x"
		if got := URL(s).Has(DoubleEncoding); got != want {
			t.Errorf("%q: double-encoding %v, want %v", s, got, want)
		}
	}
}

// TestDoubleEncodingDoc checks that the package doc gives the bound on
// the rounds that the code uses.
func TestDoubleEncodingDoc(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	n := strconv.Itoa(maxDecodeRounds)
	if text := strings.Join(strings.Fields(strings.ReplaceAll(string(doc), "//", "")), " "); !strings.Contains(text, "followed up to "+n+" ") || !strings.Contains(text, `"at least `+n+`"`) {
		t.Errorf("the package doc does not say that rounds are followed up to %s", n)
	}
}

// naiveRounds decodes s until it stops changing, up to limit rounds, and
// returns the text and the number of rounds that changed it.
func naiveRounds(s string, limit int) (string, int) {
	for n := range limit {
		d := decodeLenient(s)
		if d == s {
			return s, n
		}
		s = d
	}
	return s, limit
}

// checkRounds checks the streaming decoder against naiveRounds: the same
// bytes after maxDecodeRounds rounds, and the highest round made is the
// number of rounds that change the text.
func checkRounds(t *testing.T, s string) {
	t.Helper()
	var d roundDecoder
	d.reset(s, 0, len(s))
	var b strings.Builder
	high := 0
	prevEnd := 0
	for {
		x, ok := d.pull(maxDecodeRounds)
		if !ok {
			break
		}
		if x.start != prevEnd || x.end <= x.start || x.round == 0 && (x.end != x.start+1 || s[x.start] != x.b) {
			t.Fatalf("%q: byte %+v after offset %d", s, x, prevEnd)
		}
		prevEnd = x.end
		b.WriteByte(x.b)
		high = max(high, int(x.round))
	}
	if prevEnd != len(s) {
		t.Fatalf("%q: decoded bytes cover %d of %d bytes", s, prevEnd, len(s))
	}
	want, rounds := naiveRounds(s, maxDecodeRounds)
	if b.String() != want || high != rounds {
		t.Errorf("%q: streaming %q in %d rounds, naive %q in %d", s, b.String(), high, want, rounds)
	}
}

func TestRoundDecoder(t *testing.T) {
	for _, s := range []string{
		"", "%", "%%", "%2", "%25", "%2525", "%252525", "%25%32%35", "%%32%35", "%2%35%32%46", "%%%41%42", "%4%31%31",
		"%25252525252525252525", "a%2541b", "%25%25%25", "%2G%25", "%%2525%32%35%%", "%e2%80%8b%25e2",
	} {
		checkRounds(t, s)
	}
	// Every string of up to 6 bytes over "%", "2", "5", "4", "1", "x".
	alphabet := "%2541x"
	var gen func(prefix string, n int)
	gen = func(prefix string, n int) {
		checkRounds(t, prefix)
		if n == 0 {
			return
		}
		for i := range len(alphabet) {
			gen(prefix+alphabet[i:i+1], n-1)
		}
	}
	gen("", 6)
}
