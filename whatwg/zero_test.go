package whatwg

import (
	"net/url"
	"testing"

	"github.com/urikit/urikit/form"
	"github.com/urikit/urikit/internal/zerotest"
)

// TestZeroValues calls every exported function and method with zero
// values (see package internal/zerotest): a new exported name must be
// added to zeroCalls, or to zeroSkips with the reason it is not called.
func TestZeroValues(t *testing.T) { zerotest.Run(t, zeroCalls, zeroSkips) }

var zeroCalls = map[string]func(){
	"URL.NetURL":            func() { _, _ = (&URL{}).NetURL() },
	"FromNetURL":            func() { _, _ = FromNetURL(&url.URL{}); _, _ = FromNetURL(nil) },
	"Finding.String":        func() { _ = Finding{}.String() },
	"Error.Error":           func() { _ = (&Error{}).Error() },
	"Error.Unwrap":          func() { _ = (&Error{}).Unwrap() },
	"Code.Error":            func() { _ = Code("").Error() },
	"Code.Message":          func() { _ = Code("").Message() },
	"Finding.Message":       func() { _ = Finding{}.Message() },
	"Finding.MarshalJSON":   func() { _, _ = Finding{}.MarshalJSON() },
	"DefaultPort":           func() { _, _ = DefaultPort("") },
	"Parse":                 func() { _, _ = Parse("") },
	"URL.Parse":             func() { _, _ = URL{}.Parse("") },
	"URL.ParseInto":         func() { _ = URL{}.ParseInto(&URL{}, "") },
	"URL.ParseWithFindings": func() { _, _, _ = URL{}.ParseWithFindings("") },
	"URL.CanParse":          func() { _ = URL{}.CanParse("") },
	"ParseInto":             func() { _ = ParseInto(&URL{}, ""); _ = (&URL{}).ParseInto(&URL{}, "") },
	"ParseWithFindings":     func() { _, _, _ = ParseWithFindings(""); _, _, _ = (&URL{}).ParseWithFindings("") },
	"CanParse":              func() { _ = CanParse(""); _ = (&URL{}).CanParse("") },
	"URL.SearchParams":      func() { _ = (&URL{}).SearchParams() },
	"URL.SetSearchParams":   func() { (&URL{}).SetSearchParams(nil) },
	"URL.SetHref":           func() { _ = (&URL{}).SetHref("") },
	"URL.SetProtocol":       func() { (&URL{}).SetProtocol("") },
	"URL.SetUsername":       func() { (&URL{}).SetUsername("") },
	"URL.SetPassword":       func() { (&URL{}).SetPassword("") },
	"URL.SetHost":           func() { (&URL{}).SetHost("") },
	"URL.SetHostname":       func() { (&URL{}).SetHostname("") },
	"URL.SetPort":           func() { (&URL{}).SetPort("") },
	"URL.SetPathname":       func() { (&URL{}).SetPathname("") },
	"URL.SetSearch":         func() { (&URL{}).SetSearch("") },
	"URL.SetHash":           func() { (&URL{}).SetHash("") },
	"URL.Href":              func() { _ = (&URL{}).Href() },
	"URL.String":            func() { _ = (&URL{}).String() },
	"URL.Protocol":          func() { _ = (&URL{}).Protocol() },
	"URL.Scheme":            func() { _ = (&URL{}).Scheme() },
	"URL.Username":          func() { _ = (&URL{}).Username() },
	"URL.Password":          func() { _ = (&URL{}).Password() },
	"URL.Host":              func() { _ = (&URL{}).Host() },
	"URL.Hostname":          func() { _ = (&URL{}).Hostname() },
	"URL.Port":              func() { _ = (&URL{}).Port() },
	"URL.PortNumber":        func() { _ = (&URL{}).PortNumber() },
	"URL.Pathname":          func() { _ = (&URL{}).Pathname() },
	"URL.Search":            func() { _ = (&URL{}).Search() },
	"URL.Query":             func() { _, _ = (&URL{}).Query() },
	"URL.Hash":              func() { _ = (&URL{}).Hash() },
	"URL.Fragment":          func() { _, _ = (&URL{}).Fragment() },
	"URL.HasOpaquePath":     func() { _ = (&URL{}).HasOpaquePath() },
	"URL.HasHost":           func() { _ = (&URL{}).HasHost() },
	"URL.IsSpecial":         func() { _ = (&URL{}).IsSpecial() },
	"URL.Origin":            func() { _ = (&URL{}).Origin() },
	"Equal":                 func() { _ = Equal(URL{}, URL{}) },
	"EqualIgnoringFragment": func() { _ = EqualIgnoringFragment(URL{}, URL{}) },
	"URL.MarshalText":       func() { _, _ = (&URL{}).MarshalText() },
	"URL.UnmarshalText":     func() { _ = (&URL{}).UnmarshalText(nil) },
	"URL.AppendTo":          func() { _ = (&URL{}).AppendTo(nil) },
	// The editing API (edit.go): the zero URL refuses every edit.
	"ComponentByName":        func() { _, _ = ComponentByName("") },
	"URL.TrySetProtocol":     func() { _ = (&URL{}).TrySetProtocol("") },
	"URL.TrySetUsername":     func() { _ = (&URL{}).TrySetUsername("") },
	"URL.TrySetPassword":     func() { _ = (&URL{}).TrySetPassword("") },
	"URL.TrySetHost":         func() { _ = (&URL{}).TrySetHost("") },
	"URL.TrySetHostname":     func() { _ = (&URL{}).TrySetHostname("") },
	"URL.TrySetPort":         func() { _ = (&URL{}).TrySetPort("") },
	"URL.TrySetPathname":     func() { _ = (&URL{}).TrySetPathname("") },
	"URL.TrySetSearch":       func() { _ = (&URL{}).TrySetSearch("") },
	"URL.TrySetHash":         func() { _ = (&URL{}).TrySetHash("") },
	"URL.SetComponent":       func() { _ = (&URL{}).SetComponent("", "") },
	"URL.SetComponentRaw":    func() { _ = (&URL{}).SetComponentRaw("", "") },
	"URL.ClearComponent":     func() { _ = (&URL{}).ClearComponent("") },
	"URL.RawPathSegments":    func() { _ = (&URL{}).RawPathSegments() },
	"URL.PathSegments":       func() { _ = (&URL{}).PathSegments() },
	"URL.SetRawPathSegments": func() { _ = (&URL{}).SetRawPathSegments(nil) },
	"URL.AppendPathSegment":  func() { _ = (&URL{}).AppendPathSegment("") },
	"URL.InsertPathSegment":  func() { _ = (&URL{}).InsertPathSegment(0, "") },
	"URL.ReplacePathSegment": func() { _ = (&URL{}).ReplacePathSegment(0, "") },
	"URL.RemovePathSegment":  func() { _ = (&URL{}).RemovePathSegment(0) },
	"URL.QueryParams":        func() { _ = (&URL{}).QueryParams() },
	"URL.SetQueryParams":     func() { _ = (&URL{}).SetQueryParams(form.RawQuery{}) },
	"URL.EditQuery":          func() { _ = (&URL{}).EditQuery(func(*form.RawQuery) {}) },
	"URL.JoinPath":           func() { _, _ = (&URL{}).JoinPath(); _, _ = (&URL{}).JoinPath("") },
	"URL.Redacted":           func() { _ = (&URL{}).Redacted() },
}

var zeroSkips = map[string]string{
	"MustParse": "panics by design on input that does not parse, as the empty string (and takes no other argument)",
}
