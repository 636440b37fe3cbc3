package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// mustExceptions are the constructors that have no Must form, each with
// its reason (API.md, rule 1: a Parse or New that can fail has its Must
// form with the same parameters).
var mustExceptions = map[string]string{

	"whatwg.ParseInto":       "fills the caller's URL: there is no value to return",
	"serve.NewEngine":        "cannot fail",
	"serve.NewHandler":       "cannot fail",
	"serve.NewServer":        "cannot fail",
	"guard.NewTransport":     "cannot fail",
	"form.Parse":             "cannot fail",
	"form.ParseRaw":          "cannot fail",
	"form.ParseSearchParams": "cannot fail",
	"form.ParseStrict":       "checks a query from outside against the strict grammar; a constant query is written with form.Parse",
}

// TestMustForms checks rule 1 of API.md on the listing: every exported
// Parse… or New… function that returns a value and an error has a Must…
// twin with the same parameters, returning the value.
func TestMustForms(t *testing.T) {
	lines, err := List(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	fn := regexp.MustCompile(`^pkg github\.com/urikit/urikit/([a-z/]+), func ((?:Must)?(?:Parse|New)[A-Za-z]*)(\(.*?\)) (.*)$`)
	type sig struct{ params, results string }
	funcs := map[string]sig{}
	for _, l := range lines {
		if m := fn.FindStringSubmatch(l); m != nil {
			funcs[m[1]+"."+m[2]] = sig{m[3], m[4]}
		}
	}
	checked := 0
	for name, s := range funcs {
		pkg, f, _ := strings.Cut(name, ".")
		// (T, error): a value from text or options. A tolerant call that
		// also returns findings is meant for input from outside, where a
		// panic is no answer, and needs no Must form.
		if strings.HasPrefix(f, "Must") || !strings.HasSuffix(s.results, ", error)") || strings.Count(s.results, ",") != 1 {
			continue
		}
		if reason, ok := mustExceptions[name]; ok {
			t.Logf("%s: no Must form: %s", name, reason)
			continue
		}
		checked++
		must, ok := funcs[pkg+".Must"+f]
		if !ok {
			t.Errorf("%s%s %s has no Must%s", name, s.params, s.results, f)
			continue
		}
		want := strings.TrimPrefix(strings.TrimSuffix(s.results, ", error)"), "(")
		if must.params != s.params || must.results != want {
			t.Errorf("%s.Must%s%s %s: want parameters %s and results %s", pkg, f, must.params, must.results, s.params, want)
		}
	}
	for name := range mustExceptions {
		if _, ok := funcs[name]; !ok {
			t.Errorf("exception %s: no such function any more", name)
		}
	}
	t.Logf("%d constructors that can fail, each with its Must form", checked)
	if checked < 8 {
		t.Errorf("only %d constructors checked: the listing was not read", checked)
	}
}
