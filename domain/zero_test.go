package domain

import (
	"testing"

	"github.com/urikit/urikit/internal/zerotest"
)

// TestZeroValues calls every exported function and method with zero
// values (see package internal/zerotest): a new exported name must be
// added to zeroCalls, or to zeroSkips with the reason it is not called.
func TestZeroValues(t *testing.T) { zerotest.Run(t, zeroCalls, zeroSkips) }

var zeroCalls = map[string]func(){
	"PublicSuffix":      func() { _, _ = PublicSuffix("") },
	"RegistrableDomain": func() { _, _ = RegistrableDomain("") },
	"Code.Message":      func() { _ = Code("").Message() },
	"Code.Error":        func() { _ = Code("").Error() },
	"Error.Error":       func() { _ = (&Error{}).Error() },
	"Error.Unwrap":      func() { _ = (&Error{}).Unwrap() },
}

var zeroSkips = map[string]string{}
