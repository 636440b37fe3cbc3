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
	"Template.String":        func() { _ = (&Template{}).String(); _ = (*Template)(nil).String() },
	"Template.Vars":          func() { _ = (&Template{}).Vars(); _ = (*Template)(nil).Vars() },
	"Template.MarshalText":   func() { _, _ = (&Template{}).MarshalText(); _, _ = (*Template)(nil).MarshalText() },
	"Template.UnmarshalText": func() { _ = (&Template{}).UnmarshalText(nil) },
	"Template.Expand":        func() { _, _ = (&Template{}).Expand(nil); _, _ = (*Template)(nil).Expand(nil) },
	"Template.ExpandMap":     func() { _, _ = (&Template{}).ExpandMap(nil); _, _ = (*Template)(nil).ExpandMap(nil) },
	"Template.AppendExpand":  func() { _, _ = (&Template{}).AppendExpand(nil, nil); _, _ = (*Template)(nil).AppendExpand(nil, nil) },
	"Template.MaxLen":        func() { _ = (&Template{}).MaxLen(nil); _ = (*Template)(nil).MaxLen(nil) },
	"Template.Match":         func() { _, _ = (&Template{}).Match(""); _, _ = (*Template)(nil).Match("x") },
	"String":                 func() { _ = String("") },
	"List":                   func() { _ = List() },
	"Pairs":                  func() { _ = Pairs() },
	"Value.Kind":             func() { _ = Value{}.Kind() },
	"Value.Text":             func() { _ = Value{}.Text() },
	"Value.Items":            func() { _ = Value{}.Items() },
	"Value.Fields":           func() { _ = Value{}.Fields() },
	"Value.MarshalJSON":      func() { _, _ = Value{}.MarshalJSON() },
	"Values.MarshalJSON":     func() { _, _ = Values(nil).MarshalJSON() },
	"FromMap":                func() { _, _ = FromMap(nil) },
	"Code.Message":           func() { _ = Code("").Message() },
	"Error.Error":            func() { _ = (&Error{}).Error(); _ = (*Error)(nil).Error() },
}

var zeroSkips = map[string]string{}
