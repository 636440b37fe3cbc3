package mailto

import (
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"testing"

	"github.com/urikit/urikit/internal/conformance"
)

// rfcCase is a case of testdata/rfc6068.json: the examples of RFC 6068
// and one case per rule of its grammar and encoding rules, written from
// the RFC text.
type rfcCase struct {
	Section string      `json:"section"`
	Input   string      `json:"input"`
	To      []string    `json:"to"`
	Cc      []string    `json:"cc"`
	Bcc     []string    `json:"bcc"`
	Subject string      `json:"subject"`
	Body    string      `json:"body"`
	Headers [][2]string `json:"headers"`
	Build   *string     `json:"build"`
	Error   Code        `json:"error"`
	Offset  int         `json:"offset"`
}

// message returns the Message the case expects.
func (c rfcCase) message() Message {
	m := Message{To: c.To, Cc: c.Cc, Bcc: c.Bcc, Subject: c.Subject, Body: c.Body}
	for _, h := range c.Headers {
		m.Headers = append(m.Headers, Header{h[0], h[1]})
	}
	return m
}

func TestRFC6068(t *testing.T) {
	b, err := os.ReadFile("testdata/rfc6068.json")
	if err != nil {
		t.Fatal(err)
	}
	var tab struct {
		Cases []rfcCase `json:"cases"`
	}
	if err := json.Unmarshal(b, &tab); err != nil {
		t.Fatal(err)
	}
	tally := conformance.NewTally(t, "mailto/testdata/rfc6068.json")
	for _, c := range tab.Cases {
		m, err := Parse(c.Input)
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
		want := c.message()
		build := c.Input
		if c.Build != nil {
			build = *c.Build
		}
		got := Build(m)
		back, err := Parse(got)
		tally.Check(t, reflect.DeepEqual(m, want) && got == build && err == nil && reflect.DeepEqual(back, m),
			"§%s: Parse(%q)\n got %#v\nwant %#v\nBuild = %q, want %q; parsed back: %#v, %v", c.Section, c.Input, m, want, got, build, back, err)
	}
}
