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
	"URL":                       func() { _ = URL() },
	"URLStrict":                 func() { _ = URLStrict() },
	"Lookup":                    func() { _ = Lookup() },
	"Display":                   func() { _ = Display() },
	"Registration":              func() { _ = Registration() },
	"DomainToASCII":             func() { _, _ = DomainToASCII("") },
	"AppendDomainToASCII":       func() { _, _ = AppendDomainToASCII(nil, "") },
	"DomainToUnicode":           func() { _, _ = DomainToUnicode("") },
	"DomainToASCIIStrict":       func() { _, _ = DomainToASCIIStrict("") },
	"AppendDomainToASCIIStrict": func() { _, _ = AppendDomainToASCIIStrict(nil, "") },
	"DomainToUnicodeStrict":     func() { _, _ = DomainToUnicodeStrict("") },
	"Code.Error":                func() { _ = Code("").Error() },
	"Code.Message":              func() { _ = Code("").Message() },
	"Code.Rule":                 func() { _ = Code("").Rule() },
	"Error.Error":               func() { _ = (&Error{}).Error() },
	"Error.Unwrap":              func() { _ = (&Error{}).Unwrap() },
	"PunycodeEncode":            func() { _, _ = PunycodeEncode("") },
	"AppendPunycodeEncode":      func() { _, _ = AppendPunycodeEncode(nil, "") },
	"PunycodeDecode":            func() { _, _ = PunycodeDecode("") },
	"AppendPunycodeDecode":      func() { _, _ = AppendPunycodeDecode(nil, "") },
	"AppendPunycodeDecodeRunes": func() { _, _ = AppendPunycodeDecodeRunes[string](nil, "") },
	"ToASCII":                   func() { _, _ = ToASCII("") },
	"ToUnicode":                 func() { _, _ = ToUnicode("") },
	"Profile.ToASCII":           func() { _, _ = Profile{}.ToASCII("") },
	"Profile.AppendASCII":       func() { _, _ = Profile{}.AppendASCII(nil, "") },
	"Profile.Verify":            func() { _ = Profile{}.Verify("") },
	"Profile.ToUnicode":         func() { _, _ = Profile{}.ToUnicode("") },
	"Profile.AppendUnicode":     func() { _, _ = Profile{}.AppendUnicode(nil, "") },
}

var zeroSkips = map[string]string{}
