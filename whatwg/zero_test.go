package whatwg

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
	"URL.ToNetURL":           func() { _, _ = (&URL{}).ToNetURL() },
	"FromNetURL":             func() { _, _ = FromNetURL(&url.URL{}); _, _ = FromNetURL(nil) },
	"ValidationError.String": func() { _ = ValidationError{}.String() },
	"Error.Error":            func() { _ = (&Error{}).Error() },
	"Error.Is":               func() { _ = (&Error{}).Is(nil) },
	"Parse":                  func() { _, _ = Parse("", nil); _, _ = Parse("", &URL{}) },
	"ParseInto":              func() { _ = ParseInto(&URL{}, "", nil); _ = ParseInto(&URL{}, "", &URL{}) },
	"ParseWithErrors":        func() { _, _, _ = ParseWithErrors("", nil); _, _, _ = ParseWithErrors("", &URL{}) },
	"CanParse":               func() { _ = CanParse("", nil); _ = CanParse("", &URL{}) },
	"URL.SearchParams":       func() { _ = (&URL{}).SearchParams() },
	"URL.SetSearchParams":    func() { (&URL{}).SetSearchParams(nil) },
	"URL.SetHref":            func() { _ = (&URL{}).SetHref("") },
	"URL.SetProtocol":        func() { (&URL{}).SetProtocol("") },
	"URL.SetUsername":        func() { (&URL{}).SetUsername("") },
	"URL.SetPassword":        func() { (&URL{}).SetPassword("") },
	"URL.SetHost":            func() { (&URL{}).SetHost("") },
	"URL.SetHostname":        func() { (&URL{}).SetHostname("") },
	"URL.SetPort":            func() { (&URL{}).SetPort("") },
	"URL.SetPathname":        func() { (&URL{}).SetPathname("") },
	"URL.SetSearch":          func() { (&URL{}).SetSearch("") },
	"URL.SetHash":            func() { (&URL{}).SetHash("") },
	"URL.Href":               func() { _ = (&URL{}).Href() },
	"URL.String":             func() { _ = (&URL{}).String() },
	"URL.Protocol":           func() { _ = (&URL{}).Protocol() },
	"URL.Scheme":             func() { _ = (&URL{}).Scheme() },
	"URL.Username":           func() { _ = (&URL{}).Username() },
	"URL.Password":           func() { _ = (&URL{}).Password() },
	"URL.Host":               func() { _ = (&URL{}).Host() },
	"URL.Hostname":           func() { _ = (&URL{}).Hostname() },
	"URL.Port":               func() { _ = (&URL{}).Port() },
	"URL.PortNumber":         func() { _ = (&URL{}).PortNumber() },
	"URL.Pathname":           func() { _ = (&URL{}).Pathname() },
	"URL.Search":             func() { _ = (&URL{}).Search() },
	"URL.Query":              func() { _, _ = (&URL{}).Query() },
	"URL.Hash":               func() { _ = (&URL{}).Hash() },
	"URL.Fragment":           func() { _, _ = (&URL{}).Fragment() },
	"URL.HasOpaquePath":      func() { _ = (&URL{}).HasOpaquePath() },
	"URL.HasHost":            func() { _ = (&URL{}).HasHost() },
	"URL.IsSpecial":          func() { _ = (&URL{}).IsSpecial() },
	"URL.Origin":             func() { _ = (&URL{}).Origin() },
	"URL.Equal":              func() { _ = (&URL{}).Equal(&URL{}, false); _ = (&URL{}).Equal(nil, true) },
	"URL.MarshalText":        func() { _, _ = (&URL{}).MarshalText() },
	"URL.UnmarshalText":      func() { _ = (&URL{}).UnmarshalText(nil) },
	"URL.AppendTo":           func() { _ = (&URL{}).AppendTo(nil) },
}

var zeroSkips = map[string]string{
	"MustParse": "panics by design on input that does not parse, as the empty string (and takes no other argument)",
}

var zeroKnownPanics = map[string]knownPanic{}
