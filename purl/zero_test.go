package purl

import (
	"testing"

	"github.com/urikit/urikit/internal/zerotest"
)

// TestZeroValues calls every exported function and method with zero
// values (see package internal/zerotest): a new exported name must be
// added to zeroCalls, or to zeroSkips with the reason it is not called.
func TestZeroValues(t *testing.T) { zerotest.Run(t, zeroCalls, zeroSkips) }

var zeroCalls = map[string]func(){
	"Parse":              func() { _, _ = Parse("") },
	"AppendCanonical":    func() { _, _ = AppendCanonical(nil, "") },
	"Build":              func() { _, _ = Build(Components{}) },
	"Equal":              func() { _ = Equal(PURL{}, PURL{}) },
	"FromRepositoryURL":  func() { _, _ = FromRepositoryURL("") },
	"PURL.String":        func() { _ = PURL{}.String() },
	"PURL.AppendTo":      func() { _ = PURL{}.AppendTo(nil) },
	"PURL.MarshalText":   func() { _, _ = PURL{}.MarshalText() },
	"PURL.UnmarshalText": func() { var p PURL; _ = p.UnmarshalText(nil) },
	"PURL.Type":          func() { _ = PURL{}.Type() },
	"PURL.Namespace":     func() { _ = PURL{}.Namespace() },
	"PURL.Name":          func() { _ = PURL{}.Name() },
	"PURL.Version":       func() { _ = PURL{}.Version() },
	"PURL.Subpath":       func() { _ = PURL{}.Subpath() },
	"PURL.Qualifiers":    func() { _ = PURL{}.Qualifiers() },
	"PURL.Qualifier":     func() { _, _ = PURL{}.Qualifier("") },
	"PURL.Components":    func() { _ = PURL{}.Components() },
	"PURL.RepositoryURL": func() { _, _ = PURL{}.RepositoryURL() },
	"Code.Error":         func() { _ = Code("").Error() },
	"Code.Message":       func() { _ = Code("").Message() },
	"Error.Error":        func() { _ = (&Error{}).Error() },
	"Error.Unwrap":       func() { _ = (&Error{}).Unwrap() },
}

var zeroSkips = map[string]string{
	"MustParse": "panics on the zero string by design, as Parse fails on it",
}
