package urn

import (
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/urikit/urikit/internal/conformance"
)

// rfcTable is testdata/rfc8141.json: the examples of RFC 8141 and one
// case per rule of its grammar and of URN-equivalence, written from the
// RFC text.
type rfcTable struct {
	Parse []struct {
		Section string  `json:"section"`
		Input   string  `json:"input"`
		NID     string  `json:"nid"`
		NSS     string  `json:"nss"`
		R       *string `json:"r"`
		Q       *string `json:"q"`
		F       *string `json:"f"`
		Error   Code    `json:"error"`
		Offset  int     `json:"offset"`
	} `json:"parse"`
	Equivalence struct {
		Classes [][]string `json:"classes"`
		Keys    []string   `json:"keys"`
	} `json:"equivalence"`
	Rules struct {
		Pairs []struct {
			Rule  string `json:"rule"`
			A     string `json:"a"`
			B     string `json:"b"`
			Equal bool   `json:"equal"`
		} `json:"pairs"`
	} `json:"rules"`
}

func loadTable(t *testing.T) rfcTable {
	t.Helper()
	b, err := os.ReadFile("testdata/rfc8141.json")
	if err != nil {
		t.Fatal(err)
	}
	var tab rfcTable
	if err := json.Unmarshal(b, &tab); err != nil {
		t.Fatal(err)
	}
	return tab
}

// opt returns the text and presence of a component, as the table has it.
func opt(p *string) (string, bool) {
	if p == nil {
		return "", false
	}
	return *p, true
}

func TestRFC8141Parse(t *testing.T) {
	tab := loadTable(t)
	tally := conformance.NewTally(t, "urn/testdata/rfc8141.json parse")
	for _, c := range tab.Parse {
		u, err := Parse(c.Input)
		if c.Error != "" {
			var e *Error
			ok := errors.As(err, &e) && e.Code == c.Error && e.Offset == c.Offset && errors.Is(err, c.Error)
			tally.Check(t, ok, "§%s: Parse(%q) = %v, want %s at offset %d", c.Section, c.Input, err, c.Error, c.Offset)
			continue
		}
		if err != nil {
			tally.Check(t, false, "§%s: Parse(%q): %v", c.Section, c.Input, err)
			continue
		}
		r, hasR := u.RComponent()
		q, hasQ := u.QComponent()
		f, hasF := u.FComponent()
		wr, wantR := opt(c.R)
		wq, wantQ := opt(c.Q)
		wf, wantF := opt(c.F)
		ok := u.NID() == c.NID && u.NSS() == c.NSS && u.String() == c.Input &&
			r == wr && hasR == wantR && q == wq && hasQ == wantQ && f == wf && hasF == wantF
		tally.Check(t, ok, "§%s: Parse(%q): nid %q nss %q r %q,%v q %q,%v f %q,%v; want %q %q %v %v %v",
			c.Section, c.Input, u.NID(), u.NSS(), r, hasR, q, hasQ, f, hasF, c.NID, c.NSS, c.R, c.Q, c.F)
	}
}

func TestRFC8141Equivalence(t *testing.T) {
	tab := loadTable(t)
	tally := conformance.NewTally(t, "urn/testdata/rfc8141.json equivalence")
	type member struct {
		class int
		u     URN
	}
	var all []member
	for i, class := range tab.Equivalence.Classes {
		for _, s := range class {
			u, err := Parse(s)
			if err != nil {
				t.Fatalf("Parse(%q): %v", s, err)
			}
			all = append(all, member{i, u})
			tally.Check(t, u.Key() == tab.Equivalence.Keys[i], "Key(%q) = %q, want %q", s, u.Key(), tab.Equivalence.Keys[i])
		}
	}
	// Every pair, both ways: equivalent exactly within a class.
	for _, a := range all {
		for _, b := range all {
			want := a.class == b.class
			tally.Check(t, Equal(a.u, b.u) == want && (a.u.Key() == b.u.Key()) == want,
				"Equal(%q, %q) = %v, want %v", a.u, b.u, Equal(a.u, b.u), want)
		}
	}
	for _, p := range tab.Rules.Pairs {
		a, errA := Parse(p.A)
		b, errB := Parse(p.B)
		if errA != nil || errB != nil {
			tally.Check(t, false, "%s: %v %v", p.Rule, errA, errB)
			continue
		}
		ok := Equal(a, b) == p.Equal && Equal(b, a) == p.Equal && (a.Key() == b.Key()) == p.Equal
		tally.Check(t, ok, "%s: Equal(%q, %q) = %v, want %v", p.Rule, p.A, p.B, Equal(a, b), p.Equal)
	}
}
