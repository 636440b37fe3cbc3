package whatwg

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/urikit/urikit/internal/collapse"
)

// corpusSeeds returns the inputs and bases of WPT's urltestdata.json when
// the conformance data is at hand (the fuzz targets do not need it).
func corpusSeeds() (inputs, bases []string) {
	dir := os.Getenv("URIKIT_CONFORMANCE")
	if dir == "" {
		dir = filepath.Join("..", "..", "shared", "testdata")
	}
	b, err := os.ReadFile(filepath.Join(dir, "wpt", "urltestdata.json"))
	if err != nil {
		return nil, nil
	}
	var raw []json.RawMessage
	if json.Unmarshal(b, &raw) != nil {
		return nil, nil
	}
	seen := map[string]bool{}
	for _, r := range raw {
		var c struct {
			Input string  `json:"input"`
			Base  *string `json:"base"`
		}
		if json.Unmarshal(r, &c) != nil {
			continue
		}
		inputs = append(inputs, c.Input)
		if c.Base != nil && !seen[*c.Base] {
			seen[*c.Base] = true
			bases = append(bases, *c.Base)
		}
	}
	return inputs, bases
}

var fuzzSeeds = []string{
	"https://user:pa:ss@EXAMPLE.com:8080/a/./b/../c?q=1#f",
	"http://[::ffff:1.2.3.4]/",
	"http://0x7f.1/",
	"file:///C|/demo/../x",
	"file://localhost/x",
	"foo://h/..//x",
	"web+demo:/.//not-a-host/",
	"mailto:a b ?x#y",
	"  \thttp://a\nb/\r ",
	"http://xn--53h.example/",
	"http://☕.example/",
	"//x/y",
	"?q",
	"#f",
	"..\\a",
	"http://%41.com",
	"non-spec:/..//p",
	"https://a@b@c/",
	"\xff://x",
	"http://a/\xff\xfe",
}

// adversarialSeeds are the shapes of bounded_test.go, at a size fit for a
// seed.
func adversarialSeeds() []string {
	var seeds []string
	for _, s := range boundedShapes {
		seeds = append(seeds, s.input(300), s.value(300))
	}
	return seeds
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, "")
		f.Add(s, "http://example.org/foo/bar?b#x")
	}
	for _, s := range adversarialSeeds() {
		f.Add(s, "")
		f.Add(s, "file:///C:/a/b")
	}
	inputs, bases := corpusSeeds()
	for i, s := range inputs {
		base := ""
		if len(bases) > 0 {
			base = bases[i%len(bases)]
		}
		f.Add(s, base)
	}
	f.Fuzz(func(t *testing.T, input, baseStr string) {
		var base URL
		if baseStr != "" {
			b, err := Parse(baseStr)
			if err != nil {
				return
			}
			base = b
		}
		u, err := base.Parse(input)
		u2, errs, err2 := base.ParseWithFindings(input)
		checkCollapsed(t, input, errs)
		// 86 bytes quoted (\xff takes 4), the code, the offset.
		if err != nil && len(err.Error()) > 460 {
			t.Fatalf("%q: message of %d bytes: %s", input, len(err.Error()), err)
		}
		if (err == nil) != (err2 == nil) {
			t.Fatalf("%q: Parse err %v, ParseWithFindings err %v", input, err, err2)
		}
		if err != nil {
			e, ok := err.(*Error)
			if !ok || e.Code == "" || e.Offset < 0 || e.Offset > len(input) {
				t.Fatalf("%q: bad error %#v", input, err)
			}
			return
		}
		if u.Href() != u2.Href() {
			t.Fatalf("%q: Parse %q, ParseWithFindings %q", input, u.Href(), u2.Href())
		}
		checkInvariants(t, u)
		v, err := Parse(u.Href())
		if err != nil {
			t.Fatalf("%q: href %q does not parse: %v", input, u.Href(), err)
		}
		if v.Href() != u.Href() || v != u {
			t.Fatalf("%q: href %q reparses as %q (%s vs %s)", input, u.Href(), v.Href(), v.debugString(), u.debugString())
		}
	})
}

// checkCollapsed checks the validation errors of input: one for each code
// (so never more than there are codes), each with offsets in the input and
// its count and first offsets consistent.
func checkCollapsed(t *testing.T, input string, errs []Finding) {
	t.Helper()
	if len(errs) > 31 {
		t.Fatalf("%q: %d validation errors, more than there are codes", input, len(errs))
	}
	seen := map[Code]bool{}
	for _, e := range errs {
		if e.Offset < 0 || e.Offset > len(input) || e.Code == "" || seen[e.Code] {
			t.Fatalf("%q: bad validation error %v in %v", input, e, errs)
		}
		seen[e.Code] = true
		switch {
		case e.Count == 0 || e.Count == 1:
			if e.Offsets != nil {
				t.Fatalf("%q: %v: offsets for a single occurrence", input, e)
			}
		case e.Count < 0 || len(e.Offsets) != min(e.Count, collapse.MaxOffsets) || e.Offsets[0] != e.Offset:
			t.Fatalf("%q: %v: count and offsets disagree", input, e)
		}
		for _, o := range e.Offsets {
			if o < 0 || o > len(input) {
				t.Fatalf("%q: %v: offset out of the input", input, e)
			}
		}
	}
}

// checkInvariants checks that the getters put together give the href.
func checkInvariants(t *testing.T, u URL) {
	t.Helper()
	s := u.Protocol()
	if u.HasHost() {
		s += "//"
		if u.Username() != "" || u.Password() != "" {
			s += u.Username()
			if u.Password() != "" {
				s += ":" + u.Password()
			}
			s += "@"
		}
		s += u.Host()
	} else if !u.HasOpaquePath() && len(u.Pathname()) > 1 && u.Pathname()[:2] == "//" {
		s += "/."
	}
	s += u.Pathname()
	if q, ok := u.Query(); ok {
		s += "?" + q
	}
	if f, ok := u.Fragment(); ok {
		s += "#" + f
	}
	if s != u.Href() {
		t.Fatalf("components %q do not make href %q", s, u.Href())
	}
}

func FuzzSetters(f *testing.F) {
	for i, s := range fuzzSeeds {
		f.Add(s, uint8(i), "x:1")
		f.Add(s, uint8(i+3), "/a b/../c")
		f.Add(s, uint8(i+5), "[::1]:99")
	}
	for i, s := range adversarialSeeds() {
		f.Add("https://user:pw@example.org:8080/p?q#f", uint8(i), s)
	}
	inputs, _ := corpusSeeds()
	for i, s := range inputs {
		f.Add("https://user:pw@example.org:8080/p?q#f", uint8(i), s)
		f.Add("foo://h/p", uint8(i), s)
	}
	f.Fuzz(func(t *testing.T, href string, which uint8, value string) {
		u, err := Parse(href)
		if err != nil {
			return
		}
		attrs := []string{"href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"}
		attr := attrs[int(which)%len(attrs)]
		applySetter(&u, attr, value)
		checkInvariants(t, u)
		v, err := Parse(u.Href())
		if err != nil {
			t.Fatalf("%q.%s = %q: href %q does not parse: %v", href, attr, value, u.Href(), err)
		}
		if v.Href() != u.Href() || v != u {
			t.Fatalf("%q.%s = %q: href %q reparses as %q (%s vs %s)", href, attr, value, u.Href(), v.Href(), u.debugString(), v.debugString())
		}
	})
}
