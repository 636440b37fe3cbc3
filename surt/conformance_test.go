package surt

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
)

type conformanceFile struct {
	Cases []struct {
		URL, Surt, Options, Error, From string
	}
	Differences []struct {
		URL, Options, Urikit, Why string
	}
}

func parseOptions(t *testing.T, s string) Options {
	var o Options
	for f := range strings.SplitSeq(s, ",") {
		switch f {
		case "":
		case "scheme":
			o.Scheme = true
		case "keep-www":
			o.KeepWWW = true
		case "keep-query-order":
			o.KeepQueryOrder = true
		case "fragment":
			o.Fragment = true
		case "host-only":
			o.HostOnly = true
		case "trailing-comma":
			o.TrailingComma = true
		default:
			t.Fatalf("unknown option %q", f)
		}
	}
	return o
}

// TestConformance checks the cases of testdata/conformance.json, written
// from the reference implementations' test suites (each case says
// where from), and what the file lists as urikit's choice where the
// implementations differ.
func TestConformance(t *testing.T) {
	data, err := os.ReadFile("testdata/conformance.json")
	if err != nil {
		t.Fatal(err)
	}
	var c conformanceFile
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	if len(c.Cases) < 100 {
		t.Fatalf("only %d cases", len(c.Cases))
	}
	for _, tc := range c.Cases {
		got, err := Key(tc.URL, parseOptions(t, tc.Options))
		if tc.Error != "" {
			var e *Error
			if !errors.As(err, &e) || string(e.Code) != tc.Error {
				t.Errorf("Key(%q) = %q, %v; want error %s (%s)", tc.URL, got, err, tc.Error, tc.From)
			}
			continue
		}
		if err != nil || got != tc.Surt {
			t.Errorf("Key(%q, %q) = %q, %v; want %q (%s)", tc.URL, tc.Options, got, err, tc.Surt, tc.From)
		}
	}
	for _, d := range c.Differences {
		got, err := Key(d.URL, parseOptions(t, d.Options))
		if code, ok := strings.CutPrefix(d.Urikit, "error "); ok {
			if !errors.Is(err, Code(code)) {
				t.Errorf("Key(%q) = %q, %v; want error %s", d.URL, got, err, code)
			}
			continue
		}
		if err != nil || got != d.Urikit {
			t.Errorf("Key(%q) = %q, %v; want %q (%s)", d.URL, got, err, d.Urikit, d.Why)
		}
	}
}
