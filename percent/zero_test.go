package percent

import (
	goast "go/ast"
	gobuild "go/build"
	goparser "go/parser"
	gotoken "go/token"
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
	"Decode":                    func() { _, _ = Decode("") },
	"AppendDecode":              func() { _, _ = AppendDecode(nil, "") },
	"DecodeBytes":               func() { _, _ = DecodeBytes("") },
	"Decoder.Decode":            func() { _, _ = Decoder{}.Decode("") },
	"Decoder.AppendDecode":      func() { _, _ = Decoder{}.AppendDecode(nil, "") },
	"Decoder.DecodeBytes":       func() { _, _ = Decoder{}.DecodeBytes("") },
	"Decoder.AppendDecodeBytes": func() { _, _ = Decoder{}.AppendDecodeBytes(nil, "") },
	"Encode":                    func() { _ = Encode("", Set{}) },
	"AppendEncode":              func() { _ = AppendEncode(nil, "", Set{}) },
	"EncodeBytes":               func() { _ = EncodeBytes(nil, Set{}) },
	"EncodeRune":                func() { _ = EncodeRune(nil, 0, Set{}) },
	"Encoder.Encode":            func() { _ = Encoder{}.Encode("") },
	"Encoder.AppendEncode":      func() { _ = Encoder{}.AppendEncode(nil, "") },
	"Encoder.EncodedLen":        func() { _ = Encoder{}.EncodedLen("") },
	"Code.Error":                func() { _ = Code("").Error() },
	"Code.Message":              func() { _ = Code("").Message() },
	"Error.Error":               func() { _ = (&Error{}).Error() },
	"Error.Unwrap":              func() { _ = (&Error{}).Unwrap() },
	"ErrorList.Error":           func() { _ = ErrorList(nil).Error() },
	"ErrorList.Unwrap":          func() { _ = ErrorList(nil).Unwrap() },
	"Normalize":                 func() { _ = Normalize("") },
	"AppendNormalize":           func() { _ = AppendNormalize(nil, "") },
	"Validate":                  func() { _ = Validate("", Set{}) },
	"Set.Contains":              func() { _ = Set{}.Contains(0) },
	"Set.Index":                 func() { _ = Set{}.Index("") },
	"Set.Add":                   func() { _ = Set{}.Add("") },
	"Set.Remove":                func() { _ = Set{}.Remove("") },
	"Set.AddRange":              func() { _ = Set{}.AddRange(0, 0) },
	"Set.Union":                 func() { _ = Set{}.Union(Set{}) },
	"Set.String":                func() { _ = Set{}.String() },
	"SetByName":                 func() { _, _ = SetByName("") },
	"SetNames":                  func() { _ = SetNames() },
}

var zeroSkips = map[string]string{}

var zeroKnownPanics = map[string]knownPanic{}
