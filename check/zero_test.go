package check

import (
	"net/netip"
	"testing"

	"github.com/urikit/urikit/internal/zerotest"
)

// TestZeroValues calls every exported function and method with zero
// values (see package internal/zerotest): a new exported name must be
// added to zeroCalls, or to zeroSkips with the reason it is not called.
func TestZeroValues(t *testing.T) { zerotest.Run(t, zeroCalls, zeroSkips) }

var zeroCalls = map[string]func(){
	"Report.Max":             func() { _ = Report{}.Max() },
	"Report.AtLeast":         func() { _ = Report{}.AtLeast(0) },
	"Report.Has":             func() { _ = Report{}.Has("") },
	"URL":                    func() { _ = URL("") },
	"Codes":                  func() { _ = Codes() },
	"Code.Severity":          func() { _ = Code("").Severity() },
	"Code.Message":           func() { _ = Code("").Message() },
	"Severity.String":        func() { _ = Severity(0).String() },
	"ParseSeverity":          func() { _, _ = ParseSeverity("") },
	"Severity.MarshalText":   func() { _, _ = Severity(0).MarshalText() },
	"Severity.UnmarshalText": func() { var s Severity; _ = s.UnmarshalText(nil) },
	"MustParseSeverity":      func() { defer func() { _ = recover() }(); _ = MustParseSeverity("") },
	"Finding.String":         func() { _ = Finding{}.String() },
	"Finding.Message":        func() { _ = Finding{}.Message() },
	"Finding.MarshalJSON":    func() { _, _ = Finding{}.MarshalJSON() },
	"AddrRanges":             func() { _ = AddrRanges() },
	"Resolved":               func() { _ = Resolved("", nil, nil) },
	"ClassifyAddr":           func() { _ = ClassifyAddr(netip.Addr{}) },
	"AddrClass.Global":       func() { _ = AddrClass{}.Global() },
	"AddrClass.Refused":      func() { _, _ = AddrClass{}.Refused() },
	"AddrClass.String":       func() { _ = AddrClass{}.String() },
}

var zeroSkips = map[string]string{}
