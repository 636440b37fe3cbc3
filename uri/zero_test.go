package uri

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
	"Build":                 func() { _, _ = Build(Parts{}) },
	"Reference.With":        func() { _, _ = Reference{}.With("", "") },
	"Reference.WithDecoded": func() { _, _ = Reference{}.WithDecoded("", "") },
	"Reference.Without":     func() { _ = Reference{}.Without("") },
	"Code.Error":            func() { _ = Code("").Error() },
	"Code.Message":          func() { _ = Code("").Message() },
	"Error.Error":           func() { _ = (&Error{}).Error() },
	"Error.Unwrap":          func() { _ = (&Error{}).Unwrap() },
	"Finding.Message":       func() { _ = Finding{}.Message() },
	"Finding.String":        func() { _ = Finding{}.String() },
	"HostType.String":       func() { _ = HostType(0).String() },
	"IsIPv4":                func() { _ = IsIPv4("") },
	"IsIPv6":                func() { _ = IsIPv6("") },
	"Reference.NetURL":      func() { _, _ = Reference{}.NetURL() },
	"FromNetURL": func() {
		_, _ = FromNetURL(&url.URL{})
		if r, err := FromNetURL(nil); err != nil || r != (Reference{}) {
			panic("FromNetURL(nil) is not the empty reference")
		}
	},
	"Level.String":        func() { _ = Level(0).String() },
	"ParseLevel":          func() { _, _ = ParseLevel("") },
	"MustParseLevel":      func() { _ = MustParseLevel("") },
	"DefaultPort":         func() { _, _ = DefaultPort("") },
	"Level.AppendTo":      func() { _ = Level(0).AppendTo(nil) },
	"Level.MarshalText":   func() { _, _ = Level(0).MarshalText() },
	"Level.UnmarshalText": func() { var l Level; _ = l.UnmarshalText(nil) },
	"Finding.MarshalJSON": func() { _, _ = Finding{}.MarshalJSON() },
	"Normalize":           func() { _ = Normalize(Reference{}, 0) },
	"NormalizeString":     func() { _, _ = NormalizeString("", 0) },
	"Equal":               func() { _ = Equal(Reference{}, Reference{}, 0) },
	"Parse":               func() { _, _ = Parse("") },
	"ParseURI":            func() { _, _ = ParseURI("") },
	"MustParse":           func() { _ = MustParse("") },
	"MustParseURI": func() {
		defer func() { _ = recover() }()
		_ = MustParseURI("")
	},
	"ParseLenient":               func() { _, _ = ParseLenient("") },
	"Reference.String":           func() { _ = Reference{}.String() },
	"Reference.AppendTo":         func() { _ = Reference{}.AppendTo(nil) },
	"Reference.MarshalText":      func() { _, _ = Reference{}.MarshalText() },
	"Reference.UnmarshalText":    func() { _ = (&Reference{}).UnmarshalText(nil) },
	"Reference.IsZero":           func() { _ = Reference{}.IsZero() },
	"Reference.HasScheme":        func() { _ = Reference{}.HasScheme() },
	"Reference.IsAbsolute":       func() { _ = Reference{}.IsAbsolute() },
	"Reference.Scheme":           func() { _, _ = Reference{}.Scheme() },
	"Reference.HasAuthority":     func() { _ = Reference{}.HasAuthority() },
	"Reference.Authority":        func() { _, _ = Reference{}.Authority() },
	"Reference.Userinfo":         func() { _, _ = Reference{}.Userinfo() },
	"Reference.Host":             func() { _, _ = Reference{}.Host() },
	"Reference.HostType":         func() { _ = Reference{}.HostType() },
	"Reference.Port":             func() { _, _ = Reference{}.Port() },
	"Reference.PortNumber":       func() { _, _ = Reference{}.PortNumber() },
	"Reference.Path":             func() { _ = Reference{}.Path() },
	"Reference.Query":            func() { _, _ = Reference{}.Query() },
	"Reference.Fragment":         func() { _, _ = Reference{}.Fragment() },
	"Reference.HasQuery":         func() { _ = Reference{}.HasQuery() },
	"Reference.HasFragment":      func() { _ = Reference{}.HasFragment() },
	"Reference.HasPort":          func() { _ = Reference{}.HasPort() },
	"Reference.HasUserinfo":      func() { _ = Reference{}.HasUserinfo() },
	"Reference.DecodedUserinfo":  func() { _, _ = Reference{}.DecodedUserinfo() },
	"Reference.Username":         func() { _, _ = Reference{}.Username() },
	"Reference.Password":         func() { _, _, _ = Reference{}.Password() },
	"Reference.DecodedHost":      func() { _, _ = Reference{}.DecodedHost() },
	"Reference.DecodedPath":      func() { _, _ = Reference{}.DecodedPath() },
	"Reference.DecodedFragment":  func() { _, _ = Reference{}.DecodedFragment() },
	"Reference.RawPathSegments":  func() { _ = Reference{}.RawPathSegments() },
	"Reference.PathSegments":     func() { _, _ = Reference{}.PathSegments() },
	"Reference.RawQueryPairs":    func() { _ = Reference{}.RawQueryPairs() },
	"Reference.QueryPairs":       func() { _, _ = Reference{}.QueryPairs() },
	"Resolve":                    func() { _, _ = Resolve(Reference{}, Reference{}) },
	"ResolveNonStrict":           func() { _, _ = ResolveNonStrict(Reference{}, Reference{}) },
	"Reference.ResolveReference": func() { _, _ = Reference{}.ResolveReference(Reference{}) },
	"ResolveString":              func() { _, _ = ResolveString("", "") },
	"RemoveDotSegments":          func() { _ = RemoveDotSegments("") },
	"Relativize":                 func() { _ = Relativize(Reference{}, Reference{}) },
	"RelativizePath":             func() { _ = RelativizePath(Reference{}, Reference{}) },
	// edit.go
	"Reference.WithRawPathSegments": func() { _, _ = Reference{}.WithRawPathSegments(nil) },
	"Reference.AppendPathSegment":   func() { _, _ = Reference{}.AppendPathSegment("") },
	"Reference.InsertPathSegment":   func() { _, _ = Reference{}.InsertPathSegment(0, "") },
	"Reference.ReplacePathSegment":  func() { _, _ = Reference{}.ReplacePathSegment(0, "") },
	"Reference.RemovePathSegment":   func() { _, _ = Reference{}.RemovePathSegment(0) },
	"Reference.QueryParams":         func() { _ = Reference{}.QueryParams() },
	"Reference.WithQueryParams":     func() { _, _ = Reference{}.WithQueryParams(form.RawQuery{}) },
	"Reference.EditQuery":           func() { _, _ = Reference{}.EditQuery(func(*form.RawQuery) {}) },
	"Reference.JoinPath":            func() { _, _ = Reference{}.JoinPath(); _, _ = Reference{}.JoinPath("") },
	"Reference.Redacted":            func() { _ = Reference{}.Redacted() },
}

var zeroSkips = map[string]string{}
