package fileurl

import (
	"testing"

	"github.com/urikit/urikit/internal/zerotest"
)

// TestZeroValues calls every exported function and method with zero
// values (see package internal/zerotest): a new exported name must be
// added to zeroCalls, or to zeroSkips with the reason it is not called.
func TestZeroValues(t *testing.T) { zerotest.Run(t, zeroCalls, zeroSkips) }

var zeroCalls = map[string]func(){
	"Style.String":   func() { _ = Style(0).String() },
	"Code.Error":     func() { _ = Code("").Error() },
	"Code.Message":   func() { _ = Code("").Message() },
	"Error.Error":    func() { _ = (&Error{}).Error() },
	"Error.Unwrap":   func() { _ = (&Error{}).Unwrap() },
	"FromPath":       func() { _, _ = FromPath("", Style(0)) },
	"AppendFromPath": func() { _, _ = AppendFromPath(nil, "", Style(0)) },
	"ToPath":         func() { _, _ = ToPath("", Style(0)) },
	"AppendToPath":   func() { _, _ = AppendToPath(nil, "", Style(0)) },
}

var zeroSkips = map[string]string{}
