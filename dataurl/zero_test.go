package dataurl

import (
	"testing"

	"github.com/urikit/urikit/internal/zerotest"
	"github.com/urikit/urikit/whatwg"
)

// TestZeroValues calls every exported function and method with zero
// values (see package internal/zerotest): a new exported name must be
// added to zeroCalls, or to zeroSkips with the reason it is not called.
func TestZeroValues(t *testing.T) { zerotest.Run(t, zeroCalls, zeroSkips) }

var zeroCalls = map[string]func(){
	"Parse":                  func() { _, _ = Parse("") },
	"ParseWithFindings":      func() { _, _, _ = ParseWithFindings("") },
	"FromURL":                func() { _, _ = FromURL(whatwg.URL{}) },
	"DataURL.String":         func() { _ = DataURL{}.String() },
	"DataURL.AppendTo":       func() { _ = DataURL{}.AppendTo(nil) },
	"DataURL.MarshalText":    func() { _, _ = DataURL{}.MarshalText() },
	"DataURL.UnmarshalText":  func() { _ = new(DataURL).UnmarshalText(nil) },
	"MIMEType.AppendTo":      func() { _ = MIMEType{}.AppendTo(nil) },
	"MIMEType.MarshalText":   func() { _, _ = MIMEType{}.MarshalText() },
	"MIMEType.UnmarshalText": func() { _ = new(MIMEType).UnmarshalText(nil) },
	"Finding.Message":        func() { _ = Finding{}.Message() },
	"Finding.String":         func() { _ = Finding{}.String() },
	"Finding.MarshalJSON":    func() { _, _ = Finding{}.MarshalJSON() },
	"Code.Error":             func() { _ = Code("").Error() },
	"ParseMIMEType":          func() { _, _ = ParseMIMEType("") },
	"Encode":                 func() { _ = Encode(nil, MIMEType{}) },
	"AppendEncode":           func() { _ = AppendEncode(nil, nil, MIMEType{}) },
	"MIMEType.Type":          func() { _ = MIMEType{}.Type() },
	"MIMEType.Subtype":       func() { _ = MIMEType{}.Subtype() },
	"MIMEType.Essence":       func() { _ = MIMEType{}.Essence() },
	"MIMEType.String":        func() { _ = MIMEType{}.String() },
	"MIMEType.NumParams":     func() { _ = MIMEType{}.NumParams() },
	"MIMEType.Param":         func() { _, _ = MIMEType{}.Param(0) },
	"MIMEType.Lookup":        func() { _, _ = MIMEType{}.Lookup("") },
	"MIMEType.Params": func() {
		for range (MIMEType{}).Params() {
		}
	},
	"MIMEType.IsZero": func() { _ = MIMEType{}.IsZero() },
	"Code.Message":    func() { _ = Code("").Message() },
	"Error.Error":     func() { _ = (&Error{}).Error(); _ = (*Error)(nil).Error() },
	"Error.Unwrap":    func() { _ = (&Error{}).Unwrap(); _ = (*Error)(nil).Unwrap() },
}

var zeroSkips = map[string]string{
	"MustParse":         "panics on \"\", which is not a data: URL, by design (TestMustParse)",
	"MustParseMIMEType": "panics on \"\", which is not a MIME type, by design (TestMustParse)",
}

// TestZeroMIMEType checks what the zero MIMEType gives.
func TestZeroMIMEType(t *testing.T) {
	var m MIMEType
	if m.Type() != "" || m.Subtype() != "" || m.Essence() != "" || m.String() != "" || m.NumParams() != 0 || !m.IsZero() {
		t.Errorf("zero MIMEType: %q %q %q %q %d", m.Type(), m.Subtype(), m.Essence(), m.String(), m.NumParams())
	}
	if got := Encode([]byte("x"), m); got != "data:,x" {
		t.Errorf("Encode with the zero MIMEType = %q", got)
	}
}
