package domain

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/urikit/urikit/internal/conformance"
)

// pslCase is one checkPublicSuffix line of test_psl.txt: the input, nil
// for null, and the registrable domain expected, "" for null.
type pslCase struct {
	line  int
	input *string
	want  string
}

var checkRE = regexp.MustCompile(`^checkPublicSuffix\((null|'[^']*'), (null|'[^']*')\);$`)

func loadPSLTests(t *testing.T) []pslCase {
	t.Helper()
	path := filepath.Join(conformance.Dir(t), "psl", "test_psl.txt")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []pslCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "//") {
			continue
		}
		m := checkRE.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("test_psl.txt:%d: not a checkPublicSuffix line: %q", n, line)
		}
		c := pslCase{line: n}
		if m[1] != "null" {
			s := strings.Trim(m[1], "'")
			c.input = &s
		}
		if m[2] != "null" {
			c.want = strings.Trim(m[2], "'")
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// TestPSLConformance runs every checkPublicSuffix line of the list's own
// tests: the expected result is the registrable domain, null where there
// is none (RegistrableDomain fails). A null input stands for no name at
// all, which Go's string cannot be: it is run as "".
func TestPSLConformance(t *testing.T) {
	cases := loadPSLTests(t)
	tally := conformance.NewTally(t, "psl/test_psl.txt")
	for _, c := range cases {
		in := ""
		if c.input != nil {
			in = *c.input
		}
		got, err := RegistrableDomain(in)
		if c.want == "" {
			tally.Check(t, err != nil && got == "", "test_psl.txt:%d: RegistrableDomain(%s) = %q, %v; want an error", c.line, strconv.Quote(in), got, err)
			continue
		}
		tally.Check(t, err == nil && got == c.want, "test_psl.txt:%d: RegistrableDomain(%s) = %q, %v; want %q", c.line, strconv.Quote(in), got, err, c.want)
	}
}

// TestListRules runs every rule of public_suffix_list.dat through
// PublicSuffix: a normal rule is its own public suffix, a wildcard rule
// "*.x" makes "zz.x" one, an exception "!a.x" makes "x" the suffix of
// "a.x", each with the ICANN flag of its section. It fails when
// table_gen.go was compiled from another copy of the list (run go
// generate).
func TestListRules(t *testing.T) {
	path := filepath.Join(conformance.Dir(t), "psl", "public_suffix_list.dat")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tally := conformance.NewTally(t, "psl/public_suffix_list.dat rules")
	icann := false
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.Contains(line, "===BEGIN ICANN DOMAINS==="):
			icann = true
		case strings.Contains(line, "===BEGIN PRIVATE DOMAINS==="):
			icann = false
		}
		if line == "" || strings.HasPrefix(line, "//") {
			continue
		}
		rule, _, _ := strings.Cut(line, " ")
		name, want := rule, rule
		switch {
		case strings.HasPrefix(rule, "!"):
			name = rule[1:]
			_, want, _ = strings.Cut(name, ".")
		case strings.HasPrefix(rule, "*."):
			name, want = "zz"+rule[1:], "zz"+rule[1:]
		}
		got, err := PublicSuffix(name)
		tally.Check(t, err == nil && got == (Suffix{Name: want, ICANN: icann, Listed: true}),
			"public_suffix_list.dat:%d: rule %q: PublicSuffix(%q) = %+v, %v; want {%s %v true}", n, rule, name, got, err, want, icann)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}
