package idna

import (
	"testing"

	"github.com/urikit/urikit/internal/zerotest"
)

// TestZeroValues calls every exported function and method with zero
// values (see package internal/zerotest): a new exported name must be
// added to zeroCalls, or to zeroSkips with the reason it is not called.
func TestZeroValues(t *testing.T) { zerotest.Run(t, zeroCalls, zeroSkips) }

var zeroCalls = map[string]func(){
	"URLOptions":            func() { _ = URLOptions(false) },
	"StrictOptions":         func() { _ = StrictOptions() },
	"DomainToASCII":         func() { _, _ = DomainToASCII("", false) },
	"AppendDomainToASCII":   func() { _, _ = AppendDomainToASCII(nil, "", false) },
	"DomainToUnicode":       func() { _, _ = DomainToUnicode("", false) },
	"Code.String":           func() { _ = Code(0).String() },
	"Code.Error":            func() { _ = Code(0).Error() },
	"Error.Error":           func() { _ = (&Error{}).Error() },
	"Error.Unwrap":          func() { _ = (&Error{}).Unwrap() },
	"EncodePunycode":        func() { _, _ = EncodePunycode("") },
	"AppendEncodePunycode":  func() { _, _ = AppendEncodePunycode(nil, "") },
	"DecodePunycode":        func() { _, _ = DecodePunycode("") },
	"AppendDecodePunycode":  func() { _, _ = AppendDecodePunycode[string](nil, "") },
	"Options.ToASCII":       func() { _, _ = Options{}.ToASCII("") },
	"Options.AppendToASCII": func() { _, _ = Options{}.AppendToASCII(nil, "") },
	"Options.Verify":        func() { _ = Options{}.Verify("") },
	"Options.ToUnicode":     func() { _, _ = Options{}.ToUnicode("") },
}

var zeroSkips = map[string]string{}
