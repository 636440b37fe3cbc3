package surt

import (
	"testing"

	"github.com/urikit/urikit/internal/zerotest"
)

// TestZeroValues calls every exported function and method with zero
// values (see package internal/zerotest).
func TestZeroValues(t *testing.T) { zerotest.Run(t, zeroCalls, zeroSkips) }

var zeroCalls = map[string]func(){
	"Key":               func() { _, _ = Key("", Options{}) },
	"AppendKey":         func() { _, _ = AppendKey(nil, "", Options{}) },
	"Fingerprint":       func() { _, _ = Fingerprint("") },
	"AppendFingerprint": func() { _, _ = AppendFingerprint(nil, "") },
	"Code.Error":        func() { _ = Code("").Error() },
	"Code.Message":      func() { _ = Code("").Message() },
	"Error.Error":       func() { _ = (&Error{}).Error() },
	"Error.Unwrap":      func() { _ = (&Error{}).Unwrap() },
}

var zeroSkips = map[string]string{}
