package uri

import (
	goast "go/ast"
	gobuild "go/build"
	goparser "go/parser"
	gotoken "go/token"
	"net/url"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"testing"
)

// The zero-value test: every exported function, and every exported method
// of an exported type, is called with zero values (zero receiver, zero
// arguments, nil slices, maps and pointers where the API accepts them) and
// must not panic. The list of names comes from the package's source, so a
// new function that is not in the table makes the test fail: add a call to
// zeroCalls, or, for an argument the documentation says must not be the
// zero value, a reason to zeroSkips. zeroKnownPanics holds calls with zero
// values that panic in code this test's author does not own: they run, and
// skip their subtest (with the reason) while they panic.

// A knownPanic is a call with zero values that panics, and why.
type knownPanic struct {
	call func()
	why  string
}

// exportedAPI returns the exported functions of the package in the current
// directory and the exported methods of its exported types, as "Func" and
// "Type.Method", read from the non-test files of the current build.
func exportedAPI(t *testing.T) map[string]bool {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files: %v", err)
	}
	fset := gotoken.NewFileSet()
	api := map[string]bool{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		if ok, err := gobuild.Default.MatchFile(".", name); err != nil || !ok {
			continue
		}
		f, err := goparser.ParseFile(fset, name, nil, goparser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*goast.FuncDecl)
			if !ok || !fd.Name.IsExported() {
				continue
			}
			if fd.Recv == nil {
				api[fd.Name.Name] = true
				continue
			}
			typ := fd.Recv.List[0].Type
			if star, ok := typ.(*goast.StarExpr); ok {
				typ = star.X
			}
			switch g := typ.(type) {
			case *goast.IndexExpr:
				typ = g.X
			case *goast.IndexListExpr:
				typ = g.X
			}
			if id, ok := typ.(*goast.Ident); ok && id.IsExported() {
				api[id.Name+"."+fd.Name.Name] = true
			}
		}
	}
	return api
}

func TestZeroValues(t *testing.T) {
	api := exportedAPI(t)
	for name := range api {
		if zeroCalls[name] == nil && zeroSkips[name] == "" {
			t.Errorf("%s is exported but not called with zero values: add it to zeroCalls in zero_test.go", name)
		}
	}
	for name := range zeroCalls {
		if !api[name] {
			t.Errorf("zeroCalls has %s, which is not an exported function or method", name)
		}
	}
	for name := range zeroSkips {
		if !api[name] {
			t.Errorf("zeroSkips has %s, which is not an exported function or method", name)
		}
	}
	for name := range zeroKnownPanics {
		if !api[name] {
			t.Errorf("zeroKnownPanics has %s, which is not an exported function or method", name)
		}
	}
	names := make([]string, 0, len(api))
	for name := range api {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			if reason := zeroSkips[name]; reason != "" {
				t.Skip(reason)
			}
			f := zeroCalls[name]
			if f == nil {
				t.Skip("not in the table")
			}
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%s with zero values panics: %v\n%s", name, r, debug.Stack())
					}
				}()
				f()
			}()
			if k, ok := zeroKnownPanics[name]; ok {
				var r any
				func() {
					defer func() { r = recover() }()
					k.call()
				}()
				if r == nil {
					t.Logf("%s no longer panics: move the call to zeroCalls", name)
					return
				}
				t.Skipf("known panic: %s (%v)", k.why, r)
			}
		})
	}
}

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
	"Reference.URL":         func() { _, _ = Reference{}.URL() },
	"FromURL": func() {
		_, _ = FromURL(&url.URL{})
		if r, err := FromURL(nil); err != nil || r != (Reference{}) {
			panic("FromURL(nil) is not the empty reference")
		}
	},
	"Level.String":               func() { _ = Level(0).String() },
	"ParseLevel":                 func() { _, _ = ParseLevel("") },
	"DefaultPortOf":              func() { _ = DefaultPortOf("") },
	"Normalize":                  func() { _ = Normalize(Reference{}, 0) },
	"NormalizeString":            func() { _, _ = NormalizeString("", 0) },
	"Equal":                      func() { _ = Equal(Reference{}, Reference{}, 0) },
	"Parse":                      func() { _, _ = Parse("") },
	"ParseURI":                   func() { _, _ = ParseURI("") },
	"MustParse":                  func() { _ = MustParse("") },
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
}

var zeroSkips = map[string]string{}

var zeroKnownPanics = map[string]knownPanic{}
