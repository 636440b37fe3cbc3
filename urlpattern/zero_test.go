package urlpattern

import (
	"testing"

	"github.com/urikit/urikit/internal/zerotest"
	"github.com/urikit/urikit/whatwg"
)

// TestZeroValues calls every exported function and method with zero
// values (see package internal/zerotest).
func TestZeroValues(t *testing.T) { zerotest.Run(t, zeroCalls, zeroSkips) }

var zeroCalls = map[string]func(){
	"New":              func() { _, _ = New("", Options{}) },
	"NewBase":          func() { _, _ = NewBase("", "", Options{}) },
	"NewInit":          func() { _, _ = NewInit(nil, Options{}); _, _ = NewInit(&Init{}, Options{}) },
	"Str":              func() { _ = Str("") },
	"CompareComponent": func() { _, _ = CompareComponent("", nil, nil); _, _ = CompareComponent("hash", &Pattern{}, &Pattern{}) },
	"Pattern.Generate": func() { _, _ = (&Pattern{}).Generate("", nil); _, _ = (&Pattern{}).Generate("pathname", nil) },

	"Pattern.Protocol":        func() { _ = (&Pattern{}).Protocol() },
	"Pattern.Username":        func() { _ = (&Pattern{}).Username() },
	"Pattern.Password":        func() { _ = (&Pattern{}).Password() },
	"Pattern.Hostname":        func() { _ = (&Pattern{}).Hostname() },
	"Pattern.Port":            func() { _ = (&Pattern{}).Port() },
	"Pattern.Pathname":        func() { _ = (&Pattern{}).Pathname() },
	"Pattern.Search":          func() { _ = (&Pattern{}).Search() },
	"Pattern.Hash":            func() { _ = (&Pattern{}).Hash() },
	"Pattern.HasRegExpGroups": func() { _ = (&Pattern{}).HasRegExpGroups() },
	"Pattern.String":          func() { _ = (&Pattern{}).String() },
	"Pattern.Test":            func() { _ = (&Pattern{}).Test("") },
	"Pattern.TestBase":        func() { _ = (&Pattern{}).TestBase("", "") },
	"Pattern.TestURL":         func() { _ = (&Pattern{}).TestURL(nil); _ = (&Pattern{}).TestURL(&whatwg.URL{}) },
	"Pattern.TestInit":        func() { _ = (&Pattern{}).TestInit(nil); _ = (&Pattern{}).TestInit(&Init{}) },
	"Pattern.Exec":            func() { _ = (&Pattern{}).Exec("") },
	"Pattern.ExecBase":        func() { _ = (&Pattern{}).ExecBase("", "") },
	"Pattern.ExecURL":         func() { _ = (&Pattern{}).ExecURL(nil); _ = (&Pattern{}).ExecURL(&whatwg.URL{}) },
	"Pattern.ExecInit":        func() { _ = (&Pattern{}).ExecInit(nil); _ = (&Pattern{}).ExecInit(&Init{}) },

	"Error.Error":  func() { _ = (&Error{}).Error(); _ = (*Error)(nil).Error() },
	"Code.Error":   func() { _ = Code("").Error() },
	"Code.Message": func() { _ = Code("").Message() },
	"MustNew":      func() { defer func() { _ = recover() }(); _ = MustNew("", Options{}) },
	"MustNewBase":  func() { defer func() { _ = recover() }(); _ = MustNewBase("", "", Options{}) },
	"MustNewInit":  func() { _ = MustNewInit(nil, Options{}) },
	"Error.Unwrap": func() { _ = (&Error{}).Unwrap(); _ = (*Error)(nil).Unwrap() },

	"ComponentResult.Get": func() { _, _ = (&ComponentResult{}).Get("") },
	"Result.Component":    func() { _ = (&Result{}).Component("") },

	"Set.Add":      func() { (&Set{}).Add(nil); (&Set{}).Add(&Pattern{}) },
	"Set.Len":      func() { _ = (&Set{}).Len() },
	"Set.Pattern":  func() { _ = (&Set{}).Pattern(0) },
	"Set.Match":    func() { _ = (&Set{}).Match("", nil) },
	"Set.MatchURL": func() { _ = (&Set{}).MatchURL(nil, nil); _ = (&Set{}).MatchURL(&whatwg.URL{}, nil) },
}

var zeroSkips = map[string]string{}

// The zero Pattern matches nothing, and a Set holding it finds nothing.
func TestZeroPatternMatchesNothing(t *testing.T) {
	var p Pattern
	var s Set
	s.Add(&p)
	s.Add(nil)
	for _, u := range []string{"https://example.com/", "a:", ""} {
		if p.Test(u) || p.Exec(u) != nil || len(s.Match(u, nil)) != 0 || len(matchNaive(&s, u, nil)) != 0 {
			t.Errorf("the zero Pattern matches %q", u)
		}
	}
	if p.TestInit(nil) || p.ExecInit(&Init{}) != nil {
		t.Error("the zero Pattern matches an empty Init")
	}
}
