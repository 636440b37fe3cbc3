// Package zerotest runs the zero-value test of a library package: every
// exported function, and every exported method of an exported type, is
// called with zero values (zero receiver, zero arguments, nil slices, maps
// and pointers where the API accepts them) and must not panic.
//
// The list of names comes from the package's source, so a new exported
// function that is missing from the test's table makes the test fail: the
// table gets a call, or, for an argument the documentation says must not
// be the zero value, a reason to skip it. It is imported by tests only.
package zerotest

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
)

// Run checks the package in the current directory (a test's working
// directory is its package's): calls maps "Func" and "Type.Method" to a
// call with zero values, skips maps a name to the reason it is not called.
// Each name exported by the non-test files of the current build must be
// in one of the two, and each name of the two must be exported; each call
// runs in a subtest and fails it when it panics.
func Run(t *testing.T, calls map[string]func(), skips map[string]string) {
	t.Helper()
	api := exported(t)
	for name := range api {
		if calls[name] == nil && skips[name] == "" {
			t.Errorf("%s is exported but not called with zero values: add it to the table of zero_test.go", name)
		}
	}
	for name := range calls {
		if !api[name] {
			t.Errorf("the calls have %s, which is not an exported function or method", name)
		}
	}
	for name := range skips {
		if !api[name] {
			t.Errorf("the skips have %s, which is not an exported function or method", name)
		}
	}
	names := make([]string, 0, len(api))
	for name := range api {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			if reason := skips[name]; reason != "" {
				t.Skip(reason)
			}
			f := calls[name]
			if f == nil {
				t.Skip("not in the table")
			}
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s with zero values panics: %v\n%s", name, r, debug.Stack())
				}
			}()
			f()
		})
	}
}

// exported returns the exported functions of the package in the current
// directory and the exported methods of its exported types, as "Func" and
// "Type.Method", read from the non-test files of the current build.
func exported(t *testing.T) map[string]bool {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files: %v", err)
	}
	fset := token.NewFileSet()
	api := map[string]bool{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		if ok, err := build.Default.MatchFile(".", name); err != nil || !ok {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || !fd.Name.IsExported() {
				continue
			}
			if fd.Recv == nil {
				api[fd.Name.Name] = true
				continue
			}
			typ := fd.Recv.List[0].Type
			if star, ok := typ.(*ast.StarExpr); ok {
				typ = star.X
			}
			switch g := typ.(type) {
			case *ast.IndexExpr:
				typ = g.X
			case *ast.IndexListExpr:
				typ = g.X
			}
			if id, ok := typ.(*ast.Ident); ok && id.IsExported() {
				api[id.Name+"."+fd.Name.Name] = true
			}
		}
	}
	return api
}
