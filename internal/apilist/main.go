// Command apilist writes the listing of urikit's exported API, one line per
// exported name, in the manner of Go's own api/ files:
//
//	pkg github.com/urikit/urikit/uri, func Parse(string) (Reference, error)
//
// Run from the repository root: `go run ./internal/apilist` prints the
// listing, `go run ./internal/apilist -w` writes it to api/urikit.txt.
// TestAPIListing fails when api/urikit.txt and the code differ, so that a
// change of the public API shows in review. The listing covers the public
// packages of the main module (not cmd/, internal/ or generators), as the
// linux/amd64 build sees them, and reads only syntax: a type is written as
// the source spells it.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/printer"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

const (
	module  = "github.com/urikit/urikit"
	listing = "api/urikit.txt"
)

func main() {
	write := flag.Bool("w", false, "write "+listing+" instead of printing the listing")
	flag.Parse()
	lines, err := List(".")
	if err != nil {
		fmt.Fprintln(os.Stderr, "apilist:", err)
		os.Exit(1)
	}
	out := strings.Join(lines, "\n") + "\n"
	if !*write {
		fmt.Print(out)
		return
	}
	if err := os.WriteFile(listing, []byte(out), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "apilist:", err)
		os.Exit(1)
	}
}

// List returns the sorted listing of the public packages under root, the
// main module's directory.
func List(root string) ([]string, error) {
	ctx := build.Default
	ctx.GOOS, ctx.GOARCH, ctx.CgoEnabled = "linux", "amd64", false
	var lines []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		name := d.Name()
		if rel != "." && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "internal" || name == "cmd") {
			return filepath.SkipDir
		}
		if rel != "." {
			if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
				return filepath.SkipDir // another module (bench/, beam/)
			}
		}
		pkg, err := ctx.ImportDir(p, 0)
		if err != nil {
			if _, ok := err.(*build.NoGoError); ok {
				return nil
			}
			return err
		}
		if pkg.Name == "main" {
			return nil
		}
		importPath := module
		if rel != "." {
			importPath = path.Join(module, rel)
		}
		pl, err := packageLines(p, importPath, pkg.GoFiles)
		lines = append(lines, pl...)
		return err
	})
	slices.Sort(lines)
	return slices.Compact(lines), err
}

func packageLines(dir, importPath string, files []string) ([]string, error) {
	fset := token.NewFileSet()
	var lines []string
	emit := func(format string, args ...any) {
		lines = append(lines, "pkg "+importPath+", "+fmt.Sprintf(format, args...))
	}
	expr := func(e ast.Expr) string {
		var b bytes.Buffer
		printer.Fprint(&b, fset, e)
		return strings.Join(strings.Fields(b.String()), " ")
	}
	fields := func(fl *ast.FieldList) string {
		if fl == nil {
			return ""
		}
		var parts []string
		for _, f := range fl.List {
			n := max(len(f.Names), 1)
			for range n {
				parts = append(parts, expr(f.Type))
			}
		}
		return strings.Join(parts, ", ")
	}
	signature := func(ft *ast.FuncType) string {
		s := "(" + fields(ft.Params) + ")"
		if ft.Results != nil && len(ft.Results.List) > 0 {
			r := fields(ft.Results)
			if len(ft.Results.List) == 1 && len(ft.Results.List[0].Names) <= 1 {
				s += " " + r
			} else {
				s += " (" + r + ")"
			}
		}
		return s
	}
	typeParams := func(fl *ast.FieldList) string {
		if fl == nil {
			return ""
		}
		var parts []string
		for _, f := range fl.List {
			for _, n := range f.Names {
				parts = append(parts, n.Name+" "+expr(f.Type))
			}
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	for _, name := range files {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() {
					continue
				}
				if d.Recv == nil {
					emit("func %s%s%s", d.Name.Name, typeParams(d.Type.TypeParams), signature(d.Type))
					continue
				}
				recv := d.Recv.List[0].Type
				base := recv
				if s, ok := base.(*ast.StarExpr); ok {
					base = s.X
				}
				if ix, ok := base.(*ast.IndexExpr); ok {
					base = ix.X
				}
				if ix, ok := base.(*ast.IndexListExpr); ok {
					base = ix.X
				}
				if id, ok := base.(*ast.Ident); !ok || !id.IsExported() {
					continue
				}
				emit("method (%s) %s%s", expr(recv), d.Name.Name, signature(d.Type))
			case *ast.GenDecl:
				var lastType ast.Expr // a const group repeats the type of the spec before
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.TypeSpec:
						if !s.Name.IsExported() {
							continue
						}
						head := "type " + s.Name.Name + typeParams(s.TypeParams)
						if s.Assign.IsValid() {
							emit("%s = %s", head, expr(s.Type))
							continue
						}
						switch t := s.Type.(type) {
						case *ast.StructType:
							emit("%s struct", head)
							for _, fd := range t.Fields.List {
								if len(fd.Names) == 0 {
									emit("%s struct, embedded %s", head, expr(fd.Type))
									continue
								}
								for _, n := range fd.Names {
									if n.IsExported() {
										emit("%s struct, %s %s", head, n.Name, expr(fd.Type))
									}
								}
							}
						case *ast.InterfaceType:
							emit("%s interface { %s }", head, interfaceMethods(t, expr, signature))
						default:
							emit("%s %s", head, expr(s.Type))
						}
					case *ast.ValueSpec:
						kind := "var"
						typ := s.Type
						if d.Tok == token.CONST {
							kind = "const"
							if typ == nil && len(s.Values) == 0 {
								typ = lastType
							}
							if len(s.Values) > 0 {
								lastType = s.Type
							}
						}
						for i, n := range s.Names {
							if !n.IsExported() {
								continue
							}
							line := kind + " " + n.Name
							if typ != nil {
								line += " " + expr(typ)
							}
							if kind == "const" && i < len(s.Values) {
								line += " = " + expr(s.Values[i])
							}
							emit("%s", line)
						}
					}
				}
			}
		}
	}
	return lines, nil
}

func interfaceMethods(t *ast.InterfaceType, expr func(ast.Expr) string, signature func(*ast.FuncType) string) string {
	var parts []string
	for _, m := range t.Methods.List {
		if ft, ok := m.Type.(*ast.FuncType); ok {
			for _, n := range m.Names {
				if n.IsExported() {
					parts = append(parts, n.Name+signature(ft))
				}
			}
			continue
		}
		parts = append(parts, expr(m.Type))
	}
	slices.Sort(parts)
	return strings.Join(parts, "; ")
}
