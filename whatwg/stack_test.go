package whatwg

import (
	"sync"
	"testing"
)

// stackInputs are inputs off the fast path whose output the parser
// materializes (it differs from the input), so that CanParse and Parse
// write their output somewhere while the state machine runs; some of them
// go through IDNA, percent-decoding or tab removal.
var stackInputs = []string{
	"HTTP://EXAMPLE.com/a b/../c?d e#f g",
	"http://a/b/./c/../d/%2e/%2E%2e/x?é#é",
	"http:\\\\a\\b\\c",
	"https://EXAMPLE.Com:0443/a/\tb\n/c",
	"http://[0:0:0:0:0:0:0:1]:8080/",
	"http://0x7f.1/x y",
	"http://Bücher.example/ü",
	"http://ex%41mple.com/",
	"file:///C|/x/../y",
	"foo://Host:9/a/../b c",
	"../z?q r",
}

// growStack recurses depth times with a frame of some hundred bytes, so
// that the call of f at the bottom runs near the end of the goroutine's
// stack and the stack grows (and moves) while f runs.
//
//go:noinline
func growStack(depth int, f func()) byte {
	var pad [128]byte
	pad[depth%len(pad)] = byte(depth)
	if depth == 0 {
		f()
		return pad[0]
	}
	return growStack(depth-1, f) + pad[depth%len(pad)]
}

// deepCheck recurses depth more times from inside the parse of one input
// to the next: each check runs on a deeper stack than the last.
//
//go:noinline
func deepCheck(t *testing.T, base URL, i, depth int) {
	s := stackInputs[i%len(stackInputs)]
	ok := base.CanParse(s)
	u, err := base.Parse(s)
	if ok != (err == nil) {
		t.Errorf("%q: CanParse %v, Parse error %v", s, ok, err)
	}
	if err == nil && u.Href() == "" {
		t.Errorf("%q: empty href", s)
	}
	if depth > 0 {
		growStack(depth, func() { deepCheck(t, base, i+1, depth-1) })
	}
}

// descend recurses n times with a small frame and then calls f: run from
// a new goroutine for every n, the call of f starts at every distance
// from the end of the goroutine's first stack, so that for some n the
// stack grows (and moves) at each point of f.
//
//go:noinline
func descend(n int, f func()) {
	if n == 0 {
		f()
		return
	}
	descend(n-1, f)
}

// TestStackGrowth calls CanParse and Parse from many goroutines whose
// stacks grow and move during the calls: a parser that kept its output in
// memory on the stack behind the compiler's back would write into a stack
// that has moved (under the race detector, "found bad pointer in Go
// heap"). Run it with go test -race.
func TestStackGrowth(t *testing.T) {
	base := MustParse("http://example.org/foo/bar?b#x")
	check := func(base URL, s string) {
		ok, okBase := CanParse(s), base.CanParse(s)
		_, err := Parse(s)
		_, errBase := base.Parse(s)
		if ok != (err == nil) || okBase != (errBase == nil) {
			t.Errorf("%q: CanParse %v, Parse error %v; with a base: %v, %v", s, ok, err, okBase, errBase)
		}
	}
	depths, inputs := 3000, len(stackInputs)
	if testing.Short() {
		inputs = 3
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	// A new goroutine for every depth: the calls start at every distance
	// from the end of the first stack.
	for d := range depths {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			descend(d, func() {
				for _, s := range stackInputs[:inputs] {
					check(base, s)
				}
			})
		}()
	}
	// Goroutines that parse again from deeper and deeper stacks, each
	// parse called back from under the last.
	for g := range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range 8 {
				growStack((g*7+r*13)%97, func() { deepCheck(t, base, g+r, 6) })
			}
		}()
	}
	wg.Wait()
}
