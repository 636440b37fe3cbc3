package gitaddr

import (
	"testing"

	"github.com/urikit/urikit/internal/zerotest"
)

// TestZeroValues calls every exported function and method with zero
// values (see package internal/zerotest): a new exported name must be
// added to zeroCalls, or to zeroSkips with the reason it is not called.
func TestZeroValues(t *testing.T) { zerotest.Run(t, zeroCalls, zeroSkips) }

var zeroCalls = map[string]func(){
	"Parse":                func() { _, _ = Parse("") },
	"Equal":                func() { _ = Equal(Addr{}, Addr{}) },
	"EqualStrict":          func() { _ = EqualStrict(Addr{}, Addr{}) },
	"DefaultPort":          func() { _, _ = DefaultPort("") },
	"NewRewriter":          func() { _, _ = NewRewriter("") },
	"MustNewRewriter":      func() { _ = MustNewRewriter("") },
	"Addr.String":          func() { _ = Addr{}.String() },
	"Addr.AppendTo":        func() { _ = Addr{}.AppendTo(nil) },
	"Addr.MarshalText":     func() { _, _ = Addr{}.MarshalText() },
	"Addr.UnmarshalText":   func() { var a Addr; _ = a.UnmarshalText(nil) },
	"Addr.Form":            func() { _ = Addr{}.Form() },
	"Addr.Transport":       func() { _ = Addr{}.Transport() },
	"Addr.User":            func() { _ = Addr{}.User() },
	"Addr.Password":        func() { _ = Addr{}.Password() },
	"Addr.Host":            func() { _ = Addr{}.Host() },
	"Addr.Port":            func() { _ = Addr{}.Port() },
	"Addr.Path":            func() { _ = Addr{}.Path() },
	"Addr.IsZero":          func() { _ = Addr{}.IsZero() },
	"Addr.URL":             func() { _ = Addr{}.URL() },
	"Addr.AppendURL":       func() { _ = Addr{}.AppendURL(nil) },
	"Addr.SCP":             func() { _ = Addr{}.SCP() },
	"Addr.AppendSCP":       func() { _ = Addr{}.AppendSCP(nil) },
	"Addr.Key":             func() { _ = Addr{}.Key() },
	"Addr.StrictKey":       func() { _ = Addr{}.StrictKey() },
	"Rewriter.Rewrite":     func() { _ = Rewriter{}.Rewrite("") },
	"Rewriter.RewritePush": func() { _ = Rewriter{}.RewritePush("") },
	"Rewriter.Len":         func() { _, _ = Rewriter{}.Len() },
	"Code.Error":           func() { _ = Code("").Error() },
	"Code.Message":         func() { _ = Code("").Message() },
	"Error.Error":          func() { _ = (&Error{}).Error() },
	"Error.Unwrap":         func() { _ = (&Error{}).Unwrap() },
}

var zeroSkips = map[string]string{
	"MustParse": "panics on the empty text by design (Parse fails on it)",
}
