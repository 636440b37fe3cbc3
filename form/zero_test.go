package form

import (
	"testing"

	"github.com/urikit/urikit/internal/zerotest"
)

// TestZeroValues calls every exported function and method with zero
// values (see package internal/zerotest): a new exported name must be
// added to zeroCalls, or to zeroSkips with the reason it is not called.
func TestZeroValues(t *testing.T) { zerotest.Run(t, zeroCalls, zeroSkips) }

var zeroCalls = map[string]func(){
	"CompareNames":      func() { _ = CompareNames("", "") },
	"Code.Error":        func() { _ = Code("").Error() },
	"Code.Message":      func() { _ = Code("").Message() },
	"Error.Error":       func() { _ = (&Error{}).Error() },
	"Error.Unwrap":      func() { _ = (&Error{}).Unwrap() },
	"Parse":             func() { _ = Parse("") },
	"AppendParse":       func() { _ = AppendParse(nil, "") },
	"ParseSearchParams": func() { _ = ParseSearchParams("") },
	"ParseStrict":       func() { _, _ = ParseStrict("") },
	"Unescape":          func() { _ = Unescape("") },
	"ParseRaw":          func() { _ = ParseRaw("") },
	"RawQuery.String":   func() { _ = RawQuery{}.String() },
	"RawQuery.AppendTo": func() { _ = RawQuery{}.AppendTo(nil) },
	"RawQuery.Clone":    func() { _ = RawQuery{}.Clone() },
	"RawQuery.MarshalText": func() {
		if b, _ := (RawQuery{}).MarshalText(); len(b) != 0 {
			panic("the zero RawQuery does not marshal to \"\"")
		}
	},
	"RawQuery.UnmarshalText": func() {
		var q RawQuery
		if _ = q.UnmarshalText(nil); q.segs != nil {
			panic("\"\" does not unmarshal to the zero RawQuery")
		}
	},
	"RawQuery.Len":    func() { _ = RawQuery{}.Len() },
	"RawQuery.Values": func() { _ = RawQuery{}.Values() },
	"RawQuery.All": func() {
		for range (RawQuery{}).All() {
		}
	},
	"RawQuery.RawAll": func() {
		for range (RawQuery{}).RawAll() {
		}
	},
	"RawQuery.Get":         func() { _, _ = RawQuery{}.Get("") },
	"RawQuery.GetAll":      func() { _ = RawQuery{}.GetAll("") },
	"RawQuery.Has":         func() { _ = RawQuery{}.Has("") },
	"RawQuery.HasValue":    func() { _ = RawQuery{}.HasValue("", "") },
	"RawQuery.Append":      func() { (&RawQuery{}).Append("", "") },
	"RawQuery.AppendRaw":   func() { _ = (&RawQuery{}).AppendRaw("") },
	"RawQuery.Set":         func() { (&RawQuery{}).Set("", "") },
	"RawQuery.SetRaw":      func() { _ = (&RawQuery{}).SetRaw("", "") },
	"RawQuery.Delete":      func() { (&RawQuery{}).Delete("") },
	"RawQuery.DeleteValue": func() { (&RawQuery{}).DeleteValue("", "") },
	"RawQuery.Sort":        func() { (&RawQuery{}).Sort() },
	"FromPairs":            func() { _ = FromPairs(nil) },
	"FromURLValues":        func() { _ = FromURLValues(nil) },
	"Values.URLValues":     func() { _ = Values(nil).URLValues() },
	"Values.Len":           func() { _ = Values(nil).Len() },
	"Values.Append":        func() { var v Values; v.Append("", "") },
	"Values.Delete":        func() { var v Values; v.Delete("") },
	"Values.DeleteValue":   func() { var v Values; v.DeleteValue("", "") },
	"Values.Get":           func() { _, _ = Values(nil).Get("") },
	"Values.GetAll":        func() { _ = Values(nil).GetAll("") },
	"Values.Has":           func() { _ = Values(nil).Has("") },
	"Values.HasValue":      func() { _ = Values(nil).HasValue("", "") },
	"Values.Set":           func() { var v Values; v.Set("", "") },
	"Values.Sort":          func() { Values(nil).Sort() },
	"Values.All": func() {
		for range Values(nil).All() {
		}
	},
	"Values.Clone":         func() { _ = Values(nil).Clone() },
	"Values.String":        func() { _ = Values(nil).String() },
	"Values.AppendTo":      func() { _ = Values(nil).AppendTo(nil) },
	"Values.AppendText":    func() { _, _ = Values(nil).AppendText(nil) },
	"Values.MarshalText":   func() { _, _ = Values(nil).MarshalText() },
	"Values.UnmarshalText": func() { var v Values; _ = v.UnmarshalText(nil) },
	"Escape":               func() { _ = Escape("") },
	"AppendEscape":         func() { _ = AppendEscape(nil, "") },
	// edit.go
	"RawQuery.Replace": func() { _ = (&RawQuery{}).Replace("", "") },
}

var zeroSkips = map[string]string{}
