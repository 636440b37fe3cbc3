package urlpattern

import (
	"errors"

	"github.com/urikit/urikit/whatwg"
	"sync"
	"testing"
)

func TestHasRegExpGroups(t *testing.T) {
	for _, c := range []struct {
		pattern string
		want    bool
	}{
		{`https://h/:id(\d+)`, true},
		{`https://h/(foo|bar)`, true},
		{`https://(sub|www).h/`, true},
		{`https://h/:id`, false},
		{`https://h/*`, false},
		// A regexp that is the segment wildcard's own is a segment wildcard.
		{`https://h/:id([^\/]+?)`, false},
		{`https://h/(.*)`, false},
	} {
		p, err := New(c.pattern, Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.pattern, err)
		}
		if p.HasRegExpGroups() != c.want {
			t.Errorf("%s: HasRegExpGroups %v", c.pattern, p.HasRegExpGroups())
		}
	}
}

func TestErrors(t *testing.T) {
	for _, c := range []struct {
		pattern, base string
		code          Code
		comp          Component
		off           int
	}{
		{"/no-protocol", "", ErrMissingProtocol, "", -1},
		{"https://h/:a/:a", "", ErrDuplicateName, "pathname", 4},
		{"https://h/{a", "", ErrInvalidPattern, "pathname", 3},
		{"https://h/(a", "", ErrInvalidPattern, "pathname", 1},
		{"https://h/:id(\\d+(?<=x))", "", ErrUnsupportedRegexp, "pathname", 8},
		{"https://h/:id(\\m)", "", ErrInvalidRegexp, "pathname", 5},
		{"https://a b/", "", ErrInvalidComponent, ComponentHostname, 0},
		{"https://h:99999/", "", ErrInvalidComponent, ComponentPort, 0},
		{"/x", "not a url", ErrInvalidBaseURL, "", 0},
	} {
		var err error
		if c.base != "" {
			_, err = NewBase(c.pattern, c.base, Options{})
		} else {
			_, err = New(c.pattern, Options{})
		}
		var e *Error
		if !errors.As(err, &e) || e.Code != c.code || !errors.Is(err, c.code) || e.Component != c.comp || e.Offset != c.off {
			t.Errorf("%s: %#v, want %s %q at %d", c.pattern, err, c.code, c.comp, c.off)
			continue
		}
		if e.Error() == "" {
			t.Errorf("%s: empty message", c.pattern)
		}
	}
	// The text is internal/diag's; a cause from whatwg is unwrapped too.
	_, err := New("https://h/{a", Options{})
	if want := `urlpattern: offset 3 (pathname): "/{a": invalid pattern: expected "}", found the end of the pattern`; err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	_, err = New("https://a b/", Options{})
	var we *whatwg.Error
	if !errors.As(err, &we) || !errors.Is(err, ErrInvalidComponent) {
		t.Errorf("no whatwg cause in %#v", err)
	}
}

// MustNew, MustNewBase and MustNewInit panic with the error of New,
// NewBase and NewInit.
func TestMustNew(t *testing.T) {
	if p := MustNew("https://h/:id", Options{}); !p.Test("https://h/1") {
		t.Error("MustNew")
	}
	if p := MustNewBase("/:id", "https://h/", Options{}); !p.Test("https://h/1") {
		t.Error("MustNewBase")
	}
	if p := MustNewInit(&Init{Pathname: Str("/:id")}, Options{}); !p.Test("https://h/1") {
		t.Error("MustNewInit")
	}
	defer func() {
		if err, _ := recover().(error); !errors.Is(err, ErrMissingProtocol) {
			t.Errorf("MustNew panicked with %v", err)
		}
	}()
	MustNew("/x", Options{})
}

// A Pattern and a Set are used by many goroutines at once (run with
// -race).
func TestConcurrentUse(t *testing.T) {
	p, err := New(`https://*.example.com/:a/:id(\d+)`, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var s Set
	s.Add(p)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 200 {
				u := "https://x.example.com/b/" + string(rune('0'+(i+g)%10))
				r := p.Exec(u)
				if r == nil || !p.Test(u) || len(s.Match(u, nil)) != 1 {
					t.Errorf("%s: no match", u)
					return
				}
				if id, _ := r.Pathname.Get("id"); id != u[len(u)-1:] {
					t.Errorf("%s: id %q", u, id)
					return
				}
			}
		})
	}
	wg.Wait()
}
