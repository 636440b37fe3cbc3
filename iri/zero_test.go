package iri

import (
	"testing"

	"github.com/urikit/urikit/internal/zerotest"
)

// TestZeroValues calls every exported function and method with zero
// values (see package internal/zerotest): a new exported name must be
// added to zeroCalls, or to zeroSkips with the reason it is not called.
func TestZeroValues(t *testing.T) { zerotest.Run(t, zeroCalls, zeroSkips) }

var zeroCalls = map[string]func(){
	"Code.Error":   func() { _ = Code("").Error() },
	"Code.Message": func() { _ = Code("").Message() },
	"Error.Error":  func() { _ = (&Error{}).Error() },
	"Error.Unwrap": func() { _ = (&Error{}).Unwrap() },
	"ToURI":        func() { _, _ = ToURI("") },
	"AppendURI":    func() { _, _ = AppendURI(nil, "") },
	"ToIRI":        func() { _, _ = ToIRI("") },
	"AppendIRI":    func() { _, _ = AppendIRI(nil, "") },
}

var zeroSkips = map[string]string{}
