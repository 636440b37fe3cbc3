package mailto

import (
	"testing"

	"github.com/urikit/urikit/internal/zerotest"
)

// TestZeroValues calls every exported function and method with zero
// values (see package internal/zerotest): a new exported name must be
// added to zeroCalls, or to zeroSkips with the reason it is not called.
func TestZeroValues(t *testing.T) { zerotest.Run(t, zeroCalls, zeroSkips) }

var zeroCalls = map[string]func(){
	"Parse":                 func() { _, _ = Parse("") },
	"Build":                 func() { _ = Build(Message{}) },
	"ParseLenient":          func() { _, _, _ = ParseLenient("") },
	"Message.String":        func() { _ = Message{}.String() },
	"Message.AppendTo":      func() { _ = Message{}.AppendTo(nil) },
	"Message.IsZero":        func() { _ = Message{}.IsZero() },
	"Message.MarshalText":   func() { _, _ = Message{}.MarshalText() },
	"Message.UnmarshalText": func() { _ = new(Message).UnmarshalText(nil) },
	"Finding.Message":       func() { _ = Finding{}.Message() },
	"Finding.String":        func() { _ = Finding{}.String() },
	"Finding.MarshalJSON":   func() { _, _ = Finding{}.MarshalJSON() },
	"Code.Error":            func() { _ = Code("").Error() },
	"Code.Message":          func() { _ = Code("").Message() },
	"Error.Error":           func() { _ = (&Error{}).Error() },
	"Error.Unwrap":          func() { _ = (&Error{}).Unwrap() },
}

var zeroSkips = map[string]string{
	"MustParse": "panics on \"\", which is not a mailto: URL, by design (TestMustParse)",
}

func TestZeroMessage(t *testing.T) {
	if got := Build(Message{}); got != "mailto:" {
		t.Errorf("Build(Message{}) = %q", got)
	}
	m, err := Parse("mailto:")
	if err != nil || m.To != nil || m.Cc != nil || m.Bcc != nil || m.Subject != "" || m.Body != "" || m.Headers != nil {
		t.Errorf(`Parse("mailto:") = %#v, %v; want the zero Message`, m, err)
	}
}
