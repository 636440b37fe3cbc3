package template

import (
	"testing"

	"github.com/urikit/urikit/internal/zerotest"
)

// TestZeroValues calls every exported function and method with zero
// values (see package internal/zerotest): a new exported name must be
// added to zeroCalls, or to zeroSkips with the reason it is not called.
func TestZeroValues(t *testing.T) { zerotest.Run(t, zeroCalls, zeroSkips) }

var zeroCalls = map[string]func(){
	"Parse":                  func() { _, _ = Parse("") },
	"MustParse":              func() { _ = MustParse("") },
	"ParseLenient":           func() { _, _, _ = ParseLenient("") },
	"MustParseLenient":       func() { _, _ = MustParseLenient("") },
	"Template.String":        func() { _ = Template{}.String() },
	"Template.AppendTo":      func() { _ = Template{}.AppendTo(nil) },
	"Template.Names":         func() { _ = Template{}.Names() },
	"Template.MarshalText":   func() { _, _ = Template{}.MarshalText() },
	"Template.UnmarshalText": func() { _ = (&Template{}).UnmarshalText(nil) },
	"Template.Expand":        func() { _, _ = Template{}.Expand(nil) },
	"Template.ExpandMap":     func() { _, _ = Template{}.ExpandMap(nil) },
	"Template.AppendExpand":  func() { _, _ = Template{}.AppendExpand(nil, nil) },
	"Template.MaxLen":        func() { _ = Template{}.MaxLen(nil) },
	"Template.Match":         func() { _, _ = Template{}.Match(""); _, _ = Template{}.Match("x") },
	"String":                 func() { _ = String("") },
	"List":                   func() { _ = List() },
	"Pairs":                  func() { _ = Pairs() },
	"Value.Kind":             func() { _ = Value{}.Kind() },
	"Value.Text":             func() { _ = Value{}.Text() },
	"Value.Items":            func() { _ = Value{}.Items() },
	"Value.Fields":           func() { _ = Value{}.Fields() },
	"Value.MarshalJSON":      func() { _, _ = Value{}.MarshalJSON() },
	"Vars.MarshalJSON":       func() { _, _ = Vars(nil).MarshalJSON() },
	"FromMap":                func() { _, _ = FromMap(nil) },
	"Code.Error":             func() { _ = Code("").Error() },
	"Code.Message":           func() { _ = Code("").Message() },
	"Error.Error":            func() { _ = (&Error{}).Error(); _ = (*Error)(nil).Error() },
	"Error.Unwrap":           func() { _ = (&Error{}).Unwrap(); _ = (*Error)(nil).Unwrap() },
	"Finding.Message":        func() { _ = Finding{}.Message() },
	"Finding.String":         func() { _ = Finding{}.String() },
	"Finding.MarshalJSON":    func() { _, _ = Finding{}.MarshalJSON() },
}

var zeroSkips = map[string]string{}
