package tracking

import (
	"testing"

	"github.com/urikit/urikit/internal/zerotest"
)

// TestZeroValues calls every exported function and method with zero
// values (see package internal/zerotest).
func TestZeroValues(t *testing.T) { zerotest.Run(t, zeroCalls, zeroSkips) }

var zeroCalls = map[string]func(){
	"New":               func() { _, _ = New(nil) },
	"Default":           func() { _ = Default() },
	"Rules.Providers":   func() { _ = Rules{}.Providers() },
	"Rules.Apply":       func() { _ = Rules{}.Apply("") },
	"Rules.Clean":       func() { _ = Rules{}.Clean("") },
	"Rules.AppendClean": func() { _ = Rules{}.AppendClean(nil, "") },
	"Rules.Unwrap":      func() { _, _ = Rules{}.Unwrap("") },
	"Rules.Matcher":     func() { _ = Rules{}.Matcher("")("") },
	"Code.Error":        func() { _ = Code("").Error() },
	"Code.Message":      func() { _ = Code("").Message() },
	"Error.Error":       func() { _ = (&Error{}).Error() },
	"Error.Unwrap":      func() { _ = (&Error{}).Unwrap() },
}

var zeroSkips = map[string]string{
	"MustNew": "panics on data that is not a rule file, as documented",
}
