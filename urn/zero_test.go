package urn

import (
	"testing"

	"github.com/urikit/urikit/internal/zerotest"
)

// TestZeroValues calls every exported function and method with zero
// values (see package internal/zerotest): a new exported name must be
// added to zeroCalls, or to zeroSkips with the reason it is not called.
func TestZeroValues(t *testing.T) { zerotest.Run(t, zeroCalls, zeroSkips) }

var zeroCalls = map[string]func(){
	"Parse":             func() { _, _ = Parse("") },
	"Equal":             func() { _ = Equal(URN{}, URN{}) },
	"URN.String":        func() { _ = URN{}.String() },
	"URN.NID":           func() { _ = URN{}.NID() },
	"URN.NSS":           func() { _ = URN{}.NSS() },
	"URN.AssignedName":  func() { _ = URN{}.AssignedName() },
	"URN.RComponent":    func() { _, _ = URN{}.RComponent() },
	"URN.QComponent":    func() { _, _ = URN{}.QComponent() },
	"URN.FComponent":    func() { _, _ = URN{}.FComponent() },
	"URN.Key":           func() { _ = URN{}.Key() },
	"URN.AppendKey":     func() { _ = URN{}.AppendKey(nil) },
	"URN.AppendTo":      func() { _ = URN{}.AppendTo(nil) },
	"URN.MarshalText":   func() { _, _ = URN{}.MarshalText() },
	"URN.UnmarshalText": func() { _ = new(URN).UnmarshalText(nil) },
	"Code.Error":        func() { _ = Code("").Error() },
	"Code.Message":      func() { _ = Code("").Message() },
	"Error.Error":       func() { _ = (&Error{}).Error() },
	"Error.Unwrap":      func() { _ = (&Error{}).Unwrap() },
}

var zeroSkips = map[string]string{
	"MustParse": "panics on \"\", which is not a URN, by design (TestMustParse)",
}
